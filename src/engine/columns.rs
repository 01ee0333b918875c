//! The engine's run, column by column: every subject's column of outcomes is computed at the
//! same time as the others, then the rows are assembled in task order, so that the
//! workers run pipelined and concurrently.
//!
//! A pipelined subject's column (an external worker's, a watched covered build's,
//! [`crate::subjects::Subject::pipelined`]) runs on a thread of its own, through
//! [`subjects::run_batch`], so the worker's feeder keeps its window of requests in flight; the
//! in-process parsers and the references share rayon's threads, [`TIMED`] tasks at a time (the
//! parsers' calls of those tasks timed together). A slow or hung worker holds up only its own
//! column. The columns go in chunks of [`CHUNK`] tasks, so that progress is told as tasks
//! finish in every column, and each worker's re-parse of its own serializations goes as a
//! batch after each chunk. Each worker's column is timed, and the next run gives spare cores
//! to the slowest as extra processes (the `pool` room).

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::{Engine, Finding, Row, Task};
use crate::model::{Answer, Crash, CrashKind, Op, Outcome};
use crate::subjects::{self, Job};

/// The tasks a worker's column takes per batch: enough to keep its window full most of the
/// time, few enough that progress moves.
const CHUNK: usize = 1024;

/// The tasks whose in-process parses are timed together: a read of the thread's clock is a
/// system call (about 0.7 µs here), as dear as a parse, so one pair serves this many tasks.
const TIMED: usize = 32;

/// One column: a subject's outcomes and re-parses, in task order.
type Column = (Vec<Outcome<Answer>>, Vec<Option<Outcome<Answer>>>);

/// Runs every task on every subject and every reference; see the module's doc.
pub(super) fn run(engine: &Engine, tasks: &[Task], progress: &(dyn Fn() + Sync)) -> Vec<Row> {
    let (external, local): (Vec<usize>, Vec<usize>) =
        (0..engine.subjects.len()).partition(|&i| engine.subjects[i].pipelined());
    // A task is finished once every worker's column and the in-process part are.
    let parts = external.len() + 1;
    let done: Vec<AtomicUsize> = tasks.iter().map(|_| AtomicUsize::new(0)).collect();
    let finish = |t: usize| {
        if done[t].fetch_add(1, Ordering::AcqRel) + 1 == parts {
            progress();
        }
    };
    let jobs: Vec<Job<'_>> = tasks.iter().map(Task::job).collect();
    // Spare cores become processes of the slowest workers, as measured in the runs before.
    for (&i, processes) in external.iter().zip(engine.pool.plan(&external)) {
        engine.subjects[i].spread(processes);
    }
    let own_before = super::pool::process_cpu();
    let (columns, in_process) = std::thread::scope(|scope| {
        let threads: Vec<_> = external
            .iter()
            .map(|&i| {
                let (jobs, finish) = (&jobs, &finish);
                scope.spawn(move || {
                    let started = std::time::Instant::now();
                    let column = column(engine, i, tasks, jobs, finish);
                    engine.pool.observe(i, started.elapsed(), tasks.len());
                    column
                })
            })
            .collect();
        let in_process: Vec<(Column, Vec<Outcome<Answer>>)> = tasks
            .par_chunks(TIMED)
            .enumerate()
            .flat_map_iter(|(c, chunk)| {
                let start = c * TIMED;
                // The parsers' calls of the chunk, timed together on the thread's clock, so
                // that `bench --harness` can tell the parsers' share of uridiff's process from
                // the harness's own (the references' answers are the harness's).
                let parsing = super::pool::thread_cpu();
                let parsed: Vec<Column> = (chunk.iter().zip(&jobs[start..]))
                    .map(|(task, job)| {
                        let outcomes: Vec<Outcome<Answer>> = local
                            .iter()
                            .map(|&i| subjects::run(engine.subjects[i].as_ref(), job))
                            .collect();
                        let reparsed = local
                            .iter()
                            .zip(&outcomes)
                            .map(|(&i, o)| engine.reparse(i, task, o))
                            .collect();
                        (outcomes, reparsed)
                    })
                    .collect();
                if let (Some(before), Some(after)) = (parsing, super::pool::thread_cpu()) {
                    engine.pool.observe_in_process(after.saturating_sub(before));
                }
                parsed
                    .into_iter()
                    .zip(chunk)
                    .enumerate()
                    .map(move |(k, (parsed, task))| {
                        let references = (0..engine.references.len())
                            .map(|r| engine.reference_answer(r, task))
                            .collect();
                        finish(start + k);
                        (parsed, references)
                    })
            })
            .collect();
        let columns: Vec<Column> = threads
            .into_iter()
            .zip(&external)
            .map(|(thread, &i)| {
                // `run_batch` catches a subject's panic; one here is the engine's own bug, and
                // costs that column only.
                thread.join().unwrap_or_else(|_| {
                    let crash = Outcome::Crashed(Crash {
                        kind: CrashKind::Panic,
                        message: format!(
                            "the engine's thread for {} panicked",
                            engine.subjects[i].info().name
                        ),
                    });
                    (vec![crash; tasks.len()], vec![None; tasks.len()])
                })
            })
            .collect();
        (columns, in_process)
    });
    if let (Some(before), Some(after)) = (own_before, super::pool::process_cpu()) {
        engine
            .pool
            .observe_own(after.saturating_sub(before), tasks.len());
    }
    // Rows in task order, each subject's outcome at its place in the engine's order.
    let mut columns: Vec<_> = columns
        .into_iter()
        .map(|(o, r)| (o.into_iter(), r.into_iter()))
        .collect();
    tasks
        .iter()
        .zip(in_process)
        .map(|(task, ((outcomes, reparsed), references))| {
            let mut local_outcomes = outcomes.into_iter();
            let mut local_reparsed = reparsed.into_iter();
            let mut row_outcomes = Vec::with_capacity(engine.subjects.len());
            let mut row_reparsed = Vec::with_capacity(engine.subjects.len());
            for i in 0..engine.subjects.len() {
                let (o, r) = match external.iter().position(|&e| e == i) {
                    Some(c) => (columns[c].0.next(), columns[c].1.next()),
                    None => (local_outcomes.next(), local_reparsed.next()),
                };
                row_outcomes.push(o.expect("one outcome per task in every column"));
                row_reparsed.push(r.expect("one re-parse per task in every column"));
            }
            Row {
                task: task.clone(),
                outcomes: row_outcomes,
                references,
                reparsed: row_reparsed,
            }
        })
        .collect()
}

/// Subject `i`'s column, a batch of [`CHUNK`] tasks at a time, with its re-parses.
fn column(
    engine: &Engine,
    i: usize,
    tasks: &[Task],
    jobs: &[Job<'_>],
    finish: &(dyn Fn(usize) + Sync),
) -> Column {
    let subject = engine.subjects[i].as_ref();
    let mut outcomes = Vec::with_capacity(tasks.len());
    let mut reparsed = Vec::with_capacity(tasks.len());
    for (c, chunk) in jobs.chunks(CHUNK).enumerate() {
        let start = c * CHUNK;
        let answers = subjects::run_batch(subject, chunk);
        let again: Vec<(usize, Task)> = answers
            .iter()
            .enumerate()
            .filter_map(|(k, o)| Some((k, reparse_task(&tasks[start + k], o)?)))
            .collect();
        let again_jobs: Vec<Job<'_>> = again.iter().map(|(_, t)| t.job()).collect();
        let mut chunk_reparsed = vec![None; chunk.len()];
        for ((k, _), o) in again.iter().zip(subjects::run_batch(subject, &again_jobs)) {
            chunk_reparsed[*k] = Some(o);
        }
        outcomes.extend(answers);
        reparsed.extend(chunk_reparsed);
        for t in start..start + chunk.len() {
            finish(t);
        }
    }
    (outcomes, reparsed)
}

/// Subject `i`'s findings on each of `tasks`, in order: the subject and its reference alone are
/// run, nobody else (the minimizer's test, [`Engine::findings_of_subject`] on each task). An
/// external worker takes the tasks as one batch, pipelined through its feeder, and its
/// re-parses as a second, unless `round_trip` is false: then its serializations are not parsed
/// again and no round-trip finding is made (a minimization of another class spares a worker
/// that second request per candidate); an in-process subject's tasks go over the cores. For
/// the minimizer (not `formed`), the findings are left without forms (`Engine::judge_alone`).
pub(super) fn findings_of_subject(
    engine: &Engine,
    i: usize,
    tasks: &[&Task],
    round_trip: bool,
    formed: bool,
) -> Vec<Vec<Finding>> {
    let subject = engine.subjects[i].as_ref();
    if !subject.pipelined() {
        let find = |t: &&Task| engine.findings_alone(i, t, formed);
        if pooled() {
            return tasks.par_iter().map(find).collect();
        }
        return tasks.iter().map(find).collect();
    }
    let jobs: Vec<Job<'_>> = tasks.iter().map(|t| t.job()).collect();
    let outcomes = subjects::run_batch(subject, &jobs);
    let again: Vec<(usize, Task)> = match round_trip {
        true => (outcomes.iter().enumerate())
            .filter_map(|(k, o)| Some((k, reparse_task(tasks[k], o)?)))
            .collect(),
        false => Vec::new(),
    };
    let again_jobs: Vec<Job<'_>> = again.iter().map(|(_, t)| t.job()).collect();
    let mut reparsed = vec![None; tasks.len()];
    for ((k, _), o) in again.iter().zip(subjects::run_batch(subject, &again_jobs)) {
        reparsed[*k] = Some(o);
    }
    let judge = |((task, outcome), reparsed): ((&&Task, _), _)| {
        engine.judge_alone(i, task, outcome, reparsed, formed)
    };
    if !pooled() {
        return tasks
            .iter()
            .zip(outcomes)
            .zip(reparsed)
            .map(judge)
            .collect();
    }
    tasks
        .par_iter()
        .zip(outcomes)
        .zip(reparsed)
        .map(judge)
        .collect()
}

/// Whether the caller is one of rayon's threads, whose work may go over the cores. A caller
/// outside the pool (a minimization on its worker's own thread: `fold`'s `in_parallel_by`) would
/// wait for the pool's answer anyway: handing it a round's few tasks cost that thread a sleep
/// and a wake-up and the pool's thread another, more than judging them where they are.
fn pooled() -> bool {
    rayon::current_thread_index().is_some()
}

/// The re-parse a parse outcome calls for: its serialization, where it gave one that is not the
/// input (`Engine::reparse` runs the same task).
pub(super) fn reparse_task(task: &Task, outcome: &Outcome<Answer>) -> Option<Task> {
    let Outcome::Accepted(Answer::Parsed(p)) = outcome else {
        return None;
    };
    let s = p.serialization.as_deref()?;
    if task.op != Op::Parse || s.as_bytes() == task.input.as_slice() {
        return None;
    }
    Some(task.with_input(s.as_bytes().to_vec()))
}
