//! The per-input CI gate of `uridiff check` (DESIGN.md, "The gate"): for each parser under test,
//! every job on which it deviates from its own reference, with a digest of its answer, so that a
//! new wrong input inside a class already known, a changed answer and a fixed input each fail the
//! gate, where a list of classes would let them through.
//!
//! A job is one operation on its operands under one edition (parse, resolve, normalize,
//! equivalent; a parse also carries the round trip of the parser's own serialization). It is
//! known by [`job_id`], a digest of those four things, and the parser's answer by
//! [`answer_digest`], a digest of the outcome's JSON. Only unexplained findings count (a finding
//! whose profile rule reproduces the answer is by design, PROFILES.md), and only the findings of
//! the parsers under test: every subject is judged against its own reference alone, never
//! against the other parsers, so bystanders cannot change the verdict.
//!
//! [`file`] writes and reads the baseline; [`compare`] turns a baseline and a run into the
//! changes that fail the gate; [`verdict`] gathers them into the one value `check`'s outputs
//! (`--json`, `--sarif`, `--junit`, the Markdown summary) are written from.

pub mod file;
pub mod verdict;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::Task;
use crate::model::{Answer, Op, Outcome};

/// The 64-bit FNV-1a hash of `bytes` (the Fowler/Noll/Vo "FNV-1a" algorithm with the published
/// 64-bit offset basis and prime): stable across builds, platforms and Rust versions, unlike
/// `std`'s hasher, whose output the standard library documentation says may change.
///
/// ```
/// // The published test vectors: the empty string and "a".
/// assert_eq!(uridiff::gate::fnv1a(b""), 0xcbf29ce484222325);
/// assert_eq!(uridiff::gate::fnv1a(b"a"), 0xaf63dc4c8601ec8c);
/// ```
pub fn fnv1a(bytes: &[u8]) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes
        .iter()
        .fold(OFFSET_BASIS, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}

/// What identifies a job in a baseline: [`job_id`] of its operation, operands and edition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct JobId(pub u64);

impl fmt::Display for JobId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// The id of `task`: a digest of its operation, input, second operand and edition (not of its
/// origin, so a job found by the generator and by a suite is one job).
///
/// ```
/// use uridiff::engine::Task;
/// use uridiff::gate::job_id;
/// let a = Task::parse(b"http://a".to_vec(), "suite");
/// let b = Task::parse(b"http://a".to_vec(), "generated");
/// assert_eq!(job_id(&a), job_id(&b));
/// assert_ne!(job_id(&a), job_id(&a.with_input(b"http://b".to_vec())));
/// ```
pub fn job_id(task: &Task) -> JobId {
    // Each field with its length first, so no two different jobs write the same bytes.
    let mut bytes = Vec::with_capacity(task.input.len() + 64);
    let mut field = |b: &[u8]| {
        bytes.extend_from_slice(&(b.len() as u64).to_le_bytes());
        bytes.extend_from_slice(b);
    };
    field(task.op.name().as_bytes());
    field(&task.input);
    match &task.second {
        Some(s) => {
            field(b"some");
            field(s);
        }
        None => field(b"none"),
    }
    field(task.edition.id().as_bytes());
    JobId(fnv1a(&bytes))
}

/// The digest of a parser's answer: FNV-1a of the outcome's JSON, followed, for a parse whose
/// serialization the parser read again, by the JSON of that second reading (what a round-trip
/// finding is about).
///
/// ```
/// use uridiff::gate::answer_digest;
/// use uridiff::model::{Answer, Outcome};
/// let yes: Outcome<Answer> = Outcome::Accepted(Answer::Bool(true));
/// let no: Outcome<Answer> = Outcome::Accepted(Answer::Bool(false));
/// assert_eq!(answer_digest(&yes, None), answer_digest(&yes.clone(), None));
/// assert_ne!(answer_digest(&yes, None), answer_digest(&no, None));
/// ```
pub fn answer_digest(outcome: &Outcome<Answer>, reparsed: Option<&Outcome<Answer>>) -> u64 {
    // The model's types serialize with ordered fields and no hash map, so the JSON is stable.
    let mut json = serde_json::to_vec(outcome).unwrap_or_default();
    if let Some(r) = reparsed {
        json.push(b'\n');
        json.extend(serde_json::to_vec(r).unwrap_or_default());
    }
    fnv1a(&json)
}

/// The longest input a baseline line shows whole, in characters; the id is what matches.
pub const SHOWN_CHARS: usize = 60;

/// A job as a baseline line shows it: the operation and its operands (each shortened to
/// [`SHOWN_CHARS`] characters plus `...`), and the edition when it is not RFC 3986.
///
/// ```
/// use uridiff::engine::Task;
/// let long = format!("http://a/{}", "b".repeat(100));
/// let shown = uridiff::gate::shown(&Task::parse(long.into_bytes(), "x"));
/// assert!(shown.starts_with("parse http://a/bbb") && shown.ends_with("..."));
/// ```
pub fn shown(task: &Task) -> String {
    shown_within(task, Some(SHOWN_CHARS))
}

/// A job as [`shown`] shows it, each operand shortened to `limit` characters, or whole with
/// `None` (what a CI output's example is: the input to paste).
///
/// ```
/// use uridiff::engine::Task;
/// let long = format!("http://a/{}", "b".repeat(100));
/// let whole = uridiff::gate::shown_within(&Task::parse(long.clone().into_bytes(), "x"), None);
/// assert_eq!(whole, format!("parse {long}"));
/// ```
pub fn shown_within(task: &Task, limit: Option<usize>) -> String {
    let short = |b: &[u8]| {
        let s = crate::report::show(b);
        match limit.and_then(|n| s.char_indices().nth(n)) {
            Some((at, _)) => format!("{}...", &s[..at]),
            None => s,
        }
    };
    let mut out = format!("{} {}", task.op, short(&task.input));
    match (task.op, &task.second) {
        (Op::Resolve, Some(base)) => out.push_str(&format!(" against {}", short(base))),
        (_, Some(other)) => out.push_str(&format!(" and {}", short(other))),
        (_, None) => {}
    }
    if task.edition != uri_spec::Edition::Rfc3986 {
        out.push_str(&format!(" [{}]", task.edition.id()));
    }
    out
}

/// A class key as a baseline line holds it: a worker's error code is part of some keys
/// ([`crate::engine::Finding::reason`]), and a line break or a control character in it must not
/// break the line, so they are escaped as terminal output escapes them ([`crate::report::show`]).
///
/// ```
/// assert_eq!(uridiff::gate::key_line("w too-strict parse: a (bad\ncode)"), r"w too-strict parse: a (bad\ncode)");
/// ```
pub fn key_line(key: &str) -> String {
    crate::report::show(key.as_bytes())
}

/// A parser under test as the baseline's header records it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Parser {
    /// Its name (`uridiff parsers`).
    pub name: String,
    /// Its version.
    pub version: String,
    /// Its profile (PROFILES.md).
    pub profile: String,
    /// The reference it is judged against.
    pub reference: String,
}

/// What a baseline holds only for the same run: another value of any field makes every line
/// meaningless, so [`compare`] refuses it before looking at a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// `uridiff X.Y.Z`.
    pub uridiff: String,
    /// The generator's seed.
    pub seed: u64,
    /// How many inputs were generated.
    pub count: usize,
    /// The editions of the jobs, by id, sorted.
    pub editions: Vec<String>,
    /// The parsers under test, by name.
    pub parsers: Vec<Parser>,
}

/// One deviation: a parser under test, a job it deviates on, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The parser under test.
    pub subject: String,
    /// The finding's class key (`subject class op: form`, [`crate::engine::Signature::key`]).
    pub class: String,
    /// How much the class matters ([`crate::engine::Class::severity`]): what a CI output ranks
    /// by and maps to its own levels (SARIF's `error`, `warning`, `note`).
    pub severity: crate::engine::Severity,
    /// The job's id.
    pub job: JobId,
    /// The digest of the parser's answer.
    pub answer: u64,
    /// The job.
    pub task: Task,
}

/// A gate run: the header, every deviation of the parsers under test, and every job that ran
/// (to name a job whose line went stale).
#[derive(Clone, Debug)]
pub struct Run {
    /// What the run was.
    pub header: Header,
    /// The deviations, sorted by class and job, one per (class, job).
    pub records: Vec<Record>,
    /// Every job of the run, by id.
    pub jobs: BTreeMap<JobId, Task>,
}

/// A baseline line: one job a parser under test deviates on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The answer digest recorded.
    pub answer: u64,
    /// The classes it is listed under.
    pub classes: BTreeSet<String>,
    /// The 1-based line of its first listing.
    pub line: usize,
    /// The job as the line shows it.
    pub shown: String,
}

/// A baseline read back ([`file::read`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Baseline {
    /// Its header.
    pub header: Header,
    /// Its lines, by parser and job.
    pub entries: BTreeMap<(String, JobId), Entry>,
}

/// A baseline that belongs to another run: which field differs, both values, and what to do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the baseline was written with {field} {baseline}, this run has {now}: run with the baseline's settings, or refresh it with --write-baseline")]
pub struct Mismatch {
    /// The field (`uridiff version`, `seed`, `count`, `editions`, `parsers under test`,
    /// `<parser> version`, `<parser> profile`).
    pub field: String,
    /// The baseline's value.
    pub baseline: String,
    /// This run's value.
    pub now: String,
}

/// What a change is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChangeKind {
    /// A job a parser under test deviates on that the baseline does not list.
    New,
    /// A listed job on which the parser answers otherwise (or deviates in other classes).
    Changed,
    /// A listed job on which the parser now agrees with its reference.
    Fixed,
    /// A listed job that no longer runs (a suite case or a generated input went away).
    Gone,
}

/// One change against the baseline: it fails the gate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// What changed.
    pub kind: ChangeKind,
    /// The parser under test.
    pub subject: String,
    /// The job's id.
    pub job: JobId,
    /// The classes it deviates in now (new, changed) or was listed under (fixed, gone).
    pub classes: Vec<String>,
    /// The job as a line shows it.
    pub shown: String,
    /// The baseline line, for a listed job.
    pub line: Option<usize>,
    /// The answer digest listed.
    pub was: Option<u64>,
    /// The answer digest now.
    pub now: Option<u64>,
    /// The `uridiff diff` command that shows the job (every parser side by side), or for
    /// normalize and equivalence jobs the parser's reproduce line, when there is one.
    pub reproduce: Option<String>,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let class = self.classes.join(", ");
        match self.kind {
            ChangeKind::New => write!(
                f,
                "new: {class}: job {} {} (answer {:016x}; add it with --write-baseline if it is right)",
                self.job,
                self.shown,
                self.now.unwrap_or_default()
            ),
            ChangeKind::Changed => write!(
                f,
                "changed: {class}: job {} {}: answer {:016x}, listed as {:016x}",
                self.job,
                self.shown,
                self.now.unwrap_or_default(),
                self.was.unwrap_or_default()
            ),
            ChangeKind::Fixed => write!(
                f,
                "stale: {class}: job {} {}: {} now agrees with its reference (remove the line)",
                self.job, self.shown, self.subject
            ),
            ChangeKind::Gone => write!(
                f,
                "stale: {class}: job {} {}: no such job runs now (remove the line)",
                self.job, self.shown
            ),
        }
    }
}

/// How to see a job again: the `uridiff diff` command for a parse or a resolution
/// ([`crate::engine::diff_command`]); for the other operations, which `uridiff diff` does not
/// run, the parser's own reproduce line when there is one.
fn reproduce(subject: &str, task: &Task) -> Option<String> {
    crate::engine::diff_command(task).or_else(|| {
        crate::subjects::reproduce::reproduce(subject, task.op, &task.input, task.second.as_deref())
    })
}

fn check_header(baseline: &Header, now: &Header) -> Result<(), Mismatch> {
    let differ = |field: &str, b: String, n: String| -> Result<(), Mismatch> {
        if b == n {
            Ok(())
        } else {
            Err(Mismatch {
                field: field.to_owned(),
                baseline: b,
                now: n,
            })
        }
    };
    differ(
        "uridiff version",
        baseline.uridiff.clone(),
        now.uridiff.clone(),
    )?;
    differ("seed", baseline.seed.to_string(), now.seed.to_string())?;
    differ("count", baseline.count.to_string(), now.count.to_string())?;
    differ(
        "editions",
        baseline.editions.join(" "),
        now.editions.join(" "),
    )?;
    let names = |h: &Header| {
        h.parsers
            .iter()
            .map(|p| p.name.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    differ("parsers under test", names(baseline), names(now))?;
    for (b, n) in baseline.parsers.iter().zip(&now.parsers) {
        differ(
            &format!("{} version", b.name),
            b.version.clone(),
            n.version.clone(),
        )?;
        differ(
            &format!("{} profile", b.name),
            format!("{} (reference {})", b.profile, b.reference),
            format!("{} (reference {})", n.profile, n.reference),
        )?;
    }
    Ok(())
}

/// The changes of `run` against `baseline`: new jobs, changed answers, and stale lines (the
/// parser now agrees, or the job no longer runs), in that order, each by parser and job.
///
/// # Errors
///
/// [`Mismatch`] when the baseline belongs to another run (uridiff version, seed, count,
/// editions, parsers under test or their versions or profiles): no line is compared then.
///
/// ```
/// use uridiff::gate::{compare, Baseline, Header, Run};
/// let header = Header { uridiff: "uridiff 1".into(), seed: 1, count: 0,
///                       editions: vec!["rfc3986".into()], parsers: Vec::new() };
/// let run = Run { header: header.clone(), records: Vec::new(), jobs: Default::default() };
/// let empty = Baseline { header: header.clone(), entries: Default::default() };
/// assert!(compare(&empty, &run).unwrap().is_empty());
/// let other = Baseline { header: Header { seed: 2, ..header }, entries: Default::default() };
/// assert_eq!(compare(&other, &run).unwrap_err().field, "seed");
/// ```
pub fn compare(baseline: &Baseline, run: &Run) -> Result<Vec<Change>, Mismatch> {
    check_header(&baseline.header, &run.header)?;
    // Each (parser, job) of the run: its answer, its classes, its task.
    let mut found: BTreeMap<(&str, JobId), (u64, BTreeSet<String>, &Task)> = BTreeMap::new();
    for r in &run.records {
        found
            .entry((r.subject.as_str(), r.job))
            .or_insert_with(|| (r.answer, BTreeSet::new(), &r.task))
            .1
            .insert(key_line(&r.class));
    }
    let mut changes = Vec::new();
    for ((subject, job), (answer, classes, task)) in &found {
        let listed = baseline.entries.get(&((*subject).to_owned(), *job));
        let classes_now: Vec<String> = classes.iter().cloned().collect();
        let kind = match listed {
            None => ChangeKind::New,
            Some(e) if e.answer != *answer || e.classes != *classes => ChangeKind::Changed,
            Some(_) => continue,
        };
        changes.push(Change {
            kind,
            subject: (*subject).to_owned(),
            job: *job,
            classes: classes_now,
            shown: shown(task),
            line: listed.map(|e| e.line),
            was: listed.map(|e| e.answer),
            now: Some(*answer),
            reproduce: reproduce(subject, task),
        });
    }
    for ((subject, job), e) in &baseline.entries {
        if found.contains_key(&(subject.as_str(), *job)) {
            continue;
        }
        let task = run.jobs.get(job);
        changes.push(Change {
            kind: if task.is_some() {
                ChangeKind::Fixed
            } else {
                ChangeKind::Gone
            },
            subject: subject.clone(),
            job: *job,
            classes: e.classes.iter().cloned().collect(),
            shown: task.map_or_else(|| e.shown.clone(), shown),
            line: Some(e.line),
            was: Some(e.answer),
            now: None,
            reproduce: task.and_then(|t| reproduce(subject, t)),
        });
    }
    changes.sort_by(|a, b| (a.kind, &a.subject, a.job).cmp(&(b.kind, &b.subject, b.job)));
    Ok(changes)
}

#[cfg(test)]
mod tests {
    use super::*;
    fn header() -> Header {
        Header {
            uridiff: "uridiff 0".into(),
            seed: 1,
            count: 2,
            editions: vec!["rfc3986".into()],
            parsers: vec![Parser {
                name: "p".into(),
                version: "1".into(),
                profile: "rfc3986".into(),
                reference: "rfc3986".into(),
            }],
        }
    }

    fn record(input: &str, class: &str, answer: u64) -> Record {
        let task = Task::parse(input.as_bytes().to_vec(), "t");
        Record {
            subject: "p".into(),
            class: class.into(),
            severity: crate::engine::Severity::High,
            job: job_id(&task),
            answer,
            task,
        }
    }

    fn run(records: Vec<Record>, more: &[&str]) -> Run {
        let mut jobs: BTreeMap<JobId, Task> =
            records.iter().map(|r| (r.job, r.task.clone())).collect();
        for m in more {
            let t = Task::parse(m.as_bytes().to_vec(), "t");
            jobs.insert(job_id(&t), t);
        }
        Run {
            header: header(),
            records,
            jobs,
        }
    }

    fn baseline_of(run: &Run) -> Baseline {
        file::read(&file::write(run)).expect("a written baseline reads back")
    }

    #[test]
    fn job_ids_differ_by_op_operand_and_edition() {
        let t = Task::parse(b"a:b".to_vec(), "x");
        let mut resolve = t.clone();
        resolve.op = Op::Resolve;
        resolve.second = Some(b"http://a/".to_vec());
        let mut empty_second = t.clone();
        empty_second.second = Some(Vec::new());
        let mut edition = t.clone();
        edition.edition = uri_spec::Edition::Rfc2396bis02;
        let ids: BTreeSet<JobId> = [&t, &resolve, &empty_second, &edition]
            .into_iter()
            .map(job_id)
            .collect();
        assert_eq!(ids.len(), 4);
        assert_eq!(job_id(&t).to_string().len(), 16);
    }

    #[test]
    fn the_reparse_is_part_of_the_answer() {
        let o: Outcome<Answer> = Outcome::Accepted(Answer::Parsed(Box::default()));
        let r: Outcome<Answer> = Outcome::Rejected(Default::default());
        assert_ne!(answer_digest(&o, None), answer_digest(&o, Some(&r)));
    }

    #[test]
    fn each_kind_of_change_is_found() {
        let before = run(
            vec![
                record("http://a b", "p too-lax parse: a://a a", 1),
                record("http://c", "p host parse: a://a", 2),
                record("http://fixed", "p host parse: a://a", 3),
                record("http://gone", "p host parse: a://a", 4),
            ],
            &[],
        );
        let baseline = baseline_of(&before);
        assert!(compare(&baseline, &before).unwrap().is_empty());
        let after = run(
            vec![
                record("http://a b", "p too-lax parse: a://a a", 1),
                record("http://c", "p host parse: a://a", 20),
                record("http://new", "p host parse: a://a", 5),
            ],
            &["http://fixed"],
        );
        let changes = compare(&baseline, &after).unwrap();
        let kinds: Vec<(ChangeKind, String)> =
            changes.iter().map(|c| (c.kind, c.shown.clone())).collect();
        assert_eq!(
            kinds,
            [
                (ChangeKind::New, "parse http://new".to_owned()),
                (ChangeKind::Changed, "parse http://c".to_owned()),
                (ChangeKind::Fixed, "parse http://fixed".to_owned()),
                (ChangeKind::Gone, "parse http://gone".to_owned()),
            ]
        );
        assert!(changes[0]
            .to_string()
            .starts_with("new: p host parse: a://a: job "));
        assert!(changes[1]
            .to_string()
            .contains("listed as 0000000000000002"));
        assert!(changes.iter().all(|c| c.kind == ChangeKind::Gone
            || c.reproduce
                .as_deref()
                .is_some_and(|r| r.starts_with("uridiff diff"))));
        assert!(changes[2].line.is_some() && changes[3].line.is_some());
    }

    #[test]
    fn a_job_in_another_class_with_the_same_answer_is_a_change() {
        let before = run(vec![record("http://c", "p host parse: a://a", 2)], &[]);
        let after = run(vec![record("http://c", "p port parse: a://a", 2)], &[]);
        let changes = compare(&baseline_of(&before), &after).unwrap();
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].kind, ChangeKind::Changed);
    }

    #[test]
    fn another_run_is_refused_before_any_line() {
        let before = run(vec![record("http://c", "p host parse: a://a", 2)], &[]);
        let baseline = baseline_of(&before);
        let mut after = run(Vec::new(), &[]);
        after.header.parsers[0].version = "2".into();
        let e = compare(&baseline, &after).unwrap_err();
        assert_eq!(e.field, "p version");
        assert!(e.to_string().contains("--write-baseline"), "{e}");
        let mut after = run(Vec::new(), &[]);
        after.header.count = 3;
        assert_eq!(compare(&baseline, &after).unwrap_err().field, "count");
    }
}
