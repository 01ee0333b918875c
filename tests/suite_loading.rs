//! Suite loading, as `uridiff suite` meets hostile folders and files: symlink loops, links out
//! of the folder, huge scalars, deep flow nesting, byte order marks, bytes that are not UTF-8,
//! and suites that would pass silently (no case, an unknown rule, a misspelt component).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use uridiff::suite;

/// A fresh folder under the system's temporary folder, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("uridiff-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("dir");
        }
        std::fs::write(&path, contents).expect("writes");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const ONE_CASE: &str =
    "suite: t\ncases:\n  - {op: parse, input: \"http://a/\", expect: {host: a}}\n";

fn suite(args: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .arg("suite")
        .args(args)
        .output()
        .expect("runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[cfg(unix)]
#[test]
fn symlink_loops_end_and_each_file_is_read_once() {
    use std::os::unix::fs::symlink;
    let d = TempDir::new("loops");
    d.write("a.yaml", ONE_CASE);
    std::fs::create_dir_all(d.0.join("x")).expect("dir");
    symlink("..", d.0.join("x/up1")).expect("link");
    symlink("..", d.0.join("x/up2")).expect("link");
    symlink("a.yaml", d.0.join("b.yaml")).expect("link");
    let start = Instant::now();
    let files = suite::collect(std::slice::from_ref(&d.0)).expect("collects");
    assert_eq!(files.len(), 1, "{files:?}");
    let o = suite(&[&d.0, &d.0.join("a.yaml")]);
    assert!(start.elapsed() < Duration::from_secs(20));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).ends_with("1 passed, 0 failed\n"), "{}", text(&o));
}

#[cfg(unix)]
#[test]
fn a_link_out_of_the_folder_is_not_followed() {
    use std::os::unix::fs::symlink;
    let outside = TempDir::new("outside");
    let secret = outside.write("secret.yaml", "SECRET-CONTENT: [\n");
    let d = TempDir::new("inside");
    d.write("a.yaml", ONE_CASE);
    symlink(&secret, d.0.join("leak.yaml")).expect("link");
    symlink(&outside.0, d.0.join("leakdir")).expect("link");
    let files = suite::collect(std::slice::from_ref(&d.0)).expect("collects");
    assert_eq!(files, vec![d.0.join("a.yaml")]);
    let o = suite(&[&d.0]);
    assert!(!text(&o).contains("SECRET"), "{}", text(&o));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

#[test]
fn errors_quote_a_short_excerpt_only() {
    let d = TempDir::new("excerpt");
    let big = d.write(
        "big.yaml",
        format!("suite: t\ncases: \"{}\"\n", "x".repeat(5_000_000)),
    );
    let o = suite(&[&big]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).len() < 4_000,
        "{} bytes of message",
        text(&o).len()
    );
    assert!(text(&o).contains("big.yaml:2:"), "{}", text(&o));
}

#[test]
fn deep_flow_nesting_is_refused_before_parsing() {
    let d = TempDir::new("deep");
    let deep = d.write(
        "deep.yaml",
        format!("suite: t\ncases: {}", "[".repeat(200_000)),
    );
    let start = Instant::now();
    let o = suite(&[&deep]);
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("deep.yaml:2:"), "{}", text(&o));
    assert!(text(&o).contains("nested more than"), "{}", text(&o));
    let large = d.write(
        "large.yaml",
        vec![b'#'; (suite::MAX_FILE_BYTES + 1) as usize],
    );
    let err = suite::load(&large).expect_err("too large");
    assert!(err.to_string().contains("more than"), "{err}");
}

#[test]
fn a_bom_is_accepted_and_bytes_that_are_not_utf8_are_located() {
    let d = TempDir::new("bom");
    let bom = d.write("bom.yaml", format!("\u{feff}{ONE_CASE}"));
    let o = suite(&[&bom]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let bad = d.write(
        "bad.yaml",
        b"suite: t\ncases:\n  - {op: parse, input: \"\xff\", expect: invalid}\n",
    );
    let o = suite(&[&bad]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("bad.yaml:3:"), "{}", text(&o));
    assert!(text(&o).contains("byte 0xff at offset 40"), "{}", text(&o));
}

#[test]
fn nothing_passes_silently() {
    let d = TempDir::new("silent");
    for (name, contents, needle) in [
        ("empty.yaml", "suite: t\ncases: []\n".to_owned(), "empty.yaml:2:"),
        (
            "rule.yaml",
            "suite: t\ncases:\n  - {op: parse, rule: bogus, input: a, expect: invalid}\n".to_owned(),
            "valid rules: URI-reference",
        ),
        (
            "rule94.yaml",
            "suite: t\nedition: draft-ietf-uri-url-06\ncases:\n  - {op: parse, rule: relative-ref, input: a, expect: invalid}\n".to_owned(),
            "httpurl",
        ),
        (
            "hots.yaml",
            "suite: t\ncases:\n  - {op: parse, input: \"http://a/\", expect: {hots: a}}\n".to_owned(),
            "unknown component `hots`",
        ),
    ] {
        let path = d.write(name, &contents);
        let o = suite(&[&path]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", text(&o));
        assert!(text(&o).contains(needle), "{name}: {}", text(&o));
        assert!(text(&o).contains(&format!("{name}:")), "{name}: {}", text(&o));
    }
    // A filter that selects nothing is no pass either.
    let ok = d.write("ok.yaml", ONE_CASE);
    let o = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(["suite", "--filter", "no-such-case"])
        .arg(&ok)
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("no case selected"), "{}", text(&o));
}

#[test]
fn every_field_impl_reports_on_the_suites_is_a_known_edition_field() {
    // The names `expect` may use beside the common ones are listed per edition; they must cover
    // every extra field the implementation gives for any suite input under any edition and rule.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("suites");
    for path in suite::collect(&[root]).expect("suites/") {
        let s = suite::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for case in &s.file.cases {
            for edition in uri_spec::Edition::ALL {
                let rules: Vec<&str> = uri_spec::Rule::names(edition);
                for rule in rules {
                    let Ok(r) = uri_spec::Rule::from_name(edition, rule) else {
                        continue;
                    };
                    let parsed = uri_spec::Parser::new()
                        .edition(edition)
                        .rule(r)
                        .parse(case.input.as_bytes());
                    if let Ok(c) = parsed {
                        for (name, _) in c.extras.iter() {
                            assert!(
                                suite::edition_fields(edition).contains(&name),
                                "{edition}: {name} (from {:?} as {rule})",
                                case.input
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_suite_whose_every_case_is_skipped_checks_nothing_and_exits_2() {
    let dir = TempDir::new("all-skipped");
    let path = dir.write(
        "s.yaml",
        "suite: t\ncases:\n  - {op: parse, input: \"http://a/\", expect: {host: a}, skip: \"not yet\"}\n",
    );
    let out = suite(&[&path]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("every selected case was skipped"),
        "{}",
        text(&out)
    );
}

/// `uridiff ARGS` run in `dir`: its output.
fn uridiff_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("runs")
}

#[test]
fn errors_name_the_exact_line_and_column() {
    let dir = TempDir::new("error-positions");
    // A NUL byte on line 3, column 26 (the YAML parser names a byte offset at best).
    let nul = dir.write(
        "nul.yaml",
        "suite: t\ncases:\n  - {op: parse, input: \"a\0b\", expect: {host: a}}\n",
    );
    let out = suite(&[&nul]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out);
    assert!(
        err.contains("nul.yaml:3:26: the control character U+0000 is not allowed in YAML"),
        "{err}"
    );
    assert!(err.contains("\"\\u0000\""), "says how to write it: {err}");
    // The same for DEL and a C1 control; U+0085 (NEL) is allowed by YAML.
    let del = dir.write(
        "del.yaml",
        format!("suite: t\ncases:\n# \u{7f}\n{}", &ONE_CASE[17..]),
    );
    assert!(text(&suite(&[&del])).contains("del.yaml:3:3: the control character U+007F"));
    let c1 = dir.write("c1.yaml", format!("suite: t # \u{9b}\n{}", &ONE_CASE[9..]));
    assert!(text(&suite(&[&c1])).contains("c1.yaml:1:12: the control character U+009B"));
    let nel = dir.write("nel.yaml", format!("suite: t # \u{85}\n{}", &ONE_CASE[9..]));
    assert!(suite(&[&nel]).status.success(), "{}", text(&suite(&[&nel])));

    // The file's own unknown `edition:` on line 4, its value at column 10.
    let edition = dir.write(
        "edition.yaml",
        format!(
            "suite: t\nsource: x\n\nedition: rfc9999\n{}",
            &ONE_CASE[9..]
        ),
    );
    let err = text(&suite(&[&edition]));
    assert!(
        err.contains("edition.yaml:4:10: unknown edition \"rfc9999\""),
        "{err}"
    );
}

#[test]
fn a_baseline_that_is_not_utf8_names_its_line() {
    let dir = TempDir::new("baseline-utf8");
    dir.write(
        "base.txt",
        b"# uridiff gate baseline 2\n# seed: 1\nurl \xff host parse: a\n",
    );
    let out = uridiff_in(
        &dir.0,
        &[
            "check",
            "--baseline",
            "base.txt",
            "--parser",
            "impl",
            "--count",
            "1",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out);
    assert!(err.contains("base.txt:3:5: not UTF-8"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn an_io_error_shows_its_cause_once() {
    let dir = TempDir::new("io-cause");
    // What the system says for a missing file, in its own words.
    let missing = dir.0.join("missing.yaml");
    let cause = std::fs::metadata(&missing).unwrap_err().to_string();
    dir.write("plain", "x");
    for args in [
        vec!["suite", "missing.yaml"],
        vec!["suite", "--whatwg", "missing.json"],
        vec![
            "check",
            "--baseline",
            "plain/below",
            "--parser",
            "impl",
            "--count",
            "1",
        ],
        vec![
            "fuzz",
            "--no-external",
            "--inputs",
            "1",
            "--out",
            "plain/below",
        ],
        vec!["promote", "plain/findings.jsonl"],
    ] {
        let out = uridiff_in(&dir.0, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out));
        let err = text(&out);
        // Each error names its file; its system cause (when it has one) appears once.
        let once = [
            cause.as_str(),
            "Not a directory",
            "not a directory",
            "no such",
        ]
        .iter()
        .map(|c| err.matches(c).count())
        .max()
        .unwrap_or(0);
        assert_eq!(once, 1, "{args:?}: {err}");
    }
}
