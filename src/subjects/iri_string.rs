//! The `iri-string` subject: the [`iri_string`] crate's `UriReferenceStr` (an RFC 3986 URI
//! reference, profile `rfc3986`; the crate's IRI types are not used here), with its resolver and
//! its normalizer.
//!
//! # How the answer is mapped
//!
//! - `scheme_str()`, `authority_str()`, `path_str()`, `query_str()`, `fragment_str()`, and from
//!   `authority_components()` the `userinfo()`, `host()` and `port()`: slices of the input, with
//!   undefined kept apart from empty (`http://@a:/?#` has an empty userinfo, port, query and
//!   fragment). `host` keeps an IP literal's brackets.
//! - `host_kind` is not reported: the crate does not say what kind of host it parsed.
//! - `serialization`: `as_str()`, the input: iri-string changes nothing while parsing.
//! - A rejection's `code` is the crate's error description with "-" for spaces (`invalid-host`,
//!   ...): its error kind is private and its `Display` is the only view of it. No offset.
//!
//! # Resolution and normalization
//!
//! `resolve` parses the base as a `UriStr` (a URI, with a fragment allowed) and resolves against
//! its `to_absolute()` (the base without its fragment, as RFC 3986 section 5.1 reads the base); a
//! relative base is `invalid-base`. The crate documents that a target that cannot be written
//! under RFC 3986 (a path starting with "//" and no authority, as in `.///bar` against
//! `scheme:`) fails; such a resolution is rejected with the code `unresolvable`, where the crate
//! would otherwise fall back to the WHATWG serialization ("/." before the path).
//!
//! `normalize` is `UriStr::normalize` (RFC 3986 section 6.2.2: case, percent-encoding and dot
//! segments; not the scheme-based default port, so `http://a:80/` keeps its port), with the same
//! failure. The crate normalizes URIs only: a relative reference is
//! rejected by `UriStr::new`.

use std::sync::LazyLock;

use ::iri_string::types::{UriReferenceStr, UriStr};

use super::adapt::{invalid_base, library_info, rejection, utf8};
use super::direct::{keep, text, Peer};
use super::{Ctx, Subject, SubjectInfo};
use crate::model::{Component, ComponentSet, Components, Op, Outcome, Parsed, Rejection};
use crate::parsers::iri_string::CARD;

/// iri-string's `UriReferenceStr`, `resolve_against` and `normalize`.
///
/// # Examples
///
/// ```
/// use uridiff::model::{Component, Outcome};
/// use uridiff::subjects::{Ctx, IriString, Subject};
/// let Outcome::Accepted(p) = IriString::get().parse(b"http://u@a:8/p?", &Ctx::default()) else { panic!() };
/// assert_eq!(p.components.get(Component::Userinfo), Some("u"));
/// assert_eq!(p.components.get(Component::Query), Some(""));
/// ```
#[derive(Debug)]
pub struct IriString {
    info: SubjectInfo,
}

static SHARED: LazyLock<IriString> = LazyLock::new(IriString::new);

impl IriString {
    /// The subject.
    pub fn new() -> IriString {
        IriString {
            info: library_info(
                &CARD,
                &[Op::Parse, Op::Resolve, Op::Normalize],
                ComponentSet::ALL.without(Component::HostKind),
            ),
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static IriString {
        &SHARED
    }
}

impl Default for IriString {
    fn default() -> IriString {
        IriString::new()
    }
}

/// The rejection of a validation error: the description after the crate's "invalid IRI: ", with
/// "-" for spaces.
fn invalid(e: ::iri_string::validate::Error) -> Rejection {
    let message = e.to_string();
    let code = message
        .strip_prefix("invalid IRI: ")
        .unwrap_or(&message)
        .replace(' ', "-");
    rejection(message, code, None)
}

fn unresolvable<T>(e: ::iri_string::normalize::Error) -> Outcome<T> {
    Outcome::Rejected(rejection(e, "unresolvable", None))
}

impl Subject for IriString {
    /// The library called directly, for the benches ([`crate::bench`]).
    fn direct(&self) -> Option<Peer> {
        use ::iri_string::types::{UriReferenceStr, UriStr};
        Some(
            Peer::new(CARD.name)
                .parse(|| Box::new(|i| keep(text(i).and_then(|s| UriReferenceStr::new(s).ok()))))
                .resolve(
                    |base| {
                        let base = UriStr::new(base).ok()?.to_absolute();
                        Some(Box::new(move |r| {
                            keep(
                                text(r)
                                    .and_then(|s| UriReferenceStr::new(s).ok())
                                    .and_then(|r| {
                                        let t = r.resolve_against(base);
                                        t.ensure_rfc3986_normalizable().ok()?;
                                        Some(t.to_string())
                                    }),
                            )
                        }))
                    },
                    "base parsed once (`resolve_against`, then the text)",
                )
                .normalize(|| {
                    Box::new(|i| {
                        keep(text(i).and_then(|s| UriStr::new(s).ok()).and_then(|u| {
                            let n = u.normalize();
                            n.ensure_rfc3986_normalizable().ok()?;
                            Some(n.to_string())
                        }))
                    })
                }),
        )
    }

    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
        let text = match utf8(input) {
            Ok(s) => s,
            Err(r) => return Outcome::Rejected(r),
        };
        let u = match UriReferenceStr::new(text) {
            Ok(u) => u,
            Err(e) => return Outcome::Rejected(invalid(e)),
        };
        let auth = u.authority_components();
        let components = Components::default()
            .with(Component::Scheme, u.scheme_str())
            .with(Component::Authority, u.authority_str())
            .with(
                Component::Userinfo,
                auth.as_ref().and_then(|a| a.userinfo()),
            )
            .with(Component::Host, auth.as_ref().map(|a| a.host()))
            .with(Component::Port, auth.as_ref().and_then(|a| a.port()))
            .with(Component::Path, Some(u.path_str()))
            .with(Component::Query, u.query_str())
            .with(Component::Fragment, u.fragment_str());
        Outcome::Accepted(Parsed {
            components,
            serialization: Some(u.as_str().to_owned()),
            ..Parsed::default()
        })
    }

    fn resolve(&self, base: &[u8], reference: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        let base = match utf8(base).map(UriStr::new) {
            Ok(Ok(b)) => b.to_absolute(),
            Ok(Err(e)) => return invalid_base(e),
            Err(r) => return invalid_base(r.message),
        };
        let reference = match utf8(reference).map(UriReferenceStr::new) {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => return Outcome::Rejected(invalid(e)),
            Err(r) => return Outcome::Rejected(r),
        };
        let target = reference.resolve_against(base);
        match target.ensure_rfc3986_normalizable() {
            Ok(()) => Outcome::Accepted(target.to_string()),
            Err(e) => unresolvable(e),
        }
    }

    fn normalize(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        let u = match utf8(input).map(UriStr::new) {
            Ok(Ok(u)) => u,
            // `normalize` is a method of absolute URIs only (`UriStr`, `UriAbsoluteStr`): a
            // relative reference is an operation the crate does not have, not a rejection.
            Ok(Err(_)) if utf8(input).is_ok_and(|t| UriReferenceStr::new(t).is_ok()) => {
                return Outcome::Unsupported(
                    "iri-string normalizes absolute URIs only (UriStr::normalize)".to_owned(),
                )
            }
            Ok(Err(e)) => return Outcome::Rejected(invalid(e)),
            Err(r) => return Outcome::Rejected(r),
        };
        let normalized = u.normalize();
        match normalized.ensure_rfc3986_normalizable() {
            Ok(()) => Outcome::Accepted(normalized.to_string()),
            Err(e) => unresolvable(e),
        }
    }
}
