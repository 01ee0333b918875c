//! The cases of the rules the sweep of the PyPI workers' unexplained classes added (profile
//! `python-furl`), each library played by a double that answers as the reference does with the
//! one documented change, and the answers no document explains, which stay unexplained.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, plays, set};

/// furl on a Unicode host: `furl('//d。')` holds the host `'d。'` and writes `'//d.'` (Python's
/// IDNA 2003 codec reads U+3002 as a dot, RFC 3490 3.1), whose host is `'d.'`; every other
/// input as the reference reads it.
fn furl_idna(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    if input != "//d\u{3002}".as_bytes() {
        return o;
    }
    let read = uridiff::subjects::Spec::get().parse(b"//d.", &Default::default());
    set(Component::Host, Some("d\u{3002}"))(read).map(|mut p| {
        p.serialization = Some("//d.".into());
        p
    })
}

/// The same library, were it to write the host as something IDNA 2003 does not make of it.
fn furl_wrong_host(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    match input {
        b"//d." => set(Component::Host, Some("e."))(o),
        _ => furl_idna(input, o),
    }
}

/// (subject, case) pairs for `every_rule_fires_through_the_comparison`.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![(
        plays("python-furl", "python-furl", Edition::Rfc3986, furl_idna),
        "//d\u{3002}",
    )]
}

#[test]
fn furl_idna_host_round_trip_is_by_design() {
    let rules = fired(
        plays("python-furl", "python-furl", Edition::Rfc3986, furl_idna),
        "//d\u{3002}",
    );
    assert!(
        rules
            .iter()
            .any(|r| r.starts_with("python-furl: a Unicode host is written IDNA-encoded")),
        "{rules:?}"
    );
}

/// A host read back as anything but the IDNA 2003 encoding is no documented behaviour, and the
/// rule is furl's alone: another library doing the same is not explained by it.
#[test]
fn furl_idna_rule_needs_the_exact_encoding() {
    let wrong = fired(
        plays(
            "python-furl",
            "python-furl",
            Edition::Rfc3986,
            furl_wrong_host,
        ),
        "//d\u{3002}",
    );
    assert!(wrong.iter().all(|r| !r.contains("IDNA")), "{wrong:?}");
    let other = fired(
        plays("python-yarl", "python-yarl", Edition::Rfc3986, furl_idna),
        "//d\u{3002}",
    );
    assert!(other.iter().all(|r| !r.contains("IDNA")), "{other:?}");
}
