//! Profile `python-urllib3`: urllib3's `parse_url`. Its docstring says: "Best-effort is
//! performed to parse incomplete urls. Fields not provided will be None. This parser is RFC 3986
//! and RFC 6874 compliant", and its example reads `google.com:80` as a host and a port (a text
//! without a scheme is an authority first). Its `Url` is "a namedtuple ... with some
//! additional properties", whose `port` is an integer and whose constructor writes a path that
//! lacks one with a leading "/" (`Url(path="foo")` has the path `/foo`, its documentation's
//! `Url.path`); for `http`, `https` and no scheme it removes the path's dot segments (its
//! `_remove_path_dot_segments`, "based on RFC 3986 5.2.4").

use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// What RFC 3986 reads in `//` followed by `input`: how `parse_url` reads a text with no
/// scheme that does not start with "/" (it puts "//" in front: "google.com:80" is an authority).
fn as_authority(input: &[u8]) -> Option<Components> {
    if input.starts_with(b"/") {
        return None;
    }
    let mut text = b"//".to_vec();
    text.extend_from_slice(input);
    let c = uri_spec::parse(&text).ok()?;
    Some(
        Components::default()
            .with(Component::Authority, c.authority)
            .with(Component::Userinfo, c.userinfo)
            .with(Component::Host, c.host.map(|h| h.text))
            .with(Component::Port, c.port)
            .with(Component::Path, c.path),
    )
}

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "python-urllib3",
        name: "a text without a scheme is read as an authority first (parse_url's example: \"google.com:80\")",
        explains: |e| {
            let no_scheme = e
                .spec_components
                .is_some_and(|c| c.get(Component::Scheme).is_none());
            let Some(c) = e.component() else {
                return false;
            };
            let Some(read) = as_authority(e.input).filter(|_| no_scheme) else {
                return false;
            };
            // The host is lowercased as everywhere in parse_url; "Fields not provided will be
            // None" (an empty path after the authority).
            let want = read.get(c).map(|v| match c {
                Component::Host | Component::Authority => v.to_ascii_lowercase(),
                _ => v.to_owned(),
            });
            let want = want.filter(|v| !(c == Component::Path && v.is_empty()));
            want.as_deref() == e.got && want.as_deref() != e.spec
        },
    },
    Rule {
        profile: "python-urllib3",
        name: "an empty path, host or userinfo is None (\"Fields not provided will be None\")",
        explains: |e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(Component::Path | Component::Host | Component::Userinfo)
            ) && e.spec == Some("")
                && e.got.is_none()
        },
    },
    Rule {
        profile: "python-urllib3",
        name: "a path without a leading \"/\" gets one (Url)",
        explains: |e| {
            e.component() == Some(Component::Path)
                && e.spec.is_some_and(|p| !p.is_empty() && !p.starts_with('/'))
                && e.got.and_then(|g| g.strip_prefix('/')) == e.spec
        },
    },
    Rule {
        profile: "python-urllib3",
        name: "the path's dot segments are removed for http, https and no scheme",
        explains: |e| {
            let scheme = e.scheme();
            e.component() == Some(Component::Path)
                && matches!(scheme.as_deref(), None | Some("http" | "https"))
                && e.spec.map(uri_spec::remove_dot_segments).as_deref() == e.got
        },
    },
    Rule {
        profile: "python-urllib3",
        name: "the port is an integer (Url.port)",
        explains: port_as_number,
    },
];
