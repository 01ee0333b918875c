//! The `iref` subject: the [`iref`] crate's `IriRef` (an RFC 3987 IRI reference, profile
//! `rfc3987-iri`), from the JSON-LD ecosystem, with its resolver and its comparison "modulo
//! normalization".
//!
//! # How the answer is mapped
//!
//! - `scheme()`, `authority()`, `user_info()`, `host()`, `port()`, `path()`, `query()`,
//!   `fragment()`: slices of the input, with undefined kept apart from empty (`http://@a:/?#` has
//!   an empty userinfo, port, query and fragment). `host` keeps an IP literal's brackets.
//! - `host_kind` is not reported: the crate does not say what kind of host it parsed.
//! - `serialization`: `as_str()`, the input: iref changes nothing while parsing.
//! - A rejection has the code `InvalidIriRef` and no offset: the crate's error carries only the
//!   input.
//!
//! # Resolution and equivalence
//!
//! `resolve` parses the base as an `Iri` (absolute; a relative base is `invalid-base`) and calls
//! `IriRef::resolved`, RFC 3986 section 5.2 as the crate implements it; it cannot fail.
//!
//! `equivalent` is the crate's `PartialEq` on `IriRef`, which its documentation calls
//! "comparison modulo normalization": component by component, the scheme without regard to ASCII
//! case, percent-encoded octets compared decoded, and the path compared by its segments after
//! dot-segment removal (`http://a/%41` equals `http://a/A`, `HTTP://a/b/../c` equals
//! `http://a/c`). It is not the RFC 3986 section 6.2 ladder, which is what the profile records:
//! the host's case counts (`http://A/` is not `http://a/`), and neither the empty path against
//! "/" (`http://a` is not `http://a/`) nor the default port is normalized.
//!
//! # What iref changes while resolving
//!
//! Where the RFC 3986 algorithm writes a path starting with "//" and no authority, iref puts
//! "/." before it (`.///bar` against `scheme:` is `scheme:/.//bar`) instead of failing.

use std::sync::LazyLock;

use ::iref::{Iri, IriRef};

use super::adapt::{invalid_base, library_info, rejection, utf8};
use super::direct::{keep, text, Peer};
use super::{Ctx, Subject, SubjectInfo};
use crate::model::{Component, ComponentSet, Components, Op, Outcome, Parsed, Rejection};
use crate::parsers::iref::CARD;

/// iref's `IriRef::new`, `IriRef::resolved` and `IriRef`'s equality.
///
/// # Examples
///
/// ```
/// use uridiff::model::Outcome;
/// use uridiff::subjects::{Ctx, Iref, Subject};
/// let same = Iref::get().equivalent(b"HTTP://a/b/../c", b"http://a/c", &Ctx::default());
/// assert_eq!(same, Outcome::Accepted(true));
/// ```
#[derive(Debug)]
pub struct Iref {
    info: SubjectInfo,
}

static SHARED: LazyLock<Iref> = LazyLock::new(Iref::new);

impl Iref {
    /// The subject.
    pub fn new() -> Iref {
        Iref {
            info: library_info(
                &CARD,
                &[Op::Parse, Op::Resolve, Op::Equivalent],
                ComponentSet::ALL.without(Component::HostKind),
            ),
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static Iref {
        &SHARED
    }
}

impl Default for Iref {
    fn default() -> Iref {
        Iref::new()
    }
}

/// `input` as an `IriRef`, or the rejection.
fn iri_ref(input: &[u8]) -> Result<&IriRef, Rejection> {
    let text = utf8(input)?;
    IriRef::new(text).map_err(|_| {
        rejection(
            "not an IRI reference (RFC 3987 IRI-reference)",
            "InvalidIriRef",
            None,
        )
    })
}

impl Subject for Iref {
    /// The library called directly, for the benches ([`crate::bench`]).
    fn direct(&self) -> Option<Peer> {
        Some(
            Peer::new(CARD.name)
                .parse(|| Box::new(|i| keep(text(i).and_then(|s| ::iref::IriRef::new(s).ok()))))
                .resolve(
                    |base| {
                        let base = ::iref::Iri::new(base).ok()?;
                        Some(Box::new(move |r| {
                            keep(
                                text(r)
                                    .and_then(|s| ::iref::IriRef::new(s).ok())
                                    .map(|r| r.resolved(base)),
                            )
                        }))
                    },
                    "base parsed once (`IriRef::resolved`)",
                ),
        )
    }

    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
        let u = match iri_ref(input) {
            Ok(u) => u,
            Err(r) => return Outcome::Rejected(r),
        };
        let authority = u.authority();
        let components = Components::default()
            .with(Component::Scheme, u.scheme().map(|s| s.as_str()))
            .with(Component::Authority, authority.map(|a| a.as_str()))
            .with(
                Component::Userinfo,
                authority.and_then(|a| a.user_info()).map(|s| s.as_str()),
            )
            .with(Component::Host, authority.map(|a| a.host().as_str()))
            .with(
                Component::Port,
                authority.and_then(|a| a.port()).map(|s| s.as_str()),
            )
            .with(Component::Path, Some(u.path().as_str()))
            .with(Component::Query, u.query().map(|s| s.as_str()))
            .with(Component::Fragment, u.fragment().map(|s| s.as_str()));
        Outcome::Accepted(Parsed {
            components,
            serialization: Some(u.as_str().to_owned()),
            ..Parsed::default()
        })
    }

    fn resolve(&self, base: &[u8], reference: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        let base = match utf8(base).map(Iri::new) {
            Ok(Ok(b)) => b,
            Ok(Err(_)) => return invalid_base("not an IRI (RFC 3987)"),
            Err(r) => return invalid_base(r.message),
        };
        match iri_ref(reference) {
            Ok(r) => Outcome::Accepted(r.resolved(base).as_str().to_owned()),
            Err(r) => Outcome::Rejected(r),
        }
    }

    fn equivalent(&self, a: &[u8], b: &[u8], _: &Ctx<'_>) -> Outcome<bool> {
        match (iri_ref(a), iri_ref(b)) {
            (Ok(a), Ok(b)) => Outcome::Accepted(a == b),
            (Err(r), _) | (_, Err(r)) => Outcome::Rejected(r),
        }
    }
}
