//! Workers that die for good during a campaign: a subject that answered when
//! the campaign began and can no longer be started ([`crate::subjects::Subject::available`]
//! says why) is not dropped in silence. Its death is written to `findings.jsonl` as a finding
//! of class [`DEAD`] (so nothing a campaign found is lost with it), reported once to the caller,
//! and makes `uridiff fuzz` exit non-zero.
//!
//! A worker dies either while the engine runs a batch (its crash is then also an ordinary
//! `crash-*` finding of that input) or while the minimizer re-runs it on a smaller input; the
//! minimizer only keeps the class it shrinks, so without this record a death there left no trace.
//! A worker the external feeder gives up on for the run (a run of failed requests in a row,
//! `crate::subjects::external`'s `verdict` room) is such a death: its last request is a
//! [`CrashKind::Dead`](crate::model::CrashKind::Dead) crash, whose class is this one, so the
//! batch's finding and this record are one line when the input is the same.

use std::fmt;

use crate::engine::{skeleton, Engine, Row, Task};
use crate::model::{Answer, Outcome};

use super::{Bytes, Campaign, CampaignError, FindingLine, Shard};

/// The class name of a death finding: `crash-dead`.
pub const DEAD: &str = "crash-dead";

/// When a subject died.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// While the engine ran a batch of generated inputs.
    Batch,
    /// While the minimizer shrank an input the subject deviated on.
    Minimizing,
}

impl fmt::Display for When {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            When::Batch => "while running a batch",
            When::Minimizing => "while minimizing a finding",
        })
    }
}

/// A subject that died for good during a campaign run.
///
/// ```
/// use uridiff::campaign::death::{Death, When};
/// let d = Death { subject: "w".into(), reason: "no handshake".into(), when: When::Batch,
///                 index: 3, key: "w crash-dead parse: a".into() };
/// assert_eq!(d.to_string(),
///            "worker w died for good while running a batch (input 3): no handshake");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Death {
    /// The subject's name.
    pub subject: String,
    /// Why it cannot be started again (its `available()` error).
    pub reason: String,
    /// When it died.
    pub when: When,
    /// The campaign index of the input it was running (or whose finding was minimized).
    pub index: u64,
    /// The key of the finding line that records it.
    pub key: String,
}

impl fmt::Display for Death {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "worker {} died for good {} (input {}): {}",
            self.subject, self.when, self.index, self.reason
        )
    }
}

/// Which subjects were alive when the campaign began, and which have been found dead since.
#[derive(Debug)]
pub(super) struct Watch {
    alive: Vec<bool>,
}

impl Watch {
    /// Asks every subject once: only those available now can die.
    pub(super) fn new(engine: &Engine) -> Watch {
        Watch {
            alive: engine
                .subjects()
                .iter()
                .map(|s| s.available().is_ok())
                .collect(),
        }
    }

    /// The subjects among `which` that were alive and are not any more, with the reason; each is
    /// returned once, the first time it is found dead.
    pub(super) fn newly_dead(
        &mut self,
        engine: &Engine,
        which: impl IntoIterator<Item = usize>,
    ) -> Vec<(usize, String)> {
        let mut dead = Vec::new();
        for i in which {
            let (Some(alive), Some(s)) = (self.alive.get_mut(i), engine.subjects().get(i)) else {
                continue;
            };
            if !*alive {
                continue;
            }
            if let Err(why) = s.available() {
                *alive = false;
                dead.push((i, why));
            }
        }
        dead
    }
}

/// The row of a batch most likely to have killed subject `i`: the last on which it crashed, else
/// the first on which it could not run, else the first.
pub(super) fn culprit(rows: &[Row], i: usize) -> usize {
    let on =
        |pick: fn(&Outcome<Answer>) -> bool| move |r: &Row| r.outcomes.get(i).is_some_and(pick);
    rows.iter()
        .rposition(on(|o| matches!(o, Outcome::Crashed(_))))
        .or_else(|| {
            rows.iter()
                .position(on(|o| matches!(o, Outcome::Unsupported(_))))
        })
        .unwrap_or(0)
}

/// Where a subject was found dead: when, the input (its campaign index and task) and every
/// subject's outcomes there (the batch's, where the dead subject's crash shows; or a run after
/// the death, where it shows as not available, with the reason).
pub(super) struct Seen<'a> {
    when: When,
    index: u64,
    task: &'a Task,
    outcomes: &'a [Outcome<Answer>],
}

impl<'a> Seen<'a> {
    /// Found dead after a batch, in which `task` was input `index`.
    pub(super) fn batch(index: u64, task: &'a Task, outcomes: &'a [Outcome<Answer>]) -> Self {
        Seen {
            when: When::Batch,
            index,
            task,
            outcomes,
        }
    }

    /// Found dead after minimizing a finding first seen on `task`, input `index`.
    pub(super) fn minimizing(index: u64, task: &'a Task, outcomes: &'a [Outcome<Answer>]) -> Self {
        Seen {
            when: When::Minimizing,
            ..Seen::batch(index, task, outcomes)
        }
    }
}

impl Campaign {
    /// Records the subjects found dead after a batch (`rows`, of the inputs `indices`).
    pub(super) fn deaths_in_batch(
        &mut self,
        engine: &Engine,
        watch: &mut Watch,
        rows: &[Row],
        indices: &[u64],
        died: &dyn Fn(&Death),
    ) -> Result<(), CampaignError> {
        for (i, why) in watch.newly_dead(engine, 0..engine.subjects().len()) {
            let at = culprit(rows, i);
            let (Some(row), Some(&index)) = (rows.get(at), indices.get(at)) else {
                continue;
            };
            let seen = Seen::batch(index, &row.task, &row.outcomes);
            self.dead(engine, i, why, &seen, died)?;
        }
        Ok(())
    }

    /// Records subject `i` (the one a finding was minimized for, first seen on input `k`,
    /// `task`) if it was found dead after the minimization.
    pub(super) fn death_minimizing(
        &mut self,
        engine: &Engine,
        watch: &mut Watch,
        i: Option<usize>,
        (k, task): (u64, &Task),
        died: &dyn Fn(&Death),
    ) -> Result<(), CampaignError> {
        for (i, why) in watch.newly_dead(engine, i) {
            // Every subject's answer now, the dead one's "not available" with why.
            let now = engine.run_one(task).outcomes;
            self.dead(engine, i, why, &Seen::minimizing(k, task, &now), died)?;
        }
        Ok(())
    }

    /// Records subject `i`'s death: a finding line (unless the folder holds its key already),
    /// [`Campaign::deaths`], and `died`.
    fn dead(
        &mut self,
        engine: &Engine,
        i: usize,
        reason: String,
        seen: &Seen<'_>,
        died: &dyn Fn(&Death),
    ) -> Result<(), CampaignError> {
        let line = line(
            engine,
            i,
            seen,
            (self.state.seed, self.state.shard),
            self.ran,
        );
        if self.known.insert(line.key.clone()) {
            self.sink.append(&line)?;
            self.severities.add(&line.severity);
        }
        let d = Death {
            subject: line.deviating.concat(),
            reason,
            when: seen.when,
            index: seen.index,
            key: line.key,
        };
        died(&d);
        self.deaths.push(d);
        Ok(())
    }
}

/// The finding line that records subject `i`'s death where it was `seen`.
fn line(
    engine: &Engine,
    i: usize,
    seen: &Seen<'_>,
    (seed, shard): (u64, Shard),
    seconds: Option<f64>,
) -> FindingLine {
    let names: Vec<String> = engine
        .subjects()
        .iter()
        .map(|s| s.info().name.clone())
        .collect();
    let dead = names.get(i).cloned().unwrap_or_default();
    let others: Vec<String> = names.iter().filter(|n| **n != dead).cloned().collect();
    let task = seen.task;
    let key = format!(
        "{dead} {DEAD} {}: {}",
        task.op.name(),
        skeleton(&task.input)
    )
    .trim_end()
    .to_owned();
    FindingLine {
        schema: super::FINDINGS_SCHEMA,
        key,
        class: DEAD.to_owned(),
        severity: "critical".to_owned(),
        op: task.op.name().to_owned(),
        partition: [others, vec![dead.clone()]]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect(),
        deviating: vec![dead],
        by_design: Default::default(),
        example: Bytes(task.input.clone()),
        first_seen: Bytes(task.input.clone()),
        origin: task.origin.clone(),
        outcomes: names
            .into_iter()
            .zip(seen.outcomes)
            .map(|(n, o)| {
                (
                    n,
                    serde_json::to_value(o).unwrap_or(serde_json::Value::Null),
                )
            })
            .collect(),
        seed,
        index: seen.index,
        shard,
        seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Crash, CrashKind};

    fn row(outcomes: Vec<Outcome<Answer>>) -> Row {
        Row {
            task: Task::parse(b"a".to_vec(), "test"),
            references: Vec::new(),
            reparsed: vec![None; outcomes.len()],
            outcomes,
        }
    }

    fn crash() -> Outcome<Answer> {
        Outcome::Crashed(Crash {
            kind: CrashKind::Exit,
            message: "exit status: 3".into(),
        })
    }

    #[test]
    fn a_death_is_the_class_of_a_worker_given_up_on() {
        use crate::engine::Class;
        assert_eq!(Class::Crash(CrashKind::Dead).name(), DEAD);
    }

    #[test]
    fn the_culprit_is_the_last_crash_else_the_first_refusal() {
        let ok = || Outcome::Accepted(Answer::Text("a".into()));
        let gone = || Outcome::Unsupported("w is not available: gone".into());
        let rows = [
            row(vec![ok(), ok()]),
            row(vec![ok(), crash()]),
            row(vec![ok(), crash()]),
            row(vec![ok(), gone()]),
        ];
        assert_eq!(culprit(&rows, 1), 2);
        let rows = [row(vec![ok(), ok()]), row(vec![ok(), gone()])];
        assert_eq!(culprit(&rows, 1), 1);
        assert_eq!(culprit(&rows, 0), 0);
        assert_eq!(culprit(&rows, 7), 0, "no such subject: the first row");
    }

    #[test]
    fn a_death_line_names_the_dead_subject_alone_as_deviating() {
        let engine = Engine::new(crate::subjects::in_process());
        let task = Task::parse(b"http://a/b ".to_vec(), "realistic");
        let n = engine.subjects().len();
        let mut outcomes: Vec<Outcome<Answer>> = (0..n)
            .map(|_| Outcome::Accepted(Answer::Text("x".into())))
            .collect();
        outcomes[1] = crash();
        let l = line(
            &engine,
            1,
            &Seen::batch(9, &task, &outcomes),
            (4, Shard::default()),
            Some(1.5),
        );
        let name = engine.subjects()[1].info().name.clone();
        assert_eq!(l.key, format!("{name} crash-dead parse: a://a/a¬"));
        assert_eq!(l.deviating, vec![name.clone()]);
        assert_eq!(l.partition.len(), 2);
        assert_eq!(l.seconds, Some(1.5), "the campaign's time of the batch");
        assert_eq!(l.partition[1], vec![name.clone()]);
        assert!(!l.partition[0].contains(&name));
        assert_eq!(l.outcomes[&name]["outcome"], "crashed");
        assert_eq!((l.seed, l.index), (4, 9));
        assert_eq!(l.example.0, b"http://a/b ");
    }
}
