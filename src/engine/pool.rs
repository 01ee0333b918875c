//! How many processes each worker gets: on a machine with more cores than the run has columns,
//! the cores left over become extra processes of the workers whose columns take longest, so a
//! report's wall time keeps falling as cores are added instead of stopping at the slowest
//! worker's.
//!
//! Each worker's column runs on a thread of its own (the `columns` room) and one process answers
//! it; with every core busy that is the best there is, but on a machine with cores to spare the
//! run lasts as long as its slowest column. Why measured and not declared: what a worker costs
//! depends on the library's version, the inputs and the machine (python-furl spends about 135 µs
//! a request where python-urllib spends 10), so the engine times each column's part of every
//! run (its wall time per task) and plans the next run from that. The first run of an engine
//! has nothing measured and gives every worker one process.
//!
//! The plan is greedy, as in list scheduling of divisible work: one core for the engine's own
//! threads (the in-process parsers, the references, judging and the fold), one process per
//! worker, then each spare core in turn to whichever needs it most: the worker whose time per
//! task over its processes is the largest (up to [`MAX_PROCESSES`] each), or the engine, when
//! its own CPU per task over the cores kept for it is larger still. The engine's is measured as
//! this process's CPU time (getrusage(2), `RUSAGE_SELF`) over the run, so a run whose judging
//! costs as much as a worker keeps cores for it instead of starving its threads.

use std::sync::Mutex;
use std::time::Duration;

/// The most processes one worker is given, however many cores are spare: past a few, a
/// column's share of the engine's own work (writing requests, reading answers) is the bound.
pub const MAX_PROCESSES: usize = 8;

/// The measured cost of each subject's column and the cores to plan for.
#[derive(Debug)]
pub(super) struct Pool {
    cores: usize,
    /// Per subject (the engine's order): wall time and tasks of its columns so far.
    seen: Mutex<Vec<(Duration, usize)>>,
    /// Per subject: the most processes a plan gave it.
    most: Mutex<Vec<usize>>,
    /// The engine's own CPU time and tasks of its runs so far.
    own: Mutex<(Duration, usize)>,
}

impl Pool {
    /// A pool planning for `cores` cores, for `subjects` subjects.
    pub(super) fn new(cores: usize, subjects: usize) -> Pool {
        Pool {
            cores: cores.max(1),
            seen: Mutex::new(vec![(Duration::ZERO, 0); subjects]),
            most: Mutex::new(vec![1; subjects]),
            own: Mutex::new((Duration::ZERO, 0)),
        }
    }

    /// The cores planned for.
    pub(super) fn cores(&self) -> usize {
        self.cores
    }

    fn seen(&self) -> std::sync::MutexGuard<'_, Vec<(Duration, usize)>> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Subject `i`'s column took `wall` for `tasks` tasks.
    pub(super) fn observe(&self, i: usize, wall: Duration, tasks: usize) {
        if let Some(s) = self.seen().get_mut(i) {
            s.0 += wall;
            s.1 += tasks;
        }
    }

    /// The engine's own threads spent `cpu` on a run of `tasks` tasks.
    pub(super) fn observe_own(&self, cpu: Duration, tasks: usize) {
        let mut own = self.own.lock().unwrap_or_else(|e| e.into_inner());
        own.0 += cpu;
        own.1 += tasks;
    }

    /// The processes each of `columns` (subjects' indices, the workers' columns of a run) gets.
    pub(super) fn plan(&self, columns: &[usize]) -> Vec<usize> {
        let per_task = |(spent, tasks): (Duration, usize)| {
            if tasks > 0 {
                spent.as_secs_f64() / tasks as f64
            } else {
                0.0
            }
        };
        let seen = self.seen();
        let cost: Vec<f64> = columns
            .iter()
            .map(|&i| seen.get(i).copied().map_or(0.0, per_task))
            .collect();
        drop(seen);
        let own = per_task(*self.own.lock().unwrap_or_else(|e| e.into_inner()));
        let planned = plan(self.cores, own, &cost);
        let mut most = self.most.lock().unwrap_or_else(|e| e.into_inner());
        for (&i, &n) in columns.iter().zip(&planned) {
            if let Some(m) = most.get_mut(i) {
                *m = (*m).max(n);
            }
        }
        planned
    }

    /// The most processes subject `i` was given by a plan so far (1 when never more).
    pub(super) fn most(&self, i: usize) -> usize {
        let most = self.most.lock().unwrap_or_else(|e| e.into_inner());
        most.get(i).copied().unwrap_or(1)
    }
}

/// The greedy plan: `cost[c]` is worker column `c`'s time per task with one process (0 when
/// not measured, and such a column gets one process), `own` the engine's CPU per task.
///
/// ```text
/// 8 cores, the engine 0, columns costing 10, 1, 1 per task: 8 - 1 (the engine) - 3 = 4
/// spare, all to the first (10/5 = 2 is still above 1): [5, 1, 1].
/// ```
fn plan(cores: usize, own: f64, cost: &[f64]) -> Vec<usize> {
    let mut processes = vec![1; cost.len()];
    let mut engine = 1;
    let spare = cores.saturating_sub(cost.len() + 1);
    for _ in 0..spare {
        let slowest = (0..cost.len())
            .filter(|&c| cost[c] > 0.0 && processes[c] < MAX_PROCESSES)
            .max_by(|&a, &b| {
                let (ta, tb) = (cost[a] / processes[a] as f64, cost[b] / processes[b] as f64);
                ta.total_cmp(&tb)
            });
        match slowest {
            Some(c) if cost[c] / processes[c] as f64 >= own / engine as f64 => processes[c] += 1,
            Some(_) => engine += 1,
            None => break,
        }
    }
    processes
}

/// CPU time (user and system, every thread) this process has spent so far, from getrusage(2)
/// `RUSAGE_SELF`; `None` where it cannot be read.
pub(crate) fn process_cpu() -> Option<Duration> {
    #[cfg(unix)]
    {
        use nix::sys::resource::{getrusage, UsageWho};
        let u = getrusage(UsageWho::RUSAGE_SELF).ok()?;
        let us = |t: nix::sys::time::TimeVal| {
            u64::try_from(t.tv_sec()).unwrap_or(0) * 1_000_000
                + u64::try_from(t.tv_usec()).unwrap_or(0)
        };
        Some(Duration::from_micros(
            us(u.user_time()) + us(u.system_time()),
        ))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_spare_core_means_one_process_each() {
        // The 2-core machine with 27 workers, and a machine with exactly one core per column.
        assert_eq!(plan(2, 0.0, &[5.0, 1.0, 1.0]), vec![1, 1, 1]);
        assert_eq!(plan(4, 0.0, &[5.0, 1.0, 1.0]), vec![1, 1, 1]);
    }

    #[test]
    fn spare_cores_go_to_the_slowest_columns_in_turn() {
        assert_eq!(plan(8, 0.0, &[10.0, 1.0, 1.0]), vec![5, 1, 1]);
        // 10/2 = 5 is above 4, 10/3 is below 4: the third spare goes to the second column.
        assert_eq!(plan(7, 0.0, &[10.0, 4.0, 1.0]), vec![3, 2, 1]);
    }

    #[test]
    fn an_engine_as_dear_as_a_worker_keeps_spare_cores_for_itself() {
        // 8 cores, 4 spare; the engine 6 per task on its one core: 10 against 6 (a process),
        // 5 against 6 (the engine takes a second core), 5 against 3 and 3.3 against 3 (two
        // more processes).
        assert_eq!(plan(8, 6.0, &[10.0, 1.0, 1.0]), vec![4, 1, 1]);
        // An engine far dearer than every worker takes the spare cores until its CPU per core
        // comes down to theirs: 6 cores, 3 spare, 50 / 4 is still above 10.
        assert_eq!(plan(6, 50.0, &[10.0, 1.0]), vec![1, 1]);
        assert_eq!(plan(16, 50.0, &[10.0, 1.0]), vec![3, 1]);
    }

    #[test]
    fn unmeasured_columns_and_the_cap_hold_spares_back() {
        assert_eq!(plan(16, 0.0, &[0.0, 0.0]), vec![1, 1]);
        assert_eq!(plan(64, 0.0, &[3.0, 0.0]), vec![MAX_PROCESSES, 1]);
    }

    #[test]
    fn what_is_observed_is_planned_from() {
        let pool = Pool::new(6, 4);
        assert_eq!(pool.plan(&[1, 3]), vec![1, 1], "nothing measured yet");
        pool.observe(1, Duration::from_millis(900), 100);
        pool.observe(3, Duration::from_millis(100), 100);
        pool.observe(1, Duration::from_millis(900), 100);
        // 6 - 1 - 2 = 3 spare; 9 ms against 1 ms a task: all three to subject 1.
        assert_eq!(pool.plan(&[1, 3]), vec![4, 1]);
        assert_eq!(pool.plan(&[3, 1]), vec![1, 4]);
        // The engine's own CPU, 6 ms a task, keeps one of the three spare cores (9 against 6:
        // a process; 4.5 against 6: the engine's; 4.5 against 3: a process).
        pool.observe_own(Duration::from_millis(1200), 200);
        assert_eq!(pool.plan(&[1, 3]), vec![3, 1]);
        assert_eq!((pool.most(1), pool.most(3), pool.most(0)), (4, 1, 1));
    }
}
