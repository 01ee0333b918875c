//! The CI gate's baseline: the expected-failures file of `uridiff check`.
//!
//! Sorted text, one unexplained discrepancy class a line, so it reads well in a code review:
//!
//! ```text
//! # uridiff baseline 1: one class a line (`<parser> <class> <op>: <form>`), then its example
//! go-net-url host parse: a://[:1]  -- e.g. "http://[::1]"
//! ```
//!
//! `check` fails on a class that is not in the baseline and on a baseline entry that no longer
//! occurs, so the list stays true. By-design classes (explained by a profile) are not listed.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::engine::ClassRecord;

use super::show;

/// The largest baseline read (a line a class: megabytes at most for a real project).
pub const MAX_BASELINE_BYTES: u64 = 64 << 20;

/// The separator between a class's key and its example.
const EXAMPLE: &str = "  -- e.g. ";

/// The first line of every baseline.
pub const HEADER: &str =
    "# uridiff baseline 1: one class a line (`<parser> <class> <op>: <form>`), then its example";

/// A line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct BaselineError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong and what to do.
    pub message: String,
}

/// The baseline text for `classes` (unexplained ones), sorted.
///
/// ```
/// # let report = uridiff::run::tests_support::tiny();
/// let text = uridiff::report::baseline::write(&report.classes);
/// assert!(text.starts_with("# uridiff baseline 1"));
/// assert_eq!(uridiff::report::baseline::read(&text).unwrap().len(), report.classes.iter().filter(|c| !c.explained).count());
/// ```
pub fn write(classes: &[ClassRecord]) -> String {
    let mut lines: Vec<String> = classes
        .iter()
        .filter(|c| !c.explained)
        .map(|c| format!("{}{EXAMPLE}{:?}", c.key, show(&c.example.input)))
        .collect();
    lines.sort();
    let mut out = String::new();
    let _ = writeln!(out, "{HEADER}");
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    out
}

/// The class keys of a baseline, with their line numbers.
///
/// # Errors
///
/// [`BaselineError`] naming the line of an entry that is not a class key.
///
/// ```
/// let err = uridiff::report::baseline::read("# c\nnot a key\n").unwrap_err();
/// assert_eq!(err.line, 2);
/// ```
pub fn read(text: &str) -> Result<BTreeMap<String, usize>, BaselineError> {
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let key = line.split(EXAMPLE).next().unwrap_or(line).trim();
        // `<parser> <class> <op>: <form>` (the form, a skeleton, may be empty)
        let well_formed = key
            .split_once(':')
            .is_some_and(|(head, _)| head.split(' ').count() == 3);
        if !well_formed {
            return Err(BaselineError {
                line: i + 1,
                message: format!(
                    "{key:?} is not a class key (`<parser> <class> <op>: <form>`); regenerate the file with `uridiff check --write-baseline`"
                ),
            });
        }
        out.insert(key.to_owned(), i + 1);
    }
    Ok(out)
}

/// [`read`] on the bytes of a baseline file, which must be UTF-8: bytes that are not are an
/// error on their line.
///
/// # Errors
///
/// [`BaselineError`] naming the line of the first byte that is not UTF-8, or as [`read`].
///
/// ```
/// let err = uridiff::report::baseline::read_bytes(b"# c\nimpl host parse: a\n\xff\n").unwrap_err();
/// assert_eq!(err.line, 3);
/// assert!(err.message.starts_with("not UTF-8: byte 0xff at column 1"), "{err}");
/// ```
pub fn read_bytes(bytes: &[u8]) -> Result<BTreeMap<String, usize>, BaselineError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => read(text),
        Err(e) => {
            let at = e.valid_up_to();
            let before = bytes.get(..at).unwrap_or(bytes);
            let start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            Err(BaselineError {
                line: before.iter().filter(|&&b| b == b'\n').count() + 1,
                message: format!(
                    "not UTF-8: byte {:#04x} at column {} (a baseline is text; regenerate it with `uridiff check --write-baseline`)",
                    bytes.get(at).copied().unwrap_or(0),
                    at - start + 1
                ),
            })
        }
    }
}

/// What changed against a baseline.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diff {
    /// Classes found that the baseline does not list.
    pub new: Vec<String>,
    /// Baseline entries (with their line) that no longer occur.
    pub stale: Vec<(String, usize)>,
}

impl Diff {
    /// Whether the gate passes.
    pub fn clean(&self) -> bool {
        self.new.is_empty() && self.stale.is_empty()
    }
}

/// Compares the unexplained classes found with a baseline.
pub fn diff(classes: &[ClassRecord], baseline: &BTreeMap<String, usize>) -> Diff {
    let found: BTreeMap<&str, &ClassRecord> = classes
        .iter()
        .filter(|c| !c.explained)
        .map(|c| (c.key.as_str(), c))
        .collect();
    Diff {
        new: found
            .iter()
            .filter(|(k, _)| !baseline.contains_key(**k))
            .map(|(_, c)| format!("{}{EXAMPLE}{:?}", c.key, show(&c.example.input)))
            .collect(),
        stale: baseline
            .iter()
            .filter(|(k, _)| !found.contains_key(k.as_str()))
            .map(|(k, l)| (k.clone(), *l))
            .collect(),
    }
}
