//! Workers pipelined and concurrent (throughput issue, item 1), and a worker's whole process tree
//! ended (hardening issue, item 8). Events, not wall-clock thresholds: the test worker
//! (workers/testing/pipeline.py) logs when it received and answered each request on the
//! machine's one monotonic clock, and whether the next request was already waiting.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use uridiff::engine::{Engine, Task};
use uridiff::model::{Answer, Component, CrashKind, Outcome};
use uridiff::subjects::external::External;
use uridiff::subjects::{Job, Subject};

const PIPELINE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/workers/testing/pipeline.py");
const MISBEHAVE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/workers/testing/misbehave.py");

/// The pipeline test worker in `mode`, named `name`, logging to `log`.
fn pipeline(mode: &str, name: &str, log: &Path) -> External {
    External::from_command(
        name,
        &format!(
            "exec python3 '{PIPELINE}' {mode} '{}' {name}",
            log.display()
        ),
    )
    // Long enough that no correct answer misses it on a loaded machine.
    .timeout(Duration::from_secs(10))
    .handshake_timeout(Duration::from_secs(30))
}

/// One logged event: (pid, what, id, monotonic ns, queued).
type Event = (u32, String, u64, u128, bool);

fn events(log: &Path) -> Vec<Event> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            (
                f[0].parse().expect("pid"),
                f[1].to_owned(),
                f[2].parse().expect("id"),
                f[3].parse().expect("ns"),
                f.get(4) == Some(&"queued=1"),
            )
        })
        .collect()
}

#[track_caller]
fn assert_echo(out: &Outcome<Answer>, input: &str) {
    let Outcome::Accepted(Answer::Parsed(p)) = out else {
        panic!("expected {input:?} accepted, got {out:?}")
    };
    assert_eq!(p.components.get(Component::Path), Some(input));
}

#[test]
fn four_workers_answer_at_the_same_time_each_fed_ahead() {
    let dir = tempfile::tempdir().expect("a folder");
    let logs: Vec<PathBuf> = (0..4).map(|k| dir.path().join(format!("w{k}"))).collect();
    let workers: Vec<Arc<dyn Subject>> = logs
        .iter()
        .enumerate()
        .map(|(k, log)| {
            let w = pipeline("slow", &format!("slow-{k}"), log);
            w.available().expect("python3 runs the test worker");
            Arc::new(w) as Arc<dyn Subject>
        })
        .collect();
    let engine = Engine::new(workers);
    let inputs: Vec<String> = (0..10).map(|i| format!("input-{i}")).collect();
    let tasks: Vec<Task> = inputs
        .iter()
        .map(|s| Task::parse(s.as_bytes().to_vec(), "pipeline"))
        .collect();
    let finished = std::sync::atomic::AtomicUsize::new(0);
    let rows = engine.run(&tasks, &|| {
        finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    });
    assert_eq!(finished.into_inner(), tasks.len(), "progress once per task");
    for (row, input) in rows.iter().zip(&inputs) {
        assert_eq!(row.task.input, input.as_bytes(), "rows in task order");
        for k in 0..4 {
            let i = engine.position(&format!("slow-{k}")).expect("a subject");
            assert_echo(&row.outcomes[i], input);
        }
    }
    // Each worker had the next request waiting when it answered (pipelined), ...
    let all: Vec<Vec<Event>> = logs.iter().map(|l| events(l)).collect();
    for (k, e) in all.iter().enumerate() {
        assert_eq!(e.iter().filter(|e| e.1 == "recv").count(), 10, "worker {k}");
        assert!(
            e.iter().filter(|e| e.1 == "send" && e.4).count() >= 5,
            "worker {k} waited for its requests: {e:?}"
        );
    }
    // ... and there was a moment when all four were working on a request (one at a time, or
    // two with the old engine's two threads taking turns).
    let mut sweep: Vec<(u128, i32)> = all
        .iter()
        .flatten()
        .map(|e| (e.3, if e.1 == "recv" { 1 } else { -1 }))
        .collect();
    sweep.sort();
    let (mut busy, mut most) = (0, 0);
    for (_, d) in sweep {
        busy += d;
        most = most.max(busy);
    }
    assert_eq!(most, 4, "the most workers busy at once");
}

#[test]
fn the_engine_run_gives_the_rows_of_one_task_at_a_time() {
    // An external worker with serializations (python-urllib's urlunsplit) beside in-process
    // parsers and their references: the columns put together are the rows run_one gives.
    let urllib = uridiff::parsers::card("python-urllib").expect("shipped");
    let worker = External::shipped(urllib)
        .expect("a worker")
        .timeout(Duration::from_secs(30));
    worker.available().expect("python3 runs python-urllib");
    let engine = Engine::new(vec![
        Arc::new(worker),
        Arc::new(uridiff::subjects::UrlCrate::new()),
    ]);
    let mut tasks: Vec<Task> = [
        "http://a/b?",
        "HTTP://A/%7e",
        "http://a/b#",
        "//x:1/y",
        "a b",
        "http://[::1]:80/",
    ]
    .iter()
    .map(|s| Task::parse(s.as_bytes().to_vec(), "pipeline"))
    .collect();
    let mut resolve = Task::parse(b"../g?q".to_vec(), "pipeline");
    resolve.op = uridiff::model::Op::Resolve;
    resolve.second = Some(b"http://a/b/c/d;p?q".to_vec());
    tasks.push(resolve);
    let rows = engine.run(&tasks, &|| ());
    let mut reparsed = 0;
    for (row, task) in rows.iter().zip(&tasks) {
        let one = engine.run_one(task);
        assert_eq!(row.outcomes, one.outcomes, "{task:?}");
        assert_eq!(row.references, one.references, "{task:?}");
        assert_eq!(row.reparsed, one.reparsed, "{task:?}");
        reparsed += row.reparsed.iter().flatten().count();
    }
    assert!(reparsed > 0, "some serialization was parsed again");
}

/// A batch of parses `a b trigger c d` through `worker`.
fn batch(worker: &External) -> Vec<Outcome<Answer>> {
    let inputs: [&[u8]; 5] = [b"a", b"b", b"trigger", b"c", b"d"];
    let jobs: Vec<Job<'_>> = inputs.iter().map(|i| Job::parse(i)).collect();
    worker.run_batch(&jobs)
}

#[track_caller]
fn assert_one_crash(out: &[Outcome<Answer>], at: usize, kind: CrashKind, needles: &[&str]) {
    for (k, (o, input)) in out.iter().zip(["a", "b", "trigger", "c", "d"]).enumerate() {
        if k != at {
            assert_echo(o, input);
            continue;
        }
        let Outcome::Crashed(c) = o else {
            panic!("expected a {} crash at {at}, got {o:?}", kind.name())
        };
        assert_eq!(c.kind, kind, "{}", c.message);
        for needle in needles {
            assert!(
                c.message.contains(needle),
                "{needle:?} not in {}",
                c.message
            );
        }
    }
}

#[test]
fn an_answer_out_of_order_twice_or_never_costs_the_request_due_and_the_rest_is_sent_again() {
    let dir = tempfile::tempdir().expect("a folder");
    // Ids 1 to 5 go to a, b, trigger, c, d.
    for (mode, at, needles) in [
        // The trigger is never answered: c's answer comes when the trigger's is due.
        (
            "skip",
            2,
            &["request 3", "carries id 4", "out of order"][..],
        ),
        // c's answer comes before the trigger's.
        (
            "swap",
            2,
            &["request 3", "carries id 4", "out of order"][..],
        ),
        // The trigger's answer comes again when c's is due.
        (
            "twice",
            3,
            &["request 4", "carries id 3", "answered already"][..],
        ),
    ] {
        let log = dir.path().join(mode);
        let w = pipeline(mode, &format!("pipeline-{mode}"), &log);
        w.available().expect("starts");
        let first = w.pid().expect("running");
        let out = batch(&w);
        assert_one_crash(&out, at, CrashKind::Protocol, needles);
        assert_ne!(w.pid(), Some(first), "{mode}: restarted");
        // What was in flight after the crash went again to the new worker.
        let resent: Vec<u64> = events(&log)
            .iter()
            .filter(|e| e.0 != first && e.1 == "recv")
            .map(|e| e.2)
            .collect();
        assert_eq!(resent.len(), 4 - at, "{mode}: {resent:?}");
    }
    // Never at all: a timeout for the request due, then the same for each, one at a time,
    // until the worker is given up on (the third timeout in a row); the rest is not sent.
    let log = dir.path().join("hold");
    let w = pipeline("hold", "pipeline-hold", &log)
        .window(4)
        .timeout(Duration::from_millis(300));
    w.available().expect("starts");
    let out = batch(&w);
    let given_up = uridiff::subjects::external::GIVE_UP_AFTER;
    for (k, o) in out.iter().enumerate() {
        match o {
            Outcome::Crashed(c) if k + 1 < given_up => {
                assert_eq!(c.kind, CrashKind::Timeout, "{k}: {}", c.message);
            }
            Outcome::Crashed(c) if k + 1 == given_up => {
                assert_eq!(c.kind, CrashKind::Dead, "{k}: {}", c.message);
                assert!(c.message.contains("no answer to request"), "{}", c.message);
            }
            Outcome::Unsupported(why) if k >= given_up => {
                assert!(why.contains("given up on"), "{k}: {why}");
            }
            _ => panic!("{k}: {o:?}"),
        }
    }
    // The window never held more than 4: each worker process received at most 4 requests,
    // the first exactly 4.
    let mut per_pid: BTreeMap<u32, usize> = BTreeMap::new();
    let mut order = Vec::new();
    for e in events(&log).iter().filter(|e| e.1 == "recv") {
        if !per_pid.contains_key(&e.0) {
            order.push(e.0);
        }
        *per_pid.entry(e.0).or_default() += 1;
    }
    assert_eq!(per_pid[&order[0]], 4, "{per_pid:?}");
    assert!(per_pid.values().all(|&n| n <= 4), "{per_pid:?}");
    assert_eq!(order.len(), given_up, "one worker per timeout: {per_pid:?}");
}

#[test]
fn a_request_answered_lately_is_not_sent_again_unless_it_failed() {
    let dir = tempfile::tempdir().expect("a folder");
    let log = dir.path().join("memo");
    // The trigger is answered twice: the second answer comes when c's is due, so c fails.
    let w = pipeline("twice", "pipeline-memo", &log);
    w.available().expect("starts");
    let first = batch(&w);
    assert_one_crash(&first, 3, CrashKind::Protocol, &["request 4"]);
    let received = || events(&log).iter().filter(|e| e.1 == "recv").count();
    let asked = received();
    // The same batch again: the four answers in step come from the memo; c, which failed, is
    // asked again, and answered.
    let again = batch(&w);
    for (k, input) in ["a", "b", "trigger", "c", "d"].into_iter().enumerate() {
        assert_echo(&again[k], input);
    }
    assert_eq!(received(), asked + 1, "only c is sent again");
    // One request at a time goes through the same memo.
    let one = w.parse(b"a", &uridiff::subjects::Ctx::default());
    assert_echo(&one.map(|p| Answer::Parsed(Arc::new(p))), "a");
    assert_eq!(received(), asked + 1);
}

#[test]
fn a_crash_or_a_hang_mid_window_costs_that_request_only() {
    for (mode, kind, needle) in [
        ("crash", CrashKind::Exit, "exit status: 3"),
        ("hang", CrashKind::Timeout, "within 4000 ms"),
    ] {
        let w = External::from_command(
            &format!("misbehave-{mode}"),
            &format!("exec python3 '{MISBEHAVE}' {mode}"),
        )
        .timeout(Duration::from_millis(4000))
        .handshake_timeout(Duration::from_secs(30));
        w.available().expect("starts");
        let first = w.pid().expect("running");
        assert_one_crash(&batch(&w), 2, kind, &[needle, "request 3"]);
        assert_ne!(w.pid(), Some(first), "{mode}: restarted");
    }
}

/// Whether `pid` runs (a zombie waiting for init does not).
#[cfg(target_os = "linux")]
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_ascii_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X")
    })
}

#[cfg(target_os = "linux")]
#[test]
fn a_grandchild_in_a_session_of_its_own_ends_with_the_worker() {
    let dir = tempfile::tempdir().expect("a folder");
    let (orphan, child) = (dir.path().join("orphan"), dir.path().join("child"));
    // The worker starts two `setsid sleep`: one as its own child, one from a subshell that
    // exits at once (re-parented, out of the worker's group and session), then speaks.
    let script = dir.path().join("worker.sh");
    std::fs::write(
        &script,
        format!(
            "( setsid sleep 1000 </dev/null >/dev/null 2>&1 & echo $! > '{orphan}' )\n\
             setsid sleep 1000 </dev/null >/dev/null 2>&1 &\n\
             echo $! > '{child}'\n\
             python3 '{MISBEHAVE}' ok\n",
            orphan = orphan.display(),
            child = child.display(),
        ),
    )
    .expect("a script");
    let w = External::from_command("tree", &format!("exec sh '{}'", script.display()))
        .handshake_timeout(Duration::from_secs(30));
    w.available().expect("starts");
    let out = uridiff::subjects::run(&w, &Job::parse(b"x"));
    assert_echo(&out, "x");
    let pids: Vec<u32> = [&orphan, &child]
        .iter()
        .map(|p| {
            std::fs::read_to_string(p)
                .expect("the script wrote its pid")
                .trim()
                .parse()
                .expect("a pid")
        })
        .collect();
    assert!(pids.iter().all(|&p| alive(p)), "both sleep: {pids:?}");
    drop(w);
    // Killed and reaped or a zombie; a short wait for the kernel to finish the kill.
    for _ in 0..300 {
        if pids.iter().all(|&p| !alive(p)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let left: Vec<u32> = pids.into_iter().filter(|&p| alive(p)).collect();
    panic!("left running after the worker ended: {left:?}");
}

#[test]
fn a_minimization_parses_serializations_again_only_for_a_round_trip_class() {
    use uridiff::engine::minimize::{minimize, Memo};
    use uridiff::engine::{Class, Signature};
    use uridiff::model::Op;
    let dir = tempfile::tempdir().expect("a folder");
    // The test worker reads each input whole as its path and writes it without its first '@':
    // `a@b` reads as impl reads it and changes on the round trip; `s:x@y` reads another path.
    let inputs = ["a@b", "p@q/r", "s:x@y"];
    let tasks: Vec<Task> = inputs
        .iter()
        .map(|s| Task::parse(s.as_bytes().to_vec(), "pipeline"))
        .collect();
    let received = |log: &Path| events(log).iter().filter(|e| e.1 == "recv").count();
    let worker = |name: &str| {
        let log = dir.path().join(name);
        let w = pipeline("reserialize", name, &log);
        w.available().expect("python3 runs the test worker");
        let engine = Engine::new(vec![Arc::new(w)]);
        let i = engine.position(name).expect("the worker is a subject");
        (engine, i, log)
    };
    // What the memo keeps of a candidate: class, operation, verdict, reason.
    type Shown = Arc<Vec<(Class, Op, bool, Option<String>)>>;
    let classes = |kept: &[Shown]| -> Vec<Vec<Class>> {
        kept.iter()
            .map(|k| k.iter().map(|k| k.0).collect())
            .collect()
    };
    let path = Class::Component(Component::Path);

    let (engine, i, log) = worker("pipeline-no-reparse");
    let kept = Memo::default().kept_batch(&engine, i, tasks.clone(), false);
    assert_eq!(
        received(&log),
        inputs.len(),
        "one request a candidate, no re-parse"
    );
    assert_eq!(classes(&kept), [vec![], vec![], vec![path]]);

    let (engine, i, log) = worker("pipeline-reparse");
    let kept = Memo::default().kept_batch(&engine, i, tasks.clone(), true);
    assert_eq!(
        received(&log),
        2 * inputs.len(),
        "each serialization parsed again"
    );
    // The third's round trip is its reading's own difference again (attribution drops it).
    let trip = Class::RoundTrip;
    assert_eq!(classes(&kept), [vec![trip], vec![trip], vec![path]]);

    // Through the minimizer: the round-trip class shrinks to its '@', re-parsing as it goes;
    // the path class is minimized with one request per candidate, none for a serialization.
    let (engine, _, log) = worker("pipeline-minimize");
    let signature = |class| Signature {
        subject: "pipeline-minimize".into(),
        class,
        op: Op::Parse,
        form: String::new(),
        by_design: false,
    };
    let memo = Memo::default();
    let reason = Some("re-read: path");
    let small = minimize(&engine, &memo, &tasks[1], &signature(trip), reason, 200)
        .expect("the round trip reproduces");
    assert_eq!(small.input, b"@", "{small:?}");
    let (before, entries) = (received(&log), memo.len());
    let small = minimize(&engine, &memo, &tasks[2], &signature(path), None, 200)
        .expect("the path class reproduces");
    assert!(small.input.len() < tasks[2].input.len(), "{small:?}");
    let sent = received(&log) - before;
    assert!(sent > 0);
    assert_eq!(
        sent,
        memo.len() - entries,
        "a request for each candidate judged, no more"
    );
}
