//! Classes folded as rows arrive: a [`Classifier`] keeps, per (subject, class, operation), the
//! [`FORMS_PER_CLASS`] forms with the smallest tasks seen, each with its count and smallest task,
//! and a count of the rest, never the rows (memory follows classes, not jobs, so a run of
//! millions of inputs holds what it reports); [`Classifier::finish`] minimizes each form kept and makes the class records.

use std::collections::{BTreeMap, HashMap};

use rayon::prelude::*;

use super::{example_form, minimize, ClassRecord, Coarse, Engine, Row, Rule, Signature, Task};

/// How many inputs of different skeletons one (subject, class, operation) minimizes at most: the
/// rest count towards the class their smallest sibling minimized to.
const FORMS_PER_CLASS: usize = 24;

/// What a signature has been seen on: how many findings, the smallest task (by
/// [`Task::order_key`]), and the first finding's rule and reason.
#[derive(Debug)]
struct Seen {
    count: usize,
    best: Task,
    rule: Option<&'static Rule>,
    reason: Option<String>,
}

/// The signatures seen of one (subject, class, operation, verdict): at most
/// [`FORMS_PER_CLASS`] forms, those whose smallest task is smallest, and how many findings the
/// others had (they count towards the class the smallest form minimizes to). A form pushed out
/// that comes again with a task small enough to come back in comes back with that finding's
/// count alone, its earlier ones staying in `rest`: every finding is counted once.
#[derive(Debug, Default)]
struct Group {
    forms: HashMap<Signature, Seen, Fold>,
    rest: usize,
}

/// The hasher of the classifier's maps: foldhash, not SipHash. Every finding of a report is
/// looked up twice (its group, then its form), and the keys are the engine's own signatures.
type Fold = foldhash::fast::RandomState;

/// The groups of one subject, by (class, operation, verdict): the rest of a [`Coarse`] key.
type OfSubject = HashMap<(super::Class, crate::model::Op, bool), Group, Fold>;

impl Group {
    /// Counts one finding of `sig` on `task`.
    fn add(
        &mut self,
        sig: Signature,
        task: &Task,
        rule: Option<&'static Rule>,
        reason: Option<String>,
    ) {
        if let Some(seen) = self.forms.get_mut(&sig) {
            seen.count += 1;
            if task.order_key() < seen.best.order_key() {
                seen.best = task.clone();
            }
            return;
        }
        if self.forms.len() >= FORMS_PER_CLASS {
            // The form whose smallest task is largest goes, if the new one's is smaller.
            let worst = self
                .forms
                .iter()
                .max_by(|a, b| (a.1.best.order_key(), a.0).cmp(&(b.1.best.order_key(), b.0)))
                .map(|(sig, seen)| (sig.clone(), seen.best.order_key() > task.order_key()));
            match worst {
                Some((worst, true)) => {
                    let gone = self.forms.remove(&worst).map_or(0, |s| s.count);
                    self.rest += gone;
                }
                _ => {
                    self.rest += 1;
                    return;
                }
            }
        }
        self.forms.insert(
            sig,
            Seen {
                count: 1,
                best: task.clone(),
                rule,
                reason,
            },
        );
    }
}

/// The classes of the rows given so far, folded: per (subject, class, operation, verdict), the
/// `FORMS_PER_CLASS` forms with the smallest tasks (each its count and smallest task) and the
/// count of the others. Rows may be dropped once added; adding the same rows in the same order,
/// in one go or in chunks, gives the same classes.
///
/// ```
/// use uridiff::engine::{Classifier, Engine, Task};
/// let engine = Engine::new(uridiff::subjects::in_process());
/// let tasks: Vec<Task> = ["http://a b/", "%zz", "http://a/"]
///     .iter()
///     .map(|s| Task::parse(s.as_bytes().to_vec(), "doc"))
///     .collect();
/// let mut classifier = Classifier::new(&engine);
/// for chunk in tasks.chunks(2) {
///     classifier.add_rows(&engine.run(chunk, &|| ()));
/// }
/// let keys = |c: Vec<uridiff::engine::ClassRecord>| c.into_iter().map(|c| c.key).collect::<Vec<_>>();
/// assert_eq!(keys(classifier.finish(100)), keys(engine.classify(&engine.run(&tasks, &|| ()), 100)));
/// ```
pub struct Classifier<'e> {
    engine: &'e Engine,
    /// The groups by subject first, so a finding finds its group by the subject's name without
    /// a copy of it.
    raw: HashMap<String, OfSubject, Fold>,
    /// The subjects' parses of operands, for attribution ([`super::attribute`]).
    memo: minimize::Memo,
}

impl<'e> Classifier<'e> {
    /// No row yet.
    pub fn new(engine: &'e Engine) -> Classifier<'e> {
        Classifier {
            engine,
            raw: HashMap::default(),
            memo: minimize::Memo::default(),
        }
    }

    /// Folds in the findings of `rows`, in order (their findings are found over the cores), each
    /// counted where [`Engine::classed_findings`] puts it.
    pub fn add_rows(&mut self, rows: &[Row]) {
        for groups in self.engine.classed_findings_grouped(rows, &self.memo) {
            for (found, on) in groups {
                self.add_findings(found, &on);
            }
        }
    }

    /// Folds in the findings of one row.
    pub fn add(&mut self, row: &Row) {
        self.add_rows(std::slice::from_ref(row));
    }

    /// How many signatures are kept (before minimization joins them): at most
    /// `FORMS_PER_CLASS` per (subject, class, operation, verdict).
    pub fn len(&self) -> usize {
        self.raw
            .values()
            .flat_map(HashMap::values)
            .map(|g| g.forms.len())
            .sum()
    }

    /// Whether no finding has been seen.
    pub fn is_empty(&self) -> bool {
        self.raw.is_empty()
    }

    /// Folds in one subject's findings, counted on `task`.
    fn add_findings(&mut self, found: Vec<super::Finding>, task: &Task) {
        // A validity finding keeps its reason.
        for f in found {
            let sig = f.signature;
            let of_subject = match self.raw.get_mut(sig.subject.as_str()) {
                Some(of) => of,
                None => self.raw.entry(sig.subject.clone()).or_default(),
            };
            of_subject
                .entry((sig.class, sig.op, sig.by_design))
                .or_default()
                .add(sig, task, f.rule, f.reason);
        }
    }

    /// The classes: each signature's smallest task minimized (at most `budget` runs, more for a
    /// longer input: [`minimize::budget_for`]), the same signature after minimization one
    /// class, most severe first.
    pub fn finish(self, budget: usize) -> Vec<ClassRecord> {
        let groups = self.raw.into_iter().flat_map(|(subject, of)| {
            of.into_iter().map(move |((class, op, by_design), g)| {
                ((subject.clone(), class, op, by_design), g)
            })
        });
        self.engine.classes(groups, budget)
    }
}

impl Engine {
    /// The classes of the signatures seen; see [`Classifier::finish`].
    fn classes(
        &self,
        raw: impl IntoIterator<Item = (Coarse, Group)>,
        budget: usize,
    ) -> Vec<ClassRecord> {
        // The forms kept per (subject, class, op), smallest first, are minimized; the others
        // are counted with the smallest.
        let coarse: BTreeMap<Coarse, Group> = raw.into_iter().collect();
        let mut work = Vec::new();
        for (_, g) in coarse {
            let mut group: Vec<(Signature, Seen)> = g.forms.into_iter().collect();
            group.sort_by(|a, b| {
                a.1.best
                    .order_key()
                    .cmp(&b.1.best.order_key())
                    .then_with(|| a.0.cmp(&b.0))
            });
            if let Some(first) = group.first_mut() {
                first.1.count += g.rest;
            }
            work.extend(group);
        }
        let memo = minimize::Memo::default();
        let minimized = self.minimize_each(
            &memo,
            work,
            &|seen| (&seen.best, seen.reason.as_deref()),
            budget,
        );
        // Classes: the same signature after minimization is one class.
        let mut classes: BTreeMap<Signature, (usize, Task, Task, Option<&'static Rule>)> =
            BTreeMap::new();
        for (sig, example, seen) in minimized {
            let Seen {
                count,
                best: first_seen,
                rule,
                ..
            } = seen;
            match classes.get_mut(&sig) {
                Some(c) => {
                    c.0 += count;
                    if example.order_key() < c.1.order_key() {
                        c.1 = example;
                        c.2 = first_seen;
                    }
                }
                None => {
                    classes.insert(sig, (count, example, first_seen, rule));
                }
            }
        }
        let mut out = self.records(
            classes
                .into_iter()
                .map(|(sig, (count, example, first_seen, rule))| {
                    (sig, count, example, first_seen, rule)
                })
                .collect(),
        );
        out.sort_by(|a, b| {
            (a.explained, a.severity, std::cmp::Reverse(a.count), &a.key).cmp(&(
                b.explained,
                b.severity,
                std::cmp::Reverse(b.count),
                &b.key,
            ))
        });
        out
    }

    /// Minimizes each item of `work` (a signature, and what `on` reads from the item: the task it
    /// was seen on and the judge's reason), in parallel (each external worker's items on one
    /// thread for each of its processes, several at once, `minimize::minimize_many`; the
    /// in-process subjects' over the cores), at most `budget` subject
    /// runs each (more for a longer input: [`minimize::budget_for`]). Each comes back in
    /// `work`'s order with its signature's form made from the example ([`example_form`]), the
    /// example (the task itself when it no longer shows the signature) and the item.
    pub fn minimize_each<T: Send>(
        &self,
        memo: &minimize::Memo,
        work: Vec<(Signature, T)>,
        on: &(dyn Fn(&T) -> (&Task, Option<&str>) + Sync),
        budget: usize,
    ) -> Vec<(Signature, Task, T)> {
        let work = work
            .into_iter()
            .map(|(sig, item)| (self.position(&sig.subject), (sig, item)))
            .collect();
        let made = |sig: Signature, example: Option<Task>, item: T| {
            let (task, reason) = on(&item);
            let example = example.unwrap_or_else(|| task.clone());
            let sig = Signature {
                form: example_form(
                    sig.class,
                    example.op,
                    &example.input,
                    example.second.as_deref(),
                    reason,
                ),
                ..sig
            };
            (sig, example, item)
        };
        // A worker's: one thread for each of its processes runs its share of the minimizations
        // at once, their rounds going to the worker together (`minimize::minimize_many`).
        self.in_parallel_by(
            work,
            1,
            &|(sig, item)| {
                let (task, reason) = on(&item);
                let example = minimize::minimize(self, memo, task, &sig, reason, budget);
                made(sig, example, item)
            },
            &|i, items| {
                let examples = {
                    let work: Vec<_> = (items.iter())
                        .map(|(sig, item)| {
                            let (task, reason) = on(item);
                            (task, sig, reason)
                        })
                        .collect();
                    minimize::minimize_many(self, memo, i, &work, budget)
                };
                (items.into_iter().zip(examples))
                    .map(|((sig, item), example)| made(sig, example, item))
                    .collect()
            },
        )
    }

    /// The class records of `classes` (signature, count, example, first seen, rule), in order:
    /// every subject is run on every example as one run, each worker pipelined.
    pub fn records(
        &self,
        classes: Vec<(Signature, usize, Task, Task, Option<&'static Rule>)>,
    ) -> Vec<ClassRecord> {
        let examples: Vec<Task> = classes.iter().map(|c| c.2.clone()).collect();
        let rows = self.run(&examples, &|| ());
        classes
            .into_par_iter()
            .zip(rows)
            .map(|((signature, count, example, first_seen, rule), on)| {
                self.record_on(signature, count, example, &first_seen, rule, on)
            })
            .collect()
    }

    /// `f` on every item of `work` (an item of the subject at the index beside it: the
    /// minimization of a class, a batch of operands), in parallel, the results in `work`'s order:
    /// the items of an external worker on `per_process` threads of that worker's own for each
    /// of its processes, dealt in turn (a thread waiting for its answers holds no core); the
    /// in-process subjects' (and those of no subject) over the cores.
    pub(super) fn in_parallel<T: Send, R: Send>(
        &self,
        work: Vec<(Option<usize>, T)>,
        per_process: usize,
        f: &(dyn Fn(T) -> R + Sync),
    ) -> Vec<R> {
        self.in_parallel_by(work, per_process, f, &|_, items| {
            items.into_iter().map(f).collect()
        })
    }

    /// [`Engine::in_parallel`], each thread of a worker `i` handed its items together:
    /// `by_worker(i, items)` gives their results in order.
    pub(super) fn in_parallel_by<T: Send, R: Send>(
        &self,
        work: Vec<(Option<usize>, T)>,
        per_process: usize,
        f: &(dyn Fn(T) -> R + Sync),
        by_worker: &(dyn Fn(usize, Vec<T>) -> Vec<R> + Sync),
    ) -> Vec<R> {
        let mut workers: BTreeMap<usize, Vec<(usize, T)>> = BTreeMap::new();
        let mut local = Vec::new();
        for (k, (subject, item)) in work.into_iter().enumerate() {
            match subject {
                Some(i) if self.subjects[i].pipelined() => {
                    workers.entry(i).or_default().push((k, item));
                }
                _ => local.push((k, item)),
            }
        }
        // One worker's items alone (a minimization's operands, most often) need no thread of
        // their own: the caller's waits as well, and starting one costs more than most rounds.
        if local.is_empty()
            && workers.len() <= 1
            && workers
                .iter()
                .all(|(&i, items)| self.pool.most(i) == 1 && (per_process <= 1 || items.len() <= 1))
        {
            return match workers.into_iter().next() {
                Some((i, items)) => by_worker(i, items.into_iter().map(|(_, item)| item).collect()),
                None => Vec::new(),
            };
        }
        // A worker running as several processes (the `pool` room) takes `per_process` threads
        // for each, its items dealt among them in turn: each thread's batches go to an idle
        // process, or meet those of the worker's other threads in one batch.
        let mut queues: Vec<(usize, Vec<(usize, T)>)> = Vec::new();
        for (i, items) in workers {
            let n = (self.pool.most(i) * per_process.max(1)).clamp(1, items.len().max(1));
            let first = queues.len();
            queues.extend((0..n).map(|_| (i, Vec::new())));
            for (k, item) in items.into_iter().enumerate() {
                queues[first + k % n].1.push(item);
            }
        }
        let mut out: Vec<(usize, R)> = std::thread::scope(|scope| {
            let threads: Vec<_> = queues
                .into_iter()
                .map(|(i, items)| {
                    scope.spawn(move || {
                        let (at, items): (Vec<usize>, Vec<T>) = items.into_iter().unzip();
                        at.into_iter().zip(by_worker(i, items)).collect::<Vec<_>>()
                    })
                })
                .collect();
            let mut out: Vec<(usize, R)> = local
                .into_par_iter()
                .map(|(k, item)| (k, f(item)))
                .collect();
            for t in threads {
                // A panic in `f` is the engine's own bug: passed on as it came.
                out.extend(t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
            }
            out
        });
        out.sort_by_key(|(k, _)| *k);
        out.into_iter().map(|(_, r)| r).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_folded_a_few_at_a_time_give_the_classes_of_all_at_once() {
        let engine = Engine::new(crate::subjects::in_process());
        let tasks = crate::generate::operations(3, 200);
        let rows = engine.run(&tasks, &|| ());
        let whole = engine.classify(&rows, 50);
        assert!(
            !whole.is_empty(),
            "the in-process parsers deviate somewhere"
        );
        let mut classifier = Classifier::new(&engine);
        for chunk in tasks.chunks(7) {
            // Each chunk run on its own and dropped: only the fold outlives it.
            classifier.add_rows(&engine.run(chunk, &|| ()));
        }
        let chunked = classifier.finish(50);
        let view = |c: &[ClassRecord]| -> Vec<(String, usize, Task, Task)> {
            c.iter()
                .map(|c| {
                    (
                        c.key.clone(),
                        c.count,
                        c.example.clone(),
                        c.first_seen.clone(),
                    )
                })
                .collect()
        };
        assert_eq!(view(&whole), view(&chunked));
    }
}
