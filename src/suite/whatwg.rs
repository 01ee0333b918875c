//! The WHATWG's URL test-data format (`urltestdata.json` of web-platform-tests, described in the
//! `url/README.md` of that repository): reading a file of it with precise errors, and scoring a
//! WHATWG parser on it ([`judge`], [`score_file`]).
//!
//! A file is a JSON array. A string entry is a comment. An object entry is a test: `input`, `base`
//! (a string or `null`), and either `failure: true` (parsing `input` against `base` fails) or the
//! expected `href` and the other attributes of the URL Standard's `URL` class (`protocol`,
//! `username`, `password`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`, and
//! `origin`). Other keys (`comment`, `relativeTo`, `searchParams`, and any the format grows) are
//! tolerated.
//!
//! Reading is defensive, as for the YAML suites (`load.rs`): the file's size is bounded by the
//! same [`MAX_FILE_BYTES`]; a file that is not JSON, or not an array, is one error naming the file
//! and, from serde_json, the line and column; a malformed entry is an [`EntryError`] naming the
//! file and the entry's 0-based index, and never stops the other entries from loading.
//!
//! The JSON text may hold lone UTF-16 surrogates in `\u` escapes (the Standard's tests feed them to
//! `new URL()`). JavaScript converts such a string to a `USVString` (WebIDL, "USVString":
//! each lone surrogate becomes U+FFFD) before the parser sees it; the reader does the same, where
//! serde_json would reject the whole file.

mod api;
mod judge;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

pub use api::{Attribute, Getters};
pub use judge::{judge, run, score_file, EntryResult, Score};

use super::MAX_FILE_BYTES;

/// A WHATWG test-data file that could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum WhatwgError {
    /// The file could not be read.
    #[error("{path}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error("{path}: {bytes} bytes, more than the {MAX_FILE_BYTES} a test-data file may have")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
    },
    /// The file is not JSON (or not UTF-8, or nested deeper than serde_json's limit of 128).
    #[error("{path}:{line}:{column}: not JSON: {message}")]
    NotJson {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// serde_json's message, without its position.
        message: String,
    },
    /// The file is JSON, but not an array of entries.
    #[error("{path}: the file is a JSON {found}; WHATWG URL test data is an array of entries (strings for comments, objects for tests)")]
    NotArray {
        /// The file.
        path: PathBuf,
        /// What it is instead (`object`, `string`, ...).
        found: &'static str,
    },
}

/// One malformed entry: the file, the entry's 0-based index in the array (comments count), and
/// what is wrong with it.
///
/// ```
/// let f = uridiff::suite::whatwg::parse_bytes("t.json", br#"["c", {"base": null}]"#).unwrap();
/// assert_eq!(f.errors[0].to_string(), "t.json: entry 1 (0-based): `input` is missing");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: entry {index} (0-based): {kind}")]
pub struct EntryError {
    /// The file.
    pub path: PathBuf,
    /// The entry's index in the array, from 0, comments included.
    pub index: usize,
    /// What is wrong.
    pub kind: EntryErrorKind,
}

/// What is wrong with an entry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EntryErrorKind {
    /// The entry is neither a comment string nor a test object (`3`, `[]`, `null`).
    #[error("a JSON {found}, where an entry is a string (a comment) or an object (a test)")]
    NotAnEntry {
        /// What it is.
        found: &'static str,
    },
    /// `{"base": null, "failure": true}`.
    #[error("`input` is missing")]
    MissingInput,
    /// A known key with a value of the wrong type (`{"input": 3}`, `{"base": 1}`).
    #[error("`{key}` is a JSON {found}, where it must be {expected}")]
    WrongType {
        /// The key.
        key: &'static str,
        /// The type it must have (`a string`, `a string or null`, `true or false`).
        expected: &'static str,
        /// The type it has.
        found: &'static str,
    },
    /// Neither `failure: true` nor `href` (`{"input": "a", "base": null}`).
    #[error("neither `failure: true` nor the expected `href`: nothing to check")]
    NoExpectation,
    /// Both `failure: true` and `href`.
    #[error("both `failure: true` and an expected `href`: the entry contradicts itself")]
    FailureAndHref,
}

/// An entry's expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// `failure: true`: the URL parser returns failure.
    Failure,
    /// The URL it returns: `href`, and those of the other attributes the entry gives.
    Url(BTreeMap<Attribute, String>),
}

/// One test entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its 0-based index in the file's array, comments included.
    pub index: usize,
    /// `input`, lone surrogates already U+FFFD.
    pub input: String,
    /// `base` (`None` for `null` or absent).
    pub base: Option<String>,
    /// What parsing `input` against `base` gives.
    pub expect: Expectation,
    /// The entry's own `comment`, if any.
    pub comment: Option<String>,
    /// `relativeTo` (`non-opaque-path-base`, `any-base`): the kinds of base a failing input also
    /// fails against. Kept for people; not judged.
    pub relative_to: Option<String>,
}

impl Entry {
    /// `parse "input"`, or `resolve "input" against "base"`: the label the YAML suites use.
    ///
    /// ```
    /// let f = uridiff::suite::whatwg::parse_bytes("t.json",
    ///     br#"[{"input": "g", "base": "http://a/", "failure": true}]"#).unwrap();
    /// assert_eq!(f.entries[0].label(), r#"resolve "g" against "http://a/""#);
    /// ```
    pub fn label(&self) -> String {
        match &self.base {
            None => format!("parse {:?}", self.input),
            Some(b) => format!("resolve {:?} against {b:?}", self.input),
        }
    }
}

/// A loaded test-data file: the good entries and the malformed ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhatwgFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// The well-formed test entries, in file order.
    pub entries: Vec<Entry>,
    /// How many comment strings it has.
    pub comments: usize,
    /// The malformed entries, in file order.
    pub errors: Vec<EntryError>,
}

/// Loads a test-data file.
///
/// # Errors
///
/// [`WhatwgError`] naming the file: unreadable, larger than [`MAX_FILE_BYTES`], not JSON (with
/// the line and column), or not an array. Malformed entries are not errors here: they are in
/// [`WhatwgFile::errors`].
///
/// # Examples
///
/// ```
/// let err = uridiff::suite::whatwg::load("no/such.json".as_ref()).unwrap_err();
/// // The file, then its cause once, as the error's source.
/// assert_eq!(err.to_string(), "no/such.json");
/// assert!(std::error::Error::source(&err).is_some());
/// ```
pub fn load(path: &Path) -> Result<WhatwgFile, WhatwgError> {
    let io = |source| WhatwgError::Io {
        path: path.to_owned(),
        source,
    };
    let bytes = crate::files::read_limited(path, MAX_FILE_BYTES).map_err(|e| match e {
        // A FIFO or a device is an I/O error here, with what it is.
        crate::files::ReadError::NotRegular { what, .. } => io(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{what}, not a regular file (give a file)"),
        )),
        crate::files::ReadError::TooLarge { bytes, .. } => WhatwgError::TooLarge {
            path: path.to_owned(),
            bytes,
        },
        crate::files::ReadError::Io { source, .. } => io(source),
    })?;
    parse_bytes(path, &bytes)
}

/// Reads test data from `bytes` (UTF-8 JSON; a byte order mark is skipped), naming it `path` in
/// errors.
///
/// # Errors
///
/// [`WhatwgError::NotJson`] or [`WhatwgError::NotArray`].
///
/// # Examples
///
/// ```
/// use uridiff::suite::whatwg::{parse_bytes, Expectation};
/// let f = parse_bytes("t.json", br#"[
///   "a comment",
///   {"input": "http://a/", "base": null, "href": "http://a/", "pathname": "/"},
///   {"input": "http://[", "base": null, "failure": true},
///   {"base": null}
/// ]"#).unwrap();
/// assert_eq!((f.entries.len(), f.comments, f.errors.len()), (2, 1, 1));
/// assert_eq!(f.entries[1].expect, Expectation::Failure);
/// assert_eq!(f.errors[0].index, 3);
///
/// let err = parse_bytes("t.json", b"[\n  {\"input\": }\n]").unwrap_err();
/// assert!(err.to_string().starts_with("t.json:2:"), "{err}");
/// assert!(err.to_string().contains(": not JSON: expected value"), "{err}");
/// ```
pub fn parse_bytes(path: impl Into<PathBuf>, bytes: &[u8]) -> Result<WhatwgFile, WhatwgError> {
    let path = path.into();
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    let text = usv_escapes(bytes);
    let value: Value = match serde_json::from_slice(&text) {
        Ok(v) => v,
        Err(e) => {
            // serde_json appends " at line L column C"; the prefix says it.
            let message = e.to_string();
            let message = message.split(" at line ").next().unwrap_or(&message);
            return Err(WhatwgError::NotJson {
                path,
                line: e.line().max(1),
                column: e.column().max(1),
                message: message.to_owned(),
            });
        }
    };
    let Value::Array(items) = value else {
        return Err(WhatwgError::NotArray {
            path,
            found: kind(&value),
        });
    };
    let mut file = WhatwgFile {
        path,
        entries: Vec::new(),
        comments: 0,
        errors: Vec::new(),
    };
    for (index, item) in items.into_iter().enumerate() {
        match item {
            Value::String(_) => file.comments += 1,
            Value::Object(map) => match entry(index, &map) {
                Ok(e) => file.entries.push(e),
                Err(kind) => file.errors.push(EntryError {
                    path: file.path.clone(),
                    index,
                    kind,
                }),
            },
            other => file.errors.push(EntryError {
                path: file.path.clone(),
                index,
                kind: EntryErrorKind::NotAnEntry {
                    found: kind(&other),
                },
            }),
        }
    }
    Ok(file)
}

/// One test object as an [`Entry`]. Unknown keys are ignored: the format grows.
fn entry(index: usize, map: &Map<String, Value>) -> Result<Entry, EntryErrorKind> {
    let input = required_string(map, "input")?.ok_or(EntryErrorKind::MissingInput)?;
    // `base` is always written in the Standard's files; an absent one reads as `null`.
    let base = string(map, "base")?;
    let failure = match map.get("failure") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            return Err(EntryErrorKind::WrongType {
                key: "failure",
                expected: "true or false",
                found: kind(other),
            })
        }
    };
    let mut attributes = BTreeMap::new();
    for attr in Attribute::ALL {
        // Some files write an opaque origin as `null` where the Standard's serialization is
        // "null"; origin is never compared (see `api.rs`), so both are read.
        let value = if attr == Attribute::Origin {
            string(map, attr.name())?
        } else {
            required_string(map, attr.name())?
        };
        if let Some(v) = value {
            attributes.insert(attr, v);
        }
    }
    let expect = match (failure, attributes.contains_key(&Attribute::Href)) {
        (true, true) => return Err(EntryErrorKind::FailureAndHref),
        (true, false) => Expectation::Failure,
        (false, true) => Expectation::Url(attributes),
        (false, false) => return Err(EntryErrorKind::NoExpectation),
    };
    Ok(Entry {
        index,
        input,
        base,
        expect,
        comment: required_string(map, "comment")?,
        relative_to: required_string(map, "relativeTo")?,
    })
}

/// `map[key]` when it is a string or null (`None` for null or absent).
fn string(map: &Map<String, Value>, key: &'static str) -> Result<Option<String>, EntryErrorKind> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => Err(EntryErrorKind::WrongType {
            key,
            expected: "a string or null",
            found: kind(other),
        }),
    }
}

/// `map[key]` when it is a string (`None` when absent; null is the wrong type).
fn required_string(
    map: &Map<String, Value>,
    key: &'static str,
) -> Result<Option<String>, EntryErrorKind> {
    match map.get(key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => Err(EntryErrorKind::WrongType {
            key,
            expected: "a string",
            found: kind(other),
        }),
    }
}

/// The JSON type of `v`, for messages.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// `bytes` with every `\u` escape of a lone UTF-16 surrogate, inside a JSON string, replaced by
/// `\uFFFD`: the WebIDL conversion to `USVString` that JavaScript applies before `new URL()` sees
/// the text. The length is unchanged, so serde_json's lines and columns still point into the
/// file.
fn usv_escapes(bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let mut in_string = false;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'"' => in_string = !in_string,
            b'\\' if in_string => {
                match unit(bytes, i) {
                    Some(0xD800..=0xDBFF) => {
                        if matches!(unit(bytes, i + 6), Some(0xDC00..=0xDFFF)) {
                            // A pair: one supplementary character; keep both escapes.
                            i += 12;
                            continue;
                        }
                        replace_unit(&mut out, i);
                    }
                    Some(0xDC00..=0xDFFF) => replace_unit(&mut out, i),
                    _ => {}
                }
                // Skip the escaped byte (`\"` must not end the string).
                i += 2;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The code unit of the `\uXXXX` escape at `at`, if there is one.
fn unit(bytes: &[u8], at: usize) -> Option<u16> {
    let esc = bytes.get(at..at + 6)?;
    if esc.get(..2)? != b"\\u" {
        return None;
    }
    let hex = std::str::from_utf8(esc.get(2..)?).ok()?;
    u16::from_str_radix(hex, 16).ok()
}

/// Writes `\uFFFD` over the escape at `at`.
fn replace_unit(out: &mut [u8], at: usize) {
    if let Some(slot) = out.get_mut(at..at + 6) {
        slot.copy_from_slice(b"\\uFFFD");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> WhatwgFile {
        parse_bytes("t.json", text.as_bytes()).expect("loads")
    }

    #[track_caller]
    fn one_error(entry: &str) -> EntryError {
        let f = file(&format!(
            r#"["comment", {{"input": "http://a/", "base": null, "href": "http://a/"}}, {entry}]"#
        ));
        assert_eq!(f.entries.len(), 1, "the good entry still loads");
        assert_eq!(f.errors.len(), 1, "{:?}", f.errors);
        let e = f.errors[0].clone();
        assert_eq!(e.index, 2);
        assert!(
            e.to_string().starts_with("t.json: entry 2 (0-based): "),
            "{e}"
        );
        e
    }

    #[test]
    fn reads_comments_tests_and_failures() {
        let f = file(
            r#"[
              "a comment",
              {"input": "HTTP://A:80/b", "base": null, "href": "http://a/b", "origin": "http://a",
               "protocol": "http:", "username": "", "password": "", "host": "a", "hostname": "a",
               "port": "", "pathname": "/b", "search": "", "hash": ""},
              "another",
              {"input": "g", "base": "http://a/b", "failure": true, "relativeTo": "any-base",
               "comment": "why", "searchParams": ["unknown", 3], "future": {"x": 1}},
              {"input": "x:y", "href": "x:y", "origin": null}
            ]"#,
        );
        assert!(f.errors.is_empty(), "{:?}", f.errors);
        assert_eq!(f.comments, 2);
        assert_eq!(f.entries.len(), 3);
        let e = &f.entries[0];
        assert_eq!(
            (e.index, e.input.as_str(), e.base.as_deref()),
            (1, "HTTP://A:80/b", None)
        );
        let Expectation::Url(want) = &e.expect else {
            panic!("{:?}", e.expect)
        };
        assert_eq!(want.len(), 11);
        assert_eq!(want[&Attribute::Protocol], "http:");
        assert_eq!(want[&Attribute::Origin], "http://a");
        let e = &f.entries[1];
        assert_eq!(e.index, 3);
        assert_eq!(e.expect, Expectation::Failure);
        assert_eq!(e.base.as_deref(), Some("http://a/b"));
        assert_eq!(e.relative_to.as_deref(), Some("any-base"));
        assert_eq!(e.comment.as_deref(), Some("why"));
        // An absent base reads as null; only the attributes given are expected.
        let e = &f.entries[2];
        assert_eq!(e.base, None);
        assert_eq!(
            e.expect,
            Expectation::Url(BTreeMap::from([(Attribute::Href, "x:y".to_owned())]))
        );
    }

    #[test]
    fn each_malformed_entry_names_its_index_and_what_is_wrong() {
        let e = one_error("3");
        assert_eq!(e.kind, EntryErrorKind::NotAnEntry { found: "number" });
        assert!(e.to_string().contains("a JSON number"), "{e}");
        assert_eq!(
            one_error("[1]").kind,
            EntryErrorKind::NotAnEntry { found: "array" }
        );
        assert_eq!(
            one_error("null").kind,
            EntryErrorKind::NotAnEntry { found: "null" }
        );
        assert_eq!(
            one_error(r#"{"base": null, "failure": true}"#).kind,
            EntryErrorKind::MissingInput
        );
        assert!(matches!(
            one_error(r#"{"input": null, "failure": true}"#).kind,
            EntryErrorKind::WrongType {
                key: "input",
                found: "null",
                ..
            }
        ));
        let e = one_error(r#"{"input": 3, "base": null, "failure": true}"#);
        assert_eq!(
            e.kind,
            EntryErrorKind::WrongType {
                key: "input",
                expected: "a string",
                found: "number"
            }
        );
        assert!(
            e.to_string()
                .ends_with("`input` is a JSON number, where it must be a string"),
            "{e}"
        );
        assert!(matches!(
            one_error(r#"{"input": "a", "base": 1, "failure": true}"#).kind,
            EntryErrorKind::WrongType {
                key: "base",
                found: "number",
                ..
            }
        ));
        assert!(matches!(
            one_error(r#"{"input": "a", "base": null, "failure": "yes"}"#).kind,
            EntryErrorKind::WrongType {
                key: "failure",
                found: "string",
                ..
            }
        ));
        assert!(matches!(
            one_error(r#"{"input": "a", "base": null, "href": "a:", "port": 80}"#).kind,
            EntryErrorKind::WrongType {
                key: "port",
                expected: "a string",
                found: "number"
            }
        ));
        assert!(matches!(
            one_error(r#"{"input": "a", "base": null, "href": null}"#).kind,
            EntryErrorKind::WrongType {
                key: "href",
                found: "null",
                ..
            }
        ));
        assert!(matches!(
            one_error(r#"{"input": "a", "base": null, "failure": true, "relativeTo": []}"#).kind,
            EntryErrorKind::WrongType {
                key: "relativeTo",
                found: "array",
                ..
            }
        ));
        assert_eq!(
            one_error(r#"{"input": "a", "base": null}"#).kind,
            EntryErrorKind::NoExpectation
        );
        assert_eq!(
            one_error(r#"{"input": "a", "base": null, "failure": false, "pathname": "/"}"#).kind,
            EntryErrorKind::NoExpectation
        );
        assert_eq!(
            one_error(r#"{"input": "a", "base": null, "failure": true, "href": "a:"}"#).kind,
            EntryErrorKind::FailureAndHref
        );
    }

    #[test]
    fn a_file_that_is_not_json_or_not_an_array_is_one_error() {
        let err = parse_bytes("t.json", b"{\"input\": \"a\"}").unwrap_err();
        assert!(matches!(
            err,
            WhatwgError::NotArray {
                found: "object",
                ..
            }
        ));
        assert!(
            err.to_string()
                .starts_with("t.json: the file is a JSON object"),
            "{err}"
        );
        let err = parse_bytes("t.json", b"[\"a\",\n \"b\" \"c\"]").unwrap_err();
        assert!(
            matches!(
                err,
                WhatwgError::NotJson {
                    line: 2,
                    column: 6,
                    ..
                }
            ),
            "{err:?}"
        );
        let err = parse_bytes("t.json", b"[\"\xff\"]").unwrap_err();
        assert!(
            matches!(err, WhatwgError::NotJson { line: 1, .. }),
            "{err:?}"
        );
        // serde_json's depth limit bounds nesting: an error, not a stack overflow.
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert!(matches!(
            parse_bytes("t.json", deep.as_bytes()),
            Err(WhatwgError::NotJson { .. })
        ));
        assert_eq!(file("\u{feff}[]").entries.len(), 0);
    }

    #[test]
    fn lone_surrogates_become_the_replacement_character() {
        let f = file(
            r#"[{"input": "a\uD800b\uDFFFc\uD801\uDC37\\uD800\"\uDBFF", "base": null, "failure": true}]"#,
        );
        assert!(f.errors.is_empty(), "{:?}", f.errors);
        // A pair stays one character; an escaped backslash is no escape; a quote does not end
        // the string.
        assert_eq!(
            f.entries[0].input,
            "a\u{FFFD}b\u{FFFD}c\u{10437}\\uD800\"\u{FFFD}"
        );
        // Outside strings nothing changes (and the JSON error is serde_json's).
        assert_eq!(usv_escapes(br"[\uD800]"), br"[\uD800]".to_vec());
    }

    #[test]
    fn a_file_too_large_is_refused_before_parsing() {
        let dir = std::env::temp_dir().join(format!("uridiff-whatwg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("big.json");
        let f = std::fs::File::create(&path).expect("creates");
        f.set_len(MAX_FILE_BYTES + 1).expect("sized");
        let err = load(&path).unwrap_err();
        assert!(matches!(err, WhatwgError::TooLarge { bytes, .. } if bytes == MAX_FILE_BYTES + 1));
        std::fs::remove_dir_all(&dir).ok();
    }
}
