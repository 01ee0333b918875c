//! What to look at first: the unexplained classes joined by root cause and ranked.
//!
//! A class is one parser's behaviour; a root cause is one behaviour wherever it shows: the same
//! class of difference on the same form of minimized input (`go-net-url host parse: a://[:1]`
//! and `node-legacy-url host parse: a://[:1]` are one root cause shown by two parsers). Ranked
//! by severity, then by reach: how many parsers show it, then how many inputs.

use std::collections::BTreeMap;

use crate::engine::{Class, ClassRecord, Severity};
use crate::model::{Answer, Component, Op, Outcome};
use crate::report::{RootCause, Side};
use crate::text::show;

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

/// An outcome in a few words, on what the class is about: the component's value for a
/// component class, the verdict for validity, the answer for an operation.
pub(crate) fn brief(o: &Outcome<Answer>, class: Class) -> String {
    let value = |v: Option<&str>| {
        v.map_or_else(
            || "undefined".to_owned(),
            |s| format!("{:?}", show(s.as_bytes())),
        )
    };
    match o {
        Outcome::Accepted(Answer::Parsed(p)) => match class.component() {
            // The authority class is a reading with or without an authority: what it puts in
            // the host and the path (and the userinfo and port, where there are any) shows it.
            Some(Component::Authority) => {
                let parts: Vec<String> = [
                    Component::Userinfo,
                    Component::Host,
                    Component::Port,
                    Component::Path,
                ]
                .into_iter()
                .filter(|&c| {
                    !p.not_reported.contains(c)
                        && (p.components.get(c).is_some()
                            || matches!(c, Component::Host | Component::Path))
                })
                .map(|c| format!("{}={}", c.name(), value(p.components.get(c))))
                .collect();
                parts.join(" ")
            }
            Some(c) if p.not_reported.contains(c) => format!("{} not reported", c.name()),
            Some(c) => format!("{}={}", c.name(), value(p.components.get(c))),
            None => {
                let routing = [Component::Scheme, Component::Host, Component::Path];
                let parts: Vec<String> = routing
                    .iter()
                    .map(|c| format!("{}={}", c.name(), value(p.components.get(*c))))
                    .collect();
                format!("valid, {}", parts.join(" "))
            }
        },
        Outcome::Accepted(Answer::Text(t)) => format!("{:?}", show(t.as_bytes())),
        Outcome::Accepted(Answer::Bool(b)) => b.to_string(),
        Outcome::Accepted(Answer::List(l)) => format!("{l:?}"),
        Outcome::Rejected(r) => format!("invalid ({})", show(r.message.as_bytes())),
        Outcome::Unsupported(why) => format!("n/a ({why})"),
        Outcome::Crashed(c) => format!(
            "crashed ({}): {}",
            c.kind.name(),
            show(c.message.as_bytes())
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Components, Parsed};

    #[test]
    fn an_authority_class_shows_the_reading_not_the_authority_alone() {
        let at = |host: Option<&str>, path: Option<&str>| {
            Outcome::Accepted(Answer::Parsed(Box::new(Parsed::from(
                Components::default()
                    .with(Component::Host, host)
                    .with(Component::Path, path),
            ))))
        };
        let class = Class::Component(Component::Authority);
        assert_eq!(
            brief(&at(Some("b"), None), class),
            "host=\"b\" path=undefined"
        );
        assert_eq!(
            brief(&at(None, Some("b")), class),
            "host=undefined path=\"b\""
        );
    }
}
