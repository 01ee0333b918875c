//! Readings of a routing component (scheme, userinfo, host, port) compared as a request goes:
//! the canonical form a reading is brought to ([`routes_alike`]), and the partition of the
//! parsers that accept an input and handle its scheme by what they read
//! ([`partition`]), which the URL-confusion classes and their minimization share. The
//! comparisons follow RFC 3986 2.1 (percent-encoding), 3.1 and 3.2.2 (case), 3.2.3 (ports), the
//! URL Standard's host parser (IPv4, IDNA) and RFC 4291 2.2 (IPv6 spellings).

use super::schemes::{input_scheme, takes_part, takes_part_in};
use crate::model::{Answer, Component, Outcome};
use crate::subjects::SubjectInfo;
use crate::text::show;

/// A partition's groups of subject positions: each group sorted, the groups sorted.
pub(super) type Groups = Vec<Vec<usize>>;

/// The readings of `c` by the parsers taking part, grouped: for each group its positions and
/// the first member's spelling. `outcome(i)` is subject `i`'s answer on `input`; `among`, the
/// subjects to look at.
pub(super) fn partition<'o>(
    infos: &[&SubjectInfo],
    input: &[u8],
    c: Component,
    among: impl Iterator<Item = usize>,
    outcome: impl Fn(usize) -> &'o Outcome<Answer>,
) -> Vec<(Vec<usize>, Option<String>)> {
    let scheme = input_scheme(input);
    // A file URL names no port (RFC 8089 2: `file-auth = "localhost" / host`): nothing connects
    // to one, so no reading of it is a confusion.
    if c == Component::Port && scheme.as_deref() == Some("file") {
        return Vec::new();
    }
    // The input's own U+FFFD, as its UTF-8 bytes: an input that is not UTF-8 has none, though a
    // lossy reading of it would.
    let input_has_fffd = input.windows(3).any(|w| w == "\u{fffd}".as_bytes());
    // Whether some parser taking part reads a port written in the input: where none does, the
    // readings differ at most in the defaults of the schemes they read, a difference of the
    // scheme's (its own class), not of a port.
    let mut port_written = false;
    // The groups, each by the place in `canon` of its reading (`None`: no reading), with its
    // members and its first member's spelling; a few groups among some thirty parsers, so a
    // list searched in order, nothing copied until the end.
    let mut groups: Vec<(Option<usize>, Vec<usize>, Option<&'o str>)> = Vec::new();
    // Most parsers read the same text: each reading's canonical form is made once.
    let mut canon = Canon::default();
    for i in among {
        let info = infos[i];
        if info.speaks_editions() || !info.components.contains(c) {
            continue;
        }
        let Outcome::Accepted(Answer::Parsed(p)) = outcome(i) else {
            continue;
        };
        let Some(note) = takes_part_in(&info.name, input) else {
            continue;
        };
        // One that takes part in a scheme-less input because it reads it as http, but reads no
        // host there that is a place (none, an empty one, one no resolver asks for), reads no
        // URL: the `http` crate takes `//,:` as an origin-form path (RFC 9112 3.2.1), libwget
        // reads `:/C` with an empty host and `.://%BF` with the host `.`.
        if note.is_some() && !canon.host_is_a_place(p.components.get(Component::Host)) {
            continue;
        }
        if p.not_reported.contains(c) {
            continue;
        }
        // A reading that cannot be compared takes no part: one holding U+FFFD where the input
        // has none (a worker's bytes that are not UTF-8, which the model holds as text, lost),
        // and a port or a userinfo where no host is read (a port alone names no place to
        // connect to, and credentials without a host are sent to no one).
        let v = p.components.get(c);
        if v.is_some_and(|v| v.contains('\u{fffd}')) && !input_has_fffd {
            continue;
        }
        if matches!(c, Component::Port | Component::Userinfo)
            && !canon.host_is_a_place(p.components.get(Component::Host))
        {
            continue;
        }
        // A library that reads a scheme-less input as http fills in that scheme as a default,
        // as it fills in a default port: its "http" is no reading of the input's scheme (the
        // host it then reads is compared on its own).
        if c == Component::Scheme && note.is_some() {
            continue;
        }
        let own = p.components.get(Component::Scheme);
        // One that reads a scheme that is no RFC 3986 scheme (Mojo's `.` of `.://%BF`) reads no
        // URL a client fetches (`Mojo::UserAgent` says "Unsupported protocol"): its host, port
        // and userinfo take no part; its scheme is compared on its own.
        if c != Component::Scheme
            && own.is_some_and(|s| !s.is_empty() && !crate::engine::octets::is_scheme(s.as_bytes()))
        {
            continue;
        }
        // A library taking part in a scheme-less input because it reads it as http must read
        // it so: one that reads a scheme of its own there (`h~://u`) that it does not handle
        // takes no part.
        let handles = |s: &str| takes_part(&info.name, Some(&s.to_ascii_lowercase())).is_some();
        if note.is_some() && own.is_some_and(|s| !s.is_empty() && !handles(s)) {
            continue;
        }
        // A port's default is its scheme's: the parser's own, the input's otherwise. One that
        // takes part in a scheme-less input as http but reads no scheme fills in no default:
        // the `http` crate reads `+:3V` as the authority form of a CONNECT target, whose port
        // is required (RFC 9112 3.2.3), not as an http URL on port 80.
        let scheme_of = own.or(note.map_or(scheme.as_deref(), |_| None));
        // An IPvFuture literal reported without its brackets (uriparser's host text, Python's
        // `hostname`) is the literal the input writes: no place, as with them.
        // Compared without case: Python's `hostname` lowercases the literal it strips.
        // Percent-decoded on both sides: Perl's `v1.A` is the literal `[v1.%41]` writes.
        let future = |h: &str| {
            let lower = |b: &[u8]| {
                crate::engine::octets::pct_decode_bytes(&String::from_utf8_lossy(b))
                    .to_ascii_lowercase()
            };
            h.starts_with(['v', 'V'])
                && contains(&lower(input), &lower(format!("[{h}]").as_bytes()))
        };
        let reading = match v {
            Some(h) if c == Component::Host && future(h) => None,
            _ => canon.at(c, v, scheme_of),
        };
        port_written |= c == Component::Port && v.is_some_and(|v| !v.is_empty());
        // No port under a scheme that has no default: no port is connected to, so the
        // reading says nothing about where a request goes (a difference there is the scheme's).
        if c == Component::Port && reading.is_none() {
            continue;
        }
        // A group that reads no host is shown as none; one whose host is no place, as its text.
        let label = reading.and(v);
        let text = |at: Option<usize>| canon.reading(at);
        match groups
            .iter_mut()
            .find(|(at, ..)| text(*at) == text(reading))
        {
            Some(group) => group.1.push(i),
            None => groups.push((reading, vec![i], label)),
        }
    }
    if c == Component::Port && !port_written {
        return Vec::new();
    }
    // Hosts of which no reading is a place a resolver asks for (`::1]` against `:`, `=`
    // against none) send no request anywhere: no check and fetch read two places there.
    if c == Component::Host
        && !groups
            .iter()
            .filter_map(|g| canon.reading(g.0))
            .any(routable)
    {
        return Vec::new();
    }
    let mut out: Vec<(Vec<usize>, Option<String>)> = (groups.into_iter())
        .map(|(_, members, label)| (members, label.map(str::to_owned)))
        .collect();
    out.sort();
    out
}

/// Whether a host's canonical reading ([`canonical`]) is a place a request can be sent to: an
/// IP address, or a name a resolver asks DNS for, whose labels hold letters, digits, "-" and
/// "_" only, not beginning with "-" (RFC 1123 2.1's host names; an underscore is asked for too). glibc's
/// `getaddrinfo` sends no query for a name holding `:`, `[`, `]`, `=`, `+`, `\`, `%`, `@`, a
/// control or an octet that is not ASCII (no packet to port 53 under strace, glibc 2.36), and
/// Go's resolver answers "no such host" for `=` and `[:` without one.
///
/// ```
/// # use uridiff::run::routable;
/// assert!(routable("a.example") && routable("r_h") && routable("127.0.0.1") && routable("::1"));
/// assert!(routable("fe80::1%eth0"));
/// assert!(!routable("::1]") && !routable("=") && !routable("a\\b") && !routable("r:!"));
/// // glibc asks for `a-` and `a.-b`, not for a name that begins with "-" (`-`, `-a`).
/// assert!(routable("a-") && routable("a.-b") && !routable("-") && !routable("-a"));
/// ```
pub fn routable(reading: &str) -> bool {
    let address = |a: &str| a.parse::<std::net::IpAddr>().is_ok();
    address(reading)
        || reading.split_once('%').is_some_and(|(a, _)| address(a))
        || (!reading.is_empty()
            && reading.len() <= 255
            && !reading.starts_with(['.', '-'])
            && !reading.contains("..")
            && reading
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)))
}

/// Whether a reading is defined (empty is undefined, as [`routes_alike`] has it).
pub(super) fn is_defined(r: &Option<String>) -> bool {
    r.as_deref().is_some_and(|s| !s.is_empty())
}

/// What a canonical reading is asked of: a component, its text, the scheme it is read under.
type Asked<'o> = (Component, Option<&'o str>, Option<&'o str>);

/// The canonical readings made during one [`partition`], by component, text and scheme: a
/// few distinct readings among some thirty parsers, so a list searched in order.
#[derive(Default)]
struct Canon<'o> {
    made: Vec<(Asked<'o>, Option<String>)>,
}

impl<'o> Canon<'o> {
    /// [`canonical`]`(c, v, scheme)`, made once.
    fn of(&mut self, c: Component, v: Option<&'o str>, scheme: Option<&'o str>) -> Option<&str> {
        let at = self.at(c, v, scheme);
        self.reading(at)
    }

    /// Where [`canonical`]`(c, v, scheme)` is kept, made once; `None` where it is none.
    fn at(&mut self, c: Component, v: Option<&'o str>, scheme: Option<&'o str>) -> Option<usize> {
        let key = (c, v, scheme);
        let at = match self.made.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                self.made.push((key, canonical(c, v, scheme)));
                self.made.len() - 1
            }
        };
        self.made[at].1.is_some().then_some(at)
    }

    /// The reading kept at `at` ([`Canon::at`]).
    fn reading(&self, at: Option<usize>) -> Option<&str> {
        at.and_then(|at| self.made[at].1.as_deref())
    }

    /// Whether a parser's `host`, read without regard to a scheme, is a place a request can
    /// be sent to ([`routable`]).
    fn host_is_a_place(&mut self, host: Option<&'o str>) -> bool {
        self.of(Component::Host, host, None).is_some_and(routable)
    }
}

/// The canonical reading of a routing component, for grouping: readings with the same one
/// route alike ([`routes_alike`]).
fn canonical(c: Component, v: Option<&str>, scheme: Option<&str>) -> Option<String> {
    let default_port = || {
        crate::engine::registered_port(scheme.map(str::to_ascii_lowercase).as_deref())
            .map(|n| n.to_string())
    };
    // No port is the port a request connects to: the reader's scheme's default (a parser
    // that reads `80` under a scheme it spells otherwise, `\0http`, still connects to 80).
    let Some(v) = v.filter(|s| !s.is_empty()) else {
        return (c == Component::Port).then(default_port).flatten();
    };
    match c {
        // A scheme as RFC 3986 3.1 has one (a letter, then letters, digits, "+", "-", "."):
        // other text is no scheme a handler is chosen by (Mojo's `[` of `[:`), so it reads as
        // none, and a scheme class needs a reading that is one.
        Component::Scheme => {
            crate::engine::octets::is_scheme(v.as_bytes()).then(|| v.to_ascii_lowercase())
        }
        // An IP literal's address without its brackets (an API that gives the address, as
        // Python's `hostname` does); a host without regard to case (RFC 3986 3.2.2).
        // An IPv6 address however written (`[0:2::8]` and `::2:0:8` are one address, RFC 4291
        // 2.2). A name longer than 255 octets is no place: DNS holds none (RFC 1035 2.3.4), so
        // a reading of it sends a request nowhere, like a reading of no host.
        Component::Host => {
            // A file URL names no port (RFC 8089 2): Perl's `URI::file` keeps `:8` in the
            // host of `file://[::]:8`, the host `[::]` all the same.
            let v = match scheme.map(str::to_ascii_lowercase).as_deref() {
                Some("file") => v
                    .rsplit_once(':')
                    .filter(|(h, port)| {
                        !h.is_empty()
                            && (h.ends_with(']') || !h.contains(':'))
                            && port.bytes().all(|b| b.is_ascii_digit())
                    })
                    .map_or(v, |(h, _)| h),
                _ => v,
            };
            let bracketed = v.starts_with('[') && v.ends_with(']');
            let bare = v
                .strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .unwrap_or(v);
            // An IPvFuture literal (RFC 3986 3.2.2: `"v" 1*HEXDIG "." ...`) is no place: no
            // version is defined, and an application that does not know one "should return an
            // appropriate error for 'address mechanism not supported'".
            if bare.len() != v.len() && bare.starts_with(['v', 'V']) {
                return None;
            }
            if let Ok(address) = bare.parse::<std::net::Ipv6Addr>() {
                // An IPv4-mapped address is that IPv4 address (RFC 4291 2.5.5.2): a connect to
                // `::ffff:127.0.0.1` reaches 127.0.0.1 (OkHttp writes `[::ffff:1.0.2.1]` as
                // `1.0.2.1`).
                return Some(match address.to_ipv4_mapped() {
                    Some(v4) => v4.to_string(),
                    None => address.to_string(),
                });
            }
            // An IPv6 address with a zone (RFC 6874 2: `IPv6address "%25" ZoneID`, the zone's
            // octets percent-encoded): one address and zone however the libraries report it,
            // as written (`::%25%65`), decoded (`::%e`) or half decoded (`::%%65`). The zone
            // keeps its case: RFC 4007 11.2 leaves its format to the implementation, and an
            // interface name is case-sensitive where it names one (Linux's `eth0` is not `ETH0`),
            // so `%A` and `%a` may send a packet out of two interfaces. But only an address of a
            // scope smaller than global has a zone to choose (RFC 4007 6: "the zone index ...
            // is used only for non-global addresses"): Linux's connect reads the scope id only
            // for a link-local unicast address or an interface- or link-local multicast one
            // (`__ipv6_addr_needs_scope_id`), so `::%A`, `::%a` and `::` reach one place.
            if let Some((address, zone)) = bare.split_once('%')
                && let Ok(address) = address.parse::<std::net::Ipv6Addr>()
            {
                if !needs_zone(address) {
                    return Some(address.to_string());
                }
                // RFC 6874 2's `%25` is the delimiter: `fe80::%25` as a URI writes it, and
                // `fe80::%` decoded, have an empty zone, which its grammar refuses
                // (`ZoneID = 1*( unreserved / pct-encoded )`) and with which Linux's connect
                // refuses a link-local address (EINVAL): no place.
                if zone.is_empty() || zone == "25" {
                    return None;
                }
                let zone = zone.strip_prefix("25").unwrap_or(zone);
                return Some(format!("{address}%{}", decoded_until_stable(zone)));
            }
            // An IPv4 address however written (`01.2.3.4`, `2.1`, `0x7f.1`): the URL Standard's
            // IPv4 parser reads a host that ends in a number as inet_aton(3) does, which is
            // where getaddrinfo sends a library's request for that text.
            if let Ok(url::Host::Ipv4(address)) = url::Host::parse(bare) {
                return Some(address.to_string());
            }
            // A name as resolution is asked for it: percent-decoded and IDNA-mapped, so
            // `%41.example`, `a.example` and `A.example` are one host, and so are `ß` and
            // `xn--zca` (the URL Standard's domain to ASCII, UTS 46 nontransitional).
            // A name with an empty label other than the last (`.`, `.8`, `a..b`) is no place:
            // only the root's label is empty (RFC 1035 2.3.1; RFC 1034 3.1), and
            // `getaddrinfo(".8")` fails without asking DNS, as `getaddrinfo(".")` finds none.
            // Both as written and decoded: `%2e` is the root's `.` once decoded (RFC 3986 2.3,
            // an unreserved octet), and an empty IP literal (`[]`) names no place, as no host.
            // Such a name, one over 255 octets (DNS holds none, RFC 1035 2.3.4), and the other
            // names no resolver asks for are read as they are but are no place
            // ([`routable`]); no host at all, or an empty one, is none.
            if bare.is_empty() {
                return None;
            }
            // An IP literal that is no address, and a name holding ":", are no names: not
            // IDNA-mapped (`[６::]` is no `6::`, which no resolver reads there). A literal is
            // read without its brackets, as a client connecting to it asks for it (Go's
            // `URL.Hostname`, Python's `http.client`, PHP's stream transport strip them): `[w]`
            // and `w` are one host.
            // An IPvFuture literal keeps them: it is no name (RFC 3986 3.2.2), and no client
            // asks a resolver for it.
            let future = bracketed && bare.starts_with(['v', 'V']) && bare.contains('.');
            if future {
                return Some(v.to_ascii_lowercase());
            }
            if bracketed || bare.contains(':') {
                return Some(bare.to_ascii_lowercase());
            }
            Some(crate::engine::resolved_name(bare))
        }
        // A number, or the text as it is.
        // A number, white space around it aside (`"\v8"`: Node's `net.connect` takes
        // `Number("\v8")`, which is 8, run here), or the text as it is.
        Component::Port => match v
            .trim_matches(|c: char| c.is_ascii_whitespace() || c == '\x0b')
            .parse::<u16>()
        {
            Ok(n) => Some(n.to_string()),
            Err(_) => Some(format!("text:{v}")),
        },
        // The same octets, however percent-encoded (RFC 3986 2.1: `%3a`, `%3A` and, for an
        // octet allowed as it is, the octet itself are one userinfo once decoded). Decoded
        // until nothing changes: several libraries report the userinfo decoded (Node's `auth`,
        // libwget, Mojo, furl), so `a%252f` as written and their `a%2f` are one userinfo.
        Component::Userinfo => {
            // An empty password is none: `r:` and `r` send the same credentials (the URL
            // Standard serializes no ":" before an empty password).
            let v = match v.split_once(':') {
                Some((user, "")) => user,
                _ => v,
            };
            // And then an empty user is no credentials at all (`http://:@h` is `http://h/`).
            (!v.is_empty()).then(|| decoded_until_stable(v))
        }
        _ => Some(v.to_owned()),
    }
}

/// Whether an IPv6 address names a place only with a zone (RFC 4007 6): a link-local unicast
/// address (`fe80::/10`, RFC 4291 2.5.6) or an interface- or link-local multicast one
/// (`ff01::/16`, `ff02::/16`, RFC 4291 2.7's scop 1 and 2), as Linux's
/// `__ipv6_addr_needs_scope_id` tells them.
fn needs_zone(address: std::net::Ipv6Addr) -> bool {
    let first = address.segments()[0];
    first & 0xffc0 == 0xfe80 || (first & 0xff00 == 0xff00 && matches!(first & 0x000f, 1 | 2))
}

/// `v` percent-decoded until nothing changes (three rounds at most), as text shown with its
/// controls escaped: octets that are not UTF-8 as their ISO-8859-1 characters.
fn decoded_until_stable(v: &str) -> String {
    let mut d = crate::engine::pct_decode_bytes(v);
    for _ in 0..3 {
        let Ok(text) = std::str::from_utf8(&d) else {
            break;
        };
        let again = crate::engine::pct_decode_bytes(text);
        if again == d {
            break;
        }
        d = again;
    }
    show(latin1_where_not_utf8(&d).as_bytes())
}

/// `octets` as text: as UTF-8 where they are UTF-8, else each octet as the ISO-8859-1
/// character of that number. Credentials that are not UTF-8 go out as those octets (HTTP
/// Basic's historical charset, RFC 7617 2.1), and a library that holds `%DF` as the character
/// U+00DF sends that same octet (Mojo::UserAgent's `Authorization` for `ftp://%DF@h` is `Basic
/// 3w==`).
fn latin1_where_not_utf8(octets: &[u8]) -> String {
    match std::str::from_utf8(octets) {
        Ok(text) => text.to_owned(),
        Err(_) => octets.iter().map(|&b| char::from(b)).collect(),
    }
}

/// Whether two readings of a routing component send a request to the same place: schemes and
/// hosts compare without regard to case (RFC 3986 3.1, 3.2.2), an IP literal with or without its
/// brackets (an API that gives the address, as Python's `hostname` does), undefined and empty
/// are alike, two hosts that are no place ([`routable`]) are alike, a port equal to the scheme's
/// default is alike to none, and a userinfo compares
/// percent-decoded (RFC 3986 2.1: the case and form of its percent-encoding do not change it).
///
/// ```
/// use uridiff::model::Component;
/// use uridiff::run::routes_alike;
/// assert!(routes_alike(Component::Userinfo, Some("a%3Ab"), Some("a%3ab"), Some("http")));
/// assert!(routes_alike(Component::Port, Some("443"), None, Some("https")));
/// ```
pub fn routes_alike(c: Component, a: Option<&str>, b: Option<&str>, scheme: Option<&str>) -> bool {
    let (a, b) = (canonical(c, a, scheme), canonical(c, b, scheme));
    // Two hosts neither of which is a place ([`routable`]) send a request nowhere alike.
    let nowhere = |r: &Option<String>| !r.as_deref().is_some_and(routable);
    a == b || (c == Component::Host && nowhere(&a) && nowhere(&b))
}

/// Whether `needle` stands in `haystack`.
fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len().max(1)).any(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_canonical_reading_is_made_once_per_component_text_and_scheme() {
        use Component::{Host, Port};
        let mut canon = Canon::default();
        let asked = [
            (Host, Some("[::FFFF:1.0.2.1]"), None),
            (Port, None, Some("http")),
            (Port, None, Some("HTTPS")),
            (Host, Some("A.example"), Some("file")),
            (Host, Some("[::FFFF:1.0.2.1]"), None),
            (Port, None, Some("http")),
        ];
        for (c, v, scheme) in asked {
            assert_eq!(
                canon.of(c, v, scheme),
                canonical(c, v, scheme).as_deref(),
                "{c:?} {v:?} {scheme:?}"
            );
        }
        assert_eq!(canon.made.len(), 4);
    }

    #[test]
    fn routing_components_compare_as_a_request_would_go() {
        use Component::{Host, Path, Port, Scheme, Userinfo};
        let http = Some("HTTP");
        // Schemes and hosts without regard to case (RFC 3986 3.1, 3.2.2).
        assert!(routes_alike(Scheme, Some("HTTP"), Some("http"), http));
        assert!(!routes_alike(Scheme, Some("http"), Some("https"), http));
        // Text that is no scheme is none.
        assert!(routes_alike(Scheme, Some("["), None, http));
        assert!(!routes_alike(Scheme, Some("\0http"), Some("http"), http));
        assert!(routes_alike(
            Host,
            Some("A.example"),
            Some("a.EXAMPLE"),
            http
        ));
        // An IP literal with or without its brackets; a lone bracket is no place, as no host.
        assert!(routes_alike(Host, Some("[::1]"), Some("::1"), http));
        // An IPv4-mapped address is its IPv4 address; another IPv4 address is another host.
        assert!(routes_alike(
            Host,
            Some("[::ffff:1.0.2.1]"),
            Some("1.0.2.1"),
            http
        ));
        assert!(!routes_alike(
            Host,
            Some("[::ffff:1.0.2.1]"),
            Some("1.0.2.2"),
            http
        ));
        // A literal that is no address is its text without brackets, as a client asks for
        // it; an IPvFuture literal is no name, so no place.
        assert!(routes_alike(Host, Some("[w]"), Some("w"), http));
        assert!(!routes_alike(Host, Some("[w]"), Some("x"), http));
        assert!(!routes_alike(Host, Some("[v1.a]"), Some("v1.a"), http));
        assert!(routes_alike(Host, Some("["), Some(""), http));
        assert!(!routes_alike(Host, Some("["), Some("a"), http));
        // An empty literal names no place, as no host does; nor does `.` decoded from `%2e`.
        assert!(routes_alike(Host, Some("[]"), None, http));
        assert!(routes_alike(Host, Some("%2e"), None, http));
        assert!(routes_alike(Host, Some("%2E%2e"), Some(".."), http));
        assert!(!routes_alike(Host, Some("a%2e"), None, http));
        // Undefined and empty are alike.
        assert!(routes_alike(Userinfo, Some(""), None, http));
        assert!(!routes_alike(Userinfo, Some("u"), Some("U"), http));
        // The scheme's default port is no port; other ports compare as numbers, else as text.
        assert!(routes_alike(Port, Some("80"), None, http));
        assert!(routes_alike(Port, Some("080"), Some("80"), Some("ftp")));
        assert!(!routes_alike(Port, Some("80"), None, Some("ftp")));
        assert!(!routes_alike(Port, Some("99999"), Some("34463"), http));
        assert!(routes_alike(Port, Some("x"), Some("x"), http));
        // White space around a number is the number (Node's `Number("\v8")`).
        assert!(routes_alike(Port, Some("\x0b8"), Some("8"), http));
        assert!(!routes_alike(Port, Some("8\x0b9"), Some("89"), http));
        assert!(!routes_alike(Path, Some("/a"), Some("/A"), http));
        // One IPv6 address in two spellings; a broken one is another reading.
        assert!(routes_alike(
            Host,
            Some("[0:2:3:4:5:6:7:8]"),
            Some("::2:3:4:5:6:7:8"),
            http
        ));
        assert!(!routes_alike(
            Host,
            Some(":2:3:4:5:6:7:8"),
            Some("::2:3:4:5:6:7:8"),
            http
        ));
        // A name no DNS holds is no host, nor is the root alone, nor a name with an empty
        // label before its last, nor an IPvFuture literal.
        assert!(routes_alike(Host, Some("."), None, http));
        assert!(routes_alike(Host, Some(".."), None, http));
        assert!(routes_alike(Host, Some(".8"), None, http));
        assert!(routes_alike(Host, Some("a..b"), None, http));
        assert!(routes_alike(Host, Some("[vf.k]"), None, http));
        assert!(!routes_alike(Host, Some("a."), None, http));
        assert!(!routes_alike(Host, Some("1.2.3.4."), None, http));
        assert!(!routes_alike(Host, Some("vf.k"), None, http));
        let long = "a".repeat(256);
        assert!(routes_alike(Host, Some(&long), None, http));
        assert!(!routes_alike(Host, Some(&long[..255]), None, http));
        // A userinfo reported decoded is the one written encoded.
        assert!(routes_alike(Userinfo, Some("a%252f"), Some("a%2f"), http));
        assert!(!routes_alike(Userinfo, Some("a%2f"), Some("b%2f"), http));
        // An empty password is none; a scheme's registered port is no port.
        assert!(routes_alike(Userinfo, Some("r:"), Some("r"), http));
        assert!(routes_alike(Userinfo, Some(":"), None, http));
        assert!(!routes_alike(Userinfo, Some(":p"), None, http));
        assert!(!routes_alike(Userinfo, Some("r:p"), Some("r"), http));
        assert!(routes_alike(Port, Some("119"), None, Some("nntp")));
        assert!(!routes_alike(Port, Some("119"), None, Some("news2")));
        // The port connected to: an explicit 80 under a scheme without a default is the 80 an
        // http reader connects to without one.
        assert!(canonical(Port, Some("80"), Some("\0http")) == canonical(Port, None, http));
        assert!(canonical(Port, Some("81"), Some("\0http")) != canonical(Port, None, http));
        // One name percent-encoded, IDNA-mapped or not: the name resolution is asked for.
        assert!(routes_alike(
            Host,
            Some("%C3%9F.de"),
            Some("xn--zca.de"),
            http
        ));
        assert!(routes_alike(
            Host,
            Some("\u{df}.de"),
            Some("xn--zca.de"),
            http
        ));
        assert!(routes_alike(
            Host,
            Some("%41.example"),
            Some("a.example"),
            http
        ));
        assert!(!routes_alike(Host, Some("ss.de"), Some("xn--zca.de"), http));
        assert!(!routes_alike(Host, Some("a%2eb"), Some("a.c"), http));
        // A delimiter decoded into the host is another authority (another reading, though
        // neither is a place a resolver asks for, so both send a request nowhere alike).
        assert_ne!(
            canonical(Host, Some("a%40b"), http),
            canonical(Host, Some("a@b"), http)
        );
        assert!(routes_alike(Host, Some("a%40b"), Some("a@b"), http));
        assert!(routes_alike(Host, Some("a%40b"), Some("A%40B"), http));
        // One IPv4 address however written; another address is another host.
        assert!(routes_alike(Host, Some("01.2.3.4"), Some("1.2.3.4"), http));
        assert!(routes_alike(
            Host,
            Some("2.1"),
            Some("2.0.0.1"),
            Some("file")
        ));
        assert!(!routes_alike(Host, Some("1.2.3.4"), Some("1.2.3.5"), http));
        // A userinfo octet that is not UTF-8 is its ISO-8859-1 character; a lost one is not.
        assert!(routes_alike(Userinfo, Some("%DF"), Some("\u{df}"), http));
        assert!(!routes_alike(Userinfo, Some("%DF"), Some("\u{fffd}"), http));
        // One IPv6 address and zone, as written, decoded or half decoded (RFC 6874); another
        // zone or another address is another host.
        let file = Some("file");
        assert!(routes_alike(
            Host,
            Some("fe80::%25%65"),
            Some("[fe80::%e]"),
            file
        ));
        assert!(routes_alike(
            Host,
            Some("fe80::%%65"),
            Some("[fe80::%25e]"),
            file
        ));
        assert!(!routes_alike(
            Host,
            Some("fe80::%25%65"),
            Some("[fe80::%f]"),
            file
        ));
        assert!(!routes_alike(
            Host,
            Some("fe80::%A"),
            Some("[fe80::%a]"),
            http
        ));
        assert!(!routes_alike(
            Host,
            Some("ff02::1%A"),
            Some("[ff02::1%a]"),
            http
        ));
        assert!(!routes_alike(
            Host,
            Some("fe80::1%25e"),
            Some("[fe80::%e]"),
            file
        ));
        // An empty zone where one is needed is no place, written or decoded.
        assert!(routes_alike(
            Host,
            Some("[fe80::%25]"),
            Some("fe80::%"),
            http
        ));
        assert!(!routes_alike(
            Host,
            Some("[fe80::%25]"),
            Some("fe80::"),
            http
        ));
        // An address of global scope has no zone to choose (RFC 4007 6): one place whatever
        // zone is written.
        assert!(routes_alike(Host, Some("::%A"), Some("[::%a]"), http));
        assert!(routes_alike(Host, Some("::%25"), Some("[::%]"), file));
        assert!(routes_alike(
            Host,
            Some("2001:db8::1%eth0"),
            Some("[2001:db8::1]"),
            http
        ));
        assert!(!routes_alike(Host, Some("::1%25e"), Some("[::%e]"), file));
    }
}
