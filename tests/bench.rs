//! `uridiff bench` on a tiny corpus: the JSON's structure against schemas/bench.schema.json and
//! every in-process parser/operation pair present. Timings are never asserted (issue 10, item 4).

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

fn schema() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/schemas/bench.schema.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the schema file"))
        .expect("the schema is JSON")
}

/// The schema's `required` and `additionalProperties: false` of every object it describes,
/// checked against `v` (the part of JSON Schema the bench schema leans on for structure).
#[track_caller]
fn conforms(schema: &Value, v: &Value, at: &str) {
    if let Some(t) = schema.get("type").and_then(Value::as_str) {
        let ok = match t {
            "object" => v.is_object(),
            "array" => v.is_array(),
            "string" => v.is_string(),
            "integer" => v.is_u64() || v.is_i64(),
            "number" => v.is_number(),
            "boolean" => v.is_boolean(),
            other => panic!("{at}: the test does not know type {other}"),
        };
        assert!(ok, "{at}: {v} is not {t}");
    }
    if let Some(c) = schema.get("const") {
        assert_eq!(v, c, "{at}");
    }
    if let Some(e) = schema.get("enum").and_then(Value::as_array) {
        assert!(e.contains(v), "{at}: {v} not in {e:?}");
    }
    if let Some(min) = schema.get("minimum").and_then(Value::as_f64) {
        assert!(v.as_f64().is_some_and(|x| x >= min), "{at}: {v} < {min}");
    }
    if let (Some(props), Some(obj)) = (schema.get("properties"), v.as_object()) {
        for key in schema["required"].as_array().into_iter().flatten() {
            let key = key.as_str().unwrap();
            assert!(obj.contains_key(key), "{at}: no {key}");
        }
        if schema.get("additionalProperties") == Some(&Value::Bool(false)) {
            for key in obj.keys() {
                assert!(props.get(key).is_some(), "{at}: {key} is not in the schema");
            }
        }
        for (key, sub) in obj {
            if let Some(s) = props.get(key) {
                conforms(s, sub, &format!("{at}.{key}"));
            }
        }
    }
    if let (Some(items), Some(arr)) = (schema.get("items"), v.as_array()) {
        for (i, item) in arr.iter().enumerate() {
            conforms(items, item, &format!("{at}[{i}]"));
        }
    }
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
    conforms(&schema(), &doc, "$");
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
    conforms(&schema(), &json, "$");
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
