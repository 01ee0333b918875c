//! The minimizer's memo: what each subject shows on each candidate tried, shared by every class
//! minimized in one run, bounded in entries and bytes (a cache, not a record).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::super::{Class, Engine, Task};
use super::drive::{at_once, Mailbox};
use crate::model::Op;

/// What a candidate must keep: the subject's class of difference, operation, verdict, and the
/// reason of a validity difference ([`crate::engine::Finding::reason`]).
pub(super) type Kept = (Class, Op, bool, Option<String>);

/// The memo's bounds: past half of either, the entries go to a previous generation, and the one
/// before is dropped (a cache, not a record: a dropped entry is recomputed).
const MEMO_ENTRIES: usize = 200_000;
/// The bytes of the tasks a memo holds, at most (about): a long input's candidates are long.
const MEMO_BYTES: usize = 64 << 20;

/// What a subject showed on a task: the classes, and whether the round-trip test was made (its
/// serializations parsed again); an entry without it answers only a question without it.
#[derive(Clone, Debug)]
struct Shown {
    kept: Arc<Vec<Kept>>,
    round_trip: bool,
}

/// A map by task, hashed with foldhash (the memo's keys are the engine's own candidates, not an
/// adversary's, and a task is hashed for every candidate looked up).
type ByTask<V> = HashMap<Task, V, foldhash::fast::RandomState>;

/// What each subject (by index) showed on each task, looked up by reference: the memo's
/// generations keep the classes so, and attribution its operands' parse findings
/// ([`crate::engine::attribute`]).
#[derive(Debug)]
pub(in crate::engine) struct BySubject<V>(Vec<ByTask<V>>);

impl<V> Default for BySubject<V> {
    fn default() -> Self {
        BySubject(Vec::new())
    }
}

impl<V> BySubject<V> {
    /// What subject `i` showed on `task`, if kept.
    pub(in crate::engine) fn get(&self, i: usize, task: &Task) -> Option<&V> {
        self.0.get(i)?.get(task)
    }

    /// Subject `i`'s map, made where there was none.
    pub(in crate::engine) fn of(&mut self, i: usize) -> &mut ByTask<V> {
        if self.0.len() <= i {
            self.0.resize_with(i + 1, ByTask::default);
        }
        &mut self.0[i]
    }

    /// Every subject's map emptied, keeping its room (a table grown again from nothing
    /// rehashes its tasks at each doubling).
    pub(in crate::engine) fn clear(&mut self) {
        self.0.iter_mut().for_each(ByTask::clear);
    }

    /// Every task kept, of every subject.
    #[cfg(test)]
    pub(in crate::engine) fn tasks(&self) -> impl Iterator<Item = &Task> {
        self.0.iter().flat_map(ByTask::keys)
    }
}

/// One generation of the memo: per subject (by index) and task, the classes shown; how many
/// entries, and the tasks' bytes.
#[derive(Debug, Default)]
struct Generation {
    seen: BySubject<Shown>,
    entries: usize,
    bytes: usize,
}

/// The memo's two generations: an entry used in the current one stays, one not used since the
/// previous rotation goes at the next (a cheap approximation of least recently used).
#[derive(Debug, Default)]
struct Generations {
    current: Generation,
    previous: Generation,
}

/// The classes each subject shows on each task tried, shared by every class minimized in one
/// run: the candidates of classes first seen on the same input are mostly the same. Bounded by
/// [`MEMO_ENTRIES`] entries and about [`MEMO_BYTES`] bytes of tasks, in two generations.
#[derive(Debug, Default)]
pub struct Memo {
    seen: Mutex<Generations>,
    /// The subjects' parses of operands, for attribution ([`crate::engine::attribute`]).
    pub(in crate::engine) operands: super::super::attribute::Operands,
}

/// The tasks of one minimization's round not in the memo, with whether the round-trip test
/// is asked.
pub(super) type Round = (Vec<Task>, bool);

/// A round's answer: its tasks again, and what the subject shows on each.
pub(super) type Shows = (Vec<Task>, Vec<Arc<Vec<Kept>>>);

/// Where the minimizations one [`super::drive::drive`] runs leave their rounds.
pub(super) type Rounds = Mailbox<Round, Shows>;

/// Where a minimization's rounds of a worker go: answered where they are asked (a round trip
/// each), or left in the [`Rounds`] of the drive running it, to go with the others' rounds.
#[derive(Clone, Copy, Debug)]
pub(super) enum Asker<'a> {
    /// Answered where asked.
    Here,
    /// Left for the drive.
    Driven(&'a Rounds),
}

/// The bytes a memo entry for `task` holds.
fn weight(task: &Task) -> usize {
    task.input.len() + task.second.as_ref().map_or(0, Vec::len) + task.origin.len()
}

impl Memo {
    /// What subject `i` of `engine` shows on `task` as classes count it (a candidate whose
    /// difference belongs to the parse of an operand does not keep a resolution's class:
    /// [`crate::engine::attribute`]), computed once. Without `round_trip`, the subject's
    /// serializations are not parsed again, and no round-trip class is shown: a minimization of
    /// another class needs no second request per candidate.
    pub fn kept(&self, engine: &Engine, i: usize, task: &Task, round_trip: bool) -> Arc<Vec<Kept>> {
        at_once(self.kept_via(engine, i, task, round_trip, Asker::Here))
    }

    /// [`Memo::kept`], its round asked through `asker`.
    pub(super) async fn kept_via(
        &self,
        engine: &Engine,
        i: usize,
        task: &Task,
        round_trip: bool,
        asker: Asker<'_>,
    ) -> Arc<Vec<Kept>> {
        self.kept_batch_via(engine, i, vec![task.clone()], round_trip, asker)
            .await
            .pop()
            .expect("one answer per task")
    }

    /// What subject `i` of `engine` shows on each of `tasks`, in order ([`Memo::kept`]): the
    /// tasks not in the memo run as one batch ([`Engine::findings_of_subject_batch`]). The
    /// tasks are taken, not borrowed: those not in the memo become its keys as they are.
    ///
    /// ```
    /// use uridiff::engine::{minimize::Memo, Engine, Task};
    /// let engine = Engine::new(uridiff::subjects::in_process());
    /// let i = engine.position("oracle-regex").unwrap();
    /// let memo = Memo::default();
    /// let tasks = vec![Task::parse(b"%".to_vec(), "doc"), Task::parse(b"%".to_vec(), "doc")];
    /// let kept = memo.kept_batch(&engine, i, tasks, true);
    /// assert_eq!(kept[0], kept[1]);
    /// assert_eq!(memo.len(), 1);
    /// ```
    pub fn kept_batch(
        &self,
        engine: &Engine,
        i: usize,
        tasks: Vec<Task>,
        round_trip: bool,
    ) -> Vec<Arc<Vec<Kept>>> {
        at_once(self.kept_batch_via(engine, i, tasks, round_trip, Asker::Here))
    }

    /// [`Memo::kept_batch`], the tasks not in the memo asked through `asker`.
    pub(super) async fn kept_batch_via(
        &self,
        engine: &Engine,
        i: usize,
        tasks: Vec<Task>,
        round_trip: bool,
        asker: Asker<'_>,
    ) -> Vec<Arc<Vec<Kept>>> {
        let mut out: Vec<Option<Arc<Vec<Kept>>>> = {
            let mut g = self.lock();
            tasks.iter().map(|t| g.get(i, t, round_trip)).collect()
        };
        // Each task not in the memo: which of the distinct missing ones it is (the first
        // occurrence of each runs; a repeat takes its answer).
        let mut first: Vec<usize> = Vec::new();
        let mut which: Vec<usize> = vec![usize::MAX; tasks.len()];
        for (at, t) in tasks.iter().enumerate() {
            if out[at].is_some() {
                continue;
            }
            which[at] = match first.iter().position(|&f| tasks[f] == *t) {
                Some(k) => k,
                None => {
                    first.push(at);
                    first.len() - 1
                }
            };
        }
        if first.is_empty() {
            return out.into_iter().flatten().collect();
        }
        // The first occurrences, moved out in order (`first` ascends).
        let mut firsts = first.iter().peekable();
        let owned: Vec<Task> = (tasks.into_iter().enumerate())
            .filter(|(at, _)| firsts.next_if(|&&f| f == *at).is_some())
            .map(|(_, t)| t)
            .collect();
        // A worker's, in a drive: asked with the rounds of the other minimizations it runs. An
        // in-process subject's minimizations run on rayon's threads, where a round costs no
        // round trip: judged where asked.
        let (owned, found) = match asker {
            Asker::Driven(rounds) if engine.subjects()[i].pipelined() => {
                rounds.ask((owned, round_trip)).await
            }
            _ => {
                let found = self.judge(engine, i, &owned.iter().collect::<Vec<_>>(), round_trip);
                (owned, found)
            }
        };
        for (o, &k) in out.iter_mut().zip(&which) {
            if o.is_none() {
                *o = Some(Arc::clone(&found[k]));
            }
        }
        let mut g = self.lock();
        for (t, kept) in owned.into_iter().zip(found) {
            g.insert(i, t, Shown { kept, round_trip });
        }
        out.into_iter().flatten().collect()
    }

    /// The answers to the rounds gathered in `asks`, each its tasks and what subject `i`
    /// shows on each: the tasks of all of them run as one batch (two where some ask for the
    /// round-trip test and some do not), a task asked twice run once.
    pub(super) fn judge_gathered(&self, engine: &Engine, i: usize, asks: Vec<Round>) -> Vec<Shows> {
        let mut answers: HashMap<(bool, &Task), Arc<Vec<Kept>>, foldhash::fast::RandomState> =
            HashMap::default();
        for round_trip in [false, true] {
            let mut seen =
                std::collections::HashSet::<&Task, foldhash::fast::RandomState>::default();
            let unique: Vec<&Task> = (asks.iter().filter(|(_, rt)| *rt == round_trip))
                .flat_map(|(ask, _)| ask)
                .filter(|t| seen.insert(*t))
                .collect();
            if unique.is_empty() {
                continue;
            }
            let found = self.judge(engine, i, &unique, round_trip);
            for (t, kept) in unique.into_iter().zip(found) {
                answers.insert((round_trip, t), kept);
            }
        }
        let found: Vec<Vec<Arc<Vec<Kept>>>> = asks
            .iter()
            .map(|(ask, rt)| {
                ask.iter()
                    .map(|t| Arc::clone(&answers[&(*rt, t)]))
                    .collect()
            })
            .collect();
        asks.into_iter()
            .zip(found)
            .map(|((ask, _), found)| (ask, found))
            .collect()
    }

    /// What subject `i` shows on each of `tasks` (none in the memo), as classes count it.
    fn judge(
        &self,
        engine: &Engine,
        i: usize,
        owned: &[&Task],
        round_trip: bool,
    ) -> Vec<Arc<Vec<Kept>>> {
        let judged =
            super::super::columns::findings_of_subject(engine, i, owned, round_trip, false);
        // The operands attribution reads, parsed in batches first.
        self.operands.prefetch(
            engine,
            (owned.iter().zip(&judged)).map(|(&task, found)| (i, task, found.as_slice())),
        );
        judged
            .into_iter()
            .zip(owned)
            .map(|(findings, task)| {
                let (findings, _) =
                    super::super::attribute::attribute(engine, &self.operands, i, task, findings);
                Arc::new(
                    findings
                        .into_iter()
                        .map(|f| {
                            (
                                f.signature.class,
                                f.signature.op,
                                f.signature.by_design,
                                f.reason,
                            )
                        })
                        .collect(),
                )
            })
            .collect()
    }

    /// How many answers the memo holds.
    pub fn len(&self) -> usize {
        let g = self.lock();
        g.current.entries + g.previous.entries
    }

    /// Whether the memo holds no answer.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of the tasks the memo holds.
    pub fn bytes(&self) -> usize {
        let g = self.lock();
        g.current.bytes + g.previous.bytes
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Generations> {
        // A poisoned memo only loses cached answers; they are recomputed.
        self.seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Generations {
    /// The answer for (`i`, `task`) (one made with the round-trip test, where `round_trip`
    /// asks for it), moved to the current generation when found in the previous.
    fn get(&mut self, i: usize, task: &Task, round_trip: bool) -> Option<Arc<Vec<Kept>>> {
        let fits = |s: &Shown| s.round_trip || !round_trip;
        if let Some(s) = self.current.seen.get(i, task) {
            return fits(s).then(|| Arc::clone(&s.kept));
        }
        if !self.previous.seen.get(i, task).is_some_and(fits) {
            return None;
        }
        let previous = self.previous.seen.of(i);
        let (task, found) = previous.remove_entry(task)?;
        self.previous.entries -= 1;
        self.previous.bytes -= weight(&task);
        let kept = Arc::clone(&found.kept);
        self.insert(i, task, found);
        Some(kept)
    }

    /// Records an answer; past half of either bound, the current generation becomes the
    /// previous, and the previous is dropped.
    fn insert(&mut self, i: usize, task: Task, found: Shown) {
        if self.current.entries >= MEMO_ENTRIES / 2 || self.current.bytes >= MEMO_BYTES / 2 {
            // The previous generation's tables are emptied and become the current, keeping
            // their room: tables grown again from nothing rehashed their tasks at each doubling.
            std::mem::swap(&mut self.current, &mut self.previous);
            self.current.seen.clear();
            self.current.entries = 0;
            self.current.bytes = 0;
        }
        let w = weight(&task);
        if self.current.seen.of(i).insert(task, found).is_none() {
            self.current.entries += 1;
            self.current.bytes += w;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(n: usize, len: usize) -> Task {
        let mut input = n.to_string().into_bytes();
        input.resize(len.max(input.len()), b'a');
        Task::parse(input, "")
    }

    #[test]
    fn the_memo_keeps_within_its_bounds_and_keeps_what_is_used() {
        let mut g = Generations::default();
        let answer = Shown {
            kept: Arc::new(Vec::new()),
            round_trip: true,
        };
        // A megabyte a task: the bytes bound rotates the generations.
        for n in 0..100 {
            g.insert(0, task(n, 1 << 20), answer.clone());
            let bytes = g.current.bytes + g.previous.bytes;
            assert!(bytes <= MEMO_BYTES + (1 << 20), "{bytes} bytes after {n}");
        }
        assert!(
            g.get(0, &task(0, 1 << 20), true).is_none(),
            "the oldest went"
        );
        assert!(
            g.get(0, &task(99, 1 << 20), true).is_some(),
            "the newest stayed"
        );
        // Small tasks: the entries bound.
        let mut g = Generations::default();
        for n in 0..MEMO_ENTRIES + 10 {
            g.insert(0, task(n, 0), answer.clone());
        }
        assert!(g.current.entries + g.previous.entries <= MEMO_ENTRIES);
        // An entry used from the previous generation moves to the current one, and outlives
        // the next rotation.
        let old = task(MEMO_ENTRIES / 2 + 1, 0);
        assert!(g.previous.seen.get(0, &old).is_some());
        assert!(g.get(0, &old, true).is_some());
        for n in 0..MEMO_ENTRIES / 2 {
            g.insert(1, task(n, 0), answer.clone());
        }
        assert!(g.get(0, &old, true).is_some());
    }

    #[test]
    fn an_in_process_subjects_rounds_are_judged_where_they_are_asked_even_in_a_drive() {
        let engine = Engine::new(crate::subjects::in_process());
        let i = engine.position("oracle-regex").expect("oracle-regex");
        let memo = Memo::default();
        let rounds = Rounds::default();
        // Driven, and still answered at once: a rayon thread never waits for a drive.
        let kept = at_once(memo.kept_batch_via(
            &engine,
            i,
            vec![task(1, 3), task(2, 3)],
            true,
            Asker::Driven(&rounds),
        ));
        assert_eq!(kept.len(), 2);
        assert_eq!(memo.len(), 2);
    }

    #[test]
    fn an_answer_without_the_round_trip_test_answers_only_a_question_without_it() {
        let mut g = Generations::default();
        let without = |kept: Vec<Kept>| Shown {
            kept: Arc::new(kept),
            round_trip: false,
        };
        g.insert(0, task(1, 0), without(Vec::new()));
        assert!(g.get(0, &task(1, 0), false).is_some());
        assert!(g.get(0, &task(1, 0), true).is_none());
        // Made again with it, the entry answers both.
        let full = Shown {
            kept: Arc::new(vec![(Class::RoundTrip, Op::Parse, false, None)]),
            round_trip: true,
        };
        g.insert(0, task(1, 0), full);
        assert_eq!(g.get(0, &task(1, 0), false).map(|k| k.len()), Some(1));
        assert!(g.get(0, &task(1, 0), true).is_some());
        assert_eq!(g.current.entries, 1);
        // In the previous generation too: it stays there unless it fits.
        g.previous = std::mem::take(&mut g.current);
        g.insert(0, task(2, 0), without(Vec::new()));
        g.previous = std::mem::take(&mut g.current);
        assert!(g.get(0, &task(2, 0), true).is_none());
        assert!(g.previous.seen.get(0, &task(2, 0)).is_some());
        assert!(g.get(0, &task(2, 0), false).is_some());
    }
}
