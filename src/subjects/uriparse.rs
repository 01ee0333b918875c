//! The `uriparse` subject: the [`uriparse`] crate's `URIReference` (an RFC 3986 URI reference
//! with typed components, profile `rfc3986`), with its normalizer. The crate
//! has no reference resolution, so `resolve` is not declared.
//!
//! `URIReference::try_from(&[u8])` takes bytes, so every input reaches the library.
//!
//! # How the answer is mapped
//!
//! The crate keeps typed values rather than slices of the input; each component is the
//! `Display` form of its value:
//!
//! - `scheme`, `path`, `query`, `fragment`: `scheme()`, `path()`, `query()`, `fragment()`, with
//!   undefined kept apart from empty (`a:?#` has an empty query and fragment).
//! - `authority`: the `Display` of `authority()`, rebuilt from its parts (so it shows the same
//!   changes as the host and port below).
//! - `userinfo`: `username()` and `password()` as `username[:password]`; an empty userinfo
//!   (`http://@a/`) is an empty username, so it stays apart from none.
//! - `host`: the `Display` of `host()`: an IPv6 address keeps its brackets.
//! - `host_kind`: `IPv4Address` is `ipv4`, `IPv6Address` is `ipv6`, `RegisteredName` is
//!   `reg-name` (also when empty). IPvFuture is not supported (`AddressMechanismNotSupported`).
//! - `port`: `port()`, a `u16`: written back in decimal.
//! - `serialization`: the `Display` of the whole reference.
//! - A rejection's `code` is the `Debug` of the crate's error, which nests the component's error
//!   (`Authority(Host(InvalidIPv4OrRegisteredNameCharacter))`); no offset.
//!
//! # What uriparse changes while parsing
//!
//! - The scheme is lowercased (`HTTP:` is `http:`) but the host is kept as written.
//! - An IPv6 address is written back from its numeric value, in its compressed form
//!   (`[0:0::1]` is `[::1]`). An IPv4 address with a leading zero is not an IPv4 address to it
//!   (`001.2.3.4` is a `reg-name`, kept as written), as in RFC 3986's `dec-octet`.
//! - An empty path after an authority becomes "/" (`http://a` and `//a?q` have the path "/").
//! - The port is a number: an empty port disappears with its ":" (`http://a:/` is `http://a/`),
//!   leading zeros go (`:080` is `:80`), and a port above 65535 is a rejection.
//!
//! # Normalization
//!
//! `normalize` is `URIReference::normalize`: RFC 3986 section 6.2.2 case and percent-encoding
//! normalization and dot-segment removal, in a relative reference too (`g/../h` is `h`, where
//! RFC 3986 section 6.2.2.3 removes dot segments only from a URI's path); the "/" it adds to an
//! empty path after an authority while parsing stays (`HTTP://a` is `http://a/`).

use std::sync::LazyLock;

use ::uriparse::{Host, URIReference};

use super::adapt::{library_info, rejection};
use super::direct::{keep, keep_ok, Peer};
use super::{Ctx, Subject, SubjectInfo};
use crate::model::{Component, ComponentSet, Components, Op, Outcome, Parsed, Rejection};
use crate::parsers::uriparse::CARD;

/// uriparse's `URIReference::try_from(&[u8])` and `normalize`.
///
/// # Examples
///
/// ```
/// use uridiff::model::{Component, Outcome};
/// use uridiff::subjects::{Ctx, Subject, Uriparse};
/// let Outcome::Accepted(p) = Uriparse::get().parse(b"HTTP://a:080/", &Ctx::default()) else { panic!() };
/// assert_eq!(p.components.get(Component::Scheme), Some("http"));
/// assert_eq!(p.components.get(Component::Port), Some("80"));
/// ```
#[derive(Debug)]
pub struct Uriparse {
    info: SubjectInfo,
}

static SHARED: LazyLock<Uriparse> = LazyLock::new(Uriparse::new);

impl Uriparse {
    /// The subject.
    pub fn new() -> Uriparse {
        Uriparse {
            info: library_info(&CARD, &[Op::Parse, Op::Normalize], ComponentSet::ALL),
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static Uriparse {
        &SHARED
    }
}

impl Default for Uriparse {
    fn default() -> Uriparse {
        Uriparse::new()
    }
}

fn reference(input: &[u8]) -> Result<URIReference<'_>, Rejection> {
    URIReference::try_from(input).map_err(|e| rejection(e, format!("{e:?}"), None))
}

fn parsed(u: &URIReference<'_>) -> Parsed {
    let authority = u.authority();
    let userinfo = authority.and_then(|a| match (a.username(), a.password()) {
        (None, _) => None,
        (Some(user), None) => Some(user.to_string()),
        (Some(user), Some(password)) => Some(format!("{user}:{password}")),
    });
    let host_kind = authority.map(|a| match a.host() {
        Host::IPv4Address(_) => "ipv4",
        Host::IPv6Address(_) => "ipv6",
        Host::RegisteredName(_) => "reg-name",
    });
    let components = Components::default()
        .with(Component::Scheme, u.scheme().map(|s| s.as_str()))
        .with(
            Component::Authority,
            authority.map(|a| a.to_string()).as_deref(),
        )
        .with(Component::Userinfo, userinfo.as_deref())
        .with(
            Component::Host,
            authority.map(|a| a.host().to_string()).as_deref(),
        )
        .with(Component::HostKind, host_kind)
        .with(
            Component::Port,
            authority
                .and_then(|a| a.port())
                .map(|p| p.to_string())
                .as_deref(),
        )
        .with(Component::Path, Some(u.path().to_string().as_str()))
        .with(Component::Query, u.query().map(|q| q.as_str()))
        .with(Component::Fragment, u.fragment().map(|f| f.as_str()));
    Parsed {
        components,
        serialization: Some(u.to_string()),
        ..Parsed::default()
    }
}

impl Subject for Uriparse {
    /// The library called directly, for the benches ([`crate::bench`]).
    fn direct(&self) -> Option<Peer> {
        Some(
            Peer::new(CARD.name)
                .parse(|| Box::new(|i| keep_ok(&::uriparse::URIReference::try_from(i))))
                .normalize(|| {
                    Box::new(|i| {
                        keep(::uriparse::URIReference::try_from(i).ok().map(|mut u| {
                            u.normalize();
                            u.to_string()
                        }))
                    })
                }),
        )
    }

    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
        match reference(input) {
            Ok(u) => Outcome::Accepted(parsed(&u)),
            Err(r) => Outcome::Rejected(r),
        }
    }

    fn normalize(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        match reference(input) {
            Ok(mut u) => {
                u.normalize();
                Outcome::Accepted(u.to_string())
            }
            Err(r) => Outcome::Rejected(r),
        }
    }
}
