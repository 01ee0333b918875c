//! Findings into suite cases: each chosen finding becomes a `parse` case of
//! the suite schema (suites/README.md) whose `expect` is what impl, the spec, answered and whose
//! `note` records every parser's outcome, so the disagreement is documented and stays tested.

use std::collections::BTreeMap;

use std::fmt::Write as _;

use crate::suite::{Case, Expect, Op, COMMON_FIELDS};

use serde_json::Value;

use super::FindingLine;

/// The header of a suite file that holds promoted findings.
pub const HEADER: &str =
    "suite: uridiff fuzz findings\nsource: uridiff fuzz (promoted findings)\nedition: rfc3986\ncases:\n";

/// Why a finding was not promoted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotPromoted {
    /// impl's recorded answer names something that is no component (a crafted findings file).
    #[error("impl's answer has {0:?}, which is no component")]
    NotAComponent(String),
    /// The written case does not read back as the same case.
    #[error("the written case does not read back as written ({0})")]
    NoRoundTrip(String),
    /// Suite inputs are text.
    #[error("its input is not UTF-8 (suite inputs are text)")]
    NotText,
    /// Only `parse` findings become cases.
    #[error("op {0} (only parse findings are promoted)")]
    Op(String),
    /// impl has no answer to record.
    #[error("impl gave no answer to record (outcome {0})")]
    NoSpecAnswer(String),
}

/// The case id of a finding: `fuzz/` and a slug of its signature key, with a short hash of the
/// whole key so two keys that slug alike stay apart.
///
/// ```
/// let id = uridiff::campaign::promote::case_id("host parse: impl | url");
/// assert!(id.starts_with("fuzz/host-parse-impl-url-"), "{id}");
/// assert_ne!(id, uridiff::campaign::promote::case_id("host parse: impl url"));
/// ```
pub fn case_id(key: &str) -> String {
    let mut slug = String::new();
    for c in key.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
        if slug.len() >= 60 {
            break;
        }
    }
    // FNV-1a: stable across Rust versions and platforms.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in key.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("fuzz/{}-{:08x}", slug.trim_end_matches('-'), h as u32)
}

/// One parser's outcome in a line of a note: `url: accepted {host: "a", ...}`.
fn describe(name: &str, outcome: &Value) -> String {
    let kind = outcome
        .get("outcome")
        .and_then(Value::as_str)
        .unwrap_or("?");
    let value = outcome.get("value");
    let detail = match (kind, value) {
        ("accepted", Some(v)) => {
            let components = v.get("components").unwrap_or(v);
            match components.as_object() {
                Some(map) => map
                    .iter()
                    .filter(|(k, v)| k.as_str() != "extra" && !v.is_null())
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join(" "),
                None => v.to_string(),
            }
        }
        (_, Some(v)) => v
            .get("message")
            .map_or_else(|| v.to_string(), ToString::to_string),
        (_, None) => String::new(),
    };
    if detail.is_empty() {
        format!("{name}: {kind}")
    } else {
        format!("{name}: {kind} {detail}")
    }
}

/// What impl answered, as an `expect`: `invalid`, or its components (`None` = undefined).
fn expectation(outcomes: &BTreeMap<String, Value>) -> Result<Expect, NotPromoted> {
    let spec = outcomes.get("impl").cloned().unwrap_or(Value::Null);
    match spec.get("outcome").and_then(Value::as_str) {
        Some("rejected") => Ok(Expect::Invalid),
        Some("accepted") => {
            let components = spec
                .get("value")
                .and_then(|v| v.get("components"))
                .and_then(Value::as_object)
                .ok_or_else(|| NotPromoted::NoSpecAnswer("accepted without components".into()))?;
            let mut map = BTreeMap::new();
            for (k, v) in components.iter().filter(|(k, _)| k.as_str() != "extra") {
                if !COMMON_FIELDS.contains(&k.as_str()) {
                    return Err(NotPromoted::NotAComponent(k.clone()));
                }
                let value = match v {
                    Value::Null => None,
                    Value::String(s) => Some(s.clone()),
                    other => Some(other.to_string()),
                };
                map.insert(k.clone(), value);
            }
            Ok(Expect::Components(map))
        }
        other => Err(NotPromoted::NoSpecAnswer(
            other.unwrap_or("missing").to_owned(),
        )),
    }
}

/// The suite case of a finding, as YAML list items indented to sit under `cases:`: written
/// through the suite schema's own types (serde), then read back by the suite loader and
/// compared, so nothing in a findings file can change what the suite says.
///
/// # Errors
///
/// The finding cannot be a case: its input is not text, its op is not `parse`, impl has no
/// answer on it, or what is written does not read back as the same case.
pub fn case_yaml(f: &FindingLine) -> Result<String, NotPromoted> {
    if f.op != "parse" {
        return Err(NotPromoted::Op(f.op.clone()));
    }
    let input = String::from_utf8(f.example.0.clone()).map_err(|_| NotPromoted::NotText)?;
    let mut note = format!(
        "uridiff fuzz finding `{}` (seed {}, input {}, {}): ",
        f.key, f.seed, f.index, f.origin
    );
    let parts: Vec<String> = f
        .outcomes
        .iter()
        .map(|(name, o)| describe(name, o))
        .collect();
    note.push_str(&parts.join("; "));
    let case = Case {
        id: Some(case_id(&f.key)),
        op: Op::Parse,
        input,
        section: None,
        source: None,
        edition: Some(uri_spec::Edition::Rfc3986),
        side: None,
        rule: None,
        base: None,
        other: None,
        strict: true,
        note: Some(note),
        erratum: None,
        corrected: None,
        skip: None,
        expect: Some(expectation(&f.outcomes)?),
    };
    let yaml =
        serde_yaml::to_string(&[&case]).map_err(|e| NotPromoted::NoRoundTrip(e.to_string()))?;
    // Read back: one case, the same one.
    let back = crate::suite::parse_str("promoted.yaml", &format!("{HEADER}{yaml}"))
        .map_err(|e| NotPromoted::NoRoundTrip(e.to_string()))?;
    match back.file.cases.as_slice() {
        [read]
            if read.id == case.id
                && read.input == case.input
                && read.expect == case.expect
                && read.note == case.note => {}
        _ => return Err(NotPromoted::NoRoundTrip("another case".into())),
    }
    // Indented to sit under `cases:` of the header or of an existing file.
    Ok(yaml.lines().map(|l| format!("  {l}\n")).collect())
}

/// A YAML double-quoted scalar holding `s` exactly, in printable ASCII only: every other
/// character is escaped (`\t`, `\xNN`, `\uNNNN`, `\UNNNNNNNN`), so no input (controls, quotes,
/// brackets, bidirectional overrides) can change how the file reads.
///
/// ```
/// use uridiff::campaign::promote::quote;
/// assert_eq!(quote("a\"b\\c\té\u{202e}"), r#""a\"b\\c\t\xe9\u202e""#);
/// ```
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            ' '..='~' => out.push(c),
            c if (c as u32) < 0x100 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if (c as u32) < 0x10000 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => {
                let _ = write!(out, "\\U{:08x}", c as u32);
            }
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(components: serde_json::Value, input: &str) -> FindingLine {
        serde_json::from_value(serde_json::json!({
            "key": "url host parse: a://a",
            "class": "host",
            "severity": "critical",
            "op": "parse",
            "partition": [["impl"], ["url"]],
            "deviating": ["url"],
            "by_design": {},
            "example": input,
            "first_seen": input,
            "origin": "test",
            "outcomes": {"impl": {"outcome": "accepted", "value": {"components": components}}},
            "seed": 1,
            "index": 0,
            "shard": "0/1"
        }))
        .expect("a finding")
    }

    #[test]
    fn a_crafted_finding_injects_no_case() {
        // A key that would end the mapping and open a second case if written by hand.
        let crafted = finding(
            serde_json::json!({"host\n  - {op: parse, input: x, expect: invalid}\n": "a"}),
            "http://a/",
        );
        assert!(matches!(
            case_yaml(&crafted),
            Err(NotPromoted::NotAComponent(_))
        ));
        // Values and inputs with YAML's own syntax stay text.
        let f = finding(
            serde_json::json!({"host": "a\n  - {op: parse}", "scheme": "http"}),
            "http://a/\n- {op: parse, input: y}\"'#",
        );
        let yaml = case_yaml(&f).expect("promoted");
        let suite = crate::suite::parse_str("p.yaml", &format!("{HEADER}{yaml}")).expect("loads");
        assert_eq!(suite.file.cases.len(), 1);
        assert_eq!(
            suite.file.cases[0].input,
            "http://a/\n- {op: parse, input: y}\"'#"
        );
    }
}
