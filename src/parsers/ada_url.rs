//! The card of ada-url: Ada, the WHATWG URL Standard in C++, and the project's WHATWG reference.

use super::{krate, Adapter, Card, Reproduce, Runs, RustCall, Schemes};

/// `ada-url`.
pub const CARD: Card = Card {
    name: "ada-url",
    library: "ada-url (Ada, C++): Url::parse(input, base)",
    version: krate!("ada-url"),
    profile: "whatwg-url",
    docs: &["https://docs.rs/ada-url", "https://url.spec.whatwg.org/"],
    // No covered build: Ada is C++, compiled by the ada-url crate's build script with the
    // system's C++ compiler (the `cc` crate), which rustc's SanitizerCoverage flags never reach
    // (workers/README.md, "Coverage").
    runs: Runs::InProcess(Adapter::Ada, None),
    reproduce: Reproduce::Rust(RustCall::AdaUrl),
    schemes: Schemes::Any,
};
