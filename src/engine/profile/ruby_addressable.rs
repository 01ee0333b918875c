//! Rules of Ruby's Addressable (`ruby-addressable`, profile `rfc3987-iri`), each from its
//! documentation (Addressable::URI, 2.8.1: its doc comments, README and changelog).
//!
//! `normalize` (and `==`, which "normalizes both URIs before doing the comparison") goes
//! further than RFC 3986 6.2.2 in four documented ways, reproduced here from the reference's
//! own normalization:
//! - each component goes through `normalize_component`, whose `character_class` is "The
//!   characters which are not percent encoded": a percent-encoded character of the component's
//!   class is decoded, a reserved one too (its example: `"one%20two%2fthree%26four"` is
//!   `"one two%2Fthree&four"`); the path's class is `PCHAR` per segment, the query's `QUERY`
//!   without "&" and ";" and with "%2B" left encoded, the fragment's `FRAGMENT`;
//! - `normalize_path` "Resolves paths to their simplest form" with RFC 3986 5.2.4's
//!   `remove_dot_segments` ("Section 5.2.4 of RFC 3986", its source), a relative path's too
//!   (`.` is empty);
//! - the changelog (2.3.0): "normalization drops empty query string";
//! - the host is IDNA's ToASCII of its percent-decoded UTF-8 (README:
//!   `Addressable::URI.parse("http://www.詹姆斯.com/").normalize` is
//!   `http://www.xn--8ws00zhy3a.com/`), then, as every component, `normalize_component` with
//!   the host's class (`CharacterClasses::HOST`: unreserved, sub-delims, "[", ":" and "]"); a
//!   single trailing dot is dropped (`normalized_host`: "Single trailing dots are
//!   unnecessary."; changelog 2.3.0: "fixed issue with normalization of hosts given in
//!   `'example.com.'` form");
//! - the port "@return [Integer]" (`port`, `normalized_port`): an empty port is no integer and
//!   is not written (RFC 3986 3.2.3: normalizers "should omit the port component and its ':'
//!   delimiter if port is empty"), leading zeros are not written, and the scheme's default
//!   port from `port_mapping` ("common IP-based schemes and their default port numbers. Adding
//!   new schemes to this hash, as necessary, will allow for better URI normalization") is
//!   dropped;
//! - an empty path of `http`, `https`, `ftp` or `tftp` is "/" (`normalized_path`): RFC 3986
//!   6.2.3, the standard Addressable "closely conforms to" (README), says "an empty path
//!   component should be normalized to a path of '/'" for such schemes.
//!
//! An empty fragment is dropped too, but nothing documents it: no rule does it.

use super::Explains::{Custom, TwoSlashTargetRefused};
use super::{Evidence, Example, Reply, Rule};
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    // `Addressable::URI.parse` splits with RFC 3986 Appendix B's expression (the class docs list
    // `URIREGEX`, `^(([^:\/?#]+):)?(\/\/([^\/?#]*))?...`, "supplied as an example in RFC
    // 3986"): an authority only after "//"; the URL Standard's rereading of "\" is
    // `heuristic_parse`'s, which the docs call "not standards-compliant, merely user-friendly".
    // `parse("HTTP:\\c")` has no host and the path `\c`, and `parse("http:///\\e")` an empty
    // host and the path `/\e`, run here with 2.8.1.
    Rule {
        profile: "ruby-addressable",
        id: "ruby-addressable/appendix-b-split",
        name: "parse splits as RFC 3986 Appendix B's expression does: an authority only after \"//\", a \"\\\" kept where it stands (parse: URIREGEX; heuristic_parse alone reads browsers' slashes)",
        cites: "Addressable::URI docs, URIREGEX and heuristic_parse",
        explains: Custom(super::split_reading),
        examples: &[
            Example::fires("HTTP:\\c", Reply::Splits(&[(Component::Host, None)])),
            Example::fires("http:///\\e", Reply::Splits(&[])),
            // Another host than the split's is not that reading.
            Example::off("http://\\c", Reply::Splits(&[(Component::Host, None)])),
            Example::off(
                "http:///\\e",
                Reply::Splits(&[(Component::Host, Some("x")), (Component::Path, Some("/"))]),
            ),
        ],
    },
    Rule {
        profile: "ruby-addressable",
        id: "ruby-addressable/normalize-documented",
        name: "normalize decodes each component's class, removes a relative path's dot-segments, drops an empty query, writes an IDNA host (normalize_component, normalize_path, changelog, README)",
        cites: "Addressable::URI docs, normalize_component and normalize_path; README; changelog 2.3.0",
        explains: Custom(|e| {
            let (Class::Normalization, Some(spec), Some(got)) = (e.class, e.reference, e.got) else {
                return false;
            };
            addressable_normal(spec).is_some_and(|n| n == got)
        }),
        examples: &[
            // normalize: "%21" decoded in a path, "." is empty, the README's host ("//%c3%a9" is
            // "//xn--9ca"); the port "@return [Integer]", so an empty one is not written; one trailing dot
            // of a host dropped ("Single trailing dots are unnecessary."); an empty http path is "/".
            Example::fires("normalize:%21", Reply::Text("!")),
            Example::fires("normalize:.", Reply::Text("")),
            Example::fires("normalize://%c3%a9", Reply::Text("//xn--9ca")),
            Example::fires("normalize://:/%40", Reply::Text("///@")),
            Example::fires("normalize://%2B.", Reply::Text("//+")),
            Example::fires("normalize:http://3?%2F", Reply::Text("http://3/?/")),
            // The empty port kept with the rest normalized; a leading "." dropped from ".8"
            // (normalize_path's RULE_2D); two trailing dots are not one; the "/" only for http, https,
            // ftp and tftp; ";" encoded in a query.
            Example::off("normalize://:/%40", Reply::Text("//:/@")),
            Example::off("normalize:.8", Reply::Text("8")),
            Example::off("normalize://s..", Reply::Text("//s.")),
            Example::off("normalize:coap://3", Reply::Text("coap://3/")),
            Example::off("normalize:?;", Reply::Text("?%3B")),
        ],
    },
    Rule {
        profile: "ruby-addressable",
        id: "ruby-addressable/equal-normalized",
        name: "== compares the normalized URIs (\"This method normalizes both URIs before doing the comparison\")",
        cites: "Addressable::URI docs, ==",
        explains: Custom(equal_when_normalized),
        examples: &[
            // == compares normal forms: the empty query dropped (changelog); an empty fragment is not.
            Example::fires("equivalent:|?", Reply::Equivalent(true)),
            Example::off("equivalent:|#", Reply::Equivalent(true)),
        ],
    },
    Rule {
        profile: "ruby-addressable",
        id: "ruby-addressable/ip-based-scheme-needs-host-or-path",
        name: "a URI of an IP-based scheme (port_mapping's: \"common IP-based schemes\") with neither host nor path is refused (validate: \"Absolute URI missing hierarchical segment\"; RFC 9110 4.2.1 for http)",
        cites: "Addressable::URI docs, validate and port_mapping",
        explains: Custom(missing_hierarchical_segment),
        examples: &[
            // `validate`: "missing hierarchical segment"; a scheme Addressable does not call IP-based.
            Example::fires("HTTP:", Reply::Rejected),
            Example::off("a:", Reply::Rejected),
            // join parses the base first: "ldap:" misses its hierarchical segment; an ip-based base with a
            // path is taken.
            Example::fires("resolve:c|ldap:", Reply::Rejected),
            Example::off("resolve:c|ldap:x", Reply::Rejected),
        ],
    },
    // `validate` ("Ensures that the URI is valid", run on every URI `join` makes) raises
    // "Cannot have a path with two leading slashes without an authority set" (RFC 3986 3.3):
    // `Addressable::URI.join("mailto:a@b", "/.//")` raises it, run here with 2.8.1.
    Rule {
        profile: "ruby-addressable",
        id: "ruby-addressable/double-slash-path-refused",
        name: "a target without authority whose path would start with \"//\" is refused (validate: \"Cannot have a path with two leading slashes without an authority set\")",
        cites: "Addressable::URI docs, validate and port_mapping",
        explains: TwoSlashTargetRefused,
        examples: &[
            // join's target `mailto:` then `//`: "Cannot have a path with two leading slashes
            // without an authority set"; a single slash is taken.
            Example::fires("resolve:/.//|mailto:a@b", Reply::Rejected),
            Example::off("resolve:/./a|mailto:a@b", Reply::Rejected),
        ],
    },
];

/// Addressable's `validate` raises "Absolute URI missing hierarchical segment" for a URI whose
/// scheme is `ip_based?` (one of [`PORT_MAPPING`]'s) with an empty host and an empty path:
/// `Addressable::URI.parse("HTTP:")` and `join("HTTP:.")` against an http base both raise it,
/// run here with Addressable 2.8.1, while `a:` and `http:/` are taken.
/// `join` parses the base first, so a base missing its hierarchical segment is refused the same
/// way: `Addressable::URI.join("ldap:", "c")` raises it, run here.
fn missing_hierarchical_segment(e: &Evidence<'_>) -> bool {
    if e.class != Class::TooStrict {
        return false;
    }
    let target = match e.second {
        Some(base) if lacks_hierarchical_segment(base) => return true,
        Some(base) => match uri_spec::resolve(base, e.input) {
            Ok(t) => t,
            Err(_) => return false,
        },
        None => String::from_utf8_lossy(e.input).into_owned(),
    };
    lacks_hierarchical_segment(target.as_bytes())
}

/// Whether `uri` has an `ip_based?` scheme, an empty host and an empty path.
fn lacks_hierarchical_segment(uri: &[u8]) -> bool {
    let Ok(c) = uri_spec::parse(uri) else {
        return false;
    };
    let ip_based = c
        .scheme
        .map(str::to_ascii_lowercase)
        .is_some_and(|s| PORT_MAPPING.iter().any(|(name, _)| *name == s));
    ip_based && c.host.is_none_or(|h| h.text.is_empty()) && c.path.is_none_or(str::is_empty)
}

/// `==`'s answer: whether both operands' normal forms are the same string.
fn equal_when_normalized(e: &Evidence<'_>) -> bool {
    let (Class::Equivalence, Some(second), Some(got)) = (e.class, e.second, e.got) else {
        return false;
    };
    let normal = |s: &[u8]| {
        uri_spec::normalize(s)
            .ok()
            .and_then(|n| addressable_normal(&n))
    };
    let (Some(a), Some(b)) = (normal(e.input), normal(second)) else {
        return false;
    };
    got == if a == b { "true" } else { "false" }
}

/// RFC 3986's normal form `n` taken on to Addressable's `normalize` as its documentation says;
/// `None` where that needs what the documentation leaves out (a non-ASCII character decoded
/// goes through Unicode's NFKC; a host ToASCII refuses).
fn addressable_normal(n: &str) -> Option<String> {
    let c = uri_spec::parse(n.as_bytes()).ok()?;
    let mut out = String::new();
    if let Some(s) = c.scheme {
        out.push_str(s);
        out.push(':');
    }
    if let Some(a) = c.authority {
        out.push_str("//");
        if let Some(u) = c.userinfo {
            out.push_str(u);
            out.push('@');
        }
        let host = c.host.map(|h| h.text).unwrap_or("");
        out.push_str(&normalized_host(host)?);
        if let Some(p) = normalized_port(c.scheme, c.port)? {
            out.push(':');
            out.push_str(&p);
        }
        debug_assert!(a.contains(host));
    }
    let path = c
        .path
        .unwrap_or("")
        .split('/')
        .map(|s| decoded_in(s, PCHAR))
        .collect::<Vec<_>>()
        .join("/");
    let path = uri_spec::remove_dot_segments(&path);
    // `normalized_path`: an empty path of these schemes is "/" (RFC 3986 6.2.3).
    let slash_schemes = ["http", "https", "ftp", "tftp"];
    if path.is_empty() && c.scheme.is_some_and(|s| slash_schemes.contains(&s)) {
        out.push('/');
    }
    out.push_str(&path);
    if let Some(q) = c.query.filter(|q| !q.is_empty()) {
        out.push('?');
        out.push_str(&decoded_in(q, QUERY));
    }
    if let Some(f) = c.fragment {
        out.push('#');
        out.push_str(&decoded_in(f, FRAGMENT));
    }
    Some(out)
}

/// `normalized_host`: ToASCII (`idna_host`), a single trailing dot dropped ("Single trailing
/// dots are unnecessary."), then `normalize_component` with the host's class; a bracketed
/// host as it is.
fn normalized_host(host: &str) -> Option<String> {
    if host.starts_with('[') {
        return Some(host.to_owned());
    }
    let mut h = idna_host(host)?;
    // `result =~ /[^\.]\.$/`: one dot after a character that is not a dot.
    if h.ends_with('.') && !h.ends_with("..") && h.len() > 1 {
        h.pop();
    }
    Some(decoded_in(&h, HOST))
}

/// `normalized_port` of the port written `port` (digits, RFC 3986's normal form): `Some(None)`
/// where none is written (empty, or the scheme's `port_mapping` default), `Some(Some(n))` with
/// `n` the integer; `None` for port 0, which Addressable drops without a word.
fn normalized_port(scheme: Option<&str>, port: Option<&str>) -> Option<Option<String>> {
    let Some(p) = port.filter(|p| !p.is_empty()) else {
        return Some(None);
    };
    let digits = p.trim_start_matches('0');
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let default = scheme.and_then(|s| PORT_MAPPING.iter().find(|(name, _)| *name == s));
    if default.is_some_and(|(_, port)| *port == digits) {
        return Some(None);
    }
    Some(Some(digits.to_owned()))
}

/// `URI::PORT_MAPPING`, as `port_mapping` returns it.
const PORT_MAPPING: &[(&str, &str)] = &[
    ("http", "80"),
    ("https", "443"),
    ("ftp", "21"),
    ("tftp", "69"),
    ("sftp", "22"),
    ("ssh", "22"),
    ("svn+ssh", "22"),
    ("telnet", "23"),
    ("nntp", "119"),
    ("gopher", "70"),
    ("wais", "210"),
    ("ldap", "389"),
    ("prospero", "1525"),
];

/// `CharacterClasses::HOST`: unreserved, sub-delims, "[", ":" and "]".
const HOST: &[u8] = b"-._~!$&'()*+,;=[:]";
/// `CharacterClasses::PCHAR`: unreserved, sub-delims, ":" and "@".
const PCHAR: &[u8] = b"-._~!$&'()*+,;=:@";
/// `NormalizeCharacterClasses::QUERY`: PCHAR and "/" "?" but "&" and ";" (and "%2B", left
/// encoded by `normalized_query`).
const QUERY: &[u8] = b"-._~!$'()*,=:@/?";
/// `CharacterClasses::FRAGMENT`: PCHAR, "/" and "?".
const FRAGMENT: &[u8] = b"-._~!$&'()*+,;=:@/?";

/// `s` with every percent-encoded ASCII letter, digit or byte of `class` decoded.
fn decoded_in(s: &str, class: &[u8]) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if let (b'%', Some(h), Some(l)) = (
            b[i],
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            let byte = (h * 16 + l) as u8;
            if byte.is_ascii_alphanumeric() || class.contains(&byte) {
                out.push(char::from(byte));
                i += 3;
                continue;
            }
        }
        out.push(char::from(b[i]));
        i += 1;
    }
    out
}

/// A host percent-decoded to UTF-8 with a non-ASCII character, as IDNA's ToASCII writes it;
/// any other host as it is (`None` where ToASCII refuses it).
fn idna_host(host: &str) -> Option<String> {
    if !host.contains('%') || host.starts_with('[') {
        return Some(host.to_owned());
    }
    let bytes = super::pct_decode_bytes(host);
    match String::from_utf8(bytes) {
        Ok(text) if !text.is_ascii() => idna::domain_to_ascii(&text).ok(),
        _ => Some(host.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::addressable_normal;

    /// As Addressable 2.8.1 answers each, run here.
    #[test]
    fn an_ip_based_scheme_without_host_or_path_is_refused() {
        use crate::engine::profile::Evidence;
        use crate::engine::Class;
        let ev = |input, second| Evidence {
            class: Class::TooStrict,
            input,
            second,
            reparsed: None,
            reference: None,
            got: None,
            reference_components: None,
            serialization: None,
        };
        let refused = |input, second| super::missing_hierarchical_segment(&ev(input, second));
        assert!(refused(b"HTTP:", None));
        assert!(refused(b"ldap:", None));
        assert!(refused(b"HTTP:.", Some(b"http://a/b/c/d;p?q")));
        // One step off: taken by Addressable.
        assert!(!refused(b"a:", None));
        assert!(!refused(b"http:/", None));
        assert!(!refused(b"http:a", None));
        assert!(!refused(b"HTTP:g", Some(b"http://a/b/c/d;p?q")));
        // `join("ldap:", "c")` parses the base first and raises; `join("ldap:x", "c")` does not.
        assert!(refused(b"c", Some(b"ldap:")));
        assert!(!refused(b"c", Some(b"ldap:x")));
    }

    /// Each case as `ruby -raddressable/uri -e 'puts Addressable::URI.parse(S).normalize'`
    /// answers it, from RFC 3986's normal form of S.
    #[test]
    fn normal_forms_as_addressable_writes_them() {
        let n = |s: &str| addressable_normal(&uri_spec::normalize(s).unwrap());
        for (input, want) in [
            (".", ""),
            ("./a", "a"),
            ("../g", "g"),
            ("%21", "!"),
            ("?%26%3B%2B%21x", "?%26%3B%2B!x"),
            ("?", ""),
            ("#%21%23", "#!%23"),
            ("//%c3%a9", "//xn--9ca"),
            ("//%C3%A9.%41", "//xn--9ca.a"),
            ("//%ff", "//%FF"),
            ("/%2F%3a", "/%2F:"),
            ("//ST/%3A", "//st/:"),
            ("%6f%73?", "os"),
            ("mailto:%40", "mailto:@"),
            ("?%2f", "?/"),
            // An empty port is not written, nor a default one, nor leading zeros.
            ("//:/%40", "///@"),
            ("P://:/%21", "p:///!"),
            ("//:?%2f", "//?/"),
            ("//a:080/x", "//a:80/x"),
            ("http://a:080/", "http://a/"),
            ("ldap://a:389", "ldap://a"),
            // The host through `normalize_component` with its class; one trailing dot dropped.
            ("//%2B", "//+"),
            ("//%26", "//&"),
            ("//%2B%25", "//+%25"),
            ("//s.", "//s"),
            ("//s..", "//s.."),
            ("//a%2Eb.", "//a.b"),
            // An empty http path is "/".
            ("http://3?%2F", "http://3/?/"),
            ("ftp://a", "ftp://a/"),
            ("coap://a", "coap://a"),
        ] {
            assert_eq!(n(input).as_deref(), Some(want), "{input}");
        }
        // Addressable drops an empty fragment too, undocumented: not reproduced.
        assert_eq!(n("#").as_deref(), Some("#"));
        // A leading "." dropped from ".8" (`normalize_path`'s RULE_2D) is not RFC 3986 5.2.4.
        assert_eq!(n(".8").as_deref(), Some(".8"));
        // Port 0 is dropped without a word: no answer.
        assert_eq!(n("//a:0"), None);
    }
}
