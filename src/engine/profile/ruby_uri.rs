//! Profile `ruby-uri`: Ruby's `URI` (RFC3986_Parser). Its documentation: `URI::Generic#port`
//! returns the scheme's default port when none is written; `URI::Generic#opaque` is "the
//! portion of the path that does not make use of the slash '/' ... (See RFC2396 Section 3 and
//! 5.2.)": a URI whose part after the scheme does not begin with "/" keeps its query in the
//! opaque part, and has no path (`URI('mailto:a?b').query` is nil). `URI::FTP#path`
//! (uri/ftp.rb): "RFC 1738 specifically states that the path for an FTP URI does not include
//! the / which separates the URI path from the URI host", and a leading `%2F` is a "/".
//! `URI::File` ("The 'file' URI is defined by RFC8089"): its host setter makes a missing host
//! and `localhost` the empty host (RFC 8089 2: "localhost" is read "exactly as if no authority
//! were present"; RFC 3986 3.2.2 lets `file` treat them alike).
//! `URI::Generic#query=` escapes what a query may not hold instead of refusing it (Ruby's commit
//! for Feature #2542: "URI::Generic#query=: remove validation, just escape"; Bug #11275, its
//! maintainer: it "automatically percent escapes invalid characters instead of rejecting them
//! by design"): tabs, CRs and LFs deleted, and every byte outside `!`, `$`-`;`, `=`, `?`-`_`,
//! `a`-`~` (a valid "%XX" aside) written "%XX".

use super::Explains::{Custom, DefaultPortReported, PortAsNumber, TooLaxAcceptedOnce};
use super::{opaque_2396, Example, Reply, Rule};
use crate::engine::Class;
use crate::model::Component;

/// Whether `s` is an ldap or ldaps URI with something after the scheme that is no
/// "/"-rooted path, query or fragment (`URI::LDAP#initialize` raises "bad LDAP URL").
fn ldap_rootless(s: &[u8]) -> bool {
    ldap_rest(s).is_some_and(|rest| !rest.is_empty() && !rest.starts_with(['/', '?', '#']))
}

/// What follows the scheme of an ldap or ldaps URI (URI::LDAP's schemes), `None` for another.
fn ldap_rest(s: &[u8]) -> Option<&str> {
    let (scheme, rest) = std::str::from_utf8(s).ok()?.split_once(':')?;
    ["ldap", "ldaps"]
        .contains(&scheme.to_ascii_lowercase().as_str())
        .then_some(rest)
}

/// Whether `s` is an ldap or ldaps URI with a fragment (a "#", the first of which begins it).
fn ldap_with_fragment(s: &[u8]) -> bool {
    ldap_rest(s).is_some_and(|rest| rest.contains('#'))
}

/// `input` with its query (from its first "?" to its "#", of a URI whose part after the
/// scheme begins with "/" or of a relative reference: an opaque URI keeps its query in
/// `opaque`, unescaped) escaped as `URI::Generic#query=` escapes it (uri/generic.rb: deletes
/// "\t\r\n", then `gsub(/(?!%\h\h|[!$-&(-;=?-_a-~])./n) { '%%%02X' % $&.ord }`):
/// `URI.parse("?\0").query` is `%00`, `http://a/?<> x`'s is `%3C%3E%20x`, while `?[`, `?|`
/// and `?%` keep the byte, run here with Ruby 3.1's uri 0.11.0.
fn query_escaped(input: &[u8]) -> Vec<u8> {
    // Opaque only where a rootless path follows the scheme (`a:b?<` keeps its query in
    // `opaque`; `a:?<` has the query `%3C`, run here).
    let opaque = crate::engine::octets::scheme_colon(input).is_some_and(|colon| {
        input
            .get(colon + 1)
            .is_some_and(|&b| !matches!(b, b'/' | b'?' | b'#'))
    });
    let Some(start) = input.iter().position(|&b| b == b'?' || b == b'#') else {
        return input.to_vec();
    };
    if opaque || input[start] == b'#' {
        return input.to_vec();
    }
    let end = input[start..]
        .iter()
        .position(|&b| b == b'#')
        .map_or(input.len(), |i| start + i);
    let kept = |b: u8| matches!(b, b'!' | b'$'..=b';' | b'=' | b'?'..=b'_' | b'a'..=b'~');
    let mut out = input[..=start].to_vec();
    let query = &input[start + 1..end];
    for (i, &b) in query.iter().enumerate() {
        let escape = b == b'%'
            && query.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && query.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        match b {
            b'\t' | b'\r' | b'\n' => {}
            _ if escape || kept(b) => out.push(b),
            _ => out.extend_from_slice(format!("%{b:02X}").as_bytes()),
        }
    }
    out.extend_from_slice(&input[end..]);
    out
}

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "ruby-uri",
        id: "ruby-uri/query-escaped",
        name: "a query is escaped, not refused (URI::Generic#query=, Feature #2542: \"remove validation, just escape\"; Bug #11275: it \"automatically percent escapes invalid characters instead of rejecting them by design\")",
        cites: "Ruby URI::Generic#query= (Feature #2542, Bug #11275)",
        explains: TooLaxAcceptedOnce(uri_spec::Edition::Rfc3986, query_escaped),
        examples: &[
            // RFC3986_Parser: the query's characters that may not appear "just escape"d, not refused;
            // "[", a stray "%" and an opaque URI's query are kept as written.
            Example::fires("?<", Reply::Splits(&[])),
            Example::fires("http://a/?<> x", Reply::Splits(&[])),
            Example::off("?[", Reply::Splits(&[])),
            Example::off("http://a/?%", Reply::Splits(&[])),
            Example::off("a:b?<", Reply::Splits(&[])),
        ],
    },
    // The same `query=` on an input the URL Standard reads too: it deletes tabs, CRs and LFs
    // before it escapes (`v.delete!("\t\r\n")`): `URI.parse("F:?a\rb").query` is `ab`, run
    // here with uri 0.11.0.
    Rule {
        profile: "ruby-uri",
        id: "ruby-uri/query-escaped-whatwg",
        name: "a query is read with its tabs and newlines deleted and the rest escaped, where the URL Standard removes or escapes them (URI::Generic#query=)",
        cites: "Ruby uri/generic.rb, URI::Generic#query=",
        explains: Custom(|e| {
            e.component() == Some(Component::Query)
                && super::lenient_reading_after(e, &query_escaped(e.input))
        }),
        examples: &[
            Example::fires("F:?a\rb", Reply::Splits(&[(Component::Query, Some("ab"))])),
            Example::off("F:?a\rb", Reply::Splits(&[(Component::Query, Some("a b"))])),
        ],
    },
    // uri/ldap.rb: URI::LDAP is the "LDAP URI SCHEMA (described in RFC2255)",
    // `ldap://<host>/<dn>[?<attrs>...]`: `URI.parse("ldap:a")` raises "bad LDAP URL" where
    // `ldap:/a`, `ldap:` and `ldap:?x` are taken, run here with Ruby's uri 0.11.0.
    Rule {
        profile: "ruby-uri",
        id: "ruby-uri/ldap-path-rootless-refused",
        name: "an ldap or ldaps URI whose path does not begin with \"/\" is refused (URI::LDAP: \"LDAP URI SCHEMA (described in RFC2255)\")",
        cites: "Ruby uri/ldap.rb, URI::LDAP (RFC 2255)",
        // `URI.join(base, ref)` parses the base first, so a rootless ldap base is refused the
        // same way: `URI.join("ldap:a/b", "")` raises "bad LDAP URL", run here.
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && (ldap_rootless(e.input) || e.second.is_some_and(ldap_rootless))
        }),
        examples: &[
            Example::fires("ldap:a", Reply::Rejected),
            Example::off("ldap:/a", Reply::Rejected),
            // URI.join parses the base first: a rootless ldap base is "bad LDAP URL"; a rooted one is taken
            // by URI::LDAP.
            Example::fires("resolve:|ldap:a/b", Reply::Rejected),
            Example::off("resolve:|ldap:/a/b", Reply::Rejected),
        ],
    },
    // uri/ldap.rb's schema, `ldap://<host>/<dn>[?<attrs>[?<scope>[?<filter>[?<extensions>]]]]`,
    // has no fragment, and `URI::LDAP#initialize` raises on one (`if @fragment`; an empty
    // fragment too): `URI.parse("ldap:#")` and `URI.parse("ldap://h/dc=x#f")` raise "bad LDAP
    // URL", while `URI.join("ldap://h/a", "#f")` merges without parsing an ldap URI with one,
    // run here with Ruby 3.1's uri 0.11.0.
    Rule {
        profile: "ruby-uri",
        id: "ruby-uri/ldap-fragment-refused",
        name: "an ldap or ldaps URI with a fragment, even empty, is refused (URI::LDAP: \"LDAP URI SCHEMA (described in RFC2255)\", ldap://<host>/<dn>[?<attrs>[?<scope>[?<filter>[?<extensions>]]]])",
        cites: "Ruby uri/ldap.rb, URI::LDAP (RFC 2255)",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && (ldap_with_fragment(e.input) || e.second.is_some_and(ldap_with_fragment))
        }),
        examples: &[
            Example::fires("ldap:#", Reply::Rejected),
            Example::fires("ldap://h/dc=x#f", Reply::Rejected),
            Example::off("ldap://h/dc=x?f", Reply::Rejected),
        ],
    },
    Rule {
        profile: "ruby-uri",
        id: "ruby-uri/default-port-reported",
        name: "the scheme's default port is reported when none is written",
        cites: "Ruby URI::Generic#port docs",
        explains: DefaultPortReported,
        examples: &[
            // Ruby's default port is 80 for http: 8080 is no documented behaviour.
            Example::fires("http://a/", Reply::Reads(&[(Component::Port, Some("80"))])),
            Example::off("http://a/", Reply::Reads(&[(Component::Port, Some("8080"))])),
        ],
    },
    Rule {
        profile: "ruby-uri",
        id: "ruby-uri/opaque-query-in-opaque",
        name: "an opaque URI's query stays in its opaque part, and it has no path (URI::Generic#opaque)",
        cites: "Ruby URI::Generic#opaque docs",
        explains: Custom(|e| {
            matches!(
                e.class,
                Class::Component(Component::Query | Component::Path)
                    | Class::UndefinedVsEmpty(Component::Query | Component::Path)
            ) && opaque_2396(e.input)
                && e.got.is_none()
        }),
        examples: &[
            Example::fires("mailto:a?b", Reply::Reads(&[(Component::Query, None)])),
            Example::off("http://a/?b", Reply::Reads(&[(Component::Query, None)])),
        ],
    },
    Rule {
        profile: "ruby-uri",
        id: "ruby-uri/ftp-path-relative",
        name: "an ftp URI's path has no leading \"/\", and a leading %2F is \"/\" (URI::FTP#path, RFC 1738)",
        cites: "Ruby uri/ftp.rb, URI::FTP#path (RFC 1738)",
        explains: Custom(|e| {
            let ftp = e.scheme().as_deref() == Some("ftp");
            let ruby = |p: &str| {
                let p = p.strip_prefix('/').unwrap_or(p);
                match p.strip_prefix("%2F") {
                    Some(rest) => format!("/{rest}"),
                    None => p.to_owned(),
                }
            };
            ftp && matches!(
                e.class,
                Class::Component(Component::Path) | Class::UndefinedVsEmpty(Component::Path)
            ) && e.reference.map(ruby).as_deref().unwrap_or("") == e.got.unwrap_or("")
                && e.reference.is_some_and(|p| p.starts_with('/'))
        }),
        examples: &[
            Example::fires("ftp://h/%2Fpub", Reply::Reads(&[(Component::Path, Some("/pub"))])),
            Example::off("ftp://h/%2Fpub", Reply::Reads(&[(Component::Path, Some("/pab"))])),
        ],
    },
    Rule {
        profile: "ruby-uri",
        id: "ruby-uri/file-localhost-empty-host",
        // A missing host read as the empty one is every profile's
        // (`any/file-no-authority-as-empty-host`, RFC 3986 3.2.2).
        name: "a file URI's localhost is the empty host (URI::File, RFC 8089 2)",
        cites: "Ruby URI::File docs (RFC 8089 section 2)",
        explains: Custom(|e| {
            e.scheme().is_some_and(|s| s.eq_ignore_ascii_case("file"))
                && e.got == Some("")
                && e.class == Class::Component(Component::Host)
                && e.reference == Some("localhost")
        }),
        examples: &[
            Example::fires("file://localhost/etc/hosts", Reply::Reads(&[(Component::Host, Some(""))])),
            Example::off("file://h/etc/hosts", Reply::Reads(&[(Component::Host, Some(""))])),
        ],
    },
    // `URI::Generic#merge` follows RFC 2396 5.2 (its steps are commented "RFC2396, Section
    // 5.2"; the `URI` module's doc: "handle Uniform Resource Identifiers (RFC2396)"): a
    // reference with an authority is a network-path, whose path is taken as it is (step 4:
    // "we skip to step 7"), dot segments and all: `URI("http://a/b/c/d;p?q").merge("//g/.")` is
    // `http://g/.`, run here with Ruby 3.1's uri 0.11.0.
    Rule {
        profile: "ruby-uri",
        id: "ruby-uri/network-path-taken-as-is",
        name: "a reference with an authority is resolved as RFC 2396 5.2 step 4 does, its path kept as it is (merge: \"RFC2396, Section 5.2\")",
        cites: "Ruby uri/generic.rb, URI::Generic#merge; RFC 2396 section 5.2",
        explains: Custom(|e| {
            let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
                return false;
            };
            e.input.starts_with(b"//")
                && uri_spec::parse(base)
                    .ok()
                    .and_then(|b| b.scheme)
                    .is_some_and(|scheme| {
                        got.strip_prefix(scheme)
                            .and_then(|rest| rest.strip_prefix(':'))
                            .is_some_and(|rest| rest.as_bytes() == e.input)
                    })
        }),
        examples: &[
            Example::fires("resolve://g/.|http://a/b/c/d;p?q", Reply::Text("http://g/.")),
            Example::fires("resolve://g/./x/../y|http://a/b/c/d;p?q", Reply::Text("http://g/./x/../y")),
            Example::off("resolve://g/.|http://a/b/c/d;p?q", Reply::Text("http://g/./")),
        ],
    },
    Rule {
        profile: "ruby-uri",
        id: "ruby-uri/port-as-integer",
        name: "the port is an integer (URI::Generic#port is an Integer)",
        cites: "Ruby URI::Generic#port docs",
        explains: PortAsNumber,
        examples: &[
            Example::fires("http://a:007/", Reply::Reads(&[(Component::Port, Some("7"))])),
            Example::off("http://a:007/", Reply::Reads(&[(Component::Port, Some("70"))])),
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::query_escaped;

    /// Ruby 3.1's uri 0.11.0: `URI.parse(s).query` for each, run here.
    #[test]
    fn a_query_is_escaped_as_query_setter_escapes_it() {
        let q = |s: &[u8]| String::from_utf8(query_escaped(s)).expect("ASCII");
        assert_eq!(q(b"?\0"), "?%00");
        assert_eq!(q(b"http://a/?<> x"), "http://a/?%3C%3E%20x");
        assert_eq!(q(b"http://a/?\x7f"), "http://a/?%7F");
        assert_eq!(q(b"http://a/?|^`{}\\\""), "http://a/?|^%60{}\\%22");
        // Kept as they are: "[", a stray "%", a valid escape; an opaque URI's query; the fragment.
        assert_eq!(q(b"?["), "?[");
        assert_eq!(q(b"http://a/?%"), "http://a/?%");
        assert_eq!(q(b"?%41<"), "?%41%3C");
        assert_eq!(q(b"a:b?<"), "a:b?<");
        assert_eq!(q(b"http://a/?a#<"), "http://a/?a#<");
        assert_eq!(q(b"/p#?<"), "/p#?<");
        assert_eq!(q(b"?a\tb"), "?ab");
    }
}
