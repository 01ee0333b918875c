//! The `uridiff` binary under hostile inputs and I/O conditions: huge, binary and NUL inputs,
//! and standard output and error on a full device. Nothing may panic (exit code 101 or a
//! signal); every run ends with one of the documented exit codes.

use std::ffi::OsString;
use std::io::Write;
use std::os::unix::ffi::OsStringExt;
use std::process::{Command, Output, Stdio};

/// The documented exit codes (README, docs/src/commands.md, `--help`).
const CODES: [i32; 4] = [0, 1, 2, 3];

fn run(args: &[OsString], stdin: &[u8], stdout: Stdio, stderr: Stdio) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("spawns");
    let mut pipe = child.stdin.take().expect("stdin");
    // The child may stop reading early; a broken pipe here is not the test's concern.
    let _ = pipe.write_all(stdin);
    drop(pipe);
    child.wait_with_output().expect("waits")
}

fn os(s: &str) -> OsString {
    OsString::from(s)
}

/// Every subcommand, each with `INPUT` standing for the hostile input.
fn commands() -> Vec<Vec<&'static str>> {
    vec![
        vec!["parse", "INPUT"],
        vec!["parse", "--json", "INPUT"],
        vec!["parse", "--edition", "all", "INPUT"],
        vec!["parse", "--edition", "all", "--json", "INPUT"],
        vec!["parse", "--edition", "draft-ietf-uri-url-06", "INPUT"],
        vec!["resolve", "http://a/b/c/d;p?q", "INPUT"],
        vec!["resolve", "--edition", "all", "http://a/b/c/d;p?q", "INPUT"],
        vec!["resolve", "--json", "INPUT", "g"],
        vec!["normalize", "INPUT"],
        vec!["normalize", "--scheme-based", "INPUT"],
        vec!["equivalent", "INPUT", "http://a/"],
        vec!["oracle", "INPUT"],
        vec![
            "oracle",
            "--json",
            "--edition",
            "draft-ietf-url-syntax-00",
            "INPUT",
        ],
        vec!["diff", "--no-external", "INPUT"],
        vec![
            "diff",
            "--no-external",
            "--json",
            "--base",
            "http://a/b",
            "INPUT",
        ],
    ]
}

fn hostile() -> Vec<(&'static str, Vec<u8>)> {
    let big = 70_000;
    vec![
        (
            "huge path",
            [b"http://a/".as_slice(), &vec![b'b'; big]].concat(),
        ),
        (
            "huge host",
            [b"http://".as_slice(), &vec![b'h'; big], b"/"].concat(),
        ),
        ("huge invalid", vec![b'%'; big]),
        ("binary", (0x80..=0xffu8).chain(0x01..0x20).collect()),
        ("NUL and ESC", b"http://a/\0b\x1b[31m".to_vec()),
    ]
}

fn assert_no_panic(o: &Output, what: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{what}: {err}");
    match o.status.code() {
        Some(c) => assert!(CODES.contains(&c), "{what}: exit {c}: {err}"),
        None => panic!("{what}: killed by a signal"),
    }
}

#[test]
fn no_subcommand_panics_on_huge_binary_or_nul_input() {
    for (name, input) in hostile() {
        for cmd in commands() {
            // As an argument (a NUL cannot be one), and through `-` on standard input.
            let as_arg: Vec<OsString> = cmd
                .iter()
                .map(|a| {
                    if *a == "INPUT" {
                        OsString::from_vec(input.clone())
                    } else {
                        os(a)
                    }
                })
                .collect();
            if !input.contains(&0) {
                let o = run(&as_arg, b"", Stdio::piped(), Stdio::piped());
                assert_no_panic(&o, &format!("{name}: {cmd:?}"));
            }
            let as_stdin: Vec<OsString> = cmd
                .iter()
                .map(|a| os(if *a == "INPUT" { "-" } else { a }))
                .collect();
            let o = run(&as_stdin, &input, Stdio::piped(), Stdio::piped());
            assert_no_panic(&o, &format!("{name} on stdin: {cmd:?}"));
        }
    }
}

#[test]
fn a_full_stdout_or_stderr_is_an_error_not_a_panic() {
    let full = || Stdio::from(std::fs::File::create("/dev/full").expect("/dev/full"));
    for cmd in commands() {
        let args: Vec<OsString> = cmd
            .iter()
            .map(|a| os(if *a == "INPUT" { "http://a/%zz" } else { a }))
            .collect();
        // stdout full: the write fails, the error goes to stderr, exit 2.
        let o = run(&args, b"", full(), Stdio::piped());
        assert_no_panic(&o, &format!("stdout full: {cmd:?}"));
        assert_eq!(o.status.code(), Some(2), "stdout full: {cmd:?}");
        // Both full: nowhere to say it, but still exit 2 and no panic.
        let o = run(&args, b"", full(), full());
        assert_eq!(o.status.code(), Some(2), "both full: {cmd:?}");
    }
    // `parsers` on a full stdout.
    let o = run(
        &[os("parsers"), os("--no-external")],
        b"",
        full(),
        Stdio::piped(),
    );
    assert_no_panic(&o, "parsers on a full stdout");
    assert_eq!(o.status.code(), Some(2), "parsers on a full stdout");
    // A usage error and --help with both streams full.
    for args in [
        vec!["parse"],
        vec!["--help"],
        vec!["parse", "--edition", "bogus", "x"],
    ] {
        let args: Vec<OsString> = args.into_iter().map(os).collect();
        let o = run(&args, b"", full(), full());
        assert!(
            matches!(o.status.code(), Some(0 | 2)),
            "{args:?}: {:?}",
            o.status
        );
    }
    // A suite whose error message goes to a full stderr.
    let dir = std::env::temp_dir().join(format!("uridiff-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("bad.yaml");
    std::fs::write(&file, "suite: x\ncases: 3\n").expect("writes");
    let o = run(
        &[os("suite"), file.into_os_string()],
        b"",
        Stdio::piped(),
        full(),
    );
    assert_no_panic(&o, "suite error on full stderr");
    std::fs::remove_dir_all(&dir).ok();
}

/// A FIFO or a device where a file is expected (a suite, a baseline, a WHATWG test-data file):
/// refused before it is opened, naming what it is, with exit 2, never a run that blocks on the
/// open or reads for ever.
#[test]
fn special_files_are_refused_naming_what_they_are() {
    let dir = std::env::temp_dir().join(format!("uridiff-special-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let fifo = dir.join("x.yaml");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        eprintln!("note: no mkfifo here; only /dev/zero is tried");
    }
    let fifo_s = fifo.to_str().expect("utf-8").to_owned();
    let mut cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["suite".into(), "/dev/zero".into()],
            "a character device",
        ),
        (
            vec!["suite".into(), "--whatwg".into(), "/dev/zero".into()],
            "a character device",
        ),
    ];
    if made {
        cases.push((vec!["suite".into(), fifo_s.clone()], "a FIFO"));
        cases.push((
            vec![
                "check".into(),
                "--baseline".into(),
                fifo_s.clone(),
                "--count".into(),
                "1".into(),
                "--parser".into(),
                "impl".into(),
            ],
            "a FIFO",
        ));
    }
    for (args, what) in cases {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        let out = run(&args, b"", Stdio::piped(), Stdio::piped());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(what), "{args:?}: {err}");
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A long input's table of every edition is about as long as its values: a column is padded to
/// at most 80 characters, so one long value does not pad every other cell to its length (200 KB
/// of path made 12 MB of output when it did, 62 times the input).
#[test]
fn a_long_input_does_not_pad_every_cell_of_the_editions_table_to_its_length() {
    let mut input = b"http://a/".to_vec();
    input.extend(std::iter::repeat_n(b'x', 200_000));
    input.push(b'\n');
    let o = crate::common::uridiff_stdin(&["parse", "--edition", "all", "-"], &input);
    assert_no_panic(&o, "parse --edition all");
    assert_eq!(o.status.code(), Some(0));
    // Six editions' path and its serialization, a few times each: well under 20 times the input.
    assert!(
        o.stdout.len() < 20 * input.len(),
        "{} bytes",
        o.stdout.len()
    );
    // A short input's table is still aligned: each edition's verdict under its name.
    let o = crate::common::uridiff_stdin(&["parse", "--edition", "all", "-"], b"http://a/b?c\n");
    let text = String::from_utf8(o.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    let (header, verdict) = (lines[1], lines[2]);
    assert_eq!(
        header.find("draft-ietf-uri-url-06"),
        verdict.find("valid"),
        "{text}"
    );
    assert_eq!(header.find("rfc3986"), verdict.rfind("valid"), "{text}");
}

/// `diff` on a long input writes each value clipped, saying how much is left out and that
/// `--json` has every byte: one 2 MB input through 38 parsers wrote 84 MB when every value was
/// written whole.
#[test]
fn a_long_input_through_diff_writes_clipped_values() {
    let mut input = b"http://a/".to_vec();
    input.extend(std::iter::repeat_n(b'x', 200_000));
    input.push(b'\n');
    let o = crate::common::uridiff_stdin(&["diff", "--no-external", "-"], &input);
    assert_no_panic(&o, "diff -");
    let text = String::from_utf8(o.stdout).expect("utf-8");
    // A line a parser: each far shorter than the input.
    assert!(text.len() < input.len() / 10, "{} bytes", text.len());
    assert!(
        text.contains("more characters; --json has every byte"),
        "{text}"
    );
    // --json keeps every byte.
    let o = crate::common::uridiff_stdin(&["diff", "--no-external", "--json", "-"], &input);
    assert!(o.stdout.len() > input.len(), "{} bytes", o.stdout.len());
}
