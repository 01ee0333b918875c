//! Profile `perl-uri`: Perl's `URI` (RFC 2396, updated by RFC 2732; the RFC 2396 rules it shares
//! with `java.net.URI` are in `rfc2396.rs`). Its documentation: `$uri->port` returns "the
//! default port of the URI scheme" when none is written; and `URI->new` "will escape" characters that may not appear, so it never
//! rejects. Its "SERVER METHODS" hold "for schemes where the authority component denotes an
//! Internet host" (`http`, `ftp`, ...) whatever the authority holds: `$uri->host` is what
//! follows the last "@" without a ":port" ("Sets and returns the unescaped hostname"),
//! `$uri->userinfo` what precedes it, where RFC 2396 reads a `reg_name`.
//! `URI::file`'s `canonical` writes `$URI::file::DEFAULT_AUTHORITY` ("This determines what
//! 'authority' string to include in absolute file URIs.  It defaults to \"\".") where the
//! authority is missing, empty or `localhost`.
//! Its Changes, release 1.24 (2003-07-24; <https://metacpan.org/dist/URI/changes>): "Relative
//! URIs that start with the query string directly (i.e. \"?q\") are now absolutized as
//! specified in rfc2396bis" (RFC 2396 5.2 merged "?y" into `http://a/b/c/?y`, rfc2396bis keeps
//! the base path, `http://a/b/c/d;p?y`).

use super::Explains::{Custom, DefaultPortReported, PortAsNumber, TooLaxAcceptedOnce};
use super::{pct_encode_forbidden, Evidence, Example, Reply, Rule};
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    // URI.pm, BUGS: "If the UTF8 flag isn't set the Latin-1 version (byte) of the character is
    // percent encoded. This basically exposes the internal encoding of Perl strings." The
    // worker hands `URI->new` the input's bytes, so a non-ASCII host's UTF-8 bytes are Latin-1
    // characters to it, and its IDNA encoding is theirs: `URI->new("http://\xc3\xa9")->host`
    // is `xn--gba5c` (the Punycode of "Ã©"), run here with URI 5.17.
    Rule {
        profile: "perl-uri",
        id: "perl-uri/host-bytes-as-latin1",
        name: "a non-ASCII host given as bytes is read as Latin-1 characters before its IDNA encoding (URI.pm, BUGS: \"the Latin-1 version (byte) of the character ... exposes the internal encoding of Perl strings\")",
        cites: "URI.pm, BUGS",
        explains: Custom(|e| {
            let (Some(crate::model::Component::Host), Some(got), Ok(input)) =
                (e.component(), e.got, std::str::from_utf8(e.input))
            else {
                return false;
            };
            let split = crate::subjects::lenient::split(input);
            let Some(written) = split.get(crate::model::Component::Host) else {
                return false;
            };
            let latin1: String = written.bytes().map(char::from).collect();
            // URI::_idna's `nameprep` is `lc($label)` on a label that is not ASCII, and `lc` of
            // a byte string changes A-Z only: `gopher://\xc3\xbcW` has the host `xn--w-pdau`,
            // run here with URI 5.17; an ASCII label keeps its case (`http://AB.\xc3\xbc`).
            let labels: Vec<String> = latin1
                .split('.')
                .map(|l| match l.is_ascii() {
                    true => l.to_owned(),
                    false => l.to_ascii_lowercase(),
                })
                .collect();
            !written.is_ascii()
                && super::punycode_labels(labels.iter().map(String::as_str)).as_deref()
                    == Some(got)
        }),
        examples: &[
            Example::fires("http://\u{e9}", Reply::Splits(&[(Component::Host, Some("xn--gba5c"))])),
            // Another name.
            Example::off("http://\u{e9}", Reply::Splits(&[(Component::Host, Some("xn--gba5d"))])),
            // URI::_idna's nameprep lowercases a label that is not ASCII.
            Example::fires(
                "gopher://\u{fc}W",
                Reply::Splits(&[(Component::Host, Some("xn--w-pdau"))]),
            ),
            Example::off(
                "gopher://\u{fc}W",
                Reply::Splits(&[(Component::Host, Some("xn--W-pdau"))]),
            ),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/urn-nid-case-insensitive",
        name: "a URN's namespace identifier compares without case (URI::urn: \"Letter case is not significant for the Namespace Identifier\")",
        cites: "URI.pm, urn (URI::urn)",
        explains: Custom(|e| {
            let (Class::Equivalence, Some(other)) = (e.class, e.second) else {
                return false;
            };
            let nid = |s: &[u8]| {
                let s = String::from_utf8_lossy(s).into_owned();
                let rest = s.get(4..)?.to_owned();
                if !s.get(..4)?.eq_ignore_ascii_case("urn:") {
                    return None;
                }
                // A URN without an NSS (`URN:A`) has its NID all the same: `URI->new("URN:A")`
                // has the nid `a` and the canonical form `urn:a`.
                let (id, nss) = rest.split_once(':').unwrap_or((rest.as_str(), ""));
                Some((id.to_ascii_lowercase(), nss.to_owned()))
            };
            e.got == Some("true") && nid(e.input).is_some() && nid(e.input) == nid(other)
        }),
        examples: &[
            Example::fires("equivalent:urn:Isbn:1|urn:isbn:1", Reply::Equivalent(true)),
            // `URI->new("URN:A")->eq("urn:a")`, run here: a URN without an NSS too.
            Example::fires("equivalent:URN:A|urn:a", Reply::Equivalent(true)),
            Example::off("equivalent:URN:A|urn:b", Reply::Equivalent(true)),
        ],
    },
    // URI.pm, urn: "Letter case is not significant for the Namespace Identifier. It is always
    // returned in lower case by the $uri->nid method", and URI::urn's canonical sets the nid
    // lowercased: `URI->new("URN:B")->canonical` is `urn:b`, run here with URI 5.17.
    Rule {
        profile: "perl-uri",
        id: "perl-uri/urn-nid-lowercased",
        name: "canonical writes a URN's namespace identifier in lowercase (URI.pm, urn: \"Letter case is not significant for the Namespace Identifier. It is always returned in lower case\")",
        cites: "URI.pm, urn (URI::urn)",
        explains: Custom(|e| {
            let (Class::Normalization, Some(spec), Some(got)) = (e.class, e.reference, e.got) else {
                return false;
            };
            let Some(rest) = spec.strip_prefix("urn:") else {
                return false;
            };
            let (nid, nss) = rest.split_once(':').map_or((rest, None), |(n, s)| (n, Some(s)));
            let lowered = match nss {
                Some(nss) => format!("urn:{}:{nss}", nid.to_ascii_lowercase()),
                None => format!("urn:{}", nid.to_ascii_lowercase()),
            };
            lowered != spec && lowered == got
        }),
        examples: &[
            Example::fires("normalize:URN:B", Reply::Text("urn:b")),
            Example::fires("normalize:urn:ISBN:0-A", Reply::Text("urn:isbn:0-A")),
            Example::off("normalize:urn:ISBN:0-A", Reply::Text("urn:isbn:0-a")),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/server-authority-unchecked",
        name: "a server scheme's authority is split as userinfo@host:port without checking the host (SERVER METHODS)",
        cites: "URI.pm, SERVER METHODS",
        explains: Custom(server_methods),
        examples: &[
            Example::fires("http://-/", Reply::Reads(&[(Component::Host, Some("-"))])),
            Example::fires("file://@", Reply::Reads(&[(Component::Host, Some("@"))])),
            Example::off("http://-/", Reply::Reads(&[(Component::Host, Some("+"))])),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/whitespace-trimmed",
        name: "leading and trailing white space is removed before the input is read (URI->new: \"as well as leading and trailing white space, are automatically removed\")",
        cites: "URI.pm, URI->new",
        explains: Custom(reads_the_trimmed_input),
        examples: &[
            Example::fires("p:a\n", Reply::Splits(&[(Component::Path, Some("a"))])),
            // A tab dropped inside the input is no trimming.
            Example::off("p:a\tb", Reply::Splits(&[(Component::Path, Some("ab"))])),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/default-port-reported",
        name: "the scheme's default port is reported when none is written",
        cites: "URI.pm, $uri->port",
        explains: DefaultPortReported,
        examples: &[
            Example::fires("http://a/", Reply::Reads(&[(Component::Port, Some("80"))])),
            Example::off("http://a/", Reply::Reads(&[(Component::Port, Some("8080"))])),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/invalid-chars-escaped",
        name: "URI->new escapes the characters that may not appear instead of rejecting",
        cites: "URI.pm, URI->new",
        explains: TooLaxAcceptedOnce(uri_spec::Edition::UriSyntax02, pct_encode_forbidden),
        examples: &[
            Example::fires("http://a/ b", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/invalid-chars-escaped-whatwg",
        name: "URI->new escapes the characters that may not appear where the URL Standard removes or rereads them (URI->new: \"Characters outside this set are automatically escaped\")",
        cites: "URI.pm, URI->new",
        // `URI->new("?\td")->abs("http://a/b/c/d;p?q")` is `http://a/b/c/d;p?%09d`, run here.
        explains: Custom(|e| {
            super::escaped_where_lenient(e)
                || escaped_resolved_as_2396(e)
                || host_unescaped_where_lenient(e)
        }),
        examples: &[
            // `URI->new("?\td")->abs("http://a/b/c/d;p?q")`, run here: the tab escaped, where the URL
            // Standard removes it.
            Example::fires("resolve:?\td|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p?%09d")),
            // Perl's `URI->new_abs("/[/.", "foo://h")`, run here; a slash more is another target.
            Example::fires("resolve:/[/.|foo://h", Reply::Text("foo://h/%5B/.")),
            Example::off("resolve:/[/.|foo://h", Reply::Text("foo://h/%5B/./")),
            // The escaped tab moved is another query.
            Example::off("resolve:?\td|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p?d%09")),
            // `URI->new("file://\\")` is `file://%5C`, its `host` (\"the unescaped hostname\") `\`,
            // run here with URI 5.17; where the URL Standard reads no host. Another host is not it.
            Example::fires("file://\\", Reply::Splits(&[])),
            Example::off("file://\\", Reply::Splits(&[(Component::Host, Some("/"))])),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/absolute-reference-returned",
        name: "new_abs returns a reference with a scheme as URI->new made it, the base's own scheme included ($URI::ABS_ALLOW_RELATIVE_SCHEME: \"RFC 2396 says that this should be avoided\")",
        cites: "URI.pm, $URI::ABS_ALLOW_RELATIVE_SCHEME",
        explains: Custom(absolute_reference_returned),
        examples: &[
            Example::fires("resolve:http:|http://[::1]/a/b", Reply::Text("http:")),
            // A reference without a scheme.
            Example::off("resolve:g|http://[::1]/a/b", Reply::Text("g")),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/port-as-integer",
        name: "the port is an integer ($uri->port: the port number)",
        cites: "URI.pm, $uri->port",
        explains: PortAsNumber,
        examples: &[
            Example::fires("http://a:007/", Reply::Reads(&[(Component::Port, Some("7"))])),
            Example::off("http://a:007/", Reply::Reads(&[(Component::Port, Some("70"))])),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/query-reference-as-2396bis",
        name: "a reference that starts with its query (\"?q\") is resolved as rfc2396bis resolves it (Changes, 1.24: \"Relative URIs that start with the query string directly (i.e. \"?q\") are now absolutized as specified in rfc2396bis\")",
        cites: "https://metacpan.org/dist/URI/changes",
        explains: Custom(query_reference_as_2396bis),
        examples: &[
            Example::fires("resolve:?y|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p?y")),
            // The base's fragment kept where "?y" has none; another query than the reference's.
            Example::off("resolve:?y|http://a/b/c/d;p?q#f", Reply::Text("http://a/b/c/d;p?y#f")),
            Example::off("resolve:?y|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p?z")),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/file-default-authority",
        name: r#"canonical gives an absolute file URI the authority $URI::file::DEFAULT_AUTHORITY ("It defaults to "".")"#,
        cites: "URI.pm, $URI::file::DEFAULT_AUTHORITY",
        explains: Custom(|e| {
            let (Class::Normalization, Some(spec), Some(got)) = (e.class, e.reference, e.got) else {
                return false;
            };
            file_default_authority(spec).is_some_and(|t| t == got)
        }),
        examples: &[
            Example::fires("normalize:File:", Reply::Text("file://")),
            // A file URI's own host is kept.
            Example::off("normalize:file://h/a", Reply::Text("file:///a")),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/ldap-dn-canonical",
        name: "canonical of an ldap, ldaps or ldapi URI writes its dn unescaped, escaping again only what a path may not hold (URI.pm: canonical's rules \"are scheme-dependent\" and \"unescaping octets that can be better represented as plain characters\"; URI::ldap: $uri->dn; RFC 4516 2.1)",
        cites: "URI.pm, $uri->canonical; URI::ldap, $uri->dn; RFC 4516 section 2.1",
        explains: Custom(|e| {
            let (Class::Normalization, Some(spec), Some(got)) = (e.class, e.reference, e.got) else {
                return false;
            };
            ldap_dn_canonical(spec).is_some_and(|t| t == got)
        }),
        examples: &[
            Example::fires("normalize:LDaP:%26", Reply::Text("ldap:&")),
            Example::fires("normalize:ldap://h/o=a%26b", Reply::Text("ldap://h/o=a&b")),
            Example::off("normalize:ldap://h/%3F", Reply::Text("ldap://h/?")),
            Example::off("normalize:http:%26", Reply::Text("http:&")),
        ],
    },
];

/// The normal form `n` of an `ldap`, `ldaps` or `ldapi` URI with its path as Perl's
/// `URI::_ldap::canonical` writes it: `$other->dn($other->dn)` reads the dn as the path without
/// one leading "/", `uri_unescape`d, and sets it back through `URI::_generic::path`, which
/// escapes every octet outside RFC 2396's pchar-like set (`$URI::uric` without "?": reserved
/// `;/:@&=+$,`, unreserved, and "%") and, with an authority, puts "/" before a path that does not
/// begin with one (`_check_path`). Run here with URI 5.17: `LDaP:%26` is `ldap:&`,
/// `ldap://h/a%20b%41` is `ldap://h/a%20bA`, `ldap:/x%2Fy` is `ldap:x/y`, `ldap:%5B` stays.
/// `None` for another scheme, or where nothing changes.
fn ldap_dn_canonical(n: &str) -> Option<String> {
    let (scheme, rest) = n.split_once(':')?;
    if !["ldap", "ldaps", "ldapi"].contains(&scheme.to_ascii_lowercase().as_str()) {
        return None;
    }
    let (authority, rest) = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r.find(['/', '?', '#']).unwrap_or(r.len());
            (Some(&r[..end]), &r[end..])
        }
        None => (None, rest),
    };
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    let (path, tail) = rest.split_at(end);
    let dn = super::pct_decode_bytes(path.strip_prefix('/').unwrap_or(path));
    let written = super::pct_encoded(&dn, |b| {
        b.is_ascii_alphanumeric() || b";/:@&=+$,-_.!~*'()%".contains(&b)
    });
    let mut out = format!("{scheme}:");
    if let Some(a) = authority {
        out.push_str("//");
        out.push_str(a);
        if !written.is_empty() && !written.starts_with('/') {
            out.push('/');
        }
    }
    out.push_str(&written);
    out.push_str(tail);
    (out != n).then_some(out)
}

/// The normal form `n` of an absolute `file` URI whose authority is missing or `localhost`,
/// with the authority `$URI::file::DEFAULT_AUTHORITY` (""); `None` for any other.
fn file_default_authority(n: &str) -> Option<String> {
    let c = uri_spec::parse(n.as_bytes()).ok()?;
    if !c.scheme?.eq_ignore_ascii_case("file")
        || c.authority
            .is_some_and(|a| !a.eq_ignore_ascii_case("localhost"))
    {
        return None;
    }
    let mut t = String::from("file://");
    let path = c.path.unwrap_or("");
    // RFC 2396 3 (and RFC 3986 3.3): after an authority the path is absolute or empty.
    if !path.is_empty() && !path.starts_with('/') {
        t.push('/');
    }
    t.push_str(path);
    for (mark, part) in [('?', c.query), ('#', c.fragment)] {
        if let Some(p) = part {
            t.push(mark);
            t.push_str(p);
        }
    }
    Some(t)
}

/// `URI->new_abs` of a reference that starts with "?": the target rfc2396bis gives (the base's
/// scheme, authority and path, the reference's query and fragment), exactly. Perl's `abs`
/// clones the base there, so a base fragment the reference does not replace stays: that is no
/// part of rfc2396bis's answer and not documented, so it is left a finding.
fn query_reference_as_2396bis(e: &super::Evidence<'_>) -> bool {
    let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
        return false;
    };
    e.input.starts_with(b"?")
        && uri_spec::Resolver::new()
            .edition(uri_spec::Edition::Rfc2396bis02)
            .resolve(base, e.input)
            .is_ok_and(|t| t == got)
}

/// Perl's reading of a registry-based authority of a server scheme.
fn server_methods(e: &super::Evidence<'_>) -> bool {
    use crate::model::Component;
    let (Class::Component(c) | Class::UndefinedVsEmpty(c)) = e.class else {
        return false;
    };
    let Some(spec) = e.reference_components else {
        return false;
    };
    let Some(authority) = spec.get(Component::Authority) else {
        return false;
    };
    // URI::file's host is its whole authority, unescaped.
    if spec
        .get(Component::Scheme)
        .is_some_and(|s| s.eq_ignore_ascii_case("file"))
        && c == Component::Host
    {
        return Some(super::pct_decode_exact(authority).as_str()) == e.got;
    }
    if spec.get(Component::Host).is_some() {
        return false;
    }
    let (userinfo, host, port) = super::server_parts(authority);
    let want = match c {
        Component::Userinfo => userinfo.map(str::to_owned),
        Component::Host => Some(super::pct_decode_exact(host)),
        Component::Port => port.map(str::to_owned),
        _ => return false,
    };
    want.as_deref() == e.got
}

/// What `URI->new` reads of an input with white space at an end: the input without it (Perl's
/// `\s`: space, tab, newline, carriage return, form feed, vertical tab). Such an input is never
/// valid, so the evidence is the lenient reading's ([`super::lenient_reading_of`]).
fn reads_the_trimmed_input(e: &super::Evidence<'_>) -> bool {
    let trimmed = trimmed(e.input);
    // `new_abs($str, $base)` is `URI->new($str, $base)->abs($base)`: a reference is trimmed
    // before it is resolved, so a resolution is the lenient reading's of the trimmed reference.
    trimmed.len() != e.input.len()
        && (super::lenient_reading_of(e, trimmed) || super::lenient_reading_after(e, trimmed))
}

/// `input` without the white space `URI->new` removes from either end (Perl's `\s`).
fn trimmed(input: &[u8]) -> &[u8] {
    let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0c | 0x0b);
    let start = input.iter().position(|b| !space(b)).unwrap_or(input.len());
    let end = input
        .iter()
        .rposition(|b| !space(b))
        .map_or(start, |i| i + 1);
    &input[start..end.max(start)]
}

/// `URI->new_abs` of a reference with a scheme: `abs` returns it as `URI->new` made it (white
/// space trimmed, what may not appear escaped), whatever the base, unless
/// `$URI::ABS_ALLOW_RELATIVE_SCHEME` is set. Its documentation: "Some older parsers used to
/// allow the scheme name to be present in the relative URL if it was the same as the base URL
/// scheme. RFC 2396 says that this should be avoided", with `URI->new("http:foo")->abs(...)`
/// giving `http:foo`; the URL Standard reads a special scheme equal to the base's as relative.
/// Run here: `new_abs("http:a b", "http://[::1]x/a/b")` is `http:a%20b`.
fn absolute_reference_returned(e: &super::Evidence<'_>) -> bool {
    let (Class::Resolution, Some(_), Some(got)) = (e.class, e.second, e.got) else {
        return false;
    };
    let reference = trimmed(e.input);
    crate::engine::octets::scheme_colon(reference).is_some()
        && got.as_bytes() == escaped_2396(reference)
}

/// `input` as `URI->new` escapes it: what RFC 3986 allows nowhere, and "[" and "]", which RFC
/// 2396 2.4.3 counts among the "unwise" characters.
fn escaped_2396(input: &[u8]) -> Vec<u8> {
    pct_encode_forbidden(input)
        .iter()
        .flat_map(|&b| match b {
            b'[' => b"%5B".to_vec(),
            b']' => b"%5D".to_vec(),
            b => vec![b],
        })
        .collect()
}

/// A resolution `URI->new_abs` makes of an input RFC 2396 rejects: the characters that may not
/// appear escaped, then RFC 2396 section 5.2's steps, which leave an absolute path's dot segments
/// as they are (step 5; the URL Standard removes them): `new_abs("/[/.", "foo://h")` is
/// `foo://h/%5B/.`, run here.
fn escaped_resolved_as_2396(e: &super::Evidence<'_>) -> bool {
    let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
        return false;
    };
    let escaped = escaped_2396(e.input);
    escaped != e.input
        && uri_spec::parse(e.input).is_err()
        && uri_spec::Resolver::new()
            .edition(uri_spec::Edition::UriSyntax02)
            .resolve(base, &escaped)
            .is_ok_and(|t| t == got)
}

/// Whether the evidence is a host that `URI->new` escaped and `$uri->host` gives back
/// unescaped ("Sets and returns the unescaped hostname"): the host, escaped again as `URI->new`
/// escapes ([`super::pct_encode_forbidden`]), is what the lenient reading reads from the
/// input so escaped (`file://\\` is `file://%5C`, its host `\\`, run here with URI 5.17).
fn host_unescaped_where_lenient(e: &Evidence<'_>) -> bool {
    let (Class::Component(Component::Host), Some(got)) = (e.class, e.got) else {
        return false;
    };
    let escaped = pct_encode_forbidden(got.as_bytes());
    let Ok(escaped) = std::str::from_utf8(&escaped) else {
        return false;
    };
    escaped != got
        && super::escaped_where_lenient(&Evidence {
            got: Some(escaped),
            ..*e
        })
}

#[cfg(test)]
mod tests {
    /// The canonical forms Perl's URI 5.17 printed for these, run here.
    #[test]
    fn ldap_dn_canonical_is_perls() {
        for (n, want) in [
            ("ldap:%26", Some("ldap:&")),
            ("ldap://h/o=a%26b,c=US", Some("ldap://h/o=a&b,c=US")),
            ("ldap://h/%2525", Some("ldap://h/%25")),
            ("ldap://h/a%20b%41", Some("ldap://h/a%20bA")),
            ("ldap:/x%2Fy", Some("ldap:x/y")),
            ("ldaps://h/%26?cn", Some("ldaps://h/&?cn")),
            ("ldap://h/a%E9", None),
            ("ldap://h/%3F", None),
            ("ldap:%5B", None),
            ("http:%26", None),
        ] {
            assert_eq!(super::ldap_dn_canonical(n).as_deref(), want, "{n}");
        }
    }

    #[test]
    fn an_absolute_paths_dots_are_kept_where_rfc_2396_keeps_them() {
        let ev = |got| crate::engine::profile::Evidence {
            class: Class::Resolution,
            input: b"/[/.",
            second: Some(b"foo://h"),
            reparsed: None,
            reference: Some("foo://h/[/"),
            got: Some(got),
            reference_components: None,
            serialization: None,
        };
        assert!(super::escaped_resolved_as_2396(&ev("foo://h/%5B/.")));
        assert!(!super::escaped_resolved_as_2396(&ev("foo://h/%5B/")));
    }

    /// `perl -MURI -e 'print URI->new_abs("?y", "http://a/b/c/d;p?q")'` prints
    /// `http://a/b/c/d;p?y`; against `http://a/b/c/d;p?q#f`, `http://a/b/c/d;p?y#f`.
    #[test]
    fn a_query_reference_is_resolved_as_rfc2396bis() {
        let ev = |input, second, got| crate::engine::profile::Evidence {
            class: Class::Resolution,
            input,
            second: Some(second),
            reparsed: None,
            reference: None,
            got: Some(got),
            reference_components: None,
            serialization: None,
        };
        let rule = |input, second, got| super::query_reference_as_2396bis(&ev(input, second, got));
        assert!(rule(b"?y", b"http://a/b/c/d;p?q", "http://a/b/c/d;p?y"));
        assert!(rule(b"?#s", b"http://a/b/c/d;p?q", "http://a/b/c/d;p?#s"));
        // One step off: the base's fragment kept (undocumented), RFC 2396's merge, no "?".
        assert!(!rule(
            b"?y",
            b"http://a/b/c/d;p?q#f",
            "http://a/b/c/d;p?y#f"
        ));
        assert!(!rule(b"?y", b"http://a/b/c/d;p?q", "http://a/b/c/?y"));
        assert!(!rule(b"#s", b"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#s"));
    }

    /// `perl -MURI -e 'print URI->new_abs("//\n", "http://a/b/c/d;p?q")'` prints `http://`.
    #[test]
    fn a_reference_is_trimmed_before_it_is_resolved() {
        let ev = |input, got| crate::engine::profile::Evidence {
            class: Class::Resolution,
            input,
            second: Some(b"http://a/b/c/d;p?q"),
            reparsed: None,
            reference: None,
            got: Some(got),
            reference_components: None,
            serialization: None,
        };
        assert!(super::reads_the_trimmed_input(&ev(b"//\n", "http://")));
        assert!(super::reads_the_trimmed_input(&ev(
            b" g\t",
            "http://a/b/c/g"
        )));
        // One step off: the white space kept, or another target.
        assert!(!super::reads_the_trimmed_input(&ev(b"//\n", "http://%0A")));
        assert!(!super::reads_the_trimmed_input(&ev(
            b" g",
            "http://a/b/c/h"
        )));
    }

    /// `perl -MURI -e 'print URI->new_abs("http:a b", "http://[::1]x/a/b")'` prints `http:a%20b`.
    #[test]
    fn a_reference_with_a_scheme_is_returned_as_uri_new_made_it() {
        let ev = |input, got| crate::engine::profile::Evidence {
            class: Class::Resolution,
            input,
            second: Some(b"http://[::1]x/a/b"),
            reparsed: None,
            reference: None,
            got: Some(got),
            reference_components: None,
            serialization: None,
        };
        assert!(super::absolute_reference_returned(&ev(b"http:", "http:")));
        assert!(super::absolute_reference_returned(&ev(
            b" http:a b",
            "http:a%20b"
        )));
        assert!(super::absolute_reference_returned(&ev(
            b"http:[x]",
            "http:%5Bx%5D"
        )));
        // One step off: the URL Standard's reading (the base), a reference without a scheme.
        assert!(!super::absolute_reference_returned(&ev(
            b"http:",
            "http://[::1]x/a/b"
        )));
        assert!(!super::absolute_reference_returned(&ev(b"a b", "a%20b")));
    }
    use super::{file_default_authority, reads_the_trimmed_input};
    use crate::engine::profile::Evidence;
    use crate::engine::Class;
    use crate::model::Component;

    /// `perl -MURI -e 'print URI->new("p:\n")->path'` prints nothing; `"p:a\n"`, `a`.
    #[test]
    fn white_space_at_the_ends_is_read_as_gone_and_nowhere_else() {
        let ev = |input: &'static [u8], spec, got| Evidence {
            class: Class::Component(Component::Path),
            input,
            second: None,
            reparsed: None,
            reference: spec,
            got,
            reference_components: None,
            serialization: None,
        };
        assert!(reads_the_trimmed_input(&ev(b"p:\n", Some("\n"), Some(""))));
        assert!(reads_the_trimmed_input(&ev(
            b" p:a\t",
            Some("a\t"),
            Some("a")
        )));
        // One step off: another path than the trimmed input's, or white space inside.
        assert!(!reads_the_trimmed_input(&ev(
            b"p:a\n",
            Some("a\n"),
            Some("b")
        )));
        assert!(!reads_the_trimmed_input(&ev(
            b"p:a b",
            Some("a b"),
            Some("ab")
        )));
    }

    /// Each case as `perl -MURI -e 'print URI->new(S)->canonical'` answers it.
    #[test]
    fn file_uris_get_the_default_authority() {
        for (input, want) in [
            ("file:", Some("file://")),
            ("file:/a", Some("file:///a")),
            ("file://localhost/a", Some("file:///a")),
            ("file:a", Some("file:///a")),
            ("file:?q", Some("file://?q")),
            ("file:#f", Some("file://#f")),
            // A host of its own is kept: no rule needed, none given.
            ("file://h/a", None),
            ("http:", None),
        ] {
            assert_eq!(file_default_authority(input).as_deref(), want, "{input}");
        }
    }
}
