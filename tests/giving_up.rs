//! Misbehaving workers given up on in seconds, and no process a worker starts outliving the run
//! (`workers/README.md`, "uridiff's side"). The test worker (workers/testing/misbehave.py)
//! misbehaves on every request and appends its pid to a file at each start.
//!
//! What is asserted, so that a busy machine cannot break it: counts, not wall-clock. How many
//! times the worker was started (a worker restarted for every request would be started 40
//! times), how many requests crashed and of which kind, that the rest were not sent (no start
//! after the verdict, each the worker's unavailability with the reason) and the verdict's
//! reason. The one bound on time is 30 s for a batch of 40 requests with a 1000 ms timeout: a
//! verdict reached after 3 timeouts costs about 3 s, a timeout per request 40 s and more. Where
//! the misbehaviour is not a timeout the timeout is 20 s, so that a loaded machine cannot turn
//! it into one.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use uridiff::model::{Answer, Component, CrashKind, Outcome};
use uridiff::subjects::external::{External, GIVE_UP_AFTER, GIVE_UP_AFTER_EXITS};
use uridiff::subjects::{Job, Subject};

const MISBEHAVE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/workers/testing/misbehave.py");

/// The per-request timeout where the misbehaviour is a timeout: the one of the hostile test the
/// limits answer.
const TIMEOUT: Duration = Duration::from_millis(1000);

/// The per-request timeout everywhere else: long enough that no answer misses it on a loaded
/// machine (a timeout there would be another failure than the one tested).
const PATIENT: Duration = Duration::from_secs(20);

/// The test worker misbehaving as `mode` on `trigger` ("*": every input), its starts logged to
/// `starts`, with the [`PATIENT`] timeout.
fn worker(mode: &str, trigger: &str, starts: &Path) -> External {
    External::from_command(
        &format!("misbehave-{mode}"),
        &format!(
            "MISBEHAVE_STARTS='{}' exec python3 '{MISBEHAVE}' {mode} '{trigger}'",
            starts.display()
        ),
    )
    .timeout(PATIENT)
    .handshake_timeout(Duration::from_secs(30))
}

/// How many times the worker was started.
fn starts(log: &Path) -> usize {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .count()
}

/// 40 parse inputs, `i0` to `i39`.
fn inputs() -> Vec<String> {
    (0..40).map(|i| format!("i{i}")).collect()
}

fn run(w: &External, inputs: &[String]) -> Vec<Outcome<Answer>> {
    let jobs: Vec<Job<'_>> = inputs.iter().map(|i| Job::parse(i.as_bytes())).collect();
    w.run_batch(&jobs)
}

/// Runs 40 requests through a worker misbehaving as `mode` on each, and checks that it was
/// given up on: `failures` crashed requests, the first of kind `kind`, the last `dead` with the
/// reason, one start per failure, the rest not sent.
#[track_caller]
fn given_up(mode: &str, kind: CrashKind, failures: usize) {
    let dir = tempfile::tempdir().expect("a folder");
    let log = dir.path().join("starts");
    let mut w = worker(mode, "*", &log);
    if kind == CrashKind::Timeout {
        w = w.timeout(TIMEOUT);
    }
    w.available().expect("the worker starts");
    let began = Instant::now();
    let out = run(&w, &inputs());
    let took = began.elapsed();
    assert!(took < Duration::from_secs(30), "{mode}: {took:?}");
    assert_eq!(out.len(), 40);
    let (crashed, rest) = out.split_at(failures);
    for (k, o) in crashed.iter().enumerate() {
        let Outcome::Crashed(c) = o else {
            panic!("{mode}: request {k}: expected a crash, got {o:?}")
        };
        if k + 1 < failures {
            assert_eq!(c.kind, kind, "{mode}: request {k}: {}", c.message);
        } else {
            assert_eq!(c.kind, CrashKind::Dead, "{mode}: the last: {}", c.message);
            let why = format!("given up on for the rest of the run: {failures} requests in a row");
            assert!(c.message.contains(&why), "{mode}: {}", c.message);
            assert!(
                c.message.contains(&format!("{}, ", kind.name())),
                "{mode}: names the failures' kinds: {}",
                c.message
            );
        }
    }
    for (k, o) in rest.iter().enumerate() {
        assert!(
            matches!(o, Outcome::Unsupported(why) if why.contains("not available: given up on")),
            "{mode}: request {}: {o:?}",
            k + failures
        );
    }
    // One start per failed request: the verdict starts none after the last.
    assert_eq!(starts(&log), failures, "{mode}: starts");
    let why = w.available().expect_err("given up on");
    assert!(
        why.starts_with("given up on for the rest of the run"),
        "{why}"
    );
    assert!(why.contains("the last: "), "{why}");
    // Another batch is not sent at all: no start, every request unsupported with the reason.
    let again = run(&w, &inputs()[..5]);
    assert!(
        again
            .iter()
            .all(|o| matches!(o, Outcome::Unsupported(w) if w.contains("given up on"))),
        "{mode}: {again:?}"
    );
    assert_eq!(starts(&log), failures, "{mode}: no start after the verdict");
    assert_eq!(w.pid(), None, "{mode}: no worker runs");
}

#[test]
fn a_worker_that_never_answers_is_given_up_on_after_three_timeouts() {
    given_up("hang", CrashKind::Timeout, GIVE_UP_AFTER);
}

#[test]
fn a_worker_that_stops_reading_its_stdin_is_given_up_on() {
    given_up("stop-reading", CrashKind::Timeout, GIVE_UP_AFTER);
}

#[test]
fn a_worker_that_closes_its_stdin_and_keeps_running_is_given_up_on() {
    given_up("close-stdin", CrashKind::Timeout, GIVE_UP_AFTER);
}

#[test]
fn a_worker_that_closes_its_stdout_and_keeps_running_is_given_up_on() {
    given_up("close-stdout", CrashKind::Protocol, GIVE_UP_AFTER);
}

#[test]
fn a_worker_that_trickles_partial_lines_is_given_up_on() {
    given_up("trickle", CrashKind::Timeout, GIVE_UP_AFTER);
}

#[test]
fn a_worker_answering_out_of_order_is_given_up_on() {
    given_up("out-of-order", CrashKind::Protocol, GIVE_UP_AFTER);
}

#[test]
fn a_worker_printing_garbage_is_given_up_on() {
    given_up("garbage", CrashKind::Protocol, GIVE_UP_AFTER);
}

#[test]
fn a_worker_flooding_blank_lines_is_cut_at_the_cap_and_given_up_on() {
    given_up("blank-endless", CrashKind::Protocol, GIVE_UP_AFTER);
}

#[test]
fn a_worker_flooding_its_stderr_without_a_newline_is_given_up_on() {
    given_up("stderr-flood", CrashKind::Timeout, GIVE_UP_AFTER);
}

#[test]
fn a_worker_that_exits_on_every_request_is_given_up_on_after_ten() {
    given_up("crash", CrashKind::Exit, GIVE_UP_AFTER_EXITS);
}

#[test]
fn failures_between_answers_never_give_a_worker_up() {
    // Every other request fails: 20 protocol errors, never two in a row. Each costs its request
    // and a restart, none the rest of the run.
    let dir = tempfile::tempdir().expect("a folder");
    let log = dir.path().join("starts");
    let w = worker("garbage", "trigger", &log);
    let inputs: Vec<String> = (0..40)
        .map(|i| {
            if i % 2 == 0 {
                "trigger".to_owned()
            } else {
                format!("i{i}")
            }
        })
        .collect();
    let out = run(&w, &inputs);
    for (o, input) in out.iter().zip(&inputs) {
        if input == "trigger" {
            assert!(
                matches!(o, Outcome::Crashed(c) if c.kind == CrashKind::Protocol),
                "{o:?}"
            );
        } else {
            assert_echo(o, input);
        }
    }
    assert!(w.available().is_ok(), "still available");
    assert_eq!(starts(&log), 21, "one start, then one per protocol error");
}

#[test]
fn floods_under_the_caps_cost_no_request() {
    // 8 MiB of stderr without a newline, or 5,000 blank lines, before each answer: every
    // request answered by the first worker (within the patient timeout: the flood is the
    // worker's own time).
    for mode in ["stderr-noise", "blank-noise"] {
        let dir = tempfile::tempdir().expect("a folder");
        let log = dir.path().join("starts");
        let w = worker(mode, "*", &log);
        let inputs = inputs();
        let out = run(&w, &inputs);
        for (o, input) in out.iter().zip(&inputs) {
            assert_echo(o, input);
        }
        assert_eq!(starts(&log), 1, "{mode}: never restarted");
    }
}

#[track_caller]
fn assert_echo(out: &Outcome<Answer>, input: &str) {
    let Outcome::Accepted(Answer::Parsed(p)) = out else {
        panic!("expected {input:?} accepted, got {out:?}")
    };
    assert_eq!(p.components.get(Component::Path), Some(input));
}

/// Whether `pid` runs (a zombie does not).
#[cfg(target_os = "linux")]
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_ascii_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X")
    })
}

/// The pids the orphan mode's grandchildren wrote, once each has become `sleep` (so that it
/// has emptied its environment: `env -i` execs it).
#[cfg(target_os = "linux")]
fn orphans(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .map(|l| l.trim().parse().expect("a pid"))
        .collect()
}

/// Waits (ten seconds at most, for a loaded machine to deliver the kills) until none of `pids`
/// runs, and names those that still do.
#[cfg(target_os = "linux")]
fn survivors(pids: &[u32]) -> Vec<u32> {
    for _ in 0..1_000 {
        if pids.iter().all(|&p| !alive(p)) {
            return Vec::new();
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    pids.iter().copied().filter(|&p| alive(p)).collect()
}

#[cfg(target_os = "linux")]
#[test]
fn a_grandchild_that_empties_its_environment_and_leaves_the_session_ends_with_the_worker() {
    // At each start the worker forks; the child calls setsid and forks the grandchild, which
    // execs `env -i sleep 3600` (no tag, no group, no session of the worker's) and outlives
    // its parents. The worker exits on every request: restarted until given up on, each start
    // leaving one such grandchild.
    // As the `uridiff` command does first: this process becomes the subreaper of what its
    // workers detach.
    assert!(uridiff::subjects::external::adopt_orphans(), "a subreaper");
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("orphans");
    let starts_log = dir.path().join("starts");
    let w = External::from_command(
        "orphan",
        &format!(
            "MISBEHAVE_ORPHANS='{}' MISBEHAVE_STARTS='{}' exec python3 '{MISBEHAVE}' orphan '*'",
            file.display(),
            starts_log.display()
        ),
    )
    .timeout(PATIENT)
    .handshake_timeout(Duration::from_secs(30));
    let out = run(&w, &inputs());
    assert!(
        matches!(&out[GIVE_UP_AFTER_EXITS - 1], Outcome::Crashed(c) if c.kind == CrashKind::Dead),
        "{:?}",
        out[GIVE_UP_AFTER_EXITS - 1]
    );
    drop(w);
    let pids = orphans(&file);
    assert_eq!(pids.len(), starts(&starts_log), "one grandchild per start");
    assert_eq!(pids.len(), GIVE_UP_AFTER_EXITS);
    let left = survivors(&pids);
    assert!(left.is_empty(), "left running: {left:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_report_with_a_worker_given_up_on_says_so_once_and_leaves_no_process() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("orphans");
    let out_dir = dir.path().join("report");
    let o = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(["report", "--quiet", "--count", "40", "--no-boundary"])
        .args(["--no-builtin-suites", "--timeout-ms", "2000"])
        .args(["--parser", "url", "--parser", "w", "--out"])
        .arg(&out_dir)
        .arg("--external")
        .arg(format!("w=exec python3 '{MISBEHAVE}' orphan '*'"))
        .env("MISBEHAVE_ORPHANS", &file)
        .output()
        .expect("uridiff runs");
    let text = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "a crash: {text}");
    let report: serde_json::Value = serde_json::from_slice(
        &std::fs::read(out_dir.join("discrepancies.json")).expect("the report"),
    )
    .expect("JSON");
    let dead: Vec<&serde_json::Value> = report["classes"]
        .as_array()
        .expect("classes")
        .iter()
        .filter(|c| c["signature"]["class"] == "crash-dead")
        .collect();
    assert_eq!(dead.len(), 1, "one crash-dead class: {dead:?}");
    let w = report["subjects"]
        .as_array()
        .expect("subjects")
        .iter()
        .find(|s| s["name"] == "w")
        .expect("w is listed");
    assert_eq!(w["available"], false, "{w}");
    assert!(
        w["unavailable"]
            .as_str()
            .is_some_and(|why| why.starts_with("given up on for the rest of the run")),
        "{w}"
    );
    // The run is over: none of the grandchildren its starts left runs.
    let pids = orphans(&file);
    assert_eq!(pids.len(), GIVE_UP_AFTER_EXITS, "one per start: {pids:?}");
    let left = survivors(&pids);
    assert!(left.is_empty(), "left running after the report: {left:?}");
}

#[test]
fn a_parser_under_test_given_up_on_fails_the_gate_in_one_line() {
    let dir = tempfile::tempdir().expect("a folder");
    let baseline = dir.path().join("b.txt");
    let o = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args([
            "check",
            "--write-baseline",
            "--count",
            "40",
            "--no-boundary",
        ])
        .args(["--no-builtin-suites", "--parser", "url", "--parser", "w"])
        .args(["--under-test", "w", "--baseline"])
        .arg(&baseline)
        .arg("--external")
        .arg(format!("w=exec python3 '{MISBEHAVE}' out-of-order '*'"))
        .output()
        .expect("uridiff runs");
    let text = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{text}");
    let first = text.lines().next().unwrap_or_default();
    assert!(
        first.contains("w is under test but stopped running during the run: given up on"),
        "{text}"
    );
    assert!(!baseline.exists(), "no baseline of its non-answers");
}
