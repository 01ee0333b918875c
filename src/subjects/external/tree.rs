//! Ending a worker's whole process tree, a grandchild that left the worker's process group or
//! session (`setsid`) included: a worker that detaches a child must not leave it running.
//!
//! A worker runs in its own process group, and killing the group ends what stays in it. A
//! descendant that calls `setsid(2)` leaves the group and the session, and once its parent
//! exits it is re-parented to init, out of reach of both. So on Linux each worker is started
//! with a tag in its environment ([`TAG_VAR`], a value of its own), which every descendant
//! inherits through `fork` and `execve` (environ(7)); ending the tree is then, round after
//! round until nothing is found: the worker's live descendants, read from
//! `/proc/<pid>/task/<tid>/children` (proc(5): "the child tasks of this task"), and every process
//! whose `/proc/<pid>/environ` carries the tag, each sent `SIGKILL`.
//!
//! Why this and not another: `PR_SET_CHILD_SUBREAPER` would make uridiff the parent of every
//! orphan of every worker, a process-wide change whose zombies uridiff would then have to reap;
//! a cgroup needs a writable cgroup tree, which an unprivileged user mostly lacks. The tag needs
//! neither, and reaches a re-parented orphan as long as it keeps the environment it was started
//! with (a descendant that empties its environment and leaves the group is found only while
//! its parent lives). Elsewhere than on Linux only the group is killed.

/// The environment variable that tags every process of one worker's tree.
pub(super) const TAG_VAR: &str = "URIDIFF_WORKER_TREE";

/// How many times the tree is searched again after a kill (a process may fork while its
/// relatives are being killed; each round kills what the last one saw).
#[cfg(target_os = "linux")]
const ROUNDS: usize = 8;

/// A tag no other worker of any uridiff process has: this process's id, a counter, and a value
/// from the standard library's randomly seeded hasher.
pub(super) fn new_tag() -> String {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(n);
    format!("{}-{n}-{:016x}", std::process::id(), h.finish())
}

/// Kills every process of the tree of `root` (tagged `tag`) but `root` itself, round after
/// round until none is left (at most [`ROUNDS`] rounds).
#[cfg(target_os = "linux")]
pub(super) fn end(root: u32, tag: &str) {
    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;
    let me = std::process::id();
    for _ in 0..ROUNDS {
        let found: Vec<u32> = members(root, tag)
            .into_iter()
            .filter(|&p| p != root && p != me)
            .collect();
        if found.is_empty() {
            return;
        }
        for pid in found {
            if let Ok(pid) = i32::try_from(pid) {
                let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
            }
        }
    }
}

/// Elsewhere than on Linux there is no `/proc` to read: the process group's kill is all.
#[cfg(not(target_os = "linux"))]
pub(super) fn end(_root: u32, _tag: &str) {}

/// The live descendants of `root` and every process whose environment carries the tag.
#[cfg(target_os = "linux")]
pub(super) fn members(root: u32, tag: &str) -> std::collections::BTreeSet<u32> {
    let mut found = std::collections::BTreeSet::new();
    let mut todo = vec![root];
    while let Some(pid) = todo.pop() {
        for child in children(pid) {
            if found.insert(child) {
                todo.push(child);
            }
        }
    }
    // Each entry of the environment ends in NUL; a NUL is put before the first to match alike.
    let needle = format!("\0{TAG_VAR}={tag}\0").into_bytes();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return found;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        // Another user's process cannot be read (and cannot be ours).
        let Ok(environ) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        let mut padded = Vec::with_capacity(environ.len() + 1);
        padded.push(0);
        padded.extend_from_slice(&environ);
        if padded.windows(needle.len()).any(|w| w == needle.as_slice()) {
            found.insert(pid);
        }
    }
    found
}

/// The children of every thread of `pid`, from `/proc/<pid>/task/<tid>/children`.
#[cfg(target_os = "linux")]
fn children(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("children")).ok())
        .flat_map(|text| {
            text.split_ascii_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect::<Vec<u32>>()
        })
        .collect()
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_tagged_orphan_in_its_own_session_is_found_and_ended() {
        let tag = new_tag();
        let dir = tempfile::tempdir().expect("a folder");
        let pidfile = dir.path().join("pid");
        // The shell starts `setsid sleep` in the background and exits: the sleep is re-parented
        // and in a session of its own, out of reach of a group kill and of a children walk.
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "setsid sleep 1000 </dev/null >/dev/null 2>&1 & echo $! > '{}'",
                pidfile.display()
            ))
            .env(TAG_VAR, &tag)
            .status()
            .expect("sh runs");
        assert!(status.success());
        let pid: u32 = std::fs::read_to_string(&pidfile)
            .expect("the pid")
            .trim()
            .parse()
            .expect("a number");
        assert!(alive(pid), "the orphan runs");
        // `$!` is written as soon as the shell forks; while `setsid` execs `sleep`, the kernel
        // may show an empty `/proc/<pid>/environ`. Wait (ten seconds at most) until the orphan
        // is the `sleep` it becomes.
        for _ in 0..1_000 {
            let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
            if comm.trim() == "sleep" {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(members(u32::MAX, &tag).contains(&pid), "found by its tag");
        assert!(
            !members(u32::MAX, &new_tag()).contains(&pid),
            "not by another"
        );
        end(u32::MAX, &tag);
        // Killed (at worst a zombie until init reaps it); ten seconds, so that a loaded machine
        // delivering the signal late is no failure.
        let mut gone = false;
        for _ in 0..1_000 {
            if !alive(pid) {
                gone = true;
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(gone, "process {pid} still runs");
    }

    /// Whether `pid` is a process that is not a zombie.
    fn alive(pid: u32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            // The state follows the command's closing parenthesis.
            stat.rsplit_once(')')
                .and_then(|(_, rest)| rest.split_ascii_whitespace().next())
                .is_some_and(|state| state != "Z" && state != "X")
        })
    }
}
