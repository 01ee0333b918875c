//! The `uridiff` binary's inputs: `-` streams standard input record by record, every input is
//! shown losslessly in JSON and never raw in text, and every subcommand speaks the same
//! options (`--json`, `--edition all`, `-`), exit codes and messages.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::{stderr, stdout, uridiff_stdin};

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn stdin_is_streamed_record_by_record() {
    // An endless producer (`yes http://a/b | uridiff parse - | head -1`): the first answer comes
    // while standard input is still open, and closing the output ends the command.
    for args in [
        vec!["parse", "-"],
        vec!["normalize", "-"],
        vec!["resolve", "http://a/", "-"],
        vec!["resolve", "-", "g"],
        vec!["equivalent", "-", "http://a/"],
        vec!["oracle", "-"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_uridiff"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawns");
        let mut stdin = child.stdin.take().expect("stdin");
        let producer = std::thread::spawn(move || {
            let block = b"http://a/b\n".repeat(1000);
            while stdin.write_all(&block).is_ok() {}
        });
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut first = String::new();
            let _ = BufReader::new(stdout).read_line(&mut first);
            let _ = tx.send(first);
            // The reader is dropped here: the command's next write fails with a broken pipe.
        });
        let first = rx
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("{args:?}: no output while stdin stays open"));
        assert!(!first.is_empty(), "{args:?}");
        let status = child.wait().expect("waits");
        assert_eq!(
            status.code(),
            Some(0),
            "{args:?}: a closed pipe is not an error"
        );
        producer
            .join()
            .expect("producer ends once the command is gone");
    }
}

#[test]
fn json_shows_bytes_that_are_not_utf8_apart_from_their_escapes() {
    let o = uridiff_stdin(&["parse", "--json", "-"], b"a\xffb\na\\xffb\n");
    let v = json_lines(&o);
    assert_eq!(v[0]["input_hex"], "61ff62");
    assert_eq!(v[0]["input"], "a\u{fffd}b");
    assert_eq!(v[1]["input"], "a\\xffb");
    assert!(v[1].get("input_hex").is_none());
    let o = uridiff_stdin(&["resolve", "--json", "http://a/", "-"], b"\xfe\n");
    assert_eq!(json_lines(&o)[0]["reference_hex"], "fe");
}

#[test]
fn null_data_takes_inputs_that_hold_newlines_and_cr_is_kept_unless_asked() {
    let o = uridiff_stdin(
        &["parse", "--json", "--null-data", "-"],
        b"http://a/\nb\0x:y\0",
    );
    let v = json_lines(&o);
    assert_eq!(v.len(), 2, "{}", stdout(&o));
    assert_eq!(v[0]["input"], "http://a/\nb");
    assert_eq!(v[0]["valid"], false);
    assert_eq!(v[1]["input"], "x:y");
    let o = uridiff_stdin(&["parse", "--json", "-"], b"x:y\r\n");
    assert_eq!(json_lines(&o)[0]["input"], "x:y\r");
    let o = uridiff_stdin(&["parse", "--json", "--crlf", "-"], b"x:y\r\n");
    assert_eq!(json_lines(&o)[0]["input"], "x:y");
}

#[test]
fn text_output_never_carries_a_control_character_raw() {
    for args in [
        vec!["parse", "-"],
        vec!["parse", "--edition", "all", "-"],
        vec!["normalize", "-"],
        vec!["resolve", "http://a/", "-"],
        vec!["equivalent", "-", "x"],
        vec!["oracle", "-"],
    ] {
        let o = uridiff_stdin(&args, b"a\x00b\x1b[31mc\x07\xff\n");
        let raw = o
            .stdout
            .iter()
            .any(|&b| (b < 0x20 && b != b'\n') || b == 0x7f || b == 0xff);
        assert!(!raw, "{args:?}: {:?}", stdout(&o));
        assert!(
            stdout(&o).contains("a\\x00b\\x1b[31mc\\x07\\xff"),
            "{args:?}: {}",
            stdout(&o)
        );
    }
}

#[test]
fn every_subcommand_speaks_json() {
    let o = uridiff_stdin(&["normalize", "--json", "HTTP://a/./b", "a b"], b"");
    let v = json_lines(&o);
    assert_eq!(v[0]["schema"], 1);
    assert_eq!(v[0]["result"], "http://a/b");
    assert_eq!(v[1]["error"]["kind"], "unexpected-byte");
    assert_eq!(v[1]["error"]["index"], 1);
    let o = uridiff_stdin(&["equivalent", "--json", "http://a/", "http://a:80/"], b"");
    assert_eq!(json_lines(&o)[0]["equivalent"], true);
    let o = uridiff_stdin(&["equivalent", "--json", "http://a/", "%zz"], b"");
    let v = &json_lines(&o)[0];
    assert_eq!(v["error"]["operand"], "second");
    assert_eq!(v["error"]["rule"], "pct-encoded");
    let o = uridiff_stdin(&["resolve", "--json", "http://a/", "%zz"], b"");
    let v = &json_lines(&o)[0];
    assert_eq!(v["error"]["operand"], "reference");
    assert_eq!(v["error"]["index"], 0);
    assert_eq!(v["error"]["kind"], "pct-encoded");
    let o = uridiff_stdin(
        &[
            "suite",
            "--json",
            "suites/rfc3986.yaml",
            "--filter",
            "5.4.1",
        ],
        b"",
    );
    let v = json_lines(&o);
    let summary = v.last().expect("a summary");
    assert!(summary["summary"]["passed"].as_u64() > Some(0), "{summary}");
    assert!(v
        .iter()
        .any(|c| c["status"] == "passed" && c["id"].is_string()));
}

#[test]
fn edition_all_and_dash_wherever_they_apply() {
    let o = uridiff_stdin(&["normalize", "--edition", "all", "HTTP://a/%7e"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).contains("draft-ietf-url-syntax-00"),
        "{}",
        stdout(&o)
    );
    let o = uridiff_stdin(
        &[
            "equivalent",
            "--edition",
            "all",
            "--json",
            "http://a/%7e",
            "http://a/~",
        ],
        b"",
    );
    assert_eq!(json_lines(&o).len(), 6);
    let o = uridiff_stdin(&["oracle", "--edition", "all", "--json", "http://a/"], b"");
    assert_eq!(json_lines(&o).len(), 6);
    // `equivalent -` reads standard input; it no longer compares the text "-".
    let o = uridiff_stdin(&["equivalent", "-", "http://a/"], b"http://a:80/\n");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("true"));
    let o = uridiff_stdin(&["equivalent", "-", "-"], b"");
    assert_eq!(o.status.code(), Some(2));
    // resolve's base from standard input.
    let o = uridiff_stdin(&["resolve", "-", "../g"], b"http://a/b/c\nhttp://x/y/z/w\n");
    assert_eq!(stdout(&o), "../g -> http://a/g\n../g -> http://x/y/g\n");
}

#[test]
fn options_that_mean_nothing_under_the_edition_are_errors() {
    for args in [
        vec!["resolve", "--above-root", "error", "http://a/", "g"],
        vec!["resolve", "--pseudocode", "http://a/", "g"],
        vec![
            "resolve",
            "--edition",
            "draft-ietf-url-syntax-00",
            "--non-strict",
            "http://a/",
            "g",
        ],
        vec![
            "resolve",
            "--edition",
            "draft-ietf-uri-url-06",
            "http://a/",
            "g",
        ],
        vec!["parse", "--edition", "all", "--rule", "bogus", "x"],
    ] {
        let o = uridiff_stdin(&args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
    let o = uridiff_stdin(
        &[
            "resolve",
            "--edition",
            "draft-fielding-uri-rfc2396bis-02",
            "--above-root",
            "error",
            "http://a/b",
            "../../g",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn resolve_all_shows_1994_as_not_applicable() {
    let o = uridiff_stdin(
        &["resolve", "--edition", "all", "http://a/b/c/d;p?q", "../g"],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("not applicable"), "{}", stdout(&o));
    let o = uridiff_stdin(
        &["resolve", "--edition", "all", "--json", "http://a/b", "g"],
        b"",
    );
    assert_eq!(json_lines(&o)[0]["applicable"], false);
}

#[test]
fn equivalent_tells_invalid_from_not_equivalent() {
    assert_eq!(
        uridiff_stdin(&["equivalent", "http://a/", "http://a:80/"], b"")
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        uridiff_stdin(&["equivalent", "http://a/", "http://b/"], b"")
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        uridiff_stdin(&["equivalent", "http://a/", "a b"], b"")
            .status
            .code(),
        Some(3)
    );
    assert_eq!(
        uridiff_stdin(&["equivalent", ".", ""], b"").status.code(),
        Some(1)
    );
}

#[test]
fn oracle_too_long_has_its_own_exit_code() {
    let long = "a".repeat(5000);
    let o = uridiff_stdin(&["oracle", "--json", &long], b"");
    assert_eq!(json_lines(&o)[0]["valid"], "too-long");
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        uridiff_stdin(&["oracle", "http://a/"], b"").status.code(),
        Some(0)
    );
}

#[test]
fn json_rule_names_are_each_editions_own() {
    let o = uridiff_stdin(&["parse", "--json", "--edition", "all", "http://a/"], b"");
    let rules: Vec<String> = json_lines(&o)
        .iter()
        .map(|v| v["rule"].as_str().unwrap_or("").to_owned())
        .collect();
    assert_eq!(rules[0], "url");
    assert_eq!(rules[1], "URL-reference");
    assert_eq!(rules[5], "URI-reference");
}

#[test]
fn messages_name_the_problem_once_and_hint_at_the_fix() {
    let o = uridiff_stdin(&["resolve", "http://a/", "%zz"], b"");
    assert!(
        stdout(&o).starts_with("invalid reference: "),
        "{}",
        stdout(&o)
    );
    assert!(!stdout(&o).contains("invalid: invalid"), "{}", stdout(&o));
    let o = uridiff_stdin(&["parse", "http://[fe80::1%25eth0]/"], b"");
    assert!(stdout(&o).contains("RFC 6874"), "{}", stdout(&o));
    let o = uridiff_stdin(&["parse", "--json", "http://a/é"], b"");
    assert!(json_lines(&o)[0]["error"]["hint"]
        .as_str()
        .is_some_and(|h| h.contains("percent-encoded")));
}

#[test]
fn help_lists_editions_rules_and_exit_codes() {
    // Each command lists the editions and rules it takes (tests/anywhere.rs: only those), and
    // every help the exit codes.
    let editions: &[&str] = &["draft-ietf-uri-url-06", "rfc3986"];
    let rules: &[&str] = &["httpurl", "URL-reference", "relative-ref"];
    let exit: &[&str] = &["Exit codes", "3  no answer"];
    for (args, lists) in [
        (vec!["--help"], vec![exit]),
        (vec!["parse", "--help"], vec![editions, rules, exit]),
        (vec!["equivalent", "--help"], vec![editions, exit]),
    ] {
        let o = uridiff_stdin(&args, b"");
        let help = stdout(&o);
        for needle in lists.into_iter().flat_map(|l| l.iter()) {
            assert!(help.contains(needle), "{args:?} lacks {needle}: {help}");
        }
    }
}
