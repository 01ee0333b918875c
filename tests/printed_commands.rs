//! Every `uridiff diff` line uridiff prints runs as printed in a POSIX `sh` and runs the very job
//! it was printed for, whatever the input and the base: a leading `-`, quotes, spaces, line
//! feeds, bytes that are not UTF-8, `$(...)` and backquotes, `%` and backslashes.

use std::path::Path;
use std::process::Command;

use base64::Engine as _;
use serde_json::Value;
use uridiff::engine::Task;
use uridiff::model::Op;
use uridiff::present::diff_command;

/// Inputs and bases no shell word should get wrong.
const HOSTILE: [&[u8]; 22] = [
    b"-x",
    b"--external=a",
    b"--base",
    b"-",
    b"--",
    b"a b",
    b"it's",
    b"\"q\"",
    b"a\nb",
    b"a\n",
    b"\n",
    b"$(touch pwned)",
    b"`touch pwned`",
    b"a\\b\\",
    b"%s%d%%",
    b"\xff\xfe",
    b"http://a/\xff\n",
    "caf\u{e9}\u{202e}".as_bytes(),
    b"",
    b"a\tb\r",
    b"\\0123\\x41",
    b"http://a/b/c/d;p?q",
];

/// The bytes of a JSON operand: a string, or `{"b64": ...}`.
fn bytes_of(v: &Value) -> Vec<u8> {
    match v {
        Value::String(s) => s.as_bytes().to_vec(),
        Value::Object(o) => base64::engine::general_purpose::STANDARD
            .decode(o["b64"].as_str().expect("b64"))
            .expect("base64"),
        other => panic!("not an operand: {other}"),
    }
}

/// Runs `line` with `sh -c` in `dir`, `uridiff` being the binary under test with only impl and
/// JSON output; returns the JSON document it printed.
fn run_printed(dir: &Path, line: &str) -> Value {
    let bin = Path::new(env!("CARGO_BIN_EXE_uridiff"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("a folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // The options this test needs, after the printed words that start the command.
    let line = line.replacen(
        "uridiff diff ",
        "uridiff diff --no-external --parser impl --json ",
        1,
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(&line)
        .env("PATH", path)
        .current_dir(dir)
        .output()
        .expect("sh runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{line}: exit {:?}: {err}",
        out.status.code()
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let docs: Vec<&str> = text.lines().collect();
    assert_eq!(docs.len(), 1, "{line}: one job: {text}{err}");
    serde_json::from_str(docs[0]).expect("JSON")
}

#[test]
fn every_printed_diff_line_runs_its_own_job_in_sh() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let mut ran = 0;
    for input in HOSTILE {
        for base in std::iter::once(None).chain(HOSTILE.iter().map(Some)) {
            let task = Task {
                op: if base.is_some() {
                    Op::Resolve
                } else {
                    Op::Parse
                },
                second: base.map(|b| b.to_vec()),
                ..Task::parse(input.to_vec(), "test")
            };
            let Some(line) = diff_command(&task) else {
                // The one case said: a base that needs printf and ends in a line feed.
                let base = base.expect("a parse line is always printed");
                assert!(base.ends_with(b"\n"), "no line for base {base:?}");
                continue;
            };
            assert!(
                !line.chars().any(char::is_control),
                "prints safely: {line:?}"
            );
            let doc = run_printed(d, &line);
            assert_eq!(bytes_of(&doc["input"]), input, "{line}");
            match base {
                Some(b) => {
                    assert_eq!(doc["op"], "resolve", "{line}");
                    assert_eq!(bytes_of(&doc["base"]), *b, "{line}");
                }
                None => {
                    assert_eq!(doc["op"], "parse", "{line}");
                    assert!(doc["base"].is_null(), "{line}");
                }
            }
            assert_eq!(doc["edition"], "rfc3986");
            ran += 1;
        }
    }
    assert!(ran > 400, "{ran} lines run");
    assert!(!d.join("pwned").exists(), "an input ran as a command");
}

/// Boost.URL's reproduce lines where the library rejects the job (a base that is not absolute,
/// a reference or an input that does not parse) print the library's message and exit 1, as the
/// worker answers, instead of aborting on an uncaught exception.
#[test]
fn boost_url_lines_print_the_rejection() {
    use std::time::Duration;
    use uridiff::model::Outcome;
    use uridiff::subjects::external::External;
    use uridiff::subjects::reproduce::reproduce;
    use uridiff::subjects::{Ctx, Subject};

    let spec = uridiff::parsers::card("cpp-boost-url").expect("shipped");
    let worker = External::shipped(spec)
        .expect("a worker")
        .timeout(Duration::from_secs(30))
        .handshake_timeout(Duration::from_secs(120));
    if let Err(why) = worker.available() {
        eprintln!("note: skipping Boost.URL's reproduce lines: {why}");
        return;
    }
    let ctx = Ctx::default();
    /// An operation, its input and its base.
    type Job<'a> = (Op, &'a [u8], Option<&'a [u8]>);
    let jobs: [Job<'_>; 3] = [
        (Op::Resolve, b"g", Some(b"a b")),
        (Op::Resolve, b"http://a b/", Some(b"http://a/b")),
        (Op::Normalize, b"http://a b/", None),
    ];
    for (op, input, base) in jobs {
        let answer = match op {
            Op::Resolve => worker.resolve(base.expect("a base"), input, &ctx),
            _ => worker.normalize(input, &ctx),
        };
        let Outcome::Rejected(rejection) = answer else {
            panic!("{op:?} {input:?}: the library accepts it: {answer:?}");
        };
        // The line builds in a folder of its own (`mktemp -d`): tests run in parallel.
        let line = reproduce("cpp-boost-url", op, input, base).expect("a line");
        assert!(line.starts_with("d=$(mktemp -d)"), "{line}");
        let out = Command::new("sh")
            .arg("-c")
            .arg(&line)
            .output()
            .expect("sh runs");
        let printed = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{op:?} {input:?}: {line}\n{printed}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(printed.trim_end(), rejection.message, "{line}");
    }
}
