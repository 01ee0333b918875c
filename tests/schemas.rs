//! The JSON Schema of each `--json` output (`schemas/*.schema.json`), checked against real
//! outputs of the binary: every edition, valid and invalid inputs, bytes that are not UTF-8,
//! every kind of resolve answer, too-long oracle inputs, passing, failing and skipped suite
//! cases. And the schemas are not vacuous: a broken output fails them.

use std::path::Path;

use serde_json::{json, Value};

use crate::common::uridiff_stdin;

fn schema(name: &str) -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("schemas/{name}.schema.json"));
    let text = std::fs::read_to_string(&path).expect("the schema file");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    assert!(
        jsonschema::meta::is_valid(&schema),
        "{name}: not a valid JSON Schema"
    );
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The JSON lines `uridiff ARGS` prints with `stdin` on standard input.
fn lines(args: &[&str], stdin: &[u8]) -> Vec<Value> {
    let out = uridiff_stdin(args, stdin);
    let text = String::from_utf8(out.stdout).expect("JSON output is UTF-8");
    let v: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
        .collect();
    assert!(!v.is_empty(), "{args:?}: no output");
    v
}

fn check(name: &str, docs: &[Value]) {
    let validator = schema(name);
    for doc in docs {
        let errors: Vec<String> = validator.iter_errors(doc).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{name}: {doc}\n{}", errors.join("\n"));
    }
}

/// Inputs that reach every branch: valid under some editions, invalid (each error shape), an
/// IP literal with a hint, 1994's own fields, and bytes that are not UTF-8.
const INPUTS: &[u8] =
    b"http://a/b?c#d\nhttp://[fe80::1%25x]/\nhttp://a/%zz\nftp://u:p@h/pub/f;type=a\n\
gopher://h/1sel%09x\nmailto:a@b\n\xffx\n\n1a:b\nhttp://a_b/\n";

#[test]
fn parse_output_matches_its_schema() {
    let mut docs = lines(&["parse", "--json", "--edition", "all", "-"], INPUTS);
    docs.extend(lines(
        &[
            "parse",
            "--json",
            "--edition",
            "draft-ietf-uri-url-06",
            "--rule",
            "ftpurl",
            "ftp://h/x",
        ],
        b"",
    ));
    assert!(docs.iter().any(|d| d.get("input_hex").is_some()));
    assert!(docs.iter().any(|d| d["components"].get("extra").is_some()));
    assert!(docs.iter().any(|d| d["error"].get("hint").is_some()));
    check("parse", &docs);
}

#[test]
fn resolve_output_matches_its_schema() {
    let mut docs = lines(
        &[
            "resolve",
            "--json",
            "--edition",
            "all",
            "http://a/b/c/d;p?q",
            "-",
        ],
        b"../g\n%zz\n\xfe\n",
    );
    docs.extend(lines(&["resolve", "--json", "http://a b", "g"], b""));
    docs.extend(lines(
        &[
            "resolve",
            "--json",
            "--edition",
            "draft-fielding-uri-rfc2396bis-02",
            "--above-root",
            "error",
            "http://a/b",
            "../../g",
        ],
        b"",
    ));
    for key in ["result", "error", "applicable", "reference_hex"] {
        assert!(docs.iter().any(|d| d.get(key).is_some()), "{key}");
    }
    check("resolve", &docs);
}

#[test]
fn normalize_equivalent_and_oracle_outputs_match_their_schemas() {
    let docs = lines(
        &[
            "normalize",
            "--json",
            "--edition",
            "all",
            "--scheme-based",
            "-",
        ],
        INPUTS,
    );
    assert!(
        docs.iter().any(|d| d.get("error").is_some())
            && docs.iter().any(|d| d.get("result").is_some())
    );
    check("normalize", &docs);
    let docs = lines(
        &[
            "equivalent",
            "--json",
            "--edition",
            "all",
            "-",
            "http://a/b?c#d",
        ],
        INPUTS,
    );
    assert!(
        docs.iter().any(|d| d.get("error").is_some())
            && docs.iter().any(|d| d["equivalent"] == true)
    );
    check("equivalent", &docs);
    let mut docs = lines(&["oracle", "--json", "--edition", "all", "-"], INPUTS);
    docs.extend(lines(
        &["oracle", "--json", "--membership", &"a".repeat(5000)],
        b"",
    ));
    assert!(docs.iter().any(|d| d["valid"] == "too-long"));
    check("oracle", &docs);
}

#[test]
fn suite_output_matches_its_schema() {
    let dir = std::env::temp_dir().join(format!("uridiff-schemas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("mixed.yaml");
    std::fs::write(
        &file,
        "suite: t\ncases:\n  - {op: parse, input: \"http://a/\", expect: {host: a}}\n  \
         - {op: parse, input: \"http://a/\", expect: {host: b}}\n  \
         - {op: parse, input: \"x\", skip: \"not now\"}\n",
    )
    .expect("writes");
    let docs = lines(
        &["suite", "--json", file.to_str().expect("a UTF-8 path")],
        b"",
    );
    std::fs::remove_dir_all(&dir).ok();
    for status in ["passed", "failed", "skipped"] {
        assert!(docs.iter().any(|d| d["status"] == status), "{status}");
    }
    assert!(docs.last().is_some_and(|d| d.get("summary").is_some()));
    check("suite", &docs);
}

#[test]
fn the_schemas_refuse_broken_outputs() {
    let parse = schema("parse");
    let good = lines(&["parse", "--json", "http://a/"], b"").remove(0);
    let broken = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        v
    };
    assert!(parse.is_valid(&good));
    for bad in [
        broken(&|v| v["valid"] = json!("yes")),
        broken(&|v| v["schema"] = json!(2)),
        broken(&|v| v["surprise"] = json!(1)),
        broken(&|v| v["components"]["hots"] = json!("a")),
        broken(&|v| v["components"]["extra"] = json!({"server": "a"})),
        broken(&|v| v["edition"] = json!("rfc2396")),
        broken(&|v| {
            v["valid"] = json!(false);
        }),
        broken(&|v| v["input_hex"] = json!("zz")),
    ] {
        assert!(!parse.is_valid(&bad), "accepted {bad}");
    }
    let bad_error = json!({"schema": 1, "input": "%", "edition": "rfc3986", "rule": "URI-reference",
        "valid": false, "error": {"index": 0, "kind": "no-such-kind", "rule": "pct-encoded", "message": "m"}});
    assert!(!parse.is_valid(&bad_error));
}

#[test]
fn the_schemas_list_each_editions_fields_as_the_loader_does() {
    // `components.extra` per edition in parse.schema.json equals what suites may expect.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/parse.schema.json");
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("reads")).expect("JSON");
    for rule in schema["allOf"].as_array().expect("allOf").iter().skip(1) {
        let edition: uri_spec::Edition = rule["if"]["properties"]["edition"]["const"]
            .as_str()
            .expect("an edition")
            .parse()
            .expect("an id");
        let extra = &rule["then"]["properties"]["components"]["properties"]["extra"];
        let listed: Vec<&str> = match extra {
            Value::Bool(false) => vec![],
            v => v["propertyNames"]["enum"]
                .as_array()
                .expect("names")
                .iter()
                .map(|n| n.as_str().expect("a name"))
                .collect(),
        };
        assert_eq!(listed, uridiff::suite::edition_fields(edition), "{edition}");
    }
}

#[test]
fn parsers_output_matches_its_schema() {
    let docs = lines(&["parsers", "--json", "--no-external"], b"");
    assert!(docs.len() >= 3);
    check("parsers", &docs);
    let mut broken = docs[0].clone();
    broken["kind"] = json!("in-a-box");
    assert!(!schema("parsers").is_valid(&broken));
    // A worker replacing a shipped parser says which one it wraps.
    #[cfg(unix)]
    {
        let worker = "iri-string=printf '%s\\n' '{\"protocol\":\"uridiff-worker/1\",\"name\":\"x\",\"version\":\"1\",\"profile\":\"rfc3986\",\"operations\":[\"parse\"],\"components\":[\"host\"],\"decides_validity\":true}'; exec cat >/dev/null";
        let docs = lines(
            &[
                "parsers",
                "--json",
                "--parser",
                "iri-string",
                "--external",
                worker,
            ],
            b"",
        );
        assert_eq!(docs.len(), 1);
        assert_eq!(docs[0]["wraps"], json!("iri-string"));
        check("parsers", &docs);
        let mut broken = docs[0].clone();
        broken["wraps"] = json!("");
        assert!(!schema("parsers").is_valid(&broken));
    }
}

/// `parsers --rules --json` against its schema, on the in-process parsers (every worker would
/// be the default run's minutes): a rule that fires there is counted, a worker's rule applies to
/// no parser that ran and is counted as nothing, and every rule is listed once.
#[test]
fn parsers_rules_output_matches_its_schema() {
    let docs = lines(&["parsers", "--rules", "--json", "--no-external"], b"");
    assert_eq!(docs.len(), 1, "one document");
    check("rules", &docs);
    let doc = &docs[0];
    let rules = doc["rules"].as_array().expect("rules");
    let ids: std::collections::BTreeSet<&str> = rules
        .iter()
        .map(|r| r["id"].as_str().expect("an id"))
        .collect();
    assert_eq!(ids.len(), rules.len(), "each rule once");
    assert_eq!(rules.len(), uridiff::engine::rules().count());
    let rule = |id: &str| {
        rules
            .iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("{id} listed"))
    };
    // Lowercasing the scheme is what several in-process parsers do on generated inputs.
    let fires = rule("any/scheme-lowercased");
    assert!(fires["fired"].as_u64().expect("a count") > 0, "{fires}");
    assert_eq!(fires["profile"], "*");
    // PHP's parse_url is a worker: under --no-external none of its rules applies or fires.
    let php = rule("php-parse-url/control-as-underscore");
    assert_eq!(php["fired"], 0);
    assert_eq!(php["applies_to"], json!([]));
    assert!(doc["parsers"]
        .as_array()
        .is_some_and(|p| p.iter().any(|n| n == "url")));
    assert!(doc["jobs"].as_u64() > doc["count"].as_u64(), "{doc}");
    let mut broken = doc.clone();
    broken["rules"][0]["id"] = json!("Any Profile: scheme lowercased");
    assert!(!schema("rules").is_valid(&broken));
}

#[test]
fn diff_output_matches_its_schema() {
    let mut docs = lines(
        &["diff", "--json", "--no-external", "-"],
        b"http://a/b?c#d\nHTTP://A:80\n\xffx\nhttp://a b/\n1a:b\n",
    );
    docs.extend(lines(
        &[
            "diff",
            "--json",
            "--no-external",
            "--base",
            "http://a/b/c/d;p?q",
            "../g",
            "g?y#s",
        ],
        b"",
    ));
    assert!(docs.iter().any(|d| d["input"].get("b64").is_some()));
    assert!(docs
        .iter()
        .any(|d| d["findings"].as_array().is_some_and(|f| !f.is_empty())));
    check("diff", &docs);
    let mut broken = docs[0].clone();
    broken["results"][0]["outcome"] = json!("maybe");
    assert!(!schema("diff").is_valid(&broken));
}
