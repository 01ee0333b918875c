//! The card of uriparse: an RFC 3986 crate.

use super::{krate, Adapter, Card, Reproduce, Runs, RustCall, RustCoverage, Schemes};

/// `uriparse`.
pub const CARD: Card = Card {
    name: "uriparse",
    library: "uriparse: URIReference::try_from(&[u8]), URIReference::normalize",
    version: krate!("uriparse"),
    profile: "rfc3986",
    docs: &["https://docs.rs/uriparse"],
    runs: Runs::InProcess(
        Adapter::Uriparse,
        Some(RustCoverage {
            crates: &["uriparse"],
        }),
    ),
    reproduce: Reproduce::Rust(RustCall::Uriparse),
    schemes: Schemes::Any,
};
