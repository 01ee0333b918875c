//! Profile `python-furl`: furl's `furl` objects. Its documentation (README, "API") says:
//! - the port is "an integer" and "furl infers the default port for common schemes" where none
//!   is written (`furl('http://a').port` is 80; furl's `DEFAULT_PORTS` lists them);
//! - "netloc is the string combination of username, password, host, and port, not including
//!   port if it's None or the default port for the provided scheme";
//! - the username and password are held decoded, and (README, "Encoding") "furl's philosophy on
//!   encoding is simple: raw URL strings should always be percent-encoded": the path is a Path
//!   of decoded segments, the query a Query of decoded key:value pairs and the fragment a
//!   Fragment of both, each written back by furl's own encoding (`str(f.path)`, `str(f.query)`,
//!   `str(f.fragment)`; `Query.encode` quotes every character but the unreserved ones, a space
//!   as "+", unless told otherwise);
//! - the query and fragment are objects that are empty where the URL has none
//!   (`str(furl('http://a').query)` is `''`);
//! - "Encoding is handled for you. Unicode, too": the host is held as Unicode and written
//!   IDNA-encoded (the README's `f.set(host=u'ドメイン.テスト')` gives
//!   `'http://xn--eckwd4c7c.xn--zckzah/...'`; `netloc` is `idna_encode(self.host)`, Python's
//!   built-in `idna` codec, IDNA 2003), and a host read back that starts with "xn--" is decoded
//!   (`furl.host`'s setter: `idna_decode`);
//! - furl splits with `urllib.parse.urlsplit` ("urlparse recognizes a netloc only if it is
//!   properly introduced by '//'"), so on an input RFC 3986 rejects its path, query and
//!   fragment are its own encoding of what that split gives, not of the URL Standard's reading.

use super::Explains::{
    AbsentAsEmpty, Custom, EscapedWhereLenient, NoAuthorityWithoutSlashes, PortAsNumber,
};
use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// furl's `DEFAULT_PORTS` (furl 2.1): the schemes whose port it infers.
const DEFAULT_PORTS: &[(&str, u16)] = &[
    ("acap", 674),
    ("afp", 548),
    ("dict", 2628),
    ("dns", 53),
    ("ftp", 21),
    ("git", 9418),
    ("gopher", 70),
    ("hdl", 2641),
    ("http", 80),
    ("https", 443),
    ("imap", 143),
    ("ipp", 631),
    ("ipps", 631),
    ("irc", 194),
    ("ircs", 6697),
    ("ldap", 389),
    ("ldaps", 636),
    ("mms", 1755),
    ("msrp", 2855),
    ("mtqp", 1038),
    ("nfs", 111),
    ("nntp", 119),
    ("nntps", 563),
    ("pop", 110),
    ("prospero", 1525),
    ("redis", 6379),
    ("rsync", 873),
    ("rtsp", 554),
    ("rtsps", 322),
    ("rtspu", 5005),
    ("sftp", 22),
    ("sip", 5060),
    ("sips", 5061),
    ("smb", 445),
    ("snews", 563),
    ("snmp", 161),
    ("ssh", 22),
    ("svn", 3690),
    ("telnet", 23),
    ("tftp", 69),
    ("ventrilo", 3784),
    ("vnc", 5900),
    ("wais", 210),
    ("ws", 80),
    ("wss", 443),
    ("xmpp", 5222),
];

fn default_port_of(scheme: Option<&str>) -> Option<u16> {
    let scheme = scheme?;
    DEFAULT_PORTS
        .iter()
        .find(|(s, _)| *s == scheme)
        .map(|&(_, p)| p)
}

/// Python's `urllib.parse.quote(text, safe)`: every byte of the UTF-8 text but letters, digits,
/// "_.-~" and `safe` percent-encoded (uppercase).
fn quote(text: &str, safe: &str) -> String {
    pct_encoded(text.as_bytes(), |b| {
        b.is_ascii_alphanumeric() || b"_.-~".contains(&b) || safe.as_bytes().contains(&b)
    })
}

/// Python's `urllib.parse.unquote`: every valid percent-encoding decoded, bytes that are not
/// UTF-8 replaced with U+FFFD.
fn unquote(text: &str) -> String {
    pct_decode_exact(text)
}

/// furl's `SAFE_SEGMENT_CHARS`: what `Path` leaves unencoded in a segment.
const SAFE_SEGMENT_CHARS: &str = ":@-._~!$&'()*+,;=";

/// furl's `is_valid_encoded_path_segment`: word characters, `-.~:@!$&'()*+,;=` and valid
/// percent-encodings only.
fn valid_encoded_segment(segment: &str) -> bool {
    let b = segment.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
            {
                i += 3;
                continue;
            }
            return false;
        }
        let c = segment[i..].chars().next().unwrap_or('\0');
        if !(c.is_alphanumeric() || c == '_' || "-.~:@!$&'()*+,;=".contains(c)) {
            return false;
        }
        i += c.len_utf8();
    }
    true
}

/// A path as `str(Path)` writes it back: each "/"-separated segment decoded (one that is not
/// validly encoded is first quoted whole, `_segments_from_path`) and quoted again with
/// `SAFE_SEGMENT_CHARS` (`_path_from_segments`).
fn furl_path(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            let segment = if valid_encoded_segment(segment) {
                segment.to_owned()
            } else {
                quote(segment, "/")
            };
            quote(&unquote(&segment), SAFE_SEGMENT_CHARS)
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A target as furl writes it back: its path, query and fragment each re-encoded
/// ([`furl_path`], [`furl_query`], [`furl_fragment`]).
fn reencoded_target(target: &str) -> Option<String> {
    let c = uri_spec::parse(target.as_bytes()).ok()?;
    let path = furl_path(c.path.unwrap_or(""));
    let query = c.query.map(furl_query);
    let fragment = c.fragment.map(furl_fragment);
    Some(uri_spec::recompose(
        c.scheme,
        c.authority,
        &path,
        query.as_deref(),
        fragment.as_deref(),
    ))
}

/// A query as `str(Query)` writes it back (`Query.encode()` with its defaults): pairs split at
/// "&", each key and value decoded as `unquote_plus` does, then quoted with nothing safe and a
/// space as "+"; a key without "=" stays alone; after an empty key, "%3D" in the value is "=".
fn furl_query(query: &str) -> String {
    if query.is_empty() {
        return String::new();
    }
    let code = |s: &str| quote(&unquote(&s.replace('+', " ")), "").replace("%20", "+");
    query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            None => code(pair),
            Some((key, value)) => {
                let (key, mut value) = (code(key), code(value));
                if key.is_empty() {
                    value = value.replace("%3D", "=");
                }
                format!("{key}={value}")
            }
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// A fragment as `str(Fragment)` writes it back (`Fragment.load`, `Fragment.__str__`): a path
/// and a query split at the first "?" when the part after it holds "=", a query alone when
/// there is no "?" and an "=", else a path; "%3F" in a path written "?" when no query follows.
fn furl_fragment(fragment: &str) -> String {
    let (path, query) = match fragment.split_once('?') {
        None if fragment.contains('=') => ("", fragment),
        Some((p, q)) if q.contains('=') => (p, q),
        _ => (fragment, ""),
    };
    let (mut path, query) = (furl_path(path), furl_query(query));
    if query.is_empty() {
        path = path.replace("%3F", "?");
    }
    let separator = if !path.is_empty() && !query.is_empty() {
        "?"
    } else {
        ""
    };
    format!("{path}{separator}{query}")
}

/// furl's `netloc` from the spec's components: the username and password decoded and quoted
/// with nothing safe, the host lowercased, the port as an integer unless it is 0 or the
/// scheme's default. `None` for a host furl would IDNA-encode (not ASCII).
fn furl_netloc(c: &Components) -> Option<String> {
    let host = c.get(Component::Host)?;
    if !host.is_ascii() {
        return None;
    }
    let mut userpass = String::new();
    if let Some(u) = c.get(Component::Userinfo) {
        let (user, password) = match u.split_once(':') {
            Some((user, password)) => (user, Some(password)),
            None => (u, None),
        };
        userpass.push_str(&quote(&unquote(user), ""));
        if let Some(p) = password {
            userpass.push(':');
            userpass.push_str(&quote(&unquote(p), ""));
        }
        userpass.push('@');
    }
    let mut netloc = format!("{userpass}{}", host.to_ascii_lowercase());
    let scheme = c.get(Component::Scheme).map(str::to_ascii_lowercase);
    let port = c.get(Component::Port).filter(|p| !p.is_empty());
    if let Some(port) = port.and_then(|p| p.parse::<u32>().ok()) {
        let default = default_port_of(scheme.as_deref()).map(u32::from);
        if port != 0 && Some(port) != default {
            netloc.push_str(&format!(":{port}"));
        }
    }
    Some(netloc)
}

/// `host` as Python's built-in `idna` codec (IDNA 2003, RFC 3490 ToASCII with Nameprep)
/// encodes it, for a host that is not ASCII: RFC 3490 3.1 reads U+3002, U+FF0E and U+FF61 as
/// dots, and Nameprep (RFC 3491, RFC 3454 tables B.1 and B.2) maps ZWJ and ZWNJ to nothing and
/// case-folds "ß" and capital "ẞ" to "ss", "ς" to "σ" and the compatibility forms (full-width
/// letters) to their plain forms. UTS #46's mapping is that table once its transitional
/// deviations are applied by hand (UTS #46 section 4, "Processing", Transitional_Processing),
/// which is what the `idna` crate's non-transitional processing then does. `None` when the
/// host is ASCII (the codec leaves it as it is) or UTS #46 refuses it.
fn idna2003_to_ascii(host: &str) -> Option<String> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    if host.is_ascii() {
        return None;
    }
    let mut mapped = String::with_capacity(host.len());
    for c in host.chars() {
        match c {
            '\u{200C}' | '\u{200D}' => {}
            'ß' | 'ẞ' => mapped.push_str("ss"),
            'ς' => mapped.push('σ'),
            c => mapped.push(c),
        }
    }
    Uts46::new()
        .to_ascii(
            mapped.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .ok()
        .map(|ascii| ascii.into_owned())
}

/// A round trip whose only change is a Unicode host written IDNA-encoded and read back as
/// furl's host setter reads it (lowercased; decoded to Unicode when it starts with "xn--"):
/// `furl('//d。').url` is `'//d.'`, whose host is `'d.'`.
fn host_idna_encoded_on_the_way_back(e: &Evidence<'_>) -> bool {
    let (Class::RoundTrip, Some(first), Some(again), Some(written)) =
        (e.class, e.reference_components, e.reparsed, e.got)
    else {
        return false;
    };
    let Some(encoded) = first.get(Component::Host).and_then(idna2003_to_ascii) else {
        return false;
    };
    let read_back = if encoded.starts_with("xn--") {
        idna::domain_to_unicode(&encoded).0
    } else {
        encoded.clone()
    };
    written.contains(encoded.as_str())
        && again.get(Component::Host) == Some(read_back.as_str())
        && Component::ALL
            .into_iter()
            .filter(|&c| c != Component::Host)
            .all(|c| first.get(c) == again.get(c))
}

/// Whether the evidence's path, query or fragment, on an input RFC 3986 rejects, is furl's
/// encoding ([`furl_path`], [`furl_query`], [`furl_fragment`]) of that part of RFC 3986's
/// Appendix B split ([`crate::subjects::lenient::split`]: an authority only after "//", as
/// `urlsplit` reads a netloc).
fn split_parts_reencoded(e: &Evidence<'_>) -> bool {
    let Some((c, _, split)) = super::rejected_parse_split(e) else {
        return false;
    };
    let written = match c {
        Component::Path => split.get(c).map(furl_path),
        Component::Query => split.get(c).map(furl_query),
        Component::Fragment => split.get(c).map(furl_fragment),
        _ => return false,
    };
    written.is_some() && written.as_deref() == e.got
}

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    // furl's encoding of its path, query and fragment on an input RFC 3986 rejects (README:
    // "Encoding is handled for you"): where the URL Standard removes a character or reads `\`
    // as `/`, furl keeps it escaped (`str(furl("http://a/\x00").path)` is `/%00`,
    // `str(furl("file:///\\").path)` is `/%5C`, run here).
    Rule {
        profile: "python-furl",
        id: "python-furl/invalid-chars-encoded-whatwg",
        name: "the path, query and fragment encoded where the URL Standard removes or rereads a character (README: \"Encoding is handled for you\")",
        cites: "furl README, Encoding",
        explains: EscapedWhereLenient,
        examples: &[
            Example::fires("http://a/\0", Reply::Splits(&[(Component::Path, Some("/%00"))])),
            // The control written as another character.
            Example::off("http://a/\0", Reply::Splits(&[(Component::Path, Some("/ "))])),
        ],
    },
    Rule {
        profile: "python-furl",
        id: "python-furl/netloc-needs-double-slash",
        name: "no netloc unless \"//\" follows the scheme (furl splits with urllib.parse.urlsplit: \"urlparse recognizes a netloc only if it is properly introduced by '//'\")",
        cites: "furl README; urllib.parse docs, urlsplit",
        explains: NoAuthorityWithoutSlashes,
        examples: &[
            Example::fires("http:\\a", Reply::Splits(&[(Component::Host, None)])),
            Example::fires("http:/\\a", Reply::Splits(&[(Component::Host, None)])),
            Example::off("http://\\a", Reply::Splits(&[(Component::Host, None)])),
        ],
    },
    // On an input RFC 3986 rejects, furl's path, query and fragment are its encoding (README,
    // "Encoding") of what `urllib.parse.urlsplit` splits off, not of the URL Standard's reading:
    // `furl("http:\\%22").path` is `%5C%2522` (no netloc without "//", and a segment that is
    // not validly encoded is quoted whole), `furl("http://p/%20\x02").path` is `/%2520%02`,
    // run here with furl 2.1.4.
    Rule {
        profile: "python-furl",
        id: "python-furl/split-parts-reencoded",
        name: "on an input RFC 3986 rejects, the path, query and fragment are furl's encoding of what urlsplit splits off (README: \"Encoding is handled for you\"; urlsplit: \"urlparse recognizes a netloc only if it is properly introduced by '//'\")",
        cites: "furl README, Encoding",
        explains: Custom(split_parts_reencoded),
        examples: &[
            // On an input RFC 3986 rejects: RFC 3986's split (no netloc without "//"), its path encoded; a
            // "/" in front, as if the URL Standard had read the backslash, is one step off.
            Example::fires("http:\\%22", Reply::Splits(&[(Component::Path, Some("%5C%2522"))])),
            Example::fires("http://p/%20\u{2}", Reply::Splits(&[(Component::Path, Some("/%2520%02"))])),
            Example::off("http:\\%22", Reply::Splits(&[(Component::Path, Some("/%5C%2522"))])),
        ],
    },
    Rule {
        profile: "python-furl",
        id: "python-furl/tab-newline-removed",
        name: "tabs and newlines are removed before the split (furl splits with urllib.parse.urlsplit: \"ASCII newline and tab characters are stripped from the URL\")",
        cites: "furl README; urllib.parse docs, urlsplit",
        explains: Custom(|e| {
            let removed = super::tabs_newlines_removed(e.input);
            removed.len() != e.input.len() && super::lenient_reading_of(e, &removed)
        }),
        examples: &[
            // furl splits with urlsplit, which removes tabs and newlines first.
            Example::fires("p:a\tb", Reply::Splits(&[(Component::Path, Some("ab"))])),
        ],
    },
    Rule {
        profile: "python-furl",
        id: "python-furl/default-port-reported",
        name: "the scheme's default port is reported when none is written (DEFAULT_PORTS)",
        cites: "furl README, API (port; DEFAULT_PORTS)",
        explains: Custom(|e| {
            let scheme = e.scheme();
            e.component() == Some(Component::Port)
                && matches!(e.reference, None | Some(""))
                && e.got.is_some()
                && default_port_of(scheme.as_deref())
                    .map(|p| p.to_string())
                    .as_deref()
                    == e.got
        }),
        examples: &[
            // `furl("git:").port` is 9418.
            Example::fires("http://a/", Reply::Reads(&[(Component::Port, Some("80"))])),
            Example::fires("git:", Reply::Reads(&[(Component::Port, Some("9418"))])),
            Example::off("http://a/", Reply::Reads(&[(Component::Port, Some("8080"))])),
        ],
    },
    Rule {
        profile: "python-furl",
        id: "python-furl/absent-query-fragment-empty",
        name: "an absent query or fragment is the empty string",
        cites: "furl README, API",
        explains: AbsentAsEmpty(&[Component::Query, Component::Fragment]),
        examples: &[
            Example::fires("http://a/", Reply::Reads(&[(Component::Fragment, Some(""))])),
            Example::off("http://a/", Reply::Reads(&[(Component::Fragment, Some("x"))])),
        ],
    },
    Rule {
        profile: "python-furl",
        id: "python-furl/userinfo-pct-decoded",
        name: "the username and password are percent-decoded",
        cites: "furl README, API",
        explains: Custom(|e| {
            e.component() == Some(Component::Userinfo)
                && e.reference.map(pct_decode_exact).as_deref() == e.got
        }),
        examples: &[
            Example::fires("//%24@a", Reply::Reads(&[(Component::Userinfo, Some("$"))])),
            Example::off("//%24@a", Reply::Reads(&[(Component::Userinfo, Some("%"))])),
        ],
    },
    // furl's `port` setter: "The port value can be 1-65535 or None, meaning no port
    // specified. ... Raises: ValueError on invalid port", and `furl(url)` "Raises ValueError
    // on invalid URL": `furl('//:')` and `furl('http://h:0')` raise "Invalid port ''." and
    // "Invalid port '0'.", run here with furl 2.1.4 (`is_valid_port`: digits, from 1 to 65535).
    Rule {
        profile: "python-furl",
        id: "python-furl/port-out-of-range-refused",
        name: "a URL whose port is empty or not from 1 to 65535 is refused (port: \"The port value can be 1-65535 or None ... Raises: ValueError on invalid port\")",
        cites: "furl source, furl.port setter",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e
                    .reference_components
                    .and_then(|c| c.get(Component::Port))
                    .is_some_and(|p| {
                        !p.bytes().all(|b| b.is_ascii_digit())
                            || !p
                                .trim_start_matches('0')
                                .parse::<u32>()
                                .is_ok_and(|n| (1..=65535).contains(&n))
                    })
        }),
        examples: &[
            Example::fires("//:", Reply::Rejected),
            Example::fires("http://h:0", Reply::Rejected),
            Example::fires("http://h:65536", Reply::Rejected),
            Example::off("http://h:65535", Reply::Rejected),
        ],
    },
    // furl's `host` setter: "Raises: ValueError on invalid host or malformed IPv6 address";
    // its message says what is invalid: "Host strings must have at least one non-period
    // character, can't contain any of '!@#$%^&'"*()+=:;/', and can't have adjacent periods"
    // (`is_valid_host`, `INVALID_HOST_CHARS`; a trailing period is allowed, a text shaped like
    // an IPv6 literal is not checked). `furl('//!')` and `furl('//a..b')` raise, run here with
    // furl 2.1.4.
    Rule {
        profile: "python-furl",
        id: "python-furl/invalid-host-refused",
        name: "a host with one of !@#$%^&'\"*()+=:;/, an empty label or periods only is refused (host: \"Raises: ValueError on invalid host\")",
        cites: "furl source, furl.host setter (is_valid_host, INVALID_HOST_CHARS)",
        explains: Custom(|e| {
            if e.class != Class::TooStrict {
                return false;
            }
            match e.second {
                None => e
                    .reference_components
                    .and_then(|c| c.get(Component::Host))
                    .is_some_and(|h| !valid_host(h)),
                // `join` loads the reference as a furl (`furl('http://a/b').join('//!')` raises
                // the same), so the target's host is the one checked.
                Some(base) => uri_spec::resolve(base, e.input).is_ok_and(|target| {
                    uri_spec::parse(target.as_bytes())
                        .ok()
                        .and_then(|c| c.host_str())
                        .is_some_and(|h| !valid_host(h))
                }),
            }
        }),
        examples: &[
            Example::fires("//!", Reply::Rejected),
            Example::fires("resolve://!|http://a/b/c/d;p?q", Reply::Rejected),
            Example::off("resolve://h|http://a/b/c/d;p?q", Reply::Rejected),
            Example::fires("//user@!host:80/path", Reply::Rejected),
            Example::fires("//a..b", Reply::Rejected),
            Example::fires("//.", Reply::Rejected),
            Example::off("//a.b.", Reply::Rejected),
            Example::off("//[::1]", Reply::Rejected),
            Example::off("//", Reply::Rejected),
        ],
    },
    Rule {
        profile: "python-furl",
        id: "python-furl/port-as-integer",
        name: "the port is an integer",
        cites: "furl README, API (port; DEFAULT_PORTS)",
        explains: PortAsNumber,
        examples: &[
            // `furl("//:01").port` is 1.
            Example::fires("//:01", Reply::Reads(&[(Component::Port, Some("1"))])),
            Example::off("//:01", Reply::Reads(&[(Component::Port, Some("10"))])),
        ],
    },
    Rule {
        profile: "python-furl",
        id: "python-furl/netloc-combined",
        name: "netloc: username, password, host and port combined, a default port left out",
        cites: "furl README, API",
        explains: Custom(|e| {
            e.component() == Some(Component::Authority)
                && e.got.is_some()
                && e.reference_components.and_then(furl_netloc).as_deref() == e.got
        }),
        examples: &[
            // `furl("http://:80").netloc` is "".
            Example::fires("http://:80", Reply::Reads(&[(Component::Authority, Some(""))])),
            Example::off("http://:80", Reply::Reads(&[(Component::Authority, Some(":8"))])),
        ],
    },
    Rule {
        profile: "python-furl",
        id: "python-furl/path-reencoded",
        name: "the path is furl's encoding of its decoded segments (\"Encoding\")",
        cites: "furl README, Encoding",
        explains: Custom(|e| {
            e.class == Class::Component(Component::Path)
                && e.reference.map(furl_path).as_deref() == e.got
        }),
        examples: &[
            // str() of the path of "%87" is "%EF%BF%BD".
            Example::fires("%87", Reply::Reads(&[(Component::Path, Some("%EF%BF%BD"))])),
            Example::off("%87", Reply::Reads(&[(Component::Path, Some("%EF%BF%BE"))])),
        ],
    },
    Rule {
        profile: "python-furl",
        id: "python-furl/query-reencoded",
        name: "the query is furl's encoding of its decoded pairs (Query.encode)",
        cites: "furl README, Encoding; Query.encode",
        explains: Custom(|e| {
            e.class == Class::Component(Component::Query)
                && e.reference.map(furl_query).as_deref() == e.got
        }),
        examples: &[
            // str() of the query of "?/" is "%2F".
            Example::fires("?/", Reply::Reads(&[(Component::Query, Some("%2F"))])),
            Example::off("?/", Reply::Reads(&[(Component::Query, Some("%2G"))])),
        ],
    },
    Rule {
        profile: "python-furl",
        id: "python-furl/fragment-reencoded",
        name: "the fragment is furl's encoding of its decoded path and query (Fragment)",
        cites: "furl README, Encoding; Fragment",
        explains: Custom(|e| {
            e.class == Class::Component(Component::Fragment)
                && e.reference.map(furl_fragment).as_deref() == e.got
        }),
        examples: &[
            // str() of the fragment of "#:=" is "%3A=".
            Example::fires("#:=", Reply::Reads(&[(Component::Fragment, Some("%3A="))])),
            Example::off("#:=", Reply::Reads(&[(Component::Fragment, Some("%3B="))])),
        ],
    },
    // `furl(base).join(reference).url` reads the joined URL back through furl, so the target's
    // path, query and fragment are written as furl writes them (`%cd` against
    // `http://a/b/c/d;p?q` is `http://a/b/c/%EF%BF%BD`, `g?%7e#%7e` is `http://a/b/c/g?~#~`,
    // run here with furl 2.1.4).
    Rule {
        profile: "python-furl",
        id: "python-furl/resolve-reencoded",
        name: "a resolution's path, query and fragment are written back as furl encodes them (\"Encoding\")",
        cites: "furl README, Encoding",
        explains: Custom(|e| {
            let (Class::Resolution, Some(target), Some(got)) = (e.class, e.reference, e.got) else {
                return false;
            };
            reencoded_target(target).is_some_and(|t| t == got)
        }),
        examples: &[
            Example::fires("resolve:%cd|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/%EF%BF%BD")),
            Example::off("resolve:%cd|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/%EF%BF%BE")),
        ],
    },
    Rule {
        profile: "python-furl",
        id: "python-furl/unicode-host-idna2003",
        name: "a Unicode host is written IDNA-encoded, Python's IDNA 2003 codec (README: \"Encoding is handled for you. Unicode, too\"; netloc: idna_encode(host))",
        cites: "furl README, Encoding; furl.netloc (idna_encode)",
        explains: Custom(host_idna_encoded_on_the_way_back),
        examples: &[],
    },
];

/// furl's `is_valid_host`, with the `host` setter's exemption: a text shaped like an IPv6 literal
/// (`[`, a `:`, `]`) passes; otherwise, after a trailing period, no label may be empty or hold
/// one of `INVALID_HOST_CHARS`. The empty host passes (it has no label); `.` does not.
fn valid_host(host: &str) -> bool {
    const INVALID_HOST_CHARS: &[u8] = b"!@#$%^&'\"*()+=:;/";
    if host.starts_with('[') && host.contains(':') && host.ends_with(']') {
        return true;
    }
    if host.is_empty() {
        return true;
    }
    host.strip_suffix('.')
        .unwrap_or(host)
        .split('.')
        .all(|label| !label.is_empty() && !label.bytes().any(|b| INVALID_HOST_CHARS.contains(&b)))
}

#[cfg(test)]
mod tests {
    use super::reencoded_target;

    /// As `furl.furl("http://a/b/c/d;p?q").join(R).url` answers, run here with furl 2.1.4.
    #[test]
    fn a_joined_url_is_written_back_as_furl_writes_it() {
        let t = |s: &str| reencoded_target(s).unwrap();
        assert_eq!(t("http://a/b/c/%cd"), "http://a/b/c/%EF%BF%BD");
        assert_eq!(t("http://a/b/c/g?%7e#%7e"), "http://a/b/c/g?~#~");
        assert_eq!(t("http://a/b/c/a%2fb"), "http://a/b/c/a%2Fb");
        // One step off: what RFC 3986 resolution gives is not furl's answer.
        assert_ne!(t("http://a/b/c/%cd"), "http://a/b/c/%cd");
    }
}
