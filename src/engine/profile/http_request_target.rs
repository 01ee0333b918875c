//! Profile `http-request-target` (`http::Uri`): a request-target of RFC 9112 section 3.2 (origin,
//! absolute, authority and asterisk forms), judged against RFC 3986; `http::Uri`'s documentation
//! names the four forms.

use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "http-request-target",
        name: "a target without \"/\" or \"://\" is the authority form host[:port]",
        explains: |e| {
            let Some(c) = e.component() else {
                return false;
            };
            http_authority_form(e.input).is_some_and(|a| a.get(c) == e.got)
        },
    },
    Rule {
        profile: "http-request-target",
        name: "a target beginning with \"//\" is an origin-form path",
        explains: |e| {
            let Some(c) = e.component() else {
                return false;
            };
            e.input.starts_with(b"//") && http_origin_form(e.input).get(c) == e.got
        },
    },
    Rule {
        profile: "http-request-target",
        name: "a target beginning with \"//\" is accepted as an origin-form path (RFC 9112 3.2.1: absolute-path)",
        explains: |e| {
            e.class == Class::TooLax
                && e.second.is_none()
                && e.input.starts_with(b"//")
                && uri_spec::parse(&[b"/.", e.input].concat())
                    .is_ok_and(|c| c.authority.is_none())
        },
    },
    Rule {
        profile: "http-request-target",
        name: "a port that is not a 16-bit number is left in the authority, not reported",
        explains: |e| {
            e.component() == Some(Component::Port)
                && e.got.is_none()
                && e.spec.is_some_and(|p| p.parse::<u16>().is_err())
        },
    },
    Rule {
        profile: "http-request-target",
        name: "an absolute-form target's empty path is \"/\"",
        explains: empty_path_after_authority_is_slash,
    },
    Rule {
        profile: "http-request-target",
        name: "an absolute URI without an authority, or with an empty one, is no request-target",
        explains: |e| {
            e.class == Class::TooStrict
                && (e.input.contains(&b'/') || !rfc9112_authority_form(e.input))
                && e.spec_components.is_some_and(|c| {
                    c.get(Component::Scheme).is_some()
                        && matches!(c.get(Component::Authority), None | Some(""))
                })
        },
    },
    Rule {
        profile: "http-request-target",
        name: "a relative reference that does not begin with \"/\" and is no uri-host \":\" port (the empty one too) is in none of the four forms (RFC 9112 3.2): no request-target",
        explains: |e| {
            e.class == Class::TooStrict
                && !e.input.starts_with(b"/")
                && e.input != b"*"
                && !rfc9112_authority_form(e.input)
                && e.spec_components
                    .is_some_and(|c| c.get(Component::Scheme).is_none())
        },
    },
    Rule {
        profile: "http-request-target",
        name: "a target without \"/\" or \"://\" is accepted as the authority form host[:port]",
        explains: |e| {
            e.class == Class::TooLax
                && e.second.is_none()
                && http_authority_form(e.input).is_some_and(|c| {
                    let port = std::str::from_utf8(e.input)
                        .ok()
                        .and_then(|t| t.rsplit_once(':'))
                        .map(|(_, p)| p);
                    port.is_none_or(|p| p.is_empty() || p.parse::<u16>().is_ok())
                        && c.get(Component::Host).is_some()
                })
        },
    },
];

/// Whether `input` is RFC 9112 3.2.3's `authority-form = uri-host ":" port`: a host RFC 3986
/// allows, and a port (which that form cannot leave out).
fn rfc9112_authority_form(input: &[u8]) -> bool {
    if input.iter().any(|b| matches!(b, b'/' | b'?' | b'#' | b'@')) {
        return false;
    }
    uri_spec::parse(&[b"//", input].concat()).is_ok_and(|c| c.port.is_some_and(|p| !p.is_empty()))
}

/// What `http::Uri` reads from an authority-form target: scheme undefined, the whole input as
/// authority, the host after the last "@" and before a ":", a port when it is a number, an empty
/// path. `None` when the input is not in that form.
fn http_authority_form(input: &[u8]) -> Option<Components> {
    let text = std::str::from_utf8(input).ok()?;
    if text.is_empty() || text.contains(['/', '?', '#']) {
        return None;
    }
    let after_at = text.rsplit('@').next().unwrap_or(text);
    let (host, port) = match after_at.rsplit_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (after_at, None),
    };
    let port = port.and_then(|p| p.parse::<u16>().ok().map(|_| p));
    Some(
        Components::default()
            .with(Component::Authority, Some(text))
            .with(Component::Host, Some(host))
            .with(Component::Port, port)
            .with(Component::Path, Some("")),
    )
}

/// What `http::Uri` reads from a target beginning with "//": a path, up to "?", no authority.
fn http_origin_form(input: &[u8]) -> Components {
    let text = String::from_utf8_lossy(input);
    let text = text.split('#').next().unwrap_or("");
    let (path, query) = match text.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (text, None),
    };
    Components::default()
        .with(Component::Path, Some(path))
        .with(Component::Query, query)
}
