//! The card of iri-string: an RFC 3986 and RFC 3987 crate, here its URI types.

use super::{krate, Adapter, Card, Reproduce, Runs, RustCall, RustCoverage, Schemes};

/// `iri-string`.
pub const CARD: Card = Card {
    name: "iri-string",
    library: "iri-string: UriReferenceStr::new, resolve_against, UriStr::normalize",
    version: krate!("iri-string"),
    profile: "rfc3986",
    docs: &["https://docs.rs/iri-string"],
    runs: Runs::InProcess(
        Adapter::IriString,
        Some(RustCoverage {
            crates: &["iri_string"],
        }),
    ),
    reproduce: Reproduce::Rust(RustCall::IriString),
    schemes: Schemes::Any,
};
