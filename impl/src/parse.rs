//! The parser: one pass over the bytes of a reference, following RFC 3986 section 3 (the
//! components), section 4 (`URI-reference`, `relative-ref`, `absolute-URI`) and Appendix A.
//!
//! One walk serves every edition, RFC 3986, 2003, 1998, 1996 and 1994, each a [`Syntax`] entry: a forward
//! [`Cursor`] reads each component against its rule's byte class and stops at the first byte
//! the class does not hold, which must be the delimiter of a following component (a component
//! can never contain the delimiter of the components after it, as Appendix B says) or the input
//! is rejected there. The editions' differences are branches on their data: RFC 3986's
//! authority is read step by step; the older authorities (a `server` that may fall back to a
//! registry name) are delimited by the cursor, then matched on the bytes read. The 1994 draft,
//! whose rules are per scheme, goes through the same walk: its scheme picks an entry of the
//! table of rules in [`crate::schemes1994`], which reads the login and checks the url-path
//! after the walk. Components are returned as slices of the input; nothing is allocated.

use core::ops::Range;

use crate::chars::{self, Table};
use crate::components::{Components, HostKind};
use crate::cursor::{check_bytes, checked_text, early_text, find_any, Cursor};
use crate::edition::Edition;
use crate::error::{ParseError, ParseErrorKind};
use crate::host::{hostnumber, ipv4address, ipv6address, ipv6address_prefix, ipvfuture_prefix};
use crate::rule::Rule;
use crate::schemes1994;
use crate::spans::Spans;
use crate::syntax::{self, AuthorityRule, HostRule, Syntax};

/// Parses `input` as an RFC 3986 `URI-reference`.
///
/// # Errors
///
/// A [`ParseError`] with the byte offset and the rule that failed. Bytes outside ASCII are in no
/// rule's character class, so input that is not UTF-8 is simply invalid.
///
/// # Examples
///
/// ```
/// let c = uri_spec::parse(b"mailto:John.Doe@example.com").unwrap();
/// assert_eq!(c.scheme, Some("mailto"));
/// assert_eq!(c.authority, None);
/// assert_eq!(c.path, Some("John.Doe@example.com"));
/// assert!(uri_spec::parse(b"http://[::1/").is_err());
/// ```
#[inline]
pub fn parse(input: &[u8]) -> Result<Components<'_>, ParseError> {
    Parser::new().parse(input)
}

/// A configured parser: which edition's grammar, and which rule the input must match.
///
/// # Examples
///
/// ```
/// use uri_spec::{Edition, Parser, Rule};
///
/// let parser = Parser::new().edition(Edition::Rfc3986).rule(Rule::AbsoluteUri);
/// assert!(parser.parse(b"http://a/b?c").is_ok());
/// assert!(parser.parse(b"http://a/b?c#d").is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parser {
    edition: Edition,
    rule: Rule,
}

impl Parser {
    /// A parser for RFC 3986 `URI-reference`.
    pub fn new() -> Parser {
        Parser::default()
    }

    /// Sets the edition whose grammar applies.
    pub fn edition(mut self, edition: Edition) -> Parser {
        self.edition = edition;
        self
    }

    /// Sets the rule the input must match.
    pub fn rule(mut self, rule: Rule) -> Parser {
        self.rule = rule;
        self
    }

    /// Parses `input`.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the byte offset and the rule that failed.
    #[inline]
    pub fn parse<'a>(&self, input: &'a [u8]) -> Result<Components<'a>, ParseError> {
        match self.edition {
            Edition::UriUrl06 => {
                // A rule of the 1994 BNF by its name; any other rule means its top rule, `url`.
                let name = match self.rule {
                    Rule::Url1994(name) if schemes1994::RULES.contains(&name) => name,
                    _ => "url",
                };
                if let Some(authority) = schemes1994::authority_rule(input, name) {
                    return authority;
                }
                // The walk, then the checks of the scheme's rule.
                let mut spans = Spans::default();
                let syn = Edition::UriUrl06.syntax();
                let walked = reference(input, Rule::Url1994(name), self.edition, syn, &mut spans);
                schemes1994::after_walk(input, walked, spans, name)
            }
            Edition::Rfc3986 => {
                // The same walk, given the edition's data as a constant, so that its branches
                // on the grammar fold away.
                let early = early_text(input);
                let mut spans = Spans::default();
                reference(
                    input,
                    self.rule,
                    Edition::Rfc3986,
                    &syntax::RFC3986_CONST,
                    &mut spans,
                )?;
                let text = match early {
                    Some(text) => text,
                    None => checked_text(input, "URI-reference")?,
                };
                Ok(spans.components_3986(text))
            }
            edition => {
                let syn = edition.syntax();
                let early = early_text(input);
                let mut spans = Spans::default();
                reference(input, self.rule, edition, syn, &mut spans)?;
                let text = match early {
                    Some(text) => text,
                    None => checked_text(input, "URI-reference")?,
                };
                Ok(spans.into_components(text, syn.authority_name))
            }
        }
    }
}

/// The index of the first byte at or after `from` that is one of `stops`, or `input.len()`.
#[inline]
fn find(input: &[u8], from: usize, stops: &[u8]) -> usize {
    find_any(input, from, input.len(), stops)
}

/// Checks that every byte of `input[range]` is in `table`, or starts a `pct-encoded` triplet
/// where the table allows one (section 2.1: `pct-encoded = "%" HEXDIG HEXDIG`).
#[inline]
fn check(
    input: &[u8],
    range: Range<usize>,
    table: &Table,
    rule: &'static str,
) -> Result<(), ParseError> {
    check_bytes(input, range, table, rule, "pct-encoded")
}

/// Whether a component that may be followed by a path, a query or a fragment ends at `b` (the
/// byte after it; `None` at the end of the input).
#[inline]
fn ends_hier_part(b: Option<u8>) -> bool {
    matches!(b, None | Some(b'/' | b'?' | b'#'))
}

/// A `%` not followed by two hexadecimal digits, at `index`, under the name the edition gives
/// the escape.
fn escape_error(syn: &Syntax, index: usize) -> ParseError {
    ParseError::new(index, ParseErrorKind::PctEncoded, syn.escape_rule)
}

/// [`escape_error`] in RFC 3986: `pct-encoded`, for the steps only RFC 3986's walk takes.
fn pct_error(index: usize) -> ParseError {
    escape_error(&syntax::RFC3986, index)
}

/// The byte at the cursor, which `rule` does not allow there.
fn unexpected(c: &Cursor<'_>, rule: &'static str) -> ParseError {
    match c.peek() {
        Some(byte) => ParseError::new(c.pos(), ParseErrorKind::UnexpectedByte { byte }, rule),
        None => ParseError::new(c.pos(), ParseErrorKind::UnexpectedEnd, rule),
    }
}

/// Section 4.1: `URI-reference = URI / relative-ref`, restricted to `rule`, under the grammar of
/// `syn` (RFC 3986, 2003, 1998 or 1996), in one forward walk: each component is read once,
/// checked as it is read, and ends at the first byte its rule does not allow; that byte must be
/// the delimiter of a following component (sections 3.2 to 3.5 name them), or the input is
/// rejected there.
///
/// The editions differ in a few places, each a branch on `syn`: the authority (RFC 3986's is
/// read by the cursor step by step; the older ones, whose `server` may fall back to a registry
/// name, are delimited by the cursor and then matched as [`old_authority`] says), the path
/// forms, and whether a query may follow an authority directly.
///
/// The spans are written into `spans` (given empty) rather than returned, so that a parse
/// does not move them once more.
#[inline(always)]
fn reference(
    input: &[u8],
    rule: Rule,
    edition: Edition,
    syn: &Syntax,
    spans: &mut Spans,
) -> Result<(), ParseError> {
    let rfc3986 = syn.authority == AuthorityRule::Rfc3986;
    let mut c = Cursor::new(input);

    // Section 3.1: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, then ":". Section 4.2:
    // "A path segment that contains a colon character (e.g., "this:that") cannot be used as the
    // first segment of a relative-path reference, as it would be mistaken for a scheme name": a
    // leading scheme followed by ":" makes the reference a URI. Otherwise the bytes read are the
    // start of the first segment of a relative path (every scheme byte is a path byte), and the
    // walk goes on from there without reading them again. The older documents say the same in
    // prose ("a path segment which contains a colon character cannot be used as the first
    // segment of a relative URL path", 1996 section 5; 2003 section 4.2), and read a ":" before
    // any "/", "?" or "#" as the end of a scheme even where what precedes it is no scheme.
    let mut in_first_segment = false;
    let scheme_allowed = rfc3986 || rule != Rule::RelativeRef;
    if rule.admits_scheme() || !rfc3986 {
        if c.peek().is_some_and(|b| syn.scheme_first.allows(b)) {
            // A scheme admits no `pct-encoded`, so the scan cannot fail.
            let scanned = c.scan(syn.scheme);
            if scanned.is_ok() && c.peek() == Some(b':') && scheme_allowed {
                spans.scheme = Some(0..c.pos());
                // INVARIANT: the byte at the cursor is the ':' just seen.
                c.advance(1);
            } else if rfc3986 && rule.needs_scheme() {
                return Err(ParseError::new(
                    c.pos(),
                    ParseErrorKind::MissingScheme,
                    "scheme",
                ));
            } else {
                in_first_segment = true;
            }
        }
        if rfc3986 && spans.scheme.is_none() && rule.needs_scheme() {
            return Err(ParseError::new(0, ParseErrorKind::MissingScheme, "scheme"));
        }
    }
    if !syn.relative && spans.scheme.is_none() {
        // 1994, section 2.1: "URLs are written as follows: <scheme>:<scheme-specific-part>".
        // Without a scheme the input could only be a relative reference, which the document
        // does not define.
        return Err(ParseError::new(
            0,
            ParseErrorKind::RelativeNotDefined,
            rule.name_in(edition),
        ));
    }
    if !rfc3986 && spans.scheme.is_none() {
        // The older editions: the first segment, if the reference begins with one, up to a ":"
        // that would end a scheme (a ":" at the very start ends none: `:b` is a path).
        if in_first_segment || !matches!(c.peek(), None | Some(b'/' | b'?' | b'#')) {
            in_first_segment = true;
            c.scan(syn.first_segment).map_err(pct_error)?;
            if c.peek() == Some(b':') && c.pos() > 0 {
                return Err(ParseError::new(
                    c.pos(),
                    ParseErrorKind::ColonInFirstSegment,
                    rule.name_in(edition),
                ));
            }
        }
        if rule.needs_scheme() {
            return Err(ParseError::new(0, ParseErrorKind::MissingScheme, "scheme"));
        }
    }

    // hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
    // relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
    // (`net_path = "//" server [ abs_path ]` before: "the server component wins".)
    //
    // 1994 has no generic syntax: the scheme's entry in the table of rules says whether the
    // "//" of the Common Internet Scheme Syntax must follow (section 3.1) and how much of
    // `login` it admits; the rules without it read the rest as their scheme-specific part.
    let mut login = None;
    let has_authority = if syn.authority == AuthorityRule::Login1994 {
        let scheme = spans.scheme.clone().unwrap_or_default();
        let entry = schemes1994::entry(input, scheme, rule.name())?;
        login = entry.access();
        if login.is_some() {
            schemes1994::slashes(input, c.pos(), entry)?;
        }
        login.is_some()
    } else {
        !in_first_segment && c.at(b"//")
    };
    if has_authority {
        // INVARIANT: the two bytes at the cursor are the "//" just seen.
        c.advance(2);
        if rfc3986 {
            authority(&mut c, spans)?;
        } else if let Some(access) = login {
            schemes1994::login(&mut c, access, spans, true)?;
        } else {
            let start = c.pos();
            delimit_old_authority(&mut c, syn)?;
            old_authority(input, start..c.pos(), syn, spans)?;
        }
    }

    // Section 3.3: "The path is terminated by the first question mark ("?") or number sign
    // ("#") character, or by the end of the URI."
    let path_start = if in_first_segment { 0 } else { c.pos() };
    if rfc3986 {
        path(
            &mut c,
            has_authority,
            spans.scheme.is_some(),
            in_first_segment,
        )?;
    } else {
        // `path_segments = segment *( "/" segment )`, `segment = *pchar *( ";" param )`; 1994's
        // url-path or scheme-specific part, any `xchar`.
        c.scan(syn.path).map_err(|i| escape_error(syn, i))?;
        if !matches!(c.peek(), None | Some(b'?' | b'#')) {
            return Err(unexpected(&c, syn.path_rule));
        }
    }
    spans.path = path_start..c.pos();

    // Section 3.4: "The query component is indicated by the first question mark ("?") character
    // and terminated by a number sign ("#") character or by the end of the URI."
    if c.peek() == Some(b'?') {
        if has_authority && spans.path.is_empty() && !syn.query_after_authority {
            return Err(unexpected(&c, "net_path"));
        }
        // INVARIANT: the byte at the cursor is the '?' just seen.
        c.advance(1);
        let start = c.pos();
        c.scan(syn.query).map_err(pct_error)?;
        if !matches!(c.peek(), None | Some(b'#')) {
            return Err(unexpected(&c, "query"));
        }
        spans.query = Some(start..c.pos());
    }

    // Section 3.5: "A fragment identifier component is indicated by the presence of a number
    // sign ("#") character and terminated by the end of the URI."
    if c.peek() == Some(b'#') {
        let allowed = match rule {
            Rule::AbsoluteUri => false,
            Rule::RelativeRef => syn.relative_has_fragment,
            _ => true,
        };
        if !allowed {
            return Err(ParseError::new(
                c.pos(),
                ParseErrorKind::FragmentNotAllowed,
                rule.name_in(edition),
            ));
        }
        // INVARIANT: the byte at the cursor is the '#' just seen.
        c.advance(1);
        let start = c.pos();
        c.scan(syn.fragment).map_err(|i| escape_error(syn, i))?;
        if c.peek().is_some() {
            return Err(unexpected(&c, "fragment"));
        }
        spans.fragment = Some(start..c.pos());
    }
    Ok(())
}

/// Reads the authority of an edition before RFC 3986 to its end: the bytes any of its
/// alternatives may hold ([`Syntax::authority_any`]), and for 2003 an `IPv6reference`, read
/// forward so that a malformed one is rejected within its first 40 bytes. The alternatives are
/// matched afterwards, on the bytes read ([`old_authority`]).
fn delimit_old_authority(c: &mut Cursor<'_>, syn: &Syntax) -> Result<(), ParseError> {
    loop {
        c.scan(syn.authority_any).map_err(pct_error)?;
        match c.peek() {
            None | Some(b'/' | b'?' | b'#') => return Ok(()),
            Some(b'[') if syn.host == HostRule::Rfc2396bis => {
                let open = c.pos();
                // INVARIANT: the byte at the cursor is the '[' just seen.
                c.advance(1);
                let literal = c.pos();
                let rest = c.bytes().get(literal..).unwrap_or_default();
                let read = ipv6address_prefix(rest);
                let stop = match read {
                    Ok(n) | Err(n) => n,
                };
                // INVARIANT: the reader stopped within `rest`.
                c.advance(stop.min(rest.len()));
                match (read, c.peek()) {
                    // INVARIANT: the byte at the cursor is the ']' just seen.
                    (Ok(_), Some(b']')) => c.advance(1),
                    (_, None | Some(b'/' | b'?' | b'#')) => {
                        return Err(ParseError::new(
                            open,
                            ParseErrorKind::UnclosedBracket,
                            "IPv6reference",
                        ))
                    }
                    _ => {
                        return Err(ParseError::new(
                            literal,
                            ParseErrorKind::IpLiteral,
                            "IPv6address",
                        ))
                    }
                }
            }
            Some(_) => return Err(unexpected(c, syn.authority_name)),
        }
    }
}

/// Section 3.3, the five path forms:
///
/// ```text
/// path-abempty  = *( "/" segment )             ; after an authority
/// path-absolute = "/" [ segment-nz *( "/" segment ) ]
/// path-noscheme = segment-nz-nc *( "/" segment ) ; relative-ref only
/// path-rootless = segment-nz *( "/" segment )    ; URI only
/// path-empty    = 0<pchar>
/// ```
///
/// What was read before settles the form: after an authority the path is empty or starts with
/// "/" (`path-abempty`); a leading "//" was taken as an authority, so a path starting with "/" is
/// `path-absolute`; otherwise a URI's path is `path-rootless` and a relative reference's is
/// `path-noscheme`, whose first segment may not hold ":". The path ends at the first byte that
/// is not in it, which must be "?", "#" or the end.
///
/// Inlined into the walk, its one caller: a call would save and restore the registers that
/// hold the cursor, once per parse.
#[inline(always)]
fn path(
    c: &mut Cursor<'_>,
    after_authority: bool,
    has_scheme: bool,
    in_first_segment: bool,
) -> Result<(), ParseError> {
    let rule = if after_authority {
        "path-abempty"
    } else {
        match c.peek() {
            Some(b'/') if !in_first_segment => "path-absolute",
            _ if has_scheme => "path-rootless",
            None | Some(b'?' | b'#') if !in_first_segment => return Ok(()),
            _ => {
                // segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
                c.scan(&chars::SEGMENT_NZ_NC).map_err(pct_error)?;
                match c.peek() {
                    None | Some(b'?' | b'#') => return Ok(()),
                    Some(b'/') => {}
                    Some(b':') => {
                        return Err(ParseError::new(
                            c.pos(),
                            ParseErrorKind::ColonInFirstSegment,
                            "path-noscheme",
                        ))
                    }
                    Some(_) => return Err(unexpected(c, "segment-nz-nc")),
                }
                "path-noscheme"
            }
        }
    };
    c.scan(&chars::PATH).map_err(pct_error)?;
    match c.peek() {
        None | Some(b'?' | b'#') => Ok(()),
        Some(_) => Err(unexpected(c, rule)),
    }
}

/// Section 3.2: `authority = [ userinfo "@" ] host [ ":" port ]`, read forward from the cursor
/// (just after the "//") to the first byte that ends it ("/", "?", "#" or the end).
///
/// Section 3.2.1: the user information "is followed by a commercial at-sign ("@") that delimits
/// it from the host". `userinfo` holds every byte of `reg-name` and ":" as well, so one scan
/// reads what is either a userinfo (if an "@" comes) or a host and port (if the authority ends
/// first); the bytes after the first ":" are remembered as a port that went wrong, to be
/// reported if no "@" comes.
///
/// Inlined into the walk, its one caller, as [`path`] is.
#[inline(always)]
fn authority(c: &mut Cursor<'_>, spans: &mut Spans) -> Result<(), ParseError> {
    let start = c.pos();
    if c.peek() != Some(b'[') {
        c.scan(&chars::REG_NAME).map_err(pct_error)?;
        match c.peek() {
            Some(b'@') => return after_userinfo(c, spans, start),
            Some(b':') => {}
            None | Some(b'/' | b'?' | b'#') => {
                let host = c.since(start);
                spans.host = Some((start..c.pos(), reg_name_or_ipv4(host)));
                spans.authority = Some(start..c.pos());
                return Ok(());
            }
            Some(_) => return Err(unexpected(c, "reg-name")),
        }
        // A ":": the port of the host read so far, or a ":" of a userinfo.
        let colon = c.pos();
        // INVARIANT: the byte at the cursor is the ':' just seen.
        c.advance(1);
        // port = *DIGIT
        c.scan(&chars::DIGIT).map_err(pct_error)?;
        match c.peek() {
            Some(b'@') => return after_userinfo(c, spans, start),
            b if ends_hier_part(b) => {
                let host = c.bytes().get(start..colon).unwrap_or_default();
                spans.host = Some((start..colon, reg_name_or_ipv4(host)));
                spans.port = Some(colon + 1..c.pos());
                spans.authority = Some(start..c.pos());
                return Ok(());
            }
            _ => {}
        }
        // Not a port; still a userinfo if an "@" follows.
        let port_error = unexpected(c, "port");
        let scanned = c.scan(&chars::USERINFO);
        return match c.peek() {
            Some(b'@') if scanned.is_ok() => after_userinfo(c, spans, start),
            _ => Err(port_error),
        };
    }
    host_and_port(c, spans, start)
}

/// The rest of an authority after its `userinfo` (`start..` the cursor, which is on the "@").
fn after_userinfo(c: &mut Cursor<'_>, spans: &mut Spans, start: usize) -> Result<(), ParseError> {
    spans.userinfo = Some(start..c.pos());
    // INVARIANT: the byte at the cursor is the '@' just seen.
    c.advance(1);
    let host_start = c.pos();
    host_and_port(c, spans, host_start)?;
    spans.authority = Some(start..c.pos());
    Ok(())
}

/// Section 3.2.2, `host = IP-literal / IPv4address / reg-name`, then section 3.2.3,
/// `[ ":" port ]`, from the cursor to the end of the authority.
fn host_and_port(c: &mut Cursor<'_>, spans: &mut Spans, start: usize) -> Result<(), ParseError> {
    let kind = if c.peek() == Some(b'[') {
        ip_literal(c, start)?
    } else {
        c.scan(&chars::REG_NAME).map_err(pct_error)?;
        if !(c.peek() == Some(b':') || ends_hier_part(c.peek())) {
            return Err(unexpected(c, "reg-name"));
        }
        reg_name_or_ipv4(c.since(start))
    };
    spans.host = Some((start..c.pos(), kind));
    if c.peek() == Some(b':') {
        // INVARIANT: the byte at the cursor is the ':' just seen.
        c.advance(1);
        let port = c.pos();
        c.scan(&chars::DIGIT).map_err(pct_error)?;
        if !ends_hier_part(c.peek()) {
            return Err(unexpected(c, "port"));
        }
        spans.port = Some(port..c.pos());
    }
    spans.authority.get_or_insert(start..c.pos());
    Ok(())
}

/// "If host matches the rule for IPv4address, then it should be considered an IPv4 address
/// literal and not a registered name" (section 3.2.2); `host` is already known to be a
/// `reg-name`.
fn reg_name_or_ipv4(host: &[u8]) -> HostKind {
    if host.first().is_some_and(u8::is_ascii_digit) && ipv4address(host) {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` (section 3.2.2), the cursor on the "[" at
/// `start`. The literal is read forward and rejected at the first byte that cannot continue it;
/// one that runs into the end of the authority is an unclosed bracket.
fn ip_literal(c: &mut Cursor<'_>, start: usize) -> Result<HostKind, ParseError> {
    // INVARIANT: the byte at the cursor is the '[' just seen.
    c.advance(1);
    let literal = c.pos();
    let rest = c.bytes().get(literal..).unwrap_or_default();
    let (read, kind, rule) = if matches!(c.peek(), Some(b'v' | b'V')) {
        (ipvfuture_prefix(rest), HostKind::IpvFuture, "IPvFuture")
    } else {
        (ipv6address_prefix(rest), HostKind::Ipv6, "IPv6address")
    };
    let stop = match read {
        Ok(n) | Err(n) => n,
    };
    // INVARIANT: the reader stopped within `rest`, so the cursor stays within the input.
    c.advance(stop.min(rest.len()));
    match (read, c.peek()) {
        (Ok(_), Some(b']')) => {
            // INVARIANT: the byte at the cursor is the ']' just seen.
            c.advance(1);
            match c.peek() {
                Some(b':') | None | Some(b'/' | b'?' | b'#') => Ok(kind),
                Some(_) => Err(unexpected(c, "authority")),
            }
        }
        (_, b) if ends_hier_part(b) => Err(ParseError::new(
            start,
            ParseErrorKind::UnclosedBracket,
            "IP-literal",
        )),
        _ => Err(ParseError::new(literal, ParseErrorKind::IpLiteral, rule)),
    }
}

/// The authority of the generic editions before RFC 3986: `server` (1996), `site = server |
/// authority` (`-01`), `authority = server | reg_name` (`-02`), `authority` (2003).
fn old_authority(
    input: &[u8],
    range: Range<usize>,
    syn: &Syntax,
    spans: &mut Spans,
) -> Result<(), ParseError> {
    spans.authority = Some(range.clone());
    let server_error = match server(input, range.clone(), syn, spans) {
        Ok(()) => return Ok(()),
        Err(e) => e,
    };
    // The registry-based alternative, where the edition has one.
    let (rule, non_empty) = match syn.authority {
        AuthorityRule::SiteOrRegistry01 => ("authority", false),
        AuthorityRule::ServerOrRegName02 => ("reg_name", true),
        AuthorityRule::Server1996
        | AuthorityRule::Authority2003
        | AuthorityRule::Rfc3986
        | AuthorityRule::Login1994 => return Err(server_error),
    };
    if (non_empty && range.is_empty()) || check(input, range.clone(), syn.registry, rule).is_err() {
        return Err(server_error);
    }
    spans.userinfo = None;
    spans.host = None;
    spans.port = None;
    spans.user = None;
    spans.password = None;
    spans.reg_name = syn.authority == AuthorityRule::ServerOrRegName02;
    Ok(())
}

/// `server = [ [ user [ ":" password ] "@" ] hostport ]` (1996), `[ [ userinfo "@" ] hostport ]`
/// (1998), and 2003's `authority = [ userinfo "@" ] host [ ":" port ]`.
fn server(
    input: &[u8],
    range: Range<usize>,
    syn: &Syntax,
    spans: &mut Spans,
) -> Result<(), ParseError> {
    let Range { start, end } = range;
    // The input up to the end of the authority: no search below reads past it.
    let authority = input.get(..end).unwrap_or_default();
    // 1996 and 1998: the whole server is optional.
    if start == end
        && matches!(
            syn.host,
            HostRule::HostnameOrHostnumber | HostRule::HostnameOrHostnumberDot
        )
    {
        return Ok(());
    }
    let mut host_start = start;
    if let Some(at) = input
        .get(start..end)
        .and_then(|a| a.iter().position(|&b| b == b'@'))
    {
        let userinfo = start..start + at;
        if syn.authority == AuthorityRule::Server1996 {
            // `user [ ":" password ]`: neither holds ":".
            let colon = find(authority, start, b":").min(userinfo.end);
            check(input, start..colon, syn.userinfo, "user")?;
            spans.user = Some(start..colon);
            if colon < userinfo.end {
                check(input, colon + 1..userinfo.end, syn.userinfo, "password")?;
                spans.password = Some(colon + 1..userinfo.end);
            }
        } else {
            check(input, userinfo.clone(), syn.userinfo, "userinfo")?;
        }
        spans.userinfo = Some(userinfo);
        host_start = start + at + 1;
    }

    // hostport = host [ ":" port ]
    let host_end;
    let kind;
    if syn.host == HostRule::Rfc2396bis && input.get(host_start) == Some(&b'[') {
        // IPv6reference = "[" IPv6address "]"
        let close = find(authority, host_start + 1, b"]");
        if close >= end {
            return Err(ParseError::new(
                host_start,
                ParseErrorKind::UnclosedBracket,
                "IPv6reference",
            ));
        }
        if !ipv6address(input.get(host_start + 1..close).unwrap_or_default()) {
            return Err(ParseError::new(
                host_start + 1,
                ParseErrorKind::IpLiteral,
                "IPv6address",
            ));
        }
        host_end = close + 1;
        if host_end < end && input.get(host_end) != Some(&b':') {
            let byte = input.get(host_end).copied().unwrap_or(0);
            return Err(ParseError::new(
                host_end,
                ParseErrorKind::UnexpectedByte { byte },
                "authority",
            ));
        }
        kind = HostKind::Ipv6;
    } else {
        host_end = find(authority, host_start, b":");
        let host = input.get(host_start..host_end).unwrap_or_default();
        kind = match syn.host {
            // "The rightmost domain label will never start with a digit, though, which
            // syntactically distinguishes all domain names from the IP addresses."
            HostRule::HostnameOrHostnumber | HostRule::HostnameOrHostnumberDot
                if hostnumber(host) =>
            {
                HostKind::Ipv4
            }
            HostRule::HostnameOrHostnumber if syntax::hostname_1996(host) => HostKind::Hostname,
            HostRule::HostnameOrHostnumberDot if syntax::hostname_1998(host) => HostKind::Hostname,
            // host = [ IPv6reference / IPv4address / hostname ]: first match wins.
            HostRule::Rfc2396bis if host.is_empty() => HostKind::Empty,
            HostRule::Rfc2396bis if ipv4address(host) => HostKind::Ipv4,
            HostRule::Rfc2396bis if syntax::hostname_2003(host) => HostKind::Hostname,
            _ => return Err(ParseError::new(host_start, ParseErrorKind::Host, "host")),
        };
    }
    spans.host = Some((host_start..host_end, kind));
    // port = *digit
    if host_end < end {
        check(input, host_end + 1..end, &chars::DIGIT, "port")?;
        spans.port = Some(host_end + 1..end);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cursor::work;

    fn err(input: &str) -> ParseError {
        parse(input.as_bytes()).unwrap_err()
    }

    #[track_caller]
    fn fails_at(input: &str, index: usize, kind: ParseErrorKind, rule: &str) {
        let e = err(input);
        assert_eq!(
            (e.index(), e.kind(), e.rule()),
            (index, kind, rule),
            "{input}"
        );
    }

    #[test]
    fn error_offsets_and_rules() {
        use ParseErrorKind::*;
        fails_at("1a:b", 2, ColonInFirstSegment, "path-noscheme");
        fails_at("http://a/%zz", 9, PctEncoded, "pct-encoded");
        fails_at("http://a/%2", 9, PctEncoded, "pct-encoded");
        fails_at("http://a:8x/", 10, UnexpectedByte { byte: b'x' }, "port");
        fails_at("http://[::1/", 7, UnclosedBracket, "IP-literal");
        fails_at("http://[1::2::3]/", 8, IpLiteral, "IPv6address");
        fails_at("http://[v.x]/", 8, IpLiteral, "IPvFuture");
        fails_at(
            "http://[::1]x/",
            12,
            UnexpectedByte { byte: b'x' },
            "authority",
        );
        fails_at(
            "http://a@b@c/",
            10,
            UnexpectedByte { byte: b'@' },
            "reg-name",
        );
        fails_at("#a#b", 2, UnexpectedByte { byte: b'#' }, "fragment");
        fails_at("a b", 1, UnexpectedByte { byte: b' ' }, "segment-nz-nc");
        fails_at(
            "http://a/\u{e9}",
            9,
            UnexpectedByte { byte: 0xc3 },
            "path-abempty",
        );
    }

    /// An input of about `n` bytes: `prefix`, then `unit` repeated, then `suffix`.
    fn shape(prefix: &str, unit: &str, suffix: &str, n: usize) -> String {
        let count = n.saturating_sub(prefix.len() + suffix.len()) / unit.len().max(1);
        format!("{prefix}{}{suffix}", unit.repeat(count))
    }

    /// Hostile inputs: where each goes wrong (the offset the error names) and how far the parser
    /// read (counted by the cursor), for a 1 MB tail after the byte that cannot continue.
    #[test]
    fn hostile_inputs_are_rejected_where_they_go_wrong() {
        use ParseErrorKind::*;
        const MB: usize = 1 << 20;
        let cases: [(String, usize, ParseErrorKind, usize); 7] = [
            // An IP literal that is no IPv6address: rejected within its first 40 bytes.
            (shape("http://[", "12:", "", MB), 8, IpLiteral, 8 + 40),
            (shape("http://[::", "1", "]", MB), 8, IpLiteral, 8 + 40),
            (
                shape("http://[v1.", "x", "", MB),
                7,
                UnclosedBracket,
                MB + 16,
            ),
            (
                shape("http://a b", "a", "", MB),
                8,
                UnexpectedByte { byte: b' ' },
                8 + 16,
            ),
            (shape("http://a/%zz", "a", "", MB), 9, PctEncoded, 9 + 16),
            (
                shape("http://a/?<", "a", "", MB),
                10,
                UnexpectedByte { byte: b'<' },
                10 + 16,
            ),
            (
                shape("a:b", "c", "#[", MB),
                MB - 1,
                UnexpectedByte { byte: b'[' },
                MB + 16,
            ),
        ];
        for (input, index, kind, most) in cases {
            let (read, result) = work::count(|| parse(input.as_bytes()));
            let e = result.expect_err(&input[..20]);
            assert_eq!((e.index(), e.kind()), (index, kind), "{}", &input[..20]);
            assert!(
                read <= most,
                "{}: read {read} bytes, at most {most}",
                &input[..20]
            );
        }
    }

    /// RFC 3986's components, cut from the text front to back, are those cut out one by one
    /// from their spans, for every shape of reference.
    #[test]
    fn cutting_in_order_gives_what_slicing_each_span_gives() {
        let inputs = [
            "http://a/b/c/d;p?q",
            "foo://example.com:8042/over/there?name=ferret#nose",
            "http://u:p@[::1]:80/x?y#z",
            "http://[v7.x]",
            "http://%41@h%42:1/%43?%44#%45",
            "x://@:",
            "http://u@h:/p",
            "http://h:?#",
            "http://a?b",
            "http://a#b",
            "file:///etc",
            "//h",
            "//",
            "///a",
            "?q",
            "#f",
            "",
            "a:b",
            "a:",
            "mailto:a@b",
            "urn:x:y",
            "../g",
            "g;x?y#s",
            "a/b:c",
        ];
        for input in inputs {
            let mut spans = Spans::default();
            let rule = Rule::default();
            reference(
                input.as_bytes(),
                rule,
                Edition::Rfc3986,
                &syntax::RFC3986_CONST,
                &mut spans,
            )
            .unwrap_or_else(|e| panic!("{input}: {e}"));
            let sliced = spans.clone().components_sliced(input);
            assert_eq!(spans.components_3986(input), sliced, "{input}");
            assert_eq!(parse(input.as_bytes()).ok(), Some(sliced), "{input}");
        }
    }

    /// Every edition on the one walk rejects a hostile input near the byte that cannot
    /// continue, however long its tail (1 MB here): within 64 bytes read. (1994 has no IP
    /// literal: its host cannot begin with "[".)
    #[test]
    fn every_edition_rejects_near_the_bad_byte() {
        const MB: usize = 1 << 20;
        let inputs = [
            shape("http://[", "12:", "]/", MB),
            shape("http://[::", "1", "]/", MB),
            shape("http://a b", "a", "/", MB),
            shape("http://a/b c", "a", "", MB),
            shape("http://a/b?<", "a", "", MB),
            shape("http://a/b#>", "a", "", MB),
            shape("a b", "a", "", MB),
            shape("http://a/%zz", "a", "", MB),
        ];
        for edition in Edition::ALL {
            for input in &inputs {
                let parser = Parser::new().edition(edition);
                let (read, result) = work::count(|| parser.parse(input.as_bytes()));
                assert!(result.is_err(), "{edition} {}", &input[..16]);
                assert!(read <= 64, "{edition} {}: read {read} bytes", &input[..16]);
            }
        }
    }

    /// Linear time, by counting: the bytes read per input byte are the same at 1 KB and at
    /// 1 MB, for every edition and every shape of long input.
    #[test]
    fn work_per_byte_is_flat_from_1_kb_to_1_mb() {
        let shapes = [
            ("http://a", "/abc", ""),
            ("http://a/b", "/..", "/g"),
            ("http://a", "/./a/..", "/g"),
            ("http://a/?", "a=b&", ""),
            ("http://a/", "%41", ""),
            ("http://", "a", "/"),
            ("http://", "a.", "a/"),
            ("http://", "u:p", "@a/"),
            ("http://[", "12:", "]/"),
            ("http://a/#", "a/?", ""),
            ("", "a/", ""),
            ("ftp://h/", "a/", ";type=a"),
            ("news:", "a.", "a"),
            ("mailto:", "a", "@b"),
        ];
        for edition in Edition::ALL {
            let parser = Parser::new().edition(edition);
            for (prefix, unit, suffix) in shapes {
                let per_byte = |n: usize| {
                    let input = shape(prefix, unit, suffix, n);
                    let (read, _) = work::count(|| parser.parse(input.as_bytes()));
                    read as f64 / input.len() as f64
                };
                let (small, large) = (per_byte(1 << 10), per_byte(1 << 20));
                assert!(
                    large <= 4.0 && large <= small * 1.1 + 0.1,
                    "{edition} {prefix}{unit}..: {small:.2} bytes read per byte at 1 KB, \
                     {large:.2} at 1 MB"
                );
            }
        }
    }

    #[test]
    fn rules_restrict_the_reference() {
        let p = |rule, s: &str| Parser::new().rule(rule).parse(s.as_bytes()).map(|_| ());
        assert!(p(Rule::Uri, "a:b").is_ok());
        assert_eq!(
            p(Rule::Uri, "//a").unwrap_err().kind(),
            ParseErrorKind::MissingScheme
        );
        assert_eq!(p(Rule::AbsoluteUri, "a:b#c").unwrap_err().index(), 3);
        assert_eq!(
            p(Rule::RelativeRef, "a:b").unwrap_err().kind(),
            ParseErrorKind::ColonInFirstSegment
        );
        assert!(p(Rule::RelativeRef, "./a:b").is_ok());
    }

    #[test]
    fn non_utf8_is_invalid_not_a_panic() {
        for input in [&b"\xff"[..], b"http://a/\xc3", b"\x80:b", b"a:\xfe"] {
            assert!(parse(input).is_err());
        }
    }

    #[test]
    fn undefined_is_not_empty() {
        let c = parse(b"http://a").unwrap();
        assert_eq!(
            (c.path, c.query, c.fragment, c.port, c.userinfo),
            (Some(""), None, None, None, None)
        );
        let c = parse(b"http://@a:?#").unwrap();
        assert_eq!(
            (c.userinfo, c.port, c.query, c.fragment),
            (Some(""), Some(""), Some(""), Some(""))
        );
        let c = parse(b"").unwrap();
        assert_eq!((c.scheme, c.authority, c.path), (None, None, Some("")));
    }
}
