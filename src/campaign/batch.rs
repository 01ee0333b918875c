//! One batch's findings in a campaign: the signatures first seen in a batch are minimized in
//! parallel (each external worker's on a thread of its own, the in-process parsers' over the
//! cores, as a report minimizes its classes), every subject is then run on the new examples as
//! one pipelined run, and each new signature is written as a [`FindingLine`], synced, in the
//! order the batch found it. A campaign thus waits for the slowest worker once per batch, not
//! once per finding and subject.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use crate::engine::{minimize, Coarse, Engine, Finding, Row, Signature, Task};

use super::death::{self, Watch};
use super::{Bytes, Campaign, CampaignError, FindingLine, FINDINGS_SCHEMA};

/// How many findings of one (subject, class, operation, verdict) group a campaign run minimizes
/// at most, looking for a form of it the run has not seen, unless `uridiff fuzz
/// --minimize-per-group` says otherwise ([`super::Options::per_group`]): without a limit a
/// campaign would minimize every finding of a group it already holds whose input's form is new
/// to the run.
pub const MINIMIZED_PER_GROUP: usize = 64;

/// How long a campaign aims for one batch to take: long enough that every worker's window is
/// full and the findings of a batch are minimized in parallel, short enough that a stop (a
/// deadline, Ctrl-C) waits little and a kill re-runs little.
pub const BATCH_TIME: Duration = Duration::from_millis(250);

/// The sizes of a campaign's batches: from `first`, doubled while a batch takes under half of
/// [`BATCH_TIME`] and halved (never below `first`) while one takes over twice it, at most
/// `most`, and never past `limit` inputs in the run.
///
/// ```
/// use std::time::Duration;
/// use uridiff::campaign::Batches;
/// let mut b = Batches::adaptive(8, 64, Some(100));
/// assert_eq!(b.size(0), 8);
/// b.took(Duration::from_millis(10));
/// assert_eq!(b.size(8), 16);
/// b.took(Duration::from_secs(2));
/// assert_eq!(b.size(24), 8);
/// assert_eq!(b.size(96), 4, "the limit is never passed");
/// let mut fixed = Batches::fixed(8);
/// fixed.took(Duration::ZERO);
/// assert_eq!(fixed.size(1_000), 8);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Batches {
    size: usize,
    first: usize,
    most: usize,
    limit: Option<u64>,
}

impl Batches {
    /// Batches of `n` inputs each, whatever they take.
    pub fn fixed(n: usize) -> Batches {
        Batches::adaptive(n, n, None)
    }

    /// The batches `uridiff fuzz` runs: from 8 inputs per core (a first batch that stops soon)
    /// to 256 per core, ending at `limit` inputs.
    pub fn campaign(limit: Option<u64>) -> Batches {
        let cores = rayon::current_num_threads();
        Batches::adaptive(8 * cores, 256 * cores, limit)
    }

    /// Batches from `first` to `most` inputs, paced by [`BATCH_TIME`], ending at `limit` inputs.
    pub fn adaptive(first: usize, most: usize, limit: Option<u64>) -> Batches {
        let first = first.max(1);
        Batches {
            size: first,
            first,
            most: most.max(first),
            limit,
        }
    }

    /// The next batch's size after `done` inputs of the run (0 once the limit is reached).
    pub fn size(&self, done: u64) -> usize {
        match self.limit {
            Some(n) => self
                .size
                .min(usize::try_from(n.saturating_sub(done)).unwrap_or(usize::MAX)),
            None => self.size,
        }
    }

    /// Paces the next batch by how long the last took.
    pub fn took(&mut self, elapsed: Duration) {
        if elapsed < BATCH_TIME / 2 {
            self.size = (self.size * 2).min(self.most);
        } else if elapsed > BATCH_TIME * 2 {
            self.size = (self.size / 2).max(self.first);
        }
    }
}

/// A finding of the batch to minimize: the input's campaign index, its row, the finding and
/// the task it is counted on ([`Engine::classed_findings`]).
struct Pending<'r> {
    index: u64,
    row: &'r Row,
    finding: Finding,
    on: Task,
}

/// What a campaign run carries from batch to batch.
pub(super) struct Carry {
    /// The operands' parses and the minimizer's answers.
    pub(super) memo: minimize::Memo,
    /// How many inputs of each (subject, class, operation, verdict) were minimized this run.
    pub(super) tries: HashMap<Coarse, usize>,
    /// The signatures minimized this run, as first seen (their form the first-seen input's
    /// skeleton): an input of the same form is not minimized again, as a report minimizes one
    /// input of each form. At most `per_group` per entry of `tries`.
    pub(super) seen: HashSet<(Signature, Option<String>)>,
    /// How many findings of each entry of `tries` the run minimizes at most.
    per_group: usize,
}

impl Carry {
    /// A run's carry that minimizes at most `per_group` findings of each (subject, class,
    /// operation, verdict).
    pub(super) fn new(per_group: usize) -> Carry {
        Carry {
            memo: minimize::Memo::default(),
            tries: HashMap::new(),
            seen: HashSet::new(),
            per_group,
        }
    }

    /// How many findings this run has minimized: every one [`Carry::select`] took counts
    /// towards its (subject, class, operation, verdict) in `tries`.
    pub(super) fn minimized(&self) -> usize {
        self.tries.values().sum()
    }

    /// The findings of the batch `rows` (of the inputs `indices`) to minimize, each with its
    /// signature as first seen: those of a form not minimized yet this run, while their (subject,
    /// class, operation, verdict) has minimized fewer than its `per_group`.
    fn select<'r>(
        &mut self,
        engine: &Engine,
        rows: &'r [Row],
        indices: &[u64],
    ) -> Vec<(Signature, Pending<'r>)> {
        let mut work = Vec::new();
        let classed = engine.classed_findings_grouped(rows, &self.memo);
        for ((row, &index), classed) in rows.iter().zip(indices).zip(classed) {
            // A finding's task is copied only for the few that are minimized.
            for (finding, on) in
                (classed.iter()).flat_map(|(found, on)| found.iter().map(move |f| (f, on)))
            {
                // A class is known by its minimized example's form; each (subject, class, op)
                // minimizes at most `per_group` inputs a run, so a campaign does not
                // minimize every input of a class it already holds.
                let s = &finding.signature;
                let first = (s.clone(), finding.reason.clone());
                if self.seen.contains(&first) {
                    continue;
                }
                let tries = self.tries.entry(s.coarse()).or_insert(0);
                if *tries >= self.per_group {
                    continue;
                }
                *tries += 1;
                self.seen.insert(first);
                let pending = Pending {
                    index,
                    row,
                    finding: finding.clone(),
                    on: on.as_ref().clone(),
                };
                work.push((pending.finding.signature.clone(), pending));
            }
        }
        work
    }
}

impl Campaign {
    /// Minimizes and writes the signatures first seen in `rows` (the batch of the inputs
    /// `indices`); returns how many were new.
    pub(super) fn findings_of_batch(
        &mut self,
        engine: &Engine,
        carry: &mut Carry,
        watch: &mut Watch,
        (rows, indices): (&[Row], &[u64]),
        budget: usize,
        died: &dyn Fn(&death::Death),
    ) -> Result<usize, CampaignError> {
        let work = carry.select(engine, rows, indices);
        if work.is_empty() {
            return Ok(0);
        }
        let minimized = engine.minimize_each(
            &carry.memo,
            work,
            &|p: &Pending<'_>| (&p.on, p.finding.reason.as_deref()),
            budget,
        );
        // A worker that died while its findings were minimized is recorded on the first input
        // it was minimizing.
        let mut asked = HashSet::new();
        for (_, _, p) in &minimized {
            let i = engine.position(&p.finding.signature.subject);
            if asked.insert(i) {
                self.death_minimizing(engine, watch, i, (p.index, &p.row.task), died)?;
            }
        }
        // The new signatures, the first of each in the batch's order.
        let mut fresh = HashSet::new();
        let new: Vec<(Signature, Task, Pending<'_>)> = minimized
            .into_iter()
            .filter(|(sig, _, _)| {
                let key = sig.key();
                !self.known.contains(&key) && fresh.insert(key)
            })
            .collect();
        let records = engine.records(
            new.iter()
                .map(|(sig, example, p)| {
                    let f = &p.finding;
                    (sig.clone(), 1, example.clone(), p.row.task.clone(), f.rule)
                })
                .collect(),
        );
        let count = records.len();
        for (record, (_, _, p)) in records.into_iter().zip(&new) {
            let outcomes = record
                .outcomes
                .iter()
                .map(|(name, o)| {
                    let value = serde_json::to_value(o).unwrap_or(serde_json::Value::Null);
                    (name.clone(), value)
                })
                .collect();
            let line = FindingLine {
                schema: FINDINGS_SCHEMA,
                class: record.signature.class.name(),
                severity: serde_json::to_value(record.severity)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default(),
                op: record.signature.op.name().to_owned(),
                partition: record.partition.0,
                deviating: record.deviating,
                by_design: record.by_design,
                example: Bytes(record.example.input),
                first_seen: Bytes(p.row.task.input.clone()),
                origin: p.row.task.origin.clone(),
                outcomes,
                seed: self.state.seed,
                index: p.index,
                shard: self.state.shard,
                key: record.key,
                seconds: self.ran,
            };
            self.sink.append(&line)?;
            if self.guide.is_some() {
                // A guided campaign keeps the input a new signature was first seen on too.
                self.signatures.push((
                    line.first_seen.0.clone(),
                    line.origin.clone(),
                    Some(line.index),
                    line.key.clone(),
                ));
            }
            self.severities.add(&line.severity);
            self.known.insert(line.key);
        }
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_is_minimized_once_a_run_and_a_class_at_most_its_share() {
        let engine = Engine::new(crate::subjects::in_process());
        // An input some parser deviates on, twice, then once more in a later batch.
        let memo = minimize::Memo::default();
        let task = crate::generate::operations(3, 200)
            .into_iter()
            .find(|t| {
                !engine
                    .classed_findings(&engine.run_one(t), &memo)
                    .is_empty()
            })
            .expect("the in-process parsers deviate somewhere");
        let rows = engine.run(&[task.clone(), task.clone()], &|| ());
        let mut carry = Carry::new(MINIMIZED_PER_GROUP);
        let first = carry.select(&engine, &rows, &[0, 1]);
        let found = engine.classed_findings(&rows[0], &carry.memo).len();
        assert_eq!(
            first.len(),
            found,
            "the second input's forms are the first's"
        );
        assert!(first.iter().all(|(_, p)| p.index == 0));
        let again = engine.run(&[task], &|| ());
        assert!(carry.select(&engine, &again, &[2]).is_empty());
        // Inputs of new forms, but their (subject, class, op) has had its share.
        let mut full = Carry::new(MINIMIZED_PER_GROUP);
        for (sig, _) in &first {
            full.tries.insert(sig.coarse(), MINIMIZED_PER_GROUP);
        }
        assert!(full.select(&engine, &rows, &[0, 1]).is_empty());
    }

    #[test]
    fn a_run_told_one_per_group_minimizes_one_finding_of_each_group() {
        let engine = Engine::new(crate::subjects::in_process());
        let tasks = crate::generate::operations(7, 300);
        let rows = engine.run(&tasks, &|| ());
        let indices: Vec<u64> = (0..rows.len() as u64).collect();
        let coarse = |taken: &[(Signature, Pending<'_>)]| -> Vec<Coarse> {
            taken.iter().map(|(s, _)| s.coarse()).collect()
        };
        let all = coarse(&Carry::new(MINIMIZED_PER_GROUP).select(&engine, &rows, &indices));
        let mut one_each = Carry::new(1);
        let one = coarse(&one_each.select(&engine, &rows, &indices));
        let groups: HashSet<&Coarse> = all.iter().collect();
        // Some group shows in more than one form: the limit has something to cut.
        assert!(
            all.len() > groups.len(),
            "{} forms, {} groups",
            all.len(),
            groups.len()
        );
        assert_eq!(one.len(), groups.len(), "one finding of every group");
        assert_eq!(one.iter().collect::<HashSet<_>>(), groups);
        assert_eq!(one_each.minimized(), one.len());
        // The same inputs again: every group has had its one.
        assert!(one_each.select(&engine, &rows, &indices).is_empty());
    }
}
