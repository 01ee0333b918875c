//! What to look at first: the unexplained classes joined by root cause and ranked.
//!
//! A class is one parser's behaviour; a root cause is one behaviour wherever it shows: the same
//! class of difference on the same form of minimized input (`go-net-url host parse: a://[:1]`
//! and `node-legacy-url host parse: a://[:1]` are one root cause shown by two parsers). Ranked
//! by severity, then by reach: how many parsers show it, then how many inputs.

use std::collections::BTreeMap;

use crate::engine::{Class, ClassRecord, Severity};
use crate::model::Op;
use crate::report_model::{brief, RootCause, Side};

/// The root causes of the unexplained `classes`, most severe and widest first.
///
/// ```
/// let report = uridiff::run::tests_support::tiny();
/// let causes = uridiff::run::root_causes(&report.classes);
/// let unexplained = report.classes.iter().filter(|c| !c.explained).count();
/// assert!(causes.len() <= unexplained);
/// assert_eq!(causes.iter().map(|c| c.parsers.len()).sum::<usize>(), unexplained);
/// ```
pub fn root_causes(classes: &[ClassRecord]) -> Vec<RootCause> {
    let mut by_cause: BTreeMap<(Class, Op, &str), Vec<&ClassRecord>> = BTreeMap::new();
    for c in classes.iter().filter(|c| !c.explained) {
        by_cause
            .entry((c.signature.class, c.signature.op, c.signature.form.as_str()))
            .or_default()
            .push(c);
    }
    let mut out: Vec<RootCause> = by_cause
        .into_iter()
        .map(|((class, op, form), members)| {
            let smallest = members
                .iter()
                .min_by(|a, b| {
                    (a.example.input.len(), &a.example.input)
                        .cmp(&(b.example.input.len(), &b.example.input))
                })
                .copied()
                .unwrap_or(members[0]);
            RootCause {
                severity: class.severity(),
                class: class.name(),
                op,
                form: form.to_owned(),
                parsers: members
                    .iter()
                    .map(|c| c.signature.subject.clone())
                    .collect(),
                inputs: members.iter().map(|c| c.count).sum(),
                example: smallest.example.clone(),
                sides: members
                    .iter()
                    .map(|c| Side {
                        parser: c.signature.subject.clone(),
                        input: c.example.input.clone(),
                        answer: brief(&c.answer, class),
                        reference: c.reference.clone(),
                        reference_answer: brief(&c.reference_answer, class),
                        reproduce: c.reproduce.clone(),
                    })
                    .collect(),
                diff: smallest.diff.clone(),
            }
        })
        .collect();
    out.sort_by(|a, b| {
        rank(a)
            .cmp(&rank(b))
            .then_with(|| (&a.class, &a.form).cmp(&(&b.class, &b.form)))
    });
    out
}

fn rank(c: &RootCause) -> (Severity, std::cmp::Reverse<usize>, std::cmp::Reverse<usize>) {
    (
        c.severity,
        std::cmp::Reverse(c.parsers.len()),
        std::cmp::Reverse(c.inputs),
    )
}
