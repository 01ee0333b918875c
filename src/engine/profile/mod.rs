//! What each profile differs in by design, as data: one table of rules per profile, one file
//! each (HTTP Garden keeps a target's known quirks the same way).
//!
//! A difference between a subject and its reference is `by-design(<profile>: <rule>)` only when
//! one of its profile's rules reproduces the subject's exact answer from the reference's answer:
//! the rule is a function from the reference's value to the subject's, and the engine checks
//! that it lands on the subject's value. A rule that merely sounds plausible explains nothing.
//! Every rule cites where the library documents the behaviour ([`Rule::cites`], from the
//! file's `//!` and the rule's name), and what it computes is one of a fixed vocabulary of
//! kinds that several rules share, or the rule's own predicate ([`Explains`], in `kind.rs`). Rules are read relative to the profile's reference
//! ([`crate::subjects::profile::Reference`]); the WHATWG profile's differences from RFC 3986 are
//! a table apart ([`versus_rfc3986`]), for the conformance matrix only.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::model::{Component, Components, Outcome, Parsed};

pub(crate) use super::octets::pct_decode_bytes;
use super::Class;
pub use example::{Example, Reply};
pub use kind::{kind_counts, Explains};

mod any;
mod boost_url;
mod c_uriparser;
mod curl_url;
mod example;
mod fast_uri;
mod fluent_uri;
mod go_net_url;
mod http_request_target;
mod kind;
mod ladder;
mod libwget;
mod mojo_url;
mod node_legacy_url;
mod okhttp;
mod perl_uri;
mod php_parse_url;
mod python_furl;
mod python_hyperlink;
mod python_urllib;
mod python_urllib3;
mod python_yarl;
mod rfc2396;
mod rfc3986;
mod rfc3987_iri;
mod ruby_addressable;
mod ruby_uri;
mod urijs;
mod url_parse;
mod whatwg_url;

/// What a rule sees: the class of the difference, the component, the spec's and the subject's
/// values, and the spec's components of the whole input.
#[derive(Clone, Copy, Debug)]
pub struct Evidence<'a> {
    /// The class of the difference.
    pub class: Class,
    /// The input.
    pub input: &'a [u8],
    /// `resolve`: the base; `equivalent`: the other operand.
    pub second: Option<&'a [u8]>,
    /// For a round-trip class: the components of the subject's serialization parsed again by
    /// it (`None` when it rejected its own serialization); `reference_components` then holds its
    /// first reading.
    pub reparsed: Option<&'a Components>,
    /// The reference's value of the component (for a validity class: `None`).
    pub reference: Option<&'a str>,
    /// The subject's value.
    pub got: Option<&'a str>,
    /// The reference's components of the input, when the reference accepted it.
    pub reference_components: Option<&'a Components>,
    /// The subject's serialization of its reading (a parse's `serialization`), where it gave
    /// one: the text it would send, as escaped as it writes it.
    pub serialization: Option<&'a str>,
}

impl Evidence<'_> {
    pub(super) fn scheme(&self) -> Option<String> {
        self.reference_components
            .and_then(|c| c.get(Component::Scheme))
            .map(str::to_ascii_lowercase)
    }

    pub(super) fn component(&self) -> Option<Component> {
        self.class.component()
    }
}

/// One by-design rule of a profile.
#[derive(Debug)]
pub struct Rule {
    /// The profile it belongs to.
    pub profile: &'static str,
    /// Its stable identity, `<owner>/<slug>`: the owner is [`Rule::profile`] (`any` for `*`),
    /// the slug a short kebab-case summary of what it says. The prose may be reworded; the id
    /// stays, so reports, baselines read by people and `uridiff parsers --rules` can name it.
    pub id: &'static str,
    /// A short statement of the rule, as the reports print it.
    pub name: &'static str,
    /// Where the library documents the behaviour: a link (`https://...`) to its own
    /// documentation or source, or a precise section of it (`HttpUrl.port() Javadoc`,
    /// `URI.pm, BUGS`, `lib/utils.js, normalizeIPv6`); for a rule of a reference profile, the
    /// standard's section (`RFC 3986 section 6.2.2.1`, `URL Standard, host parsing`). Taken from
    /// what the rule's name and its table's documentation already quote, so that a reader can
    /// check the rule against its source.
    pub cites: &'static str,
    /// What it computes: whether it reproduces the subject's value from the spec's, one of a
    /// fixed vocabulary of kinds shared by several rules or the rule's own predicate
    /// ([`Explains::Custom`]); [`Explains::holds`] applies it.
    pub explains: Explains,
    /// Jobs with the library's answer on which the rule must fire, and answers one step off
    /// on which it must not ([`Example`]).
    pub examples: &'static [Example],
}

/// Rules are the same when their ids are (ids are unique, a test below checks it): comparing
/// the `explains` predicates (function pointers) would say nothing reliable.
impl PartialEq for Rule {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for Rule {}

impl Rule {
    /// The owner as an id spells it: `any` for the rules of every profile (`*`).
    ///
    /// ```
    /// use uridiff::engine::rules;
    /// let r = rules().find(|r| r.profile == "*").unwrap();
    /// assert_eq!(r.owner(), "any");
    /// assert!(r.id.starts_with("any/"));
    /// ```
    pub fn owner(&self) -> &'static str {
        match self.profile {
            "*" => "any",
            p => p,
        }
    }

    /// `<profile>: <name>`, as findings and reports print the rule (`any profile: <name>` for
    /// `*`).
    ///
    /// ```
    /// use uridiff::engine::rule_by_id;
    /// let r = rule_by_id("java-okhttp/port-zero-refused").unwrap();
    /// assert!(r.label().starts_with("java-okhttp: a port of 0 is not taken"));
    /// ```
    pub fn label(&self) -> String {
        match self.profile {
            "*" => format!("any profile: {}", self.name),
            p => format!("{p}: {}", self.name),
        }
    }
}

/// The rule whose id is `id`, among [`rules`] and [`versus_rules`].
///
/// ```
/// use uridiff::engine::rule_by_id;
/// assert_eq!(rule_by_id("php-parse-url/control-as-underscore").unwrap().profile, "php-parse-url");
/// assert!(rule_by_id("php-parse-url/no-such-rule").is_none());
/// ```
pub fn rule_by_id(id: &str) -> Option<&'static Rule> {
    rules().chain(versus_rules()).find(|r| r.id == id)
}

/// Every table of rules, each against its profile's reference (a rule's owner is a profile, or
/// one library's name where the behaviour is that library's own within a shared profile; `*`
/// for every profile).
pub const TABLES: &[&[Rule]] = &[
    any::RULES,
    ladder::RULES,
    rfc3986::RULES,
    fluent_uri::RULES,
    rfc3987_iri::RULES,
    rfc2396::RULES,
    whatwg_url::RULES,
    http_request_target::RULES,
    python_urllib::RULES,
    python_urllib3::RULES,
    python_yarl::RULES,
    python_furl::RULES,
    python_hyperlink::RULES,
    node_legacy_url::RULES,
    go_net_url::RULES,
    php_parse_url::RULES,
    ruby_uri::RULES,
    curl_url::RULES,
    perl_uri::RULES,
    url_parse::RULES,
    urijs::RULES,
    // Debian 12's parsers.
    c_uriparser::RULES,
    boost_url::RULES,
    libwget::RULES,
    ruby_addressable::RULES,
    mojo_url::RULES,
    okhttp::RULES,
    fast_uri::RULES,
    any::LAST,
];

/// Every rule of [`TABLES`], in order.
pub fn rules() -> impl Iterator<Item = &'static Rule> {
    TABLES.iter().flat_map(|t| t.iter())
}

/// The rule of `profile` that explains the evidence, if any.
///
/// # Examples
///
/// ```
/// use uridiff::engine::{explain, Class, Evidence};
/// use uridiff::model::{Component, Components};
/// let spec = Components::default()
///     .with(Component::Scheme, Some("http"))
///     .with(Component::Port, Some("80"));
/// let e = Evidence { class: Class::Component(Component::Port), input: b"http://a", second: None, reparsed: None,
///                    reference: None, got: Some("80"), reference_components: Some(&spec),
///                    serialization: None };
/// assert_eq!(explain("ruby-uri", &e).unwrap().name,
///            "the scheme's default port is reported when none is written");
/// assert!(explain("rfc3986", &e).is_none());
/// let wrong = Evidence { got: Some("8080"), ..e };
/// assert!(explain("ruby-uri", &wrong).is_none());
/// ```
pub fn explain(profile: &str, evidence: &Evidence<'_>) -> Option<&'static Rule> {
    explain_for(profile, "", evidence)
}

/// The rule of `profile`, or of the library `subject` itself, that explains the evidence.
pub fn explain_for(profile: &str, subject: &str, evidence: &Evidence<'_>) -> Option<&'static Rule> {
    merged(profile, subject, |rules| {
        rules.iter().copied().find(|r| r.explains.holds(evidence))
    })
}

/// A pair of owners' [`candidates`], merged once per thread: every difference judged is
/// explained or not by them, and the pairs are few (one per subject), where merging the three
/// lists anew took a fifth of what an explanation cost (uridiff's instructions on a
/// 1,000-input report through every parser, callgrind).
fn merged<R>(profile: &str, subject: &str, f: impl FnOnce(&[&'static Rule]) -> R) -> R {
    use std::cell::RefCell;
    use std::hash::BuildHasher;
    type Pair = (Box<str>, Box<str>, Box<[&'static Rule]>);
    thread_local! {
        static MERGED: RefCell<hashbrown::HashTable<Pair>> = RefCell::default();
    }
    let hash_of = |p: &str, s: &str| foldhash::fast::FixedState::default().hash_one((p, s));
    let hash = hash_of(profile, subject);
    MERGED.with(|merged| {
        let mut merged = merged.borrow_mut();
        let is = |(p, s, _): &Pair| **p == *profile && **s == *subject;
        let rules = match merged.find(hash, is) {
            Some((_, _, rules)) => rules,
            None => {
                let pair = (
                    profile.into(),
                    subject.into(),
                    candidates(profile, subject).collect(),
                );
                let hasher = |(p, s, _): &Pair| hash_of(p, s);
                &merged.insert_unique(hash, pair, hasher).into_mut().2
            }
        };
        f(rules)
    })
}

/// Every rule's place in [`rules`] by its owner ([`Rule::profile`]), built once. Looked up three
/// times for each pair of owners a thread merges ([`merged`]), hashed with foldhash rather than
/// SipHash (the keys are the tables' own names).
type Owners = HashMap<&'static str, Vec<(usize, &'static Rule)>, foldhash::fast::FixedState>;

fn owners() -> &'static Owners {
    static OWNERS: OnceLock<Owners> = OnceLock::new();
    OWNERS.get_or_init(|| {
        let mut owners = Owners::default();
        for (at, r) in rules().enumerate() {
            owners.entry(r.profile).or_default().push((at, r));
        }
        owners
    })
}

/// The rules of `profile`, of the library `subject` and of every profile (`*`), in the order of
/// [`rules`]: what [`explain_for`] tries. Every difference the engine finds is explained or not
/// by these, so they are looked up by owner and merged in order, not sought among every
/// table's rules each time.
fn candidates(profile: &str, subject: &str) -> impl Iterator<Item = &'static Rule> {
    let owners = owners();
    let of = |owner: &str| owners.get(owner).map_or(&[][..], Vec::as_slice);
    let mut lists = [of(profile), of(subject), of("*")];
    // An owner named twice is tried once.
    if subject == profile {
        lists[1] = &[];
    }
    if profile == "*" || subject == "*" {
        lists[2] = &[];
    }
    std::iter::from_fn(move || {
        let next = (0..lists.len())
            .filter_map(|i| lists[i].first().map(|&(at, _)| (at, i)))
            .min()?;
        let (_, rule) = lists[next.1][0];
        lists[next.1] = &lists[next.1][1..];
        Some(rule)
    })
}

/// The rule of the URL Standard that explains how a WHATWG parser's answer differs from
/// RFC 3986's (`evidence.reference` is RFC 3986's answer), if any: the conformance matrix's "follows
/// WHATWG: differs from RFC 3986 in ... by design".
///
/// ```
/// use uridiff::engine::{versus_rfc3986, Class, Evidence};
/// use uridiff::model::{Component, Components};
/// let spec = Components::default()
///     .with(Component::Scheme, Some("http"))
///     .with(Component::Port, Some("80"));
/// let e = Evidence { class: Class::Component(Component::Port), input: b"http://a:80", second: None, reparsed: None,
///                    reference: Some("80"), got: None, reference_components: Some(&spec),
///                    serialization: None };
/// assert_eq!(versus_rfc3986(&e).unwrap().name,
///            "a special scheme's default port, or an empty port, is omitted");
/// let wrong = Evidence { got: Some("8080"), ..e };
/// assert!(versus_rfc3986(&wrong).is_none());
/// ```
pub fn versus_rfc3986(evidence: &Evidence<'_>) -> Option<&'static Rule> {
    versus_rules().find(|r| r.explains.holds(evidence))
}

/// The rules [`versus_rfc3986`] reads, in order.
pub fn versus_rules() -> impl Iterator<Item = &'static Rule> {
    any::RULES.iter().chain(whatwg_url::VERSUS_RFC3986)
}

pub(super) fn lower(s: Option<&str>) -> Option<String> {
    s.map(str::to_ascii_lowercase)
}

/// An authority read as a server, `[ userinfo "@" ] host [ ":" port ]`: the userinfo up to its
/// last "@", a port only where the text after the last ":" is digits (else it is the host's).
pub(super) fn server_parts(authority: &str) -> (Option<&str>, &str, Option<&str>) {
    let (userinfo, hostport) = match authority.rsplit_once('@') {
        Some((u, h)) => (Some(u), h),
        None => (None, authority),
    };
    let (host, port) = match hostport.rsplit_once(':') {
        Some((h, p)) if p.bytes().all(|b| b.is_ascii_digit()) => (h, Some(p)),
        _ => (hostport, None),
    };
    (userinfo, host, port)
}

/// Whether the subject gives the reference's IP literal without its brackets (an API that
/// gives the address: OkHttp's `host()`, uriparser's `hostText`, URI.js's `hostname`,
/// hyperlink's `host`). An undefined host is no address: it is never this.
///
/// For example `[::1]` against `::1` is this; `a` against undefined is not.
pub(super) fn host_unbracketed(e: &Evidence<'_>) -> bool {
    e.got.is_some()
        && e.reference
            .and_then(|h| h.strip_prefix('['))
            .and_then(|h| h.strip_suffix(']'))
            == e.got
}

/// `s` percent-decoded and lowercased (a WHATWG special host).
pub(super) fn pct_decode(s: &str) -> String {
    pct_decode_exact(s).to_ascii_lowercase()
}

/// `labels` joined by ".", each one with a non-ASCII character written as "xn--" and its
/// Punycode (RFC 3492; RFC 3490 4.1's ToASCII without its mappings); `None` when a label has
/// no Punycode form.
pub(super) fn punycode_labels<'a>(labels: impl Iterator<Item = &'a str>) -> Option<String> {
    let labels: Option<Vec<String>> = labels
        .map(|l| {
            if l.is_ascii() {
                Some(l.to_owned())
            } else {
                idna::punycode::encode_str(l).map(|p| format!("xn--{p}"))
            }
        })
        .collect();
    Some(labels?.join("."))
}

/// `s` with every valid percent-encoding decoded, case kept (bytes that are not UTF-8 as U+FFFD).
pub(super) fn pct_decode_exact(s: &str) -> String {
    String::from_utf8_lossy(&pct_decode_bytes(s)).into_owned()
}

/// `input` with every byte RFC 3986 allows nowhere (outside `unreserved`, `reserved` and a
/// valid percent-encoding) percent-encoded, a stray "%" as "%25": what a library that encodes
/// what may not appear makes of it.
pub(super) fn pct_encode_forbidden(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    for (i, &b) in input.iter().enumerate() {
        let escape = i + 2 < input.len()
            && b == b'%'
            && input[i + 1].is_ascii_hexdigit()
            && input[i + 2].is_ascii_hexdigit();
        let allowed = crate::engine::octets::uri_char(b);
        if allowed || escape {
            out.push(b);
        } else {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        }
    }
    out
}

/// Whether `input` is an absolute URI whose part after the scheme does not begin with "/":
/// RFC 2396 section 3's `opaque_part`, which has no authority, path or query of its own.
pub(super) fn opaque_2396(input: &[u8]) -> bool {
    let Some(colon) = input.iter().position(|&b| b == b':') else {
        return false;
    };
    let scheme = &input[..colon];
    let rest = &input[colon + 1..];
    scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
        && !rest.is_empty()
        && !rest.starts_with(b"/")
        && !rest.starts_with(b"#")
}

/// Whether `e` is a too-lax resolution against a base without a scheme, of a reference that
/// `edition`'s grammar takes: the library answered for a base its documentation resolves as it
/// says (java.net.URI) or leaves outside its contract (Go's `ResolveReference`), not for a
/// reference it should have refused.
pub(super) fn too_lax_for_a_relative_base(e: &Evidence<'_>, edition: uri_spec::Edition) -> bool {
    let parser = uri_spec::Parser::new().edition(edition);
    e.class == Class::TooLax
        && e.second
            .is_some_and(|base| parser.parse(base).is_ok_and(|c| c.scheme.is_none()))
        && parser.parse(e.input).is_ok()
}

/// Whether the job's operands (the input, and the second for `resolve`/`equivalent`) parse under
/// `edition` once `fix` is applied to each, and `fix` changed one of them.
pub(super) fn accepted_once(
    e: &Evidence<'_>,
    edition: uri_spec::Edition,
    fix: fn(&[u8]) -> Vec<u8>,
) -> bool {
    let parser = uri_spec::Parser::new().edition(edition);
    let operands = [Some(e.input), e.second];
    let mut changed = false;
    for o in operands.iter().flatten() {
        let fixed = fix(o);
        changed |= fixed.as_slice() != *o;
        if parser.parse(&fixed).is_err() {
            return false;
        }
    }
    changed
}

pub(super) fn pct_encode_non_ascii(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    for &b in input {
        if b.is_ascii() {
            out.push(b);
        } else {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        }
    }
    out
}

/// A port reported as the number its digits write (an integer port: `007` is `7`).
pub(super) fn port_as_number(e: &Evidence<'_>) -> bool {
    e.class == Class::Component(Component::Port)
        && e.reference
            .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
            .map(|p| p.trim_start_matches('0'))
            .map(|p| if p.is_empty() { "0" } else { p })
            == e.got
}

/// `target` with an empty path after its authority written "/" (`http://g?q` is `http://g/?q`);
/// any other reference as it is.
pub(super) fn slash_after_authority(target: &str) -> String {
    let Ok(c) = uri_spec::parse(target.as_bytes()) else {
        return target.to_owned();
    };
    match (c.authority, c.path) {
        (Some(a), Some("") | None) => {
            // The authority ends after "scheme:" and "//".
            let at = c.scheme.map_or(0, |s| s.len() + 1) + 2 + a.len();
            format!("{}/{}", &target[..at], &target[at..])
        }
        _ => target.to_owned(),
    }
}

/// Where the zone of `s`'s first bracketed literal is: the "%" that opens it and the "]" that
/// ends it (`[fe80::1%eth0]`), `None` without one. The profiles that take a zone (Java's scope
/// id, RFC 6874's zone id) each check what may follow the "%".
pub(super) fn zone_span(s: &[u8]) -> Option<(usize, usize)> {
    let open = s.iter().position(|&b| b == b'[')?;
    let close = s.iter().position(|&b| b == b']')?;
    let pct = s.get(open..close)?.iter().position(|&b| b == b'%')?;
    Some((open + pct, close))
}

/// `uri` written back without an empty query's "?" or an empty fragment's "#", wherever they
/// stand (`a:?#x` is `a:#x`): RFC 3986 5.3's recomposition of its components, the empty query
/// and fragment left out. `None` when RFC 3986 does not read `uri`.
pub(super) fn empty_parts_dropped(uri: &str) -> Option<String> {
    let c = uri_spec::parse(uri.as_bytes()).ok()?;
    let mut written = String::new();
    if let Some(s) = c.scheme {
        written.push_str(s);
        written.push(':');
    }
    if let Some(a) = c.authority {
        written.push_str("//");
        written.push_str(a);
    }
    written.push_str(c.path.unwrap_or(""));
    for (mark, part) in [('?', c.query), ('#', c.fragment)] {
        if let Some(p) = part.filter(|p| !p.is_empty()) {
            written.push(mark);
            written.push_str(p);
        }
    }
    Some(written)
}

/// An empty path after an authority reported as "/" (`http::Uri`, uriparse).
pub(super) fn empty_path_after_authority_is_slash(e: &Evidence<'_>) -> bool {
    e.component() == Some(Component::Path)
        && e.reference == Some("")
        && e.got == Some("/")
        && e.reference_components
            .is_some_and(|c| c.get(Component::Authority).is_some())
}

/// Whether the subject reports the well-known default port of the spec's scheme where the input
/// writes none (Ruby's `URI#port`, Perl's `URI->port`).
pub(super) fn default_port_reported(e: &Evidence<'_>) -> bool {
    let scheme = e.scheme();
    let known = default_port(scheme.as_deref()).or(match scheme.as_deref() {
        Some("ldap") => Some(389),
        Some("ldaps") => Some(636),
        Some("gopher") => Some(70),
        Some("telnet") => Some(23),
        Some("news" | "nntp") => Some(119),
        Some("rtsp") => Some(554),
        Some("sip") => Some(5060),
        _ => None,
    });
    let Some(known) = known else {
        return false;
    };
    e.component() == Some(Component::Port)
        && matches!(e.reference, None | Some(""))
        && e.got == Some(known.to_string()).as_deref()
}

/// `bytes` with every byte `keep` refuses written `%XX` (uppercase hex, RFC 3986 2.1), the
/// others as they are: the percent-encoding loop each library's own encode set runs through.
/// Kept bytes are whole UTF-8 sequences in every caller, so the text is theirs.
pub(super) fn pct_encoded(bytes: &[u8], keep: impl Fn(u8) -> bool) -> String {
    let mut out = Vec::with_capacity(bytes.len());
    for &b in bytes {
        if keep(b) {
            out.push(b);
        } else {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

pub(super) fn port_overflows(c: Option<&Components>) -> bool {
    c.and_then(|c| c.get(Component::Port))
        .is_some_and(|p| !p.is_empty() && p.parse::<u16>().is_err())
}

pub(super) fn is_ipvfuture(c: Option<&Components>) -> bool {
    c.and_then(|c| c.get(Component::HostKind)) == Some("ipvfuture")
}

/// An IPv6 literal written compressed as RFC 5952 says, or `None` when it already is (or is not
/// IPv6).
pub(super) fn ipv6_compressed(host: &str) -> Option<String> {
    let inner = host.strip_prefix('[')?.strip_suffix(']')?;
    let addr: std::net::Ipv6Addr = inner.parse().ok()?;
    let s = format!("[{addr}]");
    (s != host).then_some(s)
}

/// WHATWG's special schemes (the one list: `subjects::lenient::SPECIAL_SCHEMES`).
pub(super) fn is_special(scheme: Option<&str>) -> bool {
    scheme.is_some_and(|s| crate::subjects::lenient::SPECIAL_SCHEMES.contains(&s))
}

/// The default port of WHATWG's special schemes (`http`, `ws`: 80; `https`, `wss`: 443; `ftp`:
/// 21), for a lowercase scheme.
pub(crate) fn default_port(scheme: Option<&str>) -> Option<u16> {
    match scheme? {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// Whether the evidence's component, on an input its reference rejected (the lenient
/// reading's evidence) whose scheme's ":" no "//" follows, is what RFC 3986's split reads
/// there ([`crate::subjects::lenient::split`]: no authority, the rest a path), percent-encoding
/// aside: the reading of a library that reads an authority only after "//" (RFC 3986 3:
/// "The authority component is preceded by a double slash"), where the URL Standard reads
/// `http:\a` and `http:/\a` as `http://a/`.
pub(super) fn no_authority_without_slashes(e: &Evidence<'_>) -> bool {
    let Some((_, text, split)) = rejected_parse_split(e) else {
        return false;
    };
    let Some(scheme) = split.get(Component::Scheme) else {
        return false;
    };
    !text[scheme.len() + 1..].starts_with("//") && split_reading(e)
}

/// Whether the evidence's component, on an input its reference rejected (the lenient
/// reading's evidence), is what RFC 3986's split reads there
/// ([`crate::subjects::lenient::split`]: Appendix B's expression, the authority split at its
/// last "@" and the last ":" outside a literal), percent-encoding aside: the reading of a
/// library whose parse is that expression, where the URL Standard rereads `\` as `/`.
pub(super) fn split_reading(e: &Evidence<'_>) -> bool {
    let Some((c, _, split)) = rejected_parse_split(e) else {
        return false;
    };
    let bytes = |v: Option<&str>| pct_decode_bytes(v.unwrap_or_default());
    bytes(split.get(c)) == bytes(e.got)
}

/// Whether the evidence's component is what RFC 3986 reads from `rewritten` (an empty host or
/// port as none, an empty path after an authority as "/", an IP literal's brackets dropped
/// where `unbracketed`; compared as the lenient judging compares where the input is one RFC 3986
/// rejects), or, where RFC 3986 rejects both the input and `rewritten`, what the
/// lenient reading reads from it: the parse of a library that rewrites the slashes after a
/// scheme before it reads (URI.js, url-parse).
pub(super) fn read_after_rewrite(
    e: &Evidence<'_>,
    component: Component,
    rewritten: &[u8],
    unbracketed: bool,
) -> bool {
    let Ok(c) = uri_spec::parse(rewritten) else {
        return uri_spec::parse(e.input).is_err() && lenient_reading_of(e, rewritten);
    };
    let held = match component {
        Component::Authority => c.authority,
        Component::Userinfo => c.userinfo,
        Component::Host => c.host.map(|h| h.text).filter(|h| !h.is_empty()).map(|h| {
            match (
                unbracketed,
                h.strip_prefix('[').and_then(|h| h.strip_suffix(']')),
            ) {
                (true, Some(bare)) => bare,
                _ => h,
            }
        }),
        Component::Port => c.port.filter(|p| !p.is_empty()),
        Component::Path => match (c.authority, c.path) {
            (Some(_), Some("") | None) => Some("/"),
            (_, p) => p,
        },
        _ => return false,
    };
    // An empty host or port of an authority the rewrite has, reported empty (url-parse's
    // `hostname` "" of `http:`, read `http://`), is that reading too.
    let empty = match component {
        Component::Host => c.host.is_some_and(|h| h.text.is_empty()),
        Component::Port => c.port == Some(""),
        _ => false,
    };
    // On an input RFC 3986 rejects (a lenient class), the component is compared as the lenient
    // judging compared it (a userinfo `%2B` is `+`): the rewrite explains what that judging found,
    // and a library's own escaping shows on the inputs RFC 3986 takes, classes of their own.
    let lenient = || {
        uri_spec::parse(e.input).is_err() && {
            let scheme = c.scheme.map(str::to_ascii_lowercase);
            crate::engine::lenient_alike(component, held, e.got, scheme.as_deref())
        }
    };
    held == e.got || (empty && e.got == Some("")) || lenient()
}

/// A parse's component class on an input RFC 3986 rejects, with the input as text and its
/// Appendix B split ([`crate::subjects::lenient::split`]): what a rule reading the input the way
/// a splitter does starts from. `None` for another class, a job with a second operand, an
/// input RFC 3986 takes or one that is not UTF-8.
pub(super) fn rejected_parse_split<'a>(
    e: &Evidence<'a>,
) -> Option<(Component, &'a str, Components)> {
    let Class::Component(c) = e.class else {
        return None;
    };
    if e.second.is_some() || uri_spec::parse(e.input).is_ok() {
        return None;
    }
    let text = std::str::from_utf8(e.input).ok()?;
    Some((c, text, crate::subjects::lenient::split(text)))
}

/// Whether the evidence's component, on an input its reference rejected (the lenient
/// reading's evidence), is what the lenient reading reads from `read` instead: the parse of a
/// library that changes its input before it splits it (Perl's `URI->new` trimming white
/// space, Python's `urlsplit` removing tabs and newlines), compared as the lenient judging
/// compares ([`crate::engine::lenient_alike`]).
pub(super) fn lenient_reading_of(e: &Evidence<'_>, read: &[u8]) -> bool {
    let Class::Component(c) = e.class else {
        return false;
    };
    if e.second.is_some() {
        return false;
    }
    with_lenient_reading(read, |reading| {
        let Outcome::Accepted(got) = reading else {
            return false;
        };
        let scheme = got
            .components
            .get(Component::Scheme)
            .map(str::to_ascii_lowercase);
        crate::engine::lenient_alike(c, got.components.get(c), e.got, scheme.as_deref())
    })
}

/// How many lenient readings [`with_lenient_reading`] keeps per thread: the few changed
/// inputs (tabs removed, characters escaped, space trimmed) the rules of one row read.
const READINGS_KEPT: usize = 8;

std::thread_local! {
    /// The lenient readings this thread made lately, newest first. A row's subjects are judged
    /// one after another on one thread, and their profiles' rules read the same changed input
    /// (the input escaped, or without its tabs) for each subject whose answer differs: one
    /// reading made per row, not one per subject and rule.
    static READINGS: std::cell::RefCell<std::collections::VecDeque<(Vec<u8>, Outcome<Parsed>)>> =
        const { std::cell::RefCell::new(std::collections::VecDeque::new()) };
}

/// `f` of the lenient reading of `read` ([`crate::subjects::Lenient`]), made once for the
/// last [`READINGS_KEPT`] inputs read on this thread (a reading depends on its input alone).
fn with_lenient_reading<R>(read: &[u8], f: impl FnOnce(&Outcome<Parsed>) -> R) -> R {
    use crate::subjects::{Ctx, Lenient, Subject};
    // Taken out while it is read, put back first (the last to go): nothing runs with the list
    // borrowed.
    let found = READINGS.with_borrow_mut(|kept| {
        let at = kept.iter().position(|(input, _)| input == read)?;
        kept.remove(at)
    });
    let found =
        found.unwrap_or_else(|| (read.to_vec(), Lenient::get().parse(read, &Ctx::default())));
    let answer = f(&found.1);
    READINGS.with_borrow_mut(|kept| {
        kept.truncate(READINGS_KEPT - 1);
        kept.push_front(found);
    });
    answer
}

/// Whether the evidence of an input its reference rejected is what the lenient reading reads
/// from `read` instead, a parse's component ([`lenient_reading_of`]) or a resolution's target
/// (`read` resolved against the same base by the lenient reading, compared as the lenient
/// judging compares targets): the answer of a library that changes the characters it may not
/// keep before it splits or resolves (escapes them, replaces them).
pub(super) fn lenient_reading_after(e: &Evidence<'_>, read: &[u8]) -> bool {
    use crate::subjects::{Ctx, Lenient, Subject};
    if read == e.input || uri_spec::parse(e.input).is_ok() {
        return false;
    }
    match (e.class, e.second, e.got) {
        (Class::Resolution, Some(base), Some(got)) => {
            // The changed reference as RFC 3986 5.2 resolves it where it is one (Node's `\` read
            // as `/` makes `//\h` the valid `///h`: `http:///h`, run here), else as the lenient
            // reading resolves it.
            if uri_spec::parse(read).is_ok()
                && uri_spec::resolve(base, read).is_ok_and(|t| t == got)
            {
                return true;
            }
            match Lenient::get().resolve(base, read, &Ctx::default()) {
                Outcome::Accepted(target) => {
                    crate::engine::lenient_resolution_differences(got, &target).is_empty()
                }
                _ => false,
            }
        }
        (Class::Component(_), None, _) => lenient_reading_of(e, read),
        _ => false,
    }
}

/// `input` without its tabs, CRs and LFs: what the URL Standard's basic URL parser removes
/// first ("Remove all ASCII tab or newline from input"), and what several libraries remove
/// before they read an input (urlsplit, URI.js, url-parse): `a<TAB>b<CR><LF>c` is `abc`.
pub(super) fn tabs_newlines_removed(input: &[u8]) -> Vec<u8> {
    input
        .iter()
        .copied()
        .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'))
        .collect()
}

/// Whether the evidence of an input holding a tab, CR or LF is the lenient reading of the input
/// without them ([`tabs_newlines_removed`], [`lenient_reading_of`]): the parse of a library
/// that removes them before it splits, as Python's `urlsplit` does ("\n, \r and tab \t
/// characters are removed from the URL at any position").
pub(super) fn read_without_tabs_newlines(e: &Evidence<'_>) -> bool {
    let removed = tabs_newlines_removed(e.input);
    removed.len() != e.input.len() && lenient_reading_of(e, &removed)
}

/// [`lenient_reading_after`] the input with the characters RFC 3986 does not allow
/// percent-encoded ([`pct_encode_forbidden`]): the reading of a library that escapes what may not
/// appear instead of rejecting it (`?\td` is `?%09d`, where the URL Standard removes the tab;
/// `\` is `%5C`, where it reads a slash).
///
/// The answer itself (its serialization where it has one) must hold no ASCII character RFC 3986 allows nowhere: the lenient
/// comparison reads percent-encodings decoded, so without this a library that keeps a raw CR LF
/// (urllib3 1.24.2's `/b\r\nc`, the CRLF injection its 1.24.3 fixed by encoding `/b%0D%0Ac`)
/// would read alike with one that escapes it.
pub(super) fn escaped_where_lenient(e: &Evidence<'_>) -> bool {
    let escaped = |got: &str| {
        !got.bytes()
            .any(|b| b.is_ascii() && b != b'%' && !crate::engine::octets::uri_char(b))
    };
    // The serialization where there is one: a library may report a component decoded (furl's
    // `username`) and send it escaped (`http://%5C@p`).
    e.serialization.or(e.got).is_none_or(escaped)
        && lenient_reading_after(e, &pct_encode_forbidden(e.input))
}

/// The default port of a scheme that has one: the URL Standard's special schemes
/// ([`default_port`]), then those RFC 1738 section 3 gives (`gopher` 70, `nntp` 119, `telnet`
/// 23, `wais` 210, `prospero` 1525), `news` and `snews` as RFC 5538 2.1 and 2.2 give theirs
/// (119, 563), `ldap` as RFC 4516 2 (389): what a library that fills in a default reports.
///
/// ```
/// assert_eq!(uridiff::engine::registered_port(Some("nntp")), Some(119));
/// assert_eq!(uridiff::engine::registered_port(Some("https")), Some(443));
/// assert_eq!(uridiff::engine::registered_port(Some("foo")), None);
/// ```
pub fn registered_port(scheme: Option<&str>) -> Option<u16> {
    default_port(scheme).or(match scheme? {
        "gopher" => Some(70),
        "nntp" | "news" => Some(119),
        "snews" => Some(563),
        "telnet" => Some(23),
        "wais" => Some(210),
        "prospero" => Some(1525),
        "ldap" => Some(389),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_lenient_reading_is_the_reading_and_few_are_kept() {
        use crate::subjects::{Ctx, Lenient, Subject};
        let inputs: Vec<Vec<u8>> = (0..2 * READINGS_KEPT)
            .map(|k| format!("http://h{k}/a%5Cb?\\{k}").into_bytes())
            .collect();
        // Twice over, the second time past what is kept: every answer is the reading itself.
        for input in inputs.iter().chain(&inputs).chain(inputs.iter().rev()) {
            let direct = Lenient::get().parse(input, &Ctx::default());
            assert_eq!(with_lenient_reading(input, Outcome::clone), direct);
            READINGS.with_borrow(|kept| {
                assert!(kept.len() <= READINGS_KEPT);
                assert_eq!(kept[0].0, *input, "the newest first");
            });
        }
    }

    #[test]
    fn the_candidates_by_owner_are_the_rules_a_walk_of_every_table_finds_in_its_order() {
        let mut names: Vec<&str> = rules().map(|r| r.profile).collect();
        names.extend(["", "no-such-profile"]);
        names.sort_unstable();
        names.dedup();
        for &profile in &names {
            for &subject in &names {
                let walked: Vec<&str> = rules()
                    .filter(|r| r.profile == profile || r.profile == subject || r.profile == "*")
                    .map(|r| r.id)
                    .collect();
                let indexed: Vec<&str> = candidates(profile, subject).map(|r| r.id).collect();
                assert_eq!(indexed, walked, "{profile} / {subject}");
                // Merged once, then kept: the same rules the second time as the first.
                for _ in 0..2 {
                    let kept: Vec<&str> = merged(profile, subject, |rules| {
                        rules.iter().map(|r| r.id).collect()
                    });
                    assert_eq!(kept, walked, "{profile} / {subject}, kept");
                }
            }
        }
    }

    /// `^[a-z0-9*-]+/[a-z0-9-]+$`, written out: no regex crate for one pattern.
    fn well_formed(id: &str) -> bool {
        let kebab = |s: &str, extra: &[u8]| {
            !s.is_empty()
                && s.bytes().all(|b| {
                    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || extra.contains(&b)
                })
        };
        id.split_once('/')
            .is_some_and(|(owner, slug)| kebab(owner, b"*") && kebab(slug, b""))
    }

    #[test]
    fn ids_are_well_formed() {
        assert!(well_formed("java-okhttp/host-unbracketed"));
        for bad in [
            "java-okhttp",
            "Java/x",
            "a/b/c",
            "a/",
            "/b",
            "a/b c",
            "a/b_c",
        ] {
            assert!(!well_formed(bad), "{bad}");
        }
    }

    #[test]
    fn every_rule_has_a_unique_well_formed_id_under_its_owner() {
        let all: Vec<&Rule> = rules().chain(whatwg_url::VERSUS_RFC3986).collect();
        assert!(all.len() > 200, "{}", all.len());
        let mut seen = std::collections::BTreeMap::new();
        for r in &all {
            assert!(well_formed(r.id), "{}: ill-formed id", r.id);
            assert!(
                r.id.starts_with(&format!("{}/", r.owner())),
                "{} is not under its profile {}",
                r.id,
                r.profile
            );
            assert!(
                r.id.len() - r.owner().len() <= 41,
                "{}: slug too long",
                r.id
            );
            if let Some(other) = seen.insert(r.id, r.name) {
                panic!("{} names two rules: {other:?} and {:?}", r.id, r.name);
            }
        }
    }

    /// A citation a reader can follow: a link, or a section of the library's own documentation or
    /// source (a relative path out of the repository names nothing the reader has).
    fn cites_something(cites: &str) -> bool {
        !cites.trim().is_empty() && (cites.starts_with("https://") || !cites.contains("../"))
    }

    #[test]
    fn every_rule_cites_where_its_library_documents_it() {
        for bad in ["", "  ", "../shared/notes.md", "see ../x"] {
            assert!(!cites_something(bad), "{bad:?}");
        }
        assert!(cites_something("https://metacpan.org/dist/URI/changes"));
        assert!(cites_something("RFC 3986 section 6.2.2.1"));
        for r in rules().chain(versus_rules()) {
            assert!(cites_something(r.cites), "{}: cites {:?}", r.id, r.cites);
        }
    }

    #[test]
    fn a_rule_is_found_by_its_id() {
        for r in rules().chain(versus_rules()) {
            assert_eq!(rule_by_id(r.id).map(|x| x.name), Some(r.name), "{}", r.id);
        }
        assert!(rule_by_id("any/no-such-rule").is_none());
    }

    #[test]
    fn rules_reproduce_exact_values_only() {
        let c = Components::default()
            .with(Component::Scheme, Some("http"))
            .with(Component::Host, Some("A.Example"))
            .with(Component::Port, Some("80"));
        let ev = |class, spec, got| Evidence {
            class,
            input: b"",
            second: None,
            reparsed: None,
            reference: spec,
            got,
            reference_components: Some(&c),
            serialization: None,
        };
        let host = Class::Component(Component::Host);
        let port = Class::Component(Component::Port);
        assert!(versus_rfc3986(&ev(host, Some("A.Example"), Some("a.example"))).is_some());
        assert!(versus_rfc3986(&ev(host, Some("A.Example"), Some("b.example"))).is_none());
        assert!(versus_rfc3986(&ev(port, Some("80"), None)).is_some());
        assert!(versus_rfc3986(&ev(port, Some("81"), None)).is_none());
        // An authority is never compared on its own where its parts differ: no rule for it.
        let auth = Class::Component(Component::Authority);
        assert!(versus_rfc3986(&ev(auth, Some("A.Example:80"), Some("a.example"))).is_none());
    }

    /// A host read where the subject reads none is where a request goes astray: no rule of any
    /// profile may take the undefined host for a spelling of a registered name (a rule whose
    /// computed value is `None` for a name it does not transform would, `None == None`).
    #[test]
    fn no_rule_explains_a_registered_name_read_as_no_host() {
        let c = Components::default()
            .with(Component::Scheme, Some("http"))
            .with(Component::Authority, Some("good.example"))
            .with(Component::Host, Some("good.example"))
            .with(Component::Path, Some("/"));
        for class in [
            Class::Component(Component::Host),
            Class::Component(Component::Authority),
        ] {
            let e = Evidence {
                class,
                input: b"http://good.example/",
                second: None,
                reparsed: None,
                reference: Some("good.example"),
                got: None,
                reference_components: Some(&c),
                serialization: None,
            };
            let fired: Vec<String> = rules()
                .filter(|r| r.explains.holds(&e))
                .map(|r| format!("{}: {}", r.profile, r.name))
                .collect();
            assert!(fired.is_empty(), "{fired:#?}");
        }
    }
}
