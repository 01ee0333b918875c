//! Findings into suite cases (issue 12, item 5): each chosen finding becomes a `parse` case of
//! the suite schema (suites/README.md) whose `expect` is what impl, the spec, answered and whose
//! `note` records every parser's outcome, so the disagreement is documented and stays tested.

use std::collections::BTreeMap;

use std::fmt::Write as _;

use serde_json::Value;

use super::FindingLine;

/// The header of a suite file that holds promoted findings.
pub const HEADER: &str =
    "suite: uridiff fuzz findings\nsource: uridiff fuzz (promoted findings)\nedition: rfc3986\ncases:\n";

/// Why a finding was not promoted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotPromoted {
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

/// What impl answered, as an `expect`: `invalid`, or its components (`null` = undefined).
fn expectation(outcomes: &BTreeMap<String, Value>) -> Result<Value, NotPromoted> {
    let spec = outcomes.get("impl").cloned().unwrap_or(Value::Null);
    match spec.get("outcome").and_then(Value::as_str) {
        Some("rejected") => Ok(Value::String("invalid".into())),
        Some("accepted") => {
            let components = spec
                .get("value")
                .and_then(|v| v.get("components"))
                .and_then(Value::as_object)
                .ok_or_else(|| NotPromoted::NoSpecAnswer("accepted without components".into()))?;
            let map: serde_json::Map<String, Value> = components
                .iter()
                .filter(|(k, _)| k.as_str() != "extra")
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            Ok(Value::Object(map))
        }
        other => Err(NotPromoted::NoSpecAnswer(
            other.unwrap_or("missing").to_owned(),
        )),
    }
}

/// The suite case of a finding, as YAML list items indented to sit under `cases:`.
///
/// # Errors
///
/// The finding cannot be a case: its input is not text, its op is not `parse`, or impl has no
/// answer on it.
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
    let expect = expectation(&f.outcomes)?;
    let mut text = format!(
        "  - id: {}\n    op: parse\n    input: {}\n    edition: rfc3986\n    note: {}\n",
        case_id(&f.key),
        quote(&input),
        quote(&note)
    );
    match expect {
        Value::Object(map) => {
            text.push_str("    expect:\n");
            for (k, v) in map {
                let v = match v {
                    Value::String(s) => quote(&s),
                    Value::Null => "null".to_owned(),
                    other => quote(&other.to_string()),
                };
                let _ = writeln!(text, "      {k}: {v}");
            }
        }
        _ => text.push_str("    expect: invalid\n"),
    }
    Ok(text)
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
