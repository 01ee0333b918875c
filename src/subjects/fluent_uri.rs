//! The `fluent-uri` subject: the [`fluent_uri`] crate's `UriRef` (an RFC 3986 URI reference,
//! profile `rfc3986`), with its resolver and its normalizer.
//!
//! # How the answer is mapped
//!
//! - Every component is the library's own slice of the input: `scheme()`, `authority()`,
//!   `userinfo()`, `host()`, `port()`, `path()`, `query()`, `fragment()`. fluent-uri keeps
//!   undefined apart from empty everywhere (`http://@a:/?#` has an empty userinfo, port, query
//!   and fragment).
//! - `host` keeps an IP literal's brackets (`[::1]`).
//! - `host_kind`: `host_parsed()`: `Ipv4` is `ipv4`, `Ipv6` is `ipv6`, `IpvFuture` is
//!   `ipvfuture`, `RegName` is `reg-name`, also when the name is empty (the library has no
//!   separate kind for an empty host).
//! - `serialization`: `as_str()`, which is the input: fluent-uri changes nothing while parsing.
//!
//! # Resolution and normalization
//!
//! `resolve` parses the base as a `Uri` (a relative base is `invalid-base`) and calls
//! `UriRef::resolve_against`, which follows RFC 3986 section 5 with the deviations its
//! documentation lists: a base with a fragment is an error (`BaseWithFragment`), a relative
//! reference against a base with a rootless path and no authority is an error
//! (`InvalidReferenceAgainstOpaqueBase`), "/." is put before a path that would start with "//",
//! percent-encoded dot segments are removed too, and dot segments of the base path are removed
//! when the reference is empty. `normalize` is `UriRef::normalize`: RFC 3986 section 6.2.2 plus
//! IPv6 canonical form (RFC 5952) and the removal of an empty or default port.

use std::sync::LazyLock;

use ::fluent_uri::component::Host;
use ::fluent_uri::{ParseError, Uri, UriRef};

use super::adapt::{invalid_base, library_info, rejection, utf8};
use super::direct::{keep, text, Peer};
use super::{Ctx, Subject, SubjectInfo};
use crate::model::{Component, ComponentSet, Components, Op, Outcome, Parsed, Rejection};
use crate::parsers::fluent_uri::CARD;

/// fluent-uri's `UriRef`, `resolve_against` and `normalize`.
///
/// # Examples
///
/// ```
/// use uridiff::model::{Component, Outcome};
/// use uridiff::subjects::{Ctx, FluentUri, Subject};
/// let Outcome::Accepted(p) = FluentUri::get().parse(b"http://[::1]/", &Ctx::default()) else { panic!() };
/// assert_eq!(p.components.get(Component::Host), Some("[::1]"));
/// assert_eq!(p.components.get(Component::HostKind), Some("ipv6"));
/// ```
#[derive(Debug)]
pub struct FluentUri {
    info: SubjectInfo,
}

static SHARED: LazyLock<FluentUri> = LazyLock::new(FluentUri::new);

impl FluentUri {
    /// The subject.
    pub fn new() -> FluentUri {
        FluentUri {
            info: library_info(
                &CARD,
                &[Op::Parse, Op::Resolve, Op::Normalize],
                ComponentSet::ALL,
            ),
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static FluentUri {
        &SHARED
    }
}

impl Default for FluentUri {
    fn default() -> FluentUri {
        FluentUri::new()
    }
}

fn parse_error(e: &ParseError) -> Rejection {
    rejection(e, format!("{:?}", e.kind()), Some(e.index()))
}

/// `input` as a `UriRef`, or the rejection.
fn uri_ref(input: &[u8]) -> Result<UriRef<&str>, Rejection> {
    let text = utf8(input)?;
    UriRef::parse(text).map_err(|e| parse_error(&e))
}

fn parsed(u: &UriRef<&str>) -> Parsed {
    let authority = u.authority();
    let host_kind = authority.map(|a| match a.host_parsed() {
        Host::Ipv4 { .. } => "ipv4",
        Host::Ipv6 { .. } => "ipv6",
        Host::IpvFuture { .. } => "ipvfuture",
        Host::RegName(_) => "reg-name",
    });
    let components = Components::default()
        .with(Component::Scheme, u.scheme().map(|s| s.as_str()))
        .with(Component::Authority, authority.map(|a| a.as_str()))
        .with(
            Component::Userinfo,
            authority.and_then(|a| a.userinfo()).map(|s| s.as_str()),
        )
        .with(Component::Host, authority.map(|a| a.host()))
        .with(Component::HostKind, host_kind)
        .with(
            Component::Port,
            authority.and_then(|a| a.port()).map(|s| s.as_str()),
        )
        .with(Component::Path, Some(u.path().as_str()))
        .with(Component::Query, u.query().map(|s| s.as_str()))
        .with(Component::Fragment, u.fragment().map(|s| s.as_str()));
    Parsed {
        components,
        serialization: Some(u.as_str().to_owned()),
        ..Parsed::default()
    }
}

impl Subject for FluentUri {
    /// The library called directly, for the benches ([`crate::bench`]).
    fn direct(&self) -> Option<Peer> {
        Some(
            Peer::new(CARD.name)
                .parse(|| {
                    Box::new(|i| keep(text(i).and_then(|s| ::fluent_uri::UriRef::parse(s).ok())))
                })
                .resolve(
                    |base| {
                        let base = ::fluent_uri::Uri::parse(base).ok()?;
                        Some(Box::new(move |r| {
                            keep(
                                text(r)
                                    .and_then(|s| ::fluent_uri::UriRef::parse(s).ok())
                                    .and_then(|r| r.resolve_against(&base).ok()),
                            )
                        }))
                    },
                    "base parsed once (`UriRef::resolve_against`)",
                )
                .normalize(|| {
                    Box::new(|i| {
                        keep(
                            text(i)
                                .and_then(|s| ::fluent_uri::UriRef::parse(s).ok())
                                .map(|u| u.normalize()),
                        )
                    })
                }),
        )
    }

    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
        match uri_ref(input) {
            Ok(u) => Outcome::Accepted(parsed(&u)),
            Err(r) => Outcome::Rejected(r),
        }
    }

    fn resolve(&self, base: &[u8], reference: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        let base = match utf8(base) {
            Ok(text) => match Uri::parse(text) {
                Ok(b) => b,
                Err(e) => return invalid_base(e),
            },
            Err(r) => return invalid_base(r.message),
        };
        let reference = match uri_ref(reference) {
            Ok(r) => r,
            Err(r) => return Outcome::Rejected(r),
        };
        match reference.resolve_against(&base) {
            Ok(target) => Outcome::Accepted(target.into_string()),
            Err(e) => Outcome::Rejected(rejection(e, format!("{e:?}"), None)),
        }
    }

    fn normalize(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        match uri_ref(input) {
            Ok(u) => Outcome::Accepted(u.normalize().into_string()),
            Err(r) => Outcome::Rejected(r),
        }
    }
}
