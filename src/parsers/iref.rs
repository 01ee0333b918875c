//! The card of iref: an RFC 3987 IRI crate.

use super::{krate, Adapter, Card, Reproduce, Runs, RustCall, RustCoverage, Schemes};

/// `iref`.
pub const CARD: Card = Card {
    name: "iref",
    library: "iref: IriRef::new, IriRef::resolved, PartialEq for IriRef",
    version: krate!("iref"),
    profile: "rfc3987-iri",
    docs: &["https://docs.rs/iref"],
    // iref's components are pct-str's percent-encoded strings (`PctStr`), decoded and compared
    // there.
    runs: Runs::InProcess(
        Adapter::Iref,
        Some(RustCoverage {
            crates: &["iref", "pct_str"],
        }),
    ),
    reproduce: Reproduce::Rust(RustCall::Iref),
    schemes: Schemes::Any,
};
