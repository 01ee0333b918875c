//! A worker as a pool of processes: a batch cut into parts in order, each part to a process of
//! its own, answers in the batch's order; a process's failure stays that process's; one given
//! up on ends the worker; and the engine gives processes to a worker dearer than a core's share
//! of the run, as measured. Events, not wall-clock thresholds: the test worker
//! (workers/testing/pipeline.py) logs its pid with each request it receives.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use uridiff::engine::{Engine, Task};
use uridiff::model::{Answer, Component, CrashKind, Outcome};
use uridiff::subjects::external::External;
use uridiff::subjects::{Job, Subject};

const PIPELINE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/workers/testing/pipeline.py");
const MISBEHAVE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/workers/testing/misbehave.py");

/// The pipeline test worker in `mode`, logging to `log`.
fn pipeline(mode: &str, log: &Path) -> External {
    External::from_command(
        &format!("pool-{mode}"),
        &format!("exec python3 '{PIPELINE}' {mode} '{}'", log.display()),
    )
    .timeout(Duration::from_secs(10))
    .handshake_timeout(Duration::from_secs(30))
}

/// The pipeline test worker answering every request, as three processes of a window of 8,
/// started.
fn three_processes(log: &Path) -> External {
    let worker = pipeline("ok", log).window(8).processes(3);
    worker.available().expect("python3 runs the test worker");
    worker
}

/// How many requests each pid received, from the worker's log.
fn received(log: &Path) -> BTreeMap<u32, usize> {
    let mut by_pid = BTreeMap::new();
    for line in std::fs::read_to_string(log).unwrap_or_default().lines() {
        let f: Vec<&str> = line.split(' ').collect();
        if f.get(1) == Some(&"recv") {
            *by_pid.entry(f[0].parse::<u32>().expect("pid")).or_insert(0) += 1;
        }
    }
    by_pid
}

fn path_of(out: &Outcome<Answer>) -> Option<&str> {
    match out {
        Outcome::Accepted(Answer::Parsed(p)) => p.components.get(Component::Path),
        _ => None,
    }
}

#[test]
fn a_batch_goes_in_parts_to_as_many_processes_and_comes_back_in_order() {
    let dir = tempfile::tempdir().expect("a folder");
    let log = dir.path().join("ok");
    let worker = three_processes(&log);
    let inputs: Vec<String> = (0..90).map(|i| format!("input-{i}")).collect();
    let jobs: Vec<Job<'_>> = inputs.iter().map(|s| Job::parse(s.as_bytes())).collect();
    let out = worker.run_batch(&jobs);
    assert_eq!(out.len(), inputs.len());
    for (o, input) in out.iter().zip(&inputs) {
        assert_eq!(path_of(o), Some(input.as_str()), "{o:?}");
    }
    let by_pid = received(&log);
    assert_eq!(
        by_pid.values().copied().collect::<Vec<_>>(),
        vec![30, 30, 30],
        "three processes, a third each: {by_pid:?}"
    );
    // A batch of less than a window per process stays with the first process (new inputs:
    // those answered already are not asked again).
    let more_inputs: Vec<String> = (0..8).map(|i| format!("more-{i}")).collect();
    let more_jobs: Vec<Job<'_>> = more_inputs
        .iter()
        .map(|s| Job::parse(s.as_bytes()))
        .collect();
    let out = worker.run_batch(&more_jobs);
    assert!(out
        .iter()
        .zip(&more_inputs)
        .all(|(o, i)| path_of(o) == Some(i)));
    let mut more = received(&log);
    for (pid, n) in &by_pid {
        *more.get_mut(pid).expect("the same processes") -= n;
    }
    let first = worker.pid().expect("running");
    assert_eq!(more.remove(&first), Some(8), "{more:?}");
    assert!(more.values().all(|&n| n == 0), "{more:?}");
}

#[test]
fn each_part_s_answers_are_read_as_their_own_requests_operations() {
    // Parses and resolutions mixed, so that an answer read as another request's operation (an
    // index off by a part) comes back as the wrong kind of answer.
    let dir = tempfile::tempdir().expect("a folder");
    let log = dir.path().join("mixed");
    let worker = three_processes(&log);
    let inputs: Vec<String> = (0..90).map(|i| format!("mixed-{i}")).collect();
    let resolves = |k: usize| k.is_multiple_of(7);
    let jobs: Vec<Job<'_>> = (inputs.iter().enumerate())
        .map(|(k, s)| match resolves(k) {
            true => Job::resolve(b"http://base/", s.as_bytes()),
            false => Job::parse(s.as_bytes()),
        })
        .collect();
    let out = worker.run_batch(&jobs);
    assert_eq!(out.len(), inputs.len());
    for (k, (o, input)) in out.iter().zip(&inputs).enumerate() {
        match resolves(k) {
            true => assert!(
                matches!(o, Outcome::Accepted(Answer::Text(t)) if t == input),
                "{k}: {o:?}"
            ),
            false => assert_eq!(path_of(o), Some(input.as_str()), "{k}: {o:?}"),
        }
    }
    assert_eq!(received(&log).len(), 3, "three processes took part");
}

#[test]
fn a_failure_in_one_part_is_that_request_s_and_restarts_that_process_only() {
    let dir = tempfile::tempdir().expect("a folder");
    let log = dir.path().join("skip");
    let worker = pipeline("skip", &log).window(4).processes(2);
    worker.available().expect("starts");
    let first = worker.pid().expect("running");
    // The trigger is in the second part: its process skips it, the answer after it comes
    // when the trigger's is due.
    let mut inputs: Vec<String> = (0..16).map(|i| format!("input-{i}")).collect();
    inputs[11] = "trigger".to_owned();
    let jobs: Vec<Job<'_>> = inputs.iter().map(|s| Job::parse(s.as_bytes())).collect();
    let out = worker.run_batch(&jobs);
    for (k, (o, input)) in out.iter().zip(&inputs).enumerate() {
        if k == 11 {
            let Outcome::Crashed(c) = o else {
                panic!("expected a crash for the trigger, got {o:?}")
            };
            assert_eq!(c.kind, CrashKind::Protocol, "{}", c.message);
        } else {
            assert_eq!(path_of(o), Some(input.as_str()), "{k}: {o:?}");
        }
    }
    assert_eq!(
        worker.pid(),
        Some(first),
        "the first part's process was not restarted"
    );
    // Three processes in the log: the first, the second's, and the second's restart.
    assert_eq!(received(&log).len(), 3, "{:?}", received(&log));
    worker
        .available()
        .expect("one failure does not end the worker");
}

#[test]
fn a_process_given_up_on_ends_every_process_of_the_worker() {
    // Every request of the second part is the trigger, on which the worker exits: ten exits in
    // a row end that process for the run, and the worker with it.
    let worker = External::from_command("pool-crash", &format!("exec python3 '{MISBEHAVE}' crash"))
        .timeout(Duration::from_secs(10))
        .handshake_timeout(Duration::from_secs(30))
        .window(16)
        .processes(2);
    worker.available().expect("python3 runs the test worker");
    let inputs: Vec<&[u8]> = (0..32)
        .map(|k| {
            if k < 16 {
                &b"fine"[..]
            } else {
                &b"trigger"[..]
            }
        })
        .collect();
    let jobs: Vec<Job<'_>> = inputs.iter().map(|i| Job::parse(i)).collect();
    let out = worker.run_batch(&jobs);
    assert!(
        out[..16].iter().all(Outcome::is_accepted),
        "{:?}",
        &out[..16]
    );
    let dead = out[16..]
        .iter()
        .filter(|o| matches!(o, Outcome::Crashed(c) if c.kind == CrashKind::Dead))
        .count();
    assert_eq!(dead, 1, "{:?}", &out[16..]);
    let why = worker.available().expect_err("given up on");
    assert!(why.contains("given up on"), "{why}");
    assert_eq!(worker.pid(), None, "the first process was ended too");
    let again = worker.run_batch(&jobs[..1]);
    assert!(
        matches!(&again[0], Outcome::Unsupported(w) if w.contains("given up on")),
        "{again:?}"
    );
}

#[test]
fn a_worker_dearer_than_a_core_s_share_gets_processes_and_no_answer_changes() {
    let dir = tempfile::tempdir().expect("a folder");
    // Two runs of new inputs each (a worker is not asked again what it answered already).
    let tasks = |run: &str| -> Vec<Task> {
        (0..400)
            .map(|i| Task::parse(format!("{run}-{i}").into_bytes(), "pool"))
            .collect()
    };
    let (one, two) = (tasks("one"), tasks("two"));
    let mut runs = Vec::new();
    for cores in [1, 8] {
        let log = dir.path().join(format!("cores-{cores}"));
        // A command line's worker is one process unless allowed more.
        let worker: Arc<dyn Subject> = Arc::new(pipeline("ok", &log).max_processes(8));
        let engine = Engine::new(vec![worker]).cores(cores);
        engine.run(&one, &|| ());
        let after_first: usize = received(&log).len();
        let second = engine.run(&two, &|| ());
        assert_eq!(
            received(&log).values().sum::<usize>(),
            800,
            "each input asked once"
        );
        runs.push((after_first, received(&log).len(), second));
    }
    // Nothing measured before the first run: one process either way. On one core nothing is
    // spread. On eight, the one worker's column is most of the run's work, far more than an
    // eighth: several processes, as many as its batch of 400 has windows of 64 for at most.
    assert_eq!((runs[0].0, runs[0].1), (1, 1), "one core");
    assert_eq!(runs[1].0, 1, "eight cores, first run");
    assert!(
        (2..=7).contains(&runs[1].1),
        "eight cores, second run: {}",
        runs[1].1
    );
    for (a, b) in runs[0].2.iter().zip(&runs[1].2) {
        assert_eq!(a.outcomes, b.outcomes);
    }
}

#[test]
fn a_caller_finding_the_first_process_busy_is_answered_by_another() {
    let dir = tempfile::tempdir().expect("a folder");
    let log = dir.path().join("slow");
    // 100 ms a request: the first caller's 40 requests hold a process for 4 s at least.
    let worker = pipeline("slow", &log).processes(2);
    worker.available().expect("python3 runs the test worker");
    let first = worker.pid().expect("running");
    let long: Vec<String> = (0..40).map(|i| format!("long-{i}")).collect();
    let long_jobs: Vec<Job<'_>> = long.iter().map(|s| Job::parse(s.as_bytes())).collect();
    std::thread::scope(|scope| {
        let busy = scope.spawn(|| worker.run_batch(&long_jobs));
        // Once the first process has its first request, it is held for the rest of the 4 s.
        let until = std::time::Instant::now() + Duration::from_secs(60);
        while received(&log).is_empty() {
            assert!(
                std::time::Instant::now() < until,
                "the first caller never started"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        let out = worker.run_batch(&[Job::parse(b"short")]);
        assert_eq!(path_of(&out[0]), Some("short"));
        let by_pid = received(&log);
        let other: Vec<_> = by_pid.keys().filter(|&&p| p != first).collect();
        assert_eq!(other.len(), 1, "a second process answered: {by_pid:?}");
        assert_eq!(by_pid[other[0]], 1, "{by_pid:?}");
        let long_out = busy.join().expect("the first caller");
        assert!(long_out
            .iter()
            .zip(&long)
            .all(|(o, i)| path_of(o) == Some(i)));
    });
}

#[test]
fn a_command_line_s_worker_stays_one_process_unless_allowed_more() {
    let dir = tempfile::tempdir().expect("a folder");
    let log = dir.path().join("one");
    // Its command may write files its copies would share (here, the log).
    let worker: Arc<dyn Subject> = Arc::new(pipeline("ok", &log));
    let engine = Engine::new(vec![worker]).cores(8);
    for run in ["one", "two"] {
        let tasks: Vec<Task> = (0..400)
            .map(|i| Task::parse(format!("{run}-{i}").into_bytes(), "pool"))
            .collect();
        engine.run(&tasks, &|| ());
    }
    assert_eq!(received(&log).len(), 1, "{:?}", received(&log));
}
