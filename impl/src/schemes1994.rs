//! draft-ietf-uri-url-06 (August 1994, seed 001), which became RFC 1738: section 2.1's
//! `<scheme>:<scheme-specific-part>`, section 3.1's Common Internet Scheme Syntax
//! (`//<user>:<password>@<host>:<port>/<url-path>`), and the scheme grammars of section 5, "BNF
//! for specific URL schemes".
//!
//! The document defines URLs only: no relative references, no resolution. A reference without a
//! scheme is answered [`ParseErrorKind::RelativeNotDefined`].
//!
//! The walk is the one of [`crate::parse`], with this edition's entry of the editions' data
//! (`syntax.rs`): the cursor reads `scheme ":"`, looks up the scheme's entry in the table of
//! rules (`entry`), reads the Common Internet Scheme Syntax forward where the rule has one
//! (`login`, as much of `login` as the entry admits), then the url-path or scheme-specific part
//! up to a `#`, rejecting the first byte that no class of the BNF holds, then the fragment
//! identifier. The entry's checks follow the walk (`after_walk`): each scheme has one small function that
//! finds the delimiters of its url-path (`;type=`, `?`, `%09`, `@`, ...) and checks each part's
//! bytes against its BNF character class.
//!
//! # Components
//!
//! The common names are filled whatever the document calls the parts; the document's own names
//! are given beside them as [`crate::Extras`]: the names of its BNF and, where section 3's layout
//! forms name the part differently (`<newsgroup-name>`, `<message-id>`, `<article-number>`,
//! `<gophertype>`, `<hsoname>`, `;type=`), that name too.
//!
//! | rule | common components | extras |
//! | --- | --- | --- |
//! | `ftpurl` | scheme, authority, userinfo, host, port, path | `user`, `password`, `url-path`, `fpath`, `type`, `ftptype` |
//! | `fileurl` | scheme, authority, host, path | `url-path`, `fpath` |
//! | `httpurl` | scheme, authority, host, port, path, query (`search`) | `url-path`, `hpath`, `search` |
//! | `gopherurl` | scheme, authority, host, port, path | `url-path`, `gtype`, `gophertype`, `selector`, `search`, `gopher+_string` |
//! | `mailtourl` | scheme, path (`encoded822addr`) | `encoded822addr` |
//! | `newsurl` | scheme, path (`grouppart`) | `grouppart`, then `group` and `newsgroup-name`, or `article` and `message-id` |
//! | `nntpurl` | scheme, authority, host, port, path | `url-path`, `group`, `newsgroup-name`, `article-number` |
//! | `telneturl` | scheme, authority, userinfo, host, port, path | `user`, `password`, `url-path` |
//! | `waisurl` | scheme, authority, host, port, path, query (`search`) | `url-path`, `database`, `search`, `wtype`, `wpath` |
//! | `prosperourl` | scheme, authority, host, port, path | `url-path`, `ppath`, `hsoname` |
//! | `otherurl` | scheme, path (`schemepart`) | `schemepart` |
//! | `login`, `hostport` | authority, userinfo, host, port | `user`, `password` |
//!
//! `path` holds the "/" that ends the authority (section 3.1: it "is NOT part of the url-path");
//! `url-path` is the rest of the locator after that "/", up to a `#`. Without the "/" there is
//! no `url-path` and `path` is empty, as in RFC 3986, where the path is always defined.
//!
//! # Readings
//!
//! Where the document is ambiguous or its text and BNF disagree, the choice is stated where it is
//! made: upper case in scheme names (`SCHEME_ANY_CASE`), the `url` alternation (`entry`), the
//! fragment identifier (`after_walk`), the empty `file` host (`host`), the `%09` splits of
//! `gopherurl`.

use core::ops::Range;

use crate::chars::{Table, ALPHA, DIGIT};
use crate::components::{Components, Extras, HostKind};
use crate::cursor::{checked_text, find_any, Cursor};
use crate::error::{ParseError, ParseErrorKind};
use crate::host::hostnumber;
use crate::spans::Spans;

/// The rule names of the 1994 BNF (section 5) that a parse can be asked to match, spelled as the
/// document spells them: the top rule `url`, its eleven alternatives, the three forms of
/// `waisurl`, and the Common Internet Scheme Syntax's `login` and `hostport` (section 3.1's
/// `<user>:<password>@<host>:<port>`, without the `//`).
///
/// [`crate::Rule::UriReference`] (the default) means `url`.
///
/// # Examples
///
/// ```
/// use uri_spec::{Edition, Parser, Rule};
///
/// assert!(uri_spec::schemes1994::RULES.contains(&"httpurl"));
/// let rule = Rule::from_name(Edition::UriUrl06, "ftpurl").unwrap();
/// let parser = Parser::new().edition(Edition::UriUrl06).rule(rule);
/// let c = parser.parse(b"ftp://info.cern.ch/pub/www/doc;type=d").unwrap();
/// assert_eq!(c.path, Some("/pub/www/doc;type=d"));
/// assert_eq!(c.extras.get("url-path"), Some("pub/www/doc;type=d"));
/// assert_eq!(c.extras.get("type"), Some("d"));
/// ```
pub const RULES: &[&str] = &[
    "url",
    "httpurl",
    "ftpurl",
    "newsurl",
    "nntpurl",
    "telneturl",
    "gopherurl",
    "waisurl",
    "mailtourl",
    "fileurl",
    "prosperourl",
    "otherurl",
    "waisdatabase",
    "waisindex",
    "waisdoc",
    "login",
    "hostport",
];

// ---------------------------------------------------------------------------------------------
// Character classes, section 5. "[...]" in this BNF means "optional or repeated"; "|" separates
// alternatives.
// ---------------------------------------------------------------------------------------------

/// `lowalpha = "a" | "b" | ... | "z"`
const LOWALPHA: Table = Table::EMPTY.with_range(b'a', b'z');

// `hialpha = "A" | "B" | ... | "Z"`, `alpha = lowalpha | hialpha` and `digit = "0" | ... | "9"`
// are RFC 2234's ALPHA and DIGIT ([`crate::chars`]; a test says so).

/// `safe = "$" | "-" | "_" | "." | "+"`
/// The characters that may stand unencoded with no reserved purpose, section 2.2: "Thus, only
/// alphanumerics, the special characters "$-_.+!*'(),", and reserved characters used for their
/// reserved purposes may be used unencoded within a URL." Their encodings are what normalization
/// may decode without changing a URL's meaning.
pub(crate) const UNENCODED: Table = ALPHA.union(&DIGIT).with(b"$-_.+!*'(),");

const SAFE: Table = Table::EMPTY.with(b"$-_.+");

/// `extra = "!" | "*" | "'" | "(" | ")" | "," | "="`
const EXTRA: Table = Table::EMPTY.with(b"!*'(),=");

/// `national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]"`
const NATIONAL: Table = Table::EMPTY.with(b"{}|\\^~[]");

/// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="`
const RESERVED: Table = Table::EMPTY.with(b";/?:@&=");

// `hex = digit | "A" | "B" | "C" | "D" | "E" | "F" | "a" | "b" | "c" | "d" | "e" | "f"` is the
// set of RFC 2234's HEXDIG, which the shared checker uses (a test says so).

/// `unreserved = alpha | digit | safe | extra | national`
const UNRESERVED: Table = ALPHA
    .union(&DIGIT)
    .union(&SAFE)
    .union(&EXTRA)
    .union(&NATIONAL);

/// `uchar = unreserved | escape`, with `escape = "%" hex hex`.
const UCHAR: Table = UNRESERVED.with_pct_encoded();

/// `xchar = unreserved | reserved | escape`. Not in it: space, controls, `%` alone, and
/// `punctuation = "<" | ">" | """ | "#"` (and the backquote, which no class names).
pub(crate) const XCHAR: Table = UNRESERVED.union(&RESERVED).with_pct_encoded();

/// `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`
const SCHEME: Table = LOWALPHA.union(&DIGIT).with(b"+-.");

/// [`SCHEME`] with upper case, which the parser accepts. Section 2.1: "Scheme names consist of
/// lower case letters "a"--"z", digits, and the characters plus ("+"), period ("."), and hyphen
/// ("-"). For resiliency, programs interpreting URLs should allow upper case letters as
/// equivalent to lower case in scheme names (e.g., allow "HTTP" as well as "http")." So `HTTP:`
/// is a scheme, and the scheme literals of the scheme rules (`"http://"`) match in any case.
/// Nothing else is case-insensitive: the BNF spells out both cases where it means both
/// (`ftptype = "A" | "I" | "D" | "a" | "i" | "d"`), so `";type="` is matched as written.
pub(crate) const SCHEME_ANY_CASE: Table = SCHEME.union(&ALPHA);

/// `user = *[ uchar | ";" | "?" | "&" | "=" ]` and
/// `password = *[ uchar | ";" | "?" | "&" | "=" ]`
pub(crate) const USER: Table = UCHAR.with(b";?&=");

/// `fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`; with `"/"`, the bytes of
/// `fpath = fsegment *[ "/" fsegment ]`.
const FPATH: Table = UCHAR.with(b"?:@&=/");

/// `hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`; with `"/"`, the bytes of
/// `hpath = hsegment *[ "/" hsegment ]`.
const HPATH: Table = UCHAR.with(b";:@&=/");

/// `search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]` (used by `httpurl`, `gopherurl` and
/// `waisindex`: neither "/" nor "?" is in it).
const SEARCH: Table = UCHAR.with(b";:@&=");

/// The bytes after the first of `group = alpha *[ alpha | digit | "-" | "." ]`.
const GROUP_TAIL: Table = ALPHA.union(&DIGIT).with(b"-.");

/// The bytes before the `"@"` of `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@"
/// host`.
const ARTICLE: Table = UCHAR.with(b";/?:&=");

/// `psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`; with `"/"`, the bytes of
/// `ppath = psegment *[ "/" psegment ]`.
const PPATH: Table = UCHAR.with(b"?:@&=/");

/// `fieldname = *[ uchar | "?" | ":" | "@" | "&" ]` and
/// `fieldvalue = *[ uchar | "?" | ":" | "@" | "&" ]` (`"="` is in `uchar`, through `extra`).
const FIELD: Table = UCHAR.with(b"?:@&");

/// `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`
const FTPTYPE: Table = Table::EMPTY.with(b"AIDaid");

// ---------------------------------------------------------------------------------------------
// The rules.
// ---------------------------------------------------------------------------------------------

/// How much of `login` a scheme's Common Internet Scheme Syntax admits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Access {
    /// `login = [ user [ ":" password ] "@" ] hostport` (ftpurl, telneturl).
    Login,
    /// `hostport = host [ ":" port ]` (httpurl, gopherurl, nntpurl, waisurl, prosperourl):
    /// section 3.3, "No user name or password is allowed."
    HostPort,
    /// `host` alone (`fileurl = "file://" host [ "/" fpath ]`).
    Host,
}

/// How a scheme's URLs start after the scheme name.
#[derive(Clone, Copy, Debug)]
enum Start {
    /// `":"` and the scheme-specific part (mailtourl, newsurl, otherurl).
    Opaque,
    /// `"://"` and the Common Internet Scheme Syntax (section 3.1).
    Internet(Access),
}

/// What follows the start: for [`Start::Internet`], the url-path when the "/" is there; for
/// [`Start::Opaque`], the scheme-specific part (always `Some`).
type Rest = fn(&mut Checks<'_, '_>, Option<Range<usize>>) -> Result<(), ParseError>;

/// One rule of section 5 that matches a whole URL.
pub(crate) struct SchemeRule {
    /// The rule's name in the BNF.
    rule: &'static str,
    /// The scheme its literal begins with (`"ftp"` for `"ftp://"`), or `None` for `otherurl`.
    scheme: Option<&'static str>,
    start: Start,
    rest: Rest,
    /// A byte whose presence anywhere after the start decides how the rule reads what precedes
    /// it: `newsurl`'s "@", which makes the grouppart an article (section 3.6: "A message
    /// identifier may be distinguished from a news group name by the presence of the commercial
    /// at "@" character").
    decider: Option<u8>,
}

/// The URL rules. `url` takes the first entry whose scheme matches, so `waisurl` comes before
/// its three forms.
const SCHEME_RULES: [SchemeRule; 14] = [
    SchemeRule {
        rule: "httpurl",
        scheme: Some("http"),
        start: Start::Internet(Access::HostPort),
        rest: httpurl,
        decider: None,
    },
    SchemeRule {
        rule: "ftpurl",
        scheme: Some("ftp"),
        start: Start::Internet(Access::Login),
        rest: ftpurl,
        decider: None,
    },
    SchemeRule {
        rule: "newsurl",
        scheme: Some("news"),
        start: Start::Opaque,
        rest: newsurl,
        decider: Some(b'@'),
    },
    SchemeRule {
        rule: "nntpurl",
        scheme: Some("nntp"),
        start: Start::Internet(Access::HostPort),
        rest: nntpurl,
        decider: None,
    },
    SchemeRule {
        rule: "telneturl",
        scheme: Some("telnet"),
        start: Start::Internet(Access::Login),
        rest: telneturl,
        decider: None,
    },
    SchemeRule {
        rule: "gopherurl",
        scheme: Some("gopher"),
        start: Start::Internet(Access::HostPort),
        rest: gopherurl,
        decider: None,
    },
    SchemeRule {
        rule: "waisurl",
        scheme: Some("wais"),
        start: Start::Internet(Access::HostPort),
        rest: waisurl,
        decider: None,
    },
    SchemeRule {
        rule: "mailtourl",
        scheme: Some("mailto"),
        start: Start::Opaque,
        rest: mailtourl,
        decider: None,
    },
    SchemeRule {
        rule: "fileurl",
        scheme: Some("file"),
        start: Start::Internet(Access::Host),
        rest: fileurl,
        decider: None,
    },
    SchemeRule {
        rule: "prosperourl",
        scheme: Some("prospero"),
        start: Start::Internet(Access::HostPort),
        rest: prosperourl,
        decider: None,
    },
    SchemeRule {
        rule: "otherurl",
        scheme: None,
        start: Start::Opaque,
        rest: otherurl,
        decider: None,
    },
    SchemeRule {
        rule: "waisdatabase",
        scheme: Some("wais"),
        start: Start::Internet(Access::HostPort),
        rest: waisdatabase,
        decider: None,
    },
    SchemeRule {
        rule: "waisindex",
        scheme: Some("wais"),
        start: Start::Internet(Access::HostPort),
        rest: waisindex,
        decider: None,
    },
    SchemeRule {
        rule: "waisdoc",
        scheme: Some("wais"),
        start: Start::Internet(Access::HostPort),
        rest: waisdoc,
        decider: None,
    },
];

/// The entry of `otherurl = scheme ":" schemepart`.
const OTHERURL: &SchemeRule = &SCHEME_RULES[10];

impl SchemeRule {
    /// How much of `login` the rule's Common Internet Scheme Syntax admits; `None` for the rules
    /// that have none (`mailtourl`, `newsurl`, `otherurl`).
    pub(crate) fn access(&self) -> Option<Access> {
        match self.start {
            Start::Internet(access) => Some(access),
            Start::Opaque => None,
        }
    }
}

/// The rule a URL whose scheme the walk has read (`input[scheme]`, followed by its ":") must
/// match: the entry `name`, or for the top rule `url`, the entry of its scheme. The rule's
/// literal up to its ":" (`"http:"`, `"mailto:"`, any case) is checked here.
///
/// As a BNF alternation, `url` would accept `http:x` or `http://user@host/` through `otherurl =
/// scheme ":" schemepart`, since `schemepart = *xchar` holds anything. But section 2.1 says the
/// scheme-specific part's "interpretation depends on the scheme", and each scheme of section 3
/// "takes the form" of its rule; so a URL whose scheme is one of the ten defined here must match
/// that scheme's rule, and `otherurl` is for the other schemes. Asked for by name, `otherurl`
/// matches as written (any scheme).
///
/// # Errors
///
/// The error of the rule's literal at the first byte that differs from it.
pub(crate) fn entry(
    input: &[u8],
    scheme: Range<usize>,
    name: &'static str,
) -> Result<&'static SchemeRule, ParseError> {
    let given = input.get(scheme.clone()).unwrap_or_default();
    let entry = if name == "url" {
        SCHEME_RULES
            .iter()
            .find(|s| {
                s.scheme
                    .is_some_and(|n| n.as_bytes().eq_ignore_ascii_case(given))
            })
            .unwrap_or(OTHERURL)
    } else {
        SCHEME_RULES
            .iter()
            .find(|s| s.rule == name)
            .unwrap_or(OTHERURL)
    };
    if let Some(lit) = entry.scheme {
        let colon = literal(input, 0, scheme.end + 1, lit.as_bytes(), true, entry.rule)?;
        literal(input, colon, scheme.end + 1, b":", false, entry.rule)?;
    }
    Ok(entry)
}

/// The `"//"` that begins the Common Internet Scheme Syntax (section 3.1: "This initial part
/// starts with a double slash "//" to indicate its presence"), at `at`, in a URL of `entry`'s
/// rule.
///
/// # Errors
///
/// The rule's error at the first byte that is not the `"//"`.
pub(crate) fn slashes(input: &[u8], at: usize, entry: &SchemeRule) -> Result<(), ParseError> {
    literal(input, at, input.len(), b"//", false, entry.rule).map(|_| ())
}

/// `login` or `hostport` on their own (the whole input is the authority), or `None` for a rule
/// that matches a whole URL.
pub(crate) fn authority_rule<'a>(
    input: &'a [u8],
    name: &str,
) -> Option<Result<Components<'a>, ParseError>> {
    let access = match name {
        "login" => Access::Login,
        "hostport" => Access::HostPort,
        _ => return None,
    };
    let mut c = Cursor::new(input);
    let mut spans = Spans::default();
    Some(
        login(&mut c, access, &mut spans, false)
            .and_then(|()| checked_text(input, "url"))
            .map(|text| Components {
                path: None,
                ..components(spans, Fields::default(), text)
            }),
    )
}

/// Section 3.1 and `login = [ user [ ":" password ] "@" ] hostport`, `hostport = host [ ":" port
/// ]`, as far as `access` admits, read forward from the cursor (just after the `"//"`) to the
/// end of the authority: in a URL (`in_url`) the "following slash" or the end of the URL (a
/// `#`), otherwise the end of the input.
///
/// "The user name (and password), if present, are followed by a commercial at-sign "@". Within
/// the user and password field, any ":", "@", or "/" must be encoded." So the first "@" before
/// the end of the authority ends them, and the first ":" before it separates the password: the
/// walk looks ahead for that "@" (for the schemes with a `login`), and reads the user and
/// password again to check them. The host and port are read once, forward: a host must begin
/// with a letter or a digit (see [`host`]), so one that does not is rejected at its first byte,
/// however long the rest.
///
/// # Errors
///
/// The error of the part that fails: `user`, `password`, [`ParseErrorKind::Host`] at the start
/// of the host, or `port`.
pub(crate) fn login(
    c: &mut Cursor<'_>,
    access: Access,
    spans: &mut Spans,
    in_url: bool,
) -> Result<(), ParseError> {
    let input = c.bytes();
    let start = c.pos();
    let ends: &[u8] = if in_url { b"/#" } else { b"" };
    let ends_authority = |b: Option<u8>| b.is_none_or(|b| ends.contains(&b));
    if access == Access::Login {
        let stops: &[u8] = if in_url { b"@/#" } else { b"@" };
        let at = find_any(input, start, input.len(), stops);
        if input.get(at) == Some(&b'@') {
            let colon = find(input, start, at, b':');
            check(input, start..colon, &USER, "user")?;
            spans.user = Some(start..colon);
            // "password: An optional password. If present, it follows the user name separated
            // from it by a colon."
            if colon < at {
                check(input, colon + 1..at, &USER, "password")?;
                spans.password = Some(colon + 1..at);
            }
            spans.userinfo = Some(start..at);
            // INVARIANT: the "@" at `at` is a byte of the input, at or after the cursor.
            c.advance(at + 1 - start);
        }
    }
    let host_start = c.pos();
    let host_error = ParseError::new(host_start, ParseErrorKind::Host, "host");
    if !c.peek().is_some_and(|b| ALPHA.allows(b) || DIGIT.allows(b)) {
        return Err(host_error);
    }
    // Every byte of a `hostname` or a `hostnumber` is a `uchar`; `host` holds no ":".
    c.scan(&UCHAR).map_err(|_| host_error)?;
    // "Another port number may optionally be supplied, in decimal, separated from the host by a
    // colon." (`fileurl` has no port: its ":" is an error in host.)
    let port_follows = c.peek() == Some(b':') && access != Access::Host;
    if !port_follows && !ends_authority(c.peek()) {
        return Err(host_error);
    }
    let kind = host(input, host_start..c.pos())?;
    spans.host = Some((host_start..c.pos(), kind));
    if port_follows {
        // INVARIANT: the byte at the cursor is the ':' just seen.
        c.advance(1);
        let port = c.pos();
        // `port = digits`, `digits = 1*digit`: a ":" with no digits after it is an error.
        // DIGIT admits no escape, so the scan cannot fail.
        let _ = c.scan(&DIGIT);
        if c.pos() == port || !ends_authority(c.peek()) {
            return Err(expected_at(input, c.pos(), "port"));
        }
        spans.port = Some(port..c.pos());
    }
    spans.authority = Some(start..c.pos());
    Ok(())
}

/// `host = hostname | hostnumber`, with `hostname = alpha *uchar` and
/// `hostnumber = digits "." digits "." digits "." digits`.
///
/// The first byte decides: a letter starts a `hostname`, a digit a `hostnumber` (section 3.1:
/// "The fully qualified domain name of a network host, or its IP address as a set of four
/// decimal digits separated by periods"). `digits` has no bound, so `999.999.999.999` is a
/// `hostnumber`.
///
/// An empty host matches neither. Section 3.10 says of `file` URLs that "<host> can be the
/// string "localhost" or the empty string", but its BNF, `fileurl = "file://" host [ "/" fpath
/// ]`, has no empty `host`; the BNF is followed, so `file:///etc/motd` is invalid.
fn host(input: &[u8], range: Range<usize>) -> Result<HostKind, ParseError> {
    let bytes = input.get(range.clone()).unwrap_or_default();
    let matches = match bytes.split_first() {
        Some((&first, _)) if ALPHA.allows(first) => {
            check(input, range.start + 1..range.end, &UCHAR, "hostname")
                .ok()
                .map(|()| HostKind::Hostname)
        }
        Some((&first, _)) if DIGIT.allows(first) => hostnumber(bytes).then_some(HostKind::Ipv4),
        _ => None,
    };
    matches.ok_or_else(|| ParseError::new(range.start, ParseErrorKind::Host, "host"))
}

/// The checks that follow the walk: `name`'s rule (see [`entry`]) over what the walk read
/// (`walked`, the spans it found), with the fragment identifier that may follow the URL.
///
/// A `#` ends the URL. Section 2.2: "The character "#" is unsafe because it is used in World Wide
/// Web and in other systems to delimit a URL from a fragment identifier that might follow it",
/// and the Appendix: "In the case where a fragment identifier is associated with a URL (following
/// a "#"), the identifier would be placed within the brackets as well", with the example
/// `<URL:http://ds.internic.net/instructions/overview.html#WARNING>`. So the URL is matched
/// against the rule up to the first `#` (which no class of the BNF holds), and what follows is
/// the `fragment`. The document gives the fragment identifier no syntax; the walk checks it
/// against `xchar`, the widest class of the BNF, so a second `#` is an error.
///
/// When the walk stopped at a byte that no class holds, the rule's checks run on the URL up to
/// and with that byte, so that the error names the part of the rule it falls in (`hsegment`,
/// `search`, ...), or an earlier byte that the rule does not admit where it stands.
///
/// # Errors
///
/// [`ParseErrorKind::RelativeNotDefined`] at 0 when the input does not start with `scheme ":"`;
/// otherwise a [`ParseError`] naming the BNF rule whose bytes failed (`hostnumber`, `port`,
/// `ftptype`, ...) or, for a literal of a rule (`"ftp://"`, `";type="`), the rule itself.
pub(crate) fn after_walk<'a>(
    input: &'a [u8],
    walked: Result<(), ParseError>,
    mut spans: Spans,
    name: &'static str,
) -> Result<Components<'a>, ParseError> {
    let mut fields = Fields::default();
    if let Err(e) = walked {
        return Err(first_error(input, e, &mut spans, name));
    }
    let scheme = spans.scheme.clone().unwrap_or_default();
    let rule = entry(input, scheme, name)?;
    let end = spans.fragment.as_ref().map_or(input.len(), |f| f.start - 1);
    scheme_checks(input, end, rule, &mut spans, &mut fields)?;
    let text = checked_text(input, "url")?;
    Ok(components(spans, fields, text))
}

/// The error to report when the walk stopped with `e`: `e` itself, unless it stopped in the
/// url-path (or the fragment) and the rule's checks fail there first.
fn first_error(input: &[u8], e: ParseError, spans: &mut Spans, name: &'static str) -> ParseError {
    let Some(scheme) = spans.scheme.clone() else {
        return e;
    };
    let Ok(rule) = entry(input, scheme.clone(), name) else {
        return e;
    };
    let path_start = match (rule.access(), &spans.authority) {
        (None, _) => scheme.end + 1,
        (Some(_), Some(authority)) => authority.end,
        (Some(_), None) => return e,
    };
    if e.index() < path_start {
        return e;
    }
    // The URL up to the `#` if the walk stopped in the fragment, else up to and with the byte
    // where it stopped, or (for a rule whose reading a later byte decides) to its end if that
    // byte comes: a look ahead, as for the "@" of a login.
    let stop = (e.index() + 1).min(input.len());
    let mut end = find(input, path_start, stop, b'#');
    if let (Some(decider), true) = (rule.decider, end == stop) {
        let url_end = find(input, stop, input.len(), b'#');
        if find(input, stop, url_end, decider) < url_end {
            end = url_end;
        }
    }
    spans.path = path_start..end;
    match scheme_checks(input, end, rule, spans, &mut Fields::default()) {
        Err(first) if first.index() <= e.index() => first,
        _ => e,
    }
}

/// The rule's checks over the URL `input[..end]`, whose scheme, login and path the walk found
/// (`spans.path` starts after the scheme's ":" or the login).
fn scheme_checks(
    input: &[u8],
    end: usize,
    rule: &SchemeRule,
    spans: &mut Spans,
    fields: &mut Fields,
) -> Result<(), ParseError> {
    let start = spans.path.start;
    let mut w = Checks {
        input,
        end,
        spans,
        fields,
    };
    match rule.start {
        Start::Opaque => {
            w.spans.path = start..end;
            (rule.rest)(&mut w, Some(start..end))
        }
        Start::Internet(_) => {
            // "Note that the "/" between the host (or port) and the url-path is NOT part of the
            // url-path."
            w.spans.path = start..end;
            let url_path = (start < end).then_some(start + 1..end);
            if let Some(r) = url_path.clone() {
                w.push("url-path", r);
            }
            (rule.rest)(&mut w, url_path)
        }
    }
}

/// `digits = 1*digit` over `range`.
fn digits(input: &[u8], range: Range<usize>, rule: &'static str) -> Result<(), ParseError> {
    if range.is_empty() {
        return Err(expected_at(input, range.start, rule));
    }
    check(input, range, &DIGIT, rule)
}

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]` after the login.
///
/// Section 3.2.2: "Within a name or CWD component, the characters "/" and ";" are reserved and
/// must be encoded", and `fsegment` holds no ";": so the first ";" starts `";type="`.
fn ftpurl(w: &mut Checks<'_, '_>, url_path: Option<Range<usize>>) -> Result<(), ParseError> {
    let Some(r) = url_path else {
        return Ok(());
    };
    let input = w.input;
    let semi = find(input, r.start, r.end, b';');
    fpath(w, r.start..semi)?;
    if semi < r.end {
        // ";type=" ftptype: "<typecode> is one of the characters "a", "i", or "d"" (and the BNF
        // adds "A", "I", "D").
        let at = literal(input, semi, r.end, b";type=", false, "ftpurl")?;
        match input.get(at) {
            Some(&b) if at < r.end && FTPTYPE.allows(b) => {}
            _ => return Err(expected_at(input, at, "ftptype")),
        }
        w.push("type", at..at + 1);
        w.push("ftptype", at..at + 1);
        if at + 1 < r.end {
            return Err(expected_at(input, at + 1, "ftpurl"));
        }
    }
    Ok(())
}

/// `fpath = fsegment *[ "/" fsegment ]`: checks it and adds it as `fpath`.
fn fpath(w: &mut Checks<'_, '_>, range: Range<usize>) -> Result<(), ParseError> {
    check(w.input, range.clone(), &FPATH, "fsegment")?;
    w.push("fpath", range);
    Ok(())
}

/// `fileurl = "file://" host [ "/" fpath ]` after the host.
fn fileurl(w: &mut Checks<'_, '_>, url_path: Option<Range<usize>>) -> Result<(), ParseError> {
    match url_path {
        Some(r) => fpath(w, r),
        None => Ok(()),
    }
}

/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]` after the hostport.
///
/// Section 3.3: "<path> is an HTTP selector, and <searchpart> is a query string. The <path> is
/// optional, as is the <searchpart> and its preceding "?"." `hpath` holds no "?", so the first
/// one starts the search, which is the `query`.
fn httpurl(w: &mut Checks<'_, '_>, url_path: Option<Range<usize>>) -> Result<(), ParseError> {
    let Some(r) = url_path else {
        return Ok(());
    };
    let q = find(w.input, r.start, r.end, b'?');
    check(w.input, r.start..q, &HPATH, "hsegment")?;
    w.push("hpath", r.start..q);
    if q < r.end {
        search(w, r.start, q..r.end)?;
    }
    Ok(())
}

/// `"?" search` at `q..end`, the query of `httpurl` and `waisindex`: the path stops before the
/// "?" (the url-path, from `url_path_start`, keeps it).
fn search(
    w: &mut Checks<'_, '_>,
    url_path_start: usize,
    range: Range<usize>,
) -> Result<(), ParseError> {
    let Range { start: q, end } = range;
    check(w.input, q + 1..end, &SEARCH, "search")?;
    w.spans.path = url_path_start.saturating_sub(1)..q;
    w.spans.query = Some(q + 1..end);
    w.push("search", q + 1..end);
    Ok(())
}

/// `gopherurl = "gopher://" hostport [ / [ gtype [ selector [ "%09" search [ "%09"
/// gopher+_string ] ] ] ] ]` after the hostport, with `gtype = xchar`, `selector = *xchar`,
/// `gopher+_string = *xchar`.
///
/// `selector = *xchar` could swallow the `%09`s, since `escape` is in `xchar`. Section 3.4.1
/// settles it: selector strings "may contain any characters other than tab, return, or
/// linefeed", and 3.4.2: "the selector is followed by an encoded tab (%09) and the search
/// string". So the first `%09` ends the selector and the second ends the search; the
/// `gopher+_string` may hold more (section 3.4.9's `+%091%0D%0A...`). `gtype` is one `xchar`,
/// which may be an `escape`. The gopher path has no query: its "?" is data.
fn gopherurl(w: &mut Checks<'_, '_>, url_path: Option<Range<usize>>) -> Result<(), ParseError> {
    let Some(r) = url_path else {
        return Ok(());
    };
    // "The entire <gopher-path> may also be empty": then there is no gtype.
    if r.is_empty() {
        return Ok(());
    }
    let input = w.input;
    let gtype_end = match input.get(r.start) {
        Some(b'%') => (r.start + 3).min(r.end),
        _ => r.start + 1,
    };
    check(input, r.start..gtype_end, &XCHAR, "gtype")?;
    w.push("gtype", r.start..gtype_end);
    w.push("gophertype", r.start..gtype_end);
    let tab1 = find_tab(input, gtype_end, r.end);
    check(input, gtype_end..tab1, &XCHAR, "selector")?;
    w.push("selector", gtype_end..tab1);
    if tab1 < r.end {
        let tab2 = find_tab(input, tab1 + 3, r.end);
        check(input, tab1 + 3..tab2, &SEARCH, "search")?;
        w.push("search", tab1 + 3..tab2);
        if tab2 < r.end {
            check(input, tab2 + 3..r.end, &XCHAR, "gopher+_string")?;
            w.push("gopher+_string", tab2 + 3..r.end);
        }
    }
    Ok(())
}

/// `mailtourl = "mailto:" encoded822addr`, `encoded822addr = 1*xchar`.
fn mailtourl(w: &mut Checks<'_, '_>, rest: Option<Range<usize>>) -> Result<(), ParseError> {
    let r = rest.unwrap_or_default();
    if r.is_empty() {
        return Err(expected_at(w.input, r.start, "encoded822addr"));
    }
    check(w.input, r.clone(), &XCHAR, "encoded822addr")?;
    w.push("encoded822addr", r);
    Ok(())
}

/// `newsurl = "news:" grouppart`, `grouppart = "*" | group | article`, with
/// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`.
///
/// Section 3.6: "A message identifier may be distinguished from a news group name by the presence
/// of the commercial at "@" character."
fn newsurl(w: &mut Checks<'_, '_>, rest: Option<Range<usize>>) -> Result<(), ParseError> {
    let r = rest.unwrap_or_default();
    let input = w.input;
    w.push("grouppart", r.clone());
    let at = find(input, r.start, r.end, b'@');
    if at < r.end {
        if at == r.start {
            return Err(expected_at(input, at, "article"));
        }
        check(input, r.start..at, &ARTICLE, "article")?;
        host(input, at + 1..r.end)?;
        w.push("article", r.clone());
        w.push("message-id", r);
    } else if input.get(r.start) == Some(&b'*') && r.start < r.end {
        // "If <newsgroup-name> is "*" (as in <URL:news:*>), it is used to refer to "all
        // available news groups"."
        if r.start + 1 < r.end {
            return Err(expected_at(input, r.start + 1, "grouppart"));
        }
        w.push("newsgroup-name", r);
    } else {
        group(w, r)?;
    }
    Ok(())
}

/// `group = alpha *[ alpha | digit | "-" | "." ]`: checks it and adds it as `group` and
/// `newsgroup-name`.
fn group(w: &mut Checks<'_, '_>, r: Range<usize>) -> Result<(), ParseError> {
    match w.input.get(r.start) {
        Some(&b) if r.start < r.end && ALPHA.allows(b) => {}
        _ => return Err(expected_at(w.input, r.start, "group")),
    }
    check(w.input, r.start + 1..r.end, &GROUP_TAIL, "group")?;
    w.push("group", r.clone());
    w.push("newsgroup-name", r);
    Ok(())
}

/// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]` after the hostport.
fn nntpurl(w: &mut Checks<'_, '_>, url_path: Option<Range<usize>>) -> Result<(), ParseError> {
    let Some(r) = url_path else {
        return Err(expected_at(w.input, w.end, "nntpurl"));
    };
    let slash = find(w.input, r.start, r.end, b'/');
    group(w, r.start..slash)?;
    if slash < r.end {
        // "the <article-number> is the numeric id of the article within that newsgroup."
        digits(w.input, slash + 1..r.end, "digits")?;
        w.push("article-number", slash + 1..r.end);
    }
    Ok(())
}

/// `telneturl = "telnet://" login [ "/" ]` after the login: nothing may follow the "/".
fn telneturl(w: &mut Checks<'_, '_>, url_path: Option<Range<usize>>) -> Result<(), ParseError> {
    match url_path {
        Some(r) if !r.is_empty() => Err(expected_at(w.input, r.start, "telneturl")),
        _ => Ok(()),
    }
}

/// The three forms of a WAIS URL (section 3.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WaisForm {
    /// `waisdatabase = "wais://" hostport "/" database`
    Database,
    /// `waisindex = "wais://" hostport "/" database "?" search`
    Index,
    /// `waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath`
    Doc,
}

impl WaisForm {
    const fn rule(self) -> &'static str {
        match self {
            WaisForm::Database => "waisdatabase",
            WaisForm::Index => "waisindex",
            WaisForm::Doc => "waisdoc",
        }
    }
}

/// `waisurl = waisdatabase | waisindex | waisdoc` after the hostport.
fn waisurl(w: &mut Checks<'_, '_>, url_path: Option<Range<usize>>) -> Result<(), ParseError> {
    wais(w, url_path, None)
}

/// `waisdatabase = "wais://" hostport "/" database` after the hostport.
fn waisdatabase(w: &mut Checks<'_, '_>, url_path: Option<Range<usize>>) -> Result<(), ParseError> {
    wais(w, url_path, Some(WaisForm::Database))
}

/// `waisindex = "wais://" hostport "/" database "?" search` after the hostport.
fn waisindex(w: &mut Checks<'_, '_>, url_path: Option<Range<usize>>) -> Result<(), ParseError> {
    wais(w, url_path, Some(WaisForm::Index))
}

/// `waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath` after the hostport.
fn waisdoc(w: &mut Checks<'_, '_>, url_path: Option<Range<usize>>) -> Result<(), ParseError> {
    wais(w, url_path, Some(WaisForm::Doc))
}

/// The WAIS forms, with `database = *uchar`, `wtype = *uchar`, `wpath = *uchar`: `uchar` holds
/// neither "/" nor "?", so the byte after the database picks the form. `only` restricts it to
/// one form.
fn wais(
    w: &mut Checks<'_, '_>,
    url_path: Option<Range<usize>>,
    only: Option<WaisForm>,
) -> Result<(), ParseError> {
    let rule = only.map_or("waisurl", WaisForm::rule);
    let input = w.input;
    // Every form has "/" database.
    let Some(r) = url_path else {
        return Err(expected_at(input, w.end, rule));
    };
    let db_end = find_any(input, r.start, r.end, b"/?");
    check(input, r.start..db_end, &UCHAR, "database")?;
    w.push("database", r.start..db_end);
    let form = match input.get(db_end) {
        Some(b'?') if db_end < r.end => WaisForm::Index,
        Some(b'/') if db_end < r.end => WaisForm::Doc,
        _ => WaisForm::Database,
    };
    if let Some(only) = only
        && only != form
    {
        return Err(expected_at(input, db_end, rule));
    }
    match form {
        WaisForm::Database => {}
        // "The second form designates a particular search."
        WaisForm::Index => search(w, r.start, db_end..r.end)?,
        // "The third form designates a particular document within a WAIS database to be
        // retrieved."
        WaisForm::Doc => {
            let wtype_end = find(input, db_end + 1, r.end, b'/');
            check(input, db_end + 1..wtype_end, &UCHAR, "wtype")?;
            if wtype_end == r.end {
                return Err(expected_at(input, wtype_end, "waisdoc"));
            }
            check(input, wtype_end + 1..r.end, &UCHAR, "wpath")?;
            w.push("wtype", db_end + 1..wtype_end);
            w.push("wpath", wtype_end + 1..r.end);
        }
    }
    Ok(())
}

/// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]` after the hostport, with
/// `fieldspec = ";" fieldname "=" fieldvalue`.
///
/// Section 3.11: "The semicolon ";" is reserved and may not appear without quoting in the
/// <hsoname>", and "each field/value pair is separated from each other and from the rest of the
/// URL by a ";" (semicolon). The name of the field and its value are separated by a "=" (equal
/// sign)." `fieldname` may itself hold "=" (it is in `uchar`); the first "=" is taken as the
/// separator, which changes no verdict. The fields, being any number, are not given as extras.
fn prosperourl(w: &mut Checks<'_, '_>, url_path: Option<Range<usize>>) -> Result<(), ParseError> {
    let input = w.input;
    let Some(r) = url_path else {
        return Err(expected_at(input, w.end, "prosperourl"));
    };
    let ppath_end = find(input, r.start, r.end, b';');
    check(input, r.start..ppath_end, &PPATH, "psegment")?;
    // "(E.g., <URL:prospero://host.dom//pros/name> designates a <hsoname> of "/pros/name".)"
    w.push("ppath", r.start..ppath_end);
    w.push("hsoname", r.start..ppath_end);
    let mut i = ppath_end;
    while i < r.end {
        // INVARIANT: input[i] is the ";" that starts a fieldspec.
        let spec_end = find(input, i + 1, r.end, b';');
        let eq = find(input, i + 1, spec_end, b'=');
        check(input, i + 1..eq, &FIELD, "fieldname")?;
        if eq == spec_end {
            return Err(expected_at(input, eq, "fieldspec"));
        }
        check(input, eq + 1..spec_end, &FIELD, "fieldvalue")?;
        debug_assert!(spec_end > i);
        i = spec_end;
    }
    Ok(())
}

/// `otherurl = scheme ":" schemepart`, `schemepart = *xchar`.
fn otherurl(w: &mut Checks<'_, '_>, rest: Option<Range<usize>>) -> Result<(), ParseError> {
    let r = rest.unwrap_or_default();
    check(w.input, r.clone(), &XCHAR, "schemepart")?;
    w.push("schemepart", r);
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The state of the checks and their helpers.
// ---------------------------------------------------------------------------------------------

/// The checks over one URL after the walk: the input, where the URL ends (the first `#`, or the
/// end), the walk's spans (which `search` amends) and the extras found so far.
///
/// # Invariants
///
/// `end <= input.len()`, and every range in `spans` and `fields` lies within `input`.
struct Checks<'i, 's> {
    input: &'i [u8],
    end: usize,
    spans: &'s mut Spans,
    fields: &'s mut Fields,
}

impl Checks<'_, '_> {
    /// Adds an extra field by its name in the document.
    fn push(&mut self, name: &'static str, range: Range<usize>) {
        self.fields.push(name, range);
    }
}

/// The extras as byte ranges, by name, in the order they were found.
#[derive(Debug, Default)]
struct Fields([Option<(&'static str, Range<usize>)>; Extras::CAPACITY]);

impl Fields {
    /// Adds a field. No rule adds more than [`Extras::CAPACITY`] (a test checks it).
    fn push(&mut self, name: &'static str, range: Range<usize>) {
        let slot = self.0.iter_mut().find(|f| f.is_none());
        debug_assert!(slot.is_some(), "more than {} extras", Extras::CAPACITY);
        if let Some(slot) = slot {
            *slot = Some((name, range));
        }
    }
}

/// The components of a URL the walk and the checks accepted, as slices of `text`: the common
/// ones, then the extras (`user` and `password` first, as the login comes first). Every byte of
/// a valid URL was checked against a class of ASCII bytes, so every range falls on a character
/// boundary.
fn components<'a>(spans: Spans, fields: Fields, text: &'a str) -> Components<'a> {
    let slice = |r: Range<usize>| text.get(r).unwrap_or_default();
    let mut extras = Extras::default();
    if let Some(u) = spans.user.clone() {
        extras.push("user", slice(u));
    }
    if let Some(p) = spans.password.clone() {
        extras.push("password", slice(p));
    }
    for (name, range) in fields.0.into_iter().flatten() {
        extras.push(name, slice(range));
    }
    Components {
        extras,
        ..spans.components_3986(text)
    }
}

/// The index of the first `byte` in `input[from..to]`, or `to`.
#[inline]
fn find(input: &[u8], from: usize, to: usize, byte: u8) -> usize {
    find_any(input, from, to, &[byte])
}

/// The index of the first encoded tab, `%09`, in `input[from..to]`, or `to`.
fn find_tab(input: &[u8], from: usize, to: usize) -> usize {
    let at = input
        .get(from..to)
        .and_then(|s| s.windows(3).position(|t| t == b"%09"))
        .map_or(to, |i| from + i);
    crate::cursor::work::add(at.saturating_sub(from) + 1);
    at
}

/// Matches the literal `lit` at `at` (before `end`), in any ASCII case if `any_case`; returns
/// the index after it, or the error of `rule` at the first byte that differs.
fn literal(
    input: &[u8],
    at: usize,
    end: usize,
    lit: &[u8],
    any_case: bool,
    rule: &'static str,
) -> Result<usize, ParseError> {
    for (i, &want) in lit.iter().enumerate() {
        let got = input.get(at + i).filter(|_| at + i < end);
        let same = got.is_some_and(|&b| b == want || (any_case && b.eq_ignore_ascii_case(&want)));
        if !same {
            return Err(expected_at(input, at + i, rule));
        }
    }
    Ok(at + lit.len())
}

/// The error of `rule` when it needs another byte at `index`: the byte found there, or the end
/// of the input.
///
/// The end of the input is [`ParseErrorKind::UnexpectedEnd`].
fn expected_at(input: &[u8], index: usize, rule: &'static str) -> ParseError {
    match input.get(index) {
        Some(&byte) => ParseError::new(index, ParseErrorKind::UnexpectedByte { byte }, rule),
        None => ParseError::new(index, ParseErrorKind::UnexpectedEnd, rule),
    }
}

/// Checks that every byte of `input[range]` is in `table`, or starts an
/// `escape = "%" hex hex` where the table allows one (section 2.2: "bytes are encoded by
/// representing them as a percent sign "%" followed by two hexadecimal digits"): the engine's
/// checker, with 1994's name for the escape. (`hex` here is `HEXDIG`'s set.)
fn check(
    input: &[u8],
    range: Range<usize>,
    table: &Table,
    rule: &'static str,
) -> Result<(), ParseError> {
    crate::cursor::check_bytes(input, range, table, rule, "escape")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edition::Edition;
    use crate::parse::Parser;
    use crate::rule::Rule;

    /// The 1994 grammar through the public parser, under `rule`.
    fn parse_rule(input: &[u8], rule: Rule) -> Result<Components<'_>, ParseError> {
        Parser::new()
            .edition(Edition::UriUrl06)
            .rule(rule)
            .parse(input)
    }

    fn parse_as<'a>(rule: &'static str, input: &'a str) -> Result<Components<'a>, ParseError> {
        parse_rule(input.as_bytes(), Rule::Url1994(rule))
    }

    /// A component by name: a common one, `host_kind`, or an extra (`None` when absent).
    fn get<'a>(c: &Components<'a>, name: &str) -> Option<&'a str> {
        match name {
            "scheme" => c.scheme,
            "authority" => c.authority,
            "userinfo" => c.userinfo,
            "host" => c.host_str(),
            "host_kind" => c.host.map(|h| h.kind.name()),
            "port" => c.port,
            "path" => c.path,
            "query" => c.query,
            "fragment" => c.fragment,
            extra => c.extras.get(extra),
        }
    }

    /// Parses `input` as `rule` and checks each named component (`None`: undefined).
    #[track_caller]
    fn ok(rule: &'static str, input: &str, want: &[(&str, Option<&str>)]) {
        let c = parse_as(rule, input).unwrap_or_else(|e| panic!("{input} as {rule}: {e}"));
        for &(name, value) in want {
            assert_eq!(get(&c, name), value, "{name} of {input} as {rule}");
        }
        // Each rule's components rebuild the URL (RFC 3986 section 5.3's recomposition).
        assert_eq!(c.recompose(), input, "recomposed {input}");
    }

    /// Parses `input` as `rule` and checks the error's offset, kind and rule name.
    #[track_caller]
    fn fails(rule: &'static str, input: &str, index: usize, kind: ParseErrorKind, at_rule: &str) {
        let e = parse_as(rule, input).map(|c| format!("{c:?}")).unwrap_err();
        assert_eq!(
            (e.index(), e.kind(), e.rule()),
            (index, kind, at_rule),
            "{input} as {rule}"
        );
    }

    fn byte(b: u8) -> ParseErrorKind {
        ParseErrorKind::UnexpectedByte { byte: b }
    }

    const END: ParseErrorKind = ParseErrorKind::UnexpectedEnd;

    // Section 5, character classes, checked over all 256 bytes against the BNF's lists.

    #[track_caller]
    fn same_set(table: &Table, listed: &[u8]) {
        for b in 0..=255u8 {
            assert_eq!(table.allows(b), listed.contains(&b), "byte {b:#04x}");
        }
    }

    const LOW: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
    const HIGH: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const DIG: &[u8] = b"0123456789";

    fn cat(parts: &[&[u8]]) -> Vec<u8> {
        parts.concat()
    }

    #[test]
    fn every_class_over_all_bytes() {
        let unreserved = cat(&[LOW, HIGH, DIG, b"$-_.+", b"!*'(),=", b"{}|\\^~[]"]);
        same_set(&ALPHA, &cat(&[LOW, HIGH]));
        same_set(&DIGIT, DIG);
        same_set(&crate::chars::HEXDIG, &cat(&[DIG, b"ABCDEFabcdef"]));
        same_set(&UNRESERVED, &unreserved);
        same_set(&UCHAR, &unreserved);
        same_set(&XCHAR, &cat(&[&unreserved, b";/?:@&="]));
        same_set(&SCHEME, &cat(&[LOW, DIG, b"+-."]));
        same_set(&SCHEME_ANY_CASE, &cat(&[LOW, HIGH, DIG, b"+-."]));
        same_set(&USER, &cat(&[&unreserved, b";?&="]));
        same_set(&FPATH, &cat(&[&unreserved, b"?:@&=/"]));
        same_set(&HPATH, &cat(&[&unreserved, b";:@&=/"]));
        same_set(&SEARCH, &cat(&[&unreserved, b";:@&="]));
        same_set(&GROUP_TAIL, &cat(&[LOW, HIGH, DIG, b"-."]));
        same_set(&ARTICLE, &cat(&[&unreserved, b";/?:&="]));
        same_set(&PPATH, &cat(&[&unreserved, b"?:@&=/"]));
        same_set(&FIELD, &cat(&[&unreserved, b"?:@&"]));
        same_set(&FTPTYPE, b"AIDaid");
        for t in [
            UCHAR, XCHAR, USER, FPATH, HPATH, SEARCH, ARTICLE, PPATH, FIELD,
        ] {
            assert!(t.pct_encoded());
        }
        for t in [SCHEME, GROUP_TAIL, DIGIT, FTPTYPE] {
            assert!(!t.pct_encoded());
        }
        // Section 2.2: "URLs may not contain space or other non-printable characters", and the
        // punctuation "<" ">" """ "#" is in no class.
        for b in (0..=0x20).chain(0x7f..=0xff).chain(*b"<>\"#%`") {
            assert!(!XCHAR.allows(b), "{b:#04x}");
        }
    }

    #[test]
    fn rules_match_the_table() {
        assert_eq!(OTHERURL.rule, "otherurl");
        for s in &SCHEME_RULES {
            assert!(RULES.contains(&s.rule), "{}", s.rule);
        }
        // Every name is reachable: `url`, the scheme rules, `login` and `hostport`.
        assert_eq!(RULES.len(), SCHEME_RULES.len() + 3);
        // `url` picks `waisurl`, not one of its forms.
        let c = parse_rule(b"wais://h/db?s", Rule::UriReference).unwrap();
        assert_eq!(c.query, Some("s"));
        let c = parse_rule(b"wais://h/db/t/p", Rule::default()).unwrap();
        assert_eq!(c.extras.get("wpath"), Some("p"));
    }

    // Section 3.1, Common Internet Scheme Syntax: "an empty user name or password is different
    // than no user name or password".

    #[test]
    fn user_and_password() {
        ok(
            "ftpurl",
            "ftp://@host.com/",
            &[
                ("authority", Some("@host.com")),
                ("userinfo", Some("")),
                ("user", Some("")),
                ("password", None),
                ("host", Some("host.com")),
                ("host_kind", Some("hostname")),
                ("port", None),
                ("path", Some("/")),
                ("url-path", Some("")),
            ],
        );
        ok(
            "ftpurl",
            "ftp://host.com/",
            &[("userinfo", None), ("user", None), ("password", None)],
        );
        ok(
            "ftpurl",
            "ftp://foo:@host.com/",
            &[
                ("userinfo", Some("foo:")),
                ("user", Some("foo")),
                ("password", Some("")),
            ],
        );
        ok(
            "telneturl",
            "telnet://user:password@host.dom:23/",
            &[
                ("user", Some("user")),
                ("password", Some("password")),
                ("port", Some("23")),
                ("path", Some("/")),
                ("url-path", Some("")),
            ],
        );
        // "Within the user and password field, any ":", "@", or "/" must be encoded."
        fails("ftpurl", "ftp://a:b:c@h/", 9, byte(b':'), "password");
        ok("ftpurl", "ftp://a%3Ab:c%40d@h/", &[("user", Some("a%3Ab"))]);
        // user = *[ uchar | ";" | "?" | "&" | "=" ]
        ok("ftpurl", "ftp://a?b@host.dom/", &[("user", Some("a?b"))]);
        // "No user name or password is allowed" (http, prospero): hostport, not login.
        fails(
            "httpurl",
            "http://user@host.dom/",
            7,
            ParseErrorKind::Host,
            "host",
        );
        fails(
            "prosperourl",
            "prospero://user@host.dom/x",
            11,
            ParseErrorKind::Host,
            "host",
        );
    }

    #[test]
    fn hosts_and_ports() {
        // "its IP address as a set of four decimal digits separated by periods"
        ok(
            "ftpurl",
            "ftp://128.9.176.32/pub",
            &[("host", Some("128.9.176.32")), ("host_kind", Some("ipv4"))],
        );
        // digits = 1*digit: no bound.
        ok(
            "httpurl",
            "http://999.999.999.999/",
            &[("host_kind", Some("ipv4"))],
        );
        // hostname = alpha *uchar, and "=" is in uchar (extra).
        ok(
            "httpurl",
            "http://a=b.dom/",
            &[("host", Some("a=b.dom")), ("host_kind", Some("hostname"))],
        );
        ok("httpurl", "http://h%41st/", &[("host", Some("h%41st"))]);
        let host = ParseErrorKind::Host;
        fails("httpurl", "http://1.2.3/", 7, host, "host");
        fails("httpurl", "http://1.2.3.4.5/", 7, host, "host");
        fails("httpurl", "http://1..3.4/", 7, host, "host");
        fails("httpurl", "http://4kids.com/", 7, host, "host");
        fails("httpurl", "http://a_b c/", 7, host, "host");
        fails("httpurl", "http://host.dom?x", 7, host, "host");
        fails("httpurl", "http://", 7, host, "host");
        fails("httpurl", "http:///x", 7, host, "host");
        // port = digits
        ok(
            "ftpurl",
            "ftp://host.dom:2121/",
            &[("authority", Some("host.dom:2121")), ("port", Some("2121"))],
        );
        fails("ftpurl", "ftp://host.dom:/", 15, byte(b'/'), "port");
        fails("ftpurl", "ftp://host.dom:", 15, END, "port");
        fails("ftpurl", "ftp://host.dom:8x/", 16, byte(b'x'), "port");
        fails("ftpurl", "ftp://host.dom:8:9/", 16, byte(b':'), "port");
        // Section 3.10: "<host> can be the string "localhost" or the empty string", but the
        // BNF's host cannot be empty; the BNF is followed.
        ok(
            "fileurl",
            "file://localhost/etc/motd",
            &[("host", Some("localhost"))],
        );
        fails("fileurl", "file:///etc/motd", 7, host, "host");
        // fileurl has host, not hostport.
        fails("fileurl", "file://h:21/x", 7, host, "host");
        // The Common Internet Scheme Syntax on its own.
        ok_authority(
            "login",
            "u:p@host.dom:21",
            &[
                ("user", Some("u")),
                ("password", Some("p")),
                ("port", Some("21")),
            ],
        );
        ok_authority("hostport", "10.0.0.1:80", &[("host_kind", Some("ipv4"))]);
        fails("hostport", "u@h", 0, host, "host");
        fails("login", "h/x", 0, host, "host");
    }

    #[track_caller]
    fn ok_authority(rule: &'static str, input: &str, want: &[(&str, Option<&str>)]) {
        let c = parse_as(rule, input).unwrap_or_else(|e| panic!("{input} as {rule}: {e}"));
        assert_eq!((c.scheme, c.authority, c.path), (None, Some(input), None));
        for &(name, value) in want {
            assert_eq!(get(&c, name), value, "{name} of {input} as {rule}");
        }
    }

    // Section 3.2, FTP, and the Appendix's examples.

    #[test]
    fn ftp() {
        // 3.2.2: "CWD /etc" and then "RETR motd".
        ok(
            "ftpurl",
            "ftp://myname@host.dom/%2Fetc/motd",
            &[
                ("userinfo", Some("myname")),
                ("user", Some("myname")),
                ("host", Some("host.dom")),
                ("path", Some("/%2Fetc/motd")),
                ("url-path", Some("%2Fetc/motd")),
                ("fpath", Some("%2Fetc/motd")),
                ("type", None),
            ],
        );
        // "CWD etc", relative to the default directory.
        ok(
            "ftpurl",
            "ftp://myname@host.dom/etc/motd",
            &[("path", Some("/etc/motd")), ("url-path", Some("etc/motd"))],
        );
        // "CWD " with a null argument.
        ok(
            "ftpurl",
            "ftp://myname@host.dom//etc/motd",
            &[
                ("path", Some("//etc/motd")),
                ("url-path", Some("/etc/motd")),
            ],
        );
        // Appendix.
        ok(
            "ftpurl",
            "ftp://info.cern.ch/pub/www/doc;type=d",
            &[
                ("path", Some("/pub/www/doc;type=d")),
                ("url-path", Some("pub/www/doc;type=d")),
                ("fpath", Some("pub/www/doc")),
                ("type", Some("d")),
                ("ftptype", Some("d")),
                ("query", None),
            ],
        );
        ok(
            "ftpurl",
            "ftp://ds.internic.net/rfc",
            &[("host", Some("ds.internic.net")), ("url-path", Some("rfc"))],
        );
        // References [2].
        ok(
            "ftpurl",
            "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
            &[(
                "url-path",
                Some("pub/gopher/gopher_protocol/Gopher+/Gopher+.txt"),
            )],
        );
        // ftptype = "A" | "I" | "D" | "a" | "i" | "d"
        ok("ftpurl", "ftp://h/pub/FILE;type=I", &[("type", Some("I"))]);
        ok(
            "ftpurl",
            "ftp://h/;type=a",
            &[("fpath", Some("")), ("type", Some("a"))],
        );
        fails(
            "ftpurl",
            "ftp://h/pub/file;type=x",
            22,
            byte(b'x'),
            "ftptype",
        );
        fails("ftpurl", "ftp://h/f;type=", 15, END, "ftptype");
        fails("ftpurl", "ftp://h/f;type=ab", 16, byte(b'b'), "ftpurl");
        fails("ftpurl", "ftp://h/f;TYPE=a", 10, byte(b'T'), "ftpurl");
        // "Within a name or CWD component, the characters "/" and ";" are reserved".
        fails("ftpurl", "ftp://host.dom/a;b/c", 17, byte(b'b'), "ftpurl");
        ok(
            "ftpurl",
            "ftp://host.dom/a%3Bb/c",
            &[("url-path", Some("a%3Bb/c"))],
        );
        // "?" is data in an fsegment: an ftp URL has no query.
        ok(
            "ftpurl",
            "ftp://host.dom/a?b",
            &[("path", Some("/a?b")), ("query", None)],
        );
        // The "/" and url-path are optional.
        ok(
            "ftpurl",
            "ftp://host.dom",
            &[("path", Some("")), ("url-path", None), ("fpath", None)],
        );
        fails(
            "ftpurl",
            "ftp://h/%zz",
            8,
            ParseErrorKind::PctEncoded,
            "escape",
        );
        fails("ftpurl", "ftp://h/a b", 9, byte(b' '), "fsegment");
    }

    // Section 3.3, HTTP.

    #[test]
    fn http() {
        // Section 1.
        ok(
            "httpurl",
            "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
            &[
                ("authority", Some("www.acl.lanl.gov")),
                ("path", Some("/URI/archive/uri-archive.index.html")),
                ("url-path", Some("URI/archive/uri-archive.index.html")),
                ("hpath", Some("URI/archive/uri-archive.index.html")),
                ("query", None),
                ("fragment", None),
            ],
        );
        // Appendix: a fragment identifier follows the URL after "#".
        ok(
            "httpurl",
            "http://ds.internic.net/instructions/overview.html#WARNING",
            &[
                ("path", Some("/instructions/overview.html")),
                ("url-path", Some("instructions/overview.html")),
                ("fragment", Some("WARNING")),
            ],
        );
        fails("httpurl", "http://h/#a#b", 11, byte(b'#'), "fragment");
        fails("httpurl", "http://h/#a b", 11, byte(b' '), "fragment");
        // "If neither <path> nor <searchpart> is present, the "/" may also be omitted."
        ok(
            "httpurl",
            "http://host.dom",
            &[("path", Some("")), ("url-path", None), ("query", None)],
        );
        ok(
            "httpurl",
            "http://host.dom/?x",
            &[
                ("path", Some("/")),
                ("query", Some("x")),
                ("search", Some("x")),
                ("url-path", Some("?x")),
                ("hpath", Some("")),
            ],
        );
        ok(
            "httpurl",
            "http://h:8080/a/b?",
            &[
                ("port", Some("8080")),
                ("path", Some("/a/b")),
                ("query", Some("")),
            ],
        );
        ok(
            "httpurl",
            "http://host.dom/a;b:c@d&e=f",
            &[("url-path", Some("a;b:c@d&e=f"))],
        );
        // national is in unreserved: "~" and "|" are allowed by the BNF.
        ok(
            "httpurl",
            "http://host.dom/~user/a|b",
            &[("path", Some("/~user/a|b"))],
        );
        // search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]: no "/" or "?".
        fails("httpurl", "http://h/a?b/c", 12, byte(b'/'), "search");
        fails("httpurl", "http://h/a?b?c", 12, byte(b'?'), "search");
        fails("httpurl", "http://host.dom/a b", 17, byte(b' '), "hsegment");
        // The walk stops at a byte no class holds; the rule's checks then name the part it
        // falls in, or an earlier byte the rule does not admit where it stands.
        fails("httpurl", "http://h/a?b c", 12, byte(b' '), "search");
        fails("ftpurl", "ftp://h/a;b c", 10, byte(b'b'), "ftpurl");
        fails("url", "ftp://h/a;b#c d", 10, byte(b'b'), "ftpurl");
        fails("url", "ftp://h/a#c d", 11, byte(b' '), "fragment");
        fails("httpurl", "http://h/\u{e9}", 9, byte(0xc3), "hsegment");
    }

    // Section 3.4, GOPHER.

    #[test]
    fn gopher() {
        let none = [
            ("gophertype", None),
            ("selector", None),
            ("search", None),
            ("gopher+_string", None),
        ];
        ok("gopherurl", "gopher://host.dom", &none);
        ok("gopherurl", "gopher://host.dom/", &none);
        ok(
            "gopherurl",
            "gopher://host.dom/1",
            &[
                ("gophertype", Some("1")),
                ("gtype", Some("1")),
                ("selector", Some("")),
            ],
        );
        // References [2]: the selector begins with a copy of the gophertype.
        ok(
            "gopherurl",
            "gopher://boombox.micro.umn.edu/11/gopher/gopher_protocol",
            &[
                ("path", Some("/11/gopher/gopher_protocol")),
                ("gophertype", Some("1")),
                ("selector", Some("1/gopher/gopher_protocol")),
                ("search", None),
                ("query", None),
            ],
        );
        ok(
            "gopherurl",
            "gopher://host.dom/7selector%09search",
            &[
                ("gophertype", Some("7")),
                ("selector", Some("selector")),
                ("search", Some("search")),
                ("gopher+_string", None),
            ],
        );
        // Sections 3.4.4 to 3.4.9: the Gopher+ strings the document prints.
        for (plus, search) in [
            ("+", ""),
            ("?", ""),
            ("!", ""),
            ("$", ""),
            ("!+ABSTRACT", ""),
            ("!+ABSTRACT%20+SMELL", ""),
            ("+application/postscript%20Es_ES", "s"),
            (
                "+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A",
                "",
            ),
        ] {
            let input = format!("gopher://host.dom/0a_gopher_selector%09{search}%09{plus}");
            let input: &'static str = Box::leak(input.into_boxed_str());
            ok(
                "gopherurl",
                input,
                &[
                    ("gophertype", Some("0")),
                    ("selector", Some("a_gopher_selector")),
                    ("search", Some(search)),
                    ("gopher+_string", Some(plus)),
                ],
            );
        }
        // gtype is one xchar, which may be an escape.
        ok(
            "gopherurl",
            "gopher://h/%41x",
            &[("gtype", Some("%41")), ("selector", Some("x"))],
        );
        fails(
            "gopherurl",
            "gopher://h/%4",
            11,
            ParseErrorKind::PctEncoded,
            "escape",
        );
        fails("gopherurl", "gopher://h/0a%09b/c", 17, byte(b'/'), "search");
        fails(
            "gopherurl",
            "gopher://u@h/",
            9,
            ParseErrorKind::Host,
            "host",
        );
    }

    // Sections 3.5 to 3.8: MAILTO, NEWS, NNTP, TELNET.

    #[test]
    fn mailto_news_nntp_telnet() {
        ok(
            "mailtourl",
            "mailto:timbl@info.cern.ch",
            &[
                ("authority", None),
                ("path", Some("timbl@info.cern.ch")),
                ("encoded822addr", Some("timbl@info.cern.ch")),
            ],
        );
        // "the percent sign ("%") is commonly used within RFC 822 addresses and must be
        // URL-encoded."
        ok("mailtourl", "mailto:user%25relay@host.dom", &[]);
        fails(
            "mailtourl",
            "mailto:user%relay@host.dom",
            11,
            ParseErrorKind::PctEncoded,
            "escape",
        );
        fails("mailtourl", "mailto:", 7, END, "encoded822addr");
        ok(
            "mailtourl",
            "MAILTO:postmaster",
            &[("scheme", Some("MAILTO"))],
        );

        ok(
            "newsurl",
            "news:*",
            &[
                ("path", Some("*")),
                ("newsgroup-name", Some("*")),
                ("group", None),
            ],
        );
        ok(
            "newsurl",
            "news:comp.infosystems.www.misc",
            &[
                ("path", Some("comp.infosystems.www.misc")),
                ("group", Some("comp.infosystems.www.misc")),
                ("newsgroup-name", Some("comp.infosystems.www.misc")),
                ("message-id", None),
            ],
        );
        ok(
            "newsurl",
            "news:12345@host.dom",
            &[
                ("article", Some("12345@host.dom")),
                ("message-id", Some("12345@host.dom")),
                ("newsgroup-name", None),
            ],
        );
        fails("newsurl", "news:", 5, END, "group");
        fails("newsurl", "news:*x", 6, byte(b'x'), "grouppart");
        fails("newsurl", "news:1comp", 5, byte(b'1'), "group");
        fails("newsurl", "news:a_b", 6, byte(b'_'), "group");
        fails("newsurl", "news:@host", 5, byte(b'@'), "article");
        fails("newsurl", "news:a@4x", 7, ParseErrorKind::Host, "host");
        // A byte no class holds stops the walk; an "@" further on still makes it an article.
        fails("newsurl", "news:+:&`+@h", 8, byte(b'`'), "article");
        fails("newsurl", "news:+:&`+h", 5, byte(b'+'), "group");

        ok(
            "nntpurl",
            "nntp://host.dom/comp.infosystems.www.misc/1234",
            &[
                ("path", Some("/comp.infosystems.www.misc/1234")),
                ("newsgroup-name", Some("comp.infosystems.www.misc")),
                ("article-number", Some("1234")),
            ],
        );
        ok(
            "nntpurl",
            "nntp://host.dom/comp.infosystems.www.misc",
            &[("article-number", None)],
        );
        fails("nntpurl", "nntp://h/g/12a", 13, byte(b'a'), "digits");
        fails("nntpurl", "nntp://h/g/", 11, END, "digits");
        fails("nntpurl", "nntp://h", 8, END, "nntpurl");

        ok(
            "telneturl",
            "telnet://host.dom",
            &[("path", Some("")), ("url-path", None), ("user", None)],
        );
        fails(
            "telneturl",
            "telnet://host.dom/x",
            18,
            byte(b'x'),
            "telneturl",
        );
    }

    // Sections 3.9 to 3.11: WAIS, FILES, PROSPERO; section 4's other schemes.

    #[test]
    fn wais_file_prospero_other() {
        // References [14].
        ok(
            "waisurl",
            "wais://quake.think.com/wais-discussion-archives?lynch",
            &[
                ("path", Some("/wais-discussion-archives")),
                ("query", Some("lynch")),
                ("url-path", Some("wais-discussion-archives?lynch")),
                ("database", Some("wais-discussion-archives")),
                ("search", Some("lynch")),
                ("wtype", None),
            ],
        );
        ok(
            "waisurl",
            "wais://h/db/TEXT/0x1234",
            &[
                ("query", None),
                ("database", Some("db")),
                ("wtype", Some("TEXT")),
                ("wpath", Some("0x1234")),
            ],
        );
        ok(
            "waisdatabase",
            "wais://h/db",
            &[("database", Some("db")), ("search", None)],
        );
        ok("waisindex", "wais://h/db?", &[("search", Some(""))]);
        ok(
            "waisdoc",
            "wais://h//t/",
            &[("database", Some("")), ("wpath", Some(""))],
        );
        fails("waisurl", "wais://quake.think.com", 22, END, "waisurl");
        fails(
            "waisdatabase",
            "wais://h/db?x",
            11,
            byte(b'?'),
            "waisdatabase",
        );
        fails("waisindex", "wais://h/db", 11, END, "waisindex");
        fails("waisdoc", "wais://h/db/t", 13, END, "waisdoc");
        fails("waisurl", "wais://h/db/t/p/q", 15, byte(b'/'), "wpath");

        ok(
            "fileurl",
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
            &[
                ("host", Some("vms.host.edu")),
                ("path", Some("/disk$user/my/notes/note12345.txt")),
                ("fpath", Some("disk$user/my/notes/note12345.txt")),
            ],
        );

        ok(
            "prosperourl",
            "prospero://host.dom//pros/name",
            &[
                ("path", Some("//pros/name")),
                ("url-path", Some("/pros/name")),
                ("hsoname", Some("/pros/name")),
                ("ppath", Some("/pros/name")),
            ],
        );
        ok(
            "prosperourl",
            "prospero://host.dom//pros/name;OBJECT-VERSION=1;a=b=c",
            &[("hsoname", Some("/pros/name"))],
        );
        fails(
            "prosperourl",
            "prospero://h/x;novalue",
            22,
            END,
            "fieldspec",
        );
        fails(
            "prosperourl",
            "prospero://h/x;a;b=c",
            16,
            byte(b';'),
            "fieldspec",
        );
        fails(
            "prosperourl",
            "prospero://h/x;a b=c",
            16,
            byte(b' '),
            "fieldname",
        );
        fails("prosperourl", "prospero://h", 12, END, "prosperourl");

        // Section 4: other schemes; scheme = 1*[ lowalpha | digit | "+" | "-" | "." ].
        for (input, scheme, part) in [
            ("x-foo:bar", "x-foo", "bar"),
            ("z39.50:abc", "z39.50", "abc"),
            ("3com:abc", "3com", "abc"),
            ("x-foo://h/p?q", "x-foo", "//h/p?q"),
            ("afs:", "afs", ""),
        ] {
            for rule in ["url", "otherurl"] {
                ok(
                    rule,
                    input,
                    &[
                        ("scheme", Some(scheme)),
                        ("authority", None),
                        ("path", Some(part)),
                        ("schemepart", Some(part)),
                    ],
                );
            }
        }
        fails("otherurl", "x:a b", 3, byte(b' '), "schemepart");
        // Asked for by name, otherurl takes any scheme.
        ok("otherurl", "http:x", &[("path", Some("x"))]);
    }

    // Section 2.1: the top rule, scheme names and relative references.

    #[test]
    fn top_rule() {
        // "programs interpreting URLs should allow upper case letters as equivalent to lower
        // case in scheme names (e.g., allow "HTTP" as well as "http")"
        let c = parse_rule(b"HTTP://info.cern.ch/", Rule::UriReference).unwrap();
        assert_eq!(
            (c.scheme, c.host_str()),
            (Some("HTTP"), Some("info.cern.ch"))
        );
        ok("httpurl", "Http://h/", &[("scheme", Some("Http"))]);
        // A defined scheme must match its own rule under `url`.
        fails(
            "url",
            "http://user@host.dom/",
            7,
            ParseErrorKind::Host,
            "host",
        );
        fails("url", "http:x", 5, byte(b'x'), "httpurl");
        fails("url", "news:", 5, END, "group");
        // Every rule other than Url1994 means `url`.
        for rule in [Rule::Uri, Rule::AbsoluteUri, Rule::RelativeRef] {
            assert_eq!(parse_rule(b"news:*", rule).unwrap().path, Some("*"));
        }
        // A scheme rule wants its own scheme.
        fails("httpurl", "ftp://h/", 0, byte(b'f'), "httpurl");
        fails("httpurl", "https://h/", 4, byte(b's'), "httpurl");
        fails("httpurl", "http:/h", 6, byte(b'h'), "httpurl");
        fails("httpurl", "http:#", 5, byte(b'#'), "httpurl");
        fails("mailtourl", "mailtox:a", 6, byte(b'x'), "mailtourl");
    }

    #[test]
    fn relative_references_are_not_defined() {
        let relative = ParseErrorKind::RelativeNotDefined;
        for input in [
            "", "../g", "/a/b", "//host/", "g?y", "#s", ":x", "a b:c", "\u{e9}:x",
        ] {
            fails("url", input, 0, relative, "url");
            fails("httpurl", input, 0, relative, "httpurl");
        }
        let e = parse_rule(b"../g", Rule::UriReference).unwrap_err();
        assert_eq!(
            e.to_string(),
            "this edition defines no relative references at byte 0 (rule url)"
        );
    }

    /// Inputs that fill each rule's extras the most.
    #[test]
    fn extras_never_exceed_capacity() {
        let widest = [
            ("ftpurl", "ftp://u:p@h:1/a/b;type=a#f"),
            ("fileurl", "file://h/a"),
            ("httpurl", "http://h:1/a?b#f"),
            ("gopherurl", "gopher://h:1/0s%09q%09+#f"),
            ("mailtourl", "mailto:a"),
            ("newsurl", "news:a@h"),
            ("newsurl", "news:a"),
            ("nntpurl", "nntp://h:1/g/1"),
            ("telneturl", "telnet://u:p@h:1/"),
            ("waisurl", "wais://h:1/d/t/p"),
            ("waisindex", "wais://h:1/d?s"),
            ("prosperourl", "prospero://h:1/p;a=b;c=d"),
            ("otherurl", "x:y"),
            ("login", "u:p@h:1"),
            ("hostport", "h:1"),
        ];
        for (rule, input) in widest {
            let c = parse_as(rule, input).unwrap_or_else(|e| panic!("{input}: {e}"));
            let n = c.extras.iter().count();
            assert!(
                (1..Extras::CAPACITY).contains(&n) || rule == "hostport",
                "{input}: {n}"
            );
        }
        for rule in RULES {
            assert!(
                SCHEME_RULES.iter().any(|s| s.rule == *rule)
                    || widest.iter().any(|w| w.0 == *rule)
                    || *rule == "url"
            );
        }
    }

    /// No input panics: every 0- to 3-byte string over bytes that matter to some rule, after
    /// each scheme's start, under each rule. `Spans::push` asserts the extras capacity.
    #[test]
    fn no_input_panics() {
        const ALPHABET: &[u8] = b"a1/:@%9?#;=*.tT\xff";
        const PREFIXES: &[&str] = &[
            "",
            "http://h",
            "ftp://u@h/x",
            "ftp://h/a;type=",
            "file://",
            "gopher://h/0",
            "mailto:",
            "news:",
            "nntp://h/g",
            "telnet://",
            "wais://h/d",
            "prospero://h/p;",
            "x:",
        ];
        let mut buf = Vec::with_capacity(32);
        let mut accepted = 0usize;
        for prefix in PREFIXES {
            for len in 0..=3u32 {
                for n in 0..ALPHABET.len().pow(len) {
                    buf.clear();
                    buf.extend_from_slice(prefix.as_bytes());
                    let mut k = n;
                    for _ in 0..len {
                        buf.push(ALPHABET[k % ALPHABET.len()]);
                        k /= ALPHABET.len();
                    }
                    for rule in RULES {
                        if let Ok(c) = parse_rule(&buf, Rule::Url1994(rule)) {
                            accepted += 1;
                            if !matches!(*rule, "login" | "hostport") {
                                assert_eq!(c.recompose().as_bytes(), &buf[..], "{rule}");
                            }
                        }
                    }
                }
            }
        }
        assert!(accepted > 1000, "{accepted}");
    }
}
