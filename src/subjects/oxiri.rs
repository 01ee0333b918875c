//! The `oxiri` subject: the [`oxiri`] crate's `IriRef` (an RFC 3987 IRI reference, profile
//! `rfc3987-iri`), the IRI parser and resolver of the Oxigraph RDF stack.
//!
//! # How the answer is mapped
//!
//! - `scheme()`, `authority()`, `path()`, `query()`, `fragment()`: slices of the input, with
//!   undefined kept apart from empty (`http://a?#` has an empty query and fragment).
//! - oxiri does not split the authority: `userinfo`, `host`, `host_kind` and `port` are neither
//!   reported nor declared.
//! - `serialization`: `as_str()`, the input: oxiri changes nothing while parsing.
//! - A rejection's `code` is the variant of the crate's private `IriParseErrorKind`, read from the
//!   error's `Debug` text (`InvalidHostCharacter`, `InvalidPercentEncoding`, ...); no offset.
//!
//! # What oxiri accepts beyond RFC 3986
//!
//! It is an IRI parser: non-ASCII characters allowed by RFC 3987 (`ucschar`, and `iprivate` in
//! the query) are accepted as they are, not percent-encoded.
//!
//! # Resolution
//!
//! `resolve` parses the base as an `Iri` (absolute; a relative base is `invalid-base`) and calls
//! `Iri::resolve`, RFC 3986 section 5.2 as the crate implements it. It fails with
//! `PathStartingWithTwoSlashes` or `ResolvingDotSegmentsNonHierarchical` where the target
//! cannot be written; such a failure is a rejection with that code.

use std::sync::LazyLock;

use ::oxiri::{Iri, IriParseError, IriRef};

use super::adapt::{invalid_base, kind_after, library_info, rejection, utf8};
use super::direct::{keep, text, Peer};
use super::{Ctx, Subject, SubjectInfo};
use crate::model::{Component, ComponentSet, Components, Op, Outcome, Parsed, Rejection};
use crate::parsers::oxiri::CARD;

/// oxiri's `IriRef::parse` and `Iri::resolve`.
///
/// # Examples
///
/// ```
/// use uridiff::model::{Component, Outcome};
/// use uridiff::subjects::{Ctx, Oxiri, Subject};
/// let Outcome::Accepted(p) = Oxiri::get().parse("http://é/".as_bytes(), &Ctx::default()) else { panic!() };
/// assert_eq!(p.components.get(Component::Authority), Some("é"));
/// ```
#[derive(Debug)]
pub struct Oxiri {
    info: SubjectInfo,
}

static SHARED: LazyLock<Oxiri> = LazyLock::new(Oxiri::new);

impl Oxiri {
    /// The subject.
    pub fn new() -> Oxiri {
        Oxiri {
            info: library_info(
                &CARD,
                &[Op::Parse, Op::Resolve],
                ComponentSet::of(&[
                    Component::Scheme,
                    Component::Authority,
                    Component::Path,
                    Component::Query,
                    Component::Fragment,
                ]),
            ),
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static Oxiri {
        &SHARED
    }
}

impl Default for Oxiri {
    fn default() -> Oxiri {
        Oxiri::new()
    }
}

fn error(e: &IriParseError) -> Rejection {
    rejection(e, kind_after(&format!("{e:?}"), "kind: "), None)
}

impl Subject for Oxiri {
    /// The library called directly, for the benches ([`crate::bench`]).
    fn direct(&self) -> Option<Peer> {
        Some(
            Peer::new(CARD.name)
                .parse(|| Box::new(|i| keep(text(i).and_then(|s| ::oxiri::IriRef::parse(s).ok()))))
                .resolve(
                    |base| {
                        let base = ::oxiri::Iri::parse(base).ok()?;
                        Some(Box::new(move |r| {
                            keep(
                                text(r)
                                    .and_then(|s| ::oxiri::IriRef::parse(s).ok())
                                    .and_then(|r| base.resolve(&r).ok()),
                            )
                        }))
                    },
                    "base parsed once (`IriRef::parse`, then `Iri::resolve`)",
                ),
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
        match IriRef::parse(text) {
            Ok(u) => {
                let components = Components::default()
                    .with(Component::Scheme, u.scheme())
                    .with(Component::Authority, u.authority())
                    .with(Component::Path, Some(u.path()))
                    .with(Component::Query, u.query())
                    .with(Component::Fragment, u.fragment());
                Outcome::Accepted(Parsed {
                    components,
                    serialization: Some(u.as_str().to_owned()),
                    ..Parsed::default()
                })
            }
            Err(e) => Outcome::Rejected(error(&e)),
        }
    }

    fn resolve(&self, base: &[u8], reference: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        let base = match utf8(base).map(Iri::parse) {
            Ok(Ok(b)) => b,
            Ok(Err(e)) => return invalid_base(e),
            Err(r) => return invalid_base(r.message),
        };
        let reference = match utf8(reference).map(IriRef::parse) {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => return Outcome::Rejected(error(&e)),
            Err(r) => return Outcome::Rejected(r),
        };
        match base.resolve(&reference) {
            Ok(target) => Outcome::Accepted(target.into_inner()),
            Err(e) => Outcome::Rejected(error(&e)),
        }
    }
}
