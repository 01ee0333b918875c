//! The differential engine: jobs flow to every available subject (in parallel over the cores),
//! then to a profile-aware comparison ([`compare`]), findings, and classes deduplicated by
//! signature, each with its smallest example delta-minimized over bytes ([`minimize`]).
//!
//! One direction: cases flow in, outcomes flow out, and comparison never calls back into a
//! subject. Only the minimizer re-runs subjects, on smaller inputs, through the same
//! [`crate::subjects::run`].

mod class;
mod compare;
pub mod minimize;
mod profile;

use std::collections::BTreeMap;
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;
use uri_spec::Edition;

pub use class::{Class, Partition, Severity, Signature};
pub use compare::{findings, Finding};
pub(crate) use profile::default_port;
pub use profile::{explain, Evidence, Rule, RULES};

use crate::model::{Answer, Op, Outcome};
use crate::subjects::{self, Ctx, Job, Subject, SubjectInfo};

/// An owned job: what the engine hands to every subject.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Task {
    /// The operation.
    pub op: Op,
    /// The input (the reference, for `resolve`).
    #[serde(serialize_with = "crate::report::bytes")]
    pub input: Vec<u8>,
    /// `resolve`: the base; `equivalent`: the other operand.
    #[serde(serialize_with = "crate::report::opt_bytes")]
    pub second: Option<Vec<u8>>,
    /// The edition (for the subjects that speak editions).
    #[serde(serialize_with = "crate::report::edition")]
    pub edition: Edition,
    /// Where the job came from: a suite case id, a generator shape, `argv`.
    pub origin: String,
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

    /// The same task on another input (the minimizer's candidates).
    #[must_use]
    pub fn with_input(&self, input: Vec<u8>) -> Task {
        Task {
            input,
            ..self.clone()
        }
    }
}

/// One task's outcomes, one per subject (in the engine's subject order).
#[derive(Clone, Debug)]
pub struct Row {
    /// The task.
    pub task: Task,
    /// The outcomes.
    pub outcomes: Vec<Outcome<Answer>>,
}

/// The engine: the subjects, with the spec implementation as the reference.
pub struct Engine {
    subjects: Vec<Arc<dyn Subject>>,
    reference: usize,
}

/// A discrepancy class: every finding with one signature.
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
    /// The subjects that differ from the spec.
    pub deviating: Vec<String>,
    /// `by-design(<profile>: <rule>)` for each deviating subject whose profile explains every
    /// finding of the class; a class is by design only when all its deviating subjects are.
    pub by_design: BTreeMap<String, String>,
    /// Whether the whole class is explained by profiles.
    pub explained: bool,
    /// The smallest input that shows it, delta-minimized with the signature kept.
    pub example: Task,
    /// The input it was first seen on, before minimization.
    pub first_seen: Task,
    /// Every subject's outcome on the example.
    pub outcomes: Vec<(String, Outcome<Answer>)>,
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
        let reference = match subjects.iter().position(|s| s.info().name == "impl") {
            Some(i) => i,
            None => {
                subjects.insert(0, Arc::new(subjects::Spec::new()));
                0
            }
        };
        Engine {
            subjects,
            reference,
        }
    }

    /// The subjects' declarations, in order.
    pub fn infos(&self) -> Vec<&SubjectInfo> {
        self.subjects.iter().map(|s| s.info()).collect()
    }

    /// The subjects.
    pub fn subjects(&self) -> &[Arc<dyn Subject>] {
        &self.subjects
    }

    /// Runs one task on every subject.
    pub fn run_one(&self, task: &Task) -> Row {
        let job = task.job();
        Row {
            task: task.clone(),
            outcomes: self
                .subjects
                .iter()
                .map(|s| subjects::run(s.as_ref(), &job))
                .collect(),
        }
    }

    /// Runs every task on every subject, in parallel over the cores; rows come back in task
    /// order. `progress` is called once per finished task.
    pub fn run(&self, tasks: &[Task], progress: &(dyn Fn() + Sync)) -> Vec<Row> {
        tasks
            .par_iter()
            .map(|t| {
                let row = self.run_one(t);
                progress();
                row
            })
            .collect()
    }

    /// The findings of a row.
    pub fn findings(&self, row: &Row) -> Vec<Finding> {
        findings(
            &self.infos(),
            self.reference,
            row.task.op,
            &row.task.input,
            &row.outcomes,
        )
    }

    /// Groups the findings of `rows` by signature into classes, most severe first, each with its
    /// example minimized (at most `budget` subject runs per class).
    pub fn classify(&self, rows: &[Row], budget: usize) -> Vec<ClassRecord> {
        let mut groups: BTreeMap<Signature, (usize, Finding, &Row)> = BTreeMap::new();
        for row in rows {
            for f in self.findings(row) {
                let smaller = |best: &Row| {
                    (row.task.input.len(), &row.task.input)
                        < (best.task.input.len(), &best.task.input)
                };
                match groups.get_mut(&f.signature) {
                    Some((count, finding, best)) => {
                        *count += 1;
                        merge_by_design(finding, &f);
                        if smaller(best) {
                            *best = row;
                        }
                    }
                    None => {
                        groups.insert(f.signature.clone(), (1, f, row));
                    }
                }
            }
        }
        let memo = minimize::Memo::default();
        let mut classes: Vec<ClassRecord> = groups
            .into_par_iter()
            .map(|(signature, (count, finding, row))| {
                let example = minimize::minimize(self, &memo, &row.task, &signature, budget)
                    .unwrap_or_else(|| row.task.clone());
                let example_row = self.run_one(&example);
                ClassRecord {
                    key: signature.key(),
                    severity: signature.class.severity(),
                    count,
                    explained: finding.explained(),
                    deviating: finding.deviating,
                    by_design: finding.by_design,
                    first_seen: row.task.clone(),
                    outcomes: self
                        .subjects
                        .iter()
                        .map(|s| s.info().name.clone())
                        .zip(example_row.outcomes)
                        .collect(),
                    example,
                    signature,
                }
            })
            .collect();
        classes.sort_by(|a, b| {
            (a.explained, a.severity, std::cmp::Reverse(a.count), &a.key).cmp(&(
                b.explained,
                b.severity,
                std::cmp::Reverse(b.count),
                &b.key,
            ))
        });
        classes
    }
}

/// Merges a finding of the same signature into a class: the deviating subjects and, for a
/// by-design class, every rule that explained one of its inputs.
fn merge_by_design(into: &mut Finding, other: &Finding) {
    for (name, rule) in &other.by_design {
        let entry = into.by_design.entry(name.clone()).or_default();
        if !entry.split("; ").any(|r| r == rule) {
            if !entry.is_empty() {
                entry.push_str("; ");
            }
            entry.push_str(rule);
        }
    }
    for d in &other.deviating {
        if !into.deviating.contains(d) {
            into.deviating.push(d.clone());
        }
    }
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
    fn classes_are_deduplicated_minimized_and_explained_by_profile() {
        let engine = Engine::new(vec![lower("whatwg-url"), lower("custom")]);
        let tasks: Vec<Task> = [
            "http://EX%41MPLE.com/a/b?q#f",
            "http://%41/",
            "http://a/",
            "https://WWW.X%41.ORG:8080/long/path",
        ]
        .into_iter()
        .map(|s| Task::parse(s.as_bytes().to_vec(), "test"))
        .collect();
        let rows = engine.run(&tasks, &|| ());
        let classes = engine.classify(&rows, 500);
        assert_eq!(classes.len(), 2, "{classes:#?}");
        // Only the WHATWG profile's rule reproduces the lowercasing, and only for a special
        // scheme: the custom profile's difference stays unexplained, in a class of its own,
        // listed first.
        let c = &classes[0];
        assert!(!c.explained);
        assert_eq!(c.deviating, ["lower-custom"]);
        assert!(c.by_design.is_empty());
        let d = &classes[1];
        assert!(d.explained && d.signature.by_design);
        assert_eq!(d.deviating, ["lower-whatwg-url"]);
        assert_eq!(
            d.by_design.get("lower-whatwg-url").map(String::as_str),
            Some("whatwg-url: a special scheme's host is percent-decoded and lowercased (domain to ASCII)")
        );
        assert_eq!(d.count, 3);
        assert_eq!(c.signature.class, Class::Component(Component::Host));
        assert_eq!(c.count, 3);
        assert_eq!(c.severity, Severity::Critical);
        // The minimized example still decodes to something different: a `%41` in the host.
        let ex = String::from_utf8_lossy(&c.example.input).into_owned();
        assert!(ex.len() <= "http://%41/".len(), "{ex}");
        assert!(ex.contains("%41"), "{ex}");
    }
}
