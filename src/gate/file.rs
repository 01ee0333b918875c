//! The gate's baseline file: sorted text that reviews well in a pull
//! request, holding every answer of each parser under test. A header records the run it belongs
//! to. Then each class of deviation (the finding's signature key,
//! [`crate::engine::Signature::key`]) comes with its count, followed by one line per job, the
//! job shown; then, per parser and operation, every other job the parser answered, compact: its
//! id and answer digest, one job a line, sorted by id (one a line, so that a job added or gone
//! is one line of a diff, where several a line would move every later one); then, per parser,
//! the URL-confusion classes it takes part in, one [`super::confusion_key`] a line, sorted:
//!
//! ```text
//! # uridiff gate baseline 2: every answer of each parser under test, its deviations by class
//! # `## (N) <parser> <class> <op>: <form>` heads a class of N jobs; under it each line is
//! # `<job id> <answer digest> <job>`: the two digests match, the job is shown for review.
//! # `### (N) <parser> agrees: <op>` heads the N other jobs of one operation the parser answered;
//! # under it each line is `<job id> <answer digest>`, sorted by job id.
//! # `### (N) <parser> confusion` heads the N URL-confusion classes the parser takes part in;
//! # under it each line is `<component> [<parsers reading alike>|...]`, sorted.
//! # tool: uridiff 0.2.0
//! # rules: sha256:4f1c…(64 hex digits)
//! # corpus: sha256:9a0e…(64 hex digits)
//! # seed: 1
//! # count: 3000
//! # editions: rfc3986
//! # parser: {"name":"url","version":"2.5.4","profile":"whatwg-url","reference":"whatwg"}
//!
//! ## (1) url too-lax parse: a://a a
//! 5f0c4d6c1a8e2b37 9b7e0c8f5d2a6e14 parse http://a b/
//!
//! ### (2) url agrees: parse
//! 0a1b2c3d4e5f6071 8e2f1d0c3b4a5968
//! 1b2c3d4e5f607182 7d1e0f2c3a4b5869
//!
//! ### (1) url confusion
//! host [ada-url,url|go-net-url]
//! ```
//!
//! The confusion section is optional: a format-2 baseline written before it existed still reads,
//! as a baseline that lists no confusion class, so each class of a parser under test fails the
//! gate as new until the file is rewritten with `--write-baseline` (the format version stays 2:
//! no line of the older file changes meaning).
//!
//! The `# rules:` and `# corpus:` lines are the digests of what decided the verdicts beside the
//! tool's version ([`super::digest`]): a check with another version or other digests is refused
//! in one line before any line is compared ([`super::compare`]). A baseline written before they
//! existed (uridiff 0.1.0) reads without them and is refused by its version, in the same line;
//! a baseline with one of the two lines is refused as malformed. The format version stays 2: a
//! reader of format 2 takes a `# field:` line it does not know as a comment.
//!
//! A job the parser does not do (an `Unsupported` outcome) is in neither part: it has no answer,
//! and which operations and editions a parser does belongs to its version, which the header
//! holds. A baseline of format 1 (its deviations only) is refused with one line saying to
//! rewrite it, never read as a baseline with no agreeing job.
//!
//! Reading goes through [`crate::files`] (only a regular file, at most [`MAX_BASELINE_BYTES`]),
//! and every error names the file, line and column, and what to do.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::{Agreed, Baseline, Entry, Header, JobId, Parser, Run};

/// The largest baseline read: a line a job and parser under test, 34 bytes for an agreeing one;
/// megabytes at most for a real project.
pub const MAX_BASELINE_BYTES: u64 = 64 << 20;

/// The format version this uridiff writes and reads (the number in [`FORMAT`]).
pub const VERSION: u32 = 2;

/// What every gate baseline's first line starts with, before its format version.
pub const MAGIC: &str = "# uridiff gate baseline ";

/// The first line of every gate baseline.
pub const FORMAT: &str =
    "# uridiff gate baseline 2: every answer of each parser under test, its deviations by class";

/// A baseline line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct SyntaxError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong and what to do.
    pub message: String,
}

/// A baseline that cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Not a regular file, too large, or an I/O error. The message says what was being done;
    /// the file and what went wrong are the source, shown once after it (`{:#}`).
    #[error("reading the baseline")]
    Read(#[from] crate::files::ReadError),
    /// No such file.
    #[error("{0}: no such baseline (create it with --write-baseline)")]
    Missing(PathBuf),
    /// A line that cannot be read (or bytes that are not UTF-8).
    #[error("{path}:{error}")]
    Syntax {
        /// The file.
        path: PathBuf,
        /// Where and what.
        error: SyntaxError,
    },
}

/// The baseline text of `run`: its header, then its records by class, each job once per class
/// it deviates in, jobs sorted by how they show; then, per parser under test (in the header's
/// order) and operation, every other job it answered, sorted by id, and the keys of the
/// URL-confusion classes it takes part in ([`super::confusion_of`]), sorted.
///
/// ```
/// use uridiff::gate::{file, Header, Run};
/// let run = Run { header: Header { uridiff: "uridiff 1".into(), digests: None, seed: 7, count: 0,
///     editions: vec!["rfc3986".into()], parsers: Vec::new() },
///     records: Vec::new(), answers: Default::default(), jobs: Default::default(),
///     confusion: Vec::new() };
/// let text = file::write(&run);
/// assert!(text.starts_with(file::FORMAT));
/// assert_eq!(file::read(&text).unwrap().header, run.header);
/// ```
pub fn write(run: &Run) -> String {
    let h = &run.header;
    let mut out = String::new();
    let _ = writeln!(out, "{FORMAT}");
    let _ = writeln!(
        out,
        "# `## (N) <parser> <class> <op>: <form>` heads a class of N jobs; under it each line is"
    );
    let _ = writeln!(
        out,
        "# `<job id> <answer digest> <job>`: the two digests match, the job is shown for review."
    );
    let _ = writeln!(
        out,
        "# `### (N) <parser> agrees: <op>` heads the N other jobs of one operation the parser answered;"
    );
    let _ = writeln!(
        out,
        "# under it each line is `<job id> <answer digest>`, sorted by job id."
    );
    let _ = writeln!(
        out,
        "# `### (N) <parser> confusion` heads the N URL-confusion classes the parser takes part in;"
    );
    let _ = writeln!(
        out,
        "# under it each line is `<component> [<parsers reading alike>|...]`, sorted."
    );
    let _ = writeln!(out, "# tool: {}", h.uridiff);
    if let Some(d) = &h.digests {
        let _ = writeln!(out, "# rules: {}", d.rules);
        let _ = writeln!(out, "# corpus: {}", d.corpus);
    }
    let _ = writeln!(out, "# seed: {}", h.seed);
    let _ = writeln!(out, "# count: {}", h.count);
    let _ = writeln!(out, "# editions: {}", h.editions.join(" "));
    for p in &h.parsers {
        let json = serde_json::to_string(p).unwrap_or_default();
        let _ = writeln!(out, "# parser: {json}");
    }
    let mut classes: BTreeMap<String, BTreeSet<(String, JobId, u64)>> = BTreeMap::new();
    for r in &run.records {
        classes
            .entry(super::key_line(&r.class))
            .or_default()
            .insert((super::shown(&r.task), r.job, r.answer));
    }
    for (class, jobs) in classes {
        let _ = writeln!(out, "\n## ({}) {class}", jobs.len());
        for (shown, job, answer) in jobs {
            let _ = writeln!(out, "{job} {answer:016x} {shown}");
        }
    }
    let deviating: BTreeSet<(&str, JobId)> = run
        .records
        .iter()
        .map(|r| (r.subject.as_str(), r.job))
        .collect();
    for p in &h.parsers {
        // By operation, then by id (a BTreeMap's order).
        let mut ops: BTreeMap<crate::model::Op, Vec<(JobId, u64)>> = BTreeMap::new();
        for ((subject, job), a) in &run.answers {
            if subject != &p.name || deviating.contains(&(subject.as_str(), *job)) {
                continue;
            }
            if let Some(task) = run.jobs.get(job) {
                ops.entry(task.op).or_default().push((*job, a.digest));
            }
        }
        for (op, jobs) in ops {
            let name = super::key_line(&p.name);
            let _ = writeln!(out, "\n### ({}) {name} agrees: {op}", jobs.len());
            for (job, answer) in jobs {
                let _ = writeln!(out, "{job} {answer:016x}");
            }
        }
        let keys = super::confusion_of(&run.confusion, &p.name);
        if !keys.is_empty() {
            let name = super::key_line(&p.name);
            let _ = writeln!(out, "\n### ({}) {name} confusion", keys.len());
            for key in keys.keys() {
                let _ = writeln!(out, "{key}");
            }
        }
    }
    out
}

/// Reads the baseline at `path` through [`crate::files::read_if_present`].
///
/// # Errors
///
/// [`LoadError`]: the file is missing, not a regular file, too large, not UTF-8 (its line and
/// column), or a line cannot be read ([`read`]).
///
/// ```
/// let missing = std::env::temp_dir().join("uridiff-no-such-baseline.txt");
/// let err = uridiff::gate::file::load(&missing).unwrap_err();
/// assert!(err.to_string().ends_with("no such baseline (create it with --write-baseline)"));
/// ```
pub fn load(path: &Path) -> Result<Baseline, LoadError> {
    let bytes = crate::files::read_if_present(path, MAX_BASELINE_BYTES)?
        .ok_or_else(|| LoadError::Missing(path.to_owned()))?;
    let syntax = |error| LoadError::Syntax {
        path: path.to_owned(),
        error,
    };
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
            return Err(syntax(SyntaxError {
                line,
                column,
                message: "not UTF-8 (a baseline is text: regenerate it with --write-baseline)"
                    .into(),
            }));
        }
    };
    read(&text).map_err(syntax)
}

fn at(line: usize, column: usize, message: impl Into<String>) -> SyntaxError {
    SyntaxError {
        line,
        column,
        message: message.into(),
    }
}

const REGENERATE: &str = "fix the line, or regenerate the file with --write-baseline";

/// Parses a `<field>: <value>` header value, naming the column of the value.
fn number<T: std::str::FromStr>(value: &str, line: usize, column: usize) -> Result<T, SyntaxError> {
    value.trim().parse().map_err(|_| {
        at(
            line,
            column,
            format!("{value:?} is not a number; {REGENERATE}"),
        )
    })
}

/// A `# rules:` or `# corpus:` value: `sha256:` and 64 lowercase hex digits.
fn digest(value: &str, line: usize, column: usize) -> Result<String, SyntaxError> {
    let value = value.trim();
    let hex = value.strip_prefix("sha256:").unwrap_or("");
    if hex.len() == 64 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        Ok(value.to_owned())
    } else {
        Err(at(
            line,
            column,
            format!("{value:?} is not a digest (`sha256:` and 64 hex digits); {REGENERATE}"),
        ))
    }
}

/// Reads a baseline's text.
///
/// # Errors
///
/// [`SyntaxError`] with the line and column of the first line that is not the format line, a
/// header field, a comment, a class header (`## (N) <key>`, whose parser the header lists) or
/// a job line (`<16 hex digits> <16 hex digits> <job>`); of a header field given twice or
/// missing; of a job listed twice with two answers.
///
/// ```
/// let err = uridiff::gate::file::read("# uridiff gate baseline 2\n# tool: uridiff 1\nxyz\n").unwrap_err();
/// assert_eq!((err.line, err.column), (3, 1));
/// ```
pub fn read(text: &str) -> Result<Baseline, SyntaxError> {
    // A column is of the line it names: at most one past its last character, whatever a piece
    // of the reader counted (a missing field after the last one, bytes of a non-ASCII text).
    read_lines(text).map_err(|mut e| {
        let width = text
            .lines()
            .nth(e.line.saturating_sub(1))
            .map_or(0, |l| l.chars().count());
        e.column = e.column.clamp(1, width + 1);
        e
    })
}

fn read_lines(text: &str) -> Result<Baseline, SyntaxError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let first = lines.by_ref().find(|(_, l)| !l.trim().is_empty());
    match first {
        Some((n, l)) => format_line(l, n)?,
        None => {
            return Err(at(
                1,
                1,
                "an empty baseline; write one with --write-baseline",
            ))
        }
    }
    let mut tool = None;
    let mut rules = None;
    let mut corpus = None;
    let mut seed = None;
    let mut count = None;
    let mut editions = None;
    let mut parsers: Vec<Parser> = Vec::new();
    let mut entries: BTreeMap<(String, JobId), Entry> = BTreeMap::new();
    let mut agreed: BTreeMap<(String, JobId), Agreed> = BTreeMap::new();
    let mut confusion: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut section = Section::None;
    for (n, raw) in lines {
        let line = raw.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("### ") {
            section = match confusion_header(rest, n, &parsers)? {
                Some(subject) => Section::Confusion(subject),
                None => {
                    let (subject, op) = agrees_header(rest, n, &parsers)?;
                    Section::Agrees(subject, op)
                }
            };
            continue;
        }
        if let Some(rest) = line.strip_prefix("## ") {
            let (subject, key) = class_header(rest, n, &parsers)?;
            section = Section::Class(subject, key);
            continue;
        }
        if let Some(rest) = line.strip_prefix("# ") {
            let Some((field, value)) = rest.split_once(": ") else {
                continue; // a comment
            };
            let column = field.chars().count() + 5;
            let twice = |n: usize| at(n, 3, format!("a second `# {field}:` line; {REGENERATE}"));
            match field {
                "tool" if tool.is_some() => return Err(twice(n)),
                "tool" => tool = Some(value.trim().to_owned()),
                "rules" if rules.is_some() => return Err(twice(n)),
                "rules" => rules = Some(digest(value, n, column)?),
                "corpus" if corpus.is_some() => return Err(twice(n)),
                "corpus" => corpus = Some(digest(value, n, column)?),
                "seed" if seed.is_some() => return Err(twice(n)),
                "seed" => seed = Some(number(value, n, column)?),
                "count" if count.is_some() => return Err(twice(n)),
                "count" => count = Some(number(value, n, column)?),
                "editions" if editions.is_some() => return Err(twice(n)),
                "editions" => {
                    editions = Some(value.split_whitespace().map(str::to_owned).collect());
                }
                "parser" => {
                    let p: Parser = serde_json::from_str(value).map_err(|e| {
                        // serde_json counts bytes; the column is of characters (`read` keeps
                        // it within the line).
                        let upto = value
                            .char_indices()
                            .take_while(|(i, _)| *i < e.column().saturating_sub(1))
                            .count();
                        at(
                            n,
                            column + upto,
                            format!("not a parser record ({e}); {REGENERATE}"),
                        )
                    })?;
                    if parsers.iter().any(|q| q.name == p.name) {
                        return Err(at(n, column, format!("parser {:?} listed twice", p.name)));
                    }
                    parsers.push(p);
                }
                _ => {} // a comment with a colon
            }
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let (subject, key) = match &section {
            Section::None => {
                return Err(at(
                    n,
                    1,
                    format!("a job line before any `## (N) <class>` line; {REGENERATE}"),
                ))
            }
            Section::Agrees(subject, op) => {
                let (job, answer, rest) = job_line(line, n)?;
                if !rest.is_empty() {
                    return Err(at(
                        n,
                        35,
                        format!("a line under `### (N) <parser> agrees: <op>` is `<job id> <answer digest>` only; {REGENERATE}"),
                    ));
                }
                let key = (subject.clone(), job);
                if let Some(e) = entries.get(&key) {
                    return Err(at(
                        n,
                        1,
                        format!("job {job} of {subject} is listed as deviating on line {}: a job deviates or agrees, not both; {REGENERATE}", e.line),
                    ));
                }
                if let Some(a) = agreed.get(&key) {
                    return Err(at(
                        n,
                        1,
                        format!(
                            "job {job} of {subject} is listed on line {} already; {REGENERATE}",
                            a.line
                        ),
                    ));
                }
                agreed.insert(
                    key,
                    Agreed {
                        answer,
                        line: n,
                        op: *op,
                    },
                );
                continue;
            }
            Section::Class(subject, key) => (subject, key),
            Section::Confusion(subject) => {
                let key = line.trim();
                confusion_line(key, n)?;
                let key = (subject.clone(), key.to_owned());
                if let Some(first) = confusion.get(&key) {
                    return Err(at(
                        n,
                        1,
                        format!("this confusion class of {subject} is listed on line {first} already; {REGENERATE}"),
                    ));
                }
                confusion.insert(key, n);
                continue;
            }
        };
        let (job, answer, shown) = job_line(line, n)?;
        if let Some(a) = agreed.get(&(subject.clone(), job)) {
            return Err(at(
                n,
                1,
                format!("job {job} of {subject} is listed as agreeing on line {}: a job deviates or agrees, not both; {REGENERATE}", a.line),
            ));
        }
        match entries.get_mut(&(subject.clone(), job)) {
            Some(e) if e.answer != answer => {
                return Err(at(
                    n,
                    18,
                    format!(
                        "job {job} is listed on line {} with answer {:016x}: one job has one answer; {REGENERATE}",
                        e.line, e.answer
                    ),
                ))
            }
            Some(e) => {
                e.classes.insert(key.clone());
            }
            None => {
                entries.insert(
                    (subject.clone(), job),
                    Entry {
                        answer,
                        classes: BTreeSet::from([key.clone()]),
                        line: n,
                        shown: shown.to_owned(),
                    },
                );
            }
        }
    }
    let missing = |field: &str| {
        at(
            1,
            1,
            format!("the header has no `# {field}:` line; {REGENERATE}"),
        )
    };
    // Both digests or neither (a baseline of uridiff 0.1.0, which the version check refuses
    // in one line).
    let digests = match (rules, corpus) {
        (Some(rules), Some(corpus)) => Some(super::digest::Digests { rules, corpus }),
        (None, None) => None,
        (Some(_), None) => return Err(missing("corpus")),
        (None, Some(_)) => return Err(missing("rules")),
    };
    Ok(Baseline {
        header: Header {
            uridiff: tool.ok_or_else(|| missing("tool"))?,
            digests,
            seed: seed.ok_or_else(|| missing("seed"))?,
            count: count.ok_or_else(|| missing("count"))?,
            editions: editions.ok_or_else(|| missing("editions"))?,
            parsers,
        },
        entries,
        agreed,
        confusion,
    })
}

/// Where a job line is: before any section, under a class of deviations (its parser and key),
/// or under a parser's agreeing jobs (the parser).
enum Section {
    None,
    Class(String, String),
    Agrees(String, crate::model::Op),
    Confusion(String),
}

/// `(N) <parser> confusion` after `### `: the parser, when the line ends with ` confusion` (else
/// `None`: an agreeing section's line, or no section line). A name the header does not list is
/// an error.
fn confusion_header(
    rest: &str,
    n: usize,
    parsers: &[Parser],
) -> Result<Option<String>, SyntaxError> {
    let name = rest
        .strip_prefix('(')
        .and_then(|r| r.split_once(") "))
        .filter(|(count, _)| !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|(_, body)| body.strip_suffix(" confusion"));
    let Some(name) = name else {
        return Ok(None);
    };
    match parsers.iter().find(|p| super::key_line(&p.name) == name) {
        Some(p) => Ok(Some(p.name.clone())),
        None => Err(at(
            n,
            rest.find(") ").map_or(5, |i| i + 7),
            format!("{name:?} is no parser the header lists (`# parser:` lines come first); {REGENERATE}"),
        )),
    }
}

/// A line under `### (N) <parser> confusion`: `<component> [<shape>]`, the component one of
/// the routing components a confusion class is about (scheme, userinfo, host, port).
fn confusion_line(key: &str, n: usize) -> Result<(), SyntaxError> {
    const ROUTING: [&str; 4] = ["scheme", "userinfo", "host", "port"];
    let Some((component, shape)) = key.split_once(' ') else {
        return Err(at(
            n,
            1,
            format!("a line under `### (N) <parser> confusion` is `<component> [<parsers>|<parsers>...]`; {REGENERATE}"),
        ));
    };
    if !ROUTING.contains(&component) {
        return Err(at(
            n,
            1,
            format!("{component:?} is no routing component (scheme, userinfo, host, port); {REGENERATE}"),
        ));
    }
    let inner = shape.strip_prefix('[').and_then(|s| s.strip_suffix(']'));
    if inner.is_none_or(|s| !s.contains('|')) {
        return Err(at(
            n,
            component.chars().count() + 2,
            format!("expected `[<parsers>|<parsers>...]`, two groups or more, after the component; {REGENERATE}"),
        ));
    }
    Ok(())
}

/// The first line: this format's, or one line saying what else it is and what to do.
fn format_line(l: &str, n: usize) -> Result<(), SyntaxError> {
    let Some(rest) = l.strip_prefix(MAGIC) else {
        return Err(at(
            n,
            1,
            format!("not a gate baseline (its first line is `{MAGIC}{VERSION}: ...`); write one with --write-baseline"),
        ));
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    match digits.parse::<u32>() {
        Ok(VERSION) => Ok(()),
        Ok(v) if v < VERSION => Err(at(
            n,
            MAGIC.len() + 1,
            format!("a gate baseline of format {v}, which records only the jobs a parser deviates on; this uridiff reads format {VERSION}, which records every answer: rewrite it with --write-baseline"),
        )),
        Ok(v) => Err(at(
            n,
            MAGIC.len() + 1,
            format!("a gate baseline of format {v}, newer than this uridiff reads ({VERSION}): use a newer uridiff, or rewrite it with --write-baseline"),
        )),
        Err(_) => Err(at(
            n,
            MAGIC.len() + 1,
            format!("a gate baseline with no format version after `{MAGIC}`; rewrite it with --write-baseline"),
        )),
    }
}

/// `(N) <parser> agrees: <op>` after `### `: the parser, one the header lists, and the operation.
fn agrees_header(
    rest: &str,
    n: usize,
    parsers: &[Parser],
) -> Result<(String, crate::model::Op), SyntaxError> {
    let body = rest
        .strip_prefix('(')
        .and_then(|r| r.split_once(") "))
        .filter(|(count, _)| !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()))
        .map(|(_, body)| body);
    let op = body.and_then(|b| b.rsplit_once(" agrees: "));
    let Some((name, op)) = op else {
        return Err(at(
            n,
            5,
            format!("a section's line is `### (N) <parser> agrees: <op>` or `### (N) <parser> confusion`; {REGENERATE}"),
        ));
    };
    let Some(op) = crate::model::Op::ALL.into_iter().find(|o| o.name() == op) else {
        return Err(at(
            n,
            line_width(rest) - op.chars().count() + 5,
            format!("{op:?} is no operation (parse, resolve, normalize, equivalent, extract); {REGENERATE}"),
        ));
    };
    match parsers.iter().find(|p| super::key_line(&p.name) == name) {
        Some(p) => Ok((p.name.clone(), op)),
        None => Err(at(
            n,
            rest.find(") ").map_or(5, |i| i + 7),
            format!("{name:?} is no parser the header lists (`# parser:` lines come first); {REGENERATE}"),
        )),
    }
}

fn line_width(s: &str) -> usize {
    s.chars().count()
}

/// `(N) <parser> <class> <op>: <form>` after `## `: the parser (one the header lists) and the
/// key.
fn class_header(rest: &str, n: usize, parsers: &[Parser]) -> Result<(String, String), SyntaxError> {
    let key = rest
        .strip_prefix('(')
        .and_then(|r| r.split_once(") "))
        .filter(|(count, _)| !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()))
        .map(|(_, key)| key.trim());
    let Some(key) = key else {
        return Err(at(
            n,
            4,
            format!("a class line is `## (N) <parser> <class> <op>: <form>`; {REGENERATE}"),
        ));
    };
    // The longest name that starts the key: a worker's name may hold a space.
    let subject = parsers
        .iter()
        .map(|p| p.name.as_str())
        .filter(|name| key.strip_prefix(name).is_some_and(|r| r.starts_with(' ')))
        .max_by_key(|name| name.len());
    match subject {
        Some(s) => Ok((s.to_owned(), key.to_owned())),
        None => Err(at(
            n,
            rest.find(") ").map_or(4, |i| i + 6),
            format!("the class {key:?} is of no parser the header lists (`# parser:` lines come first); {REGENERATE}"),
        )),
    }
}

/// `<job id> <answer digest> <job>`.
fn job_line(line: &str, n: usize) -> Result<(JobId, u64, &str), SyntaxError> {
    let hex = |s: Option<&str>, column: usize, what: &str| -> Result<u64, SyntaxError> {
        s.filter(|s| s.len() == 16)
            .and_then(|s| u64::from_str_radix(s, 16).ok())
            .ok_or_else(|| {
                at(
                    n,
                    column,
                    format!("expected the {what} (16 hex digits) in `<job id> <answer digest> <job>`; {REGENERATE}"),
                )
            })
    };
    let mut parts = line.splitn(3, ' ');
    let job = hex(parts.next(), 1, "job id")?;
    let answer = hex(parts.next(), 18, "answer digest")?;
    Ok((JobId(job), answer, parts.next().unwrap_or("").trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "# uridiff gate baseline 2: x\n# tool: uridiff 1\n# seed: 7\n# count: 3\n# editions: rfc3986\n# parser: {\"name\":\"p q\",\"version\":\"1\",\"profile\":\"rfc3986\",\"reference\":\"rfc3986\"}\n\n## (1) p q host parse: a://a\n00000000000000aa 00000000000000bb parse http://a\n## (1) p q port parse: a://a\n00000000000000aa 00000000000000bb parse http://a\n";

    #[track_caller]
    fn fails_at(text: &str, line: usize, column: usize, says: &str) {
        let e = read(text).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{e}");
        assert!(e.message.contains(says), "{e}");
    }

    #[test]
    fn the_digests_are_written_and_read_back_both_or_neither() {
        let d = super::super::digest::Digests {
            rules: format!("sha256:{}", "0f".repeat(32)),
            corpus: format!("sha256:{}", "e1".repeat(32)),
        };
        let mut b = read(GOOD).unwrap();
        assert_eq!(b.header.digests, None);
        b.header.digests = Some(d.clone());
        let run = Run {
            header: b.header.clone(),
            records: Vec::new(),
            answers: Default::default(),
            jobs: Default::default(),
            confusion: Vec::new(),
        };
        let text = write(&run);
        assert!(text.contains(&format!("\n# rules: {}\n# corpus: {}\n", d.rules, d.corpus)));
        assert_eq!(read(&text).unwrap().header.digests, Some(d.clone()));
        // One without the other is malformed, named at the header.
        let rules = format!("# rules: {}\n", d.rules);
        let e = read(&text.replace(&rules, "")).unwrap_err();
        assert!(e.message.contains("`# rules:`"), "{e}");
        // A value that is no digest is named at its column.
        let e = read(&text.replace(&d.rules, "sha256:xyz")).unwrap_err();
        let line = text
            .lines()
            .position(|l| l.starts_with("# rules:"))
            .unwrap()
            + 1;
        assert_eq!((e.line, e.column), (line, "# rules: ".len() + 1), "{e}");
        assert!(e.message.contains("not a digest"), "{e}");
        let e = read(&text.replace(&rules, &format!("{rules}{rules}"))).unwrap_err();
        assert!(e.message.contains("a second `# rules:` line"), "{e}");
    }

    #[test]
    fn reads_the_header_and_a_job_under_two_classes() {
        let b = read(GOOD).unwrap();
        assert_eq!(b.header.seed, 7);
        assert_eq!(b.header.parsers[0].name, "p q");
        let e = &b.entries[&("p q".to_owned(), JobId(0xaa))];
        assert_eq!(e.answer, 0xbb);
        assert_eq!(e.classes.len(), 2);
        assert_eq!(e.line, 9);
        assert_eq!(e.shown, "parse http://a");
    }

    #[test]
    fn a_cut_parser_record_is_placed_within_its_line() {
        // Cut inside a string of non-ASCII characters: serde_json counts bytes, one past the end.
        let text = "# uridiff gate baseline 2\n# parser: {\"name\":\"\u{e9}\u{e9}\u{e9}\n";
        let e = read(text).unwrap_err();
        let width = "# parser: {\"name\":\"\u{e9}\u{e9}\u{e9}".chars().count();
        assert_eq!(e.line, 2, "{e}");
        assert!(
            e.column >= 11 && e.column <= width + 1,
            "{e}: a line of {width}"
        );
    }

    #[test]
    fn every_bad_line_is_named_with_its_column() {
        fails_at("hello\n", 1, 1, "not a gate baseline");
        fails_at("", 1, 1, "empty");
        fails_at(
            &GOOD.replace("# seed: 7", "# seed: x"),
            3,
            9,
            "not a number",
        );
        fails_at(
            &GOOD.replace("# count: 3\n", ""),
            1,
            1,
            "no `# count:` line",
        );
        fails_at(
            &GOOD.replace("# tool: uridiff 1", "# tool: a\n# tool: b"),
            3,
            3,
            "second",
        );
        fails_at(
            &GOOD.replace("{\"name\"", "{name"),
            6,
            12,
            "not a parser record",
        );
        fails_at(
            &GOOD.replace("## (1) p q host", "## p q host"),
            8,
            4,
            "## (N)",
        );
        fails_at(
            &GOOD.replace("## (1) p q host", "## (1) r host"),
            8,
            8,
            "no parser",
        );
        fails_at(
            &GOOD.replace(
                "00000000000000aa 00000000000000bb parse http://a\n## (1) p q port",
                "00000000000000aa 0000000000000bb parse http://a\n## (1) p q port",
            ),
            9,
            18,
            "answer digest",
        );
        fails_at(&GOOD.replacen("00000000000000aa", "zz", 1), 9, 1, "job id");
        let two = GOOD.replacen("00000000000000bb", "00000000000000cc", 1);
        fails_at(&two, 11, 18, "listed on line 9");
        let early = GOOD.replace("\n## (1) p q host parse: a://a\n", "\n");
        let early = early.replacen(
            "# parser",
            "00000000000000aa 00000000000000bb x\n# parser",
            1,
        );
        fails_at(&early, 6, 1, "before any");
    }

    #[test]
    fn hostile_jobs_and_names_write_one_line_each_and_read_back() {
        use crate::engine::Task;
        use crate::model::Op;
        let mut resolve = Task::parse(b"g\n?y".to_vec(), "t");
        resolve.op = Op::Resolve;
        resolve.second = Some(b"http://a/b".to_vec());
        resolve.edition = uri_spec::Edition::Rfc2396bis02;
        let inputs = [
            Task::parse(b"http://a b/\r\n## (1) p q host parse: x".to_vec(), "t"),
            Task::parse([b"http://a/".as_slice(), &[b'b'; 300]].concat(), "t"),
            Task::parse(b"http://\xff\xfe/".to_vec(), "t"),
            resolve,
        ];
        let records: Vec<super::super::Record> = inputs
            .iter()
            .enumerate()
            .map(|(i, t)| super::super::Record {
                subject: "p q".into(),
                class: format!("p q too-strict parse: a (code\n{i})"),
                severity: crate::engine::Severity::High,
                job: super::super::job_id(t),
                answer: i as u64,
                task: t.clone(),
            })
            .collect();
        let run = Run {
            header: read(GOOD).unwrap().header,
            jobs: records.iter().map(|r| (r.job, r.task.clone())).collect(),
            answers: Default::default(),
            records,
            confusion: Vec::new(),
        };
        let text = write(&run);
        // The header, a blank line and a class line per job, then the job: no input breaks a line.
        assert_eq!(text.lines().count(), 12 + 3 * inputs.len(), "{text}");
        assert!(text.lines().all(|l| l.chars().count() < 200), "{text}");
        let b = read(&text).unwrap();
        assert_eq!(b.entries.len(), inputs.len());
        assert!(super::super::compare(&b, &run).unwrap().is_empty());
        assert!(
            text.contains(" resolve g\\n?y against http://a/b [draft-fielding-uri-rfc2396bis-02]"),
            "{text}"
        );
    }

    const AGREES: &str = "\n### (2) p q agrees: parse\n00000000000000c1 00000000000000d1\n00000000000000c2 00000000000000d2\n";

    #[test]
    fn reads_every_agreeing_job_with_its_digest_and_line() {
        let b = read(&format!("{GOOD}{AGREES}")).unwrap();
        assert_eq!(b.entries.len(), 1);
        assert_eq!(
            b.agreed[&("p q".to_owned(), JobId(0xc2))],
            Agreed {
                answer: 0xd2,
                line: 15,
                op: crate::model::Op::Parse,
            }
        );
        assert_eq!(b.agreed.len(), 2);
    }

    #[test]
    fn every_bad_agreeing_line_is_named_with_its_column() {
        let good = format!("{GOOD}{AGREES}");
        fails_at(
            &good.replace("00000000000000d1", "00000000000000d1 parse x"),
            14,
            35,
            "`<job id> <answer digest>` only",
        );
        fails_at(
            &good.replace("00000000000000c1", "00000000000000aa"),
            14,
            1,
            "listed as deviating on line 9",
        );
        fails_at(
            &good.replace("00000000000000c2", "00000000000000c1"),
            15,
            1,
            "listed on line 14 already",
        );
        fails_at(
            &good.replace("agrees: parse", "agrees: parsing"),
            13,
            21,
            "no operation",
        );
        fails_at(&good.replace("p q agrees", "r agrees"), 13, 9, "no parser");
        fails_at(&good.replace("### (2) ", "### "), 13, 5, "### (N)");
        // A deviating line listed after the same job as agreeing: one or the other.
        let late = format!(
            "{good}## (1) p q port parse: a://a\n00000000000000c1 00000000000000bb parse http://c\n"
        );
        fails_at(&late, 17, 1, "listed as agreeing on line 14");
    }

    #[test]
    fn a_baseline_of_format_1_is_refused_in_one_line_saying_to_rewrite_it() {
        let old = GOOD.replacen(
            "# uridiff gate baseline 2: x",
            "# uridiff gate baseline 1: every job a parser under test deviates on, by class",
            1,
        );
        let e = read(&old).unwrap_err();
        assert_eq!((e.line, e.column), (1, MAGIC.len() + 1), "{e}");
        assert!(!e.message.contains('\n'), "{e}");
        assert!(e.message.contains("format 1"), "{e}");
        assert!(
            e.message.contains("rewrite it with --write-baseline"),
            "{e}"
        );
        let newer = GOOD.replacen("baseline 2", "baseline 3", 1);
        fails_at(&newer, 1, MAGIC.len() + 1, "newer than this uridiff");
        fails_at(
            &GOOD.replacen("baseline 2", "baseline x", 1),
            1,
            MAGIC.len() + 1,
            "no format version",
        );
    }

    #[test]
    fn every_answer_but_a_deviations_is_written_compact_by_operation() {
        use super::super::{Answered, Record};
        use crate::engine::Task;
        use crate::model::Op;
        let header = read(GOOD).unwrap().header;
        let mut tasks: Vec<Task> = ["http://a", "http://b", "http://c"]
            .iter()
            .map(|s| Task::parse(s.as_bytes().to_vec(), "t"))
            .collect();
        let mut normalize = Task::parse(b"HTTP://A".to_vec(), "t");
        normalize.op = Op::Normalize;
        tasks.push(normalize);
        let answered = |d: u64| Answered {
            digest: d,
            text: None,
            reference: 0,
            reference_text: "".into(),
        };
        let run = Run {
            header,
            records: vec![Record {
                subject: "p q".into(),
                class: "p q host parse: a://a".into(),
                severity: crate::engine::Severity::High,
                job: super::super::job_id(&tasks[0]),
                answer: 1,
                task: tasks[0].clone(),
            }],
            answers: tasks
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    (
                        ("p q".to_owned(), super::super::job_id(t)),
                        answered(i as u64 + 1),
                    )
                })
                .collect(),
            jobs: tasks
                .iter()
                .map(|t| (super::super::job_id(t), t.clone()))
                .collect(),
            confusion: Vec::new(),
        };
        let text = write(&run);
        assert!(text.contains("\n### (2) p q agrees: parse\n"), "{text}");
        assert!(text.contains("\n### (1) p q agrees: normalize\n"), "{text}");
        // Each agreeing line is the id and the digest, ids sorted within an operation.
        let parse: Vec<&str> = text
            .split("agrees: parse\n")
            .nth(1)
            .unwrap()
            .lines()
            .take_while(|l| !l.is_empty())
            .collect();
        assert_eq!(parse.len(), 2);
        assert!(parse.iter().all(|l| l.len() == 33), "{parse:?}");
        assert!(parse[0] < parse[1]);
        let back = read(&text).unwrap();
        assert_eq!(back.entries.len(), 1);
        assert_eq!(back.agreed.len(), 3);
        for (i, t) in tasks.iter().enumerate().skip(1) {
            let a = back.agreed[&("p q".to_owned(), super::super::job_id(t))];
            assert_eq!(a.answer, i as u64 + 1);
        }
        assert!(super::super::compare(&back, &run).unwrap().is_empty());
    }

    const CONFUSION: &str = "\n### (2) p q confusion\nhost [p q|r]\nuserinfo [p q,r|s]\n";

    #[test]
    fn reads_a_baseline_with_and_without_the_confusion_section() {
        let without = read(&format!("{GOOD}{AGREES}")).unwrap();
        assert!(without.confusion.is_empty(), "none recorded");
        let with = read(&format!("{GOOD}{AGREES}{CONFUSION}")).unwrap();
        let keys: Vec<(&str, &str, usize)> = with
            .confusion
            .iter()
            .map(|((p, k), line)| (p.as_str(), k.as_str(), *line))
            .collect();
        assert_eq!(
            keys,
            [
                ("p q", "host [p q|r]", 18),
                ("p q", "userinfo [p q,r|s]", 19)
            ]
        );
        // The rest reads as it did.
        assert_eq!(
            (with.entries, with.agreed),
            (without.entries, without.agreed)
        );
        // Before the agreeing section, or alone: a section like any other.
        let first = read(&format!("{GOOD}{CONFUSION}{AGREES}")).unwrap();
        assert_eq!(first.confusion.len(), 2);
        assert_eq!(first.agreed.len(), 2);
    }

    #[test]
    fn every_bad_confusion_line_is_named_with_its_column() {
        let good = format!("{GOOD}{CONFUSION}");
        fails_at(
            &good.replace("host [p q|r]", "path [p q|r]"),
            14,
            1,
            "no routing component",
        );
        fails_at(
            &good.replace("host [p q|r]", "host [p q]"),
            14,
            6,
            "two groups or more",
        );
        fails_at(
            &good.replace("host [p q|r]", "host"),
            14,
            1,
            "`<component> [",
        );
        fails_at(
            &good.replace("userinfo [p q,r|s]", "host [p q|r]"),
            15,
            1,
            "listed on line 14 already",
        );
        fails_at(
            &good.replace("p q confusion", "r confusion"),
            13,
            9,
            "no parser",
        );
        // A job line under it is no key.
        fails_at(
            &good.replace("host [p q|r]", "00000000000000c1 00000000000000d1"),
            14,
            1,
            "no routing component",
        );
    }

    #[test]
    fn a_written_confusion_section_reads_back_per_parser() {
        use super::super::tests::class;
        let mut header = read(GOOD).unwrap().header;
        let mut other = header.parsers[0].clone();
        other.name = "r".into();
        header.parsers.push(other);
        let run = Run {
            header,
            records: Vec::new(),
            answers: Default::default(),
            jobs: Default::default(),
            confusion: vec![
                class("http://a@b/", &[(&["p q"], Some("b")), (&["r", "s"], None)]),
                class("http://c/", &[(&["s"], Some("c")), (&["r"], Some("d"))]),
            ],
        };
        let text = write(&run);
        assert!(
            text.ends_with(
                "\n### (1) p q confusion\nhost [p q|r,s]\n\n### (2) r confusion\nhost [p q|r,s]\nhost [r|s]\n"
            ),
            "{text}"
        );
        let back = read(&text).unwrap();
        assert_eq!(back.confusion.len(), 3);
        assert!(super::super::compare(&back, &run).unwrap().is_empty());
    }

    #[test]
    fn a_class_baseline_is_refused_as_another_format() {
        fails_at(
            "# uridiff baseline 1: one class a line\nurl host parse: a://a\n",
            1,
            1,
            "not a gate baseline",
        );
    }

    #[test]
    fn load_names_the_file_and_a_byte_that_is_not_utf8() {
        let dir = std::env::temp_dir().join(format!("uridiff-gate-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("b.txt");
        assert!(matches!(load(&path), Err(LoadError::Missing(_))));
        std::fs::write(&path, b"# uridiff gate baseline 2\n# tool: a\xff\n").unwrap();
        let e = load(&path).unwrap_err().to_string();
        assert!(
            e.ends_with(
                ":2:10: not UTF-8 (a baseline is text: regenerate it with --write-baseline)"
            ),
            "{e}"
        );
        assert!(e.starts_with(&path.display().to_string()), "{e}");
        std::fs::write(&path, GOOD).unwrap();
        assert_eq!(load(&path).unwrap(), read(GOOD).unwrap());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
