//! Profile `mojo-url`: Mojolicious's Mojo::URL (9.31), which splits a URL with RFC 3986
//! Appendix B's expression ("Official regex from RFC 3986", its `parse`) and is read against
//! RFC 3986. What its documentation and its `parse` say it does:
//! - `query` "defaults to a Mojo::Parameters object": a URL has a query, empty when none is
//!   written (RFC 3986 reads it undefined);
//! - `parse` stores `userinfo` and `fragment` percent-decoded (`url_unescape`), and
//!   `host_port` the host percent-decoded: `url_unescape`, then `_decode`, which decodes UTF-8
//!   "// $_[0]", keeping the bytes as they are (one character each) where they are not UTF-8.

use super::Rule;
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "mojo-url",
        name: "the query is never undefined (query: \"defaults to a Mojo::Parameters object\")",
        explains: |e| {
            e.class == Class::UndefinedVsEmpty(Component::Query)
                && e.spec.is_none()
                && e.got == Some("")
        },
    },
    Rule {
        profile: "mojo-url",
        name: "userinfo, host and fragment are percent-decoded while parsing (parse, host_port: url_unescape)",
        explains: |e| {
            matches!(
                e.component(),
                Some(Component::Userinfo | Component::Host | Component::Fragment)
            ) && e.spec.is_some_and(|s| s.contains('%'))
                && e.spec.map(mojo_decoded).as_deref() == e.got
        },
    },
];

/// `s` as Mojo::URL's `parse` stores it: percent-decoded, read as UTF-8 where the bytes are,
/// else one character per byte (Mojo/URL.pm's `_decode`).
fn mojo_decoded(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (Some(h), Some(l)) if b[i] == b'%' => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            _ => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    match String::from_utf8(out) {
        Ok(text) => text,
        Err(e) => e.into_bytes().into_iter().map(char::from).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::mojo_decoded;

    #[test]
    fn utf8_is_decoded_and_other_bytes_are_one_character_each() {
        assert_eq!(mojo_decoded("%C3%A9%21"), "é!");
        assert_eq!(mojo_decoded("%AA"), "\u{aa}");
        assert_eq!(mojo_decoded("%zz"), "%zz");
    }
}
