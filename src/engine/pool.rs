//! How many processes each worker gets: a worker whose column would take longer than the
//! whole run's work spread over the machine's cores runs as several processes, so a report's
//! wall time keeps falling as cores are added instead of stopping at the slowest worker's.
//!
//! Each worker's column runs on a thread of its own (the `columns` room) and one process answers
//! it, so a run lasts at least as long as its slowest column: python-furl spends about 135 µs a
//! request where python-urllib spends 10, and on a machine with cores to spare the others finish
//! and wait for it. Why measured and not declared: what a worker costs depends on the library's
//! version, the inputs and the machine, so the engine times each column's part of every run (its
//! wall time per task) and its own threads' CPU (the in-process parsers, the references, judging
//! and the fold: getrusage(2), `RUSAGE_SELF`), and plans the next run from that. The first run of
//! an engine has nothing measured and gives every worker one process.
//!
//! The plan, as for divisible work on identical machines: the run's work per task is the
//! engine's own and every column's; spread evenly over `cores` cores it takes `total / cores`
//! per task, and a worker whose column costs more than that gets as many processes as bring it
//! down to it (rounded up, at most [`MAX_PROCESSES`]). On a machine whose every core is already
//! busy with many workers no column costs that much; a run with one dear worker gets that
//! worker's processes even on two cores.
//!
//! One more rule for the machine every column shares: the scheduler gives each runnable process
//! an equal share, so the dearest column, dearer than such a share, falls behind, the others
//! finish their part of a run and wait, and it runs alone on one core while the rest idle (a
//! tenth of a 30,000-input report's main run on two cores, python-furl alone). It gets as many
//! processes as its cost over an equal share, at most the cores: alone, it keeps them busy.

use std::sync::atomic::{AtomicU64, Ordering};
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
    /// Nanoseconds of CPU the in-process subjects' calls of the runs took (their parses and
    /// re-parses, not the references'), by the calling threads' clocks.
    in_process: AtomicU64,
}

impl Pool {
    /// A pool planning for `cores` cores, for `subjects` subjects.
    pub(super) fn new(cores: usize, subjects: usize) -> Pool {
        Pool {
            cores: cores.max(1),
            seen: Mutex::new(vec![(Duration::ZERO, 0); subjects]),
            most: Mutex::new(vec![1; subjects]),
            own: Mutex::new((Duration::ZERO, 0)),
            in_process: AtomicU64::new(0),
        }
    }

    /// The in-process subjects' calls of some tasks, timed together, took `cpu` of their thread.
    pub(super) fn observe_in_process(&self, cpu: Duration) {
        let ns = u64::try_from(cpu.as_nanos()).unwrap_or(u64::MAX);
        self.in_process.fetch_add(ns, Ordering::Relaxed);
    }

    /// What the in-process subjects' calls of the runs took so far ([`Pool::observe_in_process`]).
    pub(super) fn in_process(&self) -> Duration {
        Duration::from_nanos(self.in_process.load(Ordering::Relaxed))
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

/// The plan: `cost[c]` is worker column `c`'s time per task with one process (0 when not
/// measured, and such a column gets one process), `own` the engine's CPU per task.
///
/// ```text
/// 8 cores, the engine 2, columns costing 10, 3, 1 per task: 16 in all, 2 per core; the first
/// column needs 10 / 2 = 5 processes, the second 2 (1.5 rounded up), the third 1: [5, 2, 1].
/// ```
fn plan(cores: usize, own: f64, cost: &[f64]) -> Vec<usize> {
    let total = own + cost.iter().sum::<f64>();
    let even = total / cores.max(1) as f64;
    let mut planned: Vec<usize> = cost
        .iter()
        .map(|&c| {
            if c > 0.0 && even > 0.0 {
                // At most MAX_PROCESSES, so the cast cannot truncate.
                (c / even).ceil().min(MAX_PROCESSES as f64) as usize
            } else {
                1
            }
        })
        .map(|n| n.max(1))
        .collect();
    // The rule for the machine every column shares (the module's doc): the scheduler gives
    // each runnable process an equal share (CFS, sched(7)).
    let dearest = (0..cost.len()).max_by(|&a, &b| cost[a].total_cmp(&cost[b]));
    if let Some(d) = dearest.filter(|_| total > 0.0) {
        // The engine's own threads count as one party more where they cost anything. A column
        // of exactly an equal share is not dearer than it: the rounding error is not a process.
        let parties = (cost.len() + usize::from(own > 0.0)) as f64;
        let fair = (cost[d] * parties / total - 1e-9).ceil();
        // At most the cores and MAX_PROCESSES, so the cast cannot truncate.
        let fair = fair.min(cores.min(MAX_PROCESSES) as f64) as usize;
        planned[d] = planned[d].max(fair);
    }
    planned
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

/// CPU time the calling thread has spent so far, from clock_gettime(2)
/// `CLOCK_THREAD_CPUTIME_ID` (the scheduler's own count, in nanoseconds, where getrusage(2)
/// gives microseconds: a few tasks' in-process parses take some tens); `None` where it cannot
/// be read.
pub(crate) fn thread_cpu() -> Option<Duration> {
    #[cfg(unix)]
    {
        use nix::time::{clock_gettime, ClockId};
        let t = clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).ok()?;
        let secs = u64::try_from(t.tv_sec()).ok()?;
        let nanos = u32::try_from(t.tv_nsec()).ok()?;
        Some(Duration::new(secs, nanos))
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
    fn a_busy_machine_keeps_one_process_per_worker() {
        // Two cores and many workers of like cost: none costs a core's share of the run.
        assert_eq!(plan(2, 5.0, &[1.0; 27]), vec![1; 27]);
        // One core: nothing is spread.
        assert_eq!(plan(1, 0.0, &[9.0, 1.0]), vec![1, 1]);
    }

    #[test]
    fn a_column_dearer_than_a_core_s_share_gets_processes_to_bring_it_down() {
        assert_eq!(plan(8, 2.0, &[10.0, 3.0, 1.0]), vec![5, 2, 1]);
        // One dear worker on two cores: 9 of 10 per task, 5 a core: two processes.
        assert_eq!(plan(2, 1.0, &[9.0]), vec![2]);
        // The engine's own work counts in the run's: with it dearer, the share is larger.
        assert_eq!(plan(8, 70.0, &[10.0, 3.0, 1.0]), vec![1, 1, 1]);
    }

    #[test]
    fn where_every_core_is_shared_the_dearest_column_gets_the_cores() {
        // A report's 27 workers on two cores: python-furl's column costs 14 in 90, more than
        // a party's equal share (1 in 28), and is given both cores; the next dearest, and
        // columns of like cost, keep one process.
        let mut cost = vec![14.3, 6.6, 5.4];
        cost.extend([2.0; 24]);
        let planned = plan(2, 20.0, &cost);
        assert_eq!(planned[0], 2);
        assert!(planned[1..].iter().all(|&n| n == 1), "{planned:?}");
        // On eight cores, its cost over an equal share (14.3 / 94.3 x 28 = 4.2, up): five.
        assert_eq!(plan(8, 20.0, &cost)[0], 5);
        // Like columns: no column is dearer than its share.
        assert_eq!(plan(2, 0.0, &[1.0; 27]), vec![1; 27]);
        // One core: nothing to keep busy.
        assert_eq!(plan(1, 20.0, &cost)[0], 1);
    }

    #[test]
    fn unmeasured_columns_and_the_cap_hold_processes_back() {
        assert_eq!(plan(16, 0.0, &[0.0, 0.0]), vec![1, 1]);
        assert_eq!(plan(64, 0.0, &[3.0, 0.0]), vec![MAX_PROCESSES, 1]);
        assert_eq!(plan(4, 0.0, &[]), Vec::<usize>::new());
    }

    #[test]
    fn what_is_observed_is_planned_from() {
        let pool = Pool::new(6, 4);
        assert_eq!(pool.plan(&[1, 3]), vec![1, 1], "nothing measured yet");
        pool.observe(1, Duration::from_millis(900), 100);
        pool.observe(3, Duration::from_millis(100), 100);
        pool.observe(1, Duration::from_millis(900), 100);
        // 9 and 1 ms a task, 10 in all, 10/6 a core: 9 needs 6 processes (5.4 rounded up).
        assert_eq!(pool.plan(&[1, 3]), vec![6, 1]);
        assert_eq!(pool.plan(&[3, 1]), vec![1, 6]);
        assert_eq!((pool.most(1), pool.most(3), pool.most(0)), (6, 1, 1));
        // The engine's own CPU, 5 ms a task: 15 in all, 2.5 a core; 9 needs 4 (3.6).
        pool.observe_own(Duration::from_millis(1000), 200);
        assert_eq!(pool.plan(&[1, 3]), vec![4, 1]);
    }
}
