//! Ending a worker's whole process tree, a grandchild that left the worker's process group or
//! session (`setsid`) included: a worker that detaches a child must not leave it running.
//!
//! A worker runs in its own process group, and killing the group ends what stays in it. A
//! descendant that calls `setsid(2)` leaves the group and the session, and once its parent
//! exits it is re-parented, out of reach of both. Two means reach it on Linux:
//!
//! - **The tag.** Each worker is started with a tag in its environment ([`TAG_VAR`], a value of
//!   its own), which every descendant inherits through `fork` and `execve` (environ(7)); ending
//!   the tree is then, round after round until nothing is found: the worker's live
//!   descendants, read from `/proc/<pid>/task/<tid>/children` (proc(5): "the child tasks of this
//!   task"), and every process whose `/proc/<pid>/environ` carries the tag, each sent `SIGKILL`.
//!   This finds a detached descendant of one worker while it keeps its environment.
//! - **The subreaper.** A descendant that empties its environment (`env -i`) carries no tag. So
//!   the `uridiff` command makes itself the child subreaper of its descendants ([`adopt_orphans`]:
//!   `PR_SET_CHILD_SUBREAPER`, prctl(2): "an orphaned process is reparented to the nearest still
//!   living ancestor subreaper"): whatever a worker detaches becomes uridiff's child once its
//!   parent is gone, instead of init's. Uridiff's children that are neither a running worker
//!   (kept in [`ROOTS`], registered as each starts) nor in uridiff's own process group (every
//!   other command uridiff runs stays in it; a worker's tree starts in the worker's group) are
//!   such orphans: [`end_orphans`] kills and reaps them, when any worker ends and when the
//!   `uridiff` command ends. An orphan that still carries a tag is left to its worker's end,
//!   since it may belong to a worker that runs. Being a subreaper is a property of the whole
//!   process, and a program that embeds the library may run children of its own in groups of
//!   their own: so it is asked for ([`adopt_orphans`]), never a side effect of starting a worker.
//!
//! Why not a cgroup: it needs a writable cgroup tree, which an unprivileged user mostly lacks.
//! Elsewhere than on Linux only the group is killed.

use std::collections::BTreeSet;
use std::io;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

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

/// The process ids of the workers started and not yet reaped: uridiff's children that are not
/// orphans. Held while a worker starts, so that no sweep sees a new worker unregistered.
static ROOTS: Mutex<BTreeSet<u32>> = Mutex::new(BTreeSet::new());

fn roots() -> MutexGuard<'static, BTreeSet<u32>> {
    // A panic while the set was held leaves it as it was: still the truth.
    ROOTS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether [`adopt_orphans`] made this process the subreaper of what its workers detach.
static ADOPTING: AtomicBool = AtomicBool::new(false);

/// Makes this process the child subreaper of its descendants (Linux's
/// `PR_SET_CHILD_SUBREAPER`), so that a process a worker detaches, even one that emptied its
/// environment and left the worker's session, becomes this process's child when its parent
/// ends; from then on such orphans are killed and reaped whenever a worker ends and by
/// [`end_orphans`]. Returns whether it took effect (false elsewhere than on Linux, or if the
/// kernel refused).
///
/// Process-wide: after it, every child of this process outside its process group that is not a
/// running worker and carries no worker's tag counts as an orphan to end. The `uridiff` command
/// calls it first; a program that runs children of its own in process groups of their own
/// should not.
///
/// ```no_run
/// use uridiff::subjects::external::{adopt_orphans, end_orphans};
/// adopt_orphans();
/// // ... run workers ...
/// end_orphans();
/// ```
pub fn adopt_orphans() -> bool {
    #[cfg(target_os = "linux")]
    if nix::sys::prctl::set_child_subreaper(true).is_ok() {
        ADOPTING.store(true, Ordering::SeqCst);
        return true;
    }
    false
}

/// Starts a worker's process and registers it as a root.
///
/// An executable this process has just written (a covered build copied into the cache) can be
/// refused with ETXTBSY for a moment: a child forked by another thread while the file was open
/// for writing holds that descriptor until its own exec (execve(2), ERRORS). The start is tried
/// again for up to half a second before the error stands.
pub(super) fn spawn(command: &mut Command) -> io::Result<Child> {
    let mut tries = 0;
    loop {
        let mut roots = roots();
        match command.spawn() {
            Ok(child) => {
                roots.insert(child.id());
                return Ok(child);
            }
            Err(e) if busy(&e) && tries < 50 => {
                drop(roots);
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(e) => return Err(e),
        }
    }
}

/// Whether `e` is ETXTBSY, "Text file busy".
fn busy(e: &io::Error) -> bool {
    #[cfg(unix)]
    return e.raw_os_error() == Some(nix::errno::Errno::ETXTBSY as i32);
    #[cfg(not(unix))]
    return false;
}

/// Waits for the worker `child` to end and unregisters it, both under the lock: a worker
/// started meanwhile cannot take its id and then lose its registration.
pub(super) fn reap(child: &mut Child) -> Option<std::process::ExitStatus> {
    let mut roots = roots();
    let status = child.wait().ok();
    roots.remove(&child.id());
    status
}

/// Kills and reaps every orphan a worker left to this process once [`adopt_orphans`] made it
/// their subreaper (see the module's doc): its children outside its own process group that
/// are no running worker and carry no worker's tag, round after round until none is left (an
/// orphan may fork while it is being killed). Returns how many were ended: none without
/// [`adopt_orphans`]. Called when a worker ends, and by the `uridiff` command before it exits.
pub fn end_orphans() -> usize {
    if !ADOPTING.load(Ordering::SeqCst) {
        return 0;
    }
    reap_orphans()
}

/// [`end_orphans`]' work, on Linux.
#[cfg(target_os = "linux")]
fn reap_orphans() -> usize {
    use nix::sys::signal::{kill, Signal};
    use nix::sys::wait::waitpid;
    use nix::unistd::Pid;
    let me = std::process::id();
    let Some(own_group) = stat(me).map(|s| s.pgrp) else {
        return 0;
    };
    let mut ended = 0;
    for _ in 0..ROUNDS {
        // Held while looking: a worker starting now is registered before it can be seen.
        let roots = roots();
        let found: Vec<u32> = processes()
            .filter(|&pid| !roots.contains(&pid))
            .filter(|&pid| stat(pid).is_some_and(|s| s.ppid == me && s.pgrp != own_group))
            .filter(|&pid| !tagged(pid))
            .collect();
        drop(roots);
        if found.is_empty() {
            break;
        }
        for pid in found {
            let Ok(raw) = i32::try_from(pid) else {
                continue;
            };
            // Still uridiff's unreaped child: its id cannot have been reused.
            let _ = kill(Pid::from_raw(raw), Signal::SIGKILL);
            let _ = waitpid(Pid::from_raw(raw), None);
            ended += 1;
        }
    }
    ended
}

/// Elsewhere than on Linux no process is made a subreaper: there are no orphans to end.
#[cfg(not(target_os = "linux"))]
fn reap_orphans() -> usize {
    0
}

/// What `/proc/<pid>/stat` says of a process's parent and group.
#[cfg(target_os = "linux")]
struct Stat {
    ppid: u32,
    pgrp: u32,
}

/// The parent and process group of `pid` (a zombie's too), from `/proc/<pid>/stat` (proc(5):
/// after the command's closing parenthesis come state, ppid, pgrp).
#[cfg(target_os = "linux")]
fn stat(pid: u32) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = text.rsplit_once(')')?;
    let mut fields = rest.split_ascii_whitespace().skip(1);
    Some(Stat {
        ppid: fields.next()?.parse().ok()?,
        pgrp: fields.next()?.parse().ok()?,
    })
}

/// Every process id in `/proc`.
#[cfg(target_os = "linux")]
fn processes() -> impl Iterator<Item = u32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()))
}

/// Whether the environment of `pid` carries some worker's tag.
#[cfg(target_os = "linux")]
fn tagged(pid: u32) -> bool {
    let needle = format!("{TAG_VAR}=").into_bytes();
    std::fs::read(format!("/proc/{pid}/environ")).is_ok_and(|environ| {
        environ
            .split(|&b| b == 0)
            .any(|entry| entry.starts_with(&needle))
    })
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
        // memchr's substring search, not a comparison at every offset: every process's
        // environment on the machine is searched each time a worker's CPU is read.
        if memchr::memmem::find(&padded, &needle).is_some() {
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
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;

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

    #[test]
    fn a_worker_whose_file_is_still_open_for_writing_a_moment_starts_once_it_is_closed() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("worker");
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o700)
            .open(&path)
            .expect("the worker's file");
        file.write_all(b"#!/bin/sh\nexit 3\n").expect("written");
        // While the file is open for writing, the kernel refuses to run it.
        let refused = Command::new(&path).spawn().expect_err("ETXTBSY");
        assert!(busy(&refused), "{refused}");
        let closer = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            drop(file);
        });
        let mut child = spawn(&mut Command::new(&path)).expect("started once closed");
        closer.join().expect("the closer");
        assert_eq!(reap(&mut child).and_then(|s| s.code()), Some(3));
    }
}
