//! The card of oracle-grammar: each edition's collected grammar, recognized, this project's oracle.

use super::{krate, Adapter, Card, Reproduce, Runs, Schemes};

/// `oracle-grammar`.
pub const CARD: Card = Card {
    name: "oracle-grammar",
    library: "uri-oracle (this project's oracle/): each edition's grammar text",
    version: krate!("uri-oracle"),
    profile: "rfc3986-grammar",
    docs: &[
        "docs/src/spec.md",
        "https://www.rfc-editor.org/rfc/rfc3986#appendix-A",
    ],
    runs: Runs::InProcess(Adapter::OracleGrammar, None),
    reproduce: Reproduce::None,
    schemes: Schemes::Any,
};
