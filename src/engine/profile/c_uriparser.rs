//! Rules of uriparser (`c-uriparser`, profile `rfc3986`), each from its documentation (the
//! comments of `uriparser/Uri.h`, 0.9.7):
//! - `UriUriA.hostText` is the "Host text (set for all hosts, excluding square brackets)": an
//!   IP literal's host is `::1` where RFC 3986 3.2.2's `host` is `[::1]`.
//! - `uriToStringA` writes an IPv6 literal from its 16 octets (`UriIp6.data`, "IPv6 address
//!   data") as eight groups of four hexadecimal digits: `uriNormalizeSyntaxA` of `//[::]`
//!   gives `//[0000:0000:0000:0000:0000:0000:0000:0000]`, the same address (RFC 4291 2.2),
//!   run here with 0.9.7.

use super::Explains::{Custom, HostUnbracketed};
use super::{Example, Reply, Rule};
use crate::engine::Class;
use crate::model::Component;

/// Whether `text` holds an IP literal of eight groups of four hexadecimal digits.
fn written_in_full(text: &str) -> bool {
    text.split('[').skip(1).any(|after| {
        after.split_once(']').is_some_and(|(literal, _)| {
            let groups: Vec<&str> = literal.split(':').collect();
            groups.len() == 8
                && groups
                    .iter()
                    .all(|g| g.len() == 4 && g.bytes().all(|b| b.is_ascii_hexdigit()))
        })
    })
}

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "c-uriparser",
        id: "c-uriparser/host-unbracketed",
        name: "an IP literal's host is given without its square brackets (UriUriA.hostText: \"excluding square brackets\")",
        cites: "uriparser/Uri.h, UriUriA.hostText",
        explains: HostUnbracketed,
        examples: &[
            Example::fires("http://[::1]/", Reply::Reads(&[(Component::Host, Some("::1"))])),
            Example::off("http://[::1]/", Reply::Reads(&[(Component::Host, Some("::2"))])),
        ],
    },
    Rule {
        profile: "c-uriparser",
        id: "c-uriparser/ipv6-written-in-full",
        name: "an IPv6 literal is written from its octets, eight groups of four digits (UriIp6.data: \"IPv6 address data\"; the same address, RFC 4291 2.2)",
        cites: "uriparser/Uri.h, UriIp6.data (RFC 4291 section 2.2)",
        explains: Custom(|e| {
            let (Class::Normalization, Some(want), Some(got)) = (e.class, e.reference, e.got)
            else {
                return false;
            };
            written_in_full(got)
                && crate::engine::ipv6_written_compressed(got)
                    == crate::engine::ipv6_written_compressed(want)
        }),
        examples: &[
            // An IPv6 literal written in eight groups of four digits; another address written in full.
            Example::fires("normalize://[::]", Reply::Text("//[0000:0000:0000:0000:0000:0000:0000:0000]")),
            Example::off("normalize://[::1]", Reply::Text("//[0000:0000:0000:0000:0000:0000:0000:0000]")),
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::written_in_full;

    #[test]
    fn a_literal_in_full_is_eight_groups_of_four_digits() {
        assert!(written_in_full(
            "//[0000:0000:0000:0000:0000:0000:0000:0001]/a"
        ));
        assert!(!written_in_full("//[::1]"));
        assert!(!written_in_full("//[0:0:0:0:0:0:0:1]"));
        assert!(!written_in_full("//h/[0000]"));
    }
}
