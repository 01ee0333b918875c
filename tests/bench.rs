//! `uridiff bench` on a tiny corpus: the JSON's structure against schemas/bench.schema.json and
//! every in-process parser/operation pair present, and the `--harness` section. Timings are never
//! asserted: the machine is shared, and a threshold would fail on a busy neighbour.

use std::collections::BTreeSet;
use std::process::Command;

use serde_json::Value;

fn uridiff(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(args)
        .output()
        .expect("uridiff runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

/// schemas/bench.schema.json, itself checked against the JSON Schema meta-schema.
fn schema() -> jsonschema::Validator {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/schemas/bench.schema.json");
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the schema file"))
            .expect("the schema is JSON");
    assert!(
        jsonschema::meta::is_valid(&schema),
        "not a valid JSON Schema"
    );
    jsonschema::validator_for(&schema).expect("a usable schema")
}

#[track_caller]
fn conforms(doc: &Value) {
    let errors: Vec<String> = schema().iter_errors(doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn bench_json_has_every_in_process_parser_and_operation() {
    let doc = uridiff(&[
        "bench",
        "--quick",
        "--json",
        "--no-external",
        "--count",
        "30",
    ]);
    conforms(&doc);
    assert_eq!(doc["schema"], 1);
    assert_eq!(doc["corpus"]["count"], 30);
    assert_eq!(doc["external"], Value::Array(Vec::new()));

    // What every in-process parser declares, by `uridiff parsers`.
    let out = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(["parsers", "--json", "--no-external"])
        .output()
        .expect("uridiff runs");
    let mut expected = BTreeSet::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let p: Value = serde_json::from_str(line).expect("one JSON object a line");
        if p["available"] == Value::Bool(false) {
            continue;
        }
        for op in p["operations"].as_array().expect("operations") {
            let op = op.as_str().unwrap();
            if ["parse", "resolve", "normalize"].contains(&op) {
                expected.insert((p["name"].as_str().unwrap().to_owned(), op.to_owned()));
            }
        }
    }
    assert!(expected.len() > 10, "{expected:?}");
    let results = doc["results"].as_array().expect("results");
    let got: BTreeSet<(String, String)> = results
        .iter()
        .map(|r| {
            (
                r["parser"].as_str().unwrap().to_owned(),
                r["op"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(got.len(), results.len(), "a pair twice");
    assert_eq!(got, expected);

    for r in results {
        // impl is the reference: its ratio is exactly 1; every other ratio is its median over impl's.
        if r["parser"] == "impl" {
            assert_eq!(r["ratio_to_impl"], 1.0);
            assert_eq!(r["accepted"], 30, "impl accepts every realistic URI");
        }
        let (lo, mid, hi) = (
            r["ns_per_uri_min"].as_f64().unwrap(),
            r["ns_per_uri"].as_f64().unwrap(),
            r["ns_per_uri_max"].as_f64().unwrap(),
        );
        assert!(lo <= mid && mid <= hi, "{r}");
    }
    let engine = &doc["engine"][0];
    assert_eq!(engine["tasks"], 30);
    let subjects: BTreeSet<&str> = engine["subjects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(expected.iter().all(|(p, _)| subjects.contains(p.as_str())));
}

#[test]
fn bench_writes_its_three_files_only_when_asked() {
    let dir = std::env::temp_dir().join(format!("uridiff-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args([
            "bench",
            "--quick",
            "--no-external",
            "--count",
            "10",
            "--rounds",
            "1",
        ])
        .arg("--parser")
        .arg("url")
        .arg("--out")
        .arg(&dir)
        .output()
        .expect("uridiff runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.contains("ns/URI") && table.contains("url "),
        "{table}"
    );
    let md = std::fs::read_to_string(dir.join("bench.md")).expect("bench.md");
    assert!(md.contains("| url |") && md.contains("| impl |"), "{md}");
    let svg = std::fs::read_to_string(dir.join("bench.svg")).expect("bench.svg");
    assert!(svg.starts_with("<svg"));
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("bench.json")).expect("bench.json"))
            .expect("JSON");
    conforms(&json);
    // The schema can fail: a result without its ratio is refused.
    let mut broken = json.clone();
    broken["results"][0]
        .as_object_mut()
        .unwrap()
        .remove("ratio_to_impl");
    assert!(!schema().is_valid(&broken));
    let parsers: BTreeSet<&str> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["parser"].as_str().unwrap())
        .collect();
    assert_eq!(parsers, BTreeSet::from(["impl", "url"]));
    std::fs::remove_dir_all(&dir).unwrap();

    let bad = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(["bench", "--no-external", "--parser", "nope"])
        .output()
        .expect("uridiff runs");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn bench_harness_writes_its_section_beside_the_parser_figures() {
    let dir = std::env::temp_dir().join(format!("uridiff-bench-harness-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args([
            "bench",
            "--quick",
            "--no-external",
            "--count",
            "10",
            "--rounds",
            "1",
            "--parser",
            "url",
            "--harness",
            "--harness-inputs",
            "5,15",
            "--harness-seconds",
            "0.05",
        ])
        .arg("--out")
        .arg(&dir)
        .output()
        .expect("uridiff runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("bench.json")).expect("bench.json"))
            .expect("JSON");
    conforms(&json);
    // The parser figures are still there, beside the harness section.
    assert!(!json["results"].as_array().unwrap().is_empty());
    let h = &json["harness"];
    let report = h["report"].as_array().expect("report runs");
    assert_eq!(
        report
            .iter()
            .map(|r| r["inputs"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [5, 15]
    );
    for r in report {
        for field in ["seconds", "inputs_per_s", "parser_inputs_per_s", "run_s"] {
            assert!(r[field].as_f64().unwrap() > 0.0, "{field}: {r}");
        }
        for field in ["classify_s", "assemble_s", "write_s"] {
            assert!(r[field].as_f64().unwrap() >= 0.0, "{field}: {r}");
        }
        assert!(r["jobs"].as_u64().unwrap() > r["inputs"].as_u64().unwrap());
        // --no-external: the CPU split is uridiff's row alone.
        let cpu = r["cpu"].as_array().expect("cpu rows");
        assert_eq!(cpu.len(), 1, "{r}");
        assert_eq!(cpu[0]["process"], "uridiff");
    }
    let fuzz = h["fuzz"].as_array().expect("fuzz runs");
    assert_eq!(
        fuzz.iter()
            .map(|f| f["parsers"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["all", "in-process"]
    );
    for f in fuzz {
        assert!(f["inputs"].as_u64().unwrap() > 0, "{f}");
        assert!(f["inputs_per_s"].as_f64().unwrap() > 0.0, "{f}");
        assert!(f["subjects"]
            .as_array()
            .unwrap()
            .contains(&Value::from("impl")));
    }
    let md = std::fs::read_to_string(dir.join("bench.md")).expect("bench.md");
    assert!(
        md.contains("## The harness")
            && md.contains("| in-process |")
            && md.contains("| uridiff |"),
        "{md}"
    );
    // The schema can fail: a harness report run without its write time is refused.
    let mut broken = json.clone();
    broken["harness"]["report"][0]
        .as_object_mut()
        .unwrap()
        .remove("write_s");
    assert!(!schema().is_valid(&broken));
    // And a CPU row without its share.
    let mut broken = json.clone();
    broken["harness"]["report"][0]["cpu"][0]
        .as_object_mut()
        .unwrap()
        .remove("share");
    assert!(!schema().is_valid(&broken));
    std::fs::remove_dir_all(&dir).unwrap();

    // A run without --harness has no section; a zero count is refused.
    let plain = uridiff(&[
        "bench",
        "--quick",
        "--json",
        "--no-external",
        "--count",
        "5",
        "--rounds",
        "1",
    ]);
    assert!(plain.get("harness").is_none());
    let bad = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args([
            "bench",
            "--no-external",
            "--harness",
            "--harness-inputs",
            "0",
        ])
        .output()
        .expect("uridiff runs");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn bench_harness_runs_through_the_parsers_selected_and_refuses_an_unknown_one() {
    let run = |parsers: &[&str]| {
        let mut args = vec![
            "bench",
            "--quick",
            "--json",
            "--no-external",
            "--count",
            "5",
            "--rounds",
            "1",
            "--harness",
            "--harness-inputs",
            "5",
            "--harness-seconds",
            "0.05",
        ];
        for p in parsers {
            args.extend(["--harness-parser", p]);
        }
        Command::new(env!("CARGO_BIN_EXE_uridiff"))
            .args(&args)
            .output()
            .expect("uridiff runs")
    };
    let out = run(&["impl", "url"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    conforms(&json);
    let h = &json["harness"];
    let names = |v: &Value| -> Vec<String> {
        let mut n: Vec<String> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect();
        n.sort();
        n
    };
    assert_eq!(names(&h["report"][0]["subjects"]), ["impl", "url"]);
    assert_eq!(h["fuzz"][0]["parsers"], "selected");
    assert_eq!(names(&h["fuzz"][0]["subjects"]), ["impl", "url"]);
    assert_eq!(h["fuzz"][1]["parsers"], "in-process");

    let bad = run(&["nonesuch"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("--harness-parser \"nonesuch\"") && err.contains("uridiff parsers"),
        "{err}"
    );
}
