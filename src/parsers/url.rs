//! The card of url: servo's `url` crate, the WHATWG URL Standard.

use super::{krate, Adapter, Card, Reproduce, Runs, RustCall, Schemes};

/// `url`.
pub const CARD: Card = Card {
    name: "url",
    library: "url (servo/rust-url): Url::parse, Url::join",
    version: krate!("url"),
    profile: "whatwg-url",
    docs: &["https://docs.rs/url", "https://url.spec.whatwg.org/"],
    runs: Runs::InProcess(Adapter::Url),
    reproduce: Reproduce::Rust(RustCall::Url),
    schemes: Schemes::Any,
};
