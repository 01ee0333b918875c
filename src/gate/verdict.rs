//! What one `uridiff check` concluded, as one value: the document `check --json` prints
//! (`schemas/check.schema.json`) and what its CI outputs are written from (`--sarif`, `--junit`,
//! the Markdown summary, in [`crate::report`]). Every deviation of a parser under test is an
//! [`Item`]: a change against the baseline ([`super::compare`]'s new, changed and stale lines,
//! with the answer recorded and now) or a deviation the baseline lists with the same answer
//! (`known`), so a CI system that tracks tests by name sees each job pass or fail from run to
//! run. An agreeing job whose answer is unchanged is counted (`recorded`, `answered`), not
//! listed: a baseline holds thousands. A URL-confusion class of a parser under test that the
//! baseline does not list is an item too (`new`, its severity from its rank), and one listed that
//! no input shows now (`fixed`, stale); a listed class still shown is not listed, as an agreeing
//! job is not.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{shown, shown_within, Baseline, Change, ChangeKind, JobId, Run};
use crate::engine::Severity;

/// Version of the `check --json` document (`schemas/check.schema.json`).
pub const CHECK_SCHEMA: u32 = 1;

/// Where an item stands against the baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A deviation the baseline does not list: fails the gate.
    New,
    /// A listed deviation with another answer or in other classes: fails the gate.
    Changed,
    /// A listed job on which the parser now agrees with its reference: fails the gate (stale).
    Fixed,
    /// A listed job that no longer runs: fails the gate (stale).
    Gone,
    /// A listed deviation with the same answer and classes: passes.
    Known,
}

impl Status {
    /// Whether the item fails the gate.
    ///
    /// ```
    /// use uridiff::gate::verdict::Status;
    /// assert!(Status::New.fails() && Status::Gone.fails() && !Status::Known.fails());
    /// ```
    pub fn fails(self) -> bool {
        self != Status::Known
    }
}

impl From<ChangeKind> for Status {
    fn from(k: ChangeKind) -> Status {
        match k {
            ChangeKind::New => Status::New,
            ChangeKind::Changed => Status::Changed,
            ChangeKind::Fixed => Status::Fixed,
            ChangeKind::Gone => Status::Gone,
        }
    }
}

/// One job a parser under test deviates on now, or that the baseline lists.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Item {
    /// Against the baseline.
    pub status: Status,
    /// The parser under test.
    pub subject: String,
    /// The job's id (16 hex digits), what the baseline matches; for a URL-confusion class,
    /// [`super::fnv1a`] of its key ([`super::confusion_key`]), the same from run to run.
    pub job: String,
    /// The class keys it deviates in now (new, changed, known) or was listed under (stale); for
    /// a URL-confusion class, its one pseudo-class `<parser> url-confusion-<component> [<shape>]`
    /// ([`super::confusion_class`]).
    pub classes: Vec<String>,
    /// The most severe of its classes now (`None` for a stale line: no deviation now).
    pub severity: Option<Severity>,
    /// The job as a baseline line shows it (operands shortened).
    pub shown: String,
    /// The whole job, operands escaped but not shortened: the example to paste (`None` for a job
    /// that no longer runs: only its shortened form is known).
    pub example: Option<String>,
    /// The baseline line, for a listed job.
    pub line: Option<usize>,
    /// The answer digest listed (16 hex digits).
    pub was: Option<String>,
    /// The answer digest now.
    pub now: Option<String>,
    /// For a change: the answer recorded, when it is known (the baseline keeps digests; a
    /// digest that is the reference's answer's now is that answer), as
    /// [`super::answer_text`] shows it.
    pub was_answer: Option<String>,
    /// For a change: the answer now, when the parser answers the job.
    pub now_answer: Option<String>,
    /// The command that shows the job: `uridiff diff`, or the parser's own reproduce line.
    pub reproduce: Option<String>,
    /// The line `check` prints for a change (what to do), or `known` for a listed deviation.
    pub message: String,
}

/// What `uridiff check` concluded.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// [`CHECK_SCHEMA`].
    pub schema: u32,
    /// `uridiff <version>`.
    pub tool: String,
    /// The baseline file, as given.
    pub baseline: String,
    /// Whether this run wrote the baseline (`--write-baseline`) instead of checking it.
    pub wrote_baseline: bool,
    /// The parsers under test.
    pub under_test: Vec<String>,
    /// How many jobs ran.
    pub jobs: usize,
    /// How many (parser, job) pairs deviate now.
    pub deviating: usize,
    /// How many deviating lines the baseline has (0 when it was written).
    pub listed: usize,
    /// How many answers of the parsers under test the baseline records, deviating or not (what
    /// this run wrote, with `--write-baseline`).
    pub recorded: usize,
    /// How many answers the parsers under test gave this run (every outcome but unsupported).
    pub answered: usize,
    /// New deviations.
    pub new: usize,
    /// Changed answers.
    pub changed: usize,
    /// Stale lines (fixed or gone).
    pub stale: usize,
    /// Whether the gate passes: no change.
    pub passed: bool,
    /// The one command that accepts every change (rewrites the baseline from this run), when
    /// the gate fails and the caller knows it; `None` otherwise.
    pub accept: Option<String>,
    /// Every item: the changes first (new, changed, fixed, gone), then the known deviations,
    /// each by parser and job.
    pub items: Vec<Item>,
}

/// What a run says of one (parser, job) it deviates on.
struct Deviation {
    /// The most severe of its classes.
    severity: Severity,
    /// Its class keys, as a baseline line holds them.
    classes: Vec<String>,
    /// The digest of the parser's answer.
    answer: u64,
}

/// Each (parser, job) a run deviates on.
fn deviations(run: &Run) -> BTreeMap<(&str, JobId), Deviation> {
    let mut out: BTreeMap<(&str, JobId), Deviation> = BTreeMap::new();
    for r in &run.records {
        let e = out.entry((r.subject.as_str(), r.job)).or_insert(Deviation {
            severity: r.severity,
            classes: Vec::new(),
            answer: r.answer,
        });
        e.severity = e.severity.min(r.severity);
        e.classes.push(super::key_line(&r.class));
    }
    out
}

impl Verdict {
    /// The verdict of checking `run` against `known` (the baseline read from `path`), with the
    /// `changes` [`super::compare`] found.
    ///
    /// ```
    /// use uridiff::gate::{compare, verdict::Verdict, Baseline, Header, Run};
    /// let header = Header { uridiff: "uridiff 1".into(), digests: None, seed: 1, count: 0,
    ///                       editions: vec!["rfc3986".into()], parsers: Vec::new() };
    /// let run = Run { header: header.clone(), records: Vec::new(), answers: Default::default(),
    ///                 jobs: Default::default(), confusion: Vec::new() };
    /// let known = Baseline { header, entries: Default::default(), agreed: Default::default(),
    ///                        confusion: Default::default() };
    /// let v = Verdict::checked("b.txt", &known, &run, &compare(&known, &run).unwrap());
    /// assert!(v.passed && v.items.is_empty());
    /// assert_eq!(v.schema, uridiff::gate::verdict::CHECK_SCHEMA);
    /// ```
    pub fn checked(path: &str, known: &Baseline, run: &Run, changes: &[Change]) -> Verdict {
        let now = deviations(run);
        let mut items: Vec<Item> = changes
            .iter()
            .map(|c| {
                let task = run.jobs.get(&c.job);
                // A confusion class's severity is its rank's, its example the class's input.
                let class = c.confusion.as_ref().and_then(|x| x.class.as_ref());
                let severity = match &c.confusion {
                    Some(_) => class.map(|k| super::confusion_severity(k.rank)),
                    None => now.get(&(c.subject.as_str(), c.job)).map(|d| d.severity),
                };
                let example = match &c.confusion {
                    Some(_) => class.map(|k| {
                        let task = crate::engine::Task::parse(k.input.clone(), "confusion");
                        shown_within(&task, None)
                    }),
                    None => task.map(|t| shown_within(t, None)),
                };
                Item {
                    status: c.kind.into(),
                    subject: c.subject.clone(),
                    job: c.job.to_string(),
                    classes: c.classes.clone(),
                    severity,
                    shown: c.shown.clone(),
                    example,
                    line: c.line,
                    was: c.was.map(|d| format!("{d:016x}")),
                    now: c.now.map(|d| format!("{d:016x}")),
                    was_answer: c.was_answer.clone(),
                    now_answer: c.now_answer.clone(),
                    reproduce: c.reproduce.clone(),
                    message: c.to_string(),
                }
            })
            .collect();
        // The jobs changed (a confusion class's id is its key's digest, no job's).
        let changed: std::collections::BTreeSet<(&str, JobId)> = changes
            .iter()
            .filter(|c| c.confusion.is_none())
            .map(|c| (c.subject.as_str(), c.job))
            .collect();
        for ((subject, job), d) in &now {
            if changed.contains(&(*subject, *job)) {
                continue;
            }
            let entry = known.entries.get(&((*subject).to_owned(), *job));
            items.push(known_item(run, subject, *job, d, entry));
        }
        let count = |s: &[Status]| items.iter().filter(|i| s.contains(&i.status)).count();
        Verdict {
            schema: CHECK_SCHEMA,
            tool: format!("uridiff {}", env!("CARGO_PKG_VERSION")),
            baseline: path.to_owned(),
            wrote_baseline: false,
            under_test: run.header.parsers.iter().map(|p| p.name.clone()).collect(),
            jobs: run.jobs.len(),
            deviating: now.len(),
            listed: known.entries.len(),
            recorded: known.entries.len() + known.agreed.len(),
            answered: run.answers.len(),
            new: count(&[Status::New]),
            changed: count(&[Status::Changed]),
            stale: count(&[Status::Fixed, Status::Gone]),
            passed: changes.is_empty(),
            accept: None,
            items,
        }
    }

    /// The verdict of `--write-baseline`: every deviation of `run` is now listed (known), and
    /// the gate passes.
    ///
    /// ```
    /// use uridiff::engine::{Severity, Task};
    /// use uridiff::gate::{job_id, verdict::Verdict, Header, Record, Run};
    /// let task = Task::parse(b"http://a b/".to_vec(), "x");
    /// let record = Record { subject: "p".into(), class: "p too-lax parse: a://a a".into(),
    ///                       severity: Severity::High, job: job_id(&task), answer: 7, task: task.clone() };
    /// let header = Header { uridiff: "uridiff 1".into(), digests: None, seed: 1, count: 1,
    ///                       editions: vec!["rfc3986".into()], parsers: Vec::new() };
    /// let run = Run { header, records: vec![record], answers: Default::default(),
    ///                 jobs: [(job_id(&task), task)].into(), confusion: Vec::new() };
    /// let v = Verdict::written("b.txt", &run);
    /// assert!(v.passed && v.wrote_baseline && v.failures().next().is_none());
    /// assert_eq!(v.items[0].example.as_deref(), Some("parse http://a b/"));
    /// assert_eq!(v.items[0].now.as_deref(), Some("0000000000000007"));
    /// ```
    pub fn written(path: &str, run: &Run) -> Verdict {
        let now = deviations(run);
        let items = now
            .iter()
            .map(|((subject, job), d)| known_item(run, subject, *job, d, None))
            .collect();
        Verdict {
            schema: CHECK_SCHEMA,
            tool: format!("uridiff {}", env!("CARGO_PKG_VERSION")),
            baseline: path.to_owned(),
            wrote_baseline: true,
            under_test: run.header.parsers.iter().map(|p| p.name.clone()).collect(),
            jobs: run.jobs.len(),
            deviating: now.len(),
            listed: now.len(),
            recorded: recorded(run),
            answered: run.answers.len(),
            new: 0,
            changed: 0,
            stale: 0,
            passed: true,
            accept: None,
            items,
        }
    }

    /// The items that fail the gate: every item but the known ones.
    ///
    /// ```
    /// use uridiff::gate::{compare, verdict::Verdict, Baseline, Header, Run};
    /// let header = Header { uridiff: "uridiff 1".into(), digests: None, seed: 1, count: 0,
    ///                       editions: vec!["rfc3986".into()], parsers: Vec::new() };
    /// let run = Run { header: header.clone(), records: Vec::new(), answers: Default::default(),
    ///                 jobs: Default::default(), confusion: Vec::new() };
    /// let known = Baseline { header, entries: Default::default(), agreed: Default::default(),
    ///                        confusion: Default::default() };
    /// let v = Verdict::checked("b.txt", &known, &run, &compare(&known, &run).unwrap());
    /// assert_eq!(v.failures().count(), 0);
    /// ```
    pub fn failures(&self) -> impl Iterator<Item = &Item> {
        self.items.iter().filter(|i| i.status.fails())
    }
}

/// How many answers a baseline written from `run` records: every answer, and every deviation
/// (a deviation on an unsupported job is recorded too, though it has no answer).
fn recorded(run: &Run) -> usize {
    let mut keys: std::collections::BTreeSet<(&str, JobId)> =
        run.answers.keys().map(|(s, j)| (s.as_str(), *j)).collect();
    keys.extend(run.records.iter().map(|r| (r.subject.as_str(), r.job)));
    keys.len()
}

/// A deviation the baseline lists unchanged (or that `--write-baseline` lists now).
fn known_item(
    run: &Run,
    subject: &str,
    job: JobId,
    d: &Deviation,
    entry: Option<&super::Entry>,
) -> Item {
    let task = run.jobs.get(&job);
    let answer = format!("{:016x}", d.answer);
    Item {
        status: Status::Known,
        subject: subject.to_owned(),
        job: job.to_string(),
        classes: d.classes.clone(),
        severity: Some(d.severity),
        shown: task.map(shown).unwrap_or_default(),
        example: task.map(|t| shown_within(t, None)),
        line: entry.map(|e| e.line),
        was: Some(answer.clone()),
        now: Some(answer),
        was_answer: None,
        now_answer: None,
        reproduce: task.and_then(|t| super::reproduce(subject, t)),
        message: "known: listed in the baseline with this answer".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{file, job_id, Header, Parser, Record};
    use super::*;
    use crate::engine::Task;

    fn record(input: &str, class: &str, severity: Severity, answer: u64) -> Record {
        let task = Task::parse(input.as_bytes().to_vec(), "t");
        Record {
            subject: "p".into(),
            class: format!("p {class} parse: a://a"),
            severity,
            job: job_id(&task),
            answer,
            task,
        }
    }

    fn run(records: Vec<Record>) -> Run {
        Run {
            header: Header {
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
            },
            jobs: records.iter().map(|r| (r.job, r.task.clone())).collect(),
            answers: Default::default(),
            records,
            confusion: Vec::new(),
        }
    }

    #[test]
    fn every_deviation_is_an_item_and_changes_come_first() {
        let before = run(vec![
            record("http://known", "host", Severity::Critical, 1),
            record("http://gone", "port", Severity::Critical, 2),
        ]);
        let baseline = file::read(&file::write(&before)).expect("reads back");
        let long = format!("http://new/{}", "x".repeat(80));
        let after = run(vec![
            record("http://known", "host", Severity::Critical, 1),
            record(&long, "host", Severity::Critical, 3),
            record(&long, "query", Severity::Medium, 3),
        ]);
        let changes = super::super::compare(&baseline, &after).expect("same run");
        let v = Verdict::checked("base.txt", &baseline, &after, &changes);
        let statuses: Vec<Status> = v.items.iter().map(|i| i.status).collect();
        assert_eq!(statuses, [Status::New, Status::Gone, Status::Known]);
        assert_eq!((v.new, v.changed, v.stale, v.passed), (1, 0, 1, false));
        assert_eq!((v.deviating, v.listed, v.jobs), (2, 2, 2));
        let new = &v.items[0];
        // The most severe of its two classes; the example whole, the shown form shortened.
        assert_eq!(new.severity, Some(Severity::Critical));
        assert_eq!(new.classes.len(), 2);
        assert_eq!(
            new.example.as_deref(),
            Some(format!("parse {long}").as_str())
        );
        assert!(new.shown.ends_with("..."));
        assert!(new.message.starts_with("new: "), "{}", new.message);
        assert_eq!(v.items[1].severity, None);
        assert_eq!(v.items[1].example, None);
        assert!(v.items[2].line.is_some());
        assert_eq!(v.failures().count(), 2);
    }

    #[test]
    fn a_changed_agreeing_answer_is_an_item_with_both_answers() {
        use super::super::Answered;
        let task = Task::parse(b"http://a@b@c/".to_vec(), "t");
        let job = job_id(&task);
        let answered = |digest: u64| Answered {
            digest,
            text: (digest != 1).then(|| "the new answer".to_owned()),
            reference: 1,
            reference_text: "the reference's answer".into(),
        };
        let mut before = run(Vec::new());
        before.jobs.insert(job, task.clone());
        before.answers.insert(("p".into(), job), answered(1));
        let baseline = file::read(&file::write(&before)).expect("reads back");
        let mut after = before.clone();
        after.answers.insert(("p".into(), job), answered(2));
        let changes = super::super::compare(&baseline, &after).expect("same run");
        let v = Verdict::checked("base.txt", &baseline, &after, &changes);
        assert_eq!(
            (v.changed, v.passed, v.recorded, v.answered),
            (1, false, 1, 1)
        );
        let i = &v.items[0];
        assert_eq!(i.status, Status::Changed);
        assert_eq!(i.classes, ["p changed-answer parse"]);
        assert_eq!(i.severity, None);
        assert_eq!(i.was_answer.as_deref(), Some("the reference's answer"));
        assert_eq!(i.now_answer.as_deref(), Some("the new answer"));
        assert!(
            i.message.contains("\n    now: the new answer"),
            "{}",
            i.message
        );
        // Unchanged, it is counted and not listed.
        let same = Verdict::checked("base.txt", &baseline, &before, &[]);
        assert!(same.passed && same.items.is_empty() && same.recorded == 1);
    }

    #[test]
    fn a_written_baseline_lists_every_deviation_as_known() {
        let r = run(vec![
            record("http://a", "host", Severity::Critical, 1),
            record("http://b", "query", Severity::Medium, 2),
        ]);
        let v = Verdict::written("base.txt", &r);
        assert!(v.passed && v.wrote_baseline);
        assert_eq!(v.items.len(), 2);
        assert!(v.items.iter().all(|i| i.status == Status::Known));
        assert_eq!(v.failures().count(), 0);
        let json = serde_json::to_value(&v).expect("serializes");
        assert_eq!(json["schema"], 1);
        assert_eq!(json["items"][0]["status"], "known");
    }
}
