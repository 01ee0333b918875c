//! The card of oracle-regex: RFC 3986 Appendix B's regular expression, this project's oracle.

use super::{krate, Adapter, Card, Reproduce, Runs, Schemes};

/// `oracle-regex`.
pub const CARD: Card = Card {
    name: "oracle-regex",
    library: "uri-oracle (this project's oracle/): the Appendix B expression",
    version: krate!("uri-oracle"),
    profile: "rfc3986-appendix-b",
    docs: &[
        "docs/src/spec.md",
        "https://www.rfc-editor.org/rfc/rfc3986#appendix-B",
    ],
    runs: Runs::InProcess(Adapter::OracleRegex, None),
    reproduce: Reproduce::None,
    schemes: Schemes::Any,
};
