//! An example worker: fluent-uri (a strict RFC 3986 parser) put under uridiff's test through
//! `uridiff-worker`, as a crate would put its own working tree:
//!
//! ```sh
//! uridiff check --external mine='cargo run -q --example uridiff_worker' --under-test mine \
//!     --parser mine --baseline uridiff.baseline --write-baseline
//! ```
//!
//! Each component is what fluent-uri's `UriRef` accessors return (RFC 3986 section 3): `None`
//! where the reference has no such component, the text as written otherwise (no decoding).

use fluent_uri::UriRef;
use uridiff_worker::{library, Components, Rejected, Worker};

/// The input as text (fluent-uri parses `&str`), or the refusal the protocol asks for.
fn text(input: &[u8]) -> Result<&str, Rejected> {
    std::str::from_utf8(input).map_err(|e| Rejected::new(e).code("not-utf8"))
}

/// fluent-uri's parse, marked as the library's call: a panic in it is fluent-uri's own crash.
fn uri_ref(input: &[u8]) -> Result<UriRef<&str>, Rejected> {
    let text = text(input)?;
    library(|| UriRef::parse(text)).map_err(|e| Rejected::new(e).code("ParseError"))
}

fn main() -> std::io::Result<()> {
    let name = std::env::var("URIDIFF_WORKER_NAME").unwrap_or_else(|_| "mine".into());
    Worker::new(&name, "rfc3986")
        .version(uridiff_worker::local_version!())
        .library("fluent-uri 0.4 through uridiff-worker's example")
        .decides_validity(true)
        .parse(|input| {
            let u = uri_ref(input)?;
            let authority = u.authority();
            Ok(Components::new()
                .set("scheme", u.scheme().map(|s| s.as_str()))
                .set("authority", authority.map(|a| a.as_str()))
                .set(
                    "userinfo",
                    authority.and_then(|a| a.userinfo()).map(|s| s.as_str()),
                )
                .set("host", authority.map(|a| a.host()))
                .set("port", authority.and_then(|a| a.port()).map(|s| s.as_str()))
                .set("path", Some(u.path().as_str()))
                .set("query", u.query().map(|s| s.as_str()))
                .set("fragment", u.fragment().map(|s| s.as_str()))
                .serialization(u.as_str()))
        })
        .resolve(|base, reference| {
            let base = text(base)?;
            let base = library(|| fluent_uri::Uri::parse(base))
                .map_err(|e| Rejected::new(e).code("ParseError"))?;
            let reference = uri_ref(reference)?;
            let resolved = library(|| reference.resolve_against(&base))
                .map_err(|e| Rejected::new(e).code("ResolveError"))?;
            Ok(resolved.into_string().into_bytes())
        })
        .normalize(|input| {
            let u = uri_ref(input)?;
            Ok(library(|| u.normalize()).into_string().into_bytes())
        })
        .run()
}
