//! `uridiff suite --whatwg`: WHATWG URL test-data files scored per parser, with the YAML suites'
//! failure lines, closing line and exit codes; malformed entries named by file and index while
//! the good ones still run.

use std::path::PathBuf;
use std::process::{Command, Output};

use crate::common::{stderr, stdout};

const SAMPLE: &str = "tests/data/whatwg-sample.json";
const MALFORMED: &str = "tests/data/whatwg-malformed.json";

fn uridiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(args)
        .output()
        .expect("runs")
}

/// How many test entries (objects) a file has, read independently of the reader under test.
fn objects(path: &str) -> usize {
    let text = std::fs::read_to_string(path).expect("reads");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    v.as_array()
        .expect("an array")
        .iter()
        .filter(|e| e.is_object())
        .count()
}

/// A fresh folder for one test's files.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("uridiff-whatwg-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    dir
}

#[test]
fn url_passes_every_sample_entry() {
    let n = objects(SAMPLE);
    assert!(n >= 25, "{n}");
    let o = uridiff(&["suite", "--whatwg", SAMPLE, "--parser", "url"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    assert!(
        out.contains(&format!(
            "url on {SAMPLE}: {n} passed, 0 failed, 0 skipped of {n}"
        )),
        "{out}"
    );
    // Without YAML suites: only the sample's entries are counted.
    assert_eq!(
        out.lines().last(),
        Some(format!("{n} passed, 0 failed").as_str())
    );
}

#[cfg(feature = "ada")]
#[test]
fn url_and_ada_pass_every_sample_entry() {
    let n = objects(SAMPLE);
    let o = uridiff(&[
        "suite", "--whatwg", SAMPLE, "--parser", "url", "--parser", "ada-url",
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    for parser in ["url", "ada-url"] {
        assert!(
            out.contains(&format!(
                "{parser} on {SAMPLE}: {n} passed, 0 failed, 0 skipped of {n}"
            )),
            "{out}"
        );
    }
    assert_eq!(
        out.lines().last(),
        Some(format!("{} passed, 0 failed", 2 * n).as_str())
    );
}

#[test]
fn a_wrong_entry_fails_naming_the_entry_field_expected_and_got() {
    let dir = temp("wrong");
    let path = dir.join("wrong.json");
    std::fs::write(
        &path,
        r#"["the default port is dropped, not kept",
          {"input": "http://a.test:80/x", "base": null, "href": "http://a.test:80/x", "port": "80"},
          {"input": "http://a.test/", "base": null, "href": "http://a.test/"}]"#,
    )
    .expect("writes");
    let shown = path.to_str().expect("a UTF-8 path");
    let o = uridiff(&["suite", "--whatwg", shown, "--parser", "url"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    let fail = format!(
        "FAIL {shown}[1] parse \"http://a.test:80/x\": href: expected \"http://a.test:80/x\", got \"http://a.test/x\"; port: expected \"80\", got \"\""
    );
    assert!(out.lines().any(|l| l == fail), "{out}");
    assert!(
        !out.contains(&format!("{shown}[2]")),
        "passing entries are quiet: {out}"
    );
    assert!(
        out.contains(&format!(
            "url on {shown}: 1 passed, 1 failed, 0 skipped of 2"
        )),
        "{out}"
    );
    assert_eq!(out.lines().last(), Some("1 passed, 1 failed"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn malformed_entries_are_named_and_the_good_ones_still_run() {
    let o = uridiff(&["suite", "--whatwg", MALFORMED, "--parser", "url"]);
    let (out, err) = (stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(2), "{out}{err}");
    for (index, what) in [
        (
            2,
            "a JSON number, where an entry is a string (a comment) or an object (a test)",
        ),
        (3, "`input` is missing"),
        (4, "`port` is a JSON number, where it must be a string"),
        (6, "neither `failure: true` nor the expected `href`"),
    ] {
        let line = format!("error: {MALFORMED}: entry {index} (0-based): {what}");
        assert!(err.lines().any(|l| l.starts_with(&line)), "{line}\n{err}");
    }
    assert_eq!(
        err.lines().filter(|l| l.starts_with("error: ")).count(),
        4,
        "{err}"
    );
    assert!(
        out.contains(&format!(
            "url on {MALFORMED}: 2 passed, 0 failed, 0 skipped of 2, 4 malformed entries"
        )),
        "{out}"
    );
    assert!(
        out.contains("(4 WHATWG test-data entries are malformed"),
        "{out}"
    );
    assert_eq!(out.lines().last(), Some("2 passed, 0 failed"));
}

#[test]
fn a_file_that_is_not_test_data_is_one_error_and_exit_2() {
    let dir = temp("bad");
    let not_json = dir.join("not.json");
    std::fs::write(&not_json, "[\n  {\"input\": \"a\",}\n]").expect("writes");
    let shown = not_json.to_str().expect("a UTF-8 path");
    let o = uridiff(&["suite", "--whatwg", shown, "--parser", "url"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("error: {shown}:2:")),
        "{}",
        stderr(&o)
    );
    let object = dir.join("object.json");
    std::fs::write(&object, "{\"input\": \"a\"}").expect("writes");
    let o = uridiff(&["suite", "--whatwg", object.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is a JSON object"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn several_parsers_are_for_whatwg_files_alone() {
    let o = uridiff(&[
        "suite", "suites", "--whatwg", SAMPLE, "--parser", "url", "--parser", "impl",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("one --parser at a time"),
        "{}",
        stderr(&o)
    );
}

/// A report run on the sample file alone: each WHATWG parser that matches the WHATWG reference on
/// every entry is never unexplained, and the report shows the reference's score on the file.
#[test]
fn a_whatwg_parser_that_matches_the_reference_is_never_unexplained() {
    let whatwg: Vec<std::sync::Arc<dyn uridiff::subjects::Subject>> =
        uridiff::subjects::in_process()
            .into_iter()
            .filter(|s| s.info().profile == "whatwg-url")
            .collect();
    assert!(!whatwg.is_empty());
    let engine = uridiff::engine::Engine::new(whatwg);
    let report = uridiff::run::build(uridiff::run::Inputs {
        engine: &engine,
        suites: &[],
        tasks: Vec::new(),
        whatwg: vec![PathBuf::from(SAMPLE)],
        seed: 1,
        generated: 0,
        budget: 60,
        confusion: Default::default(),
        tag: &|_| None,
        progress: &|| (),
    })
    .expect("the sample reads");
    let reference = report
        .whatwg
        .iter()
        .find(|w| w.reference)
        .expect("the reference's score");
    assert_eq!(reference.score.failed, 0, "{reference:?}");
    assert_eq!(reference.score.passed, objects(SAMPLE));
    for w in report.whatwg.iter().filter(|w| !w.reference) {
        if w.score.failed > 0 {
            continue;
        }
        let unexplained: Vec<&str> = report
            .classes
            .iter()
            .filter(|c| !c.explained && c.signature.subject == w.parser)
            .map(|c| c.key.as_str())
            .collect();
        assert!(unexplained.is_empty(), "{}: {unexplained:?}", w.parser);
    }
    // Every entry ran as a job against the reference.
    assert_eq!(report.tasks, objects(SAMPLE));
}
