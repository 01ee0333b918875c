//! YAML suites: finding the files, loading them with precise errors, and running their cases
//! through a [`Parser`].
//!
//! A malformed file is an error naming `file:line:column` and what is wrong; it never stops the
//! other files from running, so nothing already found is lost.

mod schema;

use std::fmt;
use std::path::{Path, PathBuf};

pub use schema::{Case, Expect, Op, Side, SuiteFile};
use uri_spec::Edition;

use crate::model::Outcome;
use crate::parsers::Parser;

/// A suite file that could not be read or does not follow the schema.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    /// The file or folder could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not YAML, or does not follow the schema.
    #[error("{path}:{line}:{column}: {message} (see suites/README.md for the schema)")]
    Malformed {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
}

/// A loaded suite file.
#[derive(Debug)]
pub struct Suite {
    /// Where it was read from.
    pub path: PathBuf,
    /// Its contents.
    pub file: SuiteFile,
}

impl Suite {
    /// The edition a case runs under: its own, else the file's, else RFC 3986.
    pub fn edition_of(&self, case: &Case) -> Edition {
        case.edition.or(self.file.edition).unwrap_or_default()
    }
}

/// Expands `paths` into suite files: a file is taken as is, a folder gives its `*.yaml` and
/// `*.yml` files, recursively, in name order.
///
/// # Errors
///
/// [`SuiteError::Io`] for a path that does not exist or a folder that cannot be read.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, SuiteError> {
    let mut files = Vec::new();
    for path in paths {
        let io = |source| SuiteError::Io {
            path: path.clone(),
            source,
        };
        if path.is_dir() {
            let mut found = Vec::new();
            walk(path, &mut found).map_err(io)?;
            found.sort();
            files.extend(found);
        } else {
            std::fs::metadata(path).map_err(io)?;
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml")
        ) {
            out.push(path);
        }
    }
    Ok(())
}

/// Loads one suite file.
///
/// # Errors
///
/// [`SuiteError`] naming the file, and for a malformed one the line and column.
///
/// # Examples
///
/// ```
/// let err = uridiff::suite::parse_str("x.yaml", "suite: t\ncases:\n  - {op: parse, input: a, expect: 3}\n")
///     .unwrap_err();
/// assert!(err.to_string().starts_with("x.yaml:3:"), "{err}");
/// ```
pub fn load(path: &Path) -> Result<Suite, SuiteError> {
    let text = std::fs::read_to_string(path).map_err(|source| SuiteError::Io {
        path: path.to_owned(),
        source,
    })?;
    parse_str(path, &text)
}

/// Reads a suite from `text`, naming it `path` in errors.
///
/// # Errors
///
/// [`SuiteError::Malformed`] with the line and column of the problem.
pub fn parse_str(path: impl Into<PathBuf>, text: &str) -> Result<Suite, SuiteError> {
    let path = path.into();
    match serde_yaml::from_str::<SuiteFile>(text) {
        Ok(file) => Ok(Suite { path, file }),
        Err(e) => {
            let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            // serde_yaml appends " at line L column C" to some messages; the prefix says it.
            let message = e.to_string();
            let message = message
                .split(" at line ")
                .next()
                .unwrap_or(&message)
                .to_owned();
            Err(SuiteError::Malformed {
                path,
                line,
                column,
                message,
            })
        }
    }
}

/// How a case ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The parser's answer matches the expectation.
    Passed,
    /// It does not; the text says how.
    Failed(String),
    /// The case was not run; the text says why.
    Skipped(String),
}

/// The result of one case.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// `<file>#<index>` (index from 1).
    pub id: String,
    /// `<op> <input> ...`.
    pub label: String,
    /// Whether the case documents an erratum.
    pub erratum: bool,
    /// How it ended.
    pub status: Status,
}

impl fmt::Display for CaseResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.status {
            Status::Passed => write!(f, "ok   {} {}", self.id, self.label),
            Status::Failed(why) => write!(f, "FAIL {} {}: {why}", self.id, self.label),
            Status::Skipped(why) => write!(f, "skip {} {}: {why}", self.id, self.label),
        }
    }
}

/// Runs every case of `suite` whose id or label contains `filter` through `parser`.
///
/// # Examples
///
/// ```
/// use uridiff::{parsers::Spec, suite};
/// let s = suite::parse_str("t.yaml", r#"
/// suite: t
/// cases:
///   - {op: resolve, base: "http://a/b/c/d;p?q", input: "../g", expect: "http://a/b/g"}
///   - {op: parse, input: "http://a b", expect: invalid}
/// "#).unwrap();
/// let results = suite::run(&s, &Spec, None);
/// assert!(results.iter().all(|r| r.status == suite::Status::Passed));
/// ```
pub fn run(suite: &Suite, parser: &dyn Parser, filter: Option<&str>) -> Vec<CaseResult> {
    let name = suite.path.display().to_string();
    suite
        .file
        .cases
        .iter()
        .enumerate()
        .filter_map(|(i, case)| {
            let id = format!("{name}#{}", i + 1);
            let label = case.label();
            if filter.is_some_and(|f| !id.contains(f) && !label.contains(f)) {
                return None;
            }
            let status = run_case(suite.edition_of(case), case, parser);
            Some(CaseResult {
                id,
                label,
                erratum: case.erratum.is_some(),
                status,
            })
        })
        .collect()
}

fn run_case(edition: Edition, case: &Case, parser: &dyn Parser) -> Status {
    if let Some(why) = &case.skip {
        return Status::Skipped(why.clone());
    }
    let Some(expect) = case.checked_expectation() else {
        return Status::Skipped("no expectation".into());
    };
    let input = case.input.as_bytes();
    match case.op {
        Op::Parse => {
            if *expect == Expect::Invalid && !parser.decides_validity() {
                return Status::Skipped(format!("{} accepts every input", parser.name()));
            }
            // A parser that gives no components (the grammar oracle) is judged on its verdict.
            let outcome = parser.parse(input, edition, case.rule.as_deref());
            judge(outcome, expect, |c, e| match e {
                Expect::Components(want) => {
                    let diffs: Vec<String> = want
                        .iter()
                        .filter(|(k, _)| parser.provides(k))
                        // An edition-specific field the parser does not give is undefined.
                        .filter_map(|(k, v)| {
                            let got = c.get(k).unwrap_or(None);
                            (got != v.as_deref()).then(|| {
                                format!("{k}: expected {}, got {}", show(v.as_deref()), show(got))
                            })
                        })
                        .collect();
                    diffs.is_empty().then_some(()).ok_or(diffs.join("; "))
                }
                other => Err(format!(
                    "expected {other}, got {}",
                    serde_json::to_string(c).unwrap_or_default()
                )),
            })
        }
        Op::Resolve => {
            let base = case.base.as_deref().unwrap_or_default();
            // "(current document)" is the 1996 and 1998 documents' notation for the base
            // document: the base without its fragment.
            let expect = match expect {
                Expect::Text(t) if t.starts_with(CURRENT_DOCUMENT) => {
                    let doc = base.split('#').next().unwrap_or(base);
                    Expect::Text(t.replacen(CURRENT_DOCUMENT, doc, 1))
                }
                other => other.clone(),
            };
            judge(
                parser.resolve(base.as_bytes(), input, edition, case.strict),
                &expect,
                text_matches,
            )
        }
        Op::Normalize => judge(parser.normalize(input, edition), expect, text_matches),
        Op::Equivalent => {
            let other = case.other.as_deref().unwrap_or_default().as_bytes();
            judge(
                parser.equivalent(input, other, edition),
                expect,
                |got, e| match e {
                    Expect::Bool(want) if want == got => Ok(()),
                    _ => Err(format!("expected {e}, got {got}")),
                },
            )
        }
        Op::Extract => judge(
            parser.extract(&case.input, edition),
            expect,
            |got, e| match e {
                Expect::List(want) if want == got => Ok(()),
                _ => Err(format!("expected {e}, got {got:?}")),
            },
        ),
        // The Appendix B groups are a property of the documents, not of a parser: regex cases are
        // always judged by the oracle's expression.
        Op::Regex => match expect {
            Expect::Groups(want) => {
                let got = crate::parsers::appendix_b_groups(input);
                let diffs: Vec<String> = want
                    .iter()
                    .filter_map(|(k, v)| {
                        let n: usize = k.trim_start_matches('$').parse().ok()?;
                        let g = got.get(n.checked_sub(1)?)?.as_deref();
                        (g != v.as_deref()).then(|| {
                            format!("{k}: expected {}, got {}", show(v.as_deref()), show(g))
                        })
                    })
                    .collect();
                if diffs.is_empty() {
                    Status::Passed
                } else {
                    Status::Failed(diffs.join("; "))
                }
            }
            other => Status::Failed(format!("a regex case expects groups, found {other}")),
        },
    }
}

/// How the 1996 and 1998 resolution tables write the base document.
const CURRENT_DOCUMENT: &str = "(current document)";

fn show(v: Option<&str>) -> String {
    v.map_or("undefined".to_owned(), |s| format!("{s:?}"))
}

fn text_matches(got: &String, e: &Expect) -> Result<(), String> {
    match e {
        Expect::Text(want) if want == got => Ok(()),
        _ => Err(format!("expected {e}, got {got:?}")),
    }
}

/// Judges an outcome against an expectation: `invalid` wants a rejection; anything else wants an
/// acceptance that `check` approves.
fn judge<T>(
    outcome: Outcome<T>,
    expect: &Expect,
    check: impl Fn(&T, &Expect) -> Result<(), String>,
) -> Status {
    match (outcome, expect) {
        (Outcome::Rejected(_), Expect::Invalid) => Status::Passed,
        (Outcome::Rejected(why), e) => Status::Failed(format!("expected {e}, got invalid ({why})")),
        (Outcome::Accepted(v), e) => match check(&v, e) {
            Ok(()) => Status::Passed,
            Err(why) => Status::Failed(why),
        },
        (Outcome::Unsupported(why), _) => Status::Skipped(why),
        (Outcome::Crashed(why), _) => Status::Failed(format!("the parser crashed: {why}")),
    }
}

/// Counts of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Passed cases.
    pub passed: usize,
    /// Failed cases.
    pub failed: usize,
    /// Skipped cases.
    pub skipped: usize,
}

impl Tally {
    /// Adds one result.
    pub fn add(&mut self, status: &Status) {
        match status {
            Status::Passed => self.passed += 1,
            Status::Failed(_) => self.failed += 1,
            Status::Skipped(_) => self.skipped += 1,
        }
    }
}

impl fmt::Display for Tally {
    /// The closing line of a run: `N passed, M failed`, then `, K skipped` when K > 0.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} passed, {} failed", self.passed, self.failed)?;
        if self.skipped > 0 {
            write!(f, ", {} skipped", self.skipped)?;
        }
        Ok(())
    }
}
