//! The card of impl: this project's implementation of every edition's text.

use super::{krate, Adapter, Card, Reproduce, Runs, Schemes};

/// `impl`.
pub const CARD: Card = Card {
    name: "impl",
    library: "uri-spec (this project's impl/), every edition",
    version: krate!("uri-spec"),
    profile: "rfc3986",
    docs: &["docs/src/spec.md", "https://www.rfc-editor.org/rfc/rfc3986"],
    runs: Runs::InProcess(Adapter::Spec, None),
    reproduce: Reproduce::None,
    schemes: Schemes::Any,
};
