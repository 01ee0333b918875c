//! uridiff run as an installed binary is run: from a folder with no `suites/`, `corpus/` or
//! `workers/` near it (the suites are built in), with errors that name the missing thing once,
//! inputs shown so that pasting them back gives the same bytes, `--parser` that refuses an
//! unknown name, a failing worker's last stderr lines, and `--help` that lists only what each
//! command takes.

use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, Output};

use super::common::{stderr, stdout};

/// `uridiff ARGS` run in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    run_os(dir, &args.iter().map(OsString::from).collect::<Vec<_>>())
}

fn run_os(dir: &Path, args: &[OsString]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(args)
        .current_dir(dir)
        .env_remove("CI")
        .output()
        .expect("runs")
}

/// A fresh folder holding nothing uridiff ships.
fn empty_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a folder");
    for name in ["suites", "corpus", "schemas", "workers"] {
        assert!(!dir.path().join(name).exists());
    }
    dir
}

#[track_caller]
fn code(o: &Output) -> i32 {
    o.status.code().expect("an exit code")
}

/// The number before " jobs through" in `report`'s summary line.
#[track_caller]
fn jobs(o: &Output) -> usize {
    let out = stdout(o);
    assert_eq!(code(o), 0, "{out}{}", stderr(o));
    out.split(" jobs through")
        .next()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no job count in {out}"))
}

/// In-process parsers only, a small corpus: what the report and check tests here run.
const SMALL: [&str; 10] = [
    "--count",
    "20",
    "--no-external",
    "--parser",
    "impl",
    "--parser",
    "url",
    "--parser",
    "fluent-uri",
    "--budget",
];

fn small(head: &[&str]) -> Vec<String> {
    head.iter()
        .chain(SMALL.iter())
        .chain(["10"].iter())
        .map(|s| (*s).to_owned())
        .collect()
}

fn run_strings(dir: &Path, args: &[String]) -> Output {
    run_os(dir, &args.iter().map(OsString::from).collect::<Vec<_>>())
}

#[test]
fn suite_runs_the_built_in_suites_from_any_folder() {
    let dir = empty_folder();
    let o = run_in(dir.path(), &["suite"]);
    let out = stdout(&o);
    assert_eq!(code(&o), 0, "{out}{}", stderr(&o));
    let last = out.lines().last().unwrap_or_default();
    let passed: usize = last
        .split(" passed")
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{last}"));
    assert!(passed > 500, "{last}");
    assert!(last.contains(" 0 failed"), "{last}");
    // Each case is located in its built-in suite.
    let o = run_in(dir.path(), &["suite", "-v", "--filter", "IPv6"]);
    assert!(
        stdout(&o).contains("<built-in>/rfc3986.yaml#"),
        "{}",
        stdout(&o)
    );
    // Named paths run alone: one case, not the built-in suites beside it.
    std::fs::write(
        dir.path().join("one.yaml"),
        "suite: one\ncases:\n  - {op: parse, input: \"http://a/b\", expect: {host: a}}\n",
    )
    .expect("written");
    let o = run_in(dir.path(), &["suite", "one.yaml"]);
    assert_eq!(stdout(&o).lines().last(), Some("1 passed, 0 failed"));
}

#[test]
fn report_adds_suites_to_the_built_in_ones_unless_told_not_to() {
    let dir = empty_folder();
    let d = dir.path();
    // One case whose input no built-in suite and no generator holds.
    std::fs::write(
        d.join("mine.yaml"),
        "suite: mine\ncases:\n  - {op: parse, input: \"zz-only-here:x\", expect: {scheme: zz-only-here}}\n",
    )
    .expect("written");
    let out = |extra: &[&str]| {
        let mut head = vec!["report", "-q", "--out", "out"];
        head.extend_from_slice(extra);
        jobs(&run_strings(d, &small(&head)))
    };
    let builtin = out(&[]);
    let with_mine = out(&["--suites", "mine.yaml"]);
    let none = out(&["--no-builtin-suites"]);
    let only_mine = out(&["--no-builtin-suites", "--suites", "mine.yaml"]);
    assert_eq!(
        with_mine,
        builtin + 1,
        "--suites adds to the built-in suites"
    );
    assert_eq!(only_mine, none + 1, "--no-builtin-suites leaves them out");
    assert!(
        none + 100 < builtin,
        "{none} jobs without the suites, {builtin} with"
    );
    assert!(d.join("out/index.html").is_file());
}

#[test]
fn check_writes_and_checks_a_baseline_from_any_folder() {
    let dir = empty_folder();
    let d = dir.path();
    let write = run_strings(
        d,
        &small(&[
            "check",
            "--baseline",
            "b.txt",
            "--write-baseline",
            "--under-test",
            "fluent-uri",
        ]),
    );
    assert_eq!(code(&write), 0, "{}{}", stdout(&write), stderr(&write));
    let again = run_strings(
        d,
        &small(&["check", "--baseline", "b.txt", "--under-test", "fluent-uri"]),
    );
    assert_eq!(code(&again), 0, "{}{}", stdout(&again), stderr(&again));
    assert!(stdout(&again).contains("0 new, 0 changed, 0 stale"));
}

#[test]
fn every_command_runs_from_a_folder_with_nothing_near_it() {
    let dir = empty_folder();
    let d = dir.path();
    let commands: &[(&[&str], &[i32])] = &[
        (&["parse", "http://a/b"], &[0]),
        (&["resolve", "http://a/b/c", "../g"], &[0]),
        (&["normalize", "HTTP://A/%7e"], &[0]),
        (&["equivalent", "http://a/", "HTTP://a"], &[0]),
        (&["oracle", "http://a/b"], &[0]),
        (&["diff", "--no-external", "http://a/b"], &[0, 1]),
        (&["parsers", "--no-external"], &[0]),
        (&["suite", "--filter", "5.4.1"], &[0]),
        (
            &[
                "fuzz",
                "--no-external",
                "--seconds",
                "5",
                "--inputs",
                "8",
                "--out",
                "c",
                "-q",
            ],
            &[0],
        ),
        (&["promote", "c/findings.jsonl"], &[0]),
    ];
    for (args, ok) in commands {
        let o = run_in(d, args);
        let err = stderr(&o);
        assert!(
            ok.contains(&code(&o)),
            "{args:?}: exit {}: {}{err}",
            code(&o),
            stdout(&o)
        );
        assert!(!err.contains("No such file"), "{args:?}: {err}");
    }
}

/// How many times `needle` occurs in `hay`.
fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

#[test]
fn errors_name_the_missing_thing_once() {
    let dir = empty_folder();
    let d = dir.path();
    std::fs::create_dir(d.join("adir")).expect("a folder");
    let missing = std::fs::metadata(d.join("nosuch")).unwrap_err().to_string();
    let cases: &[(&[&str], &str, &str)] = &[
        (&["suite", "nosuch.yaml"], "nosuch.yaml", &missing),
        (
            &["suite", "--whatwg", "nosuch.json"],
            "nosuch.json",
            &missing,
        ),
        (&["suite", "--whatwg", "adir"], "adir", "not a regular file"),
        (
            &["check", "--baseline", "adir", "--no-external"],
            "adir",
            "not a regular file",
        ),
        (
            &[
                "report",
                "--suites",
                "nosuch",
                "--no-external",
                "--count",
                "1",
            ],
            "nosuch",
            &missing,
        ),
        (
            &[
                "report",
                "--suites",
                "adir",
                "--no-external",
                "--count",
                "1",
            ],
            "adir",
            "no suite files",
        ),
        (&["promote", "adir"], "adir", "a folder"),
        (
            &["promote", "nosuch.jsonl"],
            "nosuch.jsonl",
            "no such findings file",
        ),
    ];
    for (args, path, why) in cases {
        let o = run_in(d, args);
        let err = stderr(&o);
        assert_eq!(code(&o), 2, "{args:?}: {}{err}", stdout(&o));
        assert_eq!(count(&err, why), 1, "{args:?}: {err}");
        assert_eq!(count(&err, path), 1, "{args:?}: {err}");
    }
}

#[test]
fn a_malformed_suite_beside_the_built_in_ones_is_named_by_its_path_and_line() {
    let dir = empty_folder();
    let d = dir.path();
    std::fs::write(
        d.join("bad.yaml"),
        "suite: x\ncases:\n  - {op: parse, input: \"a\"\n",
    )
    .expect("written");
    let o = run_strings(
        d,
        &small(&["report", "-q", "--out", "o", "--suites", "bad.yaml"]),
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stderr(&o).contains("bad.yaml:4:1: "), "{}", stderr(&o));
    let o = run_in(d, &["suite", "bad.yaml"]);
    assert_eq!(code(&o), 2);
    assert_eq!(count(&stderr(&o), "bad.yaml:4:1: "), 1, "{}", stderr(&o));
}

/// What bash reads a shown input as: a shown `$'...'` or `'...'` word as it is, any other text
/// pasted between the single quotes of the `uridiff diff -- '...'` line; `None` without bash.
fn pasted(shown: &str) -> Option<Vec<u8>> {
    let word = if shown.starts_with("$'") || shown.starts_with('\'') {
        shown.to_owned()
    } else {
        format!("'{shown}'")
    };
    let o = Command::new("bash")
        .arg("-c")
        .arg(format!("printf %s {word}"))
        .output()
        .ok()?;
    Some(o.stdout)
}

#[cfg(unix)]
#[test]
fn a_shown_input_pasted_back_gives_the_same_bytes() {
    use std::os::unix::ffi::OsStrExt;
    let dir = empty_folder();
    let inputs: [&[u8]; 8] = [
        b"http:\\a",
        br"http:\\a",
        b"http://a/it's",
        b"http://a b",
        b"a\x1b[31mb",
        b"\xff\\x41",
        "caf\u{e9}\u{202e}".as_bytes(),
        b"x\ty",
    ];
    for input in inputs {
        for command in ["parse", "diff"] {
            let mut args = vec![OsString::from(command)];
            if command == "diff" {
                args.extend(["--parser", "impl"].map(OsString::from));
            }
            args.push("--".into());
            args.push(std::ffi::OsStr::from_bytes(input).to_owned());
            let o = run_os(dir.path(), &args);
            let out = stdout(&o);
            let first = out.lines().next().unwrap_or_default();
            let shown = first.strip_suffix("  [rfc3986]").unwrap_or(first);
            // Nothing escaped twice, no control character raw.
            assert!(!shown.contains(r"\\\\"), "{command}: {shown}");
            assert!(!shown.chars().any(char::is_control), "{command}: {shown:?}");
            match pasted(shown) {
                Some(bytes) => assert_eq!(bytes, input, "{command}: {shown}"),
                None => eprintln!("note: no bash here; {shown} not pasted back"),
            }
        }
    }
    // A backslash once in a component and in a message, too.
    let o = run_in(
        dir.path(),
        &["diff", "--parser", "impl", "--parser", "url", "http:\\a"],
    );
    let out = stdout(&o);
    assert!(out.contains(r"unexpected byte '\\' at byte 5"), "{out}");
    assert!(!out.contains(r"\\\\"), "{out}");
}

#[test]
fn parsers_with_an_unknown_name_fails_naming_the_known_ones() {
    let dir = empty_folder();
    let o = run_in(
        dir.path(),
        &["parsers", "--no-external", "--parser", "nosuch"],
    );
    assert_eq!(code(&o), 2);
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("\"nosuch\""), "{err}");
    for known in ["impl", "url", "fluent-uri"] {
        assert!(err.contains(known), "{err}");
    }
    let o = run_in(dir.path(), &["parsers", "--no-external", "--parser", "url"]);
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 2, "a header and url alone: {out}");
    assert!(
        out.lines().nth(1).is_some_and(|l| l.starts_with("url ")),
        "{out}"
    );
}

#[cfg(unix)]
#[test]
fn a_worker_without_a_handshake_shows_its_last_twenty_stderr_lines() {
    let dir = empty_folder();
    let worker = "for i in $(seq 1 25); do echo \"trace $i\" >&2; done; exit 3";
    let spec = format!("bad={worker}");
    let o = run_in(
        dir.path(),
        &["parsers", "--parser", "bad", "--external", &spec],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let traces: Vec<&str> = out.lines().filter(|l| l.starts_with("trace ")).collect();
    let expected: Vec<String> = (6..=25).map(|i| format!("trace {i}")).collect();
    assert_eq!(traces, expected, "{out}");
    // The table's row stays one line.
    assert!(
        out.lines()
            .nth(1)
            .is_some_and(|l| l.contains("(more below)")),
        "{out}"
    );
}

#[test]
fn help_lists_only_the_editions_and_rules_a_command_takes() {
    let dir = empty_folder();
    let help = |c: &str| stdout(&run_in(dir.path(), &[c, "--help"]));
    for c in [
        "check", "report", "suite", "parsers", "fuzz", "promote", "bench",
    ] {
        let h = help(c);
        assert!(!h.contains("Editions (--edition)"), "{c}: {h}");
        assert!(!h.contains("Rules (--rule)"), "{c}: {h}");
        assert!(h.contains("Exit codes:"), "{c}: {h}");
    }
    for c in ["parse", "oracle"] {
        let h = help(c);
        assert!(h.contains("Editions (--edition)"), "{c}");
        assert!(h.contains("every edition side by side"), "{c}");
        assert!(h.contains("Rules (--rule)"), "{c}");
    }
    for c in ["resolve", "normalize", "equivalent"] {
        let h = help(c);
        assert!(h.contains("every edition side by side"), "{c}");
        assert!(!h.contains("Rules (--rule)"), "{c}");
    }
    // diff takes one edition, not `all`.
    let h = help("diff");
    assert!(h.contains("draft-ietf-uri-url-06"), "{h}");
    assert!(!h.contains("every edition side by side"), "{h}");
    assert!(!h.contains("Rules (--rule)"), "{h}");
}
