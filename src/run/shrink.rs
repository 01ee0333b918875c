//! Minimizing the URL-confusion classes' examples while each class's partition holds, every
//! class at once.
//!
//! A class's example shrinks by removals of runs of bytes, halving the run's length when no
//! removal keeps the partition, down to single bytes (a candidate is kept whenever it holds,
//! so the result has no single byte that could go). What holds: the parsers of the class's
//! groups all take part in the candidate, read its component in exactly those groups (the same
//! members, each group alike, the groups apart), and each group's reading is defined or not as
//! it was (two hosts do not become a host and none: the class's rank holds too).
//!
//! Each round takes the next candidates of every class still shrinking and sends each parser
//! **one** batch: the candidates of every class it takes part in. A default report holds about
//! a thousand classes; one batch per parser per round, instead of one per class, is what lets
//! all of them be minimized in seconds (the cost of a worker is its round trip, not its
//! parse).

use std::collections::HashMap;
use std::time::Instant;

use rayon::prelude::*;

use super::reading::{is_defined, partition, Groups};
use crate::engine::Engine;
use crate::model::{Answer, Component, Outcome};
use crate::subjects::{Job, SubjectInfo};

/// What a class's minimization keeps: component `c` read in exactly these `groups`, each
/// group's reading defined or undefined as in `defined`.
pub(super) struct Target {
    pub c: Component,
    pub groups: Groups,
    pub defined: Vec<bool>,
}

/// How a class's minimization ended.
pub(super) struct Shrunk {
    /// The smaller input and its readings (one per group), if one held.
    pub smaller: Option<(Vec<u8>, Vec<Option<String>>)>,
    /// Whether it ran to its end: no single byte left could go (not cut by the candidate
    /// budget or the deadline).
    pub finished: bool,
}

/// One class on its way down.
struct Shrinking<'t> {
    target: &'t Target,
    members: Vec<usize>,
    current: Vec<u8>,
    /// The length of the runs removed this round.
    run: usize,
    /// Candidates left in the budget.
    left: usize,
    smaller: Option<(Vec<u8>, Vec<Option<String>>)>,
    finished: bool,
}

impl Shrinking<'_> {
    /// This round's candidates: `current` without each run of `run` bytes (none once done).
    fn candidates(&mut self) -> Vec<Vec<u8>> {
        if self.finished || self.left == 0 || self.current.is_empty() {
            return Vec::new();
        }
        let (current, run) = (&self.current, self.run);
        let batch: Vec<Vec<u8>> = (0..current.len())
            .step_by(run)
            .take(self.left)
            .map(|at| {
                let mut v = current[..at].to_vec();
                v.extend_from_slice(&current[(at + run).min(current.len())..]);
                v
            })
            .collect();
        self.left -= batch.len();
        batch
    }

    /// Moves on with the first candidate that held, if any.
    fn advance(&mut self, held: Option<(Vec<u8>, Vec<Option<String>>)>) {
        match held {
            Some((candidate, reads)) => {
                self.current = candidate.clone();
                self.smaller = Some((candidate, reads));
                self.run = self.run.min(self.current.len().div_ceil(2)).max(1);
                self.finished = self.current.is_empty();
            }
            None if self.run == 1 => self.finished = true,
            None => self.run = self.run.div_ceil(2),
        }
    }
}

/// Minimizes the example of each `(target, input)` (see the module), `candidates` candidates a
/// class at most, until `deadline`; one [`Shrunk`] per class, in order.
pub(super) fn shrink_all(
    engine: &Engine,
    infos: &[&SubjectInfo],
    classes: &[(Target, &[u8])],
    candidates: usize,
    deadline: Instant,
) -> Vec<Shrunk> {
    let subjects = engine.subjects();
    let mut states: Vec<Shrinking<'_>> = classes
        .iter()
        .map(|(target, input)| Shrinking {
            target,
            members: target.groups.iter().flatten().copied().collect(),
            current: input.to_vec(),
            run: input.len().div_ceil(2).max(1),
            left: candidates,
            smaller: None,
            finished: input.is_empty(),
        })
        .collect();
    while Instant::now() < deadline {
        let batches: Vec<Vec<Vec<u8>>> = states.iter_mut().map(Shrinking::candidates).collect();
        if batches.iter().all(Vec::is_empty) {
            break;
        }
        // Per parser, the candidates of every class it takes part in, and where each class's
        // begin in its batch.
        let mut jobs: Vec<Vec<Job<'_>>> = vec![Vec::new(); subjects.len()];
        let mut starts: HashMap<(usize, usize), usize> = HashMap::new();
        for (k, batch) in batches.iter().enumerate().filter(|(_, b)| !b.is_empty()) {
            for &m in &states[k].members {
                starts.insert((m, k), jobs[m].len());
                jobs[m].extend(batch.iter().map(|b| Job::parse(b)));
            }
        }
        let answers: Vec<Vec<Outcome<Answer>>> = jobs
            .par_iter()
            .enumerate()
            .map(|(s, jobs)| match jobs.is_empty() {
                true => Vec::new(),
                false => crate::subjects::run_batch(subjects[s].as_ref(), jobs),
            })
            .collect();
        for (k, batch) in batches.iter().enumerate() {
            if batch.is_empty() {
                continue;
            }
            let state = &states[k];
            let Target { c, groups, defined } = state.target;
            let held = batch.iter().enumerate().find_map(|(n, candidate)| {
                let got = partition(infos, candidate, *c, state.members.iter().copied(), |i| {
                    &answers[i][starts[&(i, k)] + n]
                });
                let (shape, reads): (Groups, Vec<Option<String>>) = got.into_iter().unzip();
                let same_defined = reads.iter().map(is_defined).eq(defined.iter().copied());
                (shape == *groups && same_defined).then(|| (candidate.clone(), reads))
            });
            states[k].advance(held);
        }
    }
    states
        .into_iter()
        .map(|s| Shrunk {
            smaller: s.smaller,
            finished: s.finished,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state<'t>(target: &'t Target, input: &[u8]) -> Shrinking<'t> {
        Shrinking {
            target,
            members: Vec::new(),
            current: input.to_vec(),
            run: input.len().div_ceil(2).max(1),
            left: 100,
            smaller: None,
            finished: false,
        }
    }

    #[test]
    fn runs_halve_until_single_bytes_and_a_kept_candidate_is_the_new_start() {
        let target = Target {
            c: Component::Host,
            groups: Vec::new(),
            defined: Vec::new(),
        };
        let mut s = state(&target, b"abcd");
        assert_eq!(s.candidates(), [b"cd".to_vec(), b"ab".to_vec()]);
        s.advance(None);
        assert_eq!(
            s.candidates(),
            [
                b"bcd".to_vec(),
                b"acd".to_vec(),
                b"abd".to_vec(),
                b"abc".to_vec()
            ]
        );
        s.advance(Some((b"acd".to_vec(), Vec::new())));
        assert_eq!(s.current, b"acd");
        assert_eq!(s.candidates().len(), 3);
        // Nothing held with runs of one byte: done, and no candidate after.
        s.advance(None);
        assert!(s.finished);
        assert!(s.candidates().is_empty());
        assert_eq!(s.smaller.map(|(i, _)| i), Some(b"acd".to_vec()));
    }

    #[test]
    fn the_candidate_budget_ends_a_class_unfinished() {
        let target = Target {
            c: Component::Host,
            groups: Vec::new(),
            defined: Vec::new(),
        };
        let mut s = state(&target, b"abcdef");
        s.left = 2;
        assert_eq!(s.candidates().len(), 2);
        s.advance(None);
        assert!(s.candidates().is_empty());
        assert!(!s.finished);
    }
}
