//! The card of url: servo's `url` crate, the WHATWG URL Standard.

use super::{krate, Adapter, Card, Reproduce, Runs, RustCall, RustCoverage, Schemes};

/// `url`.
pub const CARD: Card = Card {
    name: "url",
    library: "url (servo/rust-url): Url::parse, Url::join",
    version: krate!("url"),
    profile: "whatwg-url",
    docs: &["https://docs.rs/url", "https://url.spec.whatwg.org/"],
    // url's host parsing calls idna (UTS #46 ToASCII) and its components percent-encode
    // through percent-encoding; both are servo/rust-url's own crates, written for URLs.
    runs: Runs::InProcess(
        Adapter::Url,
        Some(RustCoverage {
            crates: &["url", "idna", "percent_encoding"],
        }),
    ),
    reproduce: Reproduce::Rust(RustCall::Url),
    schemes: Schemes::Any,
};
