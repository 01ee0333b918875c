//! Discrepancy classes, signatures and severity: what a finding is, how findings are grouped,
//! and which come first.
//!
//! A finding's [`Signature`] is its [`Class`], its component, and the partition of the subjects
//! by their answer (the agreement grid): two inputs on which the same subjects split the same way
//! on the same thing are one discrepancy, however different the inputs look.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::model::{Component, CrashKind};

/// What kind of disagreement a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// A subject crashed (panic, timeout, worker exit, protocol error).
    Crash(CrashKind),
    /// A subject rejects what the spec accepts.
    TooStrict,
    /// A subject accepts what the spec rejects.
    TooLax,
    /// A component's value differs.
    Component(Component),
    /// A component is undefined on one side and empty on the other.
    UndefinedVsEmpty(Component),
    /// Subjects that accept an input the spec rejects read a component differently.
    PeersDisagree(Component),
    /// Reference resolution gives a different target.
    Resolution,
    /// Normalization gives a different result.
    Normalization,
    /// Equivalence answers differ.
    Equivalence,
}

impl Class {
    /// The component the class is about, if any.
    pub fn component(self) -> Option<Component> {
        match self {
            Class::Component(c) | Class::UndefinedVsEmpty(c) | Class::PeersDisagree(c) => Some(c),
            _ => None,
        }
    }

    /// The class's stable name (`host`, `too-strict`, `crash-timeout`, `undefined-vs-empty-query`).
    pub fn name(self) -> String {
        match self {
            Class::Crash(k) => format!("crash-{}", k.name()),
            Class::TooStrict => "too-strict".into(),
            Class::TooLax => "too-lax".into(),
            Class::Component(c) => c.name().replace('_', "-"),
            Class::UndefinedVsEmpty(c) => format!("undefined-vs-empty-{}", c.name()),
            Class::PeersDisagree(c) => format!("peers-disagree-{}", c.name().replace('_', "-")),
            Class::Resolution => "resolution".into(),
            Class::Normalization => "normalization".into(),
            Class::Equivalence => "equivalence".into(),
        }
    }

    /// How much the class matters, lower first: crashes, then the components that route requests
    /// and decide URL filters (scheme, authority, userinfo, host, port: the URL-confusion
    /// classes), then validity, path, resolution, query, fragment, and the rest.
    pub fn severity(self) -> Severity {
        match self {
            Class::Crash(_) => Severity::Critical,
            Class::Component(c) | Class::PeersDisagree(c) if c.routes() => Severity::Critical,
            Class::TooLax | Class::TooStrict => Severity::High,
            Class::Component(Component::Path | Component::HostKind) | Class::Resolution => {
                Severity::High
            }
            Class::PeersDisagree(Component::Path) => Severity::Medium,
            Class::Component(_) | Class::PeersDisagree(_) => Severity::Medium,
            Class::Normalization | Class::Equivalence => Severity::Medium,
            Class::UndefinedVsEmpty(_) => Severity::Low,
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl Serialize for Class {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

/// How much a class matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Crashes, and disagreements on scheme, authority, userinfo, host or port.
    Critical,
    /// Validity, path, host kind, resolution.
    High,
    /// Query, fragment, normalization, equivalence.
    Medium,
    /// Undefined against empty.
    Low,
}

/// The partition of subjects by answer: groups of subject names, each sorted, the groups sorted.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Partition(pub Vec<Vec<String>>);

impl Partition {
    /// Groups `answers` (subject name, answer) by equal answer.
    ///
    /// ```
    /// use uridiff::engine::Partition;
    /// let p = Partition::of(vec![("b", 1), ("a", 1), ("c", 2)]);
    /// assert_eq!(p.to_string(), "a b | c");
    /// ```
    pub fn of<A: PartialEq>(answers: Vec<(&str, A)>) -> Partition {
        let mut groups: Vec<(A, Vec<String>)> = Vec::new();
        for (name, answer) in answers {
            match groups.iter_mut().find(|(a, _)| *a == answer) {
                Some((_, names)) => names.push(name.to_owned()),
                None => groups.push((answer, vec![name.to_owned()])),
            }
        }
        let mut out: Vec<Vec<String>> = groups
            .into_iter()
            .map(|(_, mut names)| {
                names.sort();
                names
            })
            .collect();
        out.sort();
        Partition(out)
    }

    /// Whether everyone agrees.
    pub fn unanimous(&self) -> bool {
        self.0.len() <= 1
    }

    /// Whether `a` and `b` are in the same group.
    pub fn together(&self, a: &str, b: &str) -> bool {
        self.0
            .iter()
            .any(|g| g.iter().any(|n| n == a) && g.iter().any(|n| n == b))
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, g) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            f.write_str(&g.join(" "))?;
        }
        Ok(())
    }
}

/// What makes two findings the same discrepancy.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Signature {
    /// The kind of disagreement.
    pub class: Class,
    /// The operation.
    pub op: crate::model::Op,
    /// The subjects by answer.
    pub partition: Partition,
    /// Whether the deviating subjects' profiles explain the difference (by design): explained
    /// and unexplained differences are never one class.
    pub by_design: bool,
}

impl Signature {
    /// The signature as one line: `class op: partition` (prefixed `by-design ` when explained),
    /// the key of baselines.
    ///
    /// ```
    /// use uridiff::engine::{Class, Partition, Signature};
    /// use uridiff::model::{Component, Op};
    /// let s = Signature { class: Class::Component(Component::Host), op: Op::Parse,
    ///                     partition: Partition::of(vec![("impl", 1), ("url", 2)]), by_design: false };
    /// assert_eq!(s.key(), "host parse: impl | url");
    /// ```
    pub fn key(&self) -> String {
        let prefix = if self.by_design { "by-design " } else { "" };
        format!("{prefix}{} {}: {}", self.class, self.op, self.partition)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routing_components_rank_first() {
        let host = Class::Component(Component::Host).severity();
        let query = Class::Component(Component::Query).severity();
        let empty = Class::UndefinedVsEmpty(Component::Host).severity();
        assert!(host < query && query < empty);
        assert!(Class::Crash(CrashKind::Panic).severity() <= host);
        assert!(Class::TooLax.severity() < query);
    }

    #[test]
    fn partitions_ignore_order() {
        let a = Partition::of(vec![("x", "1"), ("y", "2"), ("z", "1")]);
        let b = Partition::of(vec![("y", "9"), ("z", "0"), ("x", "0")]);
        assert_eq!(a, b);
        assert!(a.together("x", "z") && !a.together("x", "y"));
        assert!(!a.unanimous());
    }

    #[test]
    fn class_names_are_distinct() {
        let mut names: Vec<String> = Component::ALL
            .into_iter()
            .flat_map(|c| {
                [
                    Class::Component(c),
                    Class::UndefinedVsEmpty(c),
                    Class::PeersDisagree(c),
                ]
            })
            .chain([Class::TooLax, Class::TooStrict, Class::Resolution])
            .map(Class::name)
            .collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n);
    }
}
