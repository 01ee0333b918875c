//! Comparison: one row of outcomes (one job, every subject) becomes findings.
//!
//! The spec implementation under the job's edition is the reference. A subject is compared only
//! on what it declares: a component it does not report is not compared, a subject that never
//! rejects is not compared on validity, an `Unsupported` outcome is never a difference. Each
//! difference is checked against the subject's profile rules ([`super::profile`]).

use std::collections::BTreeMap;

use crate::model::{Answer, Component, Components, Op, Outcome};
use crate::subjects::SubjectInfo;

use super::profile::{explain_for, Evidence};
use super::{Class, Partition, Signature};

/// One discrepancy seen on one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What makes it the same as others.
    pub signature: Signature,
    /// The subjects that differ from the spec (for [`Class::PeersDisagree`]: every subject that
    /// accepted), by name.
    pub deviating: Vec<String>,
    /// For each deviating subject whose difference its profile explains: the rule.
    pub by_design: BTreeMap<String, String>,
}

impl Finding {
    /// Whether every deviating subject's difference is explained by its profile.
    pub fn explained(&self) -> bool {
        !self.deviating.is_empty()
            && self
                .deviating
                .iter()
                .all(|d| self.by_design.contains_key(d))
    }
}

/// A subject's answer on one thing, as compared.
#[derive(Clone, Debug, PartialEq, Eq)]
enum View<'a> {
    Rejected,
    Crashed,
    Value(Option<&'a str>),
}

/// The findings of one row: `outcomes[i]` is the answer of `subjects[i]`; `reference` is the
/// index of the spec implementation.
pub fn findings(
    subjects: &[&SubjectInfo],
    reference: usize,
    op: Op,
    input: &[u8],
    outcomes: &[Outcome<Answer>],
) -> Vec<Finding> {
    let mut out = Vec::new();
    let name = |i: usize| subjects[i].name.as_str();
    let answered: Vec<usize> = (0..subjects.len())
        .filter(|&i| !matches!(outcomes[i], Outcome::Unsupported(_)))
        .collect();

    // Crashes: one finding per crash kind, partitioned by outcome kind.
    let crashed: Vec<usize> = answered
        .iter()
        .copied()
        .filter(|&i| matches!(outcomes[i], Outcome::Crashed(_)))
        .collect();
    for &i in &crashed {
        let Outcome::Crashed(c) = &outcomes[i] else {
            continue;
        };
        let partition = Partition::of(
            answered
                .iter()
                .map(|&j| {
                    let tag = match &outcomes[j] {
                        Outcome::Crashed(c) => c.kind.name(),
                        _ => "answered",
                    };
                    (name(j), tag)
                })
                .collect(),
        );
        out.push(Finding {
            signature: Signature {
                class: Class::Crash(c.kind),
                op,
                partition,
                by_design: false,
            },
            deviating: vec![name(i).to_owned()],
            by_design: BTreeMap::new(),
        });
    }

    let spec = &outcomes[reference];
    if matches!(spec, Outcome::Unsupported(_) | Outcome::Crashed(_)) {
        return out;
    }
    let spec_accepted = spec.is_accepted();
    let spec_parsed = match spec {
        Outcome::Accepted(Answer::Parsed(p)) => Some(&p.components),
        _ => None,
    };

    // Validity, among the subjects that decide it.
    let deciders: Vec<usize> = answered
        .iter()
        .copied()
        .filter(|&i| subjects[i].decides_validity && !matches!(outcomes[i], Outcome::Crashed(_)))
        .collect();
    let validity = Partition::of(
        deciders
            .iter()
            .map(|&i| (name(i), outcomes[i].is_accepted()))
            .collect(),
    );
    if !validity.unanimous() {
        let class = if spec_accepted {
            Class::TooStrict
        } else {
            Class::TooLax
        };
        let deviating: Vec<usize> = deciders
            .iter()
            .copied()
            .filter(|&i| outcomes[i].is_accepted() != spec_accepted)
            .collect();
        push(&mut out, class, op, validity, &deviating, subjects, |_| {
            None
        });
    }

    match op {
        Op::Parse => {
            for c in Component::ALL {
                components(
                    &mut out,
                    subjects,
                    reference,
                    c,
                    input,
                    outcomes,
                    &answered,
                    spec_parsed,
                );
            }
        }
        Op::Resolve | Op::Normalize | Op::Equivalent | Op::Extract if spec_accepted => {
            let class = match op {
                Op::Resolve => Class::Resolution,
                Op::Normalize => Class::Normalization,
                _ => Class::Equivalence,
            };
            let accepted: Vec<usize> = answered
                .iter()
                .copied()
                .filter(|&i| outcomes[i].is_accepted())
                .collect();
            let partition = Partition::of(
                accepted
                    .iter()
                    .map(|&i| (name(i), answer_of(&outcomes[i])))
                    .collect(),
            );
            if !partition.unanimous() {
                let spec_answer = answer_of(spec);
                let deviating: Vec<usize> = accepted
                    .iter()
                    .copied()
                    .filter(|&i| answer_of(&outcomes[i]) != spec_answer)
                    .collect();
                push(&mut out, class, op, partition, &deviating, subjects, |_| {
                    None
                });
            }
        }
        _ => {}
    }
    out
}

fn answer_of(o: &Outcome<Answer>) -> Option<&Answer> {
    match o {
        Outcome::Accepted(a) => Some(a),
        _ => None,
    }
}

fn push(
    out: &mut Vec<Finding>,
    class: Class,
    op: Op,
    partition: Partition,
    deviating: &[usize],
    subjects: &[&SubjectInfo],
    explained_by: impl Fn(usize) -> Option<&'static super::Rule>,
) {
    // The subjects whose profile explains the difference and those whose does not make two
    // findings: by-design and unexplained differences are never one class.
    let rules: Vec<(usize, Option<&'static super::Rule>)> =
        deviating.iter().map(|&i| (i, explained_by(i))).collect();
    for by_design in [false, true] {
        let group: Vec<&(usize, Option<&'static super::Rule>)> = rules
            .iter()
            .filter(|(_, r)| r.is_some() == by_design)
            .collect();
        if group.is_empty() {
            continue;
        }
        out.push(Finding {
            signature: Signature {
                class,
                op,
                partition: partition.clone(),
                by_design,
            },
            deviating: group
                .iter()
                .map(|(i, _)| subjects[*i].name.clone())
                .collect(),
            by_design: group
                .iter()
                .filter_map(|(i, r)| {
                    r.map(|rule| {
                        (
                            subjects[*i].name.clone(),
                            match rule.profile {
                                "*" => format!("any profile: {}", rule.name),
                                p => format!("{p}: {}", rule.name),
                            },
                        )
                    })
                })
                .collect(),
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn components(
    out: &mut Vec<Finding>,
    subjects: &[&SubjectInfo],
    reference: usize,
    c: Component,
    input: &[u8],
    outcomes: &[Outcome<Answer>],
    answered: &[usize],
    spec: Option<&Components>,
) {
    let value = |i: usize| -> Option<View<'_>> {
        match &outcomes[i] {
            Outcome::Accepted(Answer::Parsed(p)) => Some(View::Value(p.components.get(c))),
            Outcome::Rejected(_) => Some(View::Rejected),
            Outcome::Crashed(_) => Some(View::Crashed),
            _ => None,
        }
    };
    // Who is compared on this component: those that report it and accepted the input.
    let reporting: Vec<usize> = answered
        .iter()
        .copied()
        .filter(|&i| subjects[i].components.contains(c))
        .filter(|&i| matches!(value(i), Some(View::Value(_))))
        .collect();
    let partition_of = |who: &[usize]| {
        Partition::of(
            who.iter()
                .filter_map(|&i| Some((subjects[i].name.as_str(), value(i)?)))
                .collect(),
        )
    };
    let partition = partition_of(&reporting);
    if partition.unanimous() {
        return;
    }
    let Some(spec_components) = spec else {
        // The spec rejects the input, and the parsers that accept it (and decide validity: a
        // splitter that accepts everything reads nothing in particular) read it differently.
        let reporting: Vec<usize> = reporting
            .into_iter()
            .filter(|&i| subjects[i].decides_validity)
            .collect();
        let partition = partition_of(&reporting);
        if partition.unanimous() {
            return;
        }
        push(
            out,
            Class::PeersDisagree(c),
            Op::Parse,
            partition,
            &reporting,
            subjects,
            |_| None,
        );
        return;
    };
    let spec_value = spec_components.get(c);
    let mut by_class: BTreeMap<Class, Vec<usize>> = BTreeMap::new();
    for &i in &reporting {
        let Some(View::Value(got)) = value(i) else {
            continue;
        };
        if i == reference || got == spec_value {
            continue;
        }
        let class = match (spec_value, got) {
            (None, Some("")) | (Some(""), None) => Class::UndefinedVsEmpty(c),
            _ => Class::Component(c),
        };
        by_class.entry(class).or_default().push(i);
    }
    for (class, deviating) in by_class {
        push(
            out,
            class,
            Op::Parse,
            partition.clone(),
            &deviating,
            subjects,
            |i| {
                let Some(View::Value(got)) = value(i) else {
                    return None;
                };
                let evidence = Evidence {
                    class,
                    input,
                    spec: spec_value,
                    got,
                    spec_components: Some(spec_components),
                };
                explain_for(&subjects[i].profile, &subjects[i].name, &evidence)
            },
        );
    }
}
