//! The researcher's loop, as a user runs it: a campaign's findings turned into the report
//! `uridiff report` writes (`report --campaign DIR`), a campaign gated on a previous one's
//! findings (`fuzz --fail-on-new BASELINE`), and the status line a campaign prints off a
//! terminal. Campaigns are bounded by `--inputs` and run only in-process parsers, so the same
//! seed finds the same findings.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn uridiff(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_uridiff"));
    c.args(args).env_remove("CI");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("uridiff runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("uridiff-loop-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The arguments of a campaign of seed 5 and about 100 inputs into `dir`.
fn campaign_args(dir: &Path) -> Vec<String> {
    [
        "fuzz",
        "--no-external",
        "--seconds",
        "600",
        "--inputs",
        "100",
        "--budget",
        "40",
        "--seed",
        "5",
        "--out",
        dir.to_str().expect("a UTF-8 path"),
    ]
    .map(str::to_owned)
    .to_vec()
}

fn campaign(dir: &Path, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let mut args = campaign_args(dir);
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    uridiff(&args, env)
}

fn findings(dir: &Path) -> Vec<serde_json::Value> {
    fs::read_to_string(dir.join("findings.jsonl"))
        .expect("a findings file")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// A finding is unexplained when some deviating parser has no rule for it.
fn unexplained(f: &serde_json::Value) -> bool {
    f["deviating"]
        .as_array()
        .expect("deviating")
        .iter()
        .any(|d| f["by_design"].get(d.as_str().expect("a name")).is_none())
}

fn key(f: &serde_json::Value) -> String {
    f["key"].as_str().expect("a key").to_owned()
}

#[test]
fn a_campaigns_report_holds_each_finding_as_a_class_judged_alike() {
    let dir = scratch("report");
    let out = campaign(&dir, &["-q"], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = findings(&dir);
    assert!(
        lines.iter().any(unexplained),
        "no unexplained finding to rank"
    );
    assert!(
        lines.iter().any(|f| !unexplained(f)),
        "no by-design finding to keep apart"
    );
    let report = dir.join("report");
    let out = uridiff(
        &[
            "report",
            "--no-external",
            "--no-builtin-suites",
            "--budget",
            "40",
            "--campaign",
            dir.to_str().unwrap(),
            "--out",
            report.to_str().unwrap(),
            "--json",
        ],
        &[],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one document");
    for name in [
        "index.html",
        "summary.md",
        "discrepancies.json",
        "junit.xml",
    ] {
        assert!(report.join(name).is_file(), "{name} not written");
    }
    let model: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(report.join("discrepancies.json")).unwrap())
            .unwrap();
    assert_eq!(model["seed"], 5, "the campaign's seed");
    // Each finding gives its example and its first-seen input: no more jobs than that.
    let inputs: BTreeSet<(String, String)> = lines
        .iter()
        .flat_map(|f| {
            [
                (f["op"].to_string(), f["example"].to_string()),
                (f["op"].to_string(), f["first_seen"].to_string()),
            ]
        })
        .collect();
    assert_eq!(summary["jobs"].as_u64(), Some(inputs.len() as u64));
    // The engine finds every class the campaign wrote, and judges it as the campaign did.
    let classes: BTreeMap<String, &serde_json::Value> = model["classes"]
        .as_array()
        .expect("classes")
        .iter()
        .map(|c| (key(c), c))
        .collect();
    for f in &lines {
        let c = classes
            .get(&key(f))
            .unwrap_or_else(|| panic!("{} not a class of the report", key(f)));
        assert_eq!(
            c["explained"].as_bool(),
            Some(!unexplained(f)),
            "{} judged otherwise",
            key(f)
        );
    }
    // Ranked: the unexplained classes first, by design kept apart after them.
    let explained: Vec<bool> = classes_in_order(&model);
    assert!(
        explained.windows(2).all(|w| !w[0] || w[1]),
        "a by-design class before an unexplained one: {explained:?}"
    );
    let _ = fs::remove_dir_all(&dir);
}

fn classes_in_order(model: &serde_json::Value) -> Vec<bool> {
    model["classes"]
        .as_array()
        .expect("classes")
        .iter()
        .map(|c| c["explained"].as_bool().expect("explained"))
        .collect()
}

#[test]
fn a_report_on_no_campaign_or_with_a_corpus_exits_2_and_writes_nothing() {
    let dir = scratch("no-campaign");
    fs::create_dir_all(&dir).unwrap();
    let report = dir.join("report");
    let out = uridiff(
        &[
            "report",
            "--no-external",
            "--campaign",
            dir.to_str().unwrap(),
            "--out",
            report.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no findings.jsonl"),
        "{}",
        text(&out.stderr)
    );
    assert!(!report.exists(), "an output folder for a failed run");
    // --campaign replaces the generated corpus: a --count beside it is refused.
    let out = uridiff(
        &[
            "report",
            "--campaign",
            dir.to_str().unwrap(),
            "--count",
            "5",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--count"),
        "{}",
        text(&out.stderr)
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Runs the seed-5 campaign into a fresh folder gated on `baseline`, as JSON.
fn gated(name: &str, baseline: &Path) -> (Output, serde_json::Value, PathBuf) {
    let dir = scratch(name);
    let out = campaign(
        &dir,
        &["-q", "--json", "--fail-on-new", baseline.to_str().unwrap()],
        &[],
    );
    let doc = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", text(&out.stderr)));
    (out, doc, dir)
}

fn new_keys(doc: &serde_json::Value) -> Vec<String> {
    doc["new_unexplained"]
        .as_array()
        .expect("new_unexplained")
        .iter()
        .map(key)
        .collect()
}

#[test]
fn fail_on_new_fails_on_exactly_the_unexplained_classes_the_baseline_lacks() {
    let first = scratch("baseline");
    let out = campaign(&first, &["-q"], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = findings(&first);
    let schema: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/fuzz.schema.json"))
            .unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).expect("a schema");

    // The same campaign against its own findings (the folder as baseline): nothing new.
    let (out, doc, dir) = gated("same", &first);
    assert_eq!(out.status.code(), Some(0), "{doc}");
    assert!(new_keys(&doc).is_empty(), "{doc}");
    assert!(validator.is_valid(&doc), "{doc}");
    let _ = fs::remove_dir_all(dir);

    // A baseline without one unexplained and one by-design finding: only the first is new.
    let gone = lines
        .iter()
        .find(|f| unexplained(f))
        .expect("an unexplained one");
    let by_design = lines
        .iter()
        .find(|f| !unexplained(f))
        .expect("a by-design one");
    let kept: String = lines
        .iter()
        .filter(|f| key(f) != key(gone) && key(f) != key(by_design))
        .map(|f| format!("{f}\n"))
        .collect();
    let file = first.join("older.jsonl");
    fs::write(&file, kept).unwrap();
    let (out, doc, dir) = gated("one-new", &file);
    assert_eq!(out.status.code(), Some(1), "{doc}");
    assert_eq!(new_keys(&doc), [key(gone)]);
    assert_eq!(doc["exit"], 1);
    assert!(validator.is_valid(&doc), "{doc}");
    let _ = fs::remove_dir_all(dir);

    // An empty baseline: every unexplained class is new, in the text output too.
    let empty = first.join("empty.jsonl");
    fs::write(&empty, "").unwrap();
    let dir = scratch("all-new");
    let out = campaign(&dir, &["-q", "--fail-on-new", empty.to_str().unwrap()], &[]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let expected = lines.iter().filter(|f| unexplained(f)).count();
    assert!(
        stdout.contains(&format!(
            "{expected} unexplained classes not in the baseline"
        )),
        "{stdout}"
    );
    for f in lines.iter().filter(|f| unexplained(f)) {
        assert!(stdout.contains(&key(f)), "{} not listed: {stdout}", key(f));
    }
    let _ = fs::remove_dir_all(dir);
    let _ = fs::remove_dir_all(first);
}

#[test]
fn a_missing_baseline_or_one_beside_merge_exits_2_before_running() {
    let dir = scratch("missing-baseline");
    let out = campaign(&dir, &["--fail-on-new", "/nonexistent/baseline"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("/nonexistent/baseline: no such baseline"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.exists(), "a campaign folder for a refused run");
    let out = uridiff(
        &[
            "fuzz",
            "--merge",
            "/tmp",
            "--out",
            dir.to_str().unwrap(),
            "--fail-on-new",
            "/tmp",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--fail-on-new"),
        "{}",
        text(&out.stderr)
    );
}

/// Parses `uridiff: N inputs, R/s, T left; C classes (K new): a critical, b high, c medium,
/// d low` into (N, C, K, [a, b, c, d]).
fn status(line: &str) -> Option<(u64, usize, usize, [usize; 4])> {
    let rest = line.strip_prefix("uridiff: ")?;
    let (inputs, rest) = rest.split_once(" inputs, ")?;
    let (_rate, rest) = rest.split_once("/s, ")?;
    let (_left, rest) = rest.split_once(" left; ")?;
    let (classes, rest) = rest.split_once(" classes (")?;
    let (new, rest) = rest.split_once(" new): ")?;
    let mut counts = [0usize; 4];
    let names = ["critical", "high", "medium", "low"];
    for (i, part) in rest.split(", ").enumerate() {
        let (n, name) = part.split_once(' ')?;
        if names.get(i) != Some(&name) {
            return None;
        }
        counts[i] = n.parse().ok()?;
    }
    Some((
        inputs.parse().ok()?,
        classes.parse().ok()?,
        new.parse().ok()?,
        counts,
    ))
}

#[test]
fn off_a_terminal_a_status_line_says_the_classes_by_severity() {
    // The interval is 30 s; the debug binary takes a shorter one from the environment, so each
    // batch prints its line.
    let dir = scratch("status");
    let out = campaign(&dir, &[], &[("URIDIFF_TEST_STATUS_EVERY_MS", "0")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    let lines: Vec<_> = stderr.lines().filter_map(status).collect();
    assert!(lines.len() >= 2, "one line per batch expected: {stderr}");
    assert!(
        lines
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1),
        "inputs and classes only grow: {lines:?}"
    );
    // The last line counts the findings file by severity.
    let mut by_severity = [0usize; 4];
    let names = ["critical", "high", "medium", "low"];
    let found = findings(&dir);
    for f in &found {
        let i = names
            .iter()
            .position(|n| f["severity"] == *n)
            .expect("a known severity");
        by_severity[i] += 1;
    }
    let last = lines.last().expect("a line");
    assert_eq!(
        (last.1, last.2, last.3),
        (found.len(), found.len(), by_severity)
    );
    // --quiet says nothing while it runs.
    let quiet = scratch("status-quiet");
    let out = campaign(&quiet, &["-q"], &[("URIDIFF_TEST_STATUS_EVERY_MS", "0")]);
    assert!(out.status.success());
    assert!(
        !text(&out.stderr).lines().any(|l| status(l).is_some()),
        "{}",
        text(&out.stderr)
    );
    // Without the test's interval, a run shorter than 30 s prints none.
    let plain = scratch("status-plain");
    let out = campaign(&plain, &[], &[]);
    assert!(out.status.success());
    assert!(
        !text(&out.stderr).lines().any(|l| status(l).is_some()),
        "{}",
        text(&out.stderr)
    );
    for d in [dir, quiet, plain] {
        let _ = fs::remove_dir_all(d);
    }
}
