//! Inputs for normalization and pairs for equivalence, [RFC 3986 section 6.2]: a realistic URI
//! changed in one of the ways 6.2.2 (syntax-based: case, percent-encoding, dot segments) and
//! 6.2.3 (scheme-based: default port, empty port, empty path) normalize away, or in a way that
//! changes its meaning (a reserved character encoded, the case of a path, another port, an empty
//! query or fragment added, ...).
//!
//! A [`Change`] acts on two copies of a URI: it may first set both up (give them a port-less
//! authority, a percent-encoded triplet, ...) and then changes the second. Normalization takes
//! the second; equivalence compares the two. Whether a change keeps the meaning depends on the
//! URI as well (a default port is one only for the scheme's default), so no answer is decided
//! here: the subjects give it.
//!
//! [RFC 3986 section 6.2]: https://datatracker.ietf.org/doc/html/rfc3986#section-6.2

use arbitrary::Unstructured;

use crate::generate::realistic::{self, Parts};
use crate::generate::{below, chance, int, pick};

/// One change to a URI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Change {
    /// 6.2.2.1: the scheme in another case (`HTTP:`).
    SchemeCase,
    /// 6.2.2.1: the host in another case (`Example.COM`, `[2001:DB8::A]`).
    HostCase,
    /// 6.2.2.2: unreserved characters percent-encoded (`%7E` for `~`, `%61` for `a`).
    EncodeUnreserved,
    /// 6.2.2.1: the hex digits of percent-encodings in the other case (`%c3%a9`).
    HexCase,
    /// 6.2.2.2 leaves it: a reserved character percent-encoded (`%2F` for `/`, `%3d` for `=`).
    EncodeReserved,
    /// 6.2.2.3: a dot segment inserted (`/./`, `/x/../`).
    DotSegments,
    /// 6.2.3: the scheme's default port written (`:80` for http; `:80` for a scheme without one).
    DefaultPort,
    /// 6.2.3: an empty port (`http://a:/`).
    EmptyPort,
    /// 6.2.3: an empty path after an authority for `/` (`http://a` and `http://a/`).
    EmptyPath,
    /// Not normalized: a letter of the path in the other case.
    PathCase,
    /// Not normalized: a port that is no scheme's default.
    OtherPort,
    /// Not normalized (6.2.3: delimiters of empty components stay): an empty query added.
    EmptyQuery,
    /// Not normalized: a fragment added.
    Fragment,
    /// Not normalized: the userinfo in another case.
    UserinfoCase,
    /// Not normalized: a trailing slash added.
    TrailingSlash,
}

impl Change {
    /// The changes that normalization undoes or settles: the first nine of [`Change::ALL`].
    pub(crate) const NORMALIZE: &'static [Change] = Change::ALL.split_at(9).0;

    /// Every change, for equivalence.
    pub(crate) const ALL: [Change; 15] = [
        Change::SchemeCase,
        Change::HostCase,
        Change::EncodeUnreserved,
        Change::HexCase,
        Change::EncodeReserved,
        Change::DotSegments,
        Change::DefaultPort,
        Change::EmptyPort,
        Change::EmptyPath,
        Change::PathCase,
        Change::OtherPort,
        Change::EmptyQuery,
        Change::Fragment,
        Change::UserinfoCase,
        Change::TrailingSlash,
    ];

    /// Whether the change may write the path (other than [`Change::EmptyPath`] itself): an
    /// empty path and these do not go together.
    pub(crate) fn touches_path(self) -> bool {
        matches!(
            self,
            Change::EncodeUnreserved
                | Change::HexCase
                | Change::EncodeReserved
                | Change::DotSegments
                | Change::PathCase
                | Change::TrailingSlash
        )
    }

    /// The change's name in kebab case, used in the task's origin.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Change::SchemeCase => "scheme-case",
            Change::HostCase => "host-case",
            Change::EncodeUnreserved => "encode-unreserved",
            Change::HexCase => "hex-case",
            Change::EncodeReserved => "encode-reserved",
            Change::DotSegments => "dot-segments",
            Change::DefaultPort => "default-port",
            Change::EmptyPort => "empty-port",
            Change::EmptyPath => "empty-path",
            Change::PathCase => "path-case",
            Change::OtherPort => "other-port",
            Change::EmptyQuery => "empty-query",
            Change::Fragment => "fragment",
            Change::UserinfoCase => "userinfo-case",
            Change::TrailingSlash => "trailing-slash",
        }
    }
}

/// Section 2.3's `unreserved`: ALPHA / DIGIT / "-" / "." / "_" / "~".
fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// Reserved characters allowed unencoded in a path segment (section 3.3's `pchar`: `sub-delims`,
/// ":" and "@"), and "/" itself, to be percent-encoded.
const RESERVED: &[&str] = &[
    "/", ":", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=",
];

/// A URI to normalize or compare: mostly http(s) (sometimes ftp, ws, wss or file), then
/// other schemes with an authority, `foo:/a/b`, a urn and a mailto.
pub(crate) fn subject(u: &mut Unstructured<'_>) -> Parts {
    match below(u, 10) {
        0..=5 => {
            let mut p = realistic::web(u);
            if chance(u, 1, 4) {
                p.scheme = pick(u, &["ftp", "ws", "wss", "file"]).into();
            }
            p
        }
        6 | 7 => {
            let mut p = realistic::web(u);
            p.scheme = pick(u, &["foo", "ldap", "git", "coap"]).into();
            p
        }
        8 => Parts {
            scheme: pick(u, &["foo", "urn"]).into(),
            path: format!("/{}/{}", pick(u, &["a", "B", "%7e"]), int(u, 0, 99)),
            ..Parts::default()
        },
        _ => {
            let uri = if chance(u, 1, 2) {
                realistic::mailto(u)
            } else {
                realistic::urn(u)
            };
            let (scheme, path) = uri.split_once(':').unwrap_or(("mailto", &uri));
            let (path, query) = match path.split_once('?') {
                Some((p, q)) => (p, Some(q.to_owned())),
                None => (path, None),
            };
            Parts {
                scheme: scheme.into(),
                path: path.into(),
                query,
                ..Parts::default()
            }
        }
    }
}

/// Applies `change`: sets up `a` and `b` alike where needed, then changes `b`. False (and both
/// unchanged) when the change has nothing to act on (a host change without a host, ...).
pub(crate) fn apply(
    u: &mut Unstructured<'_>,
    change: Change,
    a: &mut Parts,
    b: &mut Parts,
) -> bool {
    let has_host = b.host.as_deref().is_some_and(|h| !h.is_empty());
    match change {
        Change::SchemeCase => match other_case(u, &b.scheme) {
            Some(s) => b.scheme = s,
            None => return false,
        },
        Change::HostCase => match b.host.as_deref().and_then(|h| other_case(u, h)) {
            Some(h) => b.host = Some(h),
            None => return false,
        },
        Change::EncodeUnreserved => {
            // Not in an IP literal, where "%" is no escape.
            let host_ok = has_host && !b.host.as_deref().is_some_and(|h| h.starts_with('['));
            let slots: Vec<u8> = [
                (0, true),
                (1, b.query.is_some()),
                (2, b.fragment.is_some()),
                (3, host_ok),
                (4, b.userinfo.is_some()),
            ]
            .into_iter()
            .filter_map(|(i, ok)| ok.then_some(i))
            .collect();
            let slot = slots.get(below(u, slots.len())).copied().unwrap_or(0);
            let text = match slot {
                1 => b.query.as_mut(),
                2 => b.fragment.as_mut(),
                3 => b.host.as_mut(),
                4 => b.userinfo.as_mut(),
                _ => Some(&mut b.path),
            };
            let Some(text) = text else { return false };
            match encode_some(u, text) {
                Some(t) => *text = t,
                None => return false,
            }
        }
        Change::HexCase => {
            if !b.path.contains('%') && !b.query.as_deref().is_some_and(|q| q.contains('%')) {
                push_segment(&mut a.path, "caf%C3%A9");
                push_segment(&mut b.path, "caf%C3%A9");
            }
            b.path = other_hex_case(&b.path);
            b.query = b.query.as_deref().map(other_hex_case);
        }
        Change::EncodeReserved => {
            let c = pick(u, RESERVED);
            let encoded = escape(u, c.as_bytes().first().copied().unwrap_or(b'/'));
            push_segment(&mut a.path, &format!("x{c}y"));
            push_segment(&mut b.path, &format!("x{encoded}y"));
        }
        Change::DotSegments => {
            if has_host && b.path.is_empty() {
                a.path.push('/');
                b.path.push('/');
            }
            // Only before a "/" that is there: a trailing "/." would add a trailing slash.
            let slashes: Vec<usize> = b.path.match_indices('/').map(|(i, _)| i).collect();
            let Some(&at) = slashes.get(below(u, slashes.len())) else {
                return false;
            };
            let dots = match below(u, 3) {
                0 => "/.".to_owned(),
                1 => format!("/{}/..", pick(u, &["x", "..x", "a.b"])),
                _ => "/./.".to_owned(),
            };
            b.path.insert_str(at, &dots);
        }
        Change::DefaultPort | Change::EmptyPort | Change::OtherPort => {
            if !has_host {
                return false;
            }
            let port = match change {
                Change::EmptyPort => String::new(),
                Change::OtherPort => pick(u, &["8080", "81", "8443", "1"]).to_owned(),
                // A scheme without a default gets http's, which is no default for it.
                _ => {
                    let scheme = b.scheme.to_ascii_lowercase();
                    let port = crate::engine::default_port(Some(&scheme)).unwrap_or(80);
                    let zeros = if chance(u, 1, 8) { "0" } else { "" };
                    format!("{zeros}{port}")
                }
            };
            a.port = None;
            b.port = Some(port);
        }
        Change::EmptyPath => {
            if b.host.is_none() {
                return false;
            }
            a.path = "/".into();
            b.path = String::new();
        }
        Change::PathCase => {
            if letter_positions(&b.path).is_empty() {
                push_segment(&mut a.path, "a");
                push_segment(&mut b.path, "a");
            }
            b.path = flip_one_letter(u, &b.path);
        }
        Change::EmptyQuery => {
            a.query = None;
            b.query = Some(String::new());
        }
        Change::Fragment => {
            a.fragment = None;
            b.fragment = Some(pick(u, &["", "top"]).into());
        }
        Change::UserinfoCase => {
            if !has_host {
                return false;
            }
            let ui = a.userinfo.clone().unwrap_or_else(|| "User".into());
            let Some(other) = other_case(u, &ui) else {
                return false;
            };
            a.userinfo = Some(ui);
            b.userinfo = Some(other);
        }
        Change::TrailingSlash => {
            if b.path.is_empty() || b.path.ends_with('/') {
                return false;
            }
            b.path.push('/');
        }
    }
    true
}

/// Appends a segment to a path, after a "/" (one already there, or one added): never an empty
/// segment, and never a rootless path where there was an empty one.
fn push_segment(path: &mut String, segment: &str) {
    if !path.ends_with('/') {
        path.push('/');
    }
    path.push_str(segment);
}

/// Applies `change`, or the first of the fallbacks that applies (a path change always does);
/// returns the change made.
pub(crate) fn apply_or(
    u: &mut Unstructured<'_>,
    change: Change,
    fallbacks: &[Change],
    a: &mut Parts,
    b: &mut Parts,
) -> Change {
    for c in std::iter::once(change).chain(fallbacks.iter().copied()) {
        if apply(u, c, a, b) {
            return c;
        }
    }
    apply(u, Change::PathCase, a, b);
    Change::PathCase
}

/// A relative reference with the same path, query and fragment (scheme and authority dropped),
/// for the changes that act on those alone.
pub(crate) fn relative(p: &Parts) -> Parts {
    let mut r = Parts {
        path: p.path.clone(),
        query: p.query.clone(),
        fragment: p.fragment.clone(),
        ..Parts::default()
    };
    // A rootless first segment with ":" would read as a scheme (section 4.2).
    if !r.path.starts_with('/') && r.path.split('/').next().is_some_and(|s| s.contains(':')) {
        r.path.insert_str(0, "./");
    }
    r
}

/// `text` with its letters in a random mix of cases, different from `text`; `None` without a
/// letter outside percent-encodings.
fn other_case(u: &mut Unstructured<'_>, text: &str) -> Option<String> {
    let letters = letter_positions(text);
    if letters.is_empty() {
        return None;
    }
    let mut bytes = text.as_bytes().to_vec();
    for &i in &letters {
        if chance(u, 1, 2) {
            flip(&mut bytes, i);
        }
    }
    if bytes == text.as_bytes() {
        let i = letters.get(below(u, letters.len())).copied().unwrap_or(0);
        flip(&mut bytes, i);
    }
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

fn flip_one_letter(u: &mut Unstructured<'_>, text: &str) -> String {
    let letters = letter_positions(text);
    let mut bytes = text.as_bytes().to_vec();
    if let Some(&i) = letters.get(below(u, letters.len())) {
        flip(&mut bytes, i);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn flip(bytes: &mut [u8], i: usize) {
    if let Some(b) = bytes.get_mut(i) {
        *b = if b.is_ascii_uppercase() {
            b.to_ascii_lowercase()
        } else {
            b.to_ascii_uppercase()
        };
    }
}

/// Offsets of the ASCII letters of `text` that are not the hex digits of a percent-encoding.
fn letter_positions(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            i += 3;
            continue;
        }
        if b.is_ascii_alphabetic() {
            out.push(i);
        }
        i += 1;
    }
    out
}

/// `b` percent-encoded, its hex digits upper or lower case.
fn escape(u: &mut Unstructured<'_>, b: u8) -> String {
    if chance(u, 1, 2) {
        format!("%{b:02X}")
    } else {
        format!("%{b:02x}")
    }
}

/// `text` with one to three of its unreserved characters (outside percent-encodings)
/// percent-encoded; `None` when it has none.
fn encode_some(u: &mut Unstructured<'_>, text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut candidates = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            i += 3;
            continue;
        }
        if is_unreserved(b) {
            candidates.push(i);
        }
        i += 1;
    }
    if candidates.is_empty() {
        return None;
    }
    let mut chosen: Vec<usize> = (0..int(u, 1, 3))
        .filter_map(|_| candidates.get(below(u, candidates.len())).copied())
        .collect();
    chosen.sort_unstable();
    chosen.dedup();
    let mut out = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        if chosen.contains(&i) {
            out.extend_from_slice(escape(u, b).as_bytes());
        } else {
            out.push(b);
        }
    }
    // Only ASCII bytes were replaced, so UTF-8 stays UTF-8.
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// The hex digits of every percent-encoding in `text` in the other case: all lowercase when
/// one is uppercase, else all uppercase.
fn other_hex_case(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut upper_seen = false;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = bytes.get(i + 1..i + 3).unwrap_or_default();
            upper_seen |= hex.iter().any(u8::is_ascii_uppercase);
            i += 3;
        } else {
            i += 1;
        }
    }
    let mut out = bytes.to_vec();
    let mut i = 0;
    while i < out.len() {
        if out.get(i) == Some(&b'%') {
            for j in i + 1..i + 3 {
                if let Some(h) = out.get_mut(j) {
                    *h = if upper_seen {
                        h.to_ascii_lowercase()
                    } else {
                        h.to_ascii_uppercase()
                    };
                }
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
