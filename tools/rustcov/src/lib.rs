//! The library calls of uridiff's in-process Rust subjects, for their covered build (uridiff's
//! `workers/README.md`, "Coverage"): for each parser, the calls its subject in
//! `src/subjects/` makes on a parse and a resolution (the library's entry point, then the
//! accessors and the `Display` and `Debug` texts the subject's mapping reads), with what they
//! give passed to [`black_box`] so that none is optimized away.
//!
//! This crate is instrumented with the parser crates (`sancov-rustc.sh`): a generic or inline
//! function of a parser is compiled in the crate that calls it, so the library's code that runs
//! here (`iri_string`'s validation, generic over its spec; `Option::map` of an accessor) is
//! counted as the library's. What is the covered binaries' own (reading the request, checking
//! UTF-8, writing the answer) is in `glue.rs`, which is not instrumented. Each function is
//! straight-line around the library's calls, so its own code adds a block or two per outcome.
//!
//! The answers are not uridiff's: a covered worker says only whether the library took the
//! input, and uridiff reads nothing but its coverage.

#![forbid(unsafe_code)]

use std::hint::black_box;

/// The calls of one parser.
#[derive(Clone, Copy, Debug)]
pub struct Parser {
    /// The parser's name on uridiff's card (`url`).
    pub name: &'static str,
    /// The parse; `true` when the library takes the input.
    pub parse: Parse,
    /// The resolution of a reference (second) against a base (first), where the subject has
    /// one; `true` when the library resolves it.
    pub resolve: Option<fn(&str, &str) -> bool>,
}

/// A parse call: of text (the subject checks UTF-8 first and calls nothing without it), or of
/// the input's bytes (a library that takes bytes).
#[derive(Clone, Copy, Debug)]
pub enum Parse {
    /// The library takes `&str`.
    Text(fn(&str) -> bool),
    /// The library takes `&[u8]`.
    Bytes(fn(&[u8]) -> bool),
}

/// Keeps what the library gave from being optimized away; `true`.
fn kept<T>(value: T) -> bool {
    black_box(value);
    true
}

/// Reads the error's text as a subject's rejection does (`Display`); `false`.
fn refused_text(e: impl std::fmt::Display) -> bool {
    black_box(e.to_string());
    false
}

/// Reads the error's texts as the subjects' rejections do (`Display`, and `Debug` where the
/// subject takes its code from it); `false`.
fn refused(e: impl std::fmt::Display + std::fmt::Debug) -> bool {
    black_box(e.to_string());
    black_box(format!("{e:?}"));
    false
}

/// `url`: `Url::parse`, `Url::join` (`src/subjects/url.rs`).
///
/// ```
/// let uridiff_rustcov::Parse::Text(parse) = uridiff_rustcov::URL.parse else { panic!() };
/// assert!(parse("http://a/"));
/// assert!(!parse("http://[::1/"));
/// ```
pub const URL: Parser = Parser {
    name: "url",
    parse: Parse::Text(url_parse),
    resolve: Some(url_resolve),
};

fn url_read(u: &url::Url) {
    black_box((u.scheme(), u.has_authority().then(|| u.authority())));
    black_box((u.username(), u.password(), u.host_str(), u.port()));
    black_box(u.host().map(|h| matches!(h, url::Host::Domain(_))));
    black_box((u.path(), u.query(), u.fragment(), u.as_str()));
}

fn url_parse(input: &str) -> bool {
    match url::Url::parse(input) {
        Ok(u) => {
            url_read(&u);
            true
        }
        Err(e) => refused(e),
    }
}

fn url_resolve(base: &str, reference: &str) -> bool {
    let base = match url::Url::parse(base) {
        Ok(b) => b,
        Err(e) => return refused(e),
    };
    match base.join(reference) {
        Ok(u) => kept(u.as_str().to_owned()),
        Err(e) => refused(e),
    }
}

/// `http`: `Uri::try_from(&[u8])` (`src/subjects/http.rs`).
pub const HTTP: Parser = Parser {
    name: "http",
    parse: Parse::Bytes(http_parse),
    resolve: None,
};

fn http_parse(input: &[u8]) -> bool {
    match http::Uri::try_from(input) {
        Ok(u) => {
            let authority = u.authority();
            black_box((u.scheme_str(), authority.map(|a| a.as_str()), u.host()));
            black_box(authority.and_then(|a| a.port()).map(|p| p.as_str().len()));
            black_box((u.path(), u.query(), u.to_string()));
            true
        }
        Err(e) => refused(e),
    }
}

/// `fluent-uri`: `UriRef::parse`, `UriRef::resolve_against` (`src/subjects/fluent_uri.rs`).
pub const FLUENT_URI: Parser = Parser {
    name: "fluent-uri",
    parse: Parse::Text(fluent_uri_parse),
    resolve: Some(fluent_uri_resolve),
};

fn fluent_uri_refused(e: &fluent_uri::ParseError) -> bool {
    black_box((format!("{:?}", e.kind()), e.index()));
    black_box(e.to_string());
    false
}

fn fluent_uri_parse(input: &str) -> bool {
    use fluent_uri::component::Host;
    match fluent_uri::UriRef::parse(input) {
        Ok(u) => {
            let authority = u.authority();
            black_box(authority.map(|a| match a.host_parsed() {
                Host::Ipv4 { .. } => 0,
                Host::Ipv6 { .. } => 1,
                Host::IpvFuture { .. } => 2,
                _ => 3,
            }));
            black_box((
                u.scheme().map(|s| s.as_str()),
                authority.map(|a| a.as_str()),
            ));
            black_box(authority.and_then(|a| a.userinfo()).map(|s| s.as_str()));
            black_box(authority.map(|a| a.host()));
            black_box(authority.and_then(|a| a.port()).map(|s| s.as_str()));
            black_box((u.path().as_str(), u.query().map(|s| s.as_str())));
            black_box((u.fragment().map(|s| s.as_str()), u.as_str().to_owned()));
            true
        }
        Err(e) => fluent_uri_refused(&e),
    }
}

fn fluent_uri_resolve(base: &str, reference: &str) -> bool {
    let base = match fluent_uri::Uri::parse(base) {
        Ok(b) => b,
        Err(e) => return refused(e),
    };
    let reference = match fluent_uri::UriRef::parse(reference) {
        Ok(r) => r,
        Err(e) => return fluent_uri_refused(&e),
    };
    match reference.resolve_against(&base) {
        Ok(t) => kept(t.into_string()),
        Err(e) => refused(e),
    }
}

/// `iri-string`: `UriReferenceStr::new`, `resolve_against` (`src/subjects/iri_string.rs`).
pub const IRI_STRING: Parser = Parser {
    name: "iri-string",
    parse: Parse::Text(iri_string_parse),
    resolve: Some(iri_string_resolve),
};

fn iri_string_parse(input: &str) -> bool {
    match iri_string::types::UriReferenceStr::new(input) {
        Ok(u) => {
            let auth = u.authority_components();
            black_box((u.scheme_str(), u.authority_str()));
            black_box(auth.as_ref().map(|a| (a.userinfo(), a.host(), a.port())));
            black_box((u.path_str(), u.query_str(), u.fragment_str()));
            black_box(u.as_str().to_owned());
            true
        }
        Err(e) => refused_text(e),
    }
}

fn iri_string_resolve(base: &str, reference: &str) -> bool {
    use iri_string::types::{UriReferenceStr, UriStr};
    let base = match UriStr::new(base) {
        Ok(b) => b.to_absolute(),
        Err(e) => return refused_text(e),
    };
    let reference = match UriReferenceStr::new(reference) {
        Ok(r) => r,
        Err(e) => return refused_text(e),
    };
    let target = reference.resolve_against(base);
    match target.ensure_rfc3986_normalizable() {
        Ok(()) => kept(target.to_string()),
        Err(e) => refused_text(e),
    }
}

/// `oxiri`: `IriRef::parse`, `Iri::resolve` (`src/subjects/oxiri.rs`).
pub const OXIRI: Parser = Parser {
    name: "oxiri",
    parse: Parse::Text(oxiri_parse),
    resolve: Some(oxiri_resolve),
};

fn oxiri_parse(input: &str) -> bool {
    match oxiri::IriRef::parse(input) {
        Ok(u) => {
            black_box((u.scheme(), u.authority(), u.path(), u.query(), u.fragment()));
            black_box(u.as_str().to_owned());
            true
        }
        Err(e) => refused(e),
    }
}

fn oxiri_resolve(base: &str, reference: &str) -> bool {
    let base = match oxiri::Iri::parse(base) {
        Ok(b) => b,
        Err(e) => return refused(e),
    };
    let reference = match oxiri::IriRef::parse(reference) {
        Ok(r) => r,
        Err(e) => return refused(e),
    };
    match base.resolve(&reference) {
        Ok(t) => kept(t.into_inner()),
        Err(e) => refused(e),
    }
}

/// `iref`: `IriRef::new`, `IriRef::resolved` (`src/subjects/iref.rs`).
pub const IREF: Parser = Parser {
    name: "iref",
    parse: Parse::Text(iref_parse),
    resolve: Some(iref_resolve),
};

fn iref_parse(input: &str) -> bool {
    let Ok(u) = iref::IriRef::new(input) else {
        return false;
    };
    let authority = u.authority();
    black_box((
        u.scheme().map(|s| s.as_str()),
        authority.map(|a| a.as_str()),
    ));
    black_box(authority.and_then(|a| a.user_info()).map(|s| s.as_str()));
    black_box(authority.map(|a| a.host().as_str()));
    black_box(authority.and_then(|a| a.port()).map(|s| s.as_str()));
    black_box((u.path().as_str(), u.query().map(|s| s.as_str())));
    black_box((u.fragment().map(|s| s.as_str()), u.as_str().to_owned()));
    true
}

fn iref_resolve(base: &str, reference: &str) -> bool {
    let Ok(base) = iref::Iri::new(base) else {
        return false;
    };
    let Ok(reference) = iref::IriRef::new(reference) else {
        return false;
    };
    kept(reference.resolved(base).as_str().to_owned())
}

/// `uriparse`: `URIReference::try_from(&[u8])` (`src/subjects/uriparse.rs`).
pub const URIPARSE: Parser = Parser {
    name: "uriparse",
    parse: Parse::Bytes(uriparse_parse),
    resolve: None,
};

fn uriparse_parse(input: &[u8]) -> bool {
    use uriparse::Host;
    match uriparse::URIReference::try_from(input) {
        Ok(u) => {
            let authority = u.authority();
            black_box(authority.map(|a| match (a.username(), a.password()) {
                (None, _) => String::new(),
                (Some(user), None) => user.to_string(),
                (Some(user), Some(password)) => format!("{user}:{password}"),
            }));
            black_box(authority.map(|a| match a.host() {
                Host::IPv4Address(_) => 0,
                Host::IPv6Address(_) => 1,
                Host::RegisteredName(_) => 2,
            }));
            black_box(authority.map(|a| (a.to_string(), a.host().to_string())));
            black_box(authority.and_then(|a| a.port()).map(|p| p.to_string()));
            black_box((u.scheme().map(|s| s.as_str()), u.path().to_string()));
            black_box((
                u.query().map(|q| q.as_str()),
                u.fragment().map(|f| f.as_str()),
            ));
            black_box(u.to_string());
            true
        }
        Err(e) => refused(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_parser_takes_a_uri_and_refuses_a_broken_one() {
        for p in [URL, HTTP, FLUENT_URI, IRI_STRING, OXIRI, IREF, URIPARSE] {
            let (good, bad) = match p.parse {
                Parse::Text(f) => (f("http://a/b?c#d"), f("http://[::1/")),
                Parse::Bytes(f) => (f(b"http://a/b?c"), f(b"http://[::1/")),
            };
            assert!(good && !bad, "{}: {good} {bad}", p.name);
            if let Some(resolve) = p.resolve {
                assert!(resolve("http://a/b/c", "../g"), "{}", p.name);
            }
        }
    }
}
