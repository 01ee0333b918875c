//! The card of iref: an RFC 3987 IRI crate.

use super::{krate, Adapter, Card, Reproduce, Runs, RustCall, Schemes};

/// `iref`.
pub const CARD: Card = Card {
    name: "iref",
    library: "iref: IriRef::new, IriRef::resolved, PartialEq for IriRef",
    version: krate!("iref"),
    profile: "rfc3987-iri",
    docs: &["https://docs.rs/iref"],
    runs: Runs::InProcess(Adapter::Iref),
    reproduce: Reproduce::Rust(RustCall::Iref),
    schemes: Schemes::Any,
};
