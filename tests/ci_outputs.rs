//! The outputs CI systems read, through the binary: `report` and `check` with `--sarif` (checked
//! against the official SARIF 2.1.0 schema, `tests/data/sarif-schema-2.1.0.json`), `--junit`
//! (read back with quick-junit: readable names, none repeated), `--summary` and
//! `GITHUB_STEP_SUMMARY`, `--json` (one document, against `schemas/`); `fuzz --json` and
//! `promote --json`; and a SARIF or JUnit path that cannot be written, refused before any parser
//! runs.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::common::{stderr, stdout};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("uridiff-ci-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).expect("a scratch folder");
    d
}

/// `uridiff ARGS` with `GITHUB_STEP_SUMMARY` set to `step` (or removed).
fn uridiff(args: &[&str], step: Option<&Path>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_uridiff"));
    c.args(args).stdin(Stdio::null());
    match step {
        Some(p) => c.env("GITHUB_STEP_SUMMARY", p),
        None => c.env_remove("GITHUB_STEP_SUMMARY"),
    };
    c.output().expect("runs")
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

fn json_file(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).expect("written")).expect("JSON")
}

/// A validator for a schema file, checked to be a valid JSON Schema first.
fn validator(path: &str) -> jsonschema::Validator {
    let schema = json_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join(path));
    assert!(
        jsonschema::meta::is_valid(&schema),
        "{path}: not a JSON Schema"
    );
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[track_caller]
fn valid(v: &jsonschema::Validator, doc: &Value, what: &str) {
    let errors: Vec<String> = v.iter_errors(doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{what}:\n{}", errors.join("\n"));
}

fn sarif_schema() -> jsonschema::Validator {
    validator("tests/data/sarif-schema-2.1.0.json")
}

/// The one JSON document on standard output.
fn document(o: &Output) -> Value {
    let text = stdout(o);
    assert_eq!(text.lines().count(), 1, "one document, one line: {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Every test name of a JUnit file, by suite; asserts that none repeats within its suite and
/// that none is a bare digest.
fn junit_names(path: &Path) -> Vec<(String, Vec<quick_junit::TestCase>)> {
    let xml = fs::read_to_string(path).expect("written");
    let report = quick_junit::Report::deserialize_from_str(&xml).expect("JUnit XML reads back");
    let mut out = Vec::new();
    for suite in report.test_suites {
        let mut seen = HashSet::new();
        for case in &suite.test_cases {
            assert!(
                seen.insert(case.name.as_str().to_owned()),
                "{:?}: {:?} twice",
                suite.name,
                case.name
            );
            // A name says what it tests: never only a 16-digit job id or case digest.
            assert!(
                !case
                    .name
                    .split(['/', ' '])
                    .any(|w| w.len() == 16 && w.bytes().all(|b| b.is_ascii_hexdigit())),
                "a digest in {:?}",
                case.name
            );
        }
        out.push((suite.name.as_str().to_owned(), suite.test_cases));
    }
    out
}

fn failed(case: &quick_junit::TestCase) -> bool {
    matches!(case.status, quick_junit::TestCaseStatus::NonSuccess { .. })
}

#[test]
fn a_report_writes_sarif_junit_summary_and_one_json_document() {
    let dir = scratch("report");
    let step = dir.join("step.md");
    fs::write(&step, "## an earlier step\n").expect("writes");
    let (sarif, junit, summary) = (dir.join("r.sarif"), dir.join("r.xml"), dir.join("r.md"));
    let out = dir.join("out");
    let o = uridiff(
        &[
            "report",
            "--no-external",
            "--count",
            "60",
            "--seed",
            "3",
            "--out",
            s(&out),
            "--sarif",
            s(&sarif),
            "--junit",
            s(&junit),
            "--summary",
            s(&summary),
            "--json",
        ],
        Some(&step),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc = document(&o);
    valid(
        &validator("schemas/report.schema.json"),
        &doc,
        "report --json",
    );
    let model = json_file(&out.join("discrepancies.json"));
    let unexplained: Vec<&Value> = model["classes"]
        .as_array()
        .expect("classes")
        .iter()
        .filter(|c| c["explained"] == false)
        .collect();
    assert!(
        !unexplained.is_empty(),
        "the corpus shows no unexplained class"
    );
    assert_eq!(doc["unexplained"], unexplained.len());
    assert_eq!(doc["unexplained_classes"][0]["key"], unexplained[0]["key"]);
    let files: Vec<&str> = doc["files"]
        .as_array()
        .expect("files")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    for f in [&sarif, &junit, &summary, &step] {
        assert!(files.contains(&s(f)), "{f:?} not in {files:?}");
    }

    // SARIF: valid against the official schema; one result per unexplained class, in order.
    let log = json_file(&sarif);
    valid(&sarif_schema(), &log, "report --sarif");
    // And the schema is not vacuous: a level SARIF does not have, or a result without its
    // message, fails it.
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["level"] = Value::from("fatal");
    assert!(!sarif_schema().is_valid(&broken));
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]
        .as_object_mut()
        .expect("a result")
        .remove("message");
    assert!(!sarif_schema().is_valid(&broken));
    assert_eq!(log["version"], "2.1.0");
    let results = log["runs"][0]["results"].as_array().expect("results");
    // One result per unexplained class, then one per URL-confusion class.
    let confusion = model["confusion"].as_array().expect("confusion classes");
    assert_eq!(results.len(), unexplained.len() + confusion.len());
    for (r, c) in results[unexplained.len()..].iter().zip(confusion) {
        assert_eq!(
            r["ruleId"],
            format!("url-confusion-{}", c["component"].as_str().unwrap_or(""))
        );
    }
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    for (r, c) in results.iter().zip(&unexplained) {
        assert_eq!(r["properties"]["key"], c["key"]);
        assert_eq!(r["ruleId"], c["signature"]["class"]);
        assert_eq!(
            rules[r["ruleIndex"].as_u64().expect("an index") as usize]["id"],
            r["ruleId"]
        );
        assert_eq!(r["properties"]["severity"], c["severity"]);
        let level = match c["severity"].as_str() {
            Some("critical" | "high") => "error",
            Some("medium") => "warning",
            _ => "note",
        };
        assert_eq!(r["level"], level);
        assert!(r["properties"]["example"]
            .as_str()
            .is_some_and(|e| !e.is_empty()));
        assert!(
            r["properties"]["reproduce"].is_string() || r["properties"]["diff"].is_string(),
            "{r}"
        );
        assert!(
            r["message"]["text"]
                .as_str()
                .is_some_and(|t| t.contains("Reproduce: ")),
            "{r}"
        );
    }

    // JUnit: the suite cases per parser, then one test per class, failed when unexplained.
    let suites = junit_names(&junit);
    let (name, classes) = suites.last().expect("suites");
    assert_eq!(name, "discrepancy classes");
    assert_eq!(
        classes.len(),
        model["classes"].as_array().expect("classes").len()
    );
    assert_eq!(
        classes.iter().filter(|c| failed(c)).count(),
        unexplained.len()
    );
    let first = &classes[0];
    let example = unexplained[0]["example"]["input"]
        .as_str()
        .expect("a text example");
    assert!(
        first.name.starts_with(&format!(
            "{}: ",
            unexplained[0]["signature"]["class"]
                .as_str()
                .expect("a class")
        )) && first.name.contains(example),
        "{:?}",
        first.name
    );
    // A suite case is named by its operation and quoted input (its label), not its id.
    let impl_cases = &suites
        .iter()
        .find(|(n, _)| n == "impl")
        .expect("impl's suite")
        .1;
    assert!(!impl_cases.is_empty());
    for c in impl_cases {
        let (op, rest) = c.name.split_once(' ').expect("an operation, then operands");
        assert!(
            op.bytes().all(|b| b.is_ascii_lowercase()) && rest.starts_with('"'),
            "{:?}",
            c.name
        );
        assert!(
            c.properties.iter().any(|p| p.name.as_str() == "id"),
            "{:?}: no id property",
            c.name
        );
    }

    // An RFC 3986 crate does not claim the 1994 draft: that draft's cases are skipped for it,
    // saying why; impl speaks every edition, so its cases of that draft are judged.
    let of = |subject: &str, edition: &str| -> Vec<quick_junit::TestCase> {
        suites
            .iter()
            .find(|(n, _)| n == subject)
            .map(|(_, cases)| cases.clone())
            .unwrap_or_default()
            .into_iter()
            .filter(|c| {
                c.classname.as_ref().map(|n| n.as_str()) == Some(&format!("{subject}.{edition}"))
            })
            .collect()
    };
    let unclaimed = |c: &quick_junit::TestCase| match &c.status {
        quick_junit::TestCaseStatus::Skipped { message, .. } => message
            .as_ref()
            .is_some_and(|m| m.as_str().contains("not the older edition")),
        _ => false,
    };
    let old = of("fluent-uri", "draft-ietf-uri-url-06");
    assert!(!old.is_empty(), "fluent-uri ran no 1994 case");
    // Every one skipped: for that reason, or an earlier one (an operation it does not have).
    assert!(
        old.iter()
            .all(|c| matches!(c.status, quick_junit::TestCaseStatus::Skipped { .. })),
        "{old:?}"
    );
    assert!(old.iter().any(unclaimed), "{old:?}");
    let own = of("impl", "draft-ietf-uri-url-06");
    assert!(!own.is_empty() && !own.iter().any(unclaimed), "{own:?}");
    assert!(!of("fluent-uri", "rfc3986").iter().any(unclaimed));

    // The summary: the file, and the same text appended after the earlier step's.
    let md = fs::read_to_string(&summary).expect("written");
    assert!(md.starts_with("## uridiff report\n"), "{md}");
    assert!(
        md.contains(&format!("**{} unexplained classes**", unexplained.len())),
        "{md}"
    );
    assert_eq!(
        fs::read_to_string(&step).expect("appended"),
        format!("## an earlier step\n\n{md}")
    );
    let _ = fs::remove_dir_all(&dir);
}

fn check(base: &Path, extra: &[&str], step: Option<&Path>) -> Output {
    let mut args = vec![
        "check",
        "--baseline",
        s(base),
        "--no-external",
        "--count",
        "40",
        "--seed",
        "5",
    ];
    args.extend_from_slice(extra);
    uridiff(&args, step)
}

#[test]
fn a_check_reports_new_changed_and_stale_lines_in_every_output() {
    let dir = scratch("check");
    let base = dir.join("b.txt");
    let o = check(&base, &["--write-baseline", "--json"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let written = document(&o);
    let schema = validator("schemas/check.schema.json");
    valid(&schema, &written, "check --write-baseline --json");
    assert_eq!(written["wrote_baseline"], true);
    assert!(written["items"]
        .as_array()
        .expect("items")
        .iter()
        .all(|i| i["status"] == "known"));

    // Edit the baseline: drop a job listed once (new), change another's digest and an agreeing
    // job's (changed twice), list a job that does not run (gone).
    let text = fs::read_to_string(&base).expect("written");
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let jobs: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].starts_with('#') && lines[i].len() > 34)
        .collect();
    // Listed once among the deviating lines (an agreeing line is another parser's answer).
    let once = |i: &&usize| {
        jobs.iter()
            .filter(|&&j| lines[j].starts_with(&lines[**i][..16]))
            .count()
            == 1
    };
    let mut single = jobs.iter().filter(once);
    let (&dropped, &edited) = (
        single.next().expect("a job"),
        single.next().expect("another"),
    );
    let mut new_lines = lines.clone();
    let digit = if &new_lines[edited][17..18] == "0" {
        "1"
    } else {
        "0"
    };
    new_lines[edited].replace_range(17..18, digit);
    // And an agreeing job's digest (a changed answer where the parser deviates neither time).
    let agreeing = lines
        .iter()
        .position(|l| l.starts_with("### (") && l.ends_with(" agrees: parse"))
        .expect("an agreeing section")
        + 1;
    let digit = if &new_lines[agreeing][17..18] == "0" {
        "1"
    } else {
        "0"
    };
    new_lines[agreeing].replace_range(17..18, digit);
    new_lines.insert(
        jobs[0] + 1,
        "0123456789abcdef 0000000000000000 parse gone://".to_owned(),
    );
    new_lines.remove(if dropped > jobs[0] {
        dropped + 1
    } else {
        dropped
    });
    fs::write(&base, new_lines.join("\n") + "\n").expect("writes");

    let step = dir.join("step.md");
    let (sarif, junit, summary) = (dir.join("c.sarif"), dir.join("c.xml"), dir.join("c.md"));
    let o = check(
        &base,
        &[
            "--json",
            "--sarif",
            s(&sarif),
            "--junit",
            s(&junit),
            "--summary",
            s(&summary),
        ],
        Some(&step),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = document(&o);
    valid(&schema, &v, "check --json");
    assert_eq!(
        (
            v["new"].as_u64(),
            v["changed"].as_u64(),
            v["stale"].as_u64()
        ),
        (Some(1), Some(2), Some(1)),
        "{v}"
    );
    assert_eq!(v["passed"], false);
    assert!(
        v["accept"]
            .as_str()
            .is_some_and(|a| a.ends_with(" --write-baseline")),
        "{v}"
    );
    let items = v["items"].as_array().expect("items");
    let statuses: Vec<&str> = items
        .iter()
        .take(4)
        .filter_map(|i| i["status"].as_str())
        .collect();
    assert_eq!(statuses, ["new", "changed", "changed", "gone"]);
    assert!(items[4..].iter().all(|i| i["status"] == "known"));
    // The changed answer of an agreeing job: its pseudo-class, its line and both answers.
    let answer = items
        .iter()
        .find(|i| {
            i["classes"][0]
                .as_str()
                .is_some_and(|c| c.ends_with(" changed-answer parse"))
        })
        .expect("the changed agreeing answer");
    assert_eq!(answer["line"].as_u64(), Some(agreeing as u64 + 1));
    assert!(answer["now_answer"].as_str().is_some(), "{answer}");
    assert!(answer["message"]
        .as_str()
        .is_some_and(|m| m.contains("\n    was: ") && m.contains("\n    now: ")));

    // SARIF: the new and the changed deviation, valid against the official schema.
    let log = json_file(&sarif);
    valid(&sarif_schema(), &log, "check --sarif");
    let results = log["runs"][0]["results"].as_array().expect("results");
    let states: Vec<&str> = results
        .iter()
        .filter_map(|r| r["baselineState"].as_str())
        .collect();
    assert_eq!(states, ["new", "updated", "updated"]);
    let changed_answer = results
        .iter()
        .find(|r| r["ruleId"] == "changed-answer")
        .expect("the changed answer's result");
    assert_eq!(
        changed_answer["properties"]["answerText"],
        answer["now_answer"]
    );
    assert!(changed_answer["message"]["text"]
        .as_str()
        .is_some_and(|t| t.contains(" Now: ")));
    for (r, item) in results.iter().zip(items) {
        assert_eq!(r["properties"]["job"], item["job"]);
        assert_eq!(r["properties"]["example"], item["example"]);
        assert_eq!(r["properties"]["severity"], item["severity"]);
        assert_eq!(r["properties"]["reproduce"], item["reproduce"]);
        assert!(item["classes"][0]
            .as_str()
            .expect("a class")
            .contains(&format!(" {} ", r["ruleId"].as_str().expect("a rule"))));
        let loc = &r["locations"][0]["physicalLocation"];
        assert!(
            loc["artifactLocation"]["uri"]
                .as_str()
                .is_some_and(|u| u.ends_with("/b.txt")),
            "{loc}"
        );
    }
    assert_eq!(
        results[1]["locations"][0]["physicalLocation"]["region"]["startLine"],
        items[1]["line"]
    );

    // JUnit: one suite per parser under test; the four changes fail, the rest pass.
    let suites = junit_names(&junit);
    let under_test: Vec<&str> = v["under_test"]
        .as_array()
        .expect("parsers")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(
        suites.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        under_test
    );
    let all: Vec<&quick_junit::TestCase> = suites.iter().flat_map(|(_, c)| c).collect();
    assert_eq!(all.len(), items.len());
    assert_eq!(all.iter().filter(|c| failed(c)).count(), 4);
    assert!(
        all.iter()
            .any(|c| failed(c) && c.name.ends_with(": parse gone://")),
        "the stale line's test"
    );

    let md = fs::read_to_string(&summary).expect("written");
    assert!(md.starts_with("## uridiff check: failed\n"), "{md}");
    assert!(md.contains("**1 new, 2 changed, 1 stale**"), "{md}");
    assert!(
        md.contains("accept them (this rewrites the baseline; commit it): `")
            && md.contains(" --write-baseline"),
        "the command that accepts: {md}"
    );
    assert!(md.contains("stale (gone)"), "{md}");
    assert_eq!(
        fs::read_to_string(&step).expect("appended"),
        format!("\n{md}")
    );
    let _ = fs::remove_dir_all(&dir);
}

/// A worker (the shipped python-urllib one) that leaves a mark when it starts: its absence is
/// proof that no parser ran.
fn probe(dir: &Path) -> (String, PathBuf) {
    let mark = dir.join("started");
    let worker = concat!(env!("CARGO_MANIFEST_DIR"), "/workers/python-urllib.py");
    (
        format!("probe=touch '{}'; exec python3 '{worker}'", s(&mark)),
        mark,
    )
}

#[test]
fn an_unwritable_sarif_or_junit_path_exits_2_before_any_parser_runs() {
    let dir = scratch("unwritable");
    let (external, mark) = probe(&dir);
    let nowhere = dir.join("no-such-folder").join("out.sarif");
    let base = dir.join("b.txt");
    let out = dir.join("out");
    for flag in ["--sarif", "--junit"] {
        for cmd in ["report", "check"] {
            let mut args = vec![
                cmd,
                "--parser",
                "impl",
                "--parser",
                "probe",
                "--external",
                &external,
                flag,
                s(&nowhere),
            ];
            match cmd {
                "report" => args.extend(["--out", s(&out)]),
                _ => args.extend([
                    "--baseline",
                    s(&base),
                    "--write-baseline",
                    "--under-test",
                    "probe",
                ]),
            }
            let o = uridiff(&args, None);
            assert_eq!(o.status.code(), Some(2), "{cmd} {flag}: {}", stdout(&o));
            let err = stderr(&o);
            assert!(
                err.contains(s(&nowhere)) && err.contains("nothing was run"),
                "{cmd} {flag}: {err}"
            );
            assert!(!mark.exists(), "{cmd} {flag}: the worker was started");
            assert!(
                !out.exists() && !base.exists(),
                "{cmd} {flag}: something was written"
            );
        }
    }
    // The probe does mark its start: `parsers` starts every worker to ask its version.
    let o = uridiff(
        &["parsers", "--parser", "probe", "--external", &external],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(mark.exists(), "the probe left no mark when it started");
    // A folder where a file is asked for, too.
    let o = uridiff(
        &[
            "report",
            "--no-external",
            "--out",
            s(&out),
            "--junit",
            s(&dir),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(!out.exists());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn fuzz_and_promote_print_one_json_document() {
    let dir = scratch("fuzz");
    let camp = dir.join("camp");
    let o = uridiff(
        &[
            "fuzz",
            "--no-external",
            "--seconds",
            "60",
            "--inputs",
            "60",
            "--seed",
            "9",
            "--out",
            s(&camp),
            "--json",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let run = document(&o);
    let fuzz = validator("schemas/fuzz.schema.json");
    valid(&fuzz, &run, "fuzz --json");
    assert_eq!(run["mode"], "run");
    assert_eq!(run["seed"], 9);
    let findings = camp.join("findings.jsonl");
    let lines: Vec<Value> = fs::read_to_string(&findings)
        .expect("findings")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(run["classes"], lines.len());
    assert!(!lines.is_empty() && lines.iter().all(|l| l["schema"] == 1));

    let merged = dir.join("merged");
    let o = uridiff(
        &["fuzz", "--merge", s(&camp), "--out", s(&merged), "--json"],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let m = document(&o);
    valid(&fuzz, &m, "fuzz --merge --json");
    assert_eq!(
        (m["mode"].as_str(), m["added"].as_u64()),
        (Some("merge"), Some(lines.len() as u64))
    );

    let promote = validator("schemas/promote.schema.json");
    let o = uridiff(&["promote", s(&findings), "--json"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let p = document(&o);
    valid(&promote, &p, "promote --json");
    let suite = p["suite"].as_str().expect("the suite text without --to");
    let cases = p["cases"].as_array().expect("cases");
    assert_eq!(p["promoted"], cases.len());
    assert!(cases
        .iter()
        .all(|id| suite.contains(&format!("id: {}\n", id.as_str().expect("an id")))));
    let to = dir.join("promoted.yaml");
    let o = uridiff(&["promote", s(&findings), "--to", s(&to), "--json"], None);
    let again = document(&o);
    valid(&promote, &again, "promote --to --json");
    assert_eq!(
        (again["to"].as_str(), &again["suite"]),
        (Some(s(&to)), &Value::Null)
    );
    assert_eq!(again["cases"], p["cases"]);
    let _ = fs::remove_dir_all(&dir);
}
