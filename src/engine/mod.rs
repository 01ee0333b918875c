//! The differential engine: jobs flow to every available subject and to each subject's reference
//! (in parallel over the cores), then to a comparison of each subject with its own reference
//! ([`compare`]), findings, and classes: one behaviour of one parser, keyed by the skeleton of
//! its 1-minimal example ([`minimize`]).
//!
//! One direction: cases flow in, outcomes flow out, and comparison never calls back into a
//! subject. Only the minimizer re-runs subjects, on smaller inputs, through the same
//! [`crate::subjects::run`].

mod attribute;
mod class;
mod columns;
mod compare;
mod fold;
mod lenient;
pub mod minimize;
pub(crate) mod octets;
pub(crate) mod pool;
mod profile;

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;
use uri_spec::Edition;

pub use class::{
    disallowed_form, disallowed_kind, form, skeleton, Class, Coarse, Partition, Severity, Signature,
};
pub(crate) use compare::ipv6_written_compressed;
pub use compare::{class_form, example_form, judge, judge_by, Finding, Judged};
pub use fold::Classifier;
pub use lenient::{
    lenient_alike, lenient_differences, lenient_resolution_differences, resolved_name,
};
pub(crate) use octets::pct_decode_bytes;
pub use pool::MAX_PROCESSES;
pub(crate) use profile::default_port;
pub use profile::registered_port;
pub use profile::{
    explain, explain_for, kind_counts, rule_by_id, rules, versus_rfc3986, versus_rules, Evidence,
    Example, Explains, Reply, Rule, TABLES,
};

use std::borrow::Cow;

use crate::model::{Answer, Op, Outcome, ShowBytes};
use crate::subjects::profile::Reference;
use crate::subjects::{self, Ctx, Job, Subject, SubjectInfo};

/// An owned job: what the engine hands to every subject. It serializes with its byte strings
/// as the worker protocol writes them ([`crate::model::ShowBytes`]) and its edition by id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Task {
    /// The operation.
    pub op: Op,
    /// The input (the reference, for `resolve`).
    pub input: Vec<u8>,
    /// `resolve`: the base; `equivalent`: the other operand.
    pub second: Option<Vec<u8>>,
    /// The edition (for the subjects that speak editions).
    pub edition: Edition,
    /// Where the job came from: a suite case id, a generator shape, `argv`.
    pub origin: String,
}

impl Serialize for Task {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut t = s.serialize_struct("Task", 5)?;
        t.serialize_field("op", &self.op)?;
        t.serialize_field("input", &ShowBytes(&self.input))?;
        t.serialize_field("second", &self.second.as_deref().map(ShowBytes))?;
        t.serialize_field("edition", self.edition.id())?;
        t.serialize_field("origin", &self.origin)?;
        t.end()
    }
}

impl Task {
    /// A parse task under RFC 3986.
    ///
    /// ```
    /// let t = uridiff::engine::Task::parse(b"http://a".to_vec(), "argv");
    /// assert_eq!(t.job().input, b"http://a");
    /// ```
    pub fn parse(input: Vec<u8>, origin: &str) -> Task {
        Task {
            op: Op::Parse,
            input,
            second: None,
            edition: Edition::Rfc3986,
            origin: origin.to_owned(),
        }
    }

    /// The borrowed job.
    pub fn job(&self) -> Job<'_> {
        Job {
            op: self.op,
            input: &self.input,
            second: self.second.as_deref(),
            ctx: Ctx {
                edition: self.edition,
                rule: None,
                non_strict: false,
            },
        }
    }

    /// The form of a difference on this task ([`form`]): what its class is known by.
    ///
    /// ```
    /// let t = uridiff::engine::Task::parse(b"http://a:80".to_vec(), "argv");
    /// assert_eq!(t.form(), "a://a:1");
    /// ```
    pub fn form(&self) -> String {
        form(self.op, &self.input, self.second.as_deref())
    }

    /// The order in which examples are preferred: shorter input first, then bytes, then the
    /// second operand, so that the choice never depends on the order rows arrive in (two
    /// equivalence jobs may share an input and differ in the other operand).
    pub(super) fn order_key(&self) -> (usize, &[u8], Option<&[u8]>) {
        (self.input.len(), &self.input, self.second.as_deref())
    }

    /// The same task on another input (the minimizer's candidates).
    #[must_use]
    pub fn with_input(&self, input: Vec<u8>) -> Task {
        // Field by field: `..self.clone()` copied this task's own input too, only to drop it
        // (one allocation in vain per candidate the minimizer makes).
        Task {
            op: self.op,
            input,
            second: self.second.clone(),
            edition: self.edition,
            origin: self.origin.clone(),
        }
    }
}

/// One task's outcomes: one per subject (in the engine's subject order), one per reference, and
/// each subject's re-parse of its own serialization.
#[derive(Clone, Debug)]
pub struct Row {
    /// The task.
    pub task: Task,
    /// The outcomes.
    pub outcomes: Vec<Outcome<Answer>>,
    /// The references' answers, in [`Engine::references`] order.
    pub references: Vec<Outcome<Answer>>,
    /// For a parse: each subject's serialization parsed again by it, where it gave one that is
    /// not the input.
    pub reparsed: Vec<Option<Outcome<Answer>>>,
}

/// The engine: the subjects, and the references they are judged against.
pub struct Engine {
    subjects: Vec<Arc<dyn Subject>>,
    references: Vec<(Reference, Arc<dyn Subject>)>,
    /// Per subject: the index of its reference in `references`.
    judged_by: Vec<usize>,
    /// Per subject: the index of the lenient reading in `references`, for a subject judged
    /// on what it reads from an input its reference rejects ([`Reference::Lenient`]): every
    /// subject but the project's own (which speak editions) and the WHATWG parsers (whose
    /// reference is already the browsers' reading).
    lenient_by: Vec<Option<usize>>,
    /// The cores planned for and each worker's measured column time (the `pool` room).
    pool: pool::Pool,
}

/// A discrepancy class: one behaviour of one parser, every finding with one signature.
#[derive(Clone, Debug, Serialize)]
pub struct ClassRecord {
    /// The signature's one-line key.
    pub key: String,
    /// The signature.
    pub signature: Signature,
    /// How much it matters.
    pub severity: Severity,
    /// How many inputs showed it.
    pub count: usize,
    /// The deviating subject (one: a class is one parser's behaviour).
    pub deviating: Vec<String>,
    /// What it was judged against (`rfc3986`, `draft-fielding-uri-syntax-02`, `whatwg`, ...).
    pub reference: String,
    /// `<profile>: <rule>` for the deviating subject when its profile explains every finding.
    pub by_design: BTreeMap<String, String>,
    /// The id of that rule ([`Rule::id`]), for the same subject: the name that stays when the
    /// prose is reworded.
    pub by_design_ids: BTreeMap<String, String>,
    /// Where the library documents that rule ([`Rule::cites`]), for the same subject: what a
    /// reader checks the rule against.
    pub by_design_cites: BTreeMap<String, String>,
    /// Whether the class is explained by the subject's profile.
    pub explained: bool,
    /// The 1-minimal input that shows it (within the minimizer's budget).
    pub example: Task,
    /// The input it was first seen on, before minimization.
    pub first_seen: Task,
    /// The subject's answer on the example.
    pub answer: Outcome<Answer>,
    /// The reference's answer on the example.
    pub reference_answer: Outcome<Answer>,
    /// Evidence: every subject grouped by its answer on the example, on what the class is about.
    pub partition: Partition,
    /// Every subject's outcome on the example.
    pub outcomes: Vec<(String, Outcome<Answer>)>,
    /// A shell line that calls the library directly, in its own language, on the example (a Rust
    /// statement for the in-process crates), so a reader can check the class without uridiff.
    /// The engine leaves it `None`: it is presentation, written by whoever presents the classes
    /// (`uridiff::present::fill`, which the report's run calls).
    pub reproduce: Option<String>,
    /// The `uridiff diff` command that shows every parser on the example; `None` from the
    /// engine, written with [`ClassRecord::reproduce`].
    pub diff: Option<String>,
}

impl Engine {
    /// An engine over `subjects`; the spec implementation is added as the reference when it is
    /// not among them.
    ///
    /// ```
    /// let e = uridiff::engine::Engine::new(Vec::new());
    /// assert_eq!(e.infos()[0].name, "impl");
    /// ```
    pub fn new(mut subjects: Vec<Arc<dyn Subject>>) -> Engine {
        if !subjects.iter().any(|s| s.info().name == "impl") {
            subjects.insert(0, Arc::new(subjects::Spec::new()));
        }
        let mut references: Vec<(Reference, Arc<dyn Subject>)> = Vec::new();
        let judged_by = subjects
            .iter()
            .map(|s| {
                let info = s.info();
                // The project's own subjects speak editions: each job is theirs under its edition.
                let reference = if info.speaks_editions() {
                    Reference::JobEdition
                } else {
                    subjects::profile::profile(&info.profile)
                        .map_or(Reference::Edition(uri_spec::Edition::Rfc3986), |p| {
                            p.reference
                        })
                };
                match references.iter().position(|(r, _)| *r == reference) {
                    Some(i) => i,
                    None => {
                        let judge: Arc<dyn Subject> = match reference {
                            Reference::Whatwg => subjects::whatwg_reference(),
                            Reference::Lenient => Arc::new(subjects::Lenient::new()),
                            _ => Arc::new(subjects::Spec::new()),
                        };
                        references.push((reference, judge));
                        references.len() - 1
                    }
                }
            })
            .collect::<Vec<usize>>();
        let lenient_by = subjects
            .iter()
            .zip(&judged_by)
            .map(|(s, &r)| {
                let judged_leniently =
                    !s.info().speaks_editions() && references[r].0 != Reference::Whatwg;
                judged_leniently.then(|| {
                    references
                        .iter()
                        .position(|(r, _)| *r == Reference::Lenient)
                        .unwrap_or_else(|| {
                            let lenient: Arc<dyn Subject> = Arc::new(subjects::Lenient::new());
                            references.push((Reference::Lenient, lenient));
                            references.len() - 1
                        })
                })
            })
            .collect();
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Engine {
            pool: pool::Pool::new(cores, subjects.len()),
            subjects,
            references,
            judged_by,
            lenient_by,
        }
    }

    /// The same engine planning for `cores` cores instead of the machine's (the command line's
    /// `--cores`): a worker whose column costs more than the run's work spread over that many
    /// cores runs as several processes (the `pool` room, at most [`MAX_PROCESSES`] each).
    ///
    /// ```
    /// use uridiff::engine::Engine;
    /// let engine = Engine::new(uridiff::subjects::in_process()).cores(16);
    /// assert_eq!(engine.planned_cores(), 16);
    /// ```
    #[must_use]
    pub fn cores(mut self, cores: usize) -> Engine {
        self.pool = pool::Pool::new(cores, self.subjects.len());
        self
    }

    /// The cores the engine plans for ([`Engine::cores`]).
    pub fn planned_cores(&self) -> usize {
        self.pool.cores()
    }

    /// The most processes subject `i` was given at once so far (1 for an in-process subject,
    /// and for a worker that never cost more than a core's share of the run).
    ///
    /// ```
    /// use uridiff::engine::Engine;
    /// let engine = Engine::new(uridiff::subjects::in_process()).cores(64);
    /// assert_eq!(engine.processes(0), 1);
    /// ```
    pub fn processes(&self, i: usize) -> usize {
        self.pool.most(i)
    }

    /// CPU time the in-process subjects' parses and re-parses of this engine's runs took so
    /// far (the calls of 32 tasks at a time timed on their thread's clock; the references, the
    /// judging and the minimizations' calls are not in it): the part of uridiff's process that
    /// is the parsers under test, not the harness.
    ///
    /// ```
    /// use uridiff::engine::{Engine, Task};
    /// let engine = Engine::new(uridiff::subjects::in_process());
    /// let before = engine.in_process_cpu();
    /// let tasks: Vec<Task> = (0..64)
    ///     .map(|n| Task::parse(format!("http://example.com/{n}").into_bytes(), "doc"))
    ///     .collect();
    /// engine.run(&tasks, &|| ());
    /// // Where a thread's clock can be read (clock_gettime(2)), the parses took some of it.
    /// assert!(!cfg!(unix) || engine.in_process_cpu() > before);
    /// ```
    pub fn in_process_cpu(&self) -> std::time::Duration {
        self.pool.in_process()
    }

    /// The subjects' declarations, in order.
    pub fn infos(&self) -> Vec<&SubjectInfo> {
        self.subjects.iter().map(|s| s.info()).collect()
    }

    /// The subjects.
    pub fn subjects(&self) -> &[Arc<dyn Subject>] {
        &self.subjects
    }

    /// The references, in [`Row::references`] order.
    pub fn references(&self) -> Vec<Reference> {
        self.references.iter().map(|(r, _)| *r).collect()
    }

    /// The reference subject `i` is judged against.
    pub fn reference_of(&self, i: usize) -> Reference {
        self.references[self.judged_by[i]].0
    }

    /// Whether subject `i`'s answer in `row` is judged against the lenient reading (what a
    /// browser or a lenient splitter reads, [`Reference::Lenient`]): it accepts what its
    /// reference rejects and has such a reading. Then what it reads is compared with that
    /// reading, whether or not it decides validity (a parser that does not is no too-lax
    /// finding for accepting).
    ///
    /// ```
    /// use uridiff::engine::{Engine, Task};
    /// let engine = Engine::new(uridiff::subjects::in_process());
    /// // The `http` crate accepts two "@", which RFC 3986 rejects.
    /// let i = engine.position("http").unwrap();
    /// let row = engine.run_one(&Task::parse(b"http://a@b@c/".to_vec(), "doc"));
    /// assert!(engine.reads_leniently(i, &row));
    /// let row = engine.run_one(&Task::parse(b"http://a/".to_vec(), "doc"));
    /// assert!(!engine.reads_leniently(i, &row));
    /// ```
    pub fn reads_leniently(&self, i: usize, row: &Row) -> bool {
        self.lenient_by[i].is_some()
            && compare::reads_leniently(&row.outcomes[i], self.reference_answer_in(row, i))
    }

    /// Subject `i`'s reference's answer in `row`.
    pub fn reference_answer_in<'r>(&self, row: &'r Row, i: usize) -> &'r Outcome<Answer> {
        &row.references[self.judged_by[i]]
    }

    fn reference_answer(&self, r: usize, task: &Task) -> Outcome<Answer> {
        let (reference, judge) = &self.references[r];
        let mut job = task.job();
        if let Reference::Edition(e) = reference {
            job.ctx.edition = *e;
        }
        subjects::run(judge.as_ref(), &job)
    }

    /// Subject `i`'s value of component `c` on `task` and its reference's, each `None` where
    /// that side gives no parse: what a canonical example must leave as it found it
    /// ([`minimize`]).
    pub(crate) fn values_of(
        &self,
        i: usize,
        task: &Task,
        c: crate::model::Component,
    ) -> [Option<Option<String>>; 2] {
        let value = |o: &Outcome<Answer>| match o {
            Outcome::Accepted(Answer::Parsed(p)) => Some(p.components.get(c).map(str::to_owned)),
            _ => None,
        };
        [
            value(&subjects::run(self.subjects[i].as_ref(), &task.job())),
            value(&self.reference_answer(self.judged_by[i], task)),
        ]
    }

    fn reparse(&self, i: usize, task: &Task, outcome: &Outcome<Answer>) -> Option<Outcome<Answer>> {
        let again = columns::reparse_task(task, outcome)?;
        Some(subjects::run(self.subjects[i].as_ref(), &again.job()))
    }

    /// Runs one task on every subject and every reference.
    pub fn run_one(&self, task: &Task) -> Row {
        let job = task.job();
        let outcomes: Vec<Outcome<Answer>> = self
            .subjects
            .iter()
            .map(|s| subjects::run(s.as_ref(), &job))
            .collect();
        let reparsed = outcomes
            .iter()
            .enumerate()
            .map(|(i, o)| self.reparse(i, task, o))
            .collect();
        Row {
            task: task.clone(),
            references: (0..self.references.len())
                .map(|r| self.reference_answer(r, task))
                .collect(),
            reparsed,
            outcomes,
        }
    }

    /// Runs every task on every subject, every subject's column at the same time (each external
    /// worker pipelined on a thread of its own, the in-process parsers over the cores); rows
    /// come back in task order, the same rows [`Engine::run_one`] gives. `progress` is called
    /// once per finished task.
    pub fn run(&self, tasks: &[Task], progress: &(dyn Fn() + Sync)) -> Vec<Row> {
        columns::run(self, tasks, progress)
    }

    /// The findings of a row: every subject against its own reference.
    pub fn findings(&self, row: &Row) -> Vec<Finding> {
        (0..self.subjects.len())
            .flat_map(|i| self.findings_of(i, row.task.op, &row.task.input, row, i))
            .collect()
    }

    fn findings_of(&self, i: usize, op: Op, input: &[u8], row: &Row, at: usize) -> Vec<Finding> {
        judge(
            op,
            input,
            &Judged {
                info: self.subjects[i].info(),
                outcome: &row.outcomes[at],
                reference: &row.references[self.judged_by[i]],
                lenient: self.lenient_by[i].map(|k| &row.references[k]),
                second: row.task.second.as_deref(),
                reparsed: row.reparsed[at].as_ref(),
            },
        )
    }

    /// The findings of a row as classes count them, each with the task it is counted on
    /// ([`attribute`]: a resolution, normalization or equivalence finding of a parser whose parse
    /// of an operand already deviates is that parse's finding, on the operand; a round trip of a
    /// reading that already deviates is left to it). `memo` keeps the operands' parses.
    pub fn classed_findings(&self, row: &Row, memo: &minimize::Memo) -> Vec<(Finding, Task)> {
        self.classed_findings_batch(std::slice::from_ref(row), memo)
            .pop()
            .unwrap_or_default()
    }

    /// [`Engine::classed_findings`] of each of `rows`, in order: the operands attribution reads
    /// are parsed first, each subject's as one batch (an external worker pipelined, where one
    /// operand at a time would wait for each answer in turn).
    ///
    /// ```
    /// use uridiff::engine::{minimize::Memo, Engine, Task};
    /// let engine = Engine::new(uridiff::subjects::in_process());
    /// let rows = engine.run(&[Task::parse(b"http://a/b".to_vec(), "doc")], &|| ());
    /// let memo = Memo::default();
    /// let batch = engine.classed_findings_batch(&rows, &memo);
    /// assert_eq!(batch, vec![engine.classed_findings(&rows[0], &memo)]);
    /// ```
    pub fn classed_findings_batch(
        &self,
        rows: &[Row],
        memo: &minimize::Memo,
    ) -> Vec<Vec<(Finding, Task)>> {
        self.classed_findings_grouped(rows, memo)
            .into_iter()
            .map(|groups| {
                let mut out = Vec::new();
                for (found, on) in groups {
                    out.extend(found.into_iter().map(|f| (f, on.as_ref().clone())));
                }
                out
            })
            .collect()
    }

    /// [`Engine::classed_findings_batch`], each row's findings in groups of one subject's, with
    /// the task they are counted on, borrowed where it is the row's own: what the classifier
    /// folds, without a copy of the task for each finding.
    pub(crate) fn classed_findings_grouped<'r>(
        &self,
        rows: &'r [Row],
        memo: &minimize::Memo,
    ) -> Vec<Vec<(Vec<Finding>, Cow<'r, Task>)>> {
        use rayon::prelude::*;
        let judged: Vec<Vec<Vec<Finding>>> = rows
            .par_iter()
            .map(|row| {
                (0..self.subjects.len())
                    .map(|i| self.findings_of(i, row.task.op, &row.task.input, row, i))
                    .collect()
            })
            .collect();
        memo.operands.prefetch(
            self,
            rows.iter().zip(&judged).flat_map(|(row, per)| {
                (per.iter().enumerate()).map(move |(i, found)| (i, &row.task, found.as_slice()))
            }),
        );
        rows.par_iter()
            .zip(judged)
            .map(|(row, per)| {
                (per.into_iter().enumerate())
                    .filter(|(_, found)| !found.is_empty())
                    .map(|(i, found)| {
                        let (found, on) =
                            attribute::attribute(self, &memo.operands, i, &row.task, found);
                        (found, on.map_or(Cow::Borrowed(&row.task), Cow::Owned))
                    })
                    .collect()
            })
            .collect()
    }

    /// The findings of subject `i` alone on `task`, as judged (every operation, no attribution):
    /// it and its reference are run, nobody else (the minimizer's test).
    pub fn findings_of_subject(&self, i: usize, task: &Task) -> Vec<Finding> {
        self.findings_alone(i, task, true)
    }

    /// [`Engine::findings_of_subject`], the findings' forms made where `formed`
    /// ([`Engine::judge_alone`]).
    fn findings_alone(&self, i: usize, task: &Task, formed: bool) -> Vec<Finding> {
        let outcome = subjects::run(self.subjects[i].as_ref(), &task.job());
        let reparsed = self.reparse(i, task, &outcome);
        self.judge_alone(i, task, outcome, reparsed, formed)
    }

    /// [`Engine::findings_of_subject`] on each of `tasks`, in order: an external worker takes
    /// them as one batch, pipelined, where one at a time would wait for each answer in turn.
    ///
    /// ```
    /// use uridiff::engine::{Engine, Task};
    /// let engine = Engine::new(uridiff::subjects::in_process());
    /// let tasks = [Task::parse(b"http://a/".to_vec(), "doc"), Task::parse(b"%".to_vec(), "doc")];
    /// let i = engine.position("oracle-regex").unwrap();
    /// let batch = engine.findings_of_subject_batch(i, &tasks);
    /// for (task, found) in tasks.iter().zip(&batch) {
    ///     assert_eq!(found, &engine.findings_of_subject(i, task));
    /// }
    /// ```
    pub fn findings_of_subject_batch(&self, i: usize, tasks: &[Task]) -> Vec<Vec<Finding>> {
        let tasks: Vec<&Task> = tasks.iter().collect();
        columns::findings_of_subject(self, i, &tasks, true, true)
    }

    /// The findings of subject `i`'s `outcome` (and `reparsed`) on `task` against its reference,
    /// run here. Unless `formed`, the findings are left without forms: the minimizer's memo
    /// does not keep them ([`compare::judge_unformed`]).
    fn judge_alone(
        &self,
        i: usize,
        task: &Task,
        outcome: Outcome<Answer>,
        reparsed: Option<Outcome<Answer>>,
        formed: bool,
    ) -> Vec<Finding> {
        let reference = self.reference_answer(self.judged_by[i], task);
        // The lenient reading is read only for an answer its reference rejects
        // (`compare::reads_leniently`): most of a minimization's candidates are not that, and
        // the reading is a parse of its own.
        let lenient = (self.lenient_by[i])
            .filter(|_| compare::reads_leniently(&outcome, &reference))
            .map(|k| self.reference_answer(k, task));
        let judged = Judged {
            info: self.subjects[i].info(),
            outcome: &outcome,
            reference: &reference,
            lenient: lenient.as_ref(),
            second: task.second.as_deref(),
            reparsed: reparsed.as_ref(),
        };
        match formed {
            true => judge(task.op, &task.input, &judged),
            false => compare::judge_unformed(task.op, &task.input, &judged),
        }
    }

    /// The index of the subject named `name`.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.subjects.iter().position(|s| s.info().name == name)
    }

    /// Groups the findings of `rows` into classes (one behaviour of one parser: subject, class,
    /// operation, and the skeleton of the 1-minimal example), most severe first. Minimization
    /// takes at most `budget` runs per class, more for a longer input
    /// ([`minimize::budget_for`]). The same as a [`Classifier`] given every row.
    pub fn classify(&self, rows: &[Row], budget: usize) -> Vec<ClassRecord> {
        let mut classifier = Classifier::new(self);
        classifier.add_rows(rows);
        classifier.finish(budget)
    }

    /// The class record of `signature` on its minimized `example`, with `row`, every subject's
    /// outcomes on `example` ([`Engine::records`] runs them for many at once).
    pub(super) fn record_on(
        &self,
        signature: Signature,
        count: usize,
        example: Task,
        first_seen: &Task,
        rule: Option<&'static Rule>,
        row: Row,
    ) -> ClassRecord {
        let i = self.position(&signature.subject).unwrap_or(0);
        let names = self.subjects.iter().map(|s| s.info().name.clone());
        ClassRecord {
            key: signature.key(),
            severity: signature.class.severity(),
            count,
            deviating: vec![signature.subject.clone()],
            reference: match signature.class {
                // Said in full where it is shown: the reference rejects the input, and what the
                // parser reads is compared with where a browser or a lenient split routes it
                // (`crate::subjects::lenient`).
                Class::Lenient(_) => format!(
                    "{} ({} rejects the input: where a browser or a lenient split routes it)",
                    Reference::Lenient.name(),
                    self.reference_of(i).name()
                ),
                _ => self.reference_of(i).name().to_owned(),
            },
            by_design: rule
                .iter()
                .map(|r| (signature.subject.clone(), r.label()))
                .collect(),
            by_design_ids: rule
                .iter()
                .map(|r| (signature.subject.clone(), r.id.to_owned()))
                .collect(),
            by_design_cites: rule
                .iter()
                .map(|r| (signature.subject.clone(), r.cites.to_owned()))
                .collect(),
            explained: signature.by_design,
            answer: row.outcomes[i].clone(),
            reference_answer: match (signature.class, self.lenient_by[i]) {
                (Class::Lenient(_), Some(k)) => row.references[k].clone(),
                _ => row.references[self.judged_by[i]].clone(),
            },
            partition: evidence(&self.infos(), signature.class, &row),
            outcomes: names.zip(row.outcomes).collect(),
            // Presentation, filled above the engine (`present::fill`).
            reproduce: None,
            diff: None,
            first_seen: first_seen.clone(),
            example,
            signature,
        }
    }
}

/// Every subject grouped by its answer on what `class` is about: its value of the component, its
/// verdict, its answer to the operation, or its outcome.
fn evidence(infos: &[&SubjectInfo], class: Class, row: &Row) -> Partition {
    let view = |i: usize| -> Option<String> {
        let o = &row.outcomes[i];
        match o {
            Outcome::Unsupported(_) => None,
            Outcome::Accepted(Answer::Parsed(p)) => match class.component() {
                Some(c) if infos[i].components.contains(c) && p.reports(c) => {
                    Some(format!("{:?}", p.components.get(c)))
                }
                Some(_) => None,
                None if matches!(class, Class::TooLax | Class::TooStrict) => {
                    Some("accepted".into())
                }
                None => Some(format!("{:?}", p.components)),
            },
            Outcome::Accepted(a) => Some(format!("{a:?}")),
            _ => Some(o.name().to_owned()),
        }
    };
    Partition::of(
        (0..infos.len())
            .filter_map(|i| Some((infos[i].name.as_str(), view(i)?)))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Component, ComponentSet, OpSet, Parsed};
    use crate::subjects::{Kind, Subject};

    /// A subject that decodes `%41` in the host and lowercases it, and is otherwise impl.
    struct Lower(SubjectInfo);

    impl Subject for Lower {
        fn info(&self) -> &SubjectInfo {
            &self.0
        }
        fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
            subjects::Spec::get().parse(input, ctx).map(|mut p| {
                let host = p
                    .components
                    .get(Component::Host)
                    .map(|h| h.replace("%41", "A").to_ascii_lowercase());
                p.components.set(Component::Host, host.as_deref());
                p
            })
        }
    }

    fn lower(profile: &str) -> Arc<dyn Subject> {
        Arc::new(Lower(SubjectInfo {
            wraps: None,
            name: format!("lower-{profile}"),
            version: "1".into(),
            profile: profile.into(),
            kind: Kind::InProcess,
            library: "test".into(),
            operations: OpSet::of(&[Op::Parse]),
            components: ComponentSet::of(&[Component::Host]),
            decides_validity: true,
            edition_fields: false,
            editions: Vec::new(),
        }))
    }

    #[test]
    fn one_class_per_behaviour_minimized_to_one_minimal_and_explained_by_profile() {
        let engine = Engine::new(vec![lower("rfc3986")]);
        let tasks: Vec<Task> = [
            "http://EX%41MPLE.com/a/b?q#f",
            "http://%41/",
            "http://a/",
            "https://WWW.X%41.ORG:8080/long/path",
            "ftp://ABC/x",
        ]
        .into_iter()
        .map(|s| Task::parse(s.as_bytes().to_vec(), "test"))
        .collect();
        let rows = engine.run(&tasks, &|| ());
        let classes = engine.classify(&rows, 500);
        let unexplained: Vec<&ClassRecord> = classes.iter().filter(|c| !c.explained).collect();
        // Three inputs of different lengths and schemes decode `%41`: one behaviour, one class,
        // whatever the bystanders did.
        assert_eq!(unexplained.len(), 1, "{classes:#?}");
        let c = unexplained[0];
        assert_eq!(c.deviating, ["lower-rfc3986"]);
        assert_eq!(c.signature.class, Class::Component(Component::Host));
        assert_eq!(c.count, 3);
        assert_eq!(c.severity, Severity::Critical);
        assert_eq!(c.reference, "rfc3986");
        assert_eq!(c.signature.form, c.example.form());
        // 1-minimal: no single byte can go and keep the class.
        let i = engine.position("lower-rfc3986").unwrap();
        let want = (c.signature.class, c.signature.by_design);
        let keeps = |input: Vec<u8>| {
            engine
                .findings_of_subject(i, &c.example.with_input(input))
                .iter()
                .any(|f| (f.signature.class, f.signature.by_design) == want)
        };
        assert!(keeps(c.example.input.clone()));
        for at in 0..c.example.input.len() {
            let mut shorter = c.example.input.clone();
            shorter.remove(at);
            assert!(!keeps(shorter), "{:?} is not 1-minimal", c.example.input);
        }
        // Lowercasing alone is RFC 3986 6.2.2.1's case normalization: by design, its own class.
        let d = classes
            .iter()
            .find(|c| c.explained)
            .expect("a by-design class");
        assert_eq!(
            d.by_design.get("lower-rfc3986").map(String::as_str),
            Some(
                "any profile: host in another case (case-insensitive, RFC 3986 3.2.2 and 6.2.2.1)"
            )
        );
        assert_eq!(d.count, 1);
    }

    /// A library that does not decide validity, reading every input with `read`.
    struct Reads(SubjectInfo, fn(&[u8]) -> Outcome<Parsed>);

    impl Subject for Reads {
        fn info(&self) -> &SubjectInfo {
            &self.0
        }
        fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
            (self.1)(input)
        }
    }

    fn reads(profile: &str, read: fn(&[u8]) -> Outcome<Parsed>) -> Arc<dyn Subject> {
        Arc::new(Reads(
            SubjectInfo {
                wraps: None,
                name: format!("reads-{profile}"),
                version: "1".into(),
                profile: profile.into(),
                kind: Kind::InProcess,
                library: "test".into(),
                operations: OpSet::of(&[Op::Parse]),
                components: ComponentSet::ALL,
                decides_validity: false,
                edition_fields: false,
                editions: Vec::new(),
            },
            read,
        ))
    }

    /// The lenient split, but the authority's userinfo ends at its first "@" (the mechanism of
    /// the documented host-confusion bugs), and a valid `//a:` refused.
    fn first_at(input: &[u8]) -> Outcome<Parsed> {
        if input == b"//a:" {
            return Outcome::rejected("ValueError");
        }
        let text = String::from_utf8_lossy(input);
        let mut c = subjects::lenient::split(&text);
        if let Some((user, rest)) = c.get(Component::Authority).and_then(|a| a.split_once('@')) {
            let (user, host) = (user.to_owned(), rest.rsplit_once(':').map_or(rest, |h| h.0));
            let host = host.to_owned();
            c.set(Component::Userinfo, Some(&user));
            c.set(Component::Host, Some(&host));
        }
        Outcome::Accepted(Parsed::from(c))
    }

    fn last_at(input: &[u8]) -> Outcome<Parsed> {
        let text = String::from_utf8_lossy(input);
        Outcome::Accepted(Parsed::from(subjects::lenient::split(&text)))
    }

    fn classes_of(subject: Arc<dyn Subject>, input: &[u8]) -> Vec<(Class, bool)> {
        let engine = Engine::new(vec![subject]);
        let row = engine.run_one(&Task::parse(input.to_vec(), "test"));
        engine
            .findings(&row)
            .into_iter()
            .map(|f| (f.signature.class, f.explained()))
            .collect()
    }

    #[test]
    fn a_parser_that_does_not_validate_is_judged_where_its_reference_rejects() {
        // RFC 3986 rejects two "@"; the browsers read the host after the last one.
        let wrong = classes_of(reads("python-urllib", first_at), b"http://a@b@c/");
        assert_eq!(wrong, [(Class::Lenient(Component::Host), false)]);
        assert_eq!(
            Class::Lenient(Component::Host).severity(),
            Severity::Critical
        );
        assert!(classes_of(reads("python-urllib", last_at), b"http://a@b@c/").is_empty());
        // Another scheme: the documented split, last "@" and last ":".
        let wrong = classes_of(reads("python-urllib", first_at), b"foo://a@b@c:1/");
        assert_eq!(wrong, [(Class::Lenient(Component::Host), false)]);
        // A fragment cut at a second "#".
        fn second_hash(input: &[u8]) -> Outcome<Parsed> {
            last_at(input).map(|mut p| {
                let cut = p
                    .components
                    .get(Component::Fragment)
                    .map(|f| f.split('#').next().unwrap_or_default().to_owned());
                p.components.set(Component::Fragment, cut.as_deref());
                p
            })
        }
        let wrong = classes_of(reads("python-urllib", second_hash), b"http://h/#a#b");
        assert_eq!(wrong, [(Class::Lenient(Component::Fragment), false)]);
        // A relative reference is routed by its base: not judged here.
        assert!(classes_of(reads("python-urllib", first_at), b"//a@b@c/").is_empty());
    }

    /// A library that resolves a path-absolute reference by pasting it after the base's
    /// authority, whatever it holds, and does not decide validity.
    struct Pastes(SubjectInfo);

    impl Subject for Pastes {
        fn info(&self) -> &SubjectInfo {
            &self.0
        }
        fn resolve(&self, base: &[u8], reference: &[u8], _: &Ctx<'_>) -> Outcome<String> {
            let base = String::from_utf8_lossy(base);
            let origin = base.splitn(4, '/').take(3).collect::<Vec<_>>().join("/");
            Outcome::Accepted(format!("{origin}{}", String::from_utf8_lossy(reference)))
        }
    }

    #[test]
    fn a_resolution_the_reference_refuses_is_judged_against_the_lenient_resolution() {
        let mut info = reads("python-urllib", last_at).info().clone();
        info.operations = OpSet::of(&[Op::Resolve]);
        let engine = Engine::new(vec![Arc::new(Pastes(info))]);
        let task = |base: &[u8], reference: &[u8]| Task {
            op: Op::Resolve,
            input: reference.to_vec(),
            second: Some(base.to_vec()),
            edition: Edition::Rfc3986,
            origin: "test".into(),
        };
        // `/\d` against an http base: a browser goes to host `d` (the open-redirect
        // mechanism); pasted after the base's authority, it stays on host `a`.
        let row = engine.run_one(&task(b"http://a/b", b"/\\d"));
        let found: Vec<Class> = engine
            .findings(&row)
            .iter()
            .map(|f| f.signature.class)
            .collect();
        assert_eq!(found, [Class::Lenient(Component::Host)]);
        // The same reference against another scheme's base is a path there: no finding.
        let row = engine.run_one(&task(b"foo://a/b", b"/\\d"));
        assert!(
            engine.findings(&row).is_empty(),
            "{:?}",
            engine.findings(&row)
        );
    }

    /// The minimizer's test of a candidate (one subject run alone, its lenient reading made only
    /// where it is read) finds what the report's row finds, input by input: inputs the
    /// references reject and accept, read alike and not, by subjects that decide validity and
    /// subjects judged on their lenient reading.
    #[test]
    fn a_subject_judged_alone_finds_what_its_row_finds() {
        let mut subjects = subjects::in_process();
        subjects.push(reads("python-urllib", first_at));
        subjects.push(reads("python-urllib", last_at));
        let engine = Engine::new(subjects);
        let inputs: [&[u8]; 12] = [
            b"http://a@b@c/",
            b"http://a/b",
            b"//a:",
            b"http://h/#a#b",
            b"http://\\@o/",
            b"HTTP://[::1]:80/%7e",
            b"a b",
            b"foo://a@b@c:1/",
            b"%zz",
            b"http://a:99999/",
            b"x:",
            b"",
        ];
        let mut lenient = 0;
        for input in inputs {
            let task = Task::parse(input.to_vec(), "test");
            let row = engine.run_one(&task);
            for i in 0..engine.subjects.len() {
                let in_row = engine.findings_of(i, Op::Parse, input, &row, i);
                lenient += (in_row.iter())
                    .filter(|f| matches!(f.signature.class, Class::Lenient(_)))
                    .count();
                assert_eq!(
                    engine.findings_of_subject(i, &task),
                    in_row,
                    "{} on {:?}",
                    engine.subjects[i].info().name,
                    String::from_utf8_lossy(input)
                );
            }
        }
        // The lenient readings were read, where they are read.
        assert!(lenient >= 3, "{lenient} lenient findings");
    }

    #[test]
    fn a_rejection_of_a_valid_input_is_too_strict_whether_or_not_the_parser_validates() {
        let found = classes_of(reads("python-urllib", first_at), b"//a:");
        assert_eq!(found, [(Class::TooStrict, false)]);
    }

    #[test]
    fn a_whatwg_parser_has_no_lenient_reading() {
        // Its reference is the browsers' reading already: accepting what it rejects is the
        // only finding.
        let engine = Engine::new(vec![reads("whatwg-url", first_at)]);
        let row = engine.run_one(&Task::parse(b"http://a b/".to_vec(), "test"));
        let found = engine.findings(&row);
        assert!(
            found
                .iter()
                .all(|f| !matches!(f.signature.class, Class::Lenient(_))),
            "{found:?}"
        );
    }

    #[test]
    fn a_whatwg_parser_is_judged_against_the_whatwg_reference() {
        // The reference lowercases and percent-decodes a special host too: no difference, where
        // against RFC 3986 there would be one.
        let engine = Engine::new(vec![lower("whatwg-url")]);
        let rows = engine.run(
            &[Task::parse(b"http://EX%41MPLE.com/".to_vec(), "test")],
            &|| (),
        );
        assert!(
            engine.findings(&rows[0]).is_empty(),
            "{:?}",
            engine.findings(&rows[0])
        );
        assert_eq!(
            engine
                .reference_of(engine.position("lower-whatwg-url").unwrap())
                .name(),
            "whatwg"
        );
    }

    #[test]
    fn rules_filed_under_a_library_name_belong_to_a_parser_card() {
        // A rule's owner is a profile, `*`, or the name of one parser whose library behaves so
        // within a shared profile: that name is a card's, so the rules reach the parser.
        for r in rules() {
            let owner = r.profile;
            let known = owner == "*"
                || crate::subjects::profile::profile(owner).is_ok()
                || crate::parsers::card(owner).is_some();
            assert!(known, "{}: owner {owner} is no profile and no parser", r.id);
        }
    }
}
