//! The card of oxiri: an RFC 3987 IRI crate.

use super::{krate, Adapter, Card, Reproduce, Runs, RustCall, RustCoverage, Schemes};

/// `oxiri`.
pub const CARD: Card = Card {
    name: "oxiri",
    library: "oxiri: IriRef::parse, Iri::resolve",
    version: krate!("oxiri"),
    profile: "rfc3987-iri",
    docs: &["https://docs.rs/oxiri"],
    runs: Runs::InProcess(Adapter::Oxiri, Some(RustCoverage { crates: &["oxiri"] })),
    reproduce: Reproduce::Rust(RustCall::Oxiri),
    schemes: Schemes::Any,
};
