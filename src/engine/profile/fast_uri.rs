//! Library rules of `node-fast-uri` (npm `fast-uri`) and `node-uri-js` (npm `uri-js`), both
//! under profile `rfc3986`: fast-uri grew from uri-js and keeps its API, so most rules are
//! written once and owned by both. What each README (the package's own `README.md`) says:
//!
//! - "Parse": `parse(...)` returns `port: 123`, a number; uri-js's "IP Support": the host of
//!   `//[2001:db8::7%25en1]` is `"2001:db8::7%en1"` (brackets gone, the zone's `%25` decoded)
//!   and an IPv6 address is normalized (`//[2001:0:0DB8::0:0001]` is `//[2001:0:db8::1]`,
//!   RFC 5952), uri-js's IPv4 too (`//192.068.001.000` is `//192.68.1.0`).
//! - "Normalizing" and "Comparison": the scheme and host are lowercased and percent-encoded
//!   unreserved characters decoded (`HTTP://ABC.com:80/%7Esmith/home.html` is
//!   `http://abc.com/~smith/home.html`); the parse applies it as it goes. fast-uri: "Reserved
//!   path escapes such as `%2F` and `%2E` are preserved".
//! - "Options", `absolutePath`: "If set to `true`, the serializer will not resolve a relative
//!   `path` component": by default `serialize` removes dot-segments. fast-uri: "a relative path
//!   is never turned into a root-relative one ... (`a/../b` -> `b`, `../x` -> `../x`, `x/..` ->
//!   `./`, `a/../a:b` -> `./a:b`)"; uri-js applies RFC 3986 5.2.4 as written.
//! - "Serialize": `{scheme: "http", host: "example.com", fragment: "footer"}` is
//!   `http://example.com/#footer` (an empty http path written "/").
//! - "Scheme supports"/"Scheme Extendable": handlers for http and https (an http URI without a
//!   host is refused: fast-uri, "rejects HTTP(S) results with an empty host"; RFC 9110 4.2.1),
//!   ws and wss ("`URI.equal("WS://ABC.COM:80/chat#one", "ws://abc.com/chat") === true`": the
//!   fragment dropped, RFC 6455 3), mailto (RFC 6068: the `to` addresses percent-decoded, the
//!   domain case-insensitive, a recipient without a domain refused), urn (RFC 2141: `urn:` NID
//!   `:` NSS, the NID case-insensitive) and urn:uuid (RFC 4122 3: the hex digits
//!   case-insensitive).
//! - uri-js, "Breaking changes from 2.x": "URI validation has been removed": what it accepts
//!   says nothing of validity. fast-uri reports "Malformed authorities, out-of-range ports, and
//!   raw leading or trailing C0 controls or spaces"; "Percent-encoded and interior component
//!   data remain valid" (its parse percent-encodes what may not appear, `g h` is `g%20h`).
//!
//! - fast-uri's lib/utils.js, `serializePathEncoding`: "Raw RFC 3986 path characters remain
//!   literal, valid escapes are preserved and uppercased, and everything else is UTF-8
//!   percent-encoded. In a path-noscheme, a colon in the first segment must be escaped" (its
//!   `encodeUserinfo`, `encodeQuery` and `encodeFragment` the same with their own sets);
//!   lib/schemes.js, the mailto and urn handlers' `absolutePath: true`: "A recipient list has no
//!   dot segments to remove", "The NSS is opaque to generic URI path processing".
//!
//! Each rule reproduces the answer from the reference's (a validity rule, which has no value to
//! reproduce, checks what the documented behaviour needs of the input).

use super::Explains::{Custom, PortAsNumber, PortOverflowRefused};
use super::{accepted_once, Example, Reply, Rule};
use crate::engine::{Class, Evidence};
use crate::model::{Component, Components};

/// One rule for each owner in the brackets, each with the id `<owner>/<slug>`: a rule written
/// once for both libraries is two rules, one per owner, told apart by their ids.
macro_rules! rules_of {
    ($([$($owner:literal),+] => $slug:literal, $name:expr, $cites:expr, $f:expr, $examples:expr;)*) => {
        &[$($(
            Rule { profile: $owner, id: concat!($owner, "/", $slug), name: $name, cites: $cites, explains: $f, examples: $examples },
        )+)*]
    };
}

/// `parse("//[::%2]")` and `parse("//[::%25e]")` have no error (hosts `::%2`, `::%e`), run here
/// with fast-uri 4.2.3; an address that is none is one step off.
const IPV6_ZONE_ACCEPTED: &[Example] = &[
    Example::fires("//[::%2]", Reply::Splits(&[])),
    Example::fires("//[::%250]", Reply::Splits(&[])),
    Example::fires("//@[::%2]", Reply::Splits(&[])),
    Example::fires("//[fe80::1%2]/x", Reply::Splits(&[])),
    Example::off("//[x%2]", Reply::Splits(&[])),
];

/// README, Parse: `port: 123`.
const PORT_AS_NUMBER: &[Example] = &[
    Example::fires("//:00", Reply::Reads(&[(Component::Port, Some("0"))])),
    Example::off("//:00", Reply::Reads(&[(Component::Port, Some("1"))])),
];

/// uri-js README, IP Support: brackets gone, RFC 5952's form; an embedded IPv4 part written
/// as it is, lowercased.
const IP_LITERAL_HOST_CANONICAL: &[Example] = &[
    Example::fires(
        "//[FE80::0:A]",
        Reply::Reads(&[(Component::Host, Some("fe80::a"))]),
    ),
    Example::fires(
        "//[E::D:A:9:0:1.6.2.1]/6",
        Reply::Reads(&[(Component::Host, Some("e::d:a:9:0:1.6.2.1"))]),
    ),
    Example::off(
        "//[FE80::0:A]",
        Reply::Reads(&[(Component::Host, Some("fe80::b"))]),
    ),
    // uri-js reads an embedded IPv4 part's octets without leading zeros (README: IPv4
    // normalization), on an input RFC 3986 rejects for them.
    Example::fires(
        "p://[::01.2.3.4]",
        Reply::Splits(&[(Component::Host, Some("::1.2.3.4"))]),
    ),
    Example::off(
        "p://[::01.2.3.4]",
        Reply::Splits(&[(Component::Host, Some("::1.2.3.5"))]),
    ),
];

const HOST_NORMALIZED: &[Example] = &[
    Example::fires("//%41B", Reply::Reads(&[(Component::Host, Some("ab"))])),
    Example::off("//%41B", Reply::Reads(&[(Component::Host, Some("ac"))])),
];

const HTTP_HOST_REQUIRED: &[Example] = &[
    Example::fires("HTTP:", Reply::Rejected),
    Example::off("HTTP://a", Reply::Rejected),
];

const URN_MALFORMED_REFUSED: &[Example] = &[
    Example::fires("urn:a", Reply::Rejected),
    Example::off("urn:a:b", Reply::Rejected),
    // normalize of a malformed urn, which the worker reports rejected ("`normalize()` leaves
    // these malformed string inputs unchanged"); a well-formed one is one step off.
    Example::fires("normalize:URN:", Reply::Rejected),
    Example::off("normalize:urn:a:b", Reply::Rejected),
];

const MAILTO_DOMAIN_REQUIRED: &[Example] = &[
    Example::fires("mailto:/", Reply::Rejected),
    Example::off("mailto:a@b", Reply::Rejected),
];

const PORT_OVER_65535_REFUSED: &[Example] = &[
    Example::fires("//:99999", Reply::Rejected),
    Example::off("//:9999", Reply::Rejected),
];

/// The normal form: the port a number.
const CANONICAL_ANSWER: &[Example] = &[
    Example::fires("normalize://:08", Reply::Text("//:8")),
    Example::off("normalize://:08", Reply::Text("//:9")),
    // Both give "ws://" for "ws://:#": the empty port and the ws fragment dropped.
    Example::fires("normalize:ws://:#", Reply::Text("ws://")),
    Example::off("normalize:ws://:#", Reply::Text("ws://:")),
    // resolve: the host lowercased, the empty path left empty.
    Example::fires("resolve://A|http://h:9/", Reply::Text("http://a")),
    Example::off("resolve://A|http://h:9/", Reply::Text("http://b")),
    // The port as the number it writes: `resolve("http://app.photos.org:9090", "//M:080")` is `http://m:80`, run here with 4.2.3.
    Example::fires(
        "resolve://M:080|http://app.photos.org:9090",
        Reply::Text("http://m:80"),
    ),
    Example::off(
        "resolve://M:080|http://app.photos.org:9090",
        Reply::Text("http://m:8"),
    ),
    // `resolve("https://h:443/%7Eu/a", "b")` is `https://h:443/~u/b`: the target in the normal
    // form with its default port kept as written; dropped, as normalize drops it, too.
    Example::fires(
        "resolve:b|https://h:443/%7Eu/a",
        Reply::Text("https://h:443/~u/b"),
    ),
    Example::fires(
        "resolve:b|https://h:443/%7Eu/a",
        Reply::Text("https://h/~u/b"),
    ),
    Example::off(
        "resolve:b|https://h:443/%7Eu/a",
        Reply::Text("https://h:444/~u/b"),
    ),
];

const URN_EQUAL_IGNORES_NID_CASE: &[Example] = &[
    Example::fires("equivalent:urn:I:9|urn:i:9", Reply::Equivalent(true)),
    Example::off("equivalent:urn:I:9|urn:i:8", Reply::Equivalent(true)),
];

const MAILTO_EQUAL_DECODED: &[Example] = &[
    Example::fires(
        "equivalent:mailto:@%6f%73?|mailto:@OS",
        Reply::Equivalent(true),
    ),
    Example::off(
        "equivalent:mailto:@%6f%73?|mailto:@OT",
        Reply::Equivalent(true),
    ),
];

const MAILTO_NORMALIZED: &[Example] = &[
    Example::fires("normalize:mailto:@%28", Reply::Text("mailto:@(")),
    Example::off("normalize:mailto:@%28", Reply::Text("mailto:@)")),
];

/// `parse("http://c?\tu")`, run here: the query `%09u`, the tab kept, encoded, where the URL
/// Standard removes it; another query is one step off.
const INTERIOR_TAB_NEWLINE_ENCODED: &[Example] = &[
    Example::fires(
        "http://c?\tu",
        Reply::Splits(&[(Component::Query, Some("%09u"))]),
    ),
    Example::off(
        "http://c?\tu",
        Reply::Splits(&[(Component::Query, Some("%09v"))]),
    ), // resolve encodes the reference's interior characters too; without a tab or newline the rule
    // has nothing to say.
    Example::fires(
        "resolve:\\|http://a/b/c/d;p?q",
        Reply::Text("http://a/b/c/%5C"),
    ),
    Example::off(
        "resolve:\\x|http://a/b/c/d;p?q",
        Reply::Text("http://a/b/c/%5C"),
    ),
    // The userinfo keeps an interior tab; with it read otherwise, the split differs in where
    // the userinfo ends, which is not the encoding.
    Example::fires("http://u\t@o", Reply::Splits(&[])),
    Example::off(
        "http://u\t@o",
        Reply::Splits(&[(Component::Userinfo, Some("v\t"))]),
    ),
];

/// serialize removes dot-segments (fast-uri's "x/.." is "./"; uri-js applies 5.2.4) and writes
/// an empty http path "/".
const SERIALIZE_NORMALIZES: &[Example] = &[
    Example::fires(".", Reply::Serializes("./")),
    Example::fires("http://a:80", Reply::Serializes("http://a:80/")),
    Example::off("http://a:80", Reply::Serializes("http://a:81/")),
];

/// `fast-uri.normalize("http://%c3%aE")` is "http://xn--fda/"; another IDNA label is one step off.
const CANONICAL_ANSWER_WHATWG_HOST: &[Example] = &[
    Example::fires("normalize:http://%c3%aE", Reply::Text("http://xn--fda/")),
    Example::off("normalize:http://%c3%aE", Reply::Text("http://xn--fdb/")),
];

/// `uri-js.normalize("http://%c3%aE")` is "http://xn--fda/"; a scheme without domain hosts is
/// one step off.
const CANONICAL_ANSWER_IDNA_HOST: &[Example] = &[
    Example::fires("normalize:http://%c3%aE", Reply::Text("http://xn--fda/")),
    Example::off("normalize:foo://%c3%aE", Reply::Text("http://xn--fda")),
];

/// README: IP Support, IPv4 normalization.
const IPV4_UNPADDED: &[Example] = &[
    Example::fires(
        "//01.2.3.4",
        Reply::Reads(&[(Component::Host, Some("1.2.3.4"))]),
    ),
    Example::off(
        "//01.2.3.4",
        Reply::Reads(&[(Component::Host, Some("1.2.3.5"))]),
    ),
];

/// "URI validation has been removed".
const NO_VALIDATION: &[Example] = &[Example::fires("g h", Reply::Splits(&[]))];

/// "%2e%6C": "l" decoded, the "%2E" kept (".l" is every profile's decoding; another letter is
/// one step off).
const PCT_UNRESERVED_DECODED_DOT_KEPT: &[Example] = &[
    Example::fires("%2e%6C", Reply::Reads(&[(Component::Path, Some("%2El"))])),
    Example::off("%2e%6C", Reply::Reads(&[(Component::Path, Some("%2Em"))])),
];

/// `parse` gives no `error` for these (`:` is serialized "%3A"; `:[` has the path ":%5B", `/a]`
/// "/a%5D", `?[]` the query "%5B%5D", `##` the fragment "%23", `#a#b` "a%23b", `//h/[` the path
/// "/%5B"; `//u[@h/` the userinfo `u[`, serialized `//u%5B@h/`: fast-uri 4.2.3, run here). A
/// first-segment ":" before a byte the encoding leaves, a broken IP literal (a malformed
/// authority, which the README says is reported through `error`) and a stray "%" are one step
/// off.
const INTERIOR_CHARS_ENCODED: &[Example] = &[
    Example::fires("g h", Reply::Splits(&[])),
    Example::fires(":", Reply::Splits(&[])),
    Example::fires(":[", Reply::Splits(&[])),
    Example::fires("/[", Reply::Splits(&[])),
    Example::fires("/a]", Reply::Splits(&[])),
    Example::fires("?[]", Reply::Splits(&[])),
    Example::fires("#[", Reply::Splits(&[])),
    Example::fires("##", Reply::Splits(&[])),
    Example::fires("#a#b", Reply::Splits(&[])),
    Example::fires("//h/[", Reply::Splits(&[])),
    Example::fires("x:[a]", Reply::Splits(&[])),
    Example::fires("//u[@h/", Reply::Splits(&[])),
    Example::off(":%", Reply::Splits(&[])),
    Example::off("//[/a", Reply::Splits(&[])),
    Example::off(":[%", Reply::Splits(&[])),
];

/// lib/schemes.js, mailto: a recipient list has no dot segments to remove; another scheme's are
/// removed.
const OPAQUE_PATH_DOTS_KEPT: &[Example] = &[
    Example::fires("resolve:mailto:.|mailto:a@b", Reply::Text("mailto:.")),
    Example::off("resolve:foo:.|mailto:a@b", Reply::Text("foo:.")),
];

/// `fast-uri.parse("http://0").host` is "0.0.0.0", `parse("http://.0").error` "Host's domain
/// name can not be converted"; another host, a scheme without domain hosts, a host the WHATWG
/// parser reads are one step off.
const WHATWG_DOMAIN_HOST: &[Example] = &[
    Example::fires(
        "http://0",
        Reply::Reads(&[(Component::Host, Some("0.0.0.0"))]),
    ),
    Example::fires("http://.0", Reply::Rejected),
    Example::off(
        "http://0",
        Reply::Reads(&[(Component::Host, Some("0.0.0.1"))]),
    ),
    Example::off(
        "foo://0",
        Reply::Reads(&[(Component::Host, Some("0.0.0.0"))]),
    ),
    Example::off("http://a.b", Reply::Rejected),
];

/// "URI mailto has an invalid recipient domain."; a domain the WHATWG parser reads whole is
/// one step off.
const MAILTO_DOMAIN_WHATWG_REFUSED: &[Example] = &[
    Example::fires("mailto:@r/y", Reply::Rejected),
    Example::off("mailto:a@r.y", Reply::Rejected),
];

/// `resolve(base, "//:99999")` throws "URI port is malformed."; ports that fit are one step off.
const RESOLVE_PORT_OVER_65535_REFUSED: &[Example] = &[
    Example::fires("resolve://:99999|coap:/a", Reply::Rejected),
    Example::off("resolve://:9999|coap:/a", Reply::Rejected),
];

/// `uri-js.parse("http://%C3%Ae").host` is "xn--fda"; a scheme without domain hosts, another
/// label are one step off.
const HOST_IDNA: &[Example] = &[
    Example::fires(
        "http://%C3%Ae",
        Reply::Reads(&[(Component::Host, Some("xn--fda"))]),
    ),
    Example::off(
        "foo://%C3%Ae",
        Reply::Reads(&[(Component::Host, Some("xn--fda"))]),
    ),
    Example::off(
        "http://%C3%Ae",
        Reply::Reads(&[(Component::Host, Some("xn--fdb"))]),
    ),
];

/// The rules of this table.
pub(super) const RULES: &[Rule] = rules_of![
    ["node-fast-uri", "node-uri-js"] => "port-as-number", "the port is a number (README, Parse: `port: 123`)", "fast-uri and uri-js README.md, Parse", PortAsNumber, PORT_AS_NUMBER;
    ["node-fast-uri", "node-uri-js"] => "ip-literal-host-canonical", "an IP literal's host is the address without brackets, RFC 5952's form, the zone's %25 decoded (README: IP Support)", "fast-uri and uri-js README.md, IP Support (RFC 5952)", Custom(ipv6_host), IP_LITERAL_HOST_CANONICAL;
    ["node-fast-uri", "node-uri-js"] => "host-normalized", "the host lowercased with percent-encoded unreserved characters decoded (README: Normalizing)", "fast-uri and uri-js README.md, Normalizing", Custom(host_normalized), HOST_NORMALIZED;
    ["node-fast-uri", "node-uri-js"] => "serialize-normalizes", "serialize removes dot-segments, uppercases percent-encodings, drops an empty port, writes an empty http path \"/\" and drops a ws fragment (README: absolutePath, Serialize, WS)", "fast-uri and uri-js README.md, Options (absolutePath) and Serialize", Custom(serialized_as_documented), SERIALIZE_NORMALIZES;
    ["node-fast-uri", "node-uri-js"] => "http-host-required", "an http or https URI without a host is refused (HTTP handler; RFC 9110 4.2.1)", "fast-uri and uri-js README.md, Scheme supports (HTTP handler; RFC 9110 section 4.2.1)", Custom(http_without_host), HTTP_HOST_REQUIRED;
    ["node-fast-uri", "node-uri-js"] => "urn-malformed-refused", "a urn that is not `urn:` NID `:` NSS, or a urn:uuid whose NSS is no UUID, is refused (URN handlers, RFC 2141, RFC 4122 3)", "fast-uri and uri-js README.md, Scheme supports (URN handlers; RFC 2141, RFC 4122 section 3)", Custom(urn_malformed), URN_MALFORMED_REFUSED;
    ["node-fast-uri", "node-uri-js"] => "mailto-domain-required", "a mailto recipient without a domain is refused (mailto handler, RFC 6068)", "fast-uri and uri-js README.md, Scheme supports (mailto handler; RFC 6068)", Custom(mailto_without_domain), MAILTO_DOMAIN_REQUIRED;
    ["node-fast-uri", "node-uri-js"] => "port-over-65535-refused", "a port above 65535 is refused (README: \"out-of-range ports ... are reported through the parsed component's `error` field\")", "fast-uri and uri-js README.md", PortOverflowRefused, PORT_OVER_65535_REFUSED;
    ["node-fast-uri", "node-uri-js"] => "canonical-answer", "normalize, resolve and equal read URIs in their normal form: 6.2.2's case and percent-encoding, the port a number, IPv6 as RFC 5952 writes it, a ws fragment dropped (README: Normalizing, IP Support, Comparison, WS)", "fast-uri and uri-js README.md, Normalizing, IP Support and Comparison", Custom(canonical_answer), CANONICAL_ANSWER;
    ["node-fast-uri"] => "canonical-answer-whatwg-host", "normalize, resolve and equal read an http, https, ws or wss host as parse does, by the WHATWG host parser (README: domain hosts; lib/utils.js: \"`new URL('http://' + domain).hostname`\")", "fast-uri README.md; lib/utils.js", Custom(|e| canonical_answer_by(e, whatwg_host_only)), CANONICAL_ANSWER_WHATWG_HOST;
    ["node-uri-js"] => "canonical-answer-idna-host", "normalize, resolve and equal read an http, https, ws or wss host as parse does, percent-decoded, lowercased, in IDNA (README: IRI Support, domainHost, RFC 5890)", "uri-js README.md, IRI Support (RFC 5890)", Custom(|e| canonical_answer_by(e, uri_js_idna)), CANONICAL_ANSWER_IDNA_HOST;
    ["node-fast-uri", "node-uri-js"] => "urn-equal-ignores-nid-case", "urn equality ignores the NID's case, and a uuid's (URN handlers, RFC 2141 5, RFC 4122 3)", "fast-uri and uri-js README.md, Scheme supports (URN handlers; RFC 2141, RFC 4122 section 3)", Custom(urn_equal), URN_EQUAL_IGNORES_NID_CASE;
    ["node-fast-uri", "node-uri-js"] => "mailto-equal-decoded", "mailto equality compares the decoded recipients, domains in any case, an empty query none (mailto handler, RFC 6068)", "fast-uri and uri-js README.md, Scheme supports (mailto handler; RFC 6068)", Custom(mailto_equal), MAILTO_EQUAL_DECODED;
    ["node-fast-uri", "node-uri-js"] => "mailto-normalized", "mailto normalization decodes the recipients and lowercases their domains (mailto handler, RFC 6068)", "fast-uri and uri-js README.md, Scheme supports (mailto handler; RFC 6068)", Custom(mailto_normalized), MAILTO_NORMALIZED;
    ["node-uri-js"] => "ipv4-unpadded", "an IPv4 address written without leading zeros (README: IP Support, IPv4 normalization)", "uri-js README.md, IP Support", Custom(ipv4_unpadded), IPV4_UNPADDED;
    ["node-uri-js"] => "no-validation", "accepts what RFC 3986 refuses (README, Breaking changes from 2.x: \"URI validation has been removed\")", "uri-js README.md, Breaking changes from 2.x", Custom(|e| e.class == Class::TooLax), NO_VALIDATION;
    ["node-fast-uri"] => "pct-unreserved-decoded-dot-kept", "percent-encoded unreserved characters decoded, %2E kept (README: \"Reserved path escapes such as %2F and %2E are preserved\")", "fast-uri README.md", Custom(dot_escape_kept), PCT_UNRESERVED_DECODED_DOT_KEPT;
    ["node-fast-uri"] => "ipv6-zone-accepted", "an IPv6 literal with a zone, after RFC 6874's \"%25\" or a raw \"%\", is taken (lib/utils.js, normalizeIPv6: \"Raw zone separators remain accepted for backwards compatibility, while encoded separators and zone contents follow RFC 6874\")", "fast-uri lib/utils.js, normalizeIPv6", Custom(|e| e.class == Class::TooLax && zoned_literal(e.input)), IPV6_ZONE_ACCEPTED;
    ["node-fast-uri"] => "interior-chars-encoded", "interior characters that may not appear are percent-encoded, not refused (README: \"interior component data remain valid\")", "fast-uri README.md", Custom(interior_encoded), INTERIOR_CHARS_ENCODED;
    ["node-fast-uri"] => "round-trip-interior-encoded", "serialize percent-encodes the interior characters parse kept as written, a schemeless first segment's \":\" too (README: \"Percent-encoded and interior component data remain valid\"; lib/utils.js, serializePathEncoding: \"everything else is UTF-8 percent-encoded\")", "fast-uri README.md; lib/utils.js, serializePathEncoding", Custom(round_trip_interior_encoded), &[];
    ["node-fast-uri"] => "opaque-path-dots-kept", "resolve keeps the dot-segments of a mailto or urn reference's path (lib/schemes.js, mailto: \"A recipient list has no dot segments to remove\"; urn: \"The NSS is opaque to generic URI path processing\")", "fast-uri lib/schemes.js, mailto and urn handlers", Custom(opaque_path_dots_kept), OPAQUE_PATH_DOTS_KEPT;
    ["node-fast-uri"] => "interior-tab-newline-encoded", "an interior tab or newline the URL Standard removes is kept, percent-encoded (README: \"interior component data remain valid\")", "fast-uri README.md", Custom(interior_encoded_leniently), INTERIOR_TAB_NEWLINE_ENCODED;
    ["node-fast-uri"] => "whatwg-domain-host", "an http, https, ws or wss host is read by the WHATWG host parser, refused where it fails (README: domain hosts; lib/utils.js: \"`new URL('http://' + domain).hostname`\", \"127.1\" -> \"127.0.0.1\")", "fast-uri README.md; lib/utils.js", Custom(whatwg_domain_host), WHATWG_DOMAIN_HOST;
    ["node-fast-uri"] => "mailto-domain-whatwg-refused", "a mailto recipient domain the WHATWG host parser does not read whole is refused (lib/utils.js: \"fall back to the WHATWG parser\", \"a.b.1\" throws)", "fast-uri README.md; lib/utils.js", Custom(mailto_domain_refused), MAILTO_DOMAIN_WHATWG_REFUSED;
    ["node-fast-uri"] => "resolve-port-over-65535-refused", "resolve refuses a port above 65535 in either input (README: \"resolve() rejects them in either input\")", "fast-uri README.md", Custom(resolve_port_overflow), RESOLVE_PORT_OVER_65535_REFUSED;
    ["node-uri-js"] => "host-idna", "an http, https, ws or wss host is percent-decoded, lowercased and converted to IDNA, U+3002 a dot (README: IRI Support, domainHost, RFC 5890; RFC 3490 3.1)", "uri-js README.md, IRI Support (RFC 5890)", Custom(uri_js_idna_host), HOST_IDNA;
];

/// An IPv6 address as RFC 5952 4 writes it (lowercase, leading zeros gone, the longest run of
/// two or more zero fields as "::"), its last 32 bits dotted when it was written so. A dotted
/// part's octets are read without their leading zeros, as uri-js reads them (README, "IPv4
/// normalization": `//192.068.001.000` is `//192.68.1.0`; `_normalizeIPv6` passes the last field
/// to `_normalizeIPv4`): `::01.2.3.4` is `::1.2.3.4`, run here.
fn rfc5952(addr: &str) -> Option<String> {
    let ip: std::net::Ipv6Addr = addr.parse().ok().or_else(|| {
        let (head, dotted) = addr.rsplit_once(':')?;
        // uri-js's IPV4ADDRESS takes an octet of at most three digits (`0?0?\d`, `0?[1-9]\d`).
        let octets = dotted
            .split('.')
            .map(|o| match o.trim_start_matches('0') {
                _ if o.len() > 3 => None,
                "" if !o.is_empty() => Some("0"),
                rest => Some(rest),
            })
            .collect::<Option<Vec<_>>>()?
            .join(".");
        format!("{head}:{octets}").parse().ok()
    })?;
    let s = ip.segments();
    let dotted = addr.contains('.');
    let fields = if dotted { 6 } else { 8 };
    // The longest run of zero fields (the first of equals), when it is two or more long.
    let (mut best, mut run) = ((0, 0), (0, 0));
    for (i, &f) in s[..fields].iter().enumerate() {
        if f == 0 {
            run = if run.1 == 0 {
                (i, 1)
            } else {
                (run.0, run.1 + 1)
            };
            if run.1 > best.1 {
                best = run;
            }
        } else {
            run = (0, 0);
        }
    }
    let hex = |r: &[u16]| {
        r.iter()
            .map(|f| format!("{f:x}"))
            .collect::<Vec<_>>()
            .join(":")
    };
    let mut out = if best.1 >= 2 {
        let (a, b) = (best.0, best.0 + best.1);
        format!("{}::{}", hex(&s[..a]), hex(&s[b..fields]))
    } else {
        hex(&s[..fields])
    };
    if dotted {
        let [.., a, b, c, d] = ip.octets();
        if !out.ends_with(':') {
            out.push(':');
        }
        out.push_str(&format!("{a}.{b}.{c}.{d}"));
    }
    Some(out)
}

/// `s` with each percent-encoded unreserved character decoded (but those in `keep`), the other
/// percent-encodings' hexadecimal digits uppercased: RFC 3986 6.2.2.1 and 6.2.2.2.
fn decode_unreserved(s: &str, keep: &[u8]) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: Option<&u8>| c.and_then(|&c| (c as char).to_digit(16));
        match (b[i], hex(b.get(i + 1)), hex(b.get(i + 2))) {
            (b'%', Some(h), Some(l)) => {
                let octet = (h * 16 + l) as u8;
                if (octet.is_ascii_alphanumeric() || b"-._~".contains(&octet))
                    && !keep.contains(&octet)
                {
                    out.push(octet);
                } else {
                    out.extend_from_slice(s[i..i + 3].to_ascii_uppercase().as_bytes());
                }
                i += 3;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn scheme_of(c: Option<&Components>) -> Option<String> {
    c.and_then(|c| c.get(Component::Scheme))
        .map(str::to_ascii_lowercase)
}

fn ipv6_host(e: &Evidence<'_>) -> bool {
    let Some(inner) = e
        .reference
        .and_then(|h| h.strip_prefix('['))
        .and_then(|h| h.strip_suffix(']'))
    else {
        return false;
    };
    if e.component() != Some(Component::Host) || e.got.is_none() {
        return false;
    }
    let (addr, zone) = match inner.split_once("%25") {
        Some((a, z)) => (a, Some(z)),
        None => (inner, None),
    };
    let zone = zone.map_or(String::new(), |z| format!("%{z}"));
    // The hexadecimal digits without regard to case (RFC 3986 3.2.2; RFC 5952 4.3 writes them
    // in lowercase): `[E::D:A:9:0:1.6.2.1]` is read `e::d:a:9:0:1.6.2.1`, run here.
    let mut forms = vec![
        format!("{addr}{zone}"),
        format!("{}{zone}", addr.to_ascii_lowercase()),
    ];
    if let Some(ip) = rfc5952(addr) {
        forms.push(format!("{ip}{zone}"));
    }
    forms.iter().any(|f| Some(f.as_str()) == e.got)
}

fn host_normalized(e: &Evidence<'_>) -> bool {
    e.component() == Some(Component::Host)
        && e.reference
            .map(|h| decode_unreserved(h, b"").to_ascii_lowercase())
            .as_deref()
            == e.got
}

fn ipv4_unpadded(e: &Evidence<'_>) -> bool {
    let Some(spec) = e
        .reference
        .filter(|_| e.component() == Some(Component::Host))
    else {
        return false;
    };
    let octets: Vec<&str> = spec.split('.').collect();
    let numbers: Option<Vec<u8>> = octets.iter().map(|o| o.parse().ok()).collect();
    let written = numbers
        .filter(|n| n.len() == 4 && octets.iter().all(|o| o.bytes().all(|b| b.is_ascii_digit())))
        .map(|n| format!("{}.{}.{}.{}", n[0], n[1], n[2], n[3]));
    written.is_some_and(|w| w != spec && Some(w.as_str()) == e.got)
}

fn dot_escape_kept(e: &Evidence<'_>) -> bool {
    matches!(
        e.component(),
        Some(Component::Userinfo | Component::Path | Component::Query | Component::Fragment)
    ) && e.reference.is_some_and(|s| s.contains('%'))
        && e.reference.map(|s| decode_unreserved(s, b".")).as_deref() == e.got
}

/// `input` as fast-uri's parse writes it: the bytes RFC 3986 allows nowhere encoded ("%"
/// kept: a stray one is fast-uri's error "URI contains malformed percent-encoding.", so such
/// an input never reaches this rule), and the
/// ":" of a first segment without a scheme: fast-uri's regex reads a scheme only before a
/// ":" that something other than "/?#" precedes, so an input opening with ":" has none, and
/// `serializePathEncoding` escapes the colons path-noscheme forbids (index.js: "first path
/// segment would reparse as a scheme (RFC 3986 3.3/4.2)"). After the authority, "[" and "]"
/// (RFC 3986 3.2.2 keeps them for an IP literal) are encoded too, and so is every "#" after
/// the first, which opens the fragment (3.5): fast-uri's parse gives `/[` the path `/%5B`,
/// `?[]` the query `%5B%5D` and `##` the fragment `%23`. The authority is left as written:
/// the rule does not fire where encoding would change it.
fn encoded(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    let mut first_segment = input.first() == Some(&b':');
    let after_authority = authority_end(input);
    let mut in_fragment = false;
    for (i, &b) in input.iter().enumerate() {
        first_segment &= !b"/?#".contains(&b);
        let interior = i >= after_authority;
        if first_segment && b == b':' {
            out.extend_from_slice(b"%3A");
        } else if interior && (b == b'[' || b == b']' || in_fragment && b == b'#') {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        } else if b == b'%' || crate::engine::octets::uri_char(b) {
            out.push(b);
        } else {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        }
        in_fragment |= interior && b == b'#';
    }
    out
}

/// Whether neither operand has a control or space at its ends (fast-uri's error "URI must not
/// contain leading or trailing C0 controls or spaces") and each one's authority is unchanged
/// by [`encoded`].
fn clean_ends_and_authority(e: &Evidence<'_>) -> bool {
    [Some(e.input), e.second].iter().flatten().all(|o| {
        let ends = [o.first(), o.last()];
        // The authority as [`encoded`] leaves it in the whole input (alone, every byte of it
        // would be interior, an IP literal's brackets included).
        let encoded = encoded(o);
        ends.iter().flatten().all(|&&b| b > b' ') && authority_of(&encoded) == authority_of(o)
    })
}

/// fast-uri's README: raw leading or trailing C0 controls or spaces and malformed authorities
/// are errors; "Percent-encoded and interior component data remain valid". The input, encoded
/// as fast-uri encodes it ([`encoded_as_read`]), parses under RFC 3986, and nothing is at an
/// end.
/// Whether `input`'s authority holds an IPv6 literal with a zone (RFC 6874 2: `"%25" ZoneID`;
/// fast-uri also takes a raw "%"): `//[::%250]`, `//[::%2]`.
fn zoned_literal(input: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(input) else {
        return false;
    };
    // The host RFC 3986 Appendix B's split reads (the authority's text after its last "@").
    let split = crate::subjects::lenient::split(text);
    let Some((inner, _)) = split
        .get(Component::Host)
        .and_then(|h| h.strip_prefix('['))
        .and_then(|h| h.split_once(']'))
    else {
        return false;
    };
    inner.split_once('%').is_some_and(|(address, zone)| {
        !zone.strip_prefix("25").unwrap_or(zone).is_empty()
            && address.parse::<std::net::Ipv6Addr>().is_ok()
    })
}

fn interior_encoded(e: &Evidence<'_>) -> bool {
    let ends_clean = [Some(e.input), e.second]
        .iter()
        .flatten()
        .all(|o| [o.first(), o.last()].iter().flatten().all(|&&b| b > b' '));
    e.class == Class::TooLax
        && ends_clean
        && accepted_once(e, uri_spec::Edition::Rfc3986, encoded_as_read)
}

/// `input` as fast-uri reads it where it accepts it: [`encoded`], and in the authority every
/// byte a userinfo or a reg-name may not hold percent-encoded too (`//u[@` is read with the
/// userinfo `u[`, serialized `//u%5B@`; `p://a^b/` with the host `a%5Eb`, run here with
/// fast-uri 4.2.3). The authority is the userinfo up to its first "@" (`p://u@@h/` has the host
/// `%40h`), then the host. Where fast-uri calls the authority malformed, `input` as it is (which
/// RFC 3986 rejects, so nothing is explained): a backslash ("URI authority must not contain a
/// literal backslash"), an IP literal that would change, or a host of a domain-host scheme
/// (http, https, ws, wss) that would change ("URI host is malformed").
fn encoded_as_read(input: &[u8]) -> Vec<u8> {
    let end = authority_end(input);
    let authority = &input[end - authority_len(input)..end];
    // A second "@" is the host's: fast-uri ends the userinfo at the first (`//@@` has the
    // userinfo "" and the host `%40`, run here with fast-uri 4.2.3), where [`encoded`] would
    // leave it as written.
    let ats = authority.iter().filter(|&&b| b == b'@').count();
    if encoded(authority) == authority && ats < 2 {
        return encoded(input);
    }
    if authority.contains(&b'\\') {
        return input.to_vec();
    }
    let (user, host_port) = match authority.iter().position(|&b| b == b'@') {
        Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
        None => (None, authority),
    };
    let host_end = host_port
        .iter()
        .rposition(|&b| b == b':')
        .filter(|&c| host_port[c + 1..].iter().all(u8::is_ascii_digit))
        .unwrap_or(host_port.len());
    let (host, port) = host_port.split_at(host_end);
    let domain_host = input
        .get(..scheme_end(input).saturating_sub(1))
        .map(|s| s.to_ascii_lowercase())
        .is_some_and(|s| [&b"http"[..], b"https", b"ws", b"wss"].contains(&s.as_slice()));
    let escape = |part: &[u8]| -> Vec<u8> {
        part.iter()
            .flat_map(|&b| {
                if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:%".contains(&b) {
                    vec![b]
                } else {
                    format!("%{b:02X}").into_bytes()
                }
            })
            .collect()
    };
    // An IP literal is left as written: RFC 3986 3.2.2 decides it, as fast-uri's check does.
    let literal = host.starts_with(b"[");
    if domain_host && !literal && escape(host) != host {
        return input.to_vec();
    }
    let mut out = input[..end - authority.len()].to_vec();
    if let Some(user) = user {
        out.extend(escape(user));
        out.push(b'@');
    }
    out.extend(if literal { host.to_vec() } else { escape(host) });
    out.extend_from_slice(port);
    out.extend_from_slice(&input[end..]);
    encoded(&out)
}

/// On an input RFC 3986 rejects, the path, query or fragment fast-uri reads is the one the
/// lenient reading gives the input with its interior characters encoded as [`encoded`] encodes
/// them: a tab inside a query is kept as `%09`, where the URL Standard removes it
/// (`parse("http://c?\tu")` has the query `%09u`, run here).
fn interior_encoded_leniently(e: &Evidence<'_>) -> bool {
    // A resolution likewise: `resolve("http://a/b/c/d;p?q", "\\")` is `http://a/b/c/%5C`.
    let resolution = e.class == Class::Resolution && e.second.is_some();
    let interior = (resolution
        || matches!(
            e.class,
            Class::Component(Component::Path | Component::Query | Component::Fragment)
        ) && e.second.is_none())
        && uri_spec::parse(e.input).is_err()
        && clean_ends_and_authority(e)
        && super::lenient_reading_after(e, &encoded(e.input));
    interior || interior_userinfo_encoded_leniently(e)
}

/// On an input RFC 3986 rejects, the userinfo fast-uri reads is the one the lenient reading
/// gives the input as fast-uri reads it ([`encoded_as_read`], the userinfo's interior
/// characters encoded): `parse("http://u\t@o")` has the userinfo `u\t` (serialized `u%09`, run
/// here), where the URL Standard removes the tab. Not where the input has a control or space
/// at an end (fast-uri's error).
fn interior_userinfo_encoded_leniently(e: &Evidence<'_>) -> bool {
    let ends_clean = [e.input.first(), e.input.last()]
        .iter()
        .flatten()
        .all(|&&b| b > b' ');
    // One "@": where the userinfo ends is not the encoding's doing (fast-uri ends it at the
    // first "@", the lenient reading at the last).
    let ats = authority_of(e.input).iter().filter(|&&b| b == b'@').count();
    e.class == Class::Component(Component::Userinfo)
        && e.second.is_none()
        && ends_clean
        && ats == 1
        && super::lenient_reading_after(e, &encoded_as_read(e.input))
}

/// The authority of `input` read as RFC 3986 3 splits it: after an optional scheme and "//",
/// up to "/", "?" or "#"; empty without "//".
fn authority_of(input: &[u8]) -> &[u8] {
    let end = authority_end(input);
    let start = end - authority_len(input);
    &input[start..end]
}

/// The index just past `input`'s scheme and authority ([`authority_of`]'s end; past the
/// scheme's ":" where there is no "//", 0 where there is neither).
fn authority_end(input: &[u8]) -> usize {
    let after_scheme = scheme_end(input);
    if input[after_scheme..].starts_with(b"//") {
        after_scheme + 2 + authority_len(input)
    } else {
        after_scheme
    }
}

/// The length of [`authority_of`]'s slice.
fn authority_len(input: &[u8]) -> usize {
    let Some(rest) = input[scheme_end(input)..].strip_prefix(b"//") else {
        return 0;
    };
    rest.iter()
        .position(|b| b"/?#".contains(b))
        .unwrap_or(rest.len())
}

/// The index just past `input`'s "scheme:" (RFC 3986 3.1: ALPHA *( ALPHA / DIGIT / "+" / "-"
/// / "." )), 0 without one.
fn scheme_end(input: &[u8]) -> usize {
    crate::engine::octets::scheme_colon(input).map_or(0, |colon| colon + 1)
}

/// RFC 3986 5.2.4 on a path that begins with "/"; on a relative path, fast-uri's README
/// reading: "." and ".." removed where they collapse, leading ".." kept, never made
/// root-relative, "./" where nothing is left or a first segment holds ":".
fn fast_uri_dots(path: &str) -> String {
    if path.starts_with('/') || path.is_empty() {
        return uri_spec::remove_dot_segments(path);
    }
    let segments: Vec<&str> = path.split('/').collect();
    let mut out: Vec<&str> = Vec::new();
    for s in &segments {
        match *s {
            "." => {}
            ".." if out.last().is_some_and(|l| *l != "..") => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    let trailing = matches!(segments.last(), Some(&"." | &"..")) && out.last() != Some(&"..");
    let mut written = out.join("/");
    if trailing && !written.is_empty() {
        written.push('/');
    }
    if written.is_empty() || written.split('/').next().is_some_and(|s| s.contains(':')) {
        written.insert_str(0, "./");
    }
    written
}

/// The round trip of `serialize(parse(input))`: each component read again is the first
/// reading's, or what a documented step of `serialize` makes of it.
fn serialized_as_documented(e: &Evidence<'_>) -> bool {
    let (Class::RoundTrip, Some(first), Some(again)) =
        (e.class, e.reference_components, e.reparsed)
    else {
        return false;
    };
    ROUND_TRIP
        .iter()
        .all(|&c| serialize_step(first, c, again.get(c)))
}

/// The components a round trip is compared on: every one but the authority, whose parts are
/// compared.
const ROUND_TRIP: &[Component] = crate::parsers::ALL_BUT_AUTHORITY;

/// Whether `now`, component `c` of a serialization of `first` read again, is `first`'s, or
/// what a documented step of `serialize` makes of it.
fn serialize_step(first: &Components, c: Component, now: Option<&str>) -> bool {
    let scheme = scheme_of(Some(first));
    let web = matches!(scheme.as_deref(), Some("http" | "https"));
    let ws = matches!(scheme.as_deref(), Some("ws" | "wss"));
    let upper = |v: Option<&str>| v.map(super::any::upper_hex);
    let was = first.get(c);
    if was == now || upper(was).as_deref() == now {
        return true;
    }
    match c {
        Component::Scheme => super::lower(was).as_deref() == now,
        Component::Port => {
            let default = super::default_port(scheme.as_deref()).map(|p| p.to_string());
            now.is_none() && (was == Some("") || was == default.as_deref())
        }
        Component::Fragment => ws && now.is_none(),
        Component::Path => {
            let Some(p) = upper(was) else {
                return false;
            };
            let forms = [
                uri_spec::remove_dot_segments(&p),
                fast_uri_dots(&p),
                if web && p.is_empty() {
                    "/".into()
                } else {
                    p.clone()
                },
            ];
            // A path not starting with "/" beside an authority (read from input RFC 3986
            // refuses; uri-js: "URI validation has been removed") is written after a "/":
            // uri-js's serialize, "if (components.path && components.path.charAt(0) !==
            // \"/\") uriTokens.push(\"/\")", as RFC 3986 3.3 has it ("If a URI contains an
            // authority component, then the path component must either be empty or begin
            // with a slash character").
            let rooted = first.get(Component::Host).is_some() && !p.starts_with('/');
            forms.iter().any(|f| {
                Some(f.as_str()) == now
                    || (rooted && !f.is_empty() && Some(format!("/{f}").as_str()) == now)
            })
        }
        _ => false,
    }
}

/// fast-uri's resolve of a reference with its own scheme, mailto or urn, whose handler says
/// `absolutePath: true`: the target's path is the reference's as written, its dot-segments
/// kept (index.js, `resolveComponents`: `relativeSchemeHandler.absolutePath ? relative.path`),
/// where RFC 3986 5.2.2 removes them (`resolve("mailto:a@b", "mailto:.")` is `mailto:.`, run
/// here with 4.2.3). Only where the answer is the reference itself, its scheme lowercased.
fn opaque_path_dots_kept(e: &Evidence<'_>) -> bool {
    let (Class::Resolution, Some(_), Some(got)) = (e.class, e.second, e.got) else {
        return false;
    };
    let Ok(reference) = std::str::from_utf8(e.input) else {
        return false;
    };
    let Some((scheme, rest)) = reference.split_once(':') else {
        return false;
    };
    let opaque = ["mailto", "urn"]
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s));
    let dotted = rest
        .split(['?', '#'])
        .next()
        .is_some_and(|p| p.split('/').any(|s| s == "." || s == ".."));
    opaque
        && dotted
        && uri_spec::parse(e.input).is_ok()
        && got == format!("{}:{rest}", scheme.to_ascii_lowercase())
}

/// The round trip of `serialize(parse(input))` where parse kept interior characters as written
/// (`//[@` has the userinfo `[`) and serialize writes them percent-encoded, as its component
/// encoders do (lib/utils.js, `encodeUserinfo`, `serializePathEncoding`, `encodeQuery`,
/// `encodeFragment`: RFC 3986's characters of the component kept, a valid "%XX" kept with its
/// digits uppercased, every other character UTF-8 percent-encoded, and in a reference without
/// scheme or authority the ":" of the path's first segment, "so the result cannot be parsed as
/// a scheme"): `//[@` is written `//%5B@` and read again with the userinfo `%5B`, `:` is
/// written `%3A` (run here with fast-uri 4.2.3). Every other component reads the same again.
fn round_trip_interior_encoded(e: &Evidence<'_>) -> bool {
    let (Class::RoundTrip, Some(first), Some(again)) =
        (e.class, e.reference_components, e.reparsed)
    else {
        return false;
    };
    let schemeless = first.get(Component::Scheme).is_none()
        && first.get(Component::Host).is_none()
        && first.get(Component::Userinfo).is_none()
        && first.get(Component::Port).is_none();
    let encoded = |c: Component| {
        let allowed: &[u8] = match c {
            Component::Userinfo => b"!$&'()*+,;=:",
            Component::Path => b"!$&'()*+,;=:@/",
            Component::Query | Component::Fragment => b"!$&'()*+,;=:@/?",
            _ => return false,
        };
        let was = first.get(c);
        let written =
            was.map(|v| component_encoded(v, allowed, schemeless && c == Component::Path));
        written.as_deref() != was && written.as_deref() == again.get(c)
    };
    // Each component the first reading's, or a documented step of serialize's (the http
    // handler's "/" and default port: `http://u<TAB>@h:80` is written `http://u%09@h/`), or
    // encoded; one of them encoded.
    ROUND_TRIP
        .iter()
        .all(|&c| serialize_step(first, c, again.get(c)) || encoded(c))
        && ROUND_TRIP.iter().copied().any(encoded)
}

/// `value` as fast-uri's `encodeComponent` writes it: unreserved characters and `allowed` kept,
/// a valid "%XX" kept with uppercase digits, every other byte of its UTF-8 percent-encoded;
/// with `noscheme`, a ":" before the first "/" encoded too (`serializePathEncoding`).
fn component_encoded(value: &str, allowed: &[u8], noscheme: bool) -> String {
    let b = value.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut first_segment = noscheme && !value.starts_with('/');
    let mut i = 0;
    while i < b.len() {
        let hex = |j: usize| b.get(j).is_some_and(u8::is_ascii_hexdigit);
        if b[i] == b'%' && hex(i + 1) && hex(i + 2) {
            out.push_str(&value[i..i + 3].to_ascii_uppercase());
            i += 3;
            continue;
        }
        first_segment &= b[i] != b'/';
        let keep = b[i].is_ascii_alphanumeric()
            || b"-._~".contains(&b[i])
            || allowed.contains(&b[i]) && !(first_segment && b[i] == b':');
        if keep {
            out.push(b[i] as char);
        } else {
            out.push_str(&format!("%{:02X}", b[i]));
        }
        i += 1;
    }
    out
}

/// How a library reads the host of a domain-host scheme (http, https, ws, wss) in its normal
/// form: `None` where it reads it as any other host.
type DomainHost = fn(&str) -> Option<String>;

/// `uri` in the normal form the libraries read (see [`canonical_answer`]), `None` when RFC 3986
/// does not read it; a domain-host scheme's host read by `domain` where it reads it.
fn canonical(uri: &[u8], keep: &[u8], domain: DomainHost) -> Option<[Option<String>; 7]> {
    let c = uri_spec::parse(uri).ok()?;
    let n = |v: Option<&str>| v.map(|v| decode_unreserved(v, keep));
    let scheme = c.scheme.map(str::to_ascii_lowercase);
    let web = matches!(scheme.as_deref(), Some("http" | "https"));
    let ws = matches!(scheme.as_deref(), Some("ws" | "wss"));
    let host = c.host_str().map(|h| {
        let literal = h.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
        match literal.and_then(|h| rfc5952(h).map(|a| (h, a))) {
            Some((_, a)) => format!("[{a}]"),
            None => (web || ws)
                .then(|| domain(h))
                .flatten()
                .unwrap_or_else(|| decode_unreserved(h, keep).to_ascii_lowercase()),
        }
    });
    let port = c.port.map(|p| match p.trim_start_matches('0') {
        "" if !p.is_empty() => "0".to_owned(),
        t => t.to_owned(),
    });
    // The http and ws handlers' serialize, "normalize the default port": `port === (secure ?
    // 443 : 80) || port === ''` is dropped, as RFC 3986 6.2.3 has normalizers do ("should
    // omit the port component and its ':' delimiter if port is empty or if its value would be
    // the same as that of the scheme's default").
    let default = super::default_port(scheme.as_deref()).map(|p| p.to_string());
    let port = port.filter(|p| !((web || ws) && (p.is_empty() || Some(p) == default.as_ref())));
    // httpSerialize, "normalize the empty path" (README, Serialize: `http://example.com/#footer`).
    let path = n(c.path).map(|p| if web && p.is_empty() { "/".into() } else { p });
    Some([
        scheme,
        n(c.userinfo),
        host,
        port,
        path,
        n(c.query),
        if ws { None } else { n(c.fragment) },
    ])
}

/// `resolve` and `normalize` answer the reference's URI in the normal form, as written; `equal`
/// says two URIs are one where their normal forms are.
fn canonical_answer(e: &Evidence<'_>) -> bool {
    canonical_answer_by(e, |_| None)
}

/// [`canonical_answer`] with a domain-host scheme's host read by `domain`: the library's
/// `normalize` is `serialize(parse())` and its `resolve` and `equal` parse their operands, so
/// the host parse gives (fast-uri's WHATWG reading, uri-js's IDNA) is the one they answer with.
fn canonical_answer_by(e: &Evidence<'_>, domain: DomainHost) -> bool {
    let written = |t: &str| {
        let c = uri_spec::parse(t.as_bytes()).ok()?;
        Some(
            [
                c.scheme,
                c.userinfo,
                c.host_str(),
                c.port,
                c.path,
                c.query,
                c.fragment,
            ]
            .map(|v| v.map(str::to_owned)),
        )
    };
    [b"" as &[u8], b"."]
        .iter()
        .any(|keep| match (e.class, e.reference, e.got) {
            // normalize is serialize(parse(...)), and resolve's answer is serialized too: its
            // dot-segments removed (README, `absolutePath`: a base's `/b/../x` comes back
            // `/x`), as each library does it.
            (Class::Normalization | Class::Resolution, Some(spec), Some(got)) => {
                let dots: [fn(&str) -> String; 3] =
                    [str::to_owned, uri_spec::remove_dot_segments, fast_uri_dots];
                // resolve keeps a default port as written where normalize drops it
                // (`resolve("https://h:443/a", "b")` is `https://h:443/b`).
                // Kept as the number it writes (README, Parse: `port: 123`): `//M:080` against
                // `http://app.photos.org:9090` is `http://m:80`, run here with 4.2.3.
                let ports = match e.class {
                    Class::Resolution => {
                        let as_written = written(spec).and_then(|w| w[3].clone());
                        let number = as_written
                            .as_deref()
                            .and_then(|p| p.parse::<u32>().ok())
                            .map(|n| n.to_string());
                        vec![None, as_written, number]
                    }
                    _ => vec![None],
                };
                // Nor does resolve write an http target's empty path "/": the handler that
                // drops a default port writes it (`resolve("http://h:9/", "//A")` is
                // `http://a`, run here with both libraries).
                let empty = e.class == Class::Resolution
                    && written(spec).is_some_and(|w| w[4].as_deref() == Some(""));
                let paths = if empty {
                    &[false, true][..]
                } else {
                    &[false][..]
                };
                canonical(spec.as_bytes(), keep, domain).is_some_and(|want| {
                    dots.iter().any(|f| {
                        ports.iter().any(|port| {
                            paths.iter().any(|&bare| {
                                let mut w = want.clone();
                                w[4] = w[4].as_deref().map(f);
                                if port.is_some() {
                                    w[3] = port.clone();
                                }
                                if bare {
                                    w[4] = Some(String::new());
                                }
                                Some(w) == written(got)
                            })
                        })
                    })
                })
            }
            // equal compares normalize's answers, dot-segments removed (README, Comparison:
            // `eXAMPLE://a/./b/../b/%63/%7bfoo%7d` equals `example://a/b/c/%7Bfoo%7D`).
            (Class::Equivalence, _, Some("true")) => e.second.is_some_and(|other| {
                let dots: [fn(&str) -> String; 2] = [uri_spec::remove_dot_segments, fast_uri_dots];
                dots.iter().any(|f| {
                    let read = |u: &[u8]| {
                        canonical(u, keep, domain).map(|mut c| {
                            c[4] = c[4].as_deref().map(f);
                            c
                        })
                    };
                    read(e.input).is_some() && read(e.input) == read(other)
                })
            }),
            _ => false,
        })
}

fn too_strict_on(e: &Evidence<'_>, scheme: &str) -> Option<Components> {
    // A normalization has no components of its own: the input's, as RFC 3986 reads it (the
    // worker reports fast-uri's normalize of a malformed input rejected, the README's
    // "`normalize()` leaves these malformed string inputs unchanged").
    let read = match (e.reference_components, e.second) {
        (Some(c), _) => c.clone(),
        (None, None) => {
            let text = std::str::from_utf8(e.input).ok()?;
            uri_spec::parse(e.input).ok()?;
            crate::subjects::lenient::split(text)
        }
        (None, Some(_)) => return None,
    };
    (e.class == Class::TooStrict && scheme_of(Some(&read)).as_deref() == Some(scheme))
        .then_some(read)
}

fn http_without_host(e: &Evidence<'_>) -> bool {
    let web = |scheme: Option<&str>, host: Option<&str>| {
        scheme.is_some_and(|s| ["http", "https"].iter().any(|w| s.eq_ignore_ascii_case(w)))
            && matches!(host, None | Some(""))
    };
    if e.class != Class::TooStrict {
        return false;
    }
    match (e.second, e.reference_components) {
        // resolve(base, input): the target's ("rejects HTTP(S) results with an empty host").
        (Some(base), _) => uri_spec::resolve(base, e.input).is_ok_and(|t| {
            uri_spec::parse(t.as_bytes()).is_ok_and(|c| web(c.scheme, c.host_str()))
        }),
        (None, Some(c)) => web(c.get(Component::Scheme), c.get(Component::Host)),
        (None, None) => false,
    }
}

/// RFC 2141 2: `<NID>` is a letter or digit then up to 31 letters, digits or "-".
fn urn_nid(path: &str) -> Option<(&str, &str)> {
    let (nid, nss) = path.split_once(':')?;
    let ok = (1..=32).contains(&nid.len())
        && nid
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphanumeric())
        && nid.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    ok.then_some((nid, nss))
}

fn urn_malformed(e: &Evidence<'_>) -> bool {
    too_strict_on(e, "urn").is_some_and(|c| {
        let path = c.get(Component::Path).unwrap_or("");
        // urn:uuid (RFC 4122 3): the NSS is 8-4-4-4-12 hexadecimal digits.
        let uuid = |nss: &str| {
            let groups: Vec<&str> = nss.split('-').collect();
            groups.iter().map(|g| g.len()).eq([8, 4, 4, 4, 12])
                && groups
                    .iter()
                    .all(|g| g.bytes().all(|b| b.is_ascii_hexdigit()))
        };
        urn_nid(path).is_none_or(|(nid, nss)| {
            nss.is_empty() || (nid.eq_ignore_ascii_case("uuid") && !uuid(nss))
        })
    })
}

/// The `to` addresses of a mailto path, percent-decoded (RFC 6068 2).
fn mailto_recipients(path: &str) -> Vec<String> {
    if path.is_empty() {
        return Vec::new();
    }
    path.split(',').map(super::pct_decode_exact).collect()
}

fn mailto_without_domain(e: &Evidence<'_>) -> bool {
    too_strict_on(e, "mailto").is_some_and(|c| {
        mailto_recipients(c.get(Component::Path).unwrap_or(""))
            .iter()
            .any(|a| {
                a.rsplit_once('@')
                    .is_none_or(|(_, domain)| domain.is_empty())
            })
    })
}

/// `s` read as scheme ":" rest, the scheme lowercased, when it is `scheme`.
fn with_scheme<'a>(s: &'a [u8], scheme: &str) -> Option<&'a str> {
    let s = std::str::from_utf8(s).ok()?;
    let (head, rest) = s.split_once(':')?;
    head.eq_ignore_ascii_case(scheme).then_some(rest)
}

fn equivalent_true<'a>(e: &Evidence<'a>) -> Option<(&'a [u8], &'a [u8])> {
    (e.class == Class::Equivalence && e.got == Some("true"))
        .then_some(())
        .and_then(|()| e.second.map(|b| (e.input, b)))
}

fn urn_key(s: &[u8]) -> Option<(String, String)> {
    let rest = with_scheme(s, "urn")?;
    let (nid, nss) = urn_nid(rest)?;
    let nid = nid.to_ascii_lowercase();
    let nss = if nid == "uuid" {
        nss.to_ascii_lowercase()
    } else {
        super::any::upper_hex(nss)
    };
    Some((nid, nss))
}

fn urn_equal(e: &Evidence<'_>) -> bool {
    equivalent_true(e).is_some_and(|(a, b)| urn_key(a).is_some() && urn_key(a) == urn_key(b))
}

/// A mailto URI's recipients (decoded, each domain lowercased) and its query ("" is none), when
/// it has no fragment.
fn mailto_key(s: &[u8]) -> Option<(Vec<String>, Option<String>)> {
    let rest = with_scheme(s, "mailto")?;
    if rest.contains('#') {
        return None;
    }
    let (path, query) = match rest.split_once('?') {
        Some((p, q)) => (p, Some(q).filter(|q| !q.is_empty()).map(str::to_owned)),
        None => (rest, None),
    };
    let to = mailto_recipients(path)
        .into_iter()
        .map(|a| match a.rsplit_once('@') {
            Some((local, domain)) => format!("{local}@{}", domain.to_ascii_lowercase()),
            None => a,
        })
        .collect();
    Some((to, query))
}

fn mailto_equal(e: &Evidence<'_>) -> bool {
    equivalent_true(e)
        .is_some_and(|(a, b)| mailto_key(a).is_some() && mailto_key(a) == mailto_key(b))
}

fn mailto_normalized(e: &Evidence<'_>) -> bool {
    let (Class::Normalization, Some(got)) = (e.class, e.got) else {
        return false;
    };
    let Some((to, None)) = mailto_key(e.input) else {
        return false;
    };
    got == format!("mailto:{}", to.join(","))
}

/// The schemes with domain hosts (`domainHost`): fast-uri's README, "`http`, `https`, `ws`,
/// `wss`"; uri-js's http and ws handlers.
fn domain_host_scheme(c: Option<&Components>) -> bool {
    matches!(
        scheme_of(c).as_deref(),
        Some("http" | "https" | "ws" | "wss")
    )
}

/// `new URL('http://' + host).hostname` where all of `host` is read as the host (fast-uri's
/// `isHostOnlyURL`), else `None`; the url crate plays Node's `URL` (the URL Standard's parser).
fn whatwg_host_only(host: &str) -> Option<String> {
    let u = url::Url::parse(&format!("http://{host}")).ok()?;
    let host_only = u.username().is_empty()
        && u.password().is_none()
        && u.port().is_none()
        && u.path() == "/"
        && u.query().is_none()
        && u.fragment().is_none();
    u.host_str()
        .filter(|h| host_only && !h.is_empty())
        .map(str::to_owned)
}

/// fast-uri's `canonicalizeHost`: a domain host that is no IP literal goes through the WHATWG
/// host parser, its `hostname` the answer, a failure the parse's error.
fn whatwg_domain_host(e: &Evidence<'_>) -> bool {
    let Some(c) = e
        .reference_components
        .filter(|c| domain_host_scheme(Some(c)))
    else {
        return false;
    };
    let Some(host) = c
        .get(Component::Host)
        .filter(|h| !h.is_empty() && !h.starts_with('['))
    else {
        return false;
    };
    match (e.class, e.second) {
        (Class::Component(Component::Host), None) => {
            whatwg_host_only(host).as_deref() == e.got && e.got != e.reference
        }
        (Class::TooStrict, None) => whatwg_host_only(&host.to_ascii_lowercase()).is_none(),
        _ => false,
    }
}

/// fast-uri's `mailtoNormalizeDomain`: each recipient's domain (after its last "@", lowercased,
/// not a bracketed literal) must be one the WHATWG host parser reads whole.
fn mailto_domain_refused(e: &Evidence<'_>) -> bool {
    too_strict_on(e, "mailto").is_some_and(|c| {
        let path = c.get(Component::Path).unwrap_or("");
        path.split(',').any(|to| {
            to.rsplit_once('@').is_some_and(|(_, d)| {
                let d = d.to_ascii_lowercase();
                !d.is_empty() && !d.starts_with('[') && whatwg_host_only(&d).is_none()
            })
        })
    })
}

/// `resolve(base, input)` where either, read by RFC 3986, has a port above 65535.
fn resolve_port_overflow(e: &Evidence<'_>) -> bool {
    let overflows = |s: &[u8]| {
        uri_spec::parse(s).is_ok_and(|c| {
            c.port
                .is_some_and(|p| !p.is_empty() && p.parse::<u16>().is_err())
        })
    };
    e.class == Class::TooStrict
        && e.second
            .is_some_and(|base| overflows(e.input) || overflows(base))
}

/// uri-js's domain host: `punycode.toASCII(host.replace(PCT_ENCODED, pctDecChars).toLowerCase())`
/// (RFC 3490 3.1's four dots separate labels); `None` for no UTF-8 or a byte a host may not hold.
fn uri_js_idna(host: &str) -> Option<String> {
    let decoded = super::pct_decode_exact(host);
    if decoded.contains('\u{fffd}') {
        return None;
    }
    let lower = decoded.to_lowercase();
    // RFC 3492's encoding, as punycode.js's `encode` writes it.
    let out = super::punycode_labels(lower.split(['.', '\u{3002}', '\u{ff0e}', '\u{ff61}']))?;
    out.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=".contains(&b))
        .then_some(out)
}

fn uri_js_idna_host(e: &Evidence<'_>) -> bool {
    e.component() == Some(Component::Host)
        && e.second.is_none()
        && domain_host_scheme(e.reference_components)
        && e.reference.is_some_and(|h| h.contains('%'))
        && e.got.is_some()
        && e.reference.and_then(uri_js_idna).as_deref() == e.got
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `parse("http://[::]/\\").path` is `/%5C`, as for `http://a/\\`, run here.
    #[test]
    fn an_ip_literal_leaves_the_authority_clean() {
        let ev = |input: &'static [u8], got| Evidence {
            class: Class::Component(Component::Path),
            input,
            second: None,
            reparsed: None,
            reference: Some("/"),
            got: Some(got),
            reference_components: None,
            serialization: None,
        };
        assert!(interior_encoded_leniently(&ev(b"http://[::]/\\", "/%5C")));
        assert!(interior_encoded_leniently(&ev(b"http://a/\\", "/%5C")));
        // One step off: another path.
        assert!(!interior_encoded_leniently(&ev(b"http://[::]/\\", "/%5D")));
        // A userinfo: `http://u\t@o` has the userinfo `u\t`, where the URL Standard removes
        // the tab; the tab dropped too, or a tab at an end (fast-uri's error), is not this.
        let user = |input: &'static [u8], got| Evidence {
            class: Class::Component(Component::Userinfo),
            reference: Some("u"),
            ..ev(input, got)
        };
        assert!(interior_encoded_leniently(&user(b"http://u\t@o", "u\t")));
        assert!(interior_encoded_leniently(&user(b"http://u\t@o", "u%09")));
        assert!(!interior_encoded_leniently(&user(b"http://u\t@o", "u")));
        assert!(!interior_encoded_leniently(&user(b"http://u\t@o\t", "u\t")));
    }

    /// Each as fast-uri 4.2.3's `parse` answers it, run here.
    #[test]
    fn an_authority_is_encoded_where_fast_uri_accepts_it() {
        let read = |s: &str| String::from_utf8(encoded_as_read(s.as_bytes())).unwrap();
        // Accepted: a userinfo, and a host of a scheme that is no domain-host scheme.
        assert_eq!(read("//u[@"), "//u%5B@");
        assert_eq!(read("p://a^b/"), "p://a%5Eb/");
        assert_eq!(read("http://u^@h/"), "http://u%5E@h/");
        assert_eq!(read("p://a|b:80/"), "p://a%7Cb:80/");
        // One step off, malformed ("URI host is malformed", "must not contain a literal
        // backslash"): left as written, which RFC 3986 rejects.
        assert_eq!(read("http://a^b/"), "http://a^b/");
        assert_eq!(read("p://u@a\\b/"), "p://u@a\\b/");
        assert!(uri_spec::parse(read("p://[::1^]/").as_bytes()).is_err());
        // A second "@" is the host's: `p://u@@h/` has the host `%40h`, `//@@` the host `%40`
        // (no error); under a domain-host scheme that host is malformed (`http://a@@b/`).
        assert_eq!(read("p://u@@h/"), "p://u@%40h/");
        assert_eq!(read("//@@"), "//@%40");
        assert!(uri_spec::parse(read("http://a@@b/").as_bytes()).is_err());
    }

    /// `resolve(base, reference)`, each as fast-uri 4.2.3 answers it, run here.
    #[test]
    fn a_mailto_or_urn_reference_keeps_its_dots() {
        let ev = |input: &'static str, got| Evidence {
            class: Class::Resolution,
            input: input.as_bytes(),
            second: Some(b"mailto:a@b"),
            reparsed: None,
            reference: Some("mailto:"),
            got: Some(got),
            reference_components: None,
            serialization: None,
        };
        assert!(opaque_path_dots_kept(&ev("mailto:.", "mailto:.")));
        assert!(opaque_path_dots_kept(&ev("URN:a:b/./c", "urn:a:b/./c")));
        // One step off: another scheme's dots (removed by fast-uri too), no dot-segment, or
        // another answer.
        assert!(!opaque_path_dots_kept(&ev("foo:.", "foo:.")));
        assert!(!opaque_path_dots_kept(&ev("mailto:a", "mailto:a")));
        assert!(!opaque_path_dots_kept(&ev("mailto:.", "mailto:./")));
    }

    /// `serialize(parse(...))` read again, each as fast-uri 4.2.3 answers it, run here.
    #[test]
    fn a_round_trip_encodes_what_parse_kept() {
        let c = |pairs: &[(Component, &'static str)]| {
            pairs
                .iter()
                .fold(Components::default(), |c, &(k, v)| c.with(k, Some(v)))
        };
        let ev = |first: &Components, again: &Components| {
            round_trip_interior_encoded(&Evidence {
                class: Class::RoundTrip,
                input: b"",
                second: None,
                reparsed: Some(again),
                reference: None,
                got: None,
                reference_components: Some(first),
                serialization: None,
            })
        };
        let (u, h, p) = (Component::Userinfo, Component::Host, Component::Path);
        // `//[@` is written `//%5B@`; `:` is written `%3A`; `//a[b@x/p` is `//a%5Bb@x/p`.
        assert!(ev(
            &c(&[(u, "["), (h, ""), (p, "")]),
            &c(&[(u, "%5B"), (h, ""), (p, "")])
        ));
        assert!(ev(&c(&[(p, ":")]), &c(&[(p, "%3A")])));
        assert!(ev(
            &c(&[(u, "a[b"), (h, "x"), (p, "/p")]),
            &c(&[(u, "a%5Bb"), (h, "x"), (p, "/p")])
        ));
        // One step off: another escape, the data decoded, the colon of a path after an
        // authority or a scheme (kept), or another component changed too.
        assert!(!ev(&c(&[(u, "["), (h, "")]), &c(&[(u, "%5D"), (h, "")])));
        assert!(!ev(&c(&[(u, "%5B"), (h, "")]), &c(&[(u, "["), (h, "")])));
        assert!(!ev(
            &c(&[(h, "a"), (p, "/:")]),
            &c(&[(h, "a"), (p, "/%3A")])
        ));
        assert!(!ev(
            &c(&[(Component::Scheme, "a"), (p, "b:")]),
            &c(&[(Component::Scheme, "a"), (p, "b%3A")])
        ));
        assert!(!ev(&c(&[(u, "["), (h, "")]), &c(&[(u, "%5B"), (h, "x")])));
        assert!(!ev(&c(&[(p, "")]), &c(&[(p, "")])));
        // `http://u\t@o` is written `http://u%09@o/`: the http handler's "/" beside it.
        let s = Component::Scheme;
        assert!(ev(
            &c(&[(s, "http"), (u, "u\t"), (h, "o"), (p, "")]),
            &c(&[(s, "http"), (u, "u%09"), (h, "o"), (p, "/")])
        ));
        // `http://u\tser@host:80/p` is written `http://u%09ser@host/p`: the default port gone.
        let port = Component::Port;
        assert!(ev(
            &c(&[
                (s, "http"),
                (u, "u\tser"),
                (h, "host"),
                (port, "80"),
                (p, "/p")
            ]),
            &c(&[(s, "http"), (u, "u%09ser"), (h, "host"), (p, "/p")])
        ));
        assert!(!ev(
            &c(&[
                (s, "http"),
                (u, "u\tser"),
                (h, "host"),
                (port, "81"),
                (p, "/p")
            ]),
            &c(&[(s, "http"), (u, "u%09ser"), (h, "host"), (p, "/p")])
        ));
        assert!(!ev(
            &c(&[(s, "coap"), (u, "u\t"), (h, "o"), (p, "")]),
            &c(&[(s, "coap"), (u, "u%09"), (h, "o"), (p, "/")])
        ));
    }

    #[test]
    fn fast_uri_dots_follows_its_readme_examples() {
        for (path, want) in [
            ("a/../b", "b"),
            ("../x", "../x"),
            ("x/..", "./"),
            ("a/../a:b", "./a:b"),
            (".", "./"),
            ("g/../..", ".."),
            ("/a/./b/../c", "/a/c"),
        ] {
            assert_eq!(fast_uri_dots(path), want, "{path}");
        }
    }

    #[test]
    fn rfc5952_writes_the_libraries_ipv6_forms() {
        for (addr, want) in [
            ("0:0::1", "::1"),
            ("FE80::A", "fe80::a"),
            ("2001:0:0DB8::0:0001", "2001:0:db8::1"),
            ("1:2:3:4:5::1.2.3.4", "1:2:3:4:5:0:1.2.3.4"),
            ("::2:3:4:5:6:1.2.3.4", "0:2:3:4:5:6:1.2.3.4"),
            ("::1.2.3.4", "::1.2.3.4"),
            ("::01.2.3.004", "::1.2.3.4"),
            ("1:0:0:2:0:0:0:3", "1:0:0:2::3"),
            ("1:0:0:2:0:0:3:4", "1::2:0:0:3:4"),
        ] {
            assert_eq!(rfc5952(addr).as_deref(), Some(want), "{addr}");
        }
    }

    #[test]
    fn uri_js_idna_writes_punycode_labels() {
        assert_eq!(uri_js_idna("%C3%Ae").as_deref(), Some("xn--fda"));
        assert_eq!(uri_js_idna("%E3%80%82").as_deref(), Some("."));
        assert_eq!(uri_js_idna("%FF"), None);
    }

    #[test]
    fn whatwg_host_only_reads_the_url_standards_host() {
        assert_eq!(whatwg_host_only("0").as_deref(), Some("0.0.0.0"));
        assert_eq!(whatwg_host_only("%e3%80%82").as_deref(), Some("."));
        assert_eq!(whatwg_host_only(".0"), None);
        assert_eq!(whatwg_host_only("r/y"), None);
        assert_eq!(whatwg_host_only("ex.org").as_deref(), Some("ex.org"));
    }

    #[test]
    fn only_unreserved_escapes_are_decoded() {
        assert_eq!(decode_unreserved("%2e%6C%2f", b"."), "%2El%2F");
        assert_eq!(decode_unreserved("%2e%6C%", b""), ".l%");
    }

    #[test]
    fn mailto_keys_decode_and_lowercase_the_domain_only() {
        assert_eq!(mailto_key(b"mailto:A@%45x?"), mailto_key(b"MAILTO:A@ex"));
        assert_ne!(mailto_key(b"mailto:A@ex"), mailto_key(b"mailto:a@ex"));
        assert_ne!(mailto_key(b"mailto:@u/"), mailto_key(b"mailto:@u"));
    }

    #[test]
    fn urn_keys_fold_the_nid_and_a_uuid() {
        assert_eq!(urn_key(b"urn:I:9"), urn_key(b"urn:i:9"));
        assert_ne!(urn_key(b"urn:i:A"), urn_key(b"urn:i:a"));
        assert_eq!(urn_key(b"urn:uuid:7E73"), urn_key(b"urn:uuid:7e73"));
    }
}
