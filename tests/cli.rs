//! The `uridiff` binary, run through `CARGO_BIN_EXE_uridiff`: outputs, exit codes, errors.

use std::process::{Command, Output};

use crate::common::{stderr, stdout, uridiff_stdin};

fn uridiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn parse_json_keeps_undefined_apart_from_empty() {
    let o = uridiff(&["parse", "--json", "http://a?"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("json");
    assert_eq!(v["schema"], 1);
    assert_eq!(v["valid"], true);
    assert_eq!(v["components"]["query"], "");
    assert!(v["components"]["fragment"].is_null());
    assert_eq!(v["components"]["host_kind"], "reg-name");
}

#[test]
fn parse_invalid_exits_1_with_offset_and_rule() {
    let o = uridiff(&["parse", "--json", "http://a/%zz"]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("json");
    assert_eq!(v["valid"], false);
    assert_eq!(v["error"]["index"], 9);
    assert_eq!(v["error"]["rule"], "pct-encoded");
    let o = uridiff(&["parse", "1a:b"]);
    assert!(stdout(&o).contains("at byte 2"), "{}", stdout(&o));
}

#[test]
fn stdin_gives_one_input_per_line() {
    let o = uridiff_stdin(
        &["parse", "--json", "--crlf", "-"],
        b"http://a/\n\nfoo:bar\r\n",
    );
    assert_eq!(o.status.code(), Some(0));
    let lines: Vec<_> = stdout(&o).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[2].contains(r#""input":"foo:bar""#), "{}", lines[2]);
}

#[test]
fn resolve_strict_and_non_strict() {
    let base = "http://a/b/c/d;p?q";
    assert_eq!(
        stdout(&uridiff(&["resolve", base, "http:g"])).trim(),
        "http:g"
    );
    assert_eq!(
        stdout(&uridiff(&["resolve", "--non-strict", base, "http:g"])).trim(),
        "http://a/b/c/g"
    );
    assert_eq!(
        uridiff(&["resolve", "a/b", "g"]).status.code(),
        Some(1),
        "a base without scheme is invalid"
    );
}

#[test]
fn normalize_and_equivalent() {
    assert_eq!(
        stdout(&uridiff(&["normalize", "HTTP://www.EXAMPLE.com/"])).trim(),
        "http://www.example.com/"
    );
    assert_eq!(
        stdout(&uridiff(&["normalize", "--scheme-based", "http://a:80"])).trim(),
        "http://a/"
    );
    assert_eq!(
        uridiff(&["equivalent", "http://a/", "http://a:80/"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        uridiff(&["equivalent", "http://a/B", "http://a/b"])
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn bad_flags_and_editions_exit_2_and_say_what_to_do() {
    let o = uridiff(&["parse", "--edition", "rfc2396", "x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("valid editions") && stderr(&o).contains("rfc3986"),
        "{}",
        stderr(&o)
    );
    let o = uridiff(&["parse", "--rule", "nonsense", "x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("valid rules"), "{}", stderr(&o));
    assert_eq!(
        uridiff(&["parse", "--frobnicate", "x"]).status.code(),
        Some(2)
    );
    for cores in ["0", "many"] {
        let o = uridiff(&[
            "report",
            "--no-external",
            "--cores",
            cores,
            "--out",
            "/nonexistent",
        ]);
        assert_eq!(o.status.code(), Some(2), "--cores {cores}");
        assert!(stderr(&o).contains("--cores"), "{}", stderr(&o));
    }
}

#[test]
fn suite_closing_line_and_exit_codes() {
    let dir = std::env::temp_dir().join(format!("uridiff-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let good = dir.join("good.yaml");
    std::fs::write(&good, "suite: t\ncases:\n  - {op: parse, input: \"http://a\", expect: {path: \"\"}}\n  - {op: parse, input: \"%\", expect: invalid}\n").expect("write");
    let o = uridiff(&["suite", good.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).lines().last(), Some("2 passed, 0 failed"));

    let bad = dir.join("bad.yaml");
    std::fs::write(&bad, "suite: t\ncases:\n  - {op: parse, input: \"a\", expect: {path: \"b\"}}\n  - {op: prase, input: \"a\", expect: invalid}\n").expect("write");
    let o = uridiff(&["suite", bad.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.yaml:4:"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("unknown variant `prase`"),
        "{}",
        stderr(&o)
    );

    let failing = dir.join("failing.yaml");
    std::fs::write(
        &failing,
        "suite: t\ncases:\n  - {op: parse, input: \"a\", expect: {path: \"b\"}}\n",
    )
    .expect("write");
    let o = uridiff(&["suite", failing.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("failing.yaml#1")
            && stdout(&o).contains("path: expected \"b\", got \"a\""),
        "{}",
        stdout(&o)
    );
    assert_eq!(stdout(&o).lines().last(), Some("0 passed, 1 failed"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn no_byte_makes_the_cli_panic() {
    let all: Vec<u8> = (0u8..=255).filter(|&b| b != b'\n').collect();
    let input = String::from_utf8_lossy(&all).into_owned();
    let o = uridiff_stdin(&["parse", "-"], input.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}

#[test]
fn oracle_json_gives_the_groups_components_and_verdict() {
    let o = uridiff(&[
        "oracle",
        "--json",
        "--edition",
        "draft-ietf-url-syntax-00",
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("json");
    // Appendix B of 003, as printed.
    assert_eq!(v["$1"], "http:");
    assert_eq!(v["$4"], "www.ics.uci.edu");
    assert_eq!(v["$5"], "/pub/ietf/uri/");
    assert!(v["$6"].is_null() && v["$7"].is_null());
    assert_eq!(v["$9"], "Related");
    assert_eq!(v["components"]["server"], "www.ics.uci.edu");
    assert_eq!(v["valid"], true);
    let o = uridiff(&[
        "oracle",
        "--json",
        "--edition",
        "draft-fielding-uri-rfc2396bis-02",
        "http://a_b/",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains(r#""valid":false"#));
    let o = uridiff(&[
        "oracle",
        "--membership",
        "--edition",
        "draft-fielding-uri-rfc2396bis-02",
        "http://a_b/",
    ]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn suite_runs_against_each_oracle() {
    for parser in ["oracle-regex", "oracle-grammar"] {
        let o = uridiff(&[
            "suite",
            "--parser",
            parser,
            concat!(env!("CARGO_MANIFEST_DIR"), "/suites/rfc3986.yaml"),
        ]);
        assert_eq!(o.status.code(), Some(0), "{parser}: {}", stdout(&o));
        assert!(
            stdout(&o)
                .lines()
                .last()
                .is_some_and(|l| l.contains(" passed, 0 failed, ")),
            "{}",
            stdout(&o)
        );
    }
    let o = uridiff(&["suite", "--parser", "nope"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("oracle-grammar"));
}

/// `parsers --rules`: every rule once with its id and count, the sections in order, the rules
/// that never fired last, and the workers left out said to be left out.
#[test]
fn parsers_rules_lists_every_rule_and_the_dead_ones_last() {
    let o = uridiff(&["parsers", "--rules", "--no-external"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let at = |heading: &str| {
        text.find(heading)
            .unwrap_or_else(|| panic!("{heading:?} in {text}"))
    };
    let (fired, not_run, never) = (
        at("\nfired ("),
        at("\nnot counted: no parser of their owner ran ("),
        at("\nnever fired on the default run ("),
    );
    assert!(fired < not_run && not_run < never, "{text}");
    // Each rule on one line of its section: its id first, then the times it fired.
    let line = |id: &str| {
        let found: Vec<(usize, &str)> = text
            .match_indices(&format!("\n  {id} "))
            .map(|(i, _)| (i, text[i + 1..].lines().next().unwrap_or_default()))
            .collect();
        assert_eq!(found.len(), 1, "{id} once in {text}");
        found[0]
    };
    let (i, l) = line("any/scheme-lowercased");
    assert!(fired < i && i < not_run, "{l}");
    let times: usize = l
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("a count");
    assert!(times > 0, "{l}");
    let (i, l) = line("php-parse-url/control-as-underscore");
    assert!(not_run < i && i < never, "{l}");
    for r in uridiff::engine::rules() {
        line(r.id);
    }
    // Every rule in the never-fired section says 0.
    for l in text[never..].lines().skip(2) {
        assert_eq!(l.split_whitespace().nth(1), Some("0"), "{l}");
    }
}

/// A worker that only shakes hands (`uridiff parsers` starts it to say whether it runs; it
/// reads its requests until uridiff closes them), with
/// `extra` JSON fields in its handshake.
#[cfg(unix)]
fn handshake_only(name: &str, extra: &str) -> String {
    format!(
        "{name}=printf '%s\\n' '{{\"protocol\":\"uridiff-worker/1\",\"name\":\"{name}\",\"version\":\"1\",\"profile\":\"rfc3986\",\"operations\":[\"parse\"],\"components\":[\"host\"],\"decides_validity\":true{extra}}}'; exec cat >/dev/null"
    )
}

#[cfg(unix)]
#[test]
fn a_worker_under_a_shipped_parsers_name_replaces_it_and_takes_its_rules() {
    let o = uridiff(&[
        "parsers",
        "--json",
        "--parser",
        "iri-string",
        "--external",
        &handshake_only("iri-string", ""),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("replaces the shipped iri-string"),
        "{}",
        stderr(&o)
    );
    let listed: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let text = listed.to_string();
    assert!(text.contains("\"wraps\":\"iri-string\""), "{text}");
    assert!(text.contains("\"external\""), "{text}");
    // One step off: impl is the specification and is never replaced; a name no parser has
    // is a worker of its own.
    let o = uridiff(&["parsers", "--external", &handshake_only("impl", "")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot be replaced"));
    let o = uridiff(&[
        "parsers",
        "--json",
        "--external",
        &handshake_only("mine", ""),
    ]);
    assert!(!stderr(&o).contains("replaces"));
    assert!(!String::from_utf8_lossy(&o.stdout).contains("\"wraps\""));
}

#[cfg(unix)]
#[test]
fn a_handshake_wraps_only_a_parser_uridiff_ships() {
    let o = uridiff(&[
        "parsers",
        "--json",
        "--parser",
        "mine",
        "--external",
        &handshake_only("mine", ",\"wraps\":\"iri-string\""),
    ]);
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("\"wraps\":\"iri-string\""),
        "{}",
        stderr(&o)
    );
    // One step off: a library uridiff does not ship is refused at the handshake.
    let o = uridiff(&[
        "parsers",
        "--parser",
        "mine",
        "--external",
        &handshake_only("mine", ",\"wraps\":\"nosuch\""),
    ]);
    let listed = String::from_utf8_lossy(&o.stdout);
    assert!(
        listed.contains("no: bad handshake: wraps \"nosuch\", which is no parser uridiff ships"),
        "{listed}"
    );
}
