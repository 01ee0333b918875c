//! The `url` subject: servo's [`url`] crate, an implementation of the [WHATWG URL Standard]
//! (profile `whatwg-url`), mapped onto the shared model.
//!
//! The URL Standard parses an absolute URL, or a reference against a base; it does not parse a
//! relative reference alone (`g` is `RelativeUrlWithoutBase`). Its parser is a canonicalizer:
//! the URL it returns is not always the input's text, and [`Parsed::serialization`] carries its
//! `as_str()` (the Standard's `href`) so that the engine sees what it changed.
//!
//! # How the answer is mapped
//!
//! - `scheme`: `scheme()`, always defined.
//! - `authority`: `authority()` when `has_authority()` (the URL has "//" after its scheme), else
//!   undefined.
//! - `userinfo`: `username()` and `password()` joined as `username[:password]`; undefined when the
//!   username is empty and there is no password. url cannot tell an empty userinfo (`http://@a/`)
//!   from none: it drops the "@", and so does this mapping.
//! - `host`: `host_str()`: an IPv6 address keeps its brackets (`[::1]`). A file URL with an empty
//!   host (`file:///x`) has no host in url's answer (`None`), although it has an authority.
//! - `host_kind`: `host()`: `Domain` (which is also a non-special URL's opaque host) is `reg-name`,
//!   `Ipv4` is `ipv4`, `Ipv6` is `ipv6`.
//! - `port`: `port()`, which is undefined when the port is the scheme's default or empty.
//! - `path`, `query`, `fragment`: `path()`, `query()`, `fragment()`; url keeps an empty query or
//!   fragment (`?`, `#`) apart from none.
//!
//! # What url changes while parsing
//!
//! Each of these shows as a difference between the input and [`Parsed::serialization`], and as a
//! component that differs from the RFC 3986 reading; the tests in `tests/adapters.rs` pin them.
//!
//! - Leading and trailing C0 controls and spaces are stripped; tabs and newlines anywhere are
//!   removed (`" http://a/\t"` is `http://a/`).
//! - The scheme is lowercased (`HTTP:` is `http:`).
//! - A special scheme's host is percent-decoded, lowercased and IDNA-mapped (`EXAMPLE.com` and
//!   `ex%41mple.com` are `example.com`, `é` is `xn--9ca`), IPv4 in any of its legacy forms is
//!   rewritten dotted-decimal (`0x7f.1` is `127.0.0.1`, `1.2.3` is `1.2.0.3`), and an IPv6
//!   address is serialized in its compressed form (`[0:0::1]` is `[::1]`). A non-special
//!   scheme's host is kept as written (`foo://A/`).
//! - The scheme's default port is dropped (`http://a:80/` is `http://a/`), and so is an empty
//!   port (`http://a:/` is `http://a/`).
//! - A special scheme's empty path becomes "/" (`http://a` is `http://a/`; `foo://a` keeps its
//!   empty path), backslashes count as "/" in special URLs (`http://a\b` is `http://a/b`), and
//!   dot segments are removed from every hierarchical path, including `%2e` forms
//!   (`http://a/x/%2e%2E/b` is `http://a/b`, `foo:/a/../b` is `foo:/b`).
//! - Characters in the Standard's percent-encode sets are percent-encoded: a space in a path,
//!   query or fragment is `%20`, and `'` in a special URL's query is `%27`; existing `%XX`
//!   triplets are kept as written (`%7e` stays).
//! - A fragment may hold a second "#" (`http://a#f#g` has the fragment `f#g`).
//! - An empty userinfo's "@" is dropped (`http://@a/` is `http://a/`).
//! - A special URL with "///" or "\\" after the scheme still gets its host from the first
//!   non-slash text (`http:///a` is `http://a/`).
//!
//! [WHATWG URL Standard]: https://url.spec.whatwg.org/

use std::sync::LazyLock;

use ::url::{Host, Url};

use super::adapt::{invalid_base, library_info, rejection, utf8};
use super::direct::{keep, text, Peer};
use super::{Ctx, Subject, SubjectInfo};
use crate::model::{Component, ComponentSet, Components, Op, Outcome, Parsed};
use crate::parsers::url::CARD;

/// The `url` crate (servo/rust-url), WHATWG URL Standard.
///
/// # Examples
///
/// ```
/// use uridiff::model::{Component, Outcome};
/// use uridiff::subjects::{Ctx, Subject, UrlCrate};
/// let Outcome::Accepted(p) = UrlCrate::get().parse(b"HTTP://A", &Ctx::default()) else { panic!() };
/// assert_eq!(p.components.get(Component::Host), Some("a"));
/// assert_eq!(p.serialization.as_deref(), Some("http://a/"));
/// ```
#[derive(Debug)]
pub struct UrlCrate {
    info: SubjectInfo,
}

static SHARED: LazyLock<UrlCrate> = LazyLock::new(UrlCrate::new);

impl UrlCrate {
    /// The subject.
    pub fn new() -> UrlCrate {
        UrlCrate {
            info: library_info(&CARD, &[Op::Parse, Op::Resolve], ComponentSet::ALL),
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static UrlCrate {
        &SHARED
    }
}

impl Default for UrlCrate {
    fn default() -> UrlCrate {
        UrlCrate::new()
    }
}

/// The shared model of a parsed `Url` (see the module documentation for each component).
fn parsed(u: &Url) -> Parsed {
    let userinfo = match (u.username(), u.password()) {
        ("", None) => None,
        (user, None) => Some(user.to_owned()),
        (user, Some(password)) => Some(format!("{user}:{password}")),
    };
    let host_kind = u.host().map(|h| match h {
        Host::Domain(_) => "reg-name",
        Host::Ipv4(_) => "ipv4",
        Host::Ipv6(_) => "ipv6",
    });
    let port = u.port().map(|p| p.to_string());
    let components = Components::default()
        .with(Component::Scheme, Some(u.scheme()))
        .with(
            Component::Authority,
            u.has_authority().then(|| u.authority()),
        )
        .with(Component::Userinfo, userinfo.as_deref())
        .with(Component::Host, u.host_str())
        .with(Component::HostKind, host_kind)
        .with(Component::Port, port.as_deref())
        .with(Component::Path, Some(u.path()))
        .with(Component::Query, u.query())
        .with(Component::Fragment, u.fragment());
    Parsed {
        components,
        serialization: Some(u.as_str().to_owned()),
        ..Parsed::default()
    }
}

fn rejected<T>(e: ::url::ParseError) -> Outcome<T> {
    Outcome::Rejected(rejection(e, format!("{e:?}"), None))
}

impl Subject for UrlCrate {
    /// The library called directly, for the benches ([`crate::bench`]).
    fn direct(&self) -> Option<Peer> {
        Some(
            Peer::new(CARD.name)
                .parse(|| Box::new(|i| keep(text(i).and_then(|s| Url::parse(s).ok()))))
                .resolve(
                    |base| {
                        let base = Url::parse(base).ok()?;
                        Some(Box::new(move |r| {
                            keep(text(r).and_then(|s| base.join(s).ok()))
                        }))
                    },
                    "base parsed once (`Url::join`)",
                ),
        )
    }

    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
        let input = match utf8(input) {
            Ok(s) => s,
            Err(r) => return Outcome::Rejected(r),
        };
        match Url::parse(input) {
            Ok(u) => Outcome::Accepted(parsed(&u)),
            Err(e) => rejected(e),
        }
    }

    fn resolve(&self, base: &[u8], reference: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        let base = match utf8(base).map(Url::parse) {
            Ok(Ok(b)) => b,
            Ok(Err(e)) => return invalid_base(e),
            Err(r) => return invalid_base(r.message),
        };
        let reference = match utf8(reference) {
            Ok(s) => s,
            Err(r) => return Outcome::Rejected(r),
        };
        match base.join(reference) {
            Ok(u) => Outcome::Accepted(u.as_str().to_owned()),
            Err(e) => rejected(e),
        }
    }
}
