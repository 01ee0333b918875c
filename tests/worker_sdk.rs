//! The worker helpers a library's maintainer vendors (workers/sdk/uridiff_worker.py and .js) and
//! the `uridiff-worker` crate (workers/rust): each example worker speaks the protocol as its
//! schema says, answers a burst of pipelined requests in order before it exits, and gives
//! uridiff its library's answers unchanged.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use super::common::{stdout, uridiff_stdin};

/// The example workers that can run here: (name, argv). The Rust one is the `uridiff-worker`
/// crate's example, built by `cargo test --workspace` beside this binary.
fn examples() -> Vec<(&'static str, Vec<String>)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut out = Vec::new();
    let runs = |program: &str| {
        Command::new(program)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if runs("python3") {
        out.push((
            "urlsplit",
            vec![
                "python3".into(),
                format!("{root}/workers/sdk/examples/urlsplit_worker.py"),
            ],
        ));
    } else {
        eprintln!("note: python3 missing: the Python helper is not tested");
    }
    if runs("node") {
        out.push((
            "url-example",
            vec![
                "node".into(),
                format!("{root}/workers/sdk/examples/url_worker.js"),
            ],
        ));
    } else {
        eprintln!("note: node missing: the JavaScript helper is not tested");
    }
    // target/<profile>/deps/integration-* -> target/<profile>/examples/uridiff_worker
    let rust: Option<PathBuf> = std::env::current_exe()
        .ok()
        .and_then(|e| Some(e.parent()?.parent()?.join("examples/uridiff_worker")));
    match rust.filter(|p| p.exists()) {
        Some(p) => out.push(("mine", vec![p.to_string_lossy().into_owned()])),
        None => eprintln!(
            "note: the uridiff-worker example is not built (`cargo test --workspace` builds it)"
        ),
    }
    out
}

#[test]
fn each_helper_answers_a_pipelined_burst_in_order_before_it_exits() {
    for (name, argv) in examples() {
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("spawns");
        let mut requests = String::new();
        for id in 1..=300 {
            requests.push_str(&format!(
                "{{\"id\":{id},\"op\":\"parse\",\"input\":\"http://a/{id}?q\"}}\n"
            ));
        }
        // All at once, then the end of input: every request read must still be answered.
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || stdin.write_all(requests.as_bytes()));
        let lines: Vec<serde_json::Value> = BufReader::new(child.stdout.take().unwrap())
            .lines()
            .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
            .collect();
        writer.join().unwrap().unwrap();
        assert!(child.wait().unwrap().success(), "{name}");
        assert_eq!(lines[0]["protocol"], "uridiff-worker/1", "{name}");
        assert_eq!(lines[0]["name"], name);
        assert_eq!(lines.len(), 301, "{name}: {} answers", lines.len() - 1);
        for (i, l) in lines[1..].iter().enumerate() {
            assert_eq!(l["id"], i + 1, "{name}");
            assert_eq!(l["outcome"], "accepted", "{name}: {l}");
            assert_eq!(l["components"]["path"], format!("/{}", i + 1), "{name}");
        }
    }
}

#[test]
fn each_helper_speaks_the_protocol_as_its_json_schema_says() {
    let has_jsonschema = Command::new("python3")
        .args(["-c", "import jsonschema"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has_jsonschema {
        eprintln!("note: skipping the schema check: python3 has no `jsonschema` package");
        return;
    }
    let args: Vec<String> = examples()
        .into_iter()
        .map(|(name, argv)| format!("{name}={}", serde_json::to_string(&argv).unwrap()))
        .collect();
    let out = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/workers/testing/check_protocol.py"
        ))
        .args(&args)
        .output()
        .unwrap();
    let report = stdout(&out);
    assert!(
        out.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(report.lines().count(), args.len(), "{report}");
}

#[test]
fn uridiff_reads_each_helpers_answers_as_its_library_gives_them() {
    for (name, argv) in examples() {
        let command = argv
            .iter()
            .map(|a| format!("'{a}'"))
            .collect::<Vec<_>>()
            .join(" ");
        let external = format!("{name}={command}");
        // The RFC 3986 5.4.1 example base, and a reference with every component.
        let out = uridiff_stdin(
            &[
                "diff",
                "--external",
                &external,
                "--parser",
                name,
                "http://a/b/c/d;p?q#f",
            ],
            b"",
        );
        let text = stdout(&out);
        assert!(
            text.lines()
                .any(|l| l.trim_start().starts_with(name) && l.contains("same components")),
            "{name}: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let out = uridiff_stdin(
            &[
                "diff",
                "--external",
                &external,
                "--parser",
                name,
                "--base",
                "http://a/b/c/d;p?q",
                "../g",
            ],
            b"",
        );
        assert!(
            stdout(&out).contains("http://a/b/g"),
            "{name}: {}{}",
            stdout(&out),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The tiny test workers that tell their own failures from their library's answers, one per
/// helper that can run here: (name, command for `--external`, what the worker's own failure
/// says). Each answers `glue` with its own code failing, `refuse` with the library's refusal,
/// `none` with no answer, and anything else as the path; given `always`, its own code fails on
/// every input. The C one is compiled into `dir`; the Rust one is the `uridiff-worker` crate's
/// `glue_worker` example, built by `cargo test --workspace`.
fn glue_workers(dir: &std::path::Path, always: bool) -> Vec<(&'static str, String, &'static str)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let arg = if always { " always" } else { "" };
    let runs = |program: &str, flag: &str| {
        Command::new(program)
            .arg(flag)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let mut out = Vec::new();
    if runs("python3", "--version") {
        out.push((
            "glue-py",
            format!("python3 '{root}/workers/testing/glue.py'{arg}"),
            "TypeError: unsupported operand",
        ));
    }
    if runs("node", "--version") {
        out.push((
            "glue-js",
            format!("node '{root}/workers/testing/glue.js'{arg}"),
            "TypeError: Cannot read properties of null",
        ));
    }
    let binary = dir.join("glue-c");
    let compiled = Command::new("cc")
        .arg("-o")
        .arg(&binary)
        .arg(format!("{root}/workers/testing/glue.c"))
        .status()
        .is_ok_and(|s| s.success());
    if compiled {
        out.push((
            "glue-c",
            format!("'{}'{arg}", binary.display()),
            "own lookup table has no entry",
        ));
    } else {
        eprintln!("note: no C compiler: the C header is not tested");
    }
    let rust: Option<PathBuf> = std::env::current_exe()
        .ok()
        .and_then(|e| Some(e.parent()?.parent()?.join("examples/glue_worker")));
    match rust.filter(|p| p.exists()) {
        Some(p) => out.push((
            "glue-rs",
            format!("'{}'{arg}", p.display()),
            "panicked outside uridiff_worker::library(): index out of bounds",
        )),
        None => eprintln!(
            "note: the uridiff-worker glue_worker example is not built (`cargo test --workspace` builds it)"
        ),
    }
    out
}

/// The line of `uridiff diff` for `name` on `input`.
fn diff_line(name: &str, command: &str, input: &str) -> String {
    let out = uridiff_stdin(
        &[
            "diff",
            "--external",
            &format!("{name}={command}"),
            "--parser",
            name,
            input,
        ],
        b"",
    );
    let text = stdout(&out);
    text.lines()
        .find(|l| l.trim_start().starts_with(name))
        .unwrap_or_else(|| {
            panic!(
                "{name}: no line in {text}{}",
                String::from_utf8_lossy(&out.stderr)
            )
        })
        .to_owned()
}

#[test]
fn each_helper_answers_the_workers_own_failure_as_a_crash_and_the_librarys_refusal_as_rejected() {
    let dir = tempfile::tempdir().expect("a folder");
    let workers = glue_workers(dir.path(), false);
    assert!(!workers.is_empty(), "no helper runs here");
    for (name, command, says) in workers {
        // The worker's own code failed: a crash of the worker with its message, never a refusal.
        let glue = diff_line(name, &command, "glue");
        assert!(glue.contains("CRASHED (worker)"), "{name}: {glue}");
        assert!(glue.contains(says), "{name}: {glue}");
        assert!(glue.contains("crash-worker"), "{name}: {glue}");
        // The library's refusal stays a refusal (a valid input refused: too-strict).
        let refuse = diff_line(name, &command, "refuse");
        assert!(refuse.contains("invalid:"), "{name}: {refuse}");
        assert!(refuse.contains("too-strict"), "{name}: {refuse}");
        // No answer for this input: never judged.
        let none = diff_line(name, &command, "none");
        assert!(
            none.contains("n/a: no reading of this input"),
            "{name}: {none}"
        );
        assert!(!none.contains("differs"), "{name}: {none}");
        // And the worker goes on answering as its library does.
        let plain = diff_line(name, &command, "a/b");
        assert!(plain.contains("same components"), "{name}: {plain}");
    }
}

#[test]
fn a_worker_whose_own_code_fails_on_every_input_is_one_loud_line_not_a_clean_report() {
    let dir = tempfile::tempdir().expect("a folder");
    let Some((name, command, says)) = glue_workers(dir.path(), true).into_iter().next() else {
        eprintln!("note: no helper runs here");
        return;
    };
    let out_dir = dir.path().join("report");
    let o = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(["report", "--quiet", "--count", "40", "--no-boundary"])
        .args([
            "--no-builtin-suites",
            "--parser",
            "url",
            "--parser",
            name,
            "--out",
        ])
        .arg(&out_dir)
        .arg("--external")
        .arg(format!("{name}={command}"))
        .output()
        .expect("uridiff runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "a crash: {err}");
    let loud: Vec<&str> = err
        .lines()
        .filter(|l| {
            l.starts_with(&format!(
                "uridiff: {name} stopped during the run: given up on"
            ))
        })
        .collect();
    assert_eq!(loud.len(), 1, "{err}");
    assert!(
        loud[0].contains("(worker, worker") && loud[0].contains(says),
        "{err}"
    );
    let report: serde_json::Value = serde_json::from_slice(
        &std::fs::read(out_dir.join("discrepancies.json")).expect("the report"),
    )
    .expect("JSON");
    let classes: Vec<&str> = report["classes"]
        .as_array()
        .expect("classes")
        .iter()
        .filter(|c| c["signature"]["subject"] == name)
        .filter_map(|c| c["signature"]["class"].as_str())
        .collect();
    assert!(classes.contains(&"crash-dead"), "{classes:?}");
    assert!(classes.contains(&"crash-worker"), "{classes:?}");
    assert!(
        !classes.contains(&"too-strict"),
        "never read as refusals: {classes:?}"
    );
    // The gate on such a worker fails in one line, with no baseline of its non-answers.
    let baseline = dir.path().join("b.txt");
    let o = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args([
            "check",
            "--write-baseline",
            "--count",
            "40",
            "--no-boundary",
        ])
        .args(["--no-builtin-suites", "--parser", "url", "--parser", name])
        .args(["--under-test", name, "--baseline"])
        .arg(&baseline)
        .arg("--external")
        .arg(format!("{name}={command}"))
        .output()
        .expect("uridiff runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.lines().next().unwrap_or_default().contains(&format!(
            "{name} is under test but stopped running during the run: given up on"
        )) && err.contains(says),
        "{err}"
    );
    assert!(!baseline.exists(), "no baseline of its non-answers");
}

/// Runs the Python helper's `serve()` in process on a BytesIO of requests, its stdout a stand-in
/// that keeps each `write` apart, and prints them as a JSON array (the handshake first).
const PY_WRITES: &str = r#"
import io, json, sys
sys.path.insert(0, sys.argv[1])
import uridiff_worker

class Writes(io.StringIO):
    def __init__(self):
        super().__init__()
        self.each = []

    def write(self, text):
        self.each.append(text)
        return super().write(text)

out = Writes()
uridiff_worker.serve("once", "rfc3986", version="1", parse=lambda text: {"path": text},
                     stdin=io.BytesIO(sys.stdin.buffer.read()), stdout=out)
print(json.dumps(out.each))
"#;

/// The writes of the Python helper answering `requests` read at once: each write's answer ids.
fn python_writes(requests: &str) -> Option<Vec<Vec<serde_json::Value>>> {
    let mut child = Command::new("python3")
        .args([
            "-c",
            PY_WRITES,
            concat!(env!("CARGO_MANIFEST_DIR"), "/workers/sdk"),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(requests.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stdout(&out));
    let writes: Vec<String> = serde_json::from_slice(&out.stdout).expect("a JSON array");
    Some(
        writes
            .iter()
            .map(|w| {
                assert!(w.ends_with('\n'), "whole lines: {w:?}");
                w.lines()
                    .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["id"].clone())
                    .collect()
            })
            .collect(),
    )
}

#[test]
fn the_python_helper_answers_the_lines_of_one_read_in_one_write() {
    let parse = |id: u32| format!("{{\"id\":{id},\"op\":\"parse\",\"input\":\"a/{id}\"}}");
    // Three requests and a blank line among them: the handshake (no id), then one write of the
    // three answers in order.
    let Some(writes) = python_writes(&format!("{}\n\n{}\n{}\n", parse(1), parse(2), parse(3)))
    else {
        eprintln!("note: python3 missing: the Python helper's writes are not tested");
        return;
    };
    let null = serde_json::Value::Null;
    assert_eq!(
        writes,
        [vec![null.clone()], vec![1.into(), 2.into(), 3.into()]]
    );
    // A last line without its newline is a request too, answered once the input ends.
    let writes = python_writes(&format!("{}\n{}", parse(1), parse(2))).unwrap();
    assert_eq!(writes, [vec![null.clone()], vec![1.into()], vec![2.into()]]);
    // A shutdown read with the requests before it: their answers are written before it ends,
    // the request after it is never answered.
    let writes = python_writes(&format!(
        "{}\n{}\n{{\"op\":\"shutdown\"}}\n{}\n",
        parse(1),
        parse(2),
        parse(3)
    ))
    .unwrap();
    assert_eq!(writes, [vec![null], vec![1.into(), 2.into()]]);
}
