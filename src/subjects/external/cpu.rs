//! The CPU time a worker's processes spent, for `uridiff bench --harness`'s CPU split: the
//! worker, its live descendants, and what they reaped, from `/proc/<pid>/stat` (proc(5): fields
//! 14 to 17, `utime`, `stime`, `cutime`, `cstime`, in clock ticks of `sysconf(_SC_CLK_TCK)`).
//!
//! A worker's process tree is the one [`super::tree`] ends: its live descendants and every
//! process tagged with its [`super::tree::TAG_VAR`]. A process's `cutime` and `cstime` hold the
//! children it waited for (getrusage(2), `RUSAGE_CHILDREN`), so the sum over the live tree counts
//! each ended descendant once, when it was reaped inside the tree. When uridiff ends a worker
//! (a restart, the run's end), the tree is read just before the kill and its figure kept
//! ([`Meter::end`]): what a worker spent survives its restarts. A descendant that detached and
//! was never reaped inside the tree is counted while it lives.
//!
//! Each worker's [`Meter`] is listed by its subject's name, so that code holding only a
//! [`crate::subjects::Subject`] can ask ([`worker_cpu`]). Elsewhere than on Linux there is no
//! `/proc` to read: nothing is measured ([`worker_cpu`] is `None`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

/// What one worker's processes spent: the ended ones' sum and the running ones' trees (a
/// worker may run as several processes at once).
#[derive(Debug, Default)]
pub(super) struct Meter {
    /// Microseconds spent by the trees of worker processes already ended.
    ended_us: AtomicU64,
    /// The running processes' pids and tags.
    live: Mutex<Vec<(u32, String)>>,
}

/// Every worker's meter by subject name (weak: a dropped subject leaves the list).
static METERS: Mutex<Vec<(String, Weak<Meter>)>> = Mutex::new(Vec::new());

fn meters() -> MutexGuard<'static, Vec<(String, Weak<Meter>)>> {
    METERS.lock().unwrap_or_else(|e| e.into_inner())
}

impl Meter {
    /// A meter for the subject `name`, listed for [`worker_cpu`].
    pub(super) fn listed(name: &str) -> Arc<Meter> {
        let meter = Arc::new(Meter::default());
        let mut all = meters();
        all.retain(|(_, m)| m.strong_count() > 0);
        all.push((name.to_owned(), Arc::downgrade(&meter)));
        meter
    }

    fn live(&self) -> MutexGuard<'_, Vec<(u32, String)>> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A worker process started: its tree is read from now on.
    pub(super) fn start(&self, pid: u32, tag: &str) {
        self.live().push((pid, tag.to_owned()));
    }

    /// The worker `pid` is about to be killed: what its tree spent is kept.
    pub(super) fn end(&self, pid: u32) {
        let mut live = self.live();
        let Some(at) = live.iter().position(|(root, _)| *root == pid) else {
            return;
        };
        let (root, tag) = live.swap_remove(at);
        if let Some(spent) = tree_cpu(root, &tag) {
            let us = u64::try_from(spent.as_micros()).unwrap_or(u64::MAX);
            self.ended_us.fetch_add(us, Ordering::Relaxed);
        }
    }

    /// What every worker process of this subject spent so far; `None` where it cannot be read.
    pub(super) fn spent(&self) -> Option<Duration> {
        if !cfg!(target_os = "linux") {
            return None;
        }
        let ended = Duration::from_micros(self.ended_us.load(Ordering::Relaxed));
        let live = self.live().clone();
        Some(
            ended
                + live
                    .iter()
                    .filter_map(|(root, tag)| tree_cpu(*root, tag))
                    .sum::<Duration>(),
        )
    }
}

/// The CPU time (user and system, descendants included) spent by the workers of the subject
/// named `name` this process started, restarts included; `None` when no such worker was made or
/// elsewhere than on Linux. Several live subjects of one name are summed.
///
/// ```
/// use uridiff::subjects::external::{worker_cpu, External};
/// let worker = External::from_command("cpu-doc-example", "exit 0");
/// // Made, not started: nothing spent (and nothing measured off Linux).
/// assert!(worker_cpu("cpu-doc-example").is_none_or(|d| d.is_zero()));
/// assert_eq!(worker_cpu("no-such-worker"), None);
/// # drop(worker);
/// ```
pub fn worker_cpu(name: &str) -> Option<Duration> {
    let found: Vec<Arc<Meter>> = meters()
        .iter()
        .filter(|(n, _)| n == name)
        .filter_map(|(_, m)| m.upgrade())
        .collect();
    if found.is_empty() {
        return None;
    }
    found.iter().map(|m| m.spent()).sum()
}

/// The summed `utime + stime + cutime + cstime` of `root` and its tree.
#[cfg(target_os = "linux")]
fn tree_cpu(root: u32, tag: &str) -> Option<Duration> {
    let tick = nix::unistd::sysconf(nix::unistd::SysconfVar::CLK_TCK)
        .ok()
        .flatten()
        .filter(|&t| t > 0)?;
    let mut pids = super::tree::members(root, tag);
    pids.insert(root);
    let ticks: u64 = pids.into_iter().filter_map(ticks).sum();
    Some(Duration::from_micros(ticks * 1_000_000 / tick as u64))
}

#[cfg(not(target_os = "linux"))]
fn tree_cpu(_root: u32, _tag: &str) -> Option<Duration> {
    None
}

/// `utime + stime + cutime + cstime` of `pid` (a zombie's too), in clock ticks: after the
/// command's closing parenthesis come field 3 (state) onwards, so field 14 is the 12th.
#[cfg(target_os = "linux")]
fn ticks(pid: u32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = text.rsplit_once(')')?;
    let fields: Vec<&str> = rest.split_ascii_whitespace().skip(11).take(4).collect();
    if fields.len() < 4 {
        return None;
    }
    fields.iter().map(|f| f.parse::<u64>().ok()).sum()
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_busy_process_is_measured_and_kept_after_its_end() {
        let mut child = std::process::Command::new("sh")
            .arg("-c")
            .arg("i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; sleep 5")
            .spawn()
            .unwrap();
        let meter = Meter::listed("cpu-unit-test-busy");
        meter.start(child.id(), "no-such-tag");
        // The loop takes some tens of milliseconds of CPU; wait until it shows.
        let until = std::time::Instant::now() + Duration::from_secs(20);
        while meter.spent().unwrap() < Duration::from_millis(20) {
            assert!(std::time::Instant::now() < until, "no CPU seen");
            std::thread::sleep(Duration::from_millis(20));
        }
        meter.end(child.id());
        let kept = meter.spent().unwrap();
        assert!(kept >= Duration::from_millis(20), "{kept:?}");
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(
            meter.spent().unwrap(),
            kept,
            "an ended tree is not read again"
        );
        assert_eq!(worker_cpu("cpu-unit-test-busy"), Some(kept));
    }
}
