//! The YAML suite schema (see `suites/README.md`): serde types, checked while they are read so
//! that every error carries the line and column serde_yaml reports.
//!
//! The schema is a contract with suites written outside the project: fields may be added, never
//! changed. Unknown fields are errors, so a misspelt `expect` can never pass silently.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer};
use serde::Deserialize;
use serde_yaml::Value;
use uri_spec::Edition;

/// A suite file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuiteFile {
    /// Its title.
    pub suite: String,
    /// The seed file name or document its cases come from.
    #[serde(default)]
    pub source: Option<String>,
    /// The default edition of its cases (RFC 3986 when absent).
    #[serde(default, deserialize_with = "edition")]
    pub edition: Option<Edition>,
    /// The cases (at least one: loading refuses `cases: []`).
    pub cases: Vec<Case>,
}

thread_local! {
    /// The `edition:` of the file being read, so that a case's `rule:` and `expect` keys are
    /// checked against the edition the case runs under while serde_yaml still knows the line.
    static FILE_EDITION: Cell<Option<Edition>> = const { Cell::new(None) };
}

/// Reads a suite file from `text`: the schema, and for every case the names its edition gives
/// to rules and components.
pub(super) fn from_str(text: &str) -> Result<SuiteFile, serde_yaml::Error> {
    /// The file's edition, read first (a malformed file is reported by the full read below).
    #[derive(Deserialize)]
    struct Head {
        #[serde(default)]
        edition: Option<String>,
    }
    let edition = serde_yaml::from_str::<Head>(text)
        .ok()
        .and_then(|h| h.edition)
        .and_then(|id| id.parse().ok());
    FILE_EDITION.with(|e| e.set(edition));
    let file = serde_yaml::from_str::<SuiteFile>(text);
    FILE_EDITION.with(|e| e.set(None));
    file
}

/// Whether the file's own `edition:` (not a case's) names no edition, so that an error about it
/// can be placed on its line.
pub(super) fn file_edition_is_unknown(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Head {
        #[serde(default)]
        edition: Option<String>,
    }
    serde_yaml::from_str::<Head>(text)
        .ok()
        .and_then(|h| h.edition)
        .is_some_and(|id| id.parse::<Edition>().is_err())
}

/// The component names an `expect` of a parse case may use under every edition.
pub const COMMON_FIELDS: [&str; 9] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
];

/// The names `edition` gives to fields beside the common ones (what the implementation reports
/// as extras: 1996's `server`, 1994's `url-path`, ...). A test checks that every extra the
/// implementation reports on the suites' inputs is listed here.
pub fn edition_fields(edition: Edition) -> &'static [&'static str] {
    match edition {
        Edition::UriUrl06 => &[
            "article",
            "article-number",
            "database",
            "encoded822addr",
            "fpath",
            "ftptype",
            "gopher+_string",
            "gophertype",
            "group",
            "grouppart",
            "gtype",
            "hpath",
            "hsoname",
            "message-id",
            "newsgroup-name",
            "password",
            "ppath",
            "schemepart",
            "search",
            "selector",
            "type",
            "url-path",
            "user",
            "wpath",
            "wtype",
        ],
        Edition::UrlSyntax00 => &["server", "user", "password"],
        Edition::UriSyntax01 => &["site", "user", "password"],
        Edition::UriSyntax02 => &["reg_name", "user", "password"],
        _ => &[],
    }
}

/// The operation a case checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// Parse the input: `invalid` or its components.
    Parse,
    /// Resolve the input against `base`.
    Resolve,
    /// Syntax-based normalization (RFC 3986 6.2.2).
    Normalize,
    /// Equivalence with `other` (6.2.2 and 6.2.3).
    Equivalent,
    /// The URIs found in a running text.
    Extract,
    /// The Appendix B regular expression's groups.
    Regex,
}

impl Op {
    /// The op's name as written in suites.
    pub fn name(self) -> &'static str {
        match self {
            Op::Parse => "parse",
            Op::Resolve => "resolve",
            Op::Normalize => "normalize",
            Op::Equivalent => "equivalent",
            Op::Extract => "extract",
            Op::Regex => "regex",
        }
    }
}

/// Which side of a context diff (seeds 000 and 002) a case comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The text before the change.
    Old,
    /// The text after the change.
    New,
}

/// What a case expects, in the shape its op calls for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// `invalid`: the input (or the operation) must be rejected.
    Invalid,
    /// `parse`: component name to value (`None` = undefined). Keys left out are not checked.
    Components(BTreeMap<String, Option<String>>),
    /// `resolve`, `normalize`: the resulting reference.
    Text(String),
    /// `equivalent`.
    Bool(bool),
    /// `extract`: the URIs, in order.
    List(Vec<String>),
    /// `regex`: `"$1"`..`"$9"` to the group's text (`None` = the group did not match).
    Groups(BTreeMap<String, Option<String>>),
}

/// An expectation as a suite writes it (the form [`Case`]'s reading takes back).
impl serde::Serialize for Expect {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Expect::Invalid => s.serialize_str("invalid"),
            Expect::Components(m) | Expect::Groups(m) => m.serialize(s),
            Expect::Text(t) => s.serialize_str(t),
            Expect::Bool(b) => s.serialize_bool(*b),
            Expect::List(l) => l.serialize(s),
        }
    }
}

/// A case as a suite file writes it, field by field, each left out when it is absent (and
/// `strict` only when it is false): what `uridiff promote` writes, read back by the same schema.
impl serde::Serialize for Case {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        let text = |m: &mut S::SerializeMap, k: &str, v: &Option<String>| match v {
            Some(v) => m.serialize_entry(k, v),
            None => Ok(()),
        };
        text(&mut m, "id", &self.id)?;
        m.serialize_entry("op", &self.op)?;
        m.serialize_entry("input", &self.input)?;
        text(&mut m, "section", &self.section)?;
        text(&mut m, "source", &self.source)?;
        if let Some(e) = self.edition {
            m.serialize_entry("edition", e.id())?;
        }
        if let Some(side) = self.side {
            m.serialize_entry("side", &side)?;
        }
        text(&mut m, "rule", &self.rule)?;
        text(&mut m, "base", &self.base)?;
        text(&mut m, "other", &self.other)?;
        if !self.strict {
            m.serialize_entry("strict", &false)?;
        }
        text(&mut m, "note", &self.note)?;
        text(&mut m, "erratum", &self.erratum)?;
        if let Some(c) = &self.corrected {
            m.serialize_entry("corrected", c)?;
        }
        text(&mut m, "skip", &self.skip)?;
        if let Some(e) = &self.expect {
            m.serialize_entry("expect", e)?;
        }
        m.end()
    }
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |v: &Option<String>| v.as_ref().map_or("null".to_owned(), |s| format!("{s:?}"));
        match self {
            Expect::Invalid => f.write_str("invalid"),
            Expect::Text(s) => write!(f, "{s:?}"),
            Expect::Bool(b) => write!(f, "{b}"),
            Expect::List(l) => write!(f, "{l:?}"),
            Expect::Components(m) | Expect::Groups(m) => {
                let parts: Vec<String> =
                    m.iter().map(|(k, v)| format!("{k}: {}", show(v))).collect();
                write!(f, "{{{}}}", parts.join(", "))
            }
        }
    }
}

/// One case, checked for the fields its op needs.
#[derive(Clone, Debug, Deserialize)]
#[serde(try_from = "RawCase")]
pub struct Case {
    /// A stable id given by the suite's author (else one is derived: [`Case::stable_id`]).
    pub id: Option<String>,
    /// The operation.
    pub op: Op,
    /// The input, as printed in the document.
    pub input: String,
    /// Where in the document.
    pub section: Option<String>,
    /// Overrides the file's source.
    pub source: Option<String>,
    /// Overrides the file's edition.
    pub edition: Option<Edition>,
    /// For context diffs: the side the case comes from.
    pub side: Option<Side>,
    /// The grammar rule to parse as.
    pub rule: Option<String>,
    /// `resolve`: the base URI.
    pub base: Option<String>,
    /// `equivalent`: the second operand.
    pub other: Option<String>,
    /// `resolve`: strict (the default) or not.
    pub strict: bool,
    /// What the document says about the example.
    pub note: Option<String>,
    /// How the document's example conflicts with its own grammar or algorithm.
    pub erratum: Option<String>,
    /// With `erratum`: what the grammar or algorithm gives; checked instead of `expect`.
    pub corrected: Option<Expect>,
    /// Why the case is not run.
    pub skip: Option<String>,
    /// What the document says the outcome is (`None` only for skipped cases).
    pub expect: Option<Expect>,
}

impl Case {
    /// The expectation the implementation is checked against: `corrected` for an erratum that has
    /// one, else `expect`.
    pub fn checked_expectation(&self) -> Option<&Expect> {
        self.corrected.as_ref().or(self.expect.as_ref())
    }

    /// A readable name: `<op> <input>`, with `against <base>` or `and <other>`.
    pub fn label(&self) -> String {
        let mut s = format!("{} {:?}", self.op.name(), self.input);
        if let Some(b) = &self.base {
            s.push_str(&format!(" against {b:?}"));
        }
        if let Some(o) = &self.other {
            s.push_str(&format!(" and {o:?}"));
        }
        if !self.strict {
            s.push_str(" (non-strict)");
        }
        if let Some(r) = &self.rule {
            s.push_str(&format!(" as {r}"));
        }
        s
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    #[serde(default)]
    id: Option<String>,
    op: Op,
    input: String,
    #[serde(default, deserialize_with = "string_or_integer")]
    section: Option<String>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default, deserialize_with = "edition")]
    edition: Option<Edition>,
    #[serde(default)]
    side: Option<Side>,
    #[serde(default)]
    rule: Option<String>,
    #[serde(default)]
    base: Option<String>,
    #[serde(default)]
    other: Option<String>,
    #[serde(default)]
    strict: Option<bool>,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    erratum: Option<String>,
    #[serde(default)]
    corrected: Option<Value>,
    #[serde(default)]
    skip: Option<String>,
    #[serde(default)]
    expect: Option<Value>,
}

impl TryFrom<RawCase> for Case {
    type Error = String;

    fn try_from(raw: RawCase) -> Result<Case, String> {
        let op = raw.op;
        let edition = raw
            .edition
            .or_else(|| FILE_EDITION.with(Cell::get))
            .unwrap_or_default();
        if let Some(rule) = &raw.rule {
            uri_spec::Rule::from_name(edition, rule).map_err(|e| e.to_string())?;
        }
        let need = |field: &str, v: &Option<String>| match v {
            Some(_) => Ok(()),
            None => Err(format!("a {} case needs `{field}`", op.name())),
        };
        match op {
            Op::Resolve => need("base", &raw.base)?,
            Op::Equivalent => need("other", &raw.other)?,
            _ => {}
        }
        if raw.strict.is_some() && op != Op::Resolve {
            return Err(format!(
                "`strict` applies to resolve cases, not {}",
                op.name()
            ));
        }
        if raw.corrected.is_some() && raw.erratum.is_none() {
            return Err("`corrected` needs an `erratum` that explains it".to_owned());
        }
        let expect = match raw.expect {
            Some(v) => Some(expectation(op, v, edition)?),
            None if raw.skip.is_some() => None,
            None => {
                return Err(format!(
                    "the {} case {:?} has no `expect`",
                    op.name(),
                    raw.input
                ))
            }
        };
        let corrected = raw
            .corrected
            .map(|v| expectation(op, v, edition))
            .transpose()?;
        Ok(Case {
            id: raw.id,
            op,
            input: raw.input,
            section: raw.section,
            source: raw.source,
            edition: raw.edition,
            side: raw.side,
            rule: raw.rule,
            base: raw.base,
            other: raw.other,
            strict: raw.strict.unwrap_or(true),
            note: raw.note,
            erratum: raw.erratum,
            corrected,
            skip: raw.skip,
            expect,
        })
    }
}

/// Reads an `expect` (or `corrected`) value in the shape `op` calls for, with the component
/// names of `edition`.
fn expectation(op: Op, v: Value, edition: Edition) -> Result<Expect, String> {
    if v.as_str() == Some("invalid") && matches!(op, Op::Parse | Op::Resolve | Op::Normalize) {
        return Ok(Expect::Invalid);
    }
    let shape = || match op {
        Op::Parse => "`invalid` or a mapping of components",
        Op::Resolve | Op::Normalize => "`invalid` or a string",
        Op::Equivalent => "true or false",
        Op::Extract => "a list of strings",
        Op::Regex => "a mapping of \"$1\"..\"$9\" to strings or null",
    };
    let wrong = || {
        format!(
            "a {} case expects {}, found {}",
            op.name(),
            shape(),
            describe(&v)
        )
    };
    match op {
        Op::Parse | Op::Regex => {
            let Value::Mapping(m) = &v else {
                return Err(wrong());
            };
            let mut out = BTreeMap::new();
            for (k, val) in m {
                let Some(key) = k.as_str() else {
                    return Err(wrong());
                };
                if op == Op::Regex && !(1..=9).any(|n| key == format!("${n}")) {
                    return Err(format!(
                        "regex expect keys are \"$1\"..\"$9\", found {key:?}"
                    ));
                }
                let own = edition_fields(edition);
                if op == Op::Parse && !COMMON_FIELDS.contains(&key) && !own.contains(&key) {
                    let mut valid = COMMON_FIELDS.join(", ");
                    if !own.is_empty() {
                        valid.push_str(&format!("; and under {edition}: {}", own.join(", ")));
                    }
                    return Err(format!(
                        "unknown component `{key}` in a parse expect; the names are: {valid}"
                    ));
                }
                let val = match val {
                    Value::Null => None,
                    Value::String(s) => Some(s.clone()),
                    other => {
                        return Err(format!(
                            "the value of `{key}` must be a string or null, found {}: quote it",
                            describe(other)
                        ))
                    }
                };
                out.insert(key.to_owned(), val);
            }
            Ok(if op == Op::Parse {
                Expect::Components(out)
            } else {
                Expect::Groups(out)
            })
        }
        Op::Resolve | Op::Normalize => v
            .as_str()
            .map(|s| Expect::Text(s.to_owned()))
            .ok_or_else(wrong),
        Op::Equivalent => v.as_bool().map(Expect::Bool).ok_or_else(wrong),
        Op::Extract => {
            let Value::Sequence(items) = &v else {
                return Err(wrong());
            };
            items
                .iter()
                .map(|i| i.as_str().map(str::to_owned).ok_or_else(wrong))
                .collect::<Result<_, _>>()
                .map(Expect::List)
        }
    }
}

fn describe(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string {s:?}"),
        Value::Sequence(_) => "a list".into(),
        Value::Mapping(_) => "a mapping".into(),
        Value::Tagged(_) => "a tagged value".into(),
    }
}

fn edition<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Edition>, D::Error> {
    let Some(id) = Option::<String>::deserialize(d)? else {
        return Ok(None);
    };
    id.parse().map(Some).map_err(de::Error::custom)
}

fn string_or_integer<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    match Option::<Value>::deserialize(d)? {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(Value::Number(n)) if n.is_u64() => Ok(Some(n.to_string())),
        Some(other) => Err(de::Error::custom(format!(
            "a section must be a string, found {}: quote it, e.g. \"5.4\"",
            describe(&other)
        ))),
    }
}
