//! The per-input CI gate of `uridiff check`: for each parser under test,
//! its answer to every job, as a digest: the jobs on which it deviates from its own reference,
//! by class, and every other job it answered. So a new wrong input inside a class already known,
//! a changed answer (on a deviating job, or on one where the parser agrees with its reference, as
//! a non-validating parser's reading of an input it is not judged on) and a fixed input each fail
//! the gate, where a list of classes, or of deviating jobs alone, would let them through.
//!
//! A job is one operation on its operands under one edition (parse, resolve, normalize,
//! equivalent; a parse also carries the round trip of the parser's own serialization). It is
//! known by [`job_id`], a digest of those four things, and the parser's answer by
//! [`answer_digest`], a digest of the outcome's JSON. Only unexplained findings count as
//! deviations (a finding whose profile rule reproduces the answer is by design, PROFILES.md),
//! and only the parsers under test are recorded: every subject is judged against its own
//! reference alone, never against the other parsers, so bystanders cannot change the verdict.
//! The file keeps digests, not answers; a changed answer shows the old one when its digest is
//! the reference's answer's now (an agreeing parser most often answered as its reference did).
//!
//! Beside the answers, the baseline lists per parser under test the URL-confusion classes it
//! takes part in (`run/confusion.rs`: a routing component, RFC 3986 section 3.1 to 3.2.3, that
//! the parsers accepting one input read two ways or more), each by [`confusion_key`]: the
//! component and the partition of the parsers taking part by reading. That key is what the
//! confusion fold itself keys on; it leaves out the example's form, which comes from the
//! minimized example (a minimization cut by a wall-clock budget), so the same run gives the same
//! keys, minimized or not. A class of a parser under test that the baseline does not list fails
//! the gate as new, with its example, what each group reads and the `uridiff diff` line; a listed
//! class that no longer occurs is stale, as a fixed line is. Unlike a deviation, a confusion
//! class is between parsers: a bystander that comes to read a host apart from a parser under
//! test makes a new class of that parser, and fails the gate; a class the parsers under test
//! take no part in never does.
//!
//! [`file`] writes and reads the baseline; [`compare`] turns a baseline and a run into the
//! changes that fail the gate; [`verdict`] gathers them into the one value `check`'s outputs
//! (`--json`, `--sarif`, `--junit`, the Markdown summary) are written from.

pub mod digest;
pub mod file;
pub mod verdict;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::Task;
use crate::model::{Answer, Op, Outcome};
use crate::report_model::{ConfusionClass, ConfusionRank};

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

/// A parser's answer as a change shows it: the outcome's JSON (what [`answer_digest`] digests),
/// then, for a parse whose serialization the parser read again, ` then read again: ` and that
/// reading's JSON. One line whatever the answer holds (JSON escapes every line break).
///
/// ```
/// use uridiff::gate::answer_text;
/// use uridiff::model::{Answer, Outcome};
/// let yes: Outcome<Answer> = Outcome::Accepted(Answer::Bool(true));
/// assert_eq!(answer_text(&yes, None), r#"{"outcome":"accepted","value":true}"#);
/// ```
pub fn answer_text(outcome: &Outcome<Answer>, reparsed: Option<&Outcome<Answer>>) -> String {
    let mut text = serde_json::to_string(outcome).unwrap_or_default();
    if let Some(r) = reparsed {
        text.push_str(" then read again: ");
        text.push_str(&serde_json::to_string(r).unwrap_or_default());
    }
    text
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
        let s = crate::text::show(b);
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
/// break the line, so they are escaped as terminal output escapes them ([`crate::text::show`]).
///
/// ```
/// assert_eq!(uridiff::gate::key_line("w too-strict parse: a (bad\ncode)"), r"w too-strict parse: a (bad\ncode)");
/// ```
pub fn key_line(key: &str) -> String {
    crate::text::show(key.as_bytes())
}

/// The gate's key of a URL-confusion class: `<component> [<partition shape>]`, the component
/// read apart and which parsers read it which way ([`crate::report_model::partition_shape`]: each group's
/// names sorted and joined by `,`, the groups sorted and joined by `|`). It is what the confusion
/// fold keys its classes on, without the form of [`ConfusionClass::key`]: that form is the
/// skeleton of the minimized example, and minimization stops at a wall-clock limit, so a key
/// with it could differ between two runs of the same jobs.
///
/// ```
/// use uridiff::model::Component;
/// use uridiff::report::{ConfusionClass, ConfusionRank, ReadingGroup};
/// let g = |names: &[&str]| ReadingGroup { parsers: names.iter().map(|s| s.to_string()).collect(),
///     browsers: false, reads: None, note: None, reproduce: None };
/// let c = ConfusionClass { rank: ConfusionRank::Host, component: Component::Host,
///     form: "a://a@a@a/".into(), input: b"http://a@b@c/".to_vec(),
///     groups: vec![g(&["url", "ada-url"]), g(&["go-net-url"])], impact: String::new(),
///     count: 1, studies: None, minimized: false };
/// assert_eq!(uridiff::gate::confusion_key(&c), "host [ada-url,url|go-net-url]");
/// ```
pub fn confusion_key(class: &ConfusionClass) -> String {
    let shape =
        crate::report_model::partition_shape(class.groups.iter().map(|g| g.parsers.as_slice()));
    format!("{} [{shape}]", class.component.name())
}

/// The classes of `classes` that `parser` takes part in, by [`confusion_key`] as a baseline line
/// holds it ([`key_line`]); of two classes with one key (a report's classes, minimized, may split
/// one partition by form), the first.
pub fn confusion_of<'c>(
    classes: &'c [ConfusionClass],
    parser: &str,
) -> BTreeMap<String, &'c ConfusionClass> {
    let mut out = BTreeMap::new();
    for c in classes.iter().filter(|c| c.involves(parser)) {
        out.entry(key_line(&confusion_key(c))).or_insert(c);
    }
    out
}

/// How much a new confusion class matters, as the report's SARIF levels it: two hosts between
/// a library and the browsers' reading, and an open redirect, are critical; a scheme-less input
/// read as http is low (the library's convention); any other reading apart is medium.
///
/// ```
/// use uridiff::engine::Severity;
/// use uridiff::report::ConfusionRank;
/// assert_eq!(uridiff::gate::confusion_severity(ConfusionRank::TwoHosts), Severity::Critical);
/// assert_eq!(uridiff::gate::confusion_severity(ConfusionRank::Port), Severity::Medium);
/// ```
pub fn confusion_severity(rank: ConfusionRank) -> crate::engine::Severity {
    use crate::engine::Severity;
    match rank {
        ConfusionRank::TwoHosts | ConfusionRank::OpenRedirect => Severity::Critical,
        ConfusionRank::SchemeLess => Severity::Low,
        _ => Severity::Medium,
    }
}

/// The pseudo-class of a confusion class in a change: `<parser> url-confusion-<component>
/// [<shape>]`, the class name the SARIF rules use (`url-confusion-<component>`) followed by the
/// shape, from a key `<component> [<shape>]` ([`confusion_key`]).
///
/// ```
/// assert_eq!(uridiff::gate::confusion_class("url", "host [ada-url,url|go-net-url]"),
///            "url url-confusion-host [ada-url,url|go-net-url]");
/// ```
pub fn confusion_class(parser: &str, key: &str) -> String {
    format!("{} url-confusion-{key}", key_line(parser))
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
    /// The digests of the rules and the default corpus this uridiff judged with; `None` in a
    /// baseline written before they were recorded (uridiff 0.1.0).
    pub digests: Option<digest::Digests>,
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

/// One answer of a parser under test to one job. An `Unsupported` outcome is no answer and has
/// none: which operations and editions a parser does is part of its version, which the header
/// holds, so recording it would say nothing a changed version does not already say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answered {
    /// [`answer_digest`] of the answer.
    pub digest: u64,
    /// The answer as [`answer_text`] shows it; `None` when it is the reference's (the same
    /// digest), which most answers are: a run keeps the reference's text once per job.
    pub text: Option<String>,
    /// [`answer_digest`] of its reference's answer to the job (no second reading): what tells
    /// whether a recorded digest was the reference's answer.
    pub reference: u64,
    /// The reference's answer as [`answer_text`] shows it, shared by every parser judged
    /// against that reference.
    pub reference_text: std::sync::Arc<str>,
}

impl Answered {
    /// The answer as [`answer_text`] shows it.
    ///
    /// ```
    /// use uridiff::gate::Answered;
    /// let same = Answered { digest: 1, text: None, reference: 1, reference_text: "r".into() };
    /// assert_eq!(same.answer_text(), "r");
    /// ```
    pub fn answer_text(&self) -> &str {
        self.text.as_deref().unwrap_or(&self.reference_text)
    }
}

/// A gate run: the header, every deviation of the parsers under test, every answer of theirs,
/// and every job that ran (to name a job whose line went stale).
#[derive(Clone, Debug)]
pub struct Run {
    /// What the run was.
    pub header: Header,
    /// The deviations, sorted by class and job, one per (class, job).
    pub records: Vec<Record>,
    /// Every answer of each parser under test, by parser and job (deviating or not).
    pub answers: BTreeMap<(String, JobId), Answered>,
    /// Every job of the run, by id.
    pub jobs: BTreeMap<JobId, Task>,
    /// The URL-confusion classes of the run's parse jobs that a parser under test takes part
    /// in, not minimized (each with the smallest input that showed it): [`confusion_of`] keys
    /// them.
    pub confusion: Vec<ConfusionClass>,
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

/// A baseline line of the compact section: one job on which a parser under test agreed with
/// its reference, and the digest of its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Agreed {
    /// The answer digest recorded.
    pub answer: u64,
    /// The 1-based line.
    pub line: usize,
    /// The operation its section names (what a job that no longer runs is shown by).
    pub op: Op,
}

/// A baseline read back ([`file::read`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Baseline {
    /// Its header.
    pub header: Header,
    /// Its deviating jobs, by parser and job.
    pub entries: BTreeMap<(String, JobId), Entry>,
    /// Every other job a parser under test answered, by parser and job.
    pub agreed: BTreeMap<(String, JobId), Agreed>,
    /// The URL-confusion classes each parser under test took part in, by parser and
    /// [`confusion_key`] (as a line holds it): the 1-based line. A parser with no
    /// `### (N) <parser> confusion` section has none recorded.
    pub confusion: BTreeMap<(String, String), usize>,
}

/// A baseline that belongs to another run: which field differs, both values, and what to do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the baseline was written with {field} {baseline}, this run has {now}: {advice}")]
pub struct Mismatch {
    /// The field (`uridiff`: its version and digests; `seed`, `count`, `editions`, `parsers
    /// under test`, `<parser> version`, `<parser> profile`).
    pub field: String,
    /// The baseline's value.
    pub baseline: String,
    /// This run's value.
    pub now: String,
    /// What to do.
    pub advice: &'static str,
}

/// What a change is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChangeKind {
    /// A job a parser under test deviates on that the baseline does not list as a deviation
    /// (it lists the job as agreeing, or not at all).
    New,
    /// A recorded job on which the parser answers otherwise (or deviates in other classes), or a
    /// job the parser answers now that the baseline holds no answer for.
    Changed,
    /// A listed deviation on which the parser now agrees with its reference.
    Fixed,
    /// A recorded job that no longer runs (a suite case or a generated input went away).
    Gone,
}

/// The pseudo-class of a changed answer on a job where the parser deviates neither then nor
/// now: `<parser> changed-answer <op>`, so that every change names a class, as a deviation does.
pub const CHANGED_ANSWER: &str = "changed-answer";

/// One change against the baseline: it fails the gate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// What changed.
    pub kind: ChangeKind,
    /// The parser under test.
    pub subject: String,
    /// The job's id.
    pub job: JobId,
    /// The classes it deviates in now (new, changed) or was listed under (fixed, gone); for a
    /// changed answer on a job where the parser deviates neither then nor now, the one
    /// pseudo-class `<parser> changed-answer <op>` ([`CHANGED_ANSWER`]).
    pub classes: Vec<String>,
    /// The job as a line shows it.
    pub shown: String,
    /// The baseline line, for a recorded job.
    pub line: Option<usize>,
    /// The answer digest recorded.
    pub was: Option<u64>,
    /// The answer digest now.
    pub now: Option<u64>,
    /// The answer recorded, when it is known: the baseline keeps only digests, but a digest
    /// that is the reference's answer's now is that answer ([`answer_text`]).
    pub was_answer: Option<String>,
    /// The answer now ([`answer_text`]), for a job that runs and that the parser answers.
    pub now_answer: Option<String>,
    /// The `uridiff diff` command that shows the job (every parser side by side), or for
    /// normalize and equivalence jobs the parser's reproduce line, when there is one.
    pub reproduce: Option<String>,
    /// For a URL-confusion class (new or stale) rather than a job: the class. Its `job` is then
    /// [`fnv1a`] of its key, and `classes` its pseudo-class ([`confusion_class`]).
    pub confusion: Option<Confused>,
}

/// A URL-confusion class of a parser under test that the baseline does not list (new), or that
/// it lists and no input of the run shows now (stale, as [`ChangeKind::Fixed`]).
#[derive(Clone, Debug)]
pub struct Confused {
    /// Its key ([`confusion_key`]), as the baseline line holds it.
    pub key: String,
    /// The class now, with its example and each group's reading; `None` when stale.
    pub class: Option<ConfusionClass>,
}

impl PartialEq for Confused {
    /// One key is one class (the fold keys on it).
    fn eq(&self, other: &Confused) -> bool {
        self.key == other.key && self.class.is_some() == other.class.is_some()
    }
}

impl Eq for Confused {}

/// The readings of a confusion class's groups, one indented line each: `<parsers> read <what>`
/// (`no <component>` for an undefined reading), with the group's note (a scheme-less input read
/// as http).
fn readings(f: &mut fmt::Formatter<'_>, class: &ConfusionClass) -> fmt::Result {
    for g in &class.groups {
        let what = match &g.reads {
            Some(r) => format!("\"{}\"", crate::text::show(r.as_bytes())),
            None => format!("no {}", class.component.name()),
        };
        write!(f, "\n    {} read {what}", g.parsers.join(", "))?;
        if let Some(note) = &g.note {
            write!(f, " ({note})")?;
        }
    }
    Ok(())
}

impl fmt::Display for Change {
    /// The headline, then for a job that runs the recorded answer (`was:`) and the answer now
    /// (`now:`), each on an indented line of its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let class = self.classes.join(", ");
        if let Some(confused) = &self.confusion {
            let Some(c) = &confused.class else {
                return write!(
                    f,
                    "stale: {class}: {} takes part in no such URL confusion now (no input of the run has these parsers read the {} this way; remove the line)",
                    self.subject,
                    confused.key.split(' ').next().unwrap_or("component"),
                );
            };
            write!(
                f,
                "new: {class}: a URL confusion the baseline does not list: the {} of {} is read {} ways{} (add it with --write-baseline if it is accepted)",
                c.component.name(),
                crate::text::show(&c.input),
                c.groups.len(),
                if c.impact.is_empty() {
                    String::new()
                } else {
                    format!("; {}", c.impact)
                },
            )?;
            readings(f, c)?;
            if let Some(r) = &self.reproduce {
                write!(f, "\n    {r}")?;
            }
            return Ok(());
        }
        let digest = |d: Option<u64>| d.map_or_else(|| "none".to_owned(), |d| format!("{d:016x}"));
        match self.kind {
            ChangeKind::New => write!(
                f,
                "new: {class}: job {} {} (answer {}{}; add it with --write-baseline if it is right)",
                self.job,
                self.shown,
                digest(self.now),
                if self.was.is_some() {
                    format!(", recorded agreeing with {}", digest(self.was))
                } else {
                    String::new()
                }
            )?,
            ChangeKind::Changed if self.was.is_none() => write!(
                f,
                "changed: {class}: job {} {}: answer {}, the baseline holds no answer for it",
                self.job,
                self.shown,
                digest(self.now)
            )?,
            ChangeKind::Changed => write!(
                f,
                "changed: {class}: job {} {}: answer {}, listed as {}",
                self.job,
                self.shown,
                digest(self.now),
                digest(self.was)
            )?,
            ChangeKind::Fixed => write!(
                f,
                "stale: {class}: job {} {}: {} now agrees with its reference (remove the line)",
                self.job, self.shown, self.subject
            )?,
            ChangeKind::Gone => {
                return write!(
                    f,
                    "stale: {class}: job {} {}: no such job runs now (remove the line)",
                    self.job, self.shown
                )
            }
        }
        if let Some(was) = self.was {
            match &self.was_answer {
                Some(a) => write!(f, "\n    was: {a}")?,
                None => write!(
                    f,
                    "\n    was: answer digest {was:016x} (the baseline keeps only the digest, and it is not the reference's answer now)"
                )?,
            }
        }
        match &self.now_answer {
            Some(a) => write!(f, "\n    now: {a}"),
            None => write!(
                f,
                "\n    now: no answer (the parser does not do this job now)"
            ),
        }
    }
}

/// How to see a job again: the `uridiff diff` command for a parse or a resolution
/// ([`crate::present::diff_command`]); for the other operations, which `uridiff diff` does not
/// run, the parser's own reproduce line when there is one ([`crate::present::reproduce`]).
fn reproduce(subject: &str, task: &Task) -> Option<String> {
    // The run's header names each parser under test, not the library it wraps
    // (`SubjectInfo::wraps`): every one is shown with its card's line.
    let wraps = false;
    crate::present::diff_command(task).or_else(|| crate::present::reproduce(subject, wraps, task))
}

/// The confusion classes of each parser under test against the baseline's: a class it takes
/// part in now that is not listed is new; a listed one that no input shows now is stale. A class
/// the parsers under test take no part in is never looked at.
fn confusion_changes(baseline: &Baseline, run: &Run) -> Vec<Change> {
    let mut out = Vec::new();
    for p in &run.header.parsers {
        let now = confusion_of(&run.confusion, &p.name);
        let listed = baseline
            .confusion
            .range((p.name.clone(), String::new())..)
            .take_while(|((subject, _), _)| subject == &p.name)
            .map(|((_, key), line)| (key.as_str(), *line));
        let listed: BTreeMap<&str, usize> = listed.collect();
        let change = |key: &str, class: Option<&ConfusionClass>, line: Option<usize>| {
            let task = class.map(|c| Task::parse(c.input.clone(), "confusion"));
            Change {
                kind: if class.is_some() {
                    ChangeKind::New
                } else {
                    ChangeKind::Fixed
                },
                subject: p.name.clone(),
                job: JobId(fnv1a(key.as_bytes())),
                classes: vec![confusion_class(&p.name, key)],
                shown: task
                    .as_ref()
                    .map_or_else(|| "no input shows it now".to_owned(), shown),
                line,
                was: None,
                now: None,
                was_answer: None,
                now_answer: None,
                reproduce: task.as_ref().and_then(crate::present::diff_command),
                confusion: Some(Confused {
                    key: key.to_owned(),
                    class: class.cloned(),
                }),
            }
        };
        for (key, class) in &now {
            if !listed.contains_key(key.as_str()) {
                out.push(change(key, Some(class), None));
            }
        }
        for (key, line) in &listed {
            if !now.contains_key(*key) {
                out.push(change(key, None, Some(*line)));
            }
        }
    }
    out
}

fn check_header(baseline: &Header, now: &Header) -> Result<(), Mismatch> {
    // Another uridiff, or the same version with other rules or another default corpus (a build
    // between releases), is refused before any line, in this one line, and `check` exits 2 as
    // for any run that cannot be compared: a new version can rightly change verdicts (a rule
    // added or corrected, a suite case, the generator), and each of its answers would otherwise
    // fail the gate as a change of the parser, hundreds of lines whose one cause is the tool. A
    // warning that let the comparison go on would be that misreading; the fix is one command.
    let tool = |h: &Header| {
        let version = h.uridiff.strip_prefix("uridiff ").unwrap_or(&h.uridiff);
        match &h.digests {
            Some(d) => format!("{version} ({})", d.short()),
            None => format!("{version} (no rules or corpus digest)"),
        }
    };
    if baseline.uridiff != now.uridiff || baseline.digests != now.digests {
        return Err(Mismatch {
            field: "uridiff".to_owned(),
            baseline: tool(baseline),
            now: tool(now),
            advice: "its verdicts may differ, so no line is compared; refresh the baseline with --write-baseline (or run the uridiff that wrote it)",
        });
    }
    let differ = |field: &str, b: String, n: String| -> Result<(), Mismatch> {
        if b == n {
            Ok(())
        } else {
            Err(Mismatch {
                field: field.to_owned(),
                baseline: b,
                now: n,
                advice: "run with the baseline's settings, or refresh it with --write-baseline",
            })
        }
    };
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

/// The changes of `run` against `baseline`: new deviations, changed answers (of a deviating job
/// or of one on which the parser agreed, and an answer the baseline holds none for), and stale
/// lines (the parser now agrees, or the job no longer runs), in that order, each by parser and
/// job. Only the parsers under test are compared: a bystander has neither records nor answers.
///
/// # Errors
///
/// [`Mismatch`] when the baseline belongs to another run (uridiff version, seed, count,
/// editions, parsers under test or their versions or profiles): no line is compared then.
///
/// ```
/// use uridiff::gate::{compare, Baseline, Header, Run};
/// let header = Header { uridiff: "uridiff 1".into(), digests: None, seed: 1, count: 0,
///                       editions: vec!["rfc3986".into()], parsers: Vec::new() };
/// let run = Run { header: header.clone(), records: Vec::new(), answers: Default::default(),
///                 jobs: Default::default(), confusion: Vec::new() };
/// let empty = Baseline { header: header.clone(), entries: Default::default(),
///                        agreed: Default::default(),
///                        confusion: Default::default() };
/// assert!(compare(&empty, &run).unwrap().is_empty());
/// let other = Baseline { header: Header { seed: 2, ..header }, ..empty };
/// assert_eq!(compare(&other, &run).unwrap_err().field, "seed");
/// ```
pub fn compare(baseline: &Baseline, run: &Run) -> Result<Vec<Change>, Mismatch> {
    check_header(&baseline.header, &run.header)?;
    // Each (parser, job) the run deviates on: its answer, its classes, its task.
    let mut found: BTreeMap<(&str, JobId), (u64, BTreeSet<String>, &Task)> = BTreeMap::new();
    for r in &run.records {
        found
            .entry((r.subject.as_str(), r.job))
            .or_insert_with(|| (r.answer, BTreeSet::new(), &r.task))
            .1
            .insert(key_line(&r.class));
    }
    // Every (parser, job) either side knows of. Only the parsers under test have records and
    // answers (the header check made both sides' parsers the same), so a bystander has none.
    let mut keys: BTreeSet<(&str, JobId)> = found.keys().copied().collect();
    keys.extend(run.answers.keys().map(|(s, j)| (s.as_str(), *j)));
    keys.extend(baseline.entries.keys().map(|(s, j)| (s.as_str(), *j)));
    keys.extend(baseline.agreed.keys().map(|(s, j)| (s.as_str(), *j)));
    let mut changes = Vec::new();
    for (subject, job) in keys {
        let key = (subject.to_owned(), job);
        let listed = baseline.entries.get(&key);
        let agreed = baseline.agreed.get(&key);
        let answered = run.answers.get(&key);
        let task = run.jobs.get(&job);
        // The recorded answer, when the reference's answer now has its digest: an agreeing
        // answer was most often the reference's own.
        let was = listed.map(|e| e.answer).or(agreed.map(|a| a.answer));
        let was_answer = answered
            .filter(|a| Some(a.reference) == was)
            .map(|a| a.reference_text.to_string());
        let op = task.map(|t| t.op).or(agreed.map(|a| a.op));
        let pseudo = || {
            let op = op.map_or("", Op::name);
            vec![format!("{subject} {CHANGED_ANSWER} {op}")]
        };
        let kind = match (found.get(&(subject, job)), listed, agreed) {
            (Some((answer, classes, _)), Some(e), _) => {
                if e.answer == *answer && e.classes == *classes {
                    continue;
                }
                (ChangeKind::Changed, classes.iter().cloned().collect())
            }
            (Some((_, classes, _)), None, _) => {
                (ChangeKind::New, classes.iter().cloned().collect())
            }
            (None, Some(e), _) if task.is_some() => {
                (ChangeKind::Fixed, e.classes.iter().cloned().collect())
            }
            (None, Some(e), _) => (ChangeKind::Gone, e.classes.iter().cloned().collect()),
            (None, None, Some(_)) if task.is_none() => (ChangeKind::Gone, pseudo()),
            (None, None, Some(a)) if answered.is_some_and(|n| n.digest == a.answer) => continue,
            (None, None, _) => (ChangeKind::Changed, pseudo()),
        };
        let (kind, classes) = kind;
        let line = listed.map(|e| e.line).or(agreed.map(|a| a.line));
        // A job that no longer runs shows as its line showed it; an agreeing line shows only
        // the id (and its section the operation).
        let shown_now = match (task, listed) {
            (Some(t), _) => shown(t),
            (None, Some(e)) => e.shown.clone(),
            (None, None) => format!("{} (its line shows only the id)", op.map_or("", Op::name)),
        };
        changes.push(Change {
            kind,
            subject: subject.to_owned(),
            job,
            classes,
            shown: shown_now,
            line,
            was,
            now: answered
                .map(|a| a.digest)
                .or(found.get(&(subject, job)).map(|f| f.0)),
            was_answer,
            now_answer: answered.map(|a| a.answer_text().to_owned()),
            reproduce: task.and_then(|t| reproduce(subject, t)),
            confusion: None,
        });
    }
    changes.extend(confusion_changes(baseline, run));
    changes.sort_by(|a, b| (a.kind, &a.subject, a.job).cmp(&(b.kind, &b.subject, b.job)));
    Ok(changes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    fn header() -> Header {
        Header {
            uridiff: "uridiff 0".into(),
            digests: None,
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
            answers: Default::default(),
            jobs,
            confusion: Vec::new(),
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
        let o: Outcome<Answer> = Outcome::Accepted(Answer::Parsed(Arc::default()));
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

    /// `run` with an answer of `p` to each of `inputs`: (input, digest, reference digest).
    fn answering(mut run: Run, inputs: &[(&str, u64, u64)]) -> Run {
        for &(input, digest, reference) in inputs {
            let t = Task::parse(input.as_bytes().to_vec(), "t");
            let job = job_id(&t);
            run.jobs.insert(job, t);
            run.answers.insert(
                ("p".to_owned(), job),
                Answered {
                    digest,
                    text: Some(format!("answer {digest}")),
                    reference,
                    reference_text: format!("reference {reference}").into(),
                },
            );
        }
        run
    }

    #[test]
    fn every_answer_is_held_not_only_the_deviations() {
        let before = answering(
            run(vec![record("http://dev", "p host parse: a://a", 9)], &[]),
            &[
                ("http://dev", 9, 1),
                ("http://same", 2, 2),
                ("http://was-ref", 3, 3),
                ("http://not-ref", 4, 40),
                ("http://deviates", 5, 5),
                ("http://gone", 6, 6),
                ("http://unsupported", 7, 7),
            ],
        );
        let baseline = baseline_of(&before);
        assert_eq!((baseline.entries.len(), baseline.agreed.len()), (1, 6));
        assert!(compare(&baseline, &before).unwrap().is_empty());
        let mut after = answering(
            run(
                vec![
                    record("http://dev", "p host parse: a://a", 9),
                    record("http://deviates", "p port parse: a://a", 50),
                ],
                &["http://unsupported"],
            ),
            &[
                ("http://dev", 9, 1),
                ("http://same", 2, 2),
                ("http://was-ref", 30, 3),
                ("http://not-ref", 41, 40),
                ("http://deviates", 50, 5),
                ("http://unrecorded", 8, 8),
            ],
        );
        after.header = before.header.clone();
        let changes = compare(&baseline, &after).unwrap();
        let mut got: Vec<(ChangeKind, &str, Option<&str>, Option<&str>)> = changes
            .iter()
            .map(|c| {
                (
                    c.kind,
                    c.shown.as_str(),
                    c.was_answer.as_deref(),
                    c.now_answer.as_deref(),
                )
            })
            .collect();
        got.sort();
        assert_eq!(
            got,
            [
                (
                    ChangeKind::New,
                    "parse http://deviates",
                    Some("reference 5"),
                    Some("answer 50")
                ),
                // The recorded digest is not the reference's answer now: only the digest.
                (
                    ChangeKind::Changed,
                    "parse http://not-ref",
                    None,
                    Some("answer 41")
                ),
                (
                    ChangeKind::Changed,
                    "parse http://unrecorded",
                    None,
                    Some("answer 8")
                ),
                (ChangeKind::Changed, "parse http://unsupported", None, None),
                // The recorded digest is the reference's answer's: that answer is the old one.
                (
                    ChangeKind::Changed,
                    "parse http://was-ref",
                    Some("reference 3"),
                    Some("answer 30")
                ),
                (
                    ChangeKind::Gone,
                    "parse (its line shows only the id)",
                    None,
                    None
                ),
            ]
        );
        let find = |input: &str| {
            let job = job_id(&Task::parse(input.as_bytes().to_vec(), "t"));
            changes.iter().find(|c| c.job == job).expect("a change")
        };
        let was_ref = find("http://was-ref");
        assert_eq!(was_ref.classes, ["p changed-answer parse"]);
        assert_eq!((was_ref.was, was_ref.now), (Some(3), Some(30)));
        assert!(was_ref.line.is_some());
        let text = was_ref.to_string();
        assert!(text.contains("listed as 0000000000000003"), "{text}");
        assert!(
            text.contains("\n    was: reference 3\n    now: answer 30"),
            "{text}"
        );
        assert_eq!(
            was_ref.reproduce.as_deref(),
            Some("uridiff diff --edition rfc3986 -- 'http://was-ref'")
        );
        let not_ref = find("http://not-ref").to_string();
        assert!(
            not_ref.contains(
                "was: answer digest 0000000000000004 (the baseline keeps only the digest"
            ),
            "{not_ref}"
        );
        assert!(find("http://unrecorded")
            .to_string()
            .contains("the baseline holds no answer for it"));
        assert!(find("http://deviates")
            .to_string()
            .contains("recorded agreeing with 0000000000000005"));
        assert_eq!(
            find("http://gone").classes,
            ["p changed-answer parse"],
            "the section's operation"
        );
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

    fn digests(rules: char, corpus: char) -> digest::Digests {
        digest::Digests {
            rules: format!("sha256:{}", rules.to_string().repeat(64)),
            corpus: format!("sha256:{}", corpus.to_string().repeat(64)),
        }
    }

    #[test]
    fn another_uridiff_or_other_digests_are_one_line_naming_both() {
        let mut before = run(
            vec![record("http://c", "p host parse: a://a", 2)],
            &["http://d"],
        );
        before.header.uridiff = "uridiff 0.2.0".into();
        before.header.digests = Some(digests('a', 'b'));
        let baseline = baseline_of(&before);
        // The same tool compares; every other answer still changes nothing.
        assert_eq!(compare(&baseline, &before).unwrap(), Vec::new());
        let cases = [
            (
                "uridiff 0.3.0",
                Some(digests('a', 'b')),
                "0.3.0 (rules sha256:aaaaaaaaaaaa, corpus sha256:bbbbbbbbbbbb)",
            ),
            (
                "uridiff 0.2.0",
                Some(digests('c', 'b')),
                "0.2.0 (rules sha256:cccccccccccc, corpus sha256:bbbbbbbbbbbb)",
            ),
            (
                "uridiff 0.2.0",
                Some(digests('a', 'd')),
                "0.2.0 (rules sha256:aaaaaaaaaaaa, corpus sha256:dddddddddddd)",
            ),
            ("uridiff 0.2.0", None, "0.2.0 (no rules or corpus digest)"),
        ];
        for (tool, digests, shown) in cases {
            // Every answer differs too: the refusal comes first, not a line per answer.
            let mut after = run(vec![record("http://c", "p port parse: a://a", 9)], &[]);
            after.header.uridiff = tool.into();
            after.header.digests = digests;
            let e = compare(&baseline, &after).unwrap_err();
            let line = e.to_string();
            assert_eq!(e.field, "uridiff");
            assert_eq!(e.now, shown);
            assert_eq!(
                e.baseline,
                "0.2.0 (rules sha256:aaaaaaaaaaaa, corpus sha256:bbbbbbbbbbbb)"
            );
            assert!(!line.contains('\n'), "{line}");
            assert!(line.contains(&e.baseline) && line.contains(shown), "{line}");
            assert!(line.contains("--write-baseline"), "{line}");
        }
    }

    /// A host confusion class on `input` with these groups: (parsers, reading).
    pub(crate) fn class(input: &str, groups: &[(&[&str], Option<&str>)]) -> ConfusionClass {
        use crate::report_model::ReadingGroup;
        ConfusionClass {
            rank: ConfusionRank::TwoHosts,
            component: crate::model::Component::Host,
            form: crate::engine::skeleton(input.as_bytes()),
            input: input.as_bytes().to_vec(),
            groups: groups
                .iter()
                .map(|(parsers, reads)| ReadingGroup {
                    parsers: parsers.iter().map(|p| (*p).to_owned()).collect(),
                    browsers: false,
                    reads: reads.map(str::to_owned),
                    note: None,
                    reproduce: None,
                })
                .collect(),
            impact: "two hosts".into(),
            count: 1,
            studies: None,
            minimized: false,
        }
    }

    #[test]
    fn a_new_confusion_class_of_the_parser_under_test_fails_and_a_gone_one_is_stale() {
        let mut before = run(Vec::new(), &[]);
        before.confusion = vec![
            class("http://a@b/", &[(&["p"], Some("b")), (&["q"], None)]),
            // The bystanders' own: never recorded, never compared.
            class("http://x@y/", &[(&["q"], Some("y")), (&["r"], Some("x"))]),
        ];
        let baseline = baseline_of(&before);
        assert_eq!(
            baseline.confusion.keys().collect::<Vec<_>>(),
            [&("p".to_owned(), "host [p|q]".to_owned())]
        );
        assert!(compare(&baseline, &before).unwrap().is_empty());
        // The same partition on another, smaller input: the same class (the key has no form).
        let mut same = before.clone();
        same.confusion[0] = class("http://c@d/", &[(&["q"], None), (&["p"], Some("d"))]);
        same.confusion[1] = class("http://z/", &[(&["q"], Some("z")), (&["s"], Some("w"))]);
        assert!(compare(&baseline, &same).unwrap().is_empty());
        // p now reads apart from q and r on another input, and no longer from q alone.
        let mut after = before.clone();
        after.confusion = vec![class(
            "http://a@b@c/",
            &[(&["p"], Some("b@c")), (&["q", "r"], Some("c"))],
        )];
        let changes = compare(&baseline, &after).unwrap();
        let got: Vec<(ChangeKind, &str)> = changes
            .iter()
            .map(|c| (c.kind, c.classes[0].as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (ChangeKind::New, "p url-confusion-host [p|q,r]"),
                (ChangeKind::Fixed, "p url-confusion-host [p|q]"),
            ]
        );
        let new = changes[0].to_string();
        for part in [
            "new: p url-confusion-host [p|q,r]: ",
            "the host of http://a@b@c/ is read 2 ways; two hosts",
            "\n    p read \"b@c\"\n    q, r read \"c\"",
            "\n    uridiff diff --edition rfc3986 -- 'http://a@b@c/'",
        ] {
            assert!(new.contains(part), "{part:?} not in {new}");
        }
        assert_eq!(changes[0].shown, "parse http://a@b@c/");
        assert_eq!(changes[0].line, None);
        let stale = changes[1].to_string();
        assert!(
            stale.starts_with("stale: p url-confusion-host [p|q]: p takes part in no such"),
            "{stale}"
        );
        assert!(stale.contains("remove the line"), "{stale}");
        assert_eq!(changes[1].line, baseline.confusion.values().next().copied());
        // The job of a confusion change is its key's digest, whatever the example.
        assert_eq!(changes[1].job, JobId(fnv1a(b"host [p|q]")));
    }

    #[test]
    fn an_undefined_reading_is_named_as_no_component() {
        let mut after = run(Vec::new(), &[]);
        after.confusion = vec![class("http:a", &[(&["p"], None), (&["q"], Some("a"))])];
        let baseline = baseline_of(&run(Vec::new(), &[]));
        let text = compare(&baseline, &after).unwrap()[0].to_string();
        assert!(text.contains("\n    p read no host\n"), "{text}");
    }
}
