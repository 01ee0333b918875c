//! The `http` subject: [`http::Uri`], the request-target type of the hyper ecosystem (profile
//! `http-request-target`), mapped onto the shared model.
//!
//! `http::Uri` is not a general URI-reference parser: it parses what may stand in an HTTP
//! request line ([RFC 9112 section 3.2]): the origin form (`/path?query`), the absolute form
//! (`scheme://authority/path?query`), the authority form (`host:port`) and the asterisk form
//! (`*`). It takes bytes, so every input reaches the library.
//!
//! # How the answer is mapped
//!
//! - `scheme`: `scheme_str()`.
//! - `authority`: `authority()`, without "//"; userinfo stays inside it.
//! - `host`: `host()`: the authority without userinfo and port; an IPv6 address keeps its
//!   brackets.
//! - `port`: `port()`, as written (`port_u16` is not used, so `:080` stays `080`).
//! - `path`: `path()`; `query`: `query()`, which keeps an empty query (`?`) apart from none.
//! - Not reported (and not declared): `userinfo` (there is no accessor; it is only part of the
//!   authority), `host_kind` (the library does not say), `fragment` (see below).
//! - `serialization`: the `Display` form.
//!
//! # What `http::Uri` changes while parsing
//!
//! - The fragment is dropped: `http://a/b#f` is accepted as `http://a/b` (a request target has
//!   no fragment), so its `Display` has no "#".
//! - The path of an absolute-form URI is "/" when the input has none (`http://a` and `http://a?q`
//!   have the path "/"); the authority form (`a:80`) has the empty path.
//! - The scheme is kept as written in `Display`, but `http` and `https` are recognized in any case
//!   and shown lowercase (`HTTP://a/` is `http://a/`).
//! - A text without "/" at its start and without "://" is read as the authority form:
//!   `urn:x` is accepted with the authority `urn:x`, the host `urn`, no scheme and the empty path,
//!   and `g` with the authority and host `g`; `mailto:a@b` is the authority form too, with the
//!   host `b`. A port that is not a `u16` (`x` there, or `99999`) is accepted inside the
//!   authority but `port()` reports none.
//! - Everything from the first "#" on is dropped unchecked (`http://a#f#g` is `http://a/`).
//! - A "//" at the start is the origin form, not an authority: `//a/b` is the path `//a/b`.
//! - Nothing is percent-encoded or decoded: bytes outside its character table are an
//!   `InvalidUriChar` rejection instead.
//!
//! [RFC 9112 section 3.2]: https://www.rfc-editor.org/rfc/rfc9112#section-3.2

use std::sync::LazyLock;

use ::http::Uri;

use super::adapt::{kind_after, library_info, rejection};
use super::direct::{keep_ok, Peer};
use super::{Ctx, Subject, SubjectInfo};
use crate::model::{Component, ComponentSet, Components, Op, Outcome, Parsed};
use crate::parsers::http::CARD;

/// `http::Uri`, parsed from bytes with `Uri::try_from`.
///
/// # Examples
///
/// ```
/// use uridiff::model::{Component, Outcome};
/// use uridiff::subjects::{Ctx, HttpUri, Subject};
/// let Outcome::Accepted(p) = HttpUri::get().parse(b"http://a/b?c#d", &Ctx::default()) else { panic!() };
/// assert_eq!(p.components.get(Component::Query), Some("c"));
/// assert_eq!(p.components.get(Component::Fragment), None); // not reported: it is dropped
/// assert_eq!(p.serialization.as_deref(), Some("http://a/b?c"));
/// ```
#[derive(Debug)]
pub struct HttpUri {
    info: SubjectInfo,
}

static SHARED: LazyLock<HttpUri> = LazyLock::new(HttpUri::new);

impl HttpUri {
    /// The subject.
    pub fn new() -> HttpUri {
        HttpUri {
            info: library_info(
                &CARD,
                &[Op::Parse],
                ComponentSet::of(&[
                    Component::Scheme,
                    Component::Authority,
                    Component::Host,
                    Component::Port,
                    Component::Path,
                    Component::Query,
                ]),
            ),
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static HttpUri {
        &SHARED
    }
}

impl Default for HttpUri {
    fn default() -> HttpUri {
        HttpUri::new()
    }
}

impl Subject for HttpUri {
    /// The library called directly, for the benches ([`crate::bench`]).
    fn direct(&self) -> Option<Peer> {
        Some(Peer::new(CARD.name).parse(|| Box::new(|i| keep_ok(&::http::Uri::try_from(i)))))
    }

    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
        match Uri::try_from(input) {
            Ok(u) => {
                let authority = u.authority();
                let components = Components::default()
                    .with(Component::Scheme, u.scheme_str())
                    .with(Component::Authority, authority.map(|a| a.as_str()))
                    .with(Component::Host, u.host())
                    .with(
                        Component::Port,
                        authority
                            .and_then(|a| a.port())
                            .as_ref()
                            .map(|p| p.as_str()),
                    )
                    .with(Component::Path, Some(u.path()))
                    .with(Component::Query, u.query());
                Outcome::Accepted(Parsed {
                    components,
                    serialization: Some(u.to_string()),
                    ..Parsed::default()
                })
            }
            Err(e) => Outcome::Rejected(rejection(&e, kind_after(&format!("{e:?}"), "("), None)),
        }
    }
}
