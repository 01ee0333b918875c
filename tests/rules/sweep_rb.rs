//! The cases of the rules added by the sweep of Ruby's and Perl's parsers' unexplained classes
//! (Mojo::URL: src/engine/profile/mojo_url.rs; Addressable: src/engine/profile/ruby_addressable.rs),
//! each library played by a double that answers as its reference does with the one documented
//! change, the answers those libraries give (checked with perl and ruby).

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{always_equal, normalizes_as, plays, resolves, set};

/// The reference's reading, serialized as `written` says.
fn serialized(o: Outcome<Parsed>, written: &str) -> Outcome<Parsed> {
    o.map(|mut p| {
        p.serialization = Some(written.to_owned());
        p
    })
}

/// (subject, case) pairs for `every_rule_fires_through_the_comparison`.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    let rfc3986 = Edition::Rfc3986;
    vec![
        // Mojo::URL: host_port's url_unescape, one character per byte ("//%C3%A9": "Ã©").
        (
            plays("perl-mojo-url", "mojo-url", rfc3986, |_, o| {
                set(Component::Host, Some("\u{c3}\u{a9}"))(o)
            }),
            "//%C3%A9",
        ),
        // to_string writes `protocol` ("Q:" is written "q:").
        (
            plays("perl-mojo-url", "mojo-url", rfc3986, |_, o| {
                serialized(o, "q:")
            }),
            "Q:",
        ),
        // ... and `host_port` in punycode: "//%EA", host "\u{ea}", is written "//xn--bda".
        (
            plays("perl-mojo-url", "mojo-url", rfc3986, |_, o| {
                serialized(set(Component::Host, Some("\u{ea}"))(o), "//xn--bda")
            }),
            "//%EA",
        ),
        // to_abs: the base's path normalized as Mojo::Path does ("%7E" is "~").
        (
            resolves("perl-mojo-url", "mojo-url", |_, _| {
                "coap://w.edu/~u?q".into()
            }),
            "resolve:|coap://w.edu/%7Eu?q",
        ),
        // Addressable's normalize: "%21" decoded in a path, "." is empty.
        (
            normalizes_as("ruby-addressable", "rfc3987-iri", |_| "!".into()),
            "normalize:%21",
        ),
        (
            normalizes_as("ruby-addressable", "rfc3987-iri", |_| String::new()),
            "normalize:.",
        ),
        // The README's host: "//%c3%a9" is "//xn--9ca".
        (
            normalizes_as("ruby-addressable", "rfc3987-iri", |_| "//xn--9ca".into()),
            "normalize://%c3%a9",
        ),
        // == compares normal forms: the empty query dropped (changelog).
        (
            always_equal("ruby-addressable", "rfc3987-iri"),
            "equivalent:|?",
        ),
    ]
}

/// What the rules must not explain: Addressable drops an empty fragment and Mojo::URL loses a
/// trailing "/" after a dot-segment, neither documented.
#[test]
fn undocumented_behaviour_stays_unexplained() {
    let fired = super::fired(
        always_equal("ruby-addressable", "rfc3987-iri"),
        "equivalent:|#",
    );
    assert!(fired.is_empty(), "{fired:?}");
    let fired = super::fired(
        resolves("perl-mojo-url", "mojo-url", |_, _| "coap:/v1/v1".into()),
        "resolve:.|coap:/v1/v1/~u",
    );
    assert!(fired.is_empty(), "{fired:?}");
    let fired = super::fired(
        normalizes_as("ruby-addressable", "rfc3987-iri", |_| "?%3B".into()),
        "normalize:?;",
    );
    assert!(fired.is_empty(), "{fired:?}");
}
