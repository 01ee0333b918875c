//! The shipped workers report what their library returns, in a form uridiff can read: a
//! component the library has no reading of is left out (not reported), every answer is valid
//! UTF-8 JSON whatever bytes the library hands back, and every pipelined request is answered
//! before a worker exits at the end of its input (workers/README.md, "The protocol").

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use super::{misbehave, parse, shipped};
use uridiff::model::{Component, ComponentSet, Outcome};
use uridiff::parsers::workers;
use uridiff::subjects::external::{argv, env, External};
use uridiff::subjects::{Ctx, Subject};

/// A worker that declares scheme, host and path and answers every parse with
/// `{"scheme":"x","path":null}`: host left out (not reported), path `null` (undefined).
const LEAVES_HOST_OUT: &str = r#"import json, sys
print(json.dumps({"protocol": "uridiff-worker/1", "name": "leaves-host-out", "version": "1",
    "profile": "rfc3986", "operations": ["parse"], "components": ["scheme", "host", "path"],
    "decides_validity": False}), flush=True)
for line in sys.stdin:
    r = json.loads(line)
    print(json.dumps({"id": r["id"], "outcome": "accepted",
        "components": {"scheme": "x", "path": None}}), flush=True)
"#;

#[test]
fn a_declared_component_left_out_of_a_response_is_not_reported_and_null_is_undefined() {
    let w = External::from_command(
        "leaves-host-out",
        &format!("exec python3 -c '{LEAVES_HOST_OUT}'"),
    )
    .handshake_timeout(Duration::from_secs(30));
    let Outcome::Accepted(p) = parse(&w, "x:") else {
        panic!("accepted")
    };
    assert_eq!(p.not_reported, ComponentSet::of(&[Component::Host]));
    assert_eq!(p.components.get(Component::Scheme), Some("x"));
    assert_eq!(p.components.get(Component::Path), None);
    assert!(
        !p.not_reported.contains(Component::Path),
        "null is an answer"
    );
    // The record shows it only where something was left out.
    let json = serde_json::to_value(&p).unwrap();
    assert_eq!(json["not_reported"], serde_json::json!(["host"]));
    let Outcome::Accepted(echo) = parse(&misbehave("ok"), "a") else {
        panic!("accepted")
    };
    assert!(serde_json::to_value(&echo)
        .unwrap()
        .get("not_reported")
        .is_none());
}

/// Inputs whose components, decoded by a library, are not UTF-8: percent-encoded surrogates
/// (`%ED%AD%94` is U+DB54's UTF-8 form, which UTF-8 forbids), a code point past U+10FFFF, and
/// the same bytes raw.
const BAD_BYTES: &[&[u8]] = &[
    b"http://%ED%AD%94/",
    b"http://%ED%A0%80%ED%B0%80/",
    b"http://a/%ED%AD%94",
    b"http://%ED%AD%94@a/?%ED%AD%94#%ED%AD%94",
    b"http://%F4%90%80%80/",
    b"http://\xED\xAD\x94/",
    b"http://a/\xED\xAD\x94",
    b"mailto:%ED%AD%94",
];

#[test]
fn every_worker_answers_every_byte_sequence_with_valid_json() {
    // A line that is not UTF-8 JSON is a protocol crash on uridiff's side (Perl's URI decodes
    // the host "%ED%AD%94" into a lone surrogate, which the worker used to print as such).
    let ctx = Ctx::default();
    let mut checked = 0;
    for w in workers() {
        let Some(worker) = shipped(w.name) else {
            eprintln!(
                "note: skipping {} for the byte check: not available",
                w.name
            );
            continue;
        };
        for input in BAD_BYTES {
            let shown = String::from_utf8_lossy(input);
            let out = worker.parse(input, &ctx);
            assert!(
                !matches!(out, Outcome::Crashed(_)),
                "{} parsing {shown:?}: {out:?}",
                w.name
            );
            if worker
                .info()
                .operations
                .contains(uridiff::model::Op::Resolve)
            {
                let out = worker.resolve(b"http://b/c", input, &ctx);
                assert!(
                    !matches!(out, Outcome::Crashed(_)),
                    "{} resolving {shown:?}: {out:?}",
                    w.name
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 4 * BAD_BYTES.len(), "{checked} checks");
    // Perl's host is the decoded bytes, sent as {"b64": ...} and kept with U+FFFD.
    if let Some(perl) = shipped("perl-uri") {
        let Outcome::Accepted(p) = perl.parse(b"http://%ED%AD%94/", &ctx) else {
            panic!("URI->new never fails")
        };
        assert_eq!(
            p.components.get(Component::Host),
            Some("\u{FFFD}\u{FFFD}\u{FFFD}")
        );
    }
}

/// Requests written at once, then stdin closed, with the answers read only afterwards: a
/// worker whose output sits queued at the end of its input must still deliver every line.
const PIPELINED: usize = 2000;

#[test]
fn every_worker_answers_every_pipelined_request_before_it_exits_at_the_end_of_input() {
    // Eight workers at a time: the check waits on each (1.5 s with its answers unread, a JVM's
    // or an interpreter's start), and the waits overlap.
    let available: Vec<&'static uridiff::parsers::Card> = workers()
        .filter(|w| {
            let there = shipped(w.name).is_some();
            if !there {
                eprintln!(
                    "note: skipping {} for the pipeline check: not available",
                    w.name
                );
            }
            there
        })
        .collect();
    let checked = crate::common::each_at_once(available, 8, |w| {
        (w.name, answers_every_pipelined_request(w))
    });
    let failed: Vec<String> = checked
        .iter()
        .filter_map(|(name, r)| r.as_ref().err().map(|e| format!("{name}: {e}")))
        .collect();
    assert!(failed.is_empty(), "{failed:#?}");
}

/// One worker of [`every_worker_answers_every_pipelined_request_before_it_exits_at_the_end_of_input`]:
/// [`PIPELINED`] requests written at once, stdin closed, then every answer read in order.
fn answers_every_pipelined_request(w: &uridiff::parsers::Card) -> Result<(), String> {
    let argv = argv(w)?;
    let mut child = Command::new(&argv[0])
        .args(&argv[1..])
        .envs(env(w)?)
        .env("GOTOOLCHAIN", "local")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("spawns: {e}"))?;
    let mut stdin = child.stdin.take().expect("stdin");
    // Long inputs, so that the answers overflow a pipe's buffer (64 KiB on Linux).
    let writer = std::thread::spawn(move || {
        for id in 1..=PIPELINED {
            let line = format!(
                "{{\"id\":{id},\"op\":\"parse\",\"input\":\"http://a/{}{id}\"}}\n",
                "x".repeat(100)
            );
            if stdin.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    // Let the worker run into the end of its input with its answers unread.
    std::thread::sleep(Duration::from_millis(1500));
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let handshake = lines
        .next()
        .ok_or("no handshake")?
        .map_err(|e| format!("handshake: {e}"))?;
    if !handshake.contains("uridiff-worker/1") {
        return Err(format!("handshake {handshake}"));
    }
    let mut last_id = 0;
    for line in lines {
        let line = line.map_err(|e| format!("not UTF-8 lines: {e}"))?;
        let v: serde_json::Value =
            serde_json::from_str(&line).map_err(|e| format!("not JSON ({e}): {line}"))?;
        last_id += 1;
        if v["id"] != serde_json::json!(last_id) {
            return Err(format!("answer {last_id} out of order: {line}"));
        }
    }
    writer.join().map_err(|_| "the writer panicked")?;
    let status = child.wait().map_err(|e| format!("waits: {e}"))?;
    if last_id != PIPELINED {
        return Err(format!("{last_id} of {PIPELINED} answers before exit"));
    }
    if !status.success() {
        return Err(format!("exit {status}"));
    }
    Ok(())
}
