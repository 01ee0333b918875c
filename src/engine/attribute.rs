//! Attribution: which class a finding is counted in, so that one behaviour of a parser is one
//! class across operations.
//!
//! A parser that reads an input differently from its reference (RFC 3986 section 3's
//! components, or its validity) shows the same cause again wherever that input is an operand:
//! resolving it as a reference or against it as a base (section 5.2), normalizing it (section
//! 6.2.2), comparing it (section 6), or parsing its own serialization of it again (the round
//! trip). Counting those as classes of their own splits one root cause into several, which is
//! what an auditor reading the report finds first. So:
//!
//! - a resolution, normalization or equivalence finding of a parser whose own parse of an
//!   operand already deviates (unexplained) is counted in the parse's class, on that operand;
//! - a round-trip finding of a parser whose parse of the same input already deviates
//!   (unexplained) is left to that parse's class.
//!
//! Explained (by-design) parse differences attribute nothing: a documented reading does not
//! excuse a resolution that goes wrong in another way. The gate ([`crate::gate`]) records every
//! finding of every operation as it is, per input: attribution only decides classes.

use std::collections::BTreeMap;
use std::sync::Mutex;

use crate::model::Op;

use super::minimize::BySubject;
use super::{Class, Engine, Finding, Task};

/// The parse findings of a subject on an operand, computed once per classification.
#[derive(Debug, Default)]
pub struct Operands {
    seen: Mutex<Seen>,
}

/// Each subject's (by index) parse findings by operand, and how many are held. Hashed with
/// foldhash and looked up by reference: an operand is looked up for every finding attributed,
/// and hashing it with SipHash (std's default) into a key cloned for the purpose cost more
/// than the rest of the look-up (the operands are the run's own candidates, not an
/// adversary's).
#[derive(Debug, Default)]
struct Seen {
    by_subject: BySubject<Vec<Finding>>,
    entries: usize,
}

impl Seen {
    fn get(&self, i: usize, on: &Task) -> Option<&Vec<Finding>> {
        self.by_subject.get(i, on)
    }

    fn insert(&mut self, i: usize, on: Task, found: Vec<Finding>) {
        if self.by_subject.of(i).insert(on, found).is_none() {
            self.entries += 1;
        }
    }

    fn clear(&mut self) {
        self.by_subject.clear();
        self.entries = 0;
    }
}

/// Entries kept before the memo of operands starts over (bounded memory; recomputing is only
/// slower).
const OPERANDS: usize = 1 << 14;

impl Operands {
    fn parse_findings(&self, engine: &Engine, i: usize, on: &Task) -> Vec<Finding> {
        if let Some(f) = self.lock().get(i, on) {
            return f.clone();
        }
        let found = engine.findings_of_subject(i, on);
        let mut seen = self.lock();
        if seen.entries >= OPERANDS {
            seen.clear();
        }
        seen.insert(i, on.clone(), found.clone());
        found
    }

    /// Parses, ahead of [`attribute`], the operands it will read for each of `found` (a
    /// subject, a task and that subject's findings on it): their lists in reading order
    /// ([`operands_of`]). As `attribute` stops at the first operand whose parse deviates, they
    /// go in rounds: every list's first operand, then the second of those lists whose first
    /// parsed without an unexplained finding. Each round is one batch per subject
    /// ([`Operands::fetch`]), so `attribute` finds its operands here instead of asking a worker
    /// one at a time, and asks nothing more of a worker than it would itself.
    pub(super) fn prefetch<'a>(
        &self,
        engine: &Engine,
        found: impl IntoIterator<Item = (usize, &'a Task, &'a [Finding])>,
    ) {
        let mut wanted: Vec<(usize, Vec<Task>)> = found
            .into_iter()
            .filter_map(|(i, task, found)| {
                let on: Vec<Task> = operands_of(task, found).collect();
                (!on.is_empty()).then_some((i, on))
            })
            .collect();
        let mut round = 0;
        loop {
            let this: Vec<(usize, Task)> = wanted
                .iter()
                .filter_map(|(i, on)| Some((*i, on.get(round)?.clone())))
                .collect();
            if this.is_empty() {
                return;
            }
            self.fetch(engine, this);
            let seen = self.lock();
            wanted.retain(|(i, on)| {
                on.get(round)
                    .and_then(|t| seen.get(*i, t))
                    .is_some_and(|found| found.iter().all(Finding::explained))
            });
            round += 1;
        }
    }

    /// Parses every operand of `wanted` (a subject and the operand's parse task) not held yet,
    /// each subject's as one batch ([`Engine::findings_of_subject_batch`]: an external worker
    /// pipelined) and the subjects at the same time. The bound is checked before a batch goes
    /// in, so one batch's entries all stay for the attribution that follows.
    fn fetch(&self, engine: &Engine, wanted: Vec<(usize, Task)>) {
        let mut by_subject: BTreeMap<usize, Vec<Task>> = BTreeMap::new();
        {
            let seen = self.lock();
            for (i, on) in wanted {
                if seen.get(i, &on).is_some() {
                    continue;
                }
                let tasks = by_subject.entry(i).or_default();
                if !tasks.contains(&on) {
                    tasks.push(on);
                }
            }
        }
        if by_subject.is_empty() {
            return;
        }
        let work = by_subject
            .into_iter()
            .map(|(i, tasks)| (Some(i), (i, tasks)))
            .collect();
        let found = engine.in_parallel(work, 1, &|(i, tasks): (usize, Vec<Task>)| {
            let found = engine.findings_of_subject_batch(i, &tasks);
            (i, tasks, found)
        });
        let mut seen = self.lock();
        if seen.entries + found.iter().map(|(_, t, _)| t.len()).sum::<usize>() > OPERANDS {
            seen.clear();
        }
        for (i, tasks, found) in found {
            for (on, f) in tasks.into_iter().zip(found) {
                seen.insert(i, on, f);
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Seen> {
        self.seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The operands [`attribute`] reads a subject's `found` findings on `task` against, as parse
/// tasks, in the order a reader meets them (the reference, or the one operand, then the base
/// or the other operand): none for a parse, nor when every finding is explained.
fn operands_of<'t>(task: &'t Task, found: &[Finding]) -> impl Iterator<Item = Task> + 't {
    let wanted = task.op != Op::Parse && found.iter().any(|f| !f.explained());
    std::iter::once(&task.input)
        .chain(task.second.as_ref())
        .filter(move |_| wanted)
        .map(|operand| Task {
            edition: task.edition,
            ..Task::parse(operand.clone(), &task.origin)
        })
}

/// Where subject `i`'s `found` findings on `task` are counted: the findings themselves on
/// `task` (`None`), or, when the subject's parse of an operand already deviates, that parse's
/// findings on the operand (`Some` parse task).
pub fn attribute(
    engine: &Engine,
    operands: &Operands,
    i: usize,
    task: &Task,
    mut found: Vec<Finding>,
) -> (Vec<Finding>, Option<Task>) {
    let unexplained = |f: &Finding| !f.explained();
    match task.op {
        Op::Parse => {
            // The round trip re-reads the subject's serialization of its own reading: when that
            // reading already deviates, the re-reading's difference is the same cause.
            if found
                .iter()
                .any(|f| unexplained(f) && f.signature.class != Class::RoundTrip)
            {
                found.retain(|f| !(unexplained(f) && f.signature.class == Class::RoundTrip));
            }
            (found, None)
        }
        _ if !found.iter().any(unexplained) => (found, None),
        _ => {
            for on in operands_of(task, &found) {
                let parsed = operands.parse_findings(engine, i, &on);
                if parsed.iter().any(unexplained) {
                    let (parsed, _) = attribute(engine, operands, i, &on, parsed);
                    return (parsed, Some(on));
                }
            }
            (found, None)
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::model::{Component, ComponentSet, OpSet, Outcome, Parsed};
    use crate::subjects::{self, Ctx, Kind, Subject, SubjectInfo};

    /// impl, but a host `x` is read as `y` in a parse and written as `y` by a resolution; and a
    /// resolution against a base whose path is `/q` drops the query on its own.
    struct Swap(SubjectInfo);

    impl Subject for Swap {
        fn info(&self) -> &SubjectInfo {
            &self.0
        }
        fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
            subjects::Spec::get().parse(input, ctx).map(|mut p| {
                if p.components.get(Component::Host) == Some("x") {
                    p.components.set(Component::Host, Some("y"));
                }
                p
            })
        }
        fn resolve(&self, base: &[u8], reference: &[u8], ctx: &Ctx<'_>) -> Outcome<String> {
            subjects::Spec::get()
                .resolve(base, reference, ctx)
                .map(|t| match t.split_once('?') {
                    Some((head, _)) if base.ends_with(b"/q") => head.to_owned(),
                    _ => t.replace("//x/", "//y/"),
                })
        }
    }

    fn engine() -> Engine {
        Engine::new(vec![Arc::new(Swap(SubjectInfo {
            wraps: None,
            name: "swap".into(),
            version: "1".into(),
            profile: "rfc3986".into(),
            kind: Kind::InProcess,
            library: "test".into(),
            operations: OpSet::of(&[Op::Parse, Op::Resolve]),
            components: ComponentSet::of(&[Component::Host]),
            decides_validity: true,
            edition_fields: false,
            editions: Vec::new(),
        }))])
    }

    fn resolve(base: &str, reference: &str) -> Task {
        Task {
            op: Op::Resolve,
            second: Some(base.as_bytes().to_vec()),
            ..Task::parse(reference.as_bytes().to_vec(), "test")
        }
    }

    #[test]
    fn a_resolution_of_an_operand_read_wrong_is_the_parse_class() {
        let engine = engine();
        let memo = super::super::minimize::Memo::default();
        let rows = engine.run(&[resolve("http://a/b", "//x/c")], &|| ());
        // As judged, the resolution differs ...
        assert!(engine
            .findings(&rows[0])
            .iter()
            .any(|f| f.signature.op == Op::Resolve));
        // ... but it is counted as the parse of the reference, on the reference alone.
        let classed = engine.classed_findings(&rows[0], &memo);
        assert_eq!(classed.len(), 1, "{classed:?}");
        let (f, on) = &classed[0];
        assert_eq!(f.signature.op, Op::Parse);
        assert_eq!(
            f.signature.class,
            crate::engine::Class::Component(Component::Host)
        );
        assert_eq!(on.input, b"//x/c");
        assert_eq!((on.op, on.second.as_deref()), (Op::Parse, None));
    }

    #[test]
    fn a_resolution_wrong_on_its_own_stays_a_resolution() {
        let engine = engine();
        let memo = super::super::minimize::Memo::default();
        let rows = engine.run(&[resolve("http://a/q", "c?d")], &|| ());
        let classed = engine.classed_findings(&rows[0], &memo);
        assert_eq!(classed.len(), 1, "{classed:?}");
        assert_eq!(classed[0].0.signature.op, Op::Resolve);
        assert_eq!(classed[0].1, rows[0].task);
    }

    #[test]
    fn a_batch_parses_each_operand_once_and_classes_as_one_row_at_a_time() {
        let engine = engine();
        let tasks = vec![
            resolve("http://a/b", "//x/c"),
            resolve("http://a/q", "c?d"),
            resolve("http://a/b", "//x/c"),
            Task::parse(b"http://x/".to_vec(), "test"),
        ];
        let rows = engine.run(&tasks, &|| ());
        let memo = super::super::minimize::Memo::default();
        let batch = engine.classed_findings_batch(&rows, &memo);
        // The operands attribution reads, each once and no more: "//x/c" (it deviates, so the
        // base "http://a/b" is not read), "c?d" then "http://a/q" (a parse row has none).
        let seen = memo.operands.lock();
        let mut read: Vec<Vec<u8>> = seen.by_subject.tasks().map(|k| k.input.clone()).collect();
        read.sort();
        assert_eq!(read, [&b"//x/c"[..], b"c?d", b"http://a/q"]);
        assert_eq!(seen.entries, 3);
        drop(seen);
        for (row, classed) in rows.iter().zip(&batch) {
            let alone = super::super::minimize::Memo::default();
            assert_eq!(classed, &engine.classed_findings(row, &alone));
        }
        assert_eq!(batch[0], batch[2]);
    }

    #[test]
    fn classes_count_the_attributed_finding_in_the_parse_class() {
        let engine = engine();
        let tasks = vec![
            Task::parse(b"http://x/".to_vec(), "test"),
            resolve("http://a/b", "//x/c"),
            resolve("http://a/q", "c?d"),
        ];
        let rows = engine.run(&tasks, &|| ());
        let classes = engine.classify(&rows, 200);
        let ops: Vec<(Op, usize)> = classes
            .iter()
            .filter(|c| !c.explained)
            .map(|c| (c.signature.op, c.count))
            .collect();
        // One parse class seen twice (once directly, once as an operand), one resolution class.
        assert!(ops.contains(&(Op::Parse, 2)), "{ops:?}");
        assert!(ops.contains(&(Op::Resolve, 1)), "{ops:?}");
        assert_eq!(ops.len(), 2, "{ops:?}");
    }
}
