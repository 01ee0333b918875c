//! Discrepancy classes, signatures and severity: what a finding is, how findings are grouped,
//! and which come first.
//!
//! A class is one behaviour of one parser: its [`Signature`] is the deviating subject, the
//! [`Class`] of the difference (validity, a component, an operation, round-trip, crash), the
//! operation, and the form of the difference: the [`skeleton`] of the minimized input (letters,
//! sub-delims and unreserved marks to `a`, digits to `1`, characters RFC 3986 allows nowhere to
//! `¬`, runs of each collapsed, the generic delimiters kept), so `http://a:` and `ftp://b:` are
//! one class; a minimized example holding `¬` bytes is known by their kinds and components
//! instead ([`disallowed_form`]). Which other parsers happened to agree is never part of it:
//! the partition of every subject by answer stays in the class record as evidence.

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
    /// On an input the subject accepts and its reference rejects, a component differs from
    /// where a browser or a lenient splitter routes the input (the lenient reading,
    /// [`crate::subjects::lenient`]): the reference has no reading to compare with there.
    Lenient(Component),
    /// Reference resolution gives a different target.
    Resolution,
    /// Normalization gives a different result.
    Normalization,
    /// Equivalence answers differ.
    Equivalence,
    /// The parser's own serialization, parsed again by it, is rejected or gives other
    /// components.
    RoundTrip,
}

impl Class {
    /// The component the class is about, if any.
    pub fn component(self) -> Option<Component> {
        match self {
            Class::Component(c) | Class::UndefinedVsEmpty(c) | Class::Lenient(c) => Some(c),
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
            Class::Lenient(c) => format!("lenient-{}", c.name().replace('_', "-")),
            Class::Resolution => "resolution".into(),
            Class::Normalization => "normalization".into(),
            Class::Equivalence => "equivalence".into(),
            Class::RoundTrip => "round-trip".into(),
        }
    }

    /// How much the class matters, lower first: crashes, then the components that route requests
    /// and decide URL filters (scheme, authority, userinfo, host, port: the URL-confusion
    /// classes), then validity, path, resolution, query, fragment, and the rest.
    pub fn severity(self) -> Severity {
        match self {
            Class::Crash(_) => Severity::Critical,
            Class::Component(c) | Class::Lenient(c) if c.routes() => Severity::Critical,
            Class::TooLax | Class::TooStrict | Class::RoundTrip => Severity::High,
            Class::Component(Component::Path | Component::HostKind)
            | Class::Lenient(Component::Path | Component::HostKind)
            | Class::Resolution => Severity::High,
            Class::Component(_) | Class::Lenient(_) => Severity::Medium,
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

impl Severity {
    /// Every severity, most severe first.
    pub const ALL: [Severity; 4] = [
        Severity::Critical,
        Severity::High,
        Severity::Medium,
        Severity::Low,
    ];

    /// The severity's name as the reports write it.
    ///
    /// ```
    /// use uridiff::engine::Severity;
    /// assert_eq!(Severity::Critical.name(), "critical");
    /// // Most severe first: a sort puts critical before low.
    /// assert!(Severity::Critical < Severity::Low);
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Severity::Critical => "critical",
            Severity::High => "high",
            Severity::Medium => "medium",
            Severity::Low => "low",
        }
    }
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

/// What makes two findings one class: one behaviour of one parser.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Signature {
    /// The deviating subject.
    pub subject: String,
    /// The kind of disagreement.
    pub class: Class,
    /// The operation.
    pub op: crate::model::Op,
    /// The form of the difference: the [`skeleton`] of the input, or for a minimized example
    /// that holds bytes RFC 3986 allows nowhere, their kinds and places ([`disallowed_form`]).
    pub form: String,
    /// Whether the subject's profile explains the difference (by design): explained and
    /// unexplained differences are never one class.
    pub by_design: bool,
}

/// One parser's findings of one class, operation and verdict, whatever their form: what a
/// [`super::Classifier`] keeps a bounded number of forms of, and a campaign minimizes a share of.
pub type Coarse = (String, Class, crate::model::Op, bool);

impl Signature {
    /// The (subject, class, operation, verdict) of the signature: its [`Coarse`] group.
    ///
    /// ```
    /// use uridiff::engine::{Class, Signature};
    /// use uridiff::model::Op;
    /// let s = Signature { subject: "url".into(), class: Class::TooLax, op: Op::Parse,
    ///                     form: "a".into(), by_design: true };
    /// assert_eq!(s.coarse(), ("url".to_owned(), Class::TooLax, Op::Parse, true));
    /// ```
    pub fn coarse(&self) -> Coarse {
        (self.subject.clone(), self.class, self.op, self.by_design)
    }

    /// The signature as one line, the key of baselines and campaign findings:
    /// `subject class op: form`, prefixed `by-design ` when explained, without trailing spaces.
    ///
    /// ```
    /// use uridiff::engine::{Class, Signature};
    /// use uridiff::model::{Component, Op};
    /// let s = Signature { subject: "url".into(), class: Class::Component(Component::Host),
    ///                     op: Op::Parse, form: "a://a:".into(), by_design: false };
    /// assert_eq!(s.key(), "url host parse: a://a:");
    /// ```
    pub fn key(&self) -> String {
        let prefix = if self.by_design { "by-design " } else { "" };
        // Trimmed, so the key survives a text file's trailing whitespace (a baseline line).
        format!(
            "{prefix}{} {} {}: {}",
            self.subject, self.class, self.op, self.form
        )
        .trim_end()
        .to_owned()
    }
}

/// The skeleton of an input: what RFC 3986's generic syntax reads as structure is kept, the
/// rest is reduced to the kind of byte it is.
///
/// - Kept: the generic delimiters `: / ? # [ ] @` (RFC 3986 2.2's gen-delims, which end or open
///   a component), `%` (2.1, an encoded octet) and `.` (dot-segments, 3.3, and IPv4 dotted
///   decimal, 3.2.2).
/// - Letters, and the other characters every component takes as data (the unreserved
///   `- _ ~` of 2.3 and the sub-delims `! $ & ' ( ) * + , ; =` of 2.2, which the generic syntax
///   never splits on) become `a`, a run of them one `a`: a parser that reads `a:b` and `a:*`
///   alike the wrong way shows one behaviour.
/// - Digits become `1`, a run one `1` (a port, an IPv4 address, a scheme's first character).
/// - An IPvFuture literal is `[v]`: its text is opaque to RFC 3986 (3.2.2).
/// - Every byte RFC 3986 allows nowhere (a space, `"`, `<`, `\`, `{`, a control, a byte
///   outside ASCII) becomes `¬`, a run of them one `¬`: a parser that lets one such character
///   through lets the others through too.
///
/// ```
/// use uridiff::engine::skeleton;
/// assert_eq!(skeleton(b"http://a:"), skeleton(b"ftp://b:"));
/// assert_eq!(skeleton(b"http://[::1]:80/x%2F"), "a://[::1]:1/a%1a");
/// assert_ne!(skeleton(b"http://a@b"), skeleton(b"http://a/b"));
/// assert_eq!(skeleton(b"?}"), skeleton(b"?<\x01"));
/// assert_eq!(skeleton("a b\u{e9}".as_bytes()), "a¬a¬");
/// // Sub-delims and unreserved marks are data, as letters are.
/// assert_eq!(skeleton(b"o:*@"), skeleton(b"o:a@"));
/// assert_eq!(skeleton(b"svn+ssh://x_y"), "a://a");
/// assert_ne!(skeleton(b"a:1.1"), skeleton(b"a:a"));
/// // An IPvFuture literal is opaque after its "v".
/// assert_eq!(skeleton(b"//[v7.a]"), "//[v]");
/// assert_eq!(skeleton(b"//[VC.:]"), skeleton(b"//[v3.x]"));
/// ```
pub fn skeleton(input: &[u8]) -> String {
    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        Data,
        Digit,
        Forbidden,
        Delimiter,
    }
    let mut out = String::with_capacity(input.len());
    let mut last = Kind::Delimiter;
    let mut future = false;
    for (i, &b) in input.iter().enumerate() {
        // An IPvFuture literal's text after its "v" is opaque to RFC 3986 (3.2.2: a version
        // and then unreserved, sub-delims and ":"): `[v7.a]` and `[VC.:]` are one form.
        if future {
            if b == b']' {
                future = false;
                out.push(']');
                last = Kind::Delimiter;
            }
            continue;
        }
        if b == b'[' && matches!(input.get(i + 1), Some(b'v' | b'V')) {
            future = true;
            out.push_str("[v");
            continue;
        }
        let kind = match b {
            _ if is_data(b) => Kind::Data,
            b'0'..=b'9' => Kind::Digit,
            // RFC 3986 2.2's gen-delims, "%" (2.1) and ".".
            b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@' | b'%' | b'.' => Kind::Delimiter,
            _ => Kind::Forbidden,
        };
        match kind {
            Kind::Data | Kind::Digit | Kind::Forbidden if kind == last => {}
            Kind::Data => out.push('a'),
            Kind::Digit => out.push('1'),
            Kind::Forbidden => out.push('¬'),
            Kind::Delimiter => out.push(b as char),
        }
        last = kind;
    }
    out
}

/// The form of a difference on a job: the [`skeleton`] of its input (for a resolution's
/// reference, with digits as letters); for an equivalence test, of both operands, in order, joined by ` ~ ` (which operand came first is no part of the
/// behaviour: `*` against `%2A` is `%2A` against `*`).
///
/// ```
/// use uridiff::engine::form;
/// use uridiff::model::Op;
/// assert_eq!(form(Op::Parse, b"http://a:", None), "a://a:");
/// assert_eq!(form(Op::Resolve, b"../x", Some(b"http://a/b")), "../a");
/// assert_eq!(form(Op::Resolve, b"1", Some(b"a:")), form(Op::Resolve, b"g", Some(b"a:")));
/// assert_eq!(form(Op::Equivalent, b"*", Some(b"%2A")), "%1a ~ a");
/// assert_eq!(form(Op::Equivalent, b"%2A", Some(b"*")), "%1a ~ a");
/// assert_eq!(form(Op::Equivalent, b"x*y", Some(b"x%2ay")), "a ~ a%1a");
/// ```
pub fn form(op: crate::model::Op, input: &[u8], second: Option<&[u8]>) -> String {
    match (op, second) {
        (crate::model::Op::Equivalent, Some(other)) => {
            let mut pair = [skeleton(input), skeleton(other)];
            pair.sort();
            pair.join(" ~ ")
        }
        // A reference's segments are merged and their dots removed alike whether they are
        // letters or digits (RFC 3986 5.2): `1` and `g` against one base are one behaviour.
        (crate::model::Op::Resolve, _) => {
            let mut out = String::new();
            for c in skeleton(input).chars() {
                let c = if c == '1' { 'a' } else { c };
                if !(c == 'a' && out.ends_with('a')) {
                    out.push(c);
                }
            }
            out
        }
        _ => skeleton(input),
    }
}

/// Whether `b` is what every component takes as data and the [`skeleton`] writes `a`: RFC 3986
/// 2.3's unreserved letters and marks (less "."), and 2.2's sub-delims.
pub(crate) fn is_data(b: u8) -> bool {
    b.is_ascii_alphabetic() || b"-_~!$&'()*+,;=".contains(&b)
}

/// The kind of a byte RFC 3986 allows nowhere (a `¬` of the [`skeleton`]), in the URL
/// Standard's terms where it has them, which are the distinctions parsers make: an "ASCII tab or
/// newline" (removed anywhere by its basic URL parser, step 3), a "C0 control or space" (trimmed
/// from both ends, step 1), DEL, a code point above ASCII; each other printable ASCII character
/// (`"` `<` `>` `\` `^` `` ` `` `{` `|` `}`) is its own kind, each having its own place in the
/// percent-encode sets (and `\` in special URLs being a `/`). `None` for an allowed byte.
///
/// ```
/// use uridiff::engine::disallowed_kind;
/// assert_eq!(disallowed_kind(b'\n'), Some("tab-or-newline"));
/// assert_eq!(disallowed_kind(b' '), Some("c0-or-space"));
/// assert_eq!(disallowed_kind(b'\\'), Some("\\"));
/// assert_eq!(disallowed_kind(0xc3), Some("non-ascii"));
/// assert_eq!(disallowed_kind(b'%'), None);
/// ```
pub fn disallowed_kind(b: u8) -> Option<&'static str> {
    Some(match b {
        b'\t' | b'\n' | b'\r' => "tab-or-newline",
        0x00..=0x20 => "c0-or-space",
        0x7f => "del",
        0x80..=0xff => "non-ascii",
        b'"' => "\"",
        b'<' => "<",
        b'>' => ">",
        b'\\' => "\\",
        b'^' => "^",
        b'`' => "`",
        b'{' => "{",
        b'|' => "|",
        b'}' => "}",
        _ => return None,
    })
}

/// The form of a minimized example that holds bytes RFC 3986 allows nowhere: each kind of such
/// byte ([`disallowed_kind`]) with the component RFC 3986's Appendix B expression puts it in,
/// and nothing of where else the example has letters or delimiters. A 1-minimal example keeps
/// the structure the difference needs to show (`http:` before a tab for a parser that reads
/// only http URLs), and that structure differs from one input to the next (`http:\te`,
/// `http:\t0`, `http:\t[::1]`); the stray byte is what the behaviour is about: a parser that
/// keeps a tab in a host keeps it after any host text. The component stays in the form, as a
/// too-lax parse's reason names whether the byte was in the authority. `None` when the input
/// holds no such byte, or for an equivalence test (whose two operands are the form).
///
/// ```
/// use uridiff::engine::disallowed_form;
/// use uridiff::model::Op;
/// assert_eq!(disallowed_form(Op::Parse, b"http:\te").as_deref(), Some("\u{ac}tab-or-newline in path"));
/// assert_eq!(disallowed_form(Op::Parse, b"http:\t0"), disallowed_form(Op::Parse, b"http:\t[::1]"));
/// assert_ne!(disallowed_form(Op::Parse, b"ht\ttp:a"), disallowed_form(Op::Parse, b"http:\ta"));
/// assert_eq!(disallowed_form(Op::Parse, b"\x01a:b\\").as_deref(),
///            Some("\u{ac}c0-or-space in scheme, \u{ac}\\ in path"));
/// assert_eq!(disallowed_form(Op::Parse, b"http://a/"), None);
/// ```
pub fn disallowed_form(op: crate::model::Op, input: &[u8]) -> Option<String> {
    if op == crate::model::Op::Equivalent || input.iter().all(|&b| disallowed_kind(b).is_none()) {
        return None;
    }
    // Appendix B's groups: $2 scheme, $4 authority, $5 path, $7 query, $9 fragment.
    const GROUPS: [(usize, &str); 5] = [
        (2, "scheme"),
        (4, "authority"),
        (5, "path"),
        (7, "query"),
        (9, "fragment"),
    ];
    let groups = uri_oracle::appendix_b::captures(input);
    let mut seen: Vec<(usize, &str)> = Vec::new();
    for (at, &b) in input.iter().enumerate() {
        let Some(kind) = disallowed_kind(b) else {
            continue;
        };
        let place = GROUPS
            .iter()
            .position(|&(n, _)| groups.span(n).is_some_and(|s| s.contains(&at)))
            .unwrap_or(GROUPS.len());
        if !seen.contains(&(place, kind)) {
            seen.push((place, kind));
        }
    }
    seen.sort();
    let parts: Vec<String> = seen
        .iter()
        .map(|&(place, kind)| {
            let name = GROUPS.get(place).map_or("delimiter", |g| g.1);
            format!("\u{ac}{kind} in {name}")
        })
        .collect();
    Some(parts.join(", "))
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
    fn a_severitys_name_is_its_json_name() {
        // The text outputs write `name()`, the JSON ones serde's form: one word for both.
        for s in Severity::ALL {
            assert_eq!(serde_json::to_value(s).unwrap(), s.name());
        }
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
                    Class::Lenient(c),
                ]
            })
            .chain([
                Class::TooLax,
                Class::TooStrict,
                Class::Resolution,
                Class::RoundTrip,
            ])
            .map(Class::name)
            .collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n);
    }
}
