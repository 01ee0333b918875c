//! The `ada-url` subject: the [`ada_url`] crate, bindings to Ada, the C++ WHATWG URL parser that
//! Node.js uses (profile `whatwg-url`), mapped onto the shared model. It is
//! compiled only with the cargo feature `ada` (on by default); without it its card makes a
//! `NotCompiled` placeholder under the same name.
//!
//! Like `url`, it parses an absolute URL, or a reference against a base, and it canonicalizes
//! while it parses: [`Parsed::serialization`] is its `href()`.
//!
//! # How the answer is mapped
//!
//! The URL Standard's getters return "" for a component that is absent, so undefined is taken from
//! Ada's `has_*` predicates and from the offsets of `components()` into `href()`:
//!
//! - `scheme`: `protocol()` without its ":".
//! - `authority`: the text of `href()` between "//" and the path (from `components()`), when the
//!   serialization has "//" after the scheme; else undefined. The Standard has no authority
//!   getter: this is Ada's own serialization, cut at Ada's own offsets.
//! - `userinfo`: when `has_credentials()`, `username()` and, when the password is not empty,
//!   ":" and `password()`. As in the Standard, an empty userinfo (`http://@a/`) is none.
//! - `host`: `hostname()` when `has_hostname()` (an empty host, as in `file:///x`, is defined and
//!   empty); an IPv6 address keeps its brackets.
//! - `host_kind`: `host_type()` when there is a host: `Domain` (also an opaque or empty host) is
//!   `reg-name`, `IPV4` is `ipv4`, `IPV6` is `ipv6`.
//! - `port`: `port()` when `has_port()`: undefined when it is the scheme's default or empty.
//! - `path`: `pathname()`.
//! - `query`, `fragment`: the text after `components()`' `search_start` (up to the hash) and
//!   `hash_start`, so an empty query or fragment (`?`, `#`) stays apart from none.
//! - A rejection has the code `InvalidUrl` and no offset: Ada reports only that the input is not
//!   a URL.
//!
//! # What Ada changes while parsing
//!
//! The same as the URL Standard, so the same list as `url` (see `src/subjects/url.rs`):
//! stripped C0 controls and spaces at the ends, removed tabs and newlines, lowercased scheme,
//! lowercased and IDNA-mapped special host, IPv4 rewritten dotted-decimal, IPv6 compressed,
//! default and empty ports dropped, "/" for a special scheme's empty path, backslashes as "/" in
//! special URLs, dot segments removed, percent-encoding by the Standard's sets, an empty
//! userinfo's "@" dropped. One difference from `url` in the mapping: a file URL's empty host is
//! reported as the empty host, where `url` reports none.

use std::sync::LazyLock;

use ::ada_url::{HostType, Url};

use super::adapt::{invalid_base, library_info, rejection, utf8};
use super::direct::{keep, text, Peer};
use super::{Ctx, Subject, SubjectInfo};
use crate::model::{Component, ComponentSet, Components, Op, Outcome, Parsed};
use crate::parsers::ada_url::CARD;

/// Ada through `ada_url::Url::parse`.
///
/// # Examples
///
/// ```
/// use uridiff::model::{Component, Outcome};
/// use uridiff::subjects::{Ada, Ctx, Subject};
/// let Outcome::Accepted(p) = Ada::get().parse(b"HTTP://A?", &Ctx::default()) else { panic!() };
/// assert_eq!(p.components.get(Component::Query), Some(""));
/// assert_eq!(p.serialization.as_deref(), Some("http://a/?"));
/// ```
#[derive(Debug)]
pub struct Ada {
    info: SubjectInfo,
}

static SHARED: LazyLock<Ada> = LazyLock::new(Ada::new);

impl Ada {
    /// The subject.
    pub fn new() -> Ada {
        Ada {
            info: library_info(&CARD, &[Op::Parse, Op::Resolve], ComponentSet::ALL),
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static Ada {
        &SHARED
    }
}

impl Default for Ada {
    fn default() -> Ada {
        Ada::new()
    }
}

/// `href[from..to]`, or `None` when the offsets do not fall on the text (never for Ada's own
/// offsets, but a wrong offset must not panic).
fn cut(href: &str, from: usize, to: usize) -> Option<&str> {
    href.get(from..to)
}

fn parsed(u: &Url) -> Parsed {
    let href = u.href();
    let c = u.components();
    let at = |o: Option<u32>| o.map(|i| i as usize);
    let end = href.len();
    let protocol_end = c.protocol_end as usize;
    let (search, hash) = (at(c.search_start), at(c.hash_start));
    let path_end = search.or(hash).unwrap_or(end);
    let authority = href
        .get(protocol_end..)
        .filter(|rest| rest.starts_with("//"))
        .and_then(|_| {
            cut(
                href,
                protocol_end + 2,
                at(c.pathname_start).unwrap_or(path_end),
            )
        });
    let query = search.and_then(|s| cut(href, s + 1, hash.unwrap_or(end)));
    let fragment = hash.and_then(|h| cut(href, h + 1, end));
    let userinfo = u.has_credentials().then(|| {
        if u.has_non_empty_password() {
            format!("{}:{}", u.username(), u.password())
        } else {
            u.username().to_owned()
        }
    });
    let has_host = u.has_hostname();
    let host_kind = has_host.then(|| match u.host_type() {
        HostType::Domain => "reg-name",
        HostType::IPV4 => "ipv4",
        HostType::IPV6 => "ipv6",
    });
    let protocol = u.protocol();
    let components = Components::default()
        .with(
            Component::Scheme,
            Some(protocol.strip_suffix(':').unwrap_or(protocol)),
        )
        .with(Component::Authority, authority)
        .with(Component::Userinfo, userinfo.as_deref())
        .with(Component::Host, has_host.then(|| u.hostname()))
        .with(Component::HostKind, host_kind)
        .with(Component::Port, u.has_port().then(|| u.port()))
        .with(Component::Path, Some(u.pathname()))
        .with(Component::Query, query)
        .with(Component::Fragment, fragment);
    Parsed {
        components,
        serialization: Some(href.to_owned()),
        ..Parsed::default()
    }
}

fn rejected<T>() -> Outcome<T> {
    Outcome::Rejected(rejection("not a URL", "InvalidUrl", None))
}

impl Subject for Ada {
    /// The library called directly, for the benches ([`crate::bench`]).
    fn direct(&self) -> Option<Peer> {
        Some(
            Peer::new(CARD.name)
                .parse(|| {
                    Box::new(|i| keep(text(i).and_then(|s| ::ada_url::Url::parse(s, None).ok())))
                })
                .resolve(
                    |base| {
                        ::ada_url::Url::parse(base, None).ok()?;
                        Some(Box::new(move |r| {
                            keep(text(r).and_then(|s| ::ada_url::Url::parse(s, Some(base)).ok()))
                        }))
                    },
                    "parses the base again on every call (the API takes the base as text)",
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
        match Url::parse(text, None) {
            Ok(u) => Outcome::Accepted(parsed(&u)),
            Err(_) => rejected(),
        }
    }

    fn resolve(&self, base: &[u8], reference: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        let base = match utf8(base) {
            Ok(b) if Url::parse(b, None).is_ok() => b,
            Ok(_) => return invalid_base("not a URL"),
            Err(r) => return invalid_base(r.message),
        };
        let reference = match utf8(reference) {
            Ok(s) => s,
            Err(r) => return Outcome::Rejected(r),
        };
        match Url::parse(reference, Some(base)) {
            Ok(u) => Outcome::Accepted(u.href().to_owned()),
            Err(_) => rejected(),
        }
    }
}
