//! What a by-design rule computes, as a datum: a fixed vocabulary of kinds, each a predicate
//! that rules of several libraries use as their whole test, and [`Explains::Custom`] for the
//! long tail a single rule states in its own terms.
//!
//! A kind is promoted here from a helper (or a predicate written out alike) that two rules or
//! more used as their whole `explains` (a test below keeps every kind at two rules or more):
//! a port reported as the number its digits write, the default port reported where none is
//! written, an empty path after an authority read as "/" (RFC 3986 6.2.3's normal form), an IP
//! literal given without its brackets, no authority without "//" (RFC 3986 section 3), an
//! input read without its tabs and newlines or with what RFC 3986 does not allow escaped (the
//! URL Standard's basic URL parser removes or rereads them instead), an empty component read as
//! none or an absent one as empty, an input refused only for a port above 65535 or for a target
//! whose path would start with "//" without an authority (RFC 3986 5.2, 5.3), and an input
//! accepted once a documented rewrite makes it valid. [`Explains::holds`] is the one place the
//! kinds are told apart; `uridiff parsers --rules` prints each rule's [`Explains::kind`].

use uri_spec::Edition;

use super::{
    accepted_once, default_port_reported, empty_path_after_authority_is_slash,
    escaped_where_lenient, host_unbracketed, no_authority_without_slashes, port_as_number,
    port_overflows, read_without_tabs_newlines, too_lax_for_a_relative_base, Evidence,
};
use crate::engine::Class;
use crate::model::Component;

/// What a rule computes: whether it reproduces the subject's value from the reference's
/// ([`Explains::holds`]).
#[derive(Clone, Copy, Debug)]
pub enum Explains {
    /// A port reported as the number its digits write (`007` is `7`): an integer port.
    PortAsNumber,
    /// The well-known default port of the reference's scheme reported where the input writes
    /// none (Ruby's `URI#port`, Perl's `$uri->port`).
    DefaultPortReported,
    /// An empty path after an authority reported as "/" (RFC 3986 6.2.3's normal form).
    EmptyPathAfterAuthorityIsSlash,
    /// The host component given as the reference's IP literal without its brackets (an API
    /// that gives the address: `::1` for `[::1]`).
    HostUnbracketed,
    /// No authority unless "//" follows the scheme (RFC 3986 3: "The authority component is
    /// preceded by a double slash"), where the URL Standard reads `http:\a` as `http://a/`.
    NoAuthorityWithoutSlashes,
    /// The lenient reading of the input without its tabs, CRs and LFs (Python's `urlsplit`:
    /// "\n, \r and tab \t characters are removed from the URL at any position").
    ReadWithoutTabsNewlines,
    /// The lenient reading of the input with what RFC 3986 does not allow percent-encoded,
    /// where the URL Standard removes or rereads it.
    EscapedWhereLenient,
    /// An empty component of one of these read as none (undefined).
    EmptyAsNone(&'static [Component]),
    /// An absent component of one of these read as empty.
    AbsentAsEmpty(&'static [Component]),
    /// An input the reference refuses accepted, and every operand valid under the edition once
    /// the library's documented rewrite (`fix`) changes one of them: what it takes beyond the
    /// grammar is what it rewrites.
    TooLaxAcceptedOnce(Edition, fn(&[u8]) -> Vec<u8>),
    /// A too-lax resolution against a base without a scheme, of a reference the edition takes:
    /// a base the library's documentation resolves as it says or leaves outside its contract.
    TooLaxForARelativeBase(Edition),
    /// An input refused whose port, as the reference reads it, is above 65535.
    PortOverflowRefused,
    /// A resolution refused whose RFC 3986 5.2 target has no authority and a path that starts
    /// with "//" (5.3 writes it `/.//`; the library refuses it instead).
    TwoSlashTargetRefused,
    /// A rule's own predicate: the long tail, one rule each.
    Custom(fn(&Evidence<'_>) -> bool),
}

impl Explains {
    /// Every kind's name, as [`Explains::kind`] gives it, `custom` last.
    pub const KINDS: &'static [&'static str] = &[
        "port_as_number",
        "default_port_reported",
        "empty_path_after_authority_is_slash",
        "host_unbracketed",
        "no_authority_without_slashes",
        "read_without_tabs_newlines",
        "escaped_where_lenient",
        "empty_as_none",
        "absent_as_empty",
        "too_lax_accepted_once",
        "too_lax_for_a_relative_base",
        "port_overflow_refused",
        "two_slash_target_refused",
        "custom",
    ];

    /// Whether the rule reproduces the subject's value from the reference's on `e`.
    ///
    /// ```
    /// use uridiff::engine::{Class, Evidence, Explains};
    /// use uridiff::model::Component;
    /// let e = Evidence { class: Class::Component(Component::Port), input: b"http://a:007",
    ///                    second: None, reparsed: None, reference: Some("007"), got: Some("7"),
    ///                    reference_components: None, serialization: None };
    /// assert!(Explains::PortAsNumber.holds(&e));
    /// assert!(!Explains::PortAsNumber.holds(&Evidence { got: Some("70"), ..e }));
    /// assert!(Explains::Custom(|e| e.got == Some("7")).holds(&e));
    /// ```
    pub fn holds(&self, e: &Evidence<'_>) -> bool {
        match *self {
            Explains::PortAsNumber => port_as_number(e),
            Explains::DefaultPortReported => default_port_reported(e),
            Explains::EmptyPathAfterAuthorityIsSlash => empty_path_after_authority_is_slash(e),
            Explains::HostUnbracketed => {
                e.component() == Some(Component::Host) && host_unbracketed(e)
            }
            Explains::NoAuthorityWithoutSlashes => no_authority_without_slashes(e),
            Explains::ReadWithoutTabsNewlines => read_without_tabs_newlines(e),
            Explains::EscapedWhereLenient => escaped_where_lenient(e),
            Explains::EmptyAsNone(components) => {
                matches!(e.class, Class::UndefinedVsEmpty(c) if components.contains(&c))
                    && e.reference == Some("")
                    && e.got.is_none()
            }
            Explains::AbsentAsEmpty(components) => {
                matches!(e.class, Class::UndefinedVsEmpty(c) if components.contains(&c))
                    && e.reference.is_none()
                    && e.got == Some("")
            }
            Explains::TooLaxAcceptedOnce(edition, fix) => {
                e.class == Class::TooLax && accepted_once(e, edition, fix)
            }
            Explains::TooLaxForARelativeBase(edition) => too_lax_for_a_relative_base(e, edition),
            Explains::PortOverflowRefused => {
                e.class == Class::TooStrict && port_overflows(e.reference_components)
            }
            Explains::TwoSlashTargetRefused => {
                let (Class::TooStrict, Some(base)) = (e.class, e.second) else {
                    return false;
                };
                super::rfc3986::two_slash_target(base, e.input)
            }
            Explains::Custom(f) => f(e),
        }
    }

    /// The kind's name (one of [`Explains::KINDS`]): `custom` for a rule's own predicate.
    ///
    /// ```
    /// use uridiff::engine::{rule_by_id, Explains};
    /// assert_eq!(rule_by_id("java-okhttp/host-unbracketed").unwrap().explains.kind(), "host_unbracketed");
    /// assert_eq!(Explains::Custom(|_| false).kind(), "custom");
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            Explains::PortAsNumber => "port_as_number",
            Explains::DefaultPortReported => "default_port_reported",
            Explains::EmptyPathAfterAuthorityIsSlash => "empty_path_after_authority_is_slash",
            Explains::HostUnbracketed => "host_unbracketed",
            Explains::NoAuthorityWithoutSlashes => "no_authority_without_slashes",
            Explains::ReadWithoutTabsNewlines => "read_without_tabs_newlines",
            Explains::EscapedWhereLenient => "escaped_where_lenient",
            Explains::EmptyAsNone(_) => "empty_as_none",
            Explains::AbsentAsEmpty(_) => "absent_as_empty",
            Explains::TooLaxAcceptedOnce(..) => "too_lax_accepted_once",
            Explains::TooLaxForARelativeBase(_) => "too_lax_for_a_relative_base",
            Explains::PortOverflowRefused => "port_overflow_refused",
            Explains::TwoSlashTargetRefused => "two_slash_target_refused",
            Explains::Custom(_) => "custom",
        }
    }
}

/// How many rules are of each kind, in [`Explains::KINDS`]' order: every rule of
/// [`super::rules`] and of the URL Standard's table against RFC 3986, each once.
///
/// ```
/// let counts = uridiff::engine::kind_counts();
/// assert_eq!(counts.last().map(|(k, _)| *k), Some("custom"));
/// assert!(counts.iter().all(|(_, n)| *n >= 2));
/// ```
pub fn kind_counts() -> Vec<(&'static str, usize)> {
    let mut counts: Vec<(&'static str, usize)> = Explains::KINDS.iter().map(|k| (*k, 0)).collect();
    for r in super::rules().chain(super::whatwg_url::VERSUS_RFC3986) {
        if let Some(c) = counts.iter_mut().find(|(k, _)| *k == r.explains.kind()) {
            c.1 += 1;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::profile::{rules, whatwg_url};

    /// The vocabulary stays promoted from repeated predicates: a kind two rules do not share
    /// is a rule's own, and belongs in `Custom`.
    #[test]
    fn every_kind_is_used_by_two_rules_or_more() {
        for r in rules().chain(whatwg_url::VERSUS_RFC3986) {
            assert!(
                Explains::KINDS.contains(&r.explains.kind()),
                "{}: kind {} is not listed in Explains::KINDS",
                r.id,
                r.explains.kind()
            );
        }
        for (kind, n) in kind_counts() {
            assert!(
                n >= 2,
                "{kind}: {n} rules; a kind is for predicates rules share"
            );
        }
    }

    /// docs/src/profiles.md prints how many rules are of each kind: the table there is the
    /// count here.
    #[test]
    fn the_docs_count_the_rules_of_each_kind() {
        let docs = include_str!("../../../docs/src/profiles.md");
        for (kind, n) in kind_counts() {
            let row = format!("| `{kind}` | {n} |");
            assert!(
                docs.contains(&row),
                "docs/src/profiles.md lacks the row {row:?}"
            );
        }
    }

    #[test]
    fn empty_and_absent_are_told_apart() {
        let ev = |class, reference, got| Evidence {
            class,
            input: b"http://a",
            second: None,
            reparsed: None,
            reference,
            got,
            reference_components: None,
            serialization: None,
        };
        let path = Class::UndefinedVsEmpty(Component::Path);
        let none = Explains::EmptyAsNone(&[Component::Path]);
        let empty = Explains::AbsentAsEmpty(&[Component::Path]);
        assert!(none.holds(&ev(path, Some(""), None)));
        assert!(!none.holds(&ev(path, None, Some(""))));
        assert!(empty.holds(&ev(path, None, Some(""))));
        assert!(!empty.holds(&ev(path, Some(""), None)));
        // Another component is not this rule's.
        let query = Class::UndefinedVsEmpty(Component::Query);
        assert!(!none.holds(&ev(query, Some(""), None)));
    }
}
