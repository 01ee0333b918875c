//! The editions as data: for each document of the generic syntax, its character classes, which
//! alternatives its `authority` and `host` rules have, and its resolution procedure. The engine
//! in [`crate::parse`] reads these; nothing here is a parser.
//!
//! Sources, by edition:
//! - `draft-ietf-url-syntax-00` (seed 003, 1996): Appendix A, "Collected BNF for URLs".
//! - `draft-fielding-uri-syntax-01` and `-02` (seed 000, 1998): the old and new sides of the
//!   diff. Rules outside the diff hunks (`hostport`, `host`, `hostname`, `domainlabel`,
//!   `toplabel`, `hostnumber`, `port`, `generic-URI`, `relativeURI`, `abs_path`, `rel_path`,
//!   `path_segments`, `uric`, `escaped`) are taken from the neighbouring edition, 1996; the
//!   `-01` side's `server = [ [ userinfo ] "@" ] hostport ]` has an unbalanced bracket and is
//!   read as `[ [ [ userinfo ] "@" ] hostport ]`.
//! - `draft-fielding-uri-rfc2396bis-02` (seed 004, 2003): the ABNF rules of sections 2 to 4 (its
//!   Appendix A is "To be filled-in later").
//! - `rfc3986`: RFC 3986 Appendix A, the tables of [`crate::chars`].
//! - `draft-ietf-uri-url-06` (seed 001, 1994): its section 5 BNF has no generic syntax, only a
//!   rule per scheme; its entry gives what the walk reads for every scheme (section 2.1's
//!   `<scheme>:<scheme-specific-part>`, section 3.1's `//` and login, the URL up to a `#`), and
//!   [`crate::schemes1994`] holds the table of per-scheme checks that follow the walk.

use crate::chars::{self, Table, ALPHA, DIGIT};
use crate::edition::Edition;
use crate::schemes1994;

/// How an edition's `authority` (or `server`, or `site`) component is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AuthorityRule {
    /// 1996: `server = [ [ user [ ":" password ] "@" ] hostport ]`.
    Server1996,
    /// `-01`: `site = server | authority`, the registry-based `authority` being
    /// `*( unreserved | escaped | ";" | ":" | "@" | "&" | "=" | "+" )`.
    SiteOrRegistry01,
    /// `-02`: `authority = server | reg_name`, `reg_name = 1*( ... )`.
    ServerOrRegName02,
    /// 2003: `authority = [ userinfo "@" ] host [ ":" port ]`, `host` possibly empty, no reg-name.
    Authority2003,
    /// RFC 3986: `authority = [ userinfo "@" ] host [ ":" port ]`, read forward by
    /// [`crate::parse`]'s cursor.
    Rfc3986,
    /// 1994, section 3.1: `login = [ user [ ":" password ] "@" ] hostport`, or only `hostport`
    /// or `host`, as the scheme's entry says; present only where the scheme's rule begins with
    /// `"//"`. Read forward by [`crate::schemes1994::login`].
    Login1994,
}

/// How an edition's `host` is recognized.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HostRule {
    /// 1996: `host = hostname | hostnumber`, with `toplabel` beginning with `alpha`.
    HostnameOrHostnumber,
    /// 1998 (`-01` and `-02`): the same, and `hostname = *( domainlabel "." ) toplabel [ "." ]`
    /// (a fully qualified name may end with its root's dot).
    HostnameOrHostnumberDot,
    /// 2003: `host = [ IPv6reference / IPv4address / hostname ]`, first match wins.
    Rfc2396bis,
    /// RFC 3986: `host = IP-literal / IPv4address / reg-name`.
    Rfc3986,
    /// 1994: `host = hostname | hostnumber`, with `hostname = alpha *uchar`.
    Url1994,
}

/// Which resolution procedure an edition prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Resolution {
    /// 1996, section 5.2: steps 1 to 7, the reference's query merged into the buffer (6c) before
    /// dot-segment removal; `..` above the root kept.
    Url1996,
    /// 1998 (`-01` and `-02`), section 5.2: steps 1 to 7; step 6 lies outside the diff and is
    /// taken from 1996 without its query steps (6c, 6h, 6i), since step 2 of both sides says the
    /// query is "defined as found (or not found) within the URI reference".
    Uri1998,
    /// 2003, section 5.2: the pseudocode with the string-buffer merge steps.
    Rfc2396bis,
    /// RFC 3986, section 5.2.
    Rfc3986,
    /// 1994 defines no relative references, so nothing to resolve.
    Undefined,
}

/// An edition's grammar, as data.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Syntax {
    /// Every byte any alternative of the edition's authority may hold (`userinfo` or `user` and
    /// `password`, the registry, `hostname`, `hostnumber`, `port`, ":" and "@"), with
    /// `pct-encoded` where one of them admits it; "[" and "]" are read as an `IPv6reference`
    /// where the edition has one. The authority ends at the first byte outside it.
    pub authority_any: &'static Table,
    /// The bytes a scheme may begin with.
    pub scheme_first: &'static Table,
    /// The bytes of a scheme after the first.
    pub scheme: &'static Table,
    /// `user`/`password` (1996) or `userinfo`.
    pub userinfo: &'static Table,
    /// The registry-based naming authority's bytes, where the edition has one.
    pub registry: &'static Table,
    /// The `authority` alternatives.
    pub authority: AuthorityRule,
    /// The `host` alternatives.
    pub host: HostRule,
    /// Every byte a path may hold (`pchar`, `";"` of `param`, and `"/"`).
    pub path: &'static Table,
    /// The bytes of the first segment of a relative path: the path's bytes without ":" (the
    /// documents' prose rule, section 4.2 of RFC 3986's `segment-nz-nc`) and without "/".
    pub first_segment: &'static Table,
    /// The bytes of a query.
    pub query: &'static Table,
    /// The bytes of a fragment.
    pub fragment: &'static Table,
    /// Whether `relativeURL`/`relativeURI` includes the fragment (2003's `relative-URI` does;
    /// the 1996 and 1998 rules leave it to `URI-reference`).
    pub relative_has_fragment: bool,
    /// Whether a query may follow an authority directly. 1996 and 1998 say no:
    /// `net_path = "//" server [ abs_path ]` and the query lives only in
    /// `rel_path = [ path_segments ] [ "?" query ]`, so `http://a?b` is no generic URL there;
    /// 2003 moved `[ "?" query ]` outside `hier-part`.
    pub query_after_authority: bool,
    /// The resolution procedure.
    pub resolution: Resolution,
    /// What the edition calls the authority component.
    pub authority_name: &'static str,
    /// `unreserved`: the characters whose percent-encoding normalization decodes.
    pub unreserved: &'static Table,
    /// Whether the edition defines relative references (1994 does not: "URLs are written as
    /// follows: <scheme>:<scheme-specific-part>").
    pub relative: bool,
    /// The rule a malformed percent-escape is reported against.
    pub escape_rule: &'static str,
    /// The rule a byte the path may not hold is reported against.
    pub path_rule: &'static str,
}

// ---- 1996: draft-ietf-url-syntax-00, Appendix A ----------------------------------------------

/// `mark = "$" | "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")" | ","` (1996, and `-01`).
const MARK_1996: Table = Table::EMPTY.with(b"$-_.!~*'(),");
/// `unreserved = alpha | digit | mark` (1996).
const UNRESERVED_1996: Table = ALPHA.union(&DIGIT).union(&MARK_1996);
/// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+"` (1996, and `-01`).
const RESERVED_1996: Table = Table::EMPTY.with(b";/?:@&=+");
/// `scheme = 1*( alpha | digit | "+" | "-" | "." )` (1996, and `-01`).
const SCHEME_1996: Table = ALPHA.union(&DIGIT).with(b"+-.");
/// `user = *( unreserved | escaped | ";" | "&" | "=" | "+" )`, and `password` alike (1996).
const USER_1996: Table = UNRESERVED_1996.with(b";&=+").with_pct_encoded();
/// `pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+"` with `";"` (of `param`) and
/// `"/"` (of `path_segments`) (1996, and `-01`).
const PATH_1996: Table = UNRESERVED_1996.with(b":@&=+;/").with_pct_encoded();
/// `urlc = reserved | unreserved | escaped`: `query = *urlc`, `fragment = *urlc` (1996).
const URLC_1996: Table = RESERVED_1996.union(&UNRESERVED_1996).with_pct_encoded();

// ---- 1998: draft-fielding-uri-syntax-01 (old side of 000) -------------------------------------

/// `userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" )` (`-01`).
const USERINFO_01: Table = UNRESERVED_1996.with(b";:&=+").with_pct_encoded();
/// `authority = *( unreserved | escaped | ";" | ":" | "@" | "&" | "=" | "+" )` (`-01`, the
/// registry-based alternative of `site`).
const REGISTRY_01: Table = UNRESERVED_1996.with(b";:@&=+").with_pct_encoded();

// ---- 1998: draft-fielding-uri-syntax-02 (new side of 000) -------------------------------------

/// `mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"` (`-02`, and 2003).
const MARK_02: Table = Table::EMPTY.with(b"-_.!~*'()");
/// `unreserved = alphanum | mark` (`-02`, and 2003's `ALPHA / DIGIT / mark`).
const UNRESERVED_02: Table = ALPHA.union(&DIGIT).union(&MARK_02);
/// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","` (`-02`).
const RESERVED_02: Table = Table::EMPTY.with(b";/?:@&=+$,");
/// `scheme = alpha *( alpha | digit | "+" | "-" | "." )` (`-02`, and 2003).
const SCHEME_REST_02: Table = ALPHA.union(&DIGIT).with(b"+-.");
/// `userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )` (`-02`,
/// and 2003).
const USERINFO_02: Table = UNRESERVED_02.with(b";:&=+$,").with_pct_encoded();
/// `reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )`.
const REG_NAME_02: Table = UNRESERVED_02.with(b"$,;:@&=+").with_pct_encoded();
/// `pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ","` with `";"` and `"/"`.
const PATH_02: Table = UNRESERVED_02.with(b":@&=+$,;/").with_pct_encoded();
/// `uric = reserved | unreserved | escaped`: `query = *uric` (and `fragment`, from 1996's form).
const URIC_02: Table = RESERVED_02.union(&UNRESERVED_02).with_pct_encoded();

// ---- 2003: draft-fielding-uri-rfc2396bis-02 ---------------------------------------------------

/// `pchar = unreserved / escaped / ";" / ":" / "@" / "&" / "=" / "+" / "$" / ","`, with `"/"` of
/// `path-segments` (2003).
const PATH_2003: Table = UNRESERVED_02.with(b";:@&=+$,/").with_pct_encoded();
/// `query = *( pchar / "/" / "?" )` and `fragment = *( pchar / "/" / "?" )` (2003).
const QUERY_2003: Table = PATH_2003.with(b"?");

const EMPTY: Table = Table::EMPTY;

/// The hostname, hostnumber and port bytes, with the ":" and "@" of the authority.
const HOST_PORT_ANY: Table = ALPHA.union(&DIGIT).with(b"-.:@");
const AUTHORITY_ANY_1996: Table = USER_1996.union(&HOST_PORT_ANY);
const AUTHORITY_ANY_01: Table = USERINFO_01.union(&REGISTRY_01).union(&HOST_PORT_ANY);
const AUTHORITY_ANY_02: Table = USERINFO_02.union(&REG_NAME_02).union(&HOST_PORT_ANY);
const AUTHORITY_ANY_2003: Table = USERINFO_02.union(&HOST_PORT_ANY);
const FIRST_SEGMENT_1996: Table = PATH_1996.without(b":/");
const FIRST_SEGMENT_02: Table = PATH_02.without(b":/");
const FIRST_SEGMENT_2003: Table = PATH_2003.without(b":/");
/// RFC 3986's authority is read by the cursor's own steps; the class is the widest of them.
const AUTHORITY_ANY_3986: Table = chars::USERINFO.with(b"@");

static URL_1996: Syntax = Syntax {
    authority_any: &AUTHORITY_ANY_1996,
    first_segment: &FIRST_SEGMENT_1996,
    scheme_first: &SCHEME_1996,
    scheme: &SCHEME_1996,
    userinfo: &USER_1996,
    registry: &EMPTY,
    authority: AuthorityRule::Server1996,
    host: HostRule::HostnameOrHostnumber,
    path: &PATH_1996,
    query: &URLC_1996,
    fragment: &URLC_1996,
    relative_has_fragment: false,
    resolution: Resolution::Url1996,
    authority_name: "server",
    unreserved: &UNRESERVED_1996,
    query_after_authority: false,
    relative: true,
    escape_rule: "pct-encoded",
    path_rule: "path_segments",
};

static URI_01: Syntax = Syntax {
    authority_any: &AUTHORITY_ANY_01,
    first_segment: &FIRST_SEGMENT_1996,
    scheme_first: &SCHEME_1996,
    scheme: &SCHEME_1996,
    userinfo: &USERINFO_01,
    registry: &REGISTRY_01,
    authority: AuthorityRule::SiteOrRegistry01,
    host: HostRule::HostnameOrHostnumberDot,
    path: &PATH_1996,
    query: &URLC_1996,
    fragment: &URLC_1996,
    relative_has_fragment: false,
    resolution: Resolution::Uri1998,
    authority_name: "site",
    unreserved: &UNRESERVED_1996,
    query_after_authority: false,
    relative: true,
    escape_rule: "pct-encoded",
    path_rule: "path_segments",
};

static URI_02: Syntax = Syntax {
    authority_any: &AUTHORITY_ANY_02,
    first_segment: &FIRST_SEGMENT_02,
    scheme_first: &ALPHA,
    scheme: &SCHEME_REST_02,
    userinfo: &USERINFO_02,
    registry: &REG_NAME_02,
    authority: AuthorityRule::ServerOrRegName02,
    host: HostRule::HostnameOrHostnumberDot,
    path: &PATH_02,
    query: &URIC_02,
    fragment: &URIC_02,
    relative_has_fragment: false,
    resolution: Resolution::Uri1998,
    authority_name: "authority",
    unreserved: &UNRESERVED_02,
    query_after_authority: false,
    relative: true,
    escape_rule: "pct-encoded",
    path_rule: "path_segments",
};

static RFC2396BIS_02: Syntax = Syntax {
    authority_any: &AUTHORITY_ANY_2003,
    first_segment: &FIRST_SEGMENT_2003,
    scheme_first: &ALPHA,
    scheme: &SCHEME_REST_02,
    userinfo: &USERINFO_02,
    registry: &EMPTY,
    authority: AuthorityRule::Authority2003,
    host: HostRule::Rfc2396bis,
    path: &PATH_2003,
    query: &QUERY_2003,
    fragment: &QUERY_2003,
    relative_has_fragment: true,
    resolution: Resolution::Rfc2396bis,
    authority_name: "authority",
    unreserved: &UNRESERVED_02,
    query_after_authority: true,
    relative: true,
    escape_rule: "pct-encoded",
    path_rule: "path_segments",
};

/// RFC 3986, Appendix A: the tables of [`crate::chars`].
pub(crate) static RFC3986: Syntax = RFC3986_CONST;

/// [`RFC3986`] as a constant, for [`crate::parse`]'s RFC 3986 walk: a `static` of this crate is
/// opaque to a caller's crate that inlines the walk, so its tests on the edition's data would
/// be made at run time; the constant's fields are known where the walk is compiled, and the
/// branches of the other editions fold away.
pub(crate) const RFC3986_CONST: Syntax = Syntax {
    authority_any: &AUTHORITY_ANY_3986,
    first_segment: &chars::SEGMENT_NZ_NC,
    scheme_first: &ALPHA,
    scheme: &chars::SCHEME,
    userinfo: &chars::USERINFO,
    registry: &chars::REG_NAME,
    authority: AuthorityRule::Rfc3986,
    host: HostRule::Rfc3986,
    path: &chars::PATH,
    query: &chars::QUERY,
    fragment: &chars::FRAGMENT,
    relative_has_fragment: true,
    resolution: Resolution::Rfc3986,
    authority_name: "authority",
    unreserved: &chars::UNRESERVED,
    query_after_authority: true,
    relative: true,
    escape_rule: "pct-encoded",
    path_rule: "path-abempty",
};

// ---- 1994: draft-ietf-uri-url-06, section 5 ----------------------------------------------------

/// Every byte but `/` and `#`: the part of the walk's data that 1994's authority does not use
/// (its `login` is read by [`crate::schemes1994::login`]).
const NOT_SLASH_OR_HASH: Table = Table::EMPTY.with_range(0, 255).without(b"/#");

/// 1994: the walk reads `scheme ":"`, then, where the scheme's rule has them, `"//"` and the
/// login up to the "following slash" (section 3.1), then the url-path or the scheme-specific
/// part up to a `#`, each byte of which must be an `xchar` (no class of section 5 holds more),
/// then the fragment identifier (see [`crate::schemes1994`]). There is no query: `?` is an
/// `xchar`, and only `httpurl` and `waisindex` make a search of what follows it, in their
/// checks after the walk.
static URL_1994: Syntax = Syntax {
    authority_any: &NOT_SLASH_OR_HASH,
    first_segment: &EMPTY,
    scheme_first: &schemes1994::SCHEME_ANY_CASE,
    scheme: &schemes1994::SCHEME_ANY_CASE,
    userinfo: &schemes1994::USER,
    registry: &EMPTY,
    authority: AuthorityRule::Login1994,
    host: HostRule::Url1994,
    path: &schemes1994::XCHAR,
    query: &EMPTY,
    fragment: &schemes1994::XCHAR,
    relative_has_fragment: false,
    resolution: Resolution::Undefined,
    authority_name: "login",
    unreserved: &schemes1994::UNENCODED,
    query_after_authority: false,
    relative: false,
    escape_rule: "escape",
    path_rule: "url-path",
};

impl Syntax {
    /// Whether "." and ".." segments mean anything: only where the edition resolves relative
    /// references (1994 defines none, and its paths keep them as written).
    pub(crate) fn dot_segments(&self) -> bool {
        self.resolution != Resolution::Undefined
    }
}

impl Edition {
    /// The grammar data of an edition.
    pub(crate) fn syntax(self) -> &'static Syntax {
        match self {
            Edition::UriUrl06 => &URL_1994,
            Edition::UrlSyntax00 => &URL_1996,
            Edition::UriSyntax01 => &URI_01,
            Edition::UriSyntax02 => &URI_02,
            Edition::Rfc2396bis02 => &RFC2396BIS_02,
            Edition::Rfc3986 => &RFC3986,
        }
    }
}

/// `alphanum = alpha | digit`.
fn alphanum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

/// A label: `alphanum | alphanum *( alphanum | "-" ) alphanum`: alphanumeric at both ends,
/// hyphens inside.
fn label(s: &[u8]) -> bool {
    match (s.first(), s.last()) {
        (Some(&f), Some(&l)) => {
            alphanum(f) && alphanum(l) && s.iter().all(|&b| alphanum(b) || b == b'-')
        }
        _ => false,
    }
}

/// 1996 (and 1998):
///
/// ```text
/// hostname    = *( domainlabel "." ) toplabel
/// domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
/// toplabel    = alpha | alpha *( alphanum | "-" ) alphanum
/// ```
pub(crate) fn hostname_1996(s: &[u8]) -> bool {
    let mut labels = s.rsplit(|&b| b == b'.');
    let Some(top) = labels.next() else {
        return false;
    };
    top.first().is_some_and(u8::is_ascii_alphabetic) && label(top) && labels.all(label)
}

/// 1998 (`-01`, `-02`): `hostname = *( domainlabel "." ) toplabel [ "." ]`, otherwise as 1996.
pub(crate) fn hostname_1998(s: &[u8]) -> bool {
    hostname_1996(s.strip_suffix(b".").unwrap_or(s))
}

/// 2003:
///
/// ```text
/// hostname    = domainlabel qualified
/// qualified   = *( "." domainlabel ) [ "." ]
/// domainlabel = alphanum [ 0*61( alphanum / "-" ) alphanum ]
/// ```
pub(crate) fn hostname_2003(s: &[u8]) -> bool {
    let s = s.strip_suffix(b".").unwrap_or(s);
    !s.is_empty() && s.split(|&b| b == b'.').all(|l| l.len() <= 63 && label(l))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostnames_by_edition() {
        assert!(
            hostname_1996(b"www.ics.uci.edu") && hostname_1996(b"a") && hostname_1996(b"a-b.c9")
        );
        assert!(
            !hostname_1996(b"4kids")
                && !hostname_1996(b"a.")
                && !hostname_1996(b"a_b")
                && !hostname_1996(b"-a")
        );
        assert!(hostname_1998(b"a.") && hostname_1998(b"www.ics.uci.edu."));
        assert!(!hostname_1998(b"a..") && !hostname_1998(b".") && !hostname_1998(b"4kids."));
        assert!(hostname_2003(b"4kids") && hostname_2003(b"a.") && hostname_2003(b"1.2.3.256"));
        assert!(!hostname_2003(b"a..b") && !hostname_2003(b".") && !hostname_2003(b"a_b"));
        assert!(hostname_2003(&[b'a'; 63]) && !hostname_2003(&[b'a'; 64]));
    }

    #[test]
    fn the_1998_sets_move() {
        // `-02` moved "$" and "," from mark (unreserved) to reserved.
        assert!(MARK_1996.allows(b'$') && !MARK_02.allows(b'$'));
        assert!(!RESERVED_1996.allows(b',') && RESERVED_02.allows(b','));
        // `-02` requires a scheme to begin with a letter.
        assert!(URI_01.scheme_first.allows(b'1') && !URI_02.scheme_first.allows(b'1'));
    }
}
