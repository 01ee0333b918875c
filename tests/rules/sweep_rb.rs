//! The cases of the rules added by the sweep of Ruby's and Perl's parsers' unexplained classes
//! (Mojo::URL: src/engine/profile/mojo_url.rs; Addressable: src/engine/profile/ruby_addressable.rs),
//! each library played by a double that answers as its reference does with the one documented
//! change, the answers those libraries give (checked with perl and ruby); the others are the
//! rules' own examples.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{plays, set};

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
        // Mojo::URL's to_string writes `host_port` in punycode: "//%EA", host "\u{ea}", is
        // written "//xn--bda" (a host and a serialization at once: no example's reply).
        (
            plays("perl-mojo-url", "mojo-url", rfc3986, |_, o| {
                serialized(set(Component::Host, Some("\u{ea}"))(o), "//xn--bda")
            }),
            "//%EA",
        ),
    ]
}
