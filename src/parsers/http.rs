//! The card of http: hyperium's `http::Uri`, an HTTP request target.

use super::{krate, Adapter, Card, Reproduce, Runs, RustCall, RustCoverage, Schemes};

/// `http`.
pub const CARD: Card = Card {
    name: "http",
    library: "http (hyperium/http): http::Uri::try_from(&[u8])",
    version: krate!("http"),
    profile: "http-request-target",
    docs: &[
        "https://docs.rs/http/latest/http/uri/struct.Uri.html",
        "https://www.rfc-editor.org/rfc/rfc9112#section-3.2",
    ],
    runs: Runs::InProcess(Adapter::Http, Some(RustCoverage { crates: &["http"] })),
    reproduce: Reproduce::Rust(RustCall::Http),
    // http::Uri is the request target of an HTTP request line (RFC 9112 section 3.2,
    // https://docs.rs/http/latest/http/uri/struct.Uri.html): a text without "/" and without
    // "://" is its authority form, `host:port`, so `%` or `a` is read as an http authority.
    schemes: Schemes::Http { scheme_less: true },
};
