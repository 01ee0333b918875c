//! Comparison: one row (one job; every subject's answer, each reference's answer and each
//! subject's re-parse of its own serialization) becomes findings.
//!
//! Each subject is judged against its own profile's reference only
//! ([`crate::subjects::profile::Reference`]): RFC 3986 parsers against impl under `rfc3986`,
//! RFC 2396 parsers against impl under `draft-fielding-uri-syntax-02`, WHATWG parsers against the
//! WHATWG reference, whatever edition the job came from. A subject is compared only on what it
//! declares: a component it does not report (or says it does not report for this input) is not
//! compared, a subject that never rejects is not judged on validity, an `Unsupported` outcome is
//! never a difference. Every difference, of every class, is checked against the subject's
//! profile rules ([`super::profile`]). The comparison never calls a parser.

use crate::model::{Answer, Component, Components, Op, Outcome, Parsed};
use crate::subjects::SubjectInfo;

use super::octets::authority_span;
use super::profile::{explain_for, Evidence, Rule};
use super::{form, Class, Signature};

/// One discrepancy of one subject on one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What makes it one class with others (its form is the skeleton of this input; classes
    /// re-key it by the skeleton of the minimized input).
    pub signature: Signature,
    /// The rule of the subject's profile that reproduces its answer, when the difference is by
    /// design (its id names it, [`Rule::label`] prints it).
    pub rule: Option<&'static Rule>,
    /// Why a validity or round-trip difference is one. For a round trip, the first component
    /// the re-reading changes (`re-read: host`, or `re-read: rejected`). For `too-lax`, the reference's error code (and, for a
    /// parse whose blamed byte is in the authority, `in authority`: `unexpected-byte in
    /// authority`); for `too-strict`, the
    /// subject's own error code. The minimizer keeps it, so an example does not drift from one
    /// reason to another (`"` let through to a ":" in a first segment, or a refused scheme to
    /// a refused empty string).
    pub reason: Option<String>,
}

impl Finding {
    /// Whether the subject's profile explains the difference.
    pub fn explained(&self) -> bool {
        self.rule.is_some()
    }
}

/// What one subject is judged on for one job.
#[derive(Clone, Copy, Debug)]
pub struct Judged<'a> {
    /// The subject's declaration.
    pub info: &'a SubjectInfo,
    /// Its answer.
    pub outcome: &'a Outcome<Answer>,
    /// Its reference's answer to the same job.
    pub reference: &'a Outcome<Answer>,
    /// Where a browser or a lenient splitter routes the input ([`crate::subjects::lenient`]),
    /// for a subject judged on what it reads from an input its reference rejects; `None` for
    /// the project's own subjects and the WHATWG parsers.
    pub lenient: Option<&'a Outcome<Answer>>,
    /// The job's second operand (`resolve`: the base; `equivalent`: the other operand).
    pub second: Option<&'a [u8]>,
    /// Its own serialization of a parse, parsed again by it (when it gives one that differs from
    /// the input).
    pub reparsed: Option<&'a Outcome<Answer>>,
}

/// The findings of one subject on one job.
///
/// ```
/// use std::sync::Arc;
/// use uridiff::engine::{judge, Class, Judged};
/// use uridiff::model::{Answer, Component, Components, Op, Outcome, Parsed};
/// use uridiff::subjects::Subject;
/// let info = uridiff::subjects::Spec::get().info().clone();
/// let at = |host| Outcome::Accepted(Answer::Parsed(Arc::new(Parsed::from(
///     Components::default().with(Component::Scheme, Some("http")).with(Component::Host, Some(host))))));
/// let (got, reference) = (at("b"), at("a"));
/// let f = judge(Op::Parse, b"http://a", &Judged { info: &info, outcome: &got, reference: &reference,
///                                                 lenient: None, second: None, reparsed: None });
/// assert_eq!(f.len(), 1);
/// assert_eq!(f[0].signature.class, Class::Component(Component::Host));
/// ```
pub fn judge(op: Op, input: &[u8], j: &Judged<'_>) -> Vec<Finding> {
    judge_by_profile(op, input, j, true)
}

/// [`judge`], with the rules that may explain a difference given: the conformance matrix uses it
/// to say in what a WHATWG parser differs from RFC 3986 by the URL Standard's design
/// ([`super::versus_rfc3986`]).
pub fn judge_by(
    op: Op,
    input: &[u8],
    j: &Judged<'_>,
    explain: &dyn Fn(&Evidence<'_>) -> Option<&'static Rule>,
) -> Vec<Finding> {
    judge_formed(op, input, j, explain, true)
}

/// [`judge`] for a caller that reads each finding's class, operation, verdict and reason but not
/// its form (the minimizer's test of a candidate): the forms are left empty, since making each
/// finding's skeleton of the input is most of what a finding costs to build.
pub(super) fn judge_unformed(op: Op, input: &[u8], j: &Judged<'_>) -> Vec<Finding> {
    judge_by_profile(op, input, j, false)
}

/// Whether judging `outcome` against `reference` reads [`Judged::lenient`]: only where the
/// subject accepts what its reference rejects (an unsupported or crashed reference is no
/// verdict), as [`judge`] reaches the lenient reading nowhere else. A caller that makes the
/// lenient reading for one job alone may leave it out otherwise.
pub(super) fn reads_leniently(outcome: &Outcome<Answer>, reference: &Outcome<Answer>) -> bool {
    outcome.is_accepted() && matches!(reference, Outcome::Rejected(_))
}

/// [`judge_formed`] with the rules of the subject's own profile.
fn judge_by_profile(op: Op, input: &[u8], j: &Judged<'_>, formed: bool) -> Vec<Finding> {
    let info = j.info;
    judge_formed(
        op,
        input,
        j,
        &|e| explain_for(&info.profile, info.rules_owner(), e),
        formed,
    )
}

/// [`judge_by`], the findings' forms made where `formed`.
fn judge_formed(
    op: Op,
    input: &[u8],
    j: &Judged<'_>,
    explain: &dyn Fn(&Evidence<'_>) -> Option<&'static Rule>,
    formed: bool,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let info = j.info;
    let validity = validity_reason(op, input, j);
    let mut push = |class: Class, rule: Option<&'static Rule>, reason: Option<String>| {
        out.push(Finding {
            signature: Signature {
                subject: info.name.clone(),
                class,
                op,
                form: match formed {
                    true => class_form(class, op, input, j.second, reason.as_deref()),
                    false => String::new(),
                },
                by_design: rule.is_some(),
            },
            rule,
            reason,
        });
    };
    match j.outcome {
        Outcome::Unsupported(_) => return out,
        Outcome::Crashed(c) => {
            push(Class::Crash(c.kind), None, None);
            return out;
        }
        _ => {}
    }

    // Round-trip: the subject's own serialization, parsed again by it, must read the same. This
    // needs no reference: it is the library against itself.
    if let (Outcome::Accepted(Answer::Parsed(first)), Some(again)) = (j.outcome, j.reparsed) {
        let same = match again {
            Outcome::Accepted(Answer::Parsed(second)) => compared(info, first)
                .all(|c| reread_alike(c, first.components.get(c), second.components.get(c))),
            // A crash on the re-parse is a crash of its own, not a round-trip difference.
            Outcome::Crashed(_) | Outcome::Unsupported(_) => true,
            _ => false,
        };
        if !same {
            let reparsed = match again {
                Outcome::Accepted(Answer::Parsed(p)) => Some(&p.components),
                _ => None,
            };
            // What the re-reading changes first (in RFC 3986 3's order) is the behaviour: a
            // serializer that moves the path into the authority does so whatever the input's
            // shape, and whatever else moves with it.
            let changed = match reparsed {
                Some(second) => compared(info, first)
                    .find(|&c| !reread_alike(c, first.components.get(c), second.get(c)))
                    .map_or("", Component::name),
                None => "rejected",
            };
            let rule = explain(&Evidence {
                class: Class::RoundTrip,
                input,
                second: j.second,
                reparsed,
                reference: None,
                got: first.serialization.as_deref(),
                reference_components: Some(&first.components),
                serialization: None,
            });
            push(Class::RoundTrip, rule, Some(format!("re-read: {changed}")));
        }
    }

    let reference = j.reference;
    if matches!(reference, Outcome::Unsupported(_) | Outcome::Crashed(_)) {
        return out;
    }
    let ref_parsed = match reference {
        Outcome::Accepted(Answer::Parsed(p)) => Some(&p.components),
        _ => None,
    };

    // Validity. A rejection of what the reference accepts is judged for every subject, whether
    // or not it decides validity: a library that throws on a valid input fails its callers.
    // Accepting what the reference rejects is a class of a subject that decides validity; for
    // every subject, what it reads from such an input is then judged against the lenient
    // reading (below).
    if j.outcome.is_accepted() != reference.is_accepted() {
        let class = if reference.is_accepted() {
            Class::TooStrict
        } else {
            Class::TooLax
        };
        if class == Class::TooStrict || info.decides_validity {
            let rule = explain(&Evidence {
                class,
                input,
                second: j.second,
                reparsed: None,
                reference: None,
                got: None,
                reference_components: ref_parsed,
                serialization: None,
            });
            push(class, rule, validity);
        }
        if class == Class::TooLax {
            let code = match reference {
                Outcome::Rejected(r) => r.code.clone(),
                _ => None,
            };
            judge_leniently(info, input, j, explain, &mut |c, rule| {
                push(Class::Lenient(c), rule, code.clone());
            });
        }
        return out;
    }
    let (Outcome::Accepted(got), Outcome::Accepted(want)) = (j.outcome, reference) else {
        return out;
    };
    match (got, want) {
        (Answer::Parsed(got), Answer::Parsed(want)) => {
            // A difference a rule explains is its own by-design finding; the unexplained ones
            // are one reading of the input, so one finding (see `reading_differs`).
            let mut unexplained = Vec::new();
            for (class, spec, value) in component_differences(info, got, &want.components) {
                let rule = explain(&Evidence {
                    class,
                    input,
                    second: j.second,
                    reparsed: None,
                    reference: spec,
                    got: value,
                    reference_components: Some(&want.components),
                    serialization: got.serialization.as_deref(),
                });
                match rule {
                    Some(_) => push(class, rule, None),
                    None => unexplained.push(class),
                }
            }
            if let Some(class) = reading_differs(info, got, &want.components, &unexplained) {
                push(class, None, None);
            }
        }
        // Two operands that are one URI but for how an IPv6 address is spelled (RFC 4291 2.2)
        // are equivalent: uriparser finds `//[::]` and `//[0:0::]` equal, the same address,
        // where the reference compares text. (A normalization that respells an address is a
        // profile's rule: fluent-uri's RFC 5952 form, uriparser's eight groups.)
        (got, want) if got != want && ipv6_spelling_only(op, input, j.second, got, want) => {}
        (got, want) if got != want => {
            let class = match op {
                Op::Resolve => Class::Resolution,
                Op::Normalize => Class::Normalization,
                _ => Class::Equivalence,
            };
            let (g, w) = (text(got), text(want));
            let rule = explain(&Evidence {
                class,
                input,
                second: j.second,
                reparsed: None,
                reference: w.as_deref(),
                got: g.as_deref(),
                reference_components: None,
                serialization: None,
            });
            push(class, rule, None);
        }
        _ => {}
    }
    out
}

/// The findings of a subject's parse of an input its reference rejects, against the lenient
/// reading ([`super::lenient`]): each difference a rule of its profile explains, by design (the
/// rule sees the lenient reading as the reference's), and the first unexplained one, most
/// telling first, as the one finding of that reading. Nothing when there is no lenient reading
/// (a WHATWG parser, the project's own subjects, input that is not UTF-8) or it reads no scheme.
fn judge_leniently(
    info: &SubjectInfo,
    input: &[u8],
    j: &Judged<'_>,
    explain: &dyn Fn(&Evidence<'_>) -> Option<&'static Rule>,
    push: &mut dyn FnMut(Component, Option<&'static Rule>),
) {
    // A resolution: both targets read by the lenient reading, every component compared.
    if let (Outcome::Accepted(Answer::Text(got)), Some(Outcome::Accepted(Answer::Text(want)))) =
        (j.outcome, j.lenient)
    {
        let found = super::lenient::lenient_resolution_differences(got, want);
        if let Some((c, _, _)) = found.first() {
            // Rules see a resolution's targets, as for every resolution class.
            let rule = explain(&Evidence {
                class: Class::Resolution,
                input,
                second: j.second,
                reparsed: None,
                reference: Some(want),
                got: Some(got),
                reference_components: None,
                serialization: None,
            });
            push(*c, rule);
        }
        return;
    }
    let (Outcome::Accepted(Answer::Parsed(got)), Some(Outcome::Accepted(Answer::Parsed(want)))) =
        (j.outcome, j.lenient)
    else {
        return;
    };
    // A relative reference is routed by the base it is resolved against, not by itself: only
    // input the lenient reading gives a scheme is judged here (resolution judges the rest).
    if want.components.get(Component::Scheme).is_none() {
        return;
    }
    let mut unexplained = None;
    for (c, spec, value) in super::lenient::lenient_differences(info, got, &want.components) {
        let rule = explain(&Evidence {
            class: Class::Component(c),
            input,
            second: j.second,
            reparsed: None,
            reference: spec,
            got: value,
            reference_components: Some(&want.components),
            serialization: got.serialization.as_deref(),
        });
        match rule {
            Some(_) => push(c, rule),
            None => {
                unexplained.get_or_insert(c);
            }
        }
    }
    if let Some(c) = unexplained {
        push(c, None);
    }
}

/// Why the subject and its reference disagree on validity, when one of them says: the
/// reference's error code when it rejects (`in authority` after it when a parse's blamed byte
/// stands there), the subject's when it rejects.
fn validity_reason(op: Op, input: &[u8], j: &Judged<'_>) -> Option<String> {
    match (j.outcome, j.reference) {
        (Outcome::Accepted(_), Outcome::Rejected(r)) => {
            let code = r.code.as_deref()?;
            // Which character a parser lets through is no part of the behaviour (a parser that
            // checks none lets `"`, `]` and `#` through alike), where it stands is: in the
            // authority, it decides where a request goes.
            match (op, r.offset) {
                (Op::Parse, Some(at)) if authority_span(input).contains(&at) => {
                    Some(format!("{code} in authority"))
                }
                _ => Some(code.to_owned()),
            }
        }
        (Outcome::Rejected(r), Outcome::Accepted(_)) => r.code.clone(),
        _ => None,
    }
}

/// Whether a component read again from a parser's own serialization is the one first read: the
/// same text, or for a host the same IPv6 address in another spelling (RFC 4291 2.2: uriparser
/// writes `[::]` back as `[0000:0000:0000:0000:0000:0000:0000:0000]`, one address).
fn reread_alike(c: Component, first: Option<&str>, again: Option<&str>) -> bool {
    if first == again {
        return true;
    }
    let address = |h: Option<&str>| {
        let h = h?;
        let bare = h
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .unwrap_or(h);
        bare.parse::<std::net::Ipv6Addr>().ok()
    };
    c == Component::Host && address(first).is_some() && address(first) == address(again)
}

/// `text` with each IP literal that holds an IPv6 address written as RFC 5952 writes it.
pub(crate) fn ipv6_written_compressed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|n| open + n) else {
            break;
        };
        out.push_str(&rest[..=open]);
        match rest[open + 1..close].parse::<std::net::Ipv6Addr>() {
            Ok(address) => out.push_str(&address.to_string()),
            Err(_) => out.push_str(&rest[open + 1..close]),
        }
        out.push(']');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Whether the subject says equivalent two operands that are one URI but for how an IPv6
/// address is spelled, where the reference says not.
fn ipv6_spelling_only(
    op: Op,
    input: &[u8],
    second: Option<&[u8]>,
    got: &Answer,
    want: &Answer,
) -> bool {
    match (op, got, want) {
        (Op::Equivalent, Answer::Bool(true), Answer::Bool(false)) => {
            let (Ok(a), Some(Ok(b))) =
                (std::str::from_utf8(input), second.map(std::str::from_utf8))
            else {
                return false;
            };
            a != b && ipv6_written_compressed(a) == ipv6_written_compressed(b)
        }
        _ => false,
    }
}

/// The form a finding is known by: for a round trip, what the re-reading changes first
/// (`re-read: host`); for a parse the reference rejects (`too-lax`), its reason alone, when it has one (a parser that lets `"` through in a path and `]` in a fragment lacks one check; `1:/a`
/// and `+:/a` break one rule); for a `too-strict` finding, the [`form`] with the subject's
/// error code after it; else the [`form`].
///
/// ```
/// use uridiff::engine::{class_form, Class};
/// use uridiff::model::Op;
/// assert_eq!(class_form(Class::TooLax, Op::Parse, b"/\"", None, Some("unexpected-byte")),
///            "unexpected-byte");
/// assert_eq!(class_form(Class::TooStrict, Op::Parse, b"a/b", None, Some("Bad scheme")),
///            "a/a (Bad scheme)");
/// assert_eq!(class_form(Class::TooStrict, Op::Parse, b"a/b", None, None), "a/a");
/// ```
pub fn class_form(
    class: Class,
    op: Op,
    input: &[u8],
    second: Option<&[u8]>,
    reason: Option<&str>,
) -> String {
    shaped(class, op, reason, || form(op, input, second))
}

/// The form a class is known by once its example is minimized: [`class_form`], but where the
/// example holds bytes RFC 3986 allows nowhere, their kinds and components
/// ([`super::disallowed_form`]) in place of its skeleton, so one behaviour shown at different
/// places of different scaffolding is one class. Only a minimized example is read so: an input
/// as it came may hold such a byte that has nothing to do with its difference.
///
/// ```
/// use uridiff::engine::{example_form, Class};
/// use uridiff::model::Op;
/// assert_eq!(example_form(Class::TooStrict, Op::Parse, b"http:\te", None, Some("E")),
///            example_form(Class::TooStrict, Op::Parse, b"http:\t0", None, Some("E")));
/// assert_eq!(example_form(Class::TooStrict, Op::Parse, b"a/b", None, Some("E")), "a/a (E)");
/// ```
pub fn example_form(
    class: Class,
    op: Op,
    input: &[u8],
    second: Option<&[u8]>,
    reason: Option<&str>,
) -> String {
    shaped(class, op, reason, || {
        super::disallowed_form(op, input).unwrap_or_else(|| form(op, input, second))
    })
}

/// A finding's form given the form of its input: the reason alone for a too-lax parse and a
/// round trip, the form and the subject's error for a too-strict one.
fn shaped(class: Class, op: Op, reason: Option<&str>, form: impl FnOnce() -> String) -> String {
    match (class, op, reason) {
        (Class::TooLax, Op::Parse, Some(r)) | (Class::RoundTrip, _, Some(r)) => r.to_owned(),
        (Class::TooStrict, _, Some(r)) => format!("{} ({r})", form()).trim_start().to_owned(),
        _ => form(),
    }
}

/// The components a subject is compared on for this answer: those it declares, less those it
/// says it does not report here.
fn compared<'a>(info: &'a SubjectInfo, got: &'a Parsed) -> impl Iterator<Item = Component> + 'a {
    Component::ALL
        .into_iter()
        .filter(move |&c| info.components.contains(c) && got.reports(c))
}

/// The component differences of one parse against the reference's: `(class, reference's value,
/// subject's value)`. One root cause, one finding: the authority differs whenever the userinfo,
/// host or port does, and the host's kind whenever the host does, so those follow-on differences
/// are not reported again.
fn component_differences<'a>(
    info: &SubjectInfo,
    got: &'a Parsed,
    want: &'a Components,
) -> Vec<(Class, Option<&'a str>, Option<&'a str>)> {
    let differs = |c: Component| {
        info.components.contains(c) && got.reports(c) && got.components.get(c) != want.get(c)
    };
    Component::ALL
        .into_iter()
        .filter(|&c| differs(c))
        .filter(|&c| match c {
            Component::Authority => {
                !(differs(Component::Userinfo)
                    || differs(Component::Host)
                    || differs(Component::Port))
            }
            Component::HostKind => !differs(Component::Host),
            _ => true,
        })
        .map(|c| {
            let (w, g) = (want.get(c), got.components.get(c));
            let class = match (w, g) {
                (None, Some("")) | (Some(""), None) => Class::UndefinedVsEmpty(c),
                _ => Class::Component(c),
            };
            (class, w, g)
        })
        .collect()
}

/// The one class of a subject's unexplained component differences on one input, most telling
/// first: a parser that reads an authority where the reference reads none (or none where it
/// reads one) splits the whole string otherwise, so its userinfo, host, port and path all differ
/// from one cause, the `authority` class (RFC 3986 3.2: the authority is there exactly when
/// "//" follows the scheme); else the first differing component in the order of RFC 3986 3
/// (scheme, authority, path, query, fragment). `None` when nothing is left unexplained.
fn reading_differs(
    info: &SubjectInfo,
    got: &Parsed,
    want: &Components,
    unexplained: &[Class],
) -> Option<Class> {
    let first = *unexplained.first()?;
    let server = [
        Component::Authority,
        Component::Userinfo,
        Component::Host,
        Component::Port,
    ];
    // Whether an authority is there, by what the subject reports of it.
    let present = |c: &Components| {
        server
            .iter()
            .filter(|&&s| info.components.contains(s) && got.reports(s))
            .any(|&s| c.get(s).is_some())
    };
    // Undefined against empty alone is no other reading: `//` with an empty authority.
    let substantive = unexplained
        .iter()
        .any(|c| matches!(c, Class::Component(s) if server.contains(s)));
    if substantive && present(&got.components) != present(want) {
        return Some(Class::Component(Component::Authority));
    }
    Some(first)
}

/// An answer of `resolve`, `normalize`, `equivalent` or `extract` as text, for the rules.
fn text(a: &Answer) -> Option<String> {
    match a {
        Answer::Text(t) => Some(t.clone()),
        Answer::Bool(b) => Some(b.to_string()),
        Answer::List(l) => Some(l.join(" ")),
        Answer::Parsed(p) => p.serialization.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::{ipv6_spelling_only, ipv6_written_compressed};
    use crate::model::{Answer, Op};

    /// The minimizer's judging finds what a report's does, every finding but its form alike.
    #[test]
    fn judging_without_forms_finds_the_same_findings() {
        use crate::engine::{Engine, Task};
        let engine = Engine::new(crate::subjects::in_process());
        let inputs: [&[u8]; 14] = [
            b"http://a b/",
            b"HTTP://[::1]:80/%7e",
            b"a:/\\x",
            b"//@@/",
            b"%zz",
            b"x:",
            b"http://a/b/../c",
            b"HTTP://EXAMPLE.com:/",
            b"http://u@[v1.x]/",
            b"file:///c|/x",
            b"http://a:99999/",
            b"http://1.2.3/",
            b"http:/a?b#c",
            b"ws://a/\tb",
        ];
        let mut compared = 0;
        for input in inputs {
            let row = engine.run_one(&Task::parse(input.to_vec(), "test"));
            for (i, s) in engine.subjects().iter().enumerate() {
                let judged = super::Judged {
                    info: s.info(),
                    outcome: &row.outcomes[i],
                    reference: engine.reference_answer_in(&row, i),
                    lenient: None,
                    second: None,
                    reparsed: row.reparsed[i].as_ref(),
                };
                let formed = super::judge(Op::Parse, input, &judged);
                let unformed = super::judge_unformed(Op::Parse, input, &judged);
                assert_eq!(formed.len(), unformed.len(), "{}", s.info().name);
                for (f, u) in formed.iter().zip(&unformed) {
                    assert!(u.signature.form.is_empty());
                    assert_eq!(
                        (f.signature.class, f.signature.by_design),
                        (u.signature.class, u.signature.by_design)
                    );
                    assert_eq!(
                        (f.rule.map(|r| r.name), &f.reason),
                        (u.rule.map(|r| r.name), &u.reason)
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 10, "only {compared} findings compared");
    }

    /// uriparser 0.9.7: `uriEqualsUri` finds `//[::]` and `//[0:0::]` equal (run here).
    #[test]
    fn an_ipv6_address_in_another_spelling_is_one_uri() {
        let full = "//[0000:0000:0000:0000:0000:0000:0000:0000]";
        assert_eq!(ipv6_written_compressed(full), "//[::]");
        assert_eq!(ipv6_written_compressed("a://[v1.x]/[b]"), "a://[v1.x]/[b]");
        // A normalization is a profile's rule, not the comparison's.
        let text = |s: &str| Answer::Text(s.to_owned());
        assert!(!ipv6_spelling_only(
            Op::Normalize,
            b"//[::]",
            None,
            &text(full),
            &text("//[::]")
        ));
        let eq = |a: &[u8], b: &[u8]| {
            ipv6_spelling_only(
                Op::Equivalent,
                a,
                Some(b),
                &Answer::Bool(true),
                &Answer::Bool(false),
            )
        };
        assert!(eq(b"//[::]", b"//[0:0::]"));
        assert!(!eq(b"//[::]", b"//[::1]"));
        assert!(!eq(b"//[::]/a", b"//[0::]/b"));
    }

    #[test]
    fn a_host_read_again_is_the_same_ipv6_address_however_written() {
        use super::reread_alike;
        use crate::model::Component::{Host, Path};
        let full = Some("[0000:0000:0000:0000:0000:0000:0000:0000]");
        assert!(reread_alike(Host, Some("::"), full));
        assert!(reread_alike(
            Host,
            Some("[1:2::3]"),
            Some("[0001:0002:0:0:0:0:0:0003]")
        ));
        // One step off: another address, a name, or another component is compared as text.
        assert!(!reread_alike(Host, Some("::1"), full));
        assert!(!reread_alike(Host, Some("a"), Some("A")));
        assert!(!reread_alike(Path, Some("/::"), Some("/0::")));
    }
}
