//! The outputs CI systems read, through the binary: `report` and `check` with `--sarif` (checked
//! against the official SARIF 2.1.0 schema, `tests/data/sarif-schema-2.1.0.json`), `--junit`
//! (read back with quick-junit: readable names, none repeated), `--summary` and
//! `GITHUB_STEP_SUMMARY`, `--json` (one document, against `schemas/`); `fuzz --json` and
//! `promote --json`; a SARIF or JUnit path that cannot be written, refused before any parser
//! runs; and a check that stops before its verdict (exit 2), whose SARIF, JUnit and step summary
//! still say why.

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
pub(crate) fn validator(path: &str) -> jsonschema::Validator {
    let schema = json_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join(path));
    assert!(
        jsonschema::meta::is_valid(&schema),
        "{path}: not a JSON Schema"
    );
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[track_caller]
pub(crate) fn valid(v: &jsonschema::Validator, doc: &Value, what: &str) {
    let errors: Vec<String> = v.iter_errors(doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{what}:\n{}", errors.join("\n"));
}

fn sarif_schema() -> jsonschema::Validator {
    validator("tests/data/sarif-schema-2.1.0.json")
}

/// Microsoft's SARIF validator (the SARIF Multitool), as workers/install.sh installs it from
/// tools/sarif/package-lock.json: the path of its binary, which the npm package's main module
/// names; `None`, said in one loud line, when it is not installed here.
fn sarif_multitool() -> Option<PathBuf> {
    let package = uridiff::subjects::external::packages_dir()
        .map(|d| d.join("sarif/node_modules/@microsoft/sarif-multitool"));
    let found = package.as_ref().filter(|p| p.is_dir()).and_then(|p| {
        let o = Command::new("node")
            .args(["-p", "require(process.argv[1])"])
            .arg(p)
            .output()
            .ok()?;
        let bin = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
        (o.status.success() && bin.is_file()).then_some(bin)
    });
    if found.is_none() {
        eprintln!(
            "SKIPPED: Microsoft's SARIF validator is not installed ({}): run workers/install.sh",
            package.map_or("no packages folder".to_owned(), |p| p.display().to_string())
        );
    }
    found
}

/// The error-level results of Microsoft's SARIF validator on `log`, with the SARIF rules and
/// the GitHub code-scanning ones (`--rule-kind "Sarif;Gh"`), read from the log it writes.
fn validator_errors(multitool: &Path, log: &Path) -> Vec<String> {
    let out = log.with_extension("validation.sarif");
    let o = Command::new(multitool)
        .args([
            "validate",
            "--rule-kind",
            "Sarif;Gh",
            "--log",
            "ForceOverwrite",
            // It skips a file over 10 MB unless told otherwise; a default report's is larger.
            "--max-file-size-in-kb",
            "1000000",
            "-o",
        ])
        .arg(&out)
        .arg(log)
        .output()
        .expect("the validator runs");
    assert!(
        o.status.success(),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json_file(&out);
    v["runs"][0]["results"]
        .as_array()
        .expect("the validator's results")
        .iter()
        .filter(|r| r["level"] == "error")
        .map(|r| {
            format!(
                "{}: {}",
                r["ruleId"].as_str().unwrap_or("?"),
                r["message"]["arguments"]
            )
        })
        .collect()
}

/// Microsoft's validator finds no error in `log`, and does find one once a rule loses its
/// `fullDescription` (GitHub's GH2012): it is not run in vain.
fn validated(multitool: &Path, log: &Path) {
    let errors = validator_errors(multitool, log);
    assert!(
        errors.is_empty(),
        "{}:\n{}",
        log.display(),
        errors.join("\n")
    );
    let mut broken = json_file(log);
    broken["runs"][0]["tool"]["driver"]["rules"][0]
        .as_object_mut()
        .expect("a rule")
        .remove("fullDescription");
    let copy = log.with_extension("broken.sarif");
    fs::write(&copy, broken.to_string()).expect("writes");
    let errors = validator_errors(multitool, &copy);
    assert!(errors.iter().any(|e| e.starts_with("GH2012")), "{errors:?}");
}

/// The hex SHA-256 of `text`: what the fingerprints hold.
fn sha256(text: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The file a result's `uri` names: a `file` URI's path, else a path relative to the crate
/// (a built-in suite is named by its path in the source tree, `suites/NAME`).
fn located(uri: &str) -> PathBuf {
    let decoded = uri.replace("%20", " ");
    match decoded.strip_prefix("file://") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join(decoded),
    }
}

/// The 1-based line `line` of `path`.
fn line_of(path: &Path, line: u64) -> String {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .nth(line as usize - 1)
        .unwrap_or_else(|| panic!("{}: no line {line}", path.display()))
        .to_owned()
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
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    let rule_of = |r: &Value| -> &Value {
        let rule = &rules[r["ruleIndex"].as_u64().expect("an index") as usize];
        assert_eq!(rule["id"], r["ruleId"]);
        rule
    };
    // No made-up address: the tool names no page, no rule a help page.
    assert!(log["runs"][0]["tool"]["driver"]
        .get("informationUri")
        .is_none());
    assert!(rules.iter().all(|r| r.get("helpUri").is_none()));
    // Every rule says what it is, in full, with help in text and Markdown.
    for rule in rules {
        for field in ["shortDescription", "fullDescription"] {
            assert!(
                rule[field]["text"].as_str().is_some_and(|t| !t.is_empty()),
                "{rule}"
            );
        }
        for field in ["text", "markdown"] {
            assert!(
                rule["help"][field]
                    .as_str()
                    .is_some_and(|t| t.contains(rule["properties"]["key"].as_str().unwrap_or("?"))),
                "{rule}"
            );
        }
    }
    for (r, c) in results[unexplained.len()..].iter().zip(confusion) {
        let name = format!("url-confusion-{}", c["component"].as_str().unwrap_or(""));
        assert_eq!(rule_of(r)["name"], name.as_str());
        assert!(r["ruleId"]
            .as_str()
            .is_some_and(|id| id.starts_with(&format!("{name}:"))));
        // Its place: the line of discrepancies.json where its object begins.
        let loc = &r["locations"][0]["physicalLocation"];
        let file = located(loc["artifactLocation"]["uri"].as_str().expect("a uri"));
        assert_eq!(file, out.join("discrepancies.json"));
        let line = loc["region"]["startLine"].as_u64().expect("a line");
        assert_eq!(line_of(&file, line), "    {");
        assert_eq!(
            line_of(&file, line + 3),
            format!("      \"form\": {},", c["form"]),
            "the object at line {line} is this class's"
        );
        assert_eq!(
            r["partialFingerprints"]["uridiffConfusion/v2"],
            sha256(r["properties"]["key"].as_str().expect("a key"))
        );
    }
    let mut from_suites = 0;
    for (r, c) in results.iter().zip(&unexplained) {
        assert_eq!(r["properties"]["key"], c["key"]);
        let class = c["signature"]["class"].as_str().expect("a class");
        let rule = rule_of(r);
        assert_eq!(rule["name"], class);
        assert!(r["ruleId"]
            .as_str()
            .is_some_and(|id| id.starts_with(&format!("{class}:"))));
        // The rule's help: the class, the example and its reproduce line.
        let key = c["key"].as_str().expect("a key");
        let help = rule["help"]["text"].as_str().expect("help");
        let reproduce = c["reproduce"]
            .as_str()
            .or(c["diff"].as_str())
            .expect("a line");
        assert!(help.contains(key) && help.contains(reproduce), "{help}");
        assert!(rule["help"]["markdown"]
            .as_str()
            .is_some_and(|m| m.contains(reproduce)));
        // The fingerprint: the SHA-256 of the class key, nothing of this run's paths.
        assert_eq!(r["partialFingerprints"]["uridiffClass/v2"], sha256(key));
        // The place: a suite case's line in its YAML file, else the class's object in
        // discrepancies.json.
        let loc = &r["locations"][0]["physicalLocation"];
        let file = located(loc["artifactLocation"]["uri"].as_str().expect("a uri"));
        let line = loc["region"]["startLine"].as_u64().expect("a line");
        let in_json = if file.extension().is_some_and(|e| e == "yaml") {
            from_suites += 1;
            let case = line_of(&file, line);
            assert!(
                case.trim_start().starts_with("- "),
                "{}:{line}: {case}",
                file.display()
            );
            // The case holds the input the class was first seen on (where YAML writes it as
            // itself: no escape in it).
            let first = c["first_seen"]["input"].as_str().unwrap_or("\\");
            if first
                .bytes()
                .all(|b| b.is_ascii_graphic() && b != b'\\' && b != b'"')
            {
                let text: String = fs::read_to_string(&file)
                    .expect("a suite file")
                    .lines()
                    .skip(line as usize - 1)
                    .take(4)
                    .collect();
                assert!(
                    text.contains(first),
                    "{}:{line} is not the case of {first}",
                    file.display()
                );
            }
            &r["relatedLocations"][0]["physicalLocation"]
        } else {
            loc
        };
        let file = located(in_json["artifactLocation"]["uri"].as_str().expect("a uri"));
        assert_eq!(file, out.join("discrepancies.json"));
        let line = in_json["region"]["startLine"].as_u64().expect("a line");
        assert_eq!(line_of(&file, line), "    {");
        assert_eq!(
            line_of(&file, line + 1),
            format!(
                "      \"key\": {},",
                serde_json::to_string(key).expect("a key")
            )
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

    assert!(from_suites > 0, "no class placed at a suite case");
    if let Some(multitool) = sarif_multitool() {
        validated(&multitool, &sarif);
    }
    // The same classes on another run into another folder: the same fingerprints.
    let again = dir.join("again.sarif");
    let o = uridiff(
        &[
            "report",
            "--no-external",
            "--count",
            "60",
            "--seed",
            "3",
            "--out",
            s(&dir.join("out2")),
            "--sarif",
            s(&again),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let prints = |log: &Value| -> Vec<Value> {
        log["runs"][0]["results"]
            .as_array()
            .expect("results")
            .iter()
            .map(|r| r["partialFingerprints"].clone())
            .collect()
    };
    assert_eq!(prints(&json_file(&again)), prints(&log));

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
        .find(|r| r["properties"]["class"] == "changed-answer")
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
            .contains(&format!(
                " {} ",
                r["properties"]["class"].as_str().expect("a class")
            )));
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
    // Rules: one per class, with help; fingerprints: the SHA-256 of parser and job.
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    for (r, item) in results.iter().zip(items) {
        let rule = &rules[r["ruleIndex"].as_u64().expect("an index") as usize];
        assert_eq!(rule["id"], r["ruleId"]);
        assert_eq!(rule["properties"]["key"], item["classes"][0]);
        assert!(
            rule["fullDescription"]["text"].is_string() && rule["help"]["markdown"].is_string()
        );
        assert_eq!(
            r["partialFingerprints"]["uridiffJob/v2"],
            sha256(&format!(
                "{} {}",
                item["subject"].as_str().expect("a parser"),
                item["job"].as_str().expect("a job")
            ))
        );
    }
    if let Some(multitool) = sarif_multitool() {
        validated(&multitool, &sarif);
    }

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

/// `check` stopped before its verdict (exit 2) after its outputs were opened: a parser under
/// test whose worker cannot start, a baseline it refuses, an unknown parser under test. Each
/// output asked for still says what went wrong, so the steps a workflow runs after a failure
/// show it: a SARIF log with no result and a failed invocation whose notification holds the
/// reason (the SARIF 2.1.0 schema and Microsoft's validator with the GitHub rules find no
/// error), a JUnit file with one errored test case, and the step summary.
#[test]
fn a_check_that_cannot_run_still_writes_every_output_with_the_reason() {
    let dir = scratch("exit2");
    let garbled = dir.join("garbled.txt");
    fs::write(&garbled, "not a baseline\n").expect("writes");
    let missing = dir.join("missing.txt");
    let multitool = sarif_multitool();
    let schema = sarif_schema();
    let cases: [(&str, Vec<&str>, &str); 3] = [
        (
            "worker",
            vec![
                "--baseline",
                s(&missing),
                "--write-baseline",
                "--under-test",
                "x",
                "--parser",
                "x",
                "--external",
                "x=/nonexistent",
            ],
            "/nonexistent",
        ),
        (
            "baseline",
            vec!["--baseline", s(&garbled), "--no-external"],
            "not a gate baseline",
        ),
        (
            "under-test",
            vec![
                "--baseline",
                s(&missing),
                "--write-baseline",
                "--no-external",
                "--under-test",
                "no-such-parser",
            ],
            "no-such-parser",
        ),
    ];
    for (what, args, reason) in cases {
        let sarif = dir.join(format!("{what}.sarif"));
        let junit = dir.join(format!("{what}.xml"));
        let step = dir.join(format!("{what}-step.md"));
        // Something of an earlier step's already in the step summary: ours is appended.
        fs::write(&step, "earlier step\n").expect("writes");
        let mut all = vec!["check", "--count", "5"];
        all.extend(&args);
        all.extend(["--sarif", s(&sarif), "--junit", s(&junit)]);
        let o = uridiff(&all, Some(&step));
        assert_eq!(o.status.code(), Some(2), "{what}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains(reason), "{what}: {err}");
        assert!(!missing.exists(), "{what}: a baseline was written");

        let log = json_file(&sarif);
        valid(&schema, &log, what);
        let run = &log["runs"][0];
        assert_eq!(run["results"], Value::Array(Vec::new()), "{what}");
        let invocation = &run["invocations"][0];
        assert_eq!(invocation["executionSuccessful"], false, "{what}");
        assert_eq!(invocation["exitCode"], 2, "{what}");
        let note = &invocation["toolExecutionNotifications"][0];
        assert_eq!(note["level"], "error", "{what}");
        let text = note["message"]["text"].as_str().expect("a message");
        assert!(text.contains(reason), "{what}: {text}");
        if let Some(multitool) = &multitool {
            let errors = validator_errors(multitool, &sarif);
            assert!(errors.is_empty(), "{what}:\n{}", errors.join("\n"));
        }

        let xml = fs::read_to_string(&junit).expect("written");
        let report = quick_junit::Report::deserialize_from_str(&xml).expect("JUnit XML");
        let cases: Vec<&quick_junit::TestCase> = report
            .test_suites
            .iter()
            .flat_map(|s| &s.test_cases)
            .collect();
        assert_eq!(cases.len(), 1, "{what}: {xml}");
        match &cases[0].status {
            quick_junit::TestCaseStatus::NonSuccess { kind, message, .. } => {
                assert_eq!(*kind, quick_junit::NonSuccessKind::Error, "{what}");
                let message = message.as_ref().map(|m| m.as_str()).unwrap_or("");
                assert!(message.contains(reason), "{what}: {message}");
            }
            other => panic!("{what}: {other:?}"),
        }

        let md = fs::read_to_string(&step).expect("appended");
        assert!(md.starts_with("earlier step\n"), "{what}: {md}");
        assert!(
            md.contains("## uridiff check: could not run") && md.contains(reason),
            "{what}: {md}"
        );
    }
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
