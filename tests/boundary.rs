//! The boundary set in the default jobs, through the binary: `check` and `report` run it unless
//! `--no-boundary`, and say what their inputs covered (the (component, position, byte) pairs of
//! RFC 3986 Appendix B's split) in `check --json` and in `discrepancies.json` and `summary.md`.

use std::fs;

use serde_json::Value;

use crate::common::{stderr, stdout, uridiff_stdin};

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("uridiff-boundary-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).expect("a scratch folder");
    d
}

/// `check --write-baseline --json` on impl and url, a small corpus, with `extra`.
fn check(dir: &std::path::Path, extra: &[&str]) -> Value {
    let base = dir.join(format!("b{}.txt", extra.len()));
    let mut args = vec![
        "check",
        "--baseline",
        base.to_str().expect("utf-8"),
        "--write-baseline",
        "--json",
        "--parser",
        "impl",
        "--parser",
        "url",
        "--under-test",
        "url",
        "--count",
        "30",
        "--no-builtin-suites",
    ];
    args.extend_from_slice(extra);
    let o = uridiff_stdin(&args, b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("one JSON document")
}

#[test]
fn check_runs_the_boundary_set_unless_told_not_to_and_says_what_it_covered() {
    let dir = scratch("check");
    let with = check(&dir, &[]);
    let without = check(&dir, &["--no-boundary"]);
    let n = |d: &Value, k: &str| d["coverage"][k].as_u64().expect("a count");
    // Every pair the split can produce is covered with the boundary set, not by 30 inputs alone.
    assert_eq!(n(&with, "covered"), n(&with, "possible"));
    assert!(n(&without, "covered") < n(&without, "possible"));
    assert_eq!(with["coverage"]["percent"], 100.0);
    // The boundary set's jobs, each one job (no two share operation, operands and edition).
    let boundary = uridiff::generate::boundary::tasks().len() as u64;
    let jobs = |d: &Value| d["jobs"].as_u64().expect("a count");
    assert_eq!(jobs(&with) - jobs(&without), boundary);
    assert_eq!(n(&with, "inputs") - n(&without, "inputs"), boundary);
}

#[test]
fn report_writes_the_coverage_table_and_its_detail() {
    let dir = scratch("report");
    let o = uridiff_stdin(
        &[
            "report",
            "--out",
            dir.to_str().expect("utf-8"),
            "--parser",
            "impl",
            "--count",
            "20",
            "--no-builtin-suites",
            "-q",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc: Value =
        serde_json::from_str(&fs::read_to_string(dir.join("discrepancies.json")).expect("written"))
            .expect("JSON");
    let c = &doc["coverage"];
    assert_eq!(c["covered"], c["possible"]);
    // The port's first byte "+" is the boundary set's, and no port misses a byte.
    let parts = c["components"].as_array().expect("an array");
    let port = parts
        .iter()
        .find(|p| p["component"] == "port" && p["position"] == "first")
        .expect("the port's first byte");
    assert!(port["covered"]
        .as_array()
        .expect("an array")
        .contains(&Value::from("0x2b")));
    assert_eq!(port["missing"], Value::Array(Vec::new()));
    let md = fs::read_to_string(dir.join("summary.md")).expect("written");
    assert!(md.contains("## Input coverage"), "{md}");
    assert!(md.contains("| port | 104/104 | 20/20 |"), "{md}");
}
