//! Judging what a parser reads from an input its reference rejects: its components against the
//! lenient reading ([`crate::subjects::lenient`]), compared as a request would go.
//!
//! The lenient reading of a special scheme is the URL Standard's, which canonicalizes while it
//! parses (a lowercased, IDNA-mapped host, IPv4 written dotted-decimal, a path with its dot
//! segments removed and percent-encoded, a default port dropped); a library that does not
//! validate gives its components as they stand in the input. Two readings are the same reading
//! when they send a request to the same place, so each component is compared in a canonical
//! form that both sides are brought to the same way:
//!
//! - **scheme**: without regard to case (RFC 3986 3.1);
//! - **userinfo**: percent-decoded, an empty password's ":" dropped, empty as none (the URL
//!   Standard serializes no ":" before an empty password, and no "@" before empty credentials);
//! - **host** of a special scheme: through the URL Standard's host parser (the `url` crate's
//!   `Host::parse`: percent-decoding, IDNA, the IPv4 parser), unless the value holds a byte that
//!   ends a host there (`@ / \ ? #`, a control or space): a host that swallowed a delimiter is
//!   another reading, never the same one. An IPv6 address with or without brackets is the same.
//!   Of another scheme: percent-decoded, without regard to case or brackets;
//! - **port**: as a number, the scheme's default the same as none (URL Standard, port state);
//! - **path** of a special scheme: through the URL Standard's path parser (`Url::set_path` on a
//!   URL of that scheme: dot segments, `\` as `/`), then percent-decoded; of another scheme,
//!   percent-decoded;
//! - **query**, **fragment**: percent-decoded.
//!
//! An authority whose port is not digits names no place: its host, port and path are not
//! compared (a parser that ends such an authority elsewhere moves the path with it), unless the
//! parser reads a port number from it.
//!
//! Undefined and empty are the same reading for every component: the difference that matters
//! here is where the input goes, and undefined against empty is judged, where it is judged, on
//! inputs the reference reads. A component the subject does not report is not compared.

use std::sync::LazyLock;

use crate::model::{Component, Components, Parsed};
use crate::subjects::lenient::SPECIAL_SCHEMES;
use crate::subjects::SubjectInfo;

use super::octets::pct_decode_bytes;

/// The components a subject's reading is compared on against the lenient reading, the one that
/// decides where a request goes first: when a parser reads another host and another userinfo
/// out of `http://a@b@c/`, it is the host that sends the request elsewhere.
const ORDER: [Component; 7] = [
    Component::Host,
    Component::Port,
    Component::Userinfo,
    Component::Scheme,
    Component::Path,
    Component::Query,
    Component::Fragment,
];

/// The components of `got` that are not the same reading as the lenient reading `want`, most
/// telling first: `(component, lenient value, subject's value)`.
///
/// ```
/// use uridiff::engine::lenient_differences;
/// use uridiff::model::{Component, Components, Parsed};
/// use uridiff::subjects::Subject;
/// let info = uridiff::subjects::Spec::get().info().clone();
/// let want = uridiff::subjects::lenient::split("foo://A%41@h:1/p");
/// let got = Parsed::from(Components::default()
///     .with(Component::Scheme, Some("FOO"))
///     .with(Component::Userinfo, Some("AA"))
///     .with(Component::Host, Some("H"))
///     .with(Component::Port, Some("01"))
///     .with(Component::Path, Some("/p")));
/// assert!(lenient_differences(&info, &got, &want).is_empty());
/// let got = Parsed::from(want.clone().with(Component::Host, Some("a%41@h")));
/// assert_eq!(lenient_differences(&info, &got, &want)[0].0, Component::Host);
/// ```
pub fn lenient_differences<'a>(
    info: &SubjectInfo,
    got: &'a Parsed,
    want: &'a Components,
) -> Vec<(Component, Option<&'a str>, Option<&'a str>)> {
    differences(info.components, got, want)
}

/// The components of a resolution's target `got` that are not the same reading as the lenient
/// resolution's target `want`, most telling first, each target read by the lenient reading
/// (a target is the whole answer: every component is compared).
///
/// ```
/// use uridiff::engine::lenient_resolution_differences;
/// use uridiff::model::Component;
/// assert!(lenient_resolution_differences("http://a/b c", "http://a/b%20c").is_empty());
/// let found = lenient_resolution_differences("http://a@b/", "http://b/");
/// assert_eq!(found, [(Component::Userinfo, None, Some("a".to_owned()))]);
/// // The same authority without its empty port's ":", read again at another ":".
/// assert!(lenient_resolution_differences("http://:h/", "http://:h:").is_empty());
/// assert!(!lenient_resolution_differences("http://:g/", "http://:h:").is_empty());
/// ```
pub fn lenient_resolution_differences(
    got: &str,
    want: &str,
) -> Vec<(Component, Option<String>, Option<String>)> {
    use crate::subjects::{Ctx, Lenient, Subject};
    let read = |t: &str| match Lenient::get().parse(t.as_bytes(), &Ctx::default()) {
        crate::model::Outcome::Accepted(p) => Some(p),
        _ => None,
    };
    let (Some(got), Some(want)) = (read(got), read(want)) else {
        return Vec::new();
    };
    let owned = |v: Option<&str>| v.map(str::to_owned);
    // A target whose authority is the one the lenient reading reads, written without its empty
    // port's ":" (RFC 3986 3.2.3: "URI producers ... should omit the port component and its ':'
    // delimiter if port is empty"), is that reading, though read again its authority splits at
    // another ":": url-parse's `http://:h/` for `//:h:` (host `:h`, port empty) is read host
    // empty, port `h`, a port that is text and names no place.
    let got_host = got.components.get(Component::Host).unwrap_or_default();
    let want_host = want.components.get(Component::Host).unwrap_or_default();
    let port = got.components.get(Component::Port).unwrap_or_default();
    let resplit = !port.is_empty()
        && !port.bytes().all(|b| b.is_ascii_digit())
        && want
            .components
            .get(Component::Port)
            .is_none_or(str::is_empty)
        && want_host
            .strip_prefix(got_host)
            .and_then(|rest| rest.strip_prefix(':'))
            == Some(port);
    differences(crate::model::ComponentSet::ALL, &got, &want.components)
        .into_iter()
        .filter(|(c, _, _)| !(resplit && matches!(c, Component::Host | Component::Port)))
        .map(|(c, w, g)| (c, owned(w), owned(g)))
        .collect()
}

fn differences<'a>(
    components: crate::model::ComponentSet,
    got: &'a Parsed,
    want: &'a Components,
) -> Vec<(Component, Option<&'a str>, Option<&'a str>)> {
    let scheme = want.get(Component::Scheme).map(str::to_ascii_lowercase);
    let scheme = scheme.as_deref();
    // RFC 3986 3.2.3: port = *DIGIT. An authority whose port is other text names no place,
    // under the split as under the URL Standard (its port state fails): there is no reading of
    // its host and port to hold a parser to, nor of the path of a parser that ended that
    // authority elsewhere; unless the parser made a port number out of it (`h:80x` or `h:+80`
    // read as port 80, the way a `parseInt` reads it: digits that text holds), which sends a
    // request where nothing should go (a default filled in, digits the text does not hold, is
    // no port read).
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    let text = want
        .get(Component::Port)
        .filter(|p| !p.is_empty() && !digits(p));
    // Nor where the parser reads no host at all: its port connects nowhere either (libwget's
    // port 8 of `R://[]:8:`, with an empty host). An empty IP literal (`[]`) is no host either.
    let got_host = got.components.get(Component::Host);
    let empty_host = got_host.is_none_or(str::is_empty);
    let no_host = empty_host || got_host == Some("[]");
    // The scheme's default port is a parser's own unless the text opens with it (after a sign,
    // as `parseInt` and `atoi` read `80x`, `+80`, `080`): Perl's `$uri->port` is 80 for
    // `http://:]80` ("If a port is not specified explicitly in the URI, then the URI scheme's
    // default port is returned"), a default filled in, not digits read from `]80`.
    let opening = |text: &str| -> Option<u64> {
        let d = text.trim_start_matches(['+', '-']);
        let end = d
            .bytes()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(d.len());
        d[..end].parse().ok()
    };
    let default = crate::engine::registered_port(scheme).map(u64::from);
    let read_from = |p: &str, text: &str| {
        digits(p)
            && text.contains(p)
            && (p.parse::<u64>().ok() != default || opening(text) == default)
    };
    let placeless = text.is_some_and(|text| {
        no_host
            || !got
                .components
                .get(Component::Port)
                .is_some_and(|p| read_from(p, text))
    });
    // An IP literal left unclosed (`[::` read `[:`) names no place either: the URL Standard's
    // host parser fails on it ("IPv6-unclosed"), and RFC 3986 3.2.2 allows "[" only to open a
    // literal that "]" closes. A parser that reads no place there too (none, an empty host, an
    // unclosed literal of its own: uri-js's `[`) is held to nothing; one that reads a place
    // out of it (libwget's `::1` of `[::1`) still is.
    let unclosed = |h: Option<&str>| h.is_some_and(|h| h.starts_with('[') && !h.contains(']'));
    let placeless =
        placeless || unclosed(want.get(Component::Host)) && (unclosed(got_host) || empty_host);
    // Nor a host holding "\\" under a special scheme, where the parser reads no host: the URL
    // Standard reads "\\" there as "/" (its authority state: "url is special and c is U+005C
    // (\\)"), so the browsers end the authority at it and refuse the empty host that leaves
    // (`new URL("http://\\")` throws); the split that stands in keeps the backslash as host
    // data no resolver is asked for. A parser reading a host out of it is still held to it.
    let special = scheme.is_some_and(|s| SPECIAL_SCHEMES.contains(&s));
    let placeless = placeless
        || special && want.get(Component::Host).is_some_and(|h| h.contains('\\')) && empty_host;
    let judged = |c: Component| {
        !(placeless && matches!(c, Component::Host | Component::Port | Component::Path))
    };
    ORDER
        .into_iter()
        .filter(|&c| components.contains(c) && got.reports(c) && judged(c))
        .filter(|&c| !alike(c, got.components.get(c), want.get(c), scheme))
        .filter(|&c| !backslash_escaped(c, got.components.get(c), want.get(c)))
        .map(|c| (c, want.get(c), got.components.get(c)))
        .collect()
}

/// Whether `got` is the lenient host `want`, which holds a backslash, written back escaped:
/// where the browsers' reading refuses the input (`http://\`: the URL Standard reads the
/// backslash as a slash and refuses the empty host), the split keeps the backslash as host
/// data, and a library that escapes what RFC 3986 3.2.2 does not allow in a host writes that
/// same host `%5C` (uri-js: `http://\` has the host `%5C`). Only this way round: a subject's
/// raw backslash where the lenient host has `%5C` is a host that swallowed a delimiter.
fn backslash_escaped(c: Component, got: Option<&str>, want: Option<&str>) -> bool {
    let Some(want) = want.filter(|w| c == Component::Host && w.contains('\\')) else {
        return false;
    };
    escaped(got).is_some() && escaped(got) == escaped(Some(&want.replace('\\', "%5C")))
}

/// Whether `a` and `b`, two readings of component `c` of an input whose lenient scheme is
/// `scheme` (lowercased), send a request to the same place (the module's list).
///
/// ```
/// use uridiff::engine::lenient_alike;
/// use uridiff::model::Component;
/// let http = Some("http");
/// assert!(lenient_alike(Component::Host, Some("EX%41MPLE.com"), Some("example.com"), http));
/// assert!(lenient_alike(Component::Host, Some("0x7f.1"), Some("127.0.0.1"), http));
/// assert!(!lenient_alike(Component::Host, Some("b@c"), Some("c"), http));
/// assert!(lenient_alike(Component::Host, Some("%00"), Some("\0"), http));
/// assert!(lenient_alike(Component::Host, Some("%25"), Some("%"), http));
/// // A literal the host parser refuses, with or without its brackets (URI.pm's `host`).
/// assert!(lenient_alike(Component::Host, Some("[t]"), Some("t"), http));
/// assert!(!lenient_alike(Component::Host, Some("[t]"), Some("u"), http));
/// // Percent-decoded as URI.pm's `host` gives it ("the unescaped hostname").
/// assert!(lenient_alike(Component::Host, Some("[%5e]"), Some("^"), http));
/// assert!(!lenient_alike(Component::Host, Some("[%5e]"), Some("%"), http));
/// assert!(lenient_alike(Component::Port, Some("80"), None, http));
/// assert!(lenient_alike(Component::Path, Some("/a/../b c"), Some("/b%20c"), http));
/// assert!(!lenient_alike(Component::Path, Some("/b?c"), Some("/b"), http));
/// assert!(lenient_alike(Component::Userinfo, Some("a@b:"), Some("a%40b"), http));
/// // A decoded octet that is not UTF-8 is U+FFFD on both sides, as the protocol carries it.
/// let gopher = Some("gopher");
/// assert!(lenient_alike(Component::Host, Some("\x0c%Ef"), Some("\x0c\u{fffd}"), gopher));
/// assert!(!lenient_alike(Component::Host, Some("\x0c%Ef"), Some("\x0c%41"), gopher));
/// ```
pub fn lenient_alike(c: Component, a: Option<&str>, b: Option<&str>, scheme: Option<&str>) -> bool {
    alike(c, a, b, scheme)
}

fn alike(c: Component, a: Option<&str>, b: Option<&str>, scheme: Option<&str>) -> bool {
    let special = scheme.is_some_and(|s| SPECIAL_SCHEMES.contains(&s));
    match c {
        Component::Scheme => {
            let lower = |v: Option<&str>| v.filter(|v| !v.is_empty()).map(str::to_ascii_lowercase);
            lower(a) == lower(b)
        }
        Component::Userinfo => userinfo_key(a) == userinfo_key(b),
        Component::Host if escaped(a) == escaped(b) => true,
        Component::Host if special => host_key(a) == host_key(b),
        Component::Host => plain_host_key(a) == plain_host_key(b),
        Component::Port => port_key(a, scheme) == port_key(b, scheme),
        Component::Path if special => path_key(a, scheme) == path_key(b, scheme),
        _ => decoded(a) == decoded(b),
    }
}

/// `v` with every octet RFC 3986 allows nowhere (a control, a space, `"<>^`{|}`, a byte that
/// is not ASCII, a "%" that begins no triplet) percent-encoded and every triplet's hex digits
/// uppercased; its delimiters kept. A library that writes a host back escaped (`URI->new`:
/// "Characters outside this set are automatically escaped"; Mojo's `to_string`) writes the
/// same host: `http://%00` and `http://\0`, `http://%25` and `http://%`.
fn escaped(v: Option<&str>) -> Option<String> {
    let b = v.filter(|v| !v.is_empty())?.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let triplet = b[i] == b'%'
            && b.len() > i + 2
            && b[i + 1].is_ascii_hexdigit()
            && b[i + 2].is_ascii_hexdigit();
        if triplet {
            out.push('%');
            out.push(char::from(b[i + 1].to_ascii_uppercase()));
            out.push(char::from(b[i + 2].to_ascii_uppercase()));
            i += 3;
            continue;
        }
        match b[i] {
            c @ (b'!'..=b'~') if !b"\"<>^`{|}%".contains(&c) => out.push(char::from(c)),
            c => out.push_str(&format!("%{c:02X}")),
        }
        i += 1;
    }
    Some(out)
}

/// Percent-decoded bytes; undefined and empty alike (`None`). Octets that are not UTF-8 are
/// read as U+FFFD, as a subject's answer must be: the protocol carries text (a JSON string is
/// Unicode, RFC 8259 8.1), so a library that decodes `%EF` into its value can only report
/// U+FFFD, and the decoded reference is read the same way.
fn decoded(v: Option<&str>) -> Option<Vec<u8>> {
    v.filter(|v| !v.is_empty()).map(lossy_decoded)
}

/// `v` percent-decoded, octets that are not UTF-8 as U+FFFD ([`decoded`] says why).
fn lossy_decoded(v: &str) -> Vec<u8> {
    match String::from_utf8_lossy(&pct_decode_bytes(v)) {
        std::borrow::Cow::Borrowed(text) => text.as_bytes().to_vec(),
        std::borrow::Cow::Owned(text) => text.into_bytes(),
    }
}

/// A userinfo decoded, without the ":" of an empty password; empty as none.
fn userinfo_key(v: Option<&str>) -> Option<Vec<u8>> {
    let v = v?;
    let v = match v.split_once(':') {
        Some((user, "")) => user,
        _ => v,
    };
    decoded(Some(v))
}

/// A special host through the URL Standard's host parser, unless it holds a byte that ends a
/// host there; lowercased as it is when the parser refuses it.
fn host_key(v: Option<&str>) -> Option<String> {
    // An empty IP literal is no host, as an empty host is none.
    let v = v.filter(|v| !v.is_empty() && *v != "[]")?;
    let ends_a_host = |b: u8| matches!(b, b'@' | b'/' | b'\\' | b'?' | b'#') || b <= b' ';
    if v.bytes().any(ends_a_host) {
        return Some(v.to_ascii_lowercase());
    }
    // An IPv6 address given without its brackets (an API that gives the address).
    let bracketed;
    let host = if v.contains(':') && !v.starts_with('[') {
        bracketed = format!("[{v}]");
        bracketed.as_str()
    } else {
        v
    };
    // A literal the host parser refuses is its text without brackets, as a client connecting
    // to it asks for it (URI.pm's `host`: the brackets are "removed in the return value", and
    // it is "the unescaped hostname"): percent-decoded as a name is ([`resolved_name`], which
    // keeps a decoded delimiter apart), so `[%5e]` and `^` are one text.
    let refused = || {
        resolved_name(
            v.strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .unwrap_or(v),
        )
    };
    Some(url::Host::parse(host).map_or_else(|_| refused(), |h| h.to_string()))
}

/// The name a host reading asks name resolution for: percent-decoded, then mapped as the URL
/// Standard's "domain to ASCII" maps it (UTS 46 processing, nontransitional: `ß` and
/// `xn--zca` are one name, and `R%C2%B2`, `r²` and `r2`), lowercased as it is where that
/// mapping refuses it. IP literals and the IPv4 parser are left to the caller: a host written
/// `0x7f.1` stays that text here.
///
/// ```
/// use uridiff::engine::resolved_name;
/// assert_eq!(resolved_name("Stra%C3%9Fe.de"), resolved_name("xn--strae-oqa.de"));
/// assert_eq!(resolved_name("R%C2%B2"), "r2");
/// assert_ne!(resolved_name("a.b"), resolved_name("a.c"));
/// // A delimiter decoded into a name is another authority; a tab is not a delimiter.
/// assert_ne!(resolved_name("a%40b"), resolved_name("a@b"));
/// assert_eq!(resolved_name("m%09"), resolved_name("m\t"));
/// assert_eq!(resolved_name("[:%0C]"), resolved_name("[:\x0c]"));
/// // Punycode of a name IDNA refuses is still that name.
/// assert_eq!(resolved_name("xn--%7F-"), resolved_name("\x7f"));
/// assert_ne!(resolved_name("xn--%7F-"), resolved_name("\x7e"));
/// ```
pub fn resolved_name(v: &str) -> String {
    // A name that holds, once decoded, a delimiter of an authority (RFC 3986 3.2's "/", "?",
    // "#", "@", ":", "[" and "]", and the URL Standard's "\\") is another authority where a
    // library decodes it into its host (`a%40b` read as `a@b`); so is one that holds a "%"
    // (decoded again, another name), or a line break or NUL (a header field line ends at a CR
    // or LF, RFC 9112 2.2, and a C string at a NUL). Such a name is kept as written. Any other
    // octet, a tab or a space included, names the same host encoded or not (RFC 3986 2.1:
    // `m%09` and `m<TAB>` are one reg-name).
    // Only an octet that was percent-encoded counts: one written as it is (`[:` of `[:%0C]`) is
    // in every reading alike.
    let delimiter = |b: u8| b"\0\n\r#/:?@[\\]%".contains(&b);
    let decoded = pct_decode_bytes(v);
    if decoded_octets(v).into_iter().any(delimiter) {
        return v.to_ascii_lowercase();
    }
    match std::str::from_utf8(&decoded) {
        Ok(text) => idna::domain_to_ascii(text).unwrap_or_else(|_| punycode_decoded(text)),
        Err(_) => String::from_utf8_lossy(&decoded).to_ascii_lowercase(),
    }
}

/// A name the URL Standard's mapping refuses, lowercased, each `xn--` label that decodes as
/// Punycode (RFC 3492) read as the text it encodes: such a label is the other spelling of that
/// text, even where IDNA refuses both (punycode.js's `toASCII` treats DEL as not ASCII, so
/// uri-js writes the host `\x7f` as `xn--%7F-`, which decodes to it).
fn punycode_decoded(text: &str) -> String {
    text.split('.')
        .map(|label| {
            let lower = label.to_ascii_lowercase();
            lower
                .strip_prefix("xn--")
                .and_then(idna::punycode::decode_to_string)
                .map_or(lower.clone(), |t| t.to_lowercase())
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// The octets of `v`'s valid percent-encodings (RFC 3986 2.1), decoded, read from the start as
/// [`pct_decode_bytes`] reads them.
fn decoded_octets(v: &str) -> Vec<u8> {
    let b = v.as_bytes();
    let hex = |c: u8| (c as char).to_digit(16);
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match (
            b[i],
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            _ => i += 1,
        }
    }
    out
}

/// Another scheme's host: decoded, lowercased, without brackets.
fn plain_host_key(v: Option<&str>) -> Option<Vec<u8>> {
    let v = v?;
    let bare = v
        .strip_prefix('[')
        .and_then(|v| v.strip_suffix(']'))
        .unwrap_or(v);
    // Empty (also between brackets) is none.
    (!bare.is_empty()).then(|| lossy_decoded(bare).to_ascii_lowercase())
}

/// A port as a number, the scheme's default as none; text that is no port as it is.
fn port_key(v: Option<&str>, scheme: Option<&str>) -> Option<Result<u16, String>> {
    let v = v.filter(|v| !v.is_empty())?;
    let number = v
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| v.parse::<u32>().ok())
        .flatten()
        .and_then(|n| u16::try_from(n).ok());
    match number {
        Some(n) if super::registered_port(scheme) == Some(n) => None,
        Some(n) => Some(Ok(n)),
        None => Some(Err(v.to_owned())),
    }
}

/// URLs of each special scheme, for the path parser.
static BASES: LazyLock<Vec<(&'static str, url::Url)>> = LazyLock::new(|| {
    SPECIAL_SCHEMES
        .iter()
        .filter_map(|&s| {
            let base = if s == "file" {
                "file:///".to_owned()
            } else {
                format!("{s}://h/")
            };
            url::Url::parse(&base).ok().map(|u| (s, u))
        })
        .collect()
});

/// A special scheme's path through the URL Standard's path parser, then decoded; empty as "/".
fn path_key(v: Option<&str>, scheme: Option<&str>) -> Option<Vec<u8>> {
    let v = v.unwrap_or("");
    let base = BASES.iter().find(|(s, _)| Some(*s) == scheme);
    let canonical = match base {
        Some((_, u)) => {
            let mut u = u.clone();
            u.set_path(v);
            pct_decode_bytes(u.path())
        }
        None => pct_decode_bytes(v),
    };
    Some(canonical)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_that_swallowed_a_delimiter_are_another_reading() {
        let http = Some("http");
        for swallowed in ["a@b", "a\\b", "a/b", "a?b", "a#b", "a b", "a\tb"] {
            assert!(
                !alike(Component::Host, Some(swallowed), Some("b"), http),
                "{swallowed}"
            );
            assert!(
                !alike(Component::Host, Some(swallowed), Some("ab"), http),
                "{swallowed}"
            );
        }
        // The same host in another form is the same reading.
        assert!(alike(Component::Host, Some("::1"), Some("[::1]"), http));
        assert!(alike(
            Component::Host,
            Some("%C3%A9"),
            Some("xn--9ca"),
            http
        ));
        assert!(!alike(Component::Host, Some("a"), None, http));
    }

    #[test]
    fn a_special_host_holding_a_backslash_holds_a_parser_reading_no_host_to_nothing() {
        let info = crate::subjects::Subject::info(crate::subjects::Spec::get()).clone();
        // `http://user@\\host:80/path`: the browsers read "\\" as "/" and refuse the empty
        // host; url-parse 1.5.10 reads the same (host "", path `/host:80/path`, run here).
        let want = crate::subjects::lenient::split("http://user@\\host:80/path");
        assert_eq!(want.get(Component::Host), Some("\\host"));
        let read = |host: &str, path: &str| {
            Parsed::from(
                want.clone()
                    .with(Component::Host, Some(host))
                    .with(Component::Port, None)
                    .with(Component::Path, Some(path)),
            )
        };
        assert!(lenient_differences(&info, &read("", "/host:80/path"), &want).is_empty());
        // One step off: a host read out of it, or another userinfo, is still judged.
        let host = read("host", "/path");
        assert_eq!(
            lenient_differences(&info, &host, &want)[0].0,
            Component::Host
        );
        let other_user = Parsed::from(
            want.clone()
                .with(Component::Host, Some(""))
                .with(Component::Userinfo, Some("u")),
        );
        assert_eq!(
            lenient_differences(&info, &other_user, &want)[0].0,
            Component::Userinfo
        );
        // Under a scheme that is not special the backslash is host data: judged.
        let foo = crate::subjects::lenient::split("foo://\\h");
        let none = Parsed::from(foo.clone().with(Component::Host, Some("")));
        assert!(!lenient_differences(&info, &none, &foo).is_empty());
    }

    #[test]
    fn a_default_port_filled_in_is_no_port_read_from_text() {
        let info = crate::subjects::Subject::info(crate::subjects::Spec::get()).clone();
        // Perl's URI 5.17: `http://:]80` has the host `:]80` and `port` 80, http's default.
        let want = crate::subjects::lenient::split("http://:]80");
        assert_eq!(want.get(Component::Port), Some("]80"));
        let perl = |host: &str, port: &str| {
            Parsed::from(
                want.clone()
                    .with(Component::Host, Some(host))
                    .with(Component::Port, Some(port)),
            )
        };
        assert!(lenient_differences(&info, &perl(":]80", "80"), &want).is_empty());
        // A port read from text that opens with it, or another port the text holds, is read.
        let plus = crate::subjects::lenient::split("http://h:+80");
        let read = Parsed::from(plus.clone().with(Component::Port, Some("80")));
        assert!(!lenient_differences(&info, &read, &plus).is_empty());
        let eighty_one = crate::subjects::lenient::split("http://h:]81");
        let read = Parsed::from(eighty_one.clone().with(Component::Port, Some("81")));
        assert!(!lenient_differences(&info, &read, &eighty_one).is_empty());
    }

    #[test]
    fn a_lenient_host_with_a_backslash_is_the_same_host_escaped() {
        let info = crate::subjects::Subject::info(crate::subjects::Spec::get()).clone();
        // `http://\`: the browsers refuse it, the split's host is the backslash; uri-js
        // writes it `%5C` (run here with uri-js 4.4.1).
        let want = crate::subjects::lenient::split("http://\\");
        assert_eq!(want.get(Component::Host), Some("\\"));
        let got = |host| Parsed::from(want.clone().with(Component::Host, Some(host)));
        assert!(lenient_differences(&info, &got("%5C"), &want).is_empty());
        assert!(lenient_differences(&info, &got("%5c"), &want).is_empty());
        // One step off: another host, or the backslash escaped where the lenient host has none.
        assert_eq!(
            lenient_differences(&info, &got("%5D"), &want)[0].0,
            Component::Host
        );
        assert!(!backslash_escaped(Component::Host, Some("\\"), Some("%5C")));
        assert!(!backslash_escaped(Component::Host, Some("a%5C"), Some("a")));
        assert!(!backslash_escaped(Component::Path, Some("%5C"), Some("\\")));
        // The same host the other way round stays another reading.
        let escaped_want = crate::subjects::lenient::split("http://%5C");
        let raw = Parsed::from(escaped_want.clone().with(Component::Host, Some("\\")));
        assert!(!lenient_differences(&info, &raw, &escaped_want).is_empty());
    }

    #[test]
    fn other_components_compare_decoded_and_undefined_is_empty() {
        let foo = Some("foo");
        assert!(alike(Component::Query, Some("a%20b"), Some("a b"), foo));
        assert!(alike(Component::Fragment, Some(""), None, foo));
        assert!(!alike(Component::Fragment, Some("b"), Some("b#c"), foo));
        assert!(alike(Component::Host, Some("[::1]"), Some("::1"), foo));
        // An empty literal is no host (a library that reads `p://[]` as no host).
        assert!(alike(Component::Host, Some("[]"), None, foo));
        assert!(alike(Component::Host, Some("[]"), Some(""), Some("http")));
        assert!(!alike(Component::Port, Some("+1"), Some("1"), foo));
        assert!(alike(Component::Port, Some("0443"), None, Some("https")));
        assert!(!alike(Component::Port, Some("443"), None, foo));
        assert!(alike(Component::Userinfo, Some(":"), None, foo));
        assert!(!alike(Component::Userinfo, Some("a"), Some("a@b"), foo));
        assert!(alike(Component::Scheme, Some("HTTP"), Some("http"), foo));
    }

    #[test]
    fn an_authority_whose_port_is_not_digits_names_no_place() {
        let info = crate::subjects::Subject::info(crate::subjects::Spec::get()).clone();
        // url-parse keeps `:]` as its host; the split reads host "" and port "]": no place.
        let want = crate::subjects::lenient::split("p://:]");
        let got = Parsed::from(
            want.clone()
                .with(Component::Host, Some(":]"))
                .with(Component::Port, None),
        );
        assert!(lenient_differences(&info, &got, &want).is_empty());
        // The scheme, userinfo, query and fragment are still read.
        let want = crate::subjects::lenient::split("p://u@h:x?q");
        let got = Parsed::from(want.clone().with(Component::Query, Some("r")));
        let found = lenient_differences(&info, &got, &want);
        assert_eq!(
            found.iter().map(|d| d.0).collect::<Vec<_>>(),
            [Component::Query]
        );
        // A parser that makes a number of that port is judged on it.
        let want = crate::subjects::lenient::split("p://h:80x");
        let got = Parsed::from(want.clone().with(Component::Port, Some("80")));
        assert_eq!(
            lenient_differences(&info, &got, &want)[0].0,
            Component::Port
        );
        // `+80` read as port 80, the scheme's default: a port read all the same.
        let want = crate::subjects::lenient::split("http://h:+80");
        let got = Parsed::from(want.clone().with(Component::Port, Some("80")));
        assert_eq!(
            lenient_differences(&info, &got, &want)[0].0,
            Component::Port
        );
        // Perl's URI fills in the default port where it reads none: no port read.
        let want = crate::subjects::lenient::split("http://:]");
        let got = Parsed::from(
            want.clone()
                .with(Component::Host, Some(":]"))
                .with(Component::Port, Some("80")),
        );
        assert!(lenient_differences(&info, &got, &want).is_empty());
        // One step off: a port of digits is a place, its host is judged.
        let want = crate::subjects::lenient::split("p://h:1");
        let got = Parsed::from(want.clone().with(Component::Host, Some("h:1")));
        assert_eq!(
            lenient_differences(&info, &got, &want)[0].0,
            Component::Host
        );
    }

    #[test]
    fn a_special_path_is_read_with_dot_segments_and_backslashes() {
        let http = Some("http");
        assert!(alike(Component::Path, Some("/a\\b"), Some("/a/b"), http));
        assert!(alike(Component::Path, Some(""), Some("/"), http));
        assert!(!alike(Component::Path, Some("/a#b"), Some("/a"), http));
        // Another scheme's path is only decoded.
        assert!(!alike(
            Component::Path,
            Some("/a\\b"),
            Some("/a/b"),
            Some("foo")
        ));
    }
}
