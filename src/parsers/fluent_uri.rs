//! The card of fluent-uri: an RFC 3986 crate.

use super::{krate, Adapter, Card, Reproduce, Runs, RustCall, RustCoverage, Schemes};

/// `fluent-uri`.
pub const CARD: Card = Card {
    name: "fluent-uri",
    library: "fluent-uri: UriRef::parse, UriRef::resolve_against, UriRef::normalize",
    version: krate!("fluent-uri"),
    profile: "rfc3986",
    docs: &["https://docs.rs/fluent-uri"],
    runs: Runs::InProcess(
        Adapter::FluentUri,
        Some(RustCoverage {
            crates: &["fluent_uri"],
        }),
    ),
    reproduce: Reproduce::Rust(RustCall::FluentUri),
    schemes: Schemes::Any,
};
