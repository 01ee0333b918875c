//! (base, reference) pairs for resolution, [RFC 3986 section 5]: bases of every shape the
//! algorithm of 5.2 branches on, and references composed from the pieces the examples of 5.4
//! are made of (segments, `.` and `..`, parameters, dotted names, queries and fragments), so
//! every normal and abnormal example's shape turns up without the examples being copied.
//!
//! A reference is one of the forms of section 4.2 (relative-path, absolute-path, network-path,
//! with a scheme, or an empty path with a query or fragment), or a twisted one ([`Twist`]):
//! backslashes, percent-encoded dots, odd authorities, doubled slashes, a scheme in another
//! case, a colon in a relative path.
//!
//! [RFC 3986 section 5]: https://datatracker.ietf.org/doc/html/rfc3986#section-5

use arbitrary::Unstructured;

use crate::generate::realistic::{self, Parts};
use crate::generate::{below, chance, int, pick};

/// Segment names of references: no dot and no colon, so a name never makes a dot segment or a
/// scheme by accident; a few have percent-encoding, `~` or an uppercase letter.
const NAMES: &[&str] = &[
    "g",
    "h",
    "x",
    "y",
    "a",
    "b",
    "img",
    "doc",
    "v1",
    "page",
    "~u",
    "a-b",
    "caf%C3%A9",
    "G",
];

/// Segments of base paths, shaped like 5.4's `/b/c/d;p` and like the web's.
const BASE_SEGMENTS: &[&str] = &[
    "b",
    "c",
    "d;p",
    "a",
    "x",
    "v1",
    "index.html",
    "docs",
    "~u",
    "%7Eu",
    "caf%C3%A9",
    "e.f",
];

/// Schemes without special meaning to the WHATWG URL Standard (so its parsers treat them as
/// opaque or generic).
const PLAIN_SCHEMES: &[&str] = &["foo", "svn+ssh", "ldap", "git", "coap", "x-y.z"];

/// The shape of a base URI (the target of 5.2.2's branches and of 5.2.3's merge).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BaseKind {
    /// `http`, `https` or `file` with an authority: WHATWG parsers take part.
    Special,
    /// Another scheme with an authority.
    Authority,
    /// A path-absolute or empty path and no authority: `foo:/a/b`, `foo:`.
    NoAuthority,
    /// A rootless path: `mailto:a@b`, `urn:...`, `tel:...`, `foo:a/b`.
    Opaque,
}

impl BaseKind {
    fn name(self) -> &'static str {
        match self {
            BaseKind::Special => "special",
            BaseKind::Authority => "authority",
            BaseKind::NoAuthority => "no-authority",
            BaseKind::Opaque => "opaque",
        }
    }
}

/// How a tricky reference is twisted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Twist {
    /// `\` for `/`: `..\g`, `\\host\g`, `/\g`.
    Backslash,
    /// Dot segments percent-encoded: `%2e%2e/g`, `.%2E/g`.
    EncodedDots,
    /// A network-path with userinfo, a port (empty, zero, too large) or an IP literal.
    Authority,
    /// A doubled slash: `.//g`, `g//h`.
    DoubleSlash,
    /// The base's scheme in another case, or alone: `HTTP:g`, `http:`, `http:?y`.
    SchemeCase,
    /// A colon in a relative path: `./g:h`, `.:g`.
    Colon,
}

impl Twist {
    const ALL: [Twist; 6] = [
        Twist::Backslash,
        Twist::EncodedDots,
        Twist::Authority,
        Twist::DoubleSlash,
        Twist::SchemeCase,
        Twist::Colon,
    ];

    fn name(self) -> &'static str {
        match self {
            Twist::Backslash => "backslash",
            Twist::EncodedDots => "encoded-dots",
            Twist::Authority => "authority",
            Twist::DoubleSlash => "double-slash",
            Twist::SchemeCase => "scheme-case",
            Twist::Colon => "colon",
        }
    }
}

/// Pair number `index`: `(base, reference, origin)`, the origin `resolve/<reference form>/<base kind>`.
pub(crate) fn pair(u: &mut Unstructured<'_>, index: usize) -> (Vec<u8>, Vec<u8>, String) {
    let (base, kind) = base(u);
    let (reference, form) = reference(u, index, &base.scheme);
    (
        base.to_bytes(),
        reference.into_bytes(),
        format!("resolve/{form}/{}", kind.name()),
    )
}

/// A base URI: an absolute URI (a fragment now and then, which 5.1 says to ignore).
pub(crate) fn base(u: &mut Unstructured<'_>) -> (Parts, BaseKind) {
    match below(u, 100) {
        0..=49 => {
            let mut p = realistic::web(u);
            if chance(u, 1, 6) {
                p.scheme = "file".into();
                p.userinfo = None;
                p.port = None;
                if chance(u, 2, 3) {
                    p.host = Some(String::new());
                }
            }
            reshape(u, &mut p);
            (p, BaseKind::Special)
        }
        50..=69 => {
            let mut p = realistic::web(u);
            p.scheme = pick(u, PLAIN_SCHEMES).into();
            reshape(u, &mut p);
            (p, BaseKind::Authority)
        }
        70..=84 => {
            let mut p = Parts {
                scheme: pick(u, PLAIN_SCHEMES).into(),
                ..Parts::default()
            };
            // "/" and segments, or no path at all (`foo:`, 5.2.3's empty base path).
            if chance(u, 4, 5) {
                p.path = base_path(u);
            }
            decorate_base(u, &mut p);
            (p, BaseKind::NoAuthority)
        }
        _ => {
            let uri = match below(u, 6) {
                0 => "mailto:a@b".to_owned(),
                1 => realistic::mailto(u),
                2 => realistic::urn(u),
                3 => realistic::tel(u),
                _ => format!(
                    "{}:{}",
                    pick(u, PLAIN_SCHEMES),
                    base_path(u).trim_start_matches('/')
                ),
            };
            (opaque(&uri), BaseKind::Opaque)
        }
    }
}

/// An opaque URI in parts (its scheme and the rest as the path, the query split off).
fn opaque(uri: &str) -> Parts {
    let (scheme, rest) = uri.split_once(':').unwrap_or(("foo", uri));
    let (path, query) = match rest.split_once('?') {
        Some((p, q)) => (p, Some(q.to_owned())),
        None => (rest, None),
    };
    Parts {
        scheme: scheme.into(),
        path: path.into(),
        query,
        ..Parts::default()
    }
}

/// Reshapes a base's path: empty, "/", the web's, or `/b/c/d;p`-like, sometimes with dot
/// segments (which 5.2.4 removes only from the merged path); and its query and fragment.
fn reshape(u: &mut Unstructured<'_>, p: &mut Parts) {
    match below(u, 8) {
        0 => p.path.clear(),
        1 => p.path = "/".into(),
        2..=4 => {}
        _ => p.path = base_path(u),
    }
    decorate_base(u, p);
}

/// `/` followed by one to four base segments, sometimes a trailing slash, sometimes a dot
/// segment.
fn base_path(u: &mut Unstructured<'_>) -> String {
    let mut segments: Vec<&str> = (0..int(u, 1, 4)).map(|_| pick(u, BASE_SEGMENTS)).collect();
    if chance(u, 1, 5) {
        let at = below(u, segments.len() + 1);
        let dots = pick(u, &[".", "..", "x/.."]);
        segments.insert(at, dots);
    }
    let mut path = format!("/{}", segments.join("/"));
    if chance(u, 1, 4) {
        path.push('/');
    }
    path
}

fn decorate_base(u: &mut Unstructured<'_>, p: &mut Parts) {
    if chance(u, 1, 3) {
        p.query = Some(pick(u, &["q", "", "a=1&b=2", "q/./r"]).into());
    }
    // Rarely: 5.1 strips a base's fragment, and a strict peer refuses such a base, which would
    // hide the rest of the pair from it.
    if chance(u, 1, 16) {
        p.fragment = Some(pick(u, &["f", "", "s/../t"]).into());
    }
}

/// What a reference exercises. References take turns over [`THEMES`] (as the parse corpus's
/// inputs take turns over its slots), so that each theme's combinations are frequent: a theme
/// composes a few pieces with weights that favour them, and [`Theme::Free`] composes every
/// piece at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Theme {
    /// One last segment of any kind: `g`, `.`, `..`, empty, `;x`, `g;x=1`, `g.`, `..g`, ...
    Segment,
    /// `./` and `../` steps before a segment: `./g`, `../..`, `./../g`, `../../../../g`.
    Steps,
    /// Dot segments around a name: a detour (`g/./h`, `g;x=1/../y`), a trailing `/`, `/.` or
    /// `/..`, a leading `./`, two of them at once (`./g/.`).
    Noise,
    /// A segment with a query, a fragment or both, sometimes with dot segments in them
    /// (`g;x?y#s`, `g?y/./x`, `g#s/../x`).
    Decorated,
    /// An absolute path: `/g`, `/./g`, `/../g`.
    Absolute,
    /// A network-path: `//g`, `//host:port/path`.
    Network,
    /// A scheme: the base's (`http:g`, 5.2.2's strict and non-strict readings) or another
    /// (`g:h`).
    Scheme,
    /// No path: `?y`, `#s`, the empty reference.
    EmptyPath,
    /// A [`Twist`].
    Tricky,
    /// Every piece drawn at once (steps, detours, trailing dots, decorations, any prefix).
    Free,
}

/// The turns of the themes: twenty references, the relative-path themes most often.
const THEMES: [Theme; 20] = [
    Theme::Segment,
    Theme::Steps,
    Theme::Noise,
    Theme::Decorated,
    Theme::Absolute,
    Theme::Tricky,
    Theme::Network,
    Theme::Steps,
    Theme::Decorated,
    Theme::Noise,
    Theme::Segment,
    Theme::Scheme,
    Theme::Decorated,
    Theme::Steps,
    Theme::Free,
    Theme::Noise,
    Theme::Absolute,
    Theme::EmptyPath,
    Theme::Decorated,
    Theme::Tricky,
];

/// Reference number `index`: the reference and its form's name.
pub(crate) fn reference(
    u: &mut Unstructured<'_>,
    index: usize,
    base_scheme: &str,
) -> (String, String) {
    let theme = THEMES
        .get(index % THEMES.len())
        .copied()
        .unwrap_or(Theme::Free);
    let (r, form) = match theme {
        Theme::Segment => (core(u, ANY), "relative-path"),
        Theme::Steps => (steps(u) + &core(u, STEP_TARGET), "relative-path"),
        Theme::Noise => (noise(u), "relative-path"),
        Theme::Decorated => {
            let d = decoration(u, 0);
            (core(u, DECORATED) + &d, "relative-path")
        }
        Theme::Absolute => {
            let lead = pick(u, &["", "./", "../"]);
            let weights = if chance(u, 7, 10) { NAME } else { ANY };
            let core = core(u, weights);
            let d = decoration(u, 80);
            (format!("/{lead}{core}{d}"), "absolute-path")
        }
        Theme::Network => (network(u), "network-path"),
        Theme::Scheme => (with_scheme(u, base_scheme), "scheme"),
        Theme::EmptyPath => (decoration(u, 30), "empty-path"),
        Theme::Tricky => {
            let twist = Twist::ALL[below(u, Twist::ALL.len())];
            return (
                twisted(u, twist, base_scheme),
                format!("tricky-{}", twist.name()),
            );
        }
        Theme::Free => match below(u, 100) {
            0..=59 => (program(u) + &decoration(u, 55), "relative-path"),
            60..=74 => (
                format!("/{}{}", program(u), decoration(u, 55)),
                "absolute-path",
            ),
            75..=84 => (network(u), "network-path"),
            85..=92 => (with_scheme(u, base_scheme), "scheme"),
            _ => (decoration(u, 30), "empty-path"),
        },
    };
    (r, form.to_owned())
}

fn network(u: &mut Unstructured<'_>) -> String {
    let mut r = format!("//{}", authority(u));
    if chance(u, 3, 5) {
        r.push('/');
        r.push_str(&program(u));
    }
    r + &decoration(u, 60)
}

fn with_scheme(u: &mut Unstructured<'_>, base_scheme: &str) -> String {
    let r = match below(u, 5) {
        // `http:g` against an http base: 5.2.2's strict and non-strict readings differ.
        0..=2 => format!("{base_scheme}:{}", program(u)),
        3 => format!("{base_scheme}:/{}", program(u)),
        _ => format!(
            "{}:{}",
            pick(u, &["g", "foo", "https", "http", "urn", "mailto"]),
            name(u)
        ),
    };
    r + &decoration(u, 70)
}

fn name(u: &mut Unstructured<'_>) -> &'static str {
    pick(u, NAMES)
}

/// Weights of the kinds of last segment, in the order of [`core`]'s kinds: a name; `.`; `..`;
/// empty; `;x`; `g;x`; `g;x=1`; `g.`; `.g`; `g..`; `..g`.
type CoreWeights = [u32; 11];
/// Any kind, a name most often.
const ANY: CoreWeights = [8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
/// After steps: a name, or what ends a path at a directory (`.`, `..`, empty).
const STEP_TARGET: CoreWeights = [10, 3, 3, 5, 0, 0, 0, 0, 0, 0, 0];
/// Before a query or fragment: a name, a segment with parameters, a dotted name.
const DECORATED: CoreWeights = [9, 0, 0, 0, 2, 3, 2, 1, 1, 1, 1];
/// A name.
const NAME: CoreWeights = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// An index drawn with `weights` (the first once the bytes ran out). A whole `u32` scaled to
/// the total, not [`int`], whose one-byte draw favours low numbers when the total does not
/// divide 256; the weights here are what the themes' frequencies rest on.
pub(crate) fn weighted(u: &mut Unstructured<'_>, weights: &[u32]) -> usize {
    let total: u32 = weights.iter().sum();
    let draw = u.arbitrary::<u32>().unwrap_or(0);
    let mut x = ((u64::from(draw) * u64::from(total)) >> 32) as u32;
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            return i;
        }
        x -= w;
    }
    0
}

/// The last segment of a path, its kind drawn with `weights`: a name, `.`, `..`, empty, a
/// segment with parameters (`;x`, `g;x`, `g;x=1`) or a name with dots that is not a dot
/// segment (`g.`, `.g`, `g..`, `..g`), the pieces of 5.4.
fn core(u: &mut Unstructured<'_>, weights: CoreWeights) -> String {
    let n = name(u);
    match weighted(u, &weights) {
        0 => n.to_owned(),
        1 => ".".into(),
        2 => "..".into(),
        3 => String::new(),
        4 => format!(";{}", pick(u, &["x", "p"])),
        5 => format!("{n};{}", pick(u, &["x", "p"])),
        6 => format!("{n};x={}", int(u, 0, 9)),
        7 => format!("{n}."),
        8 => format!(".{n}"),
        9 => format!("{n}.."),
        _ => format!("..{n}"),
    }
}

/// Steps towards the root: an optional `./`, then `../` up to four times (at least one step).
fn steps(u: &mut Unstructured<'_>) -> String {
    let lead = chance(u, 7, 20);
    let mut ups = weighted(u, &[20, 35, 25, 12, 8]);
    if !lead && ups == 0 {
        ups = 1;
    }
    let mut s = if lead { "./".to_owned() } else { String::new() };
    s.push_str(&"../".repeat(ups));
    s
}

/// A detour through a segment and a dot segment: `g/./`, `g;x=1/../`.
fn detour(u: &mut Unstructured<'_>) -> String {
    let n = name(u);
    let seg = match weighted(u, &[2, 1, 1]) {
        0 => n.to_owned(),
        1 => format!("{n};x={}", int(u, 0, 9)),
        _ => format!("{n};x"),
    };
    let dot = if chance(u, 1, 2) { "." } else { ".." };
    format!("{seg}/{dot}/")
}

fn trailing(u: &mut Unstructured<'_>) -> &'static str {
    pick(u, &["/", "/", "/.", "/.."])
}

/// A name with one or two of: a detour before it, a trailing `/`, `/.` or `/..`, a leading
/// `./` or `../`.
fn noise(u: &mut Unstructured<'_>) -> String {
    let weights = if chance(u, 17, 20) { NAME } else { ANY };
    let core = core(u, weights);
    let (lead, detour, back) = match below(u, 6) {
        0 => ("", detour(u), ""),
        1 => ("", String::new(), trailing(u)),
        2 => ("./", String::new(), ""),
        3 => ("./", String::new(), trailing(u)),
        4 => ("", detour(u), trailing(u)),
        _ => ("../", detour(u), ""),
    };
    format!("{lead}{detour}{core}{back}")
}

/// A relative path (never starting with "/"): a last segment of any kind, with up to two of:
/// steps before it, a detour, and a trailing `/`, `/.` or `/..`.
fn program(u: &mut Unstructured<'_>) -> String {
    let core = core(u, ANY);
    let (mut front, mut detours, mut back) = (String::new(), String::new(), "");
    for _ in 0..weighted(u, &[8, 9, 3]) {
        match below(u, 3) {
            0 => front.push_str(&steps(u)),
            1 => detours.push_str(&detour(u)),
            _ => back = trailing(u),
        }
    }
    // An empty path then "/": that would be an absolute path, another form.
    if core.is_empty() && front.is_empty() && detours.is_empty() {
        back = "";
    }
    format!("{front}{detours}{core}{back}")
}

/// `?query`, `#fragment` or both, or neither in `none` percent of the cases; the query or
/// fragment is sometimes empty or has dot segments inside (which 5.2.4 leaves alone).
fn decoration(u: &mut Unstructured<'_>, none: usize) -> String {
    if below(u, 100) < none {
        return String::new();
    }
    let (q, f) = match below(u, 4) {
        0 => (true, false),
        1 => (false, true),
        _ => (true, true),
    };
    let mut s = String::new();
    if q {
        s.push('?');
        match weighted(u, &[10, 4, 4, 1, 2]) {
            0 => s.push_str(name(u)),
            1 => s.push_str(&format!("{}/./{}", name(u), name(u))),
            2 => s.push_str(&format!("{}/../{}", name(u), name(u))),
            3 => {}
            _ => s.push_str(&format!("{}={}", name(u), name(u))),
        }
    }
    if f {
        s.push('#');
        match weighted(u, &[11, 4, 4, 1]) {
            0 => s.push_str(name(u)),
            1 => s.push_str(&format!("{}/./{}", name(u), name(u))),
            2 => s.push_str(&format!("{}/../{}", name(u), name(u))),
            _ => {}
        }
    }
    s
}

/// A realistic authority: a host, sometimes userinfo and a port.
fn authority(u: &mut Unstructured<'_>) -> String {
    let mut a = String::new();
    if chance(u, 1, 10) {
        a.push_str(pick(u, &["user", "user:pass", ""]));
        a.push('@');
    }
    a.push_str(&realistic::host(u));
    if chance(u, 1, 8) {
        a.push(':');
        a.push_str(pick(u, &["8080", "80", "443", ""]));
    }
    a
}

/// A reference twisted by `twist`.
fn twisted(u: &mut Unstructured<'_>, twist: Twist, base_scheme: &str) -> String {
    match twist {
        Twist::Backslash => match below(u, 4) {
            // Every "/" of a relative path, or only one.
            0 => program(u).replace('/', "\\"),
            1 => format!("..\\{}", name(u)),
            2 => format!("\\\\{}\\{}", realistic::hostname(u), name(u)),
            _ => format!("/\\{}/{}", realistic::hostname(u), name(u)),
        },
        Twist::EncodedDots => {
            let mut s = String::new();
            if chance(u, 1, 3) {
                s.push('/');
            }
            for _ in 0..int(u, 1, 3) {
                let dots = pick(u, &["%2e%2e", "%2E%2E", ".%2e", "%2e.", "%2e", "%2E"]);
                s.push_str(dots);
                s.push('/');
            }
            s.push_str(name(u));
            s
        }
        Twist::Authority => {
            let userinfo = pick(u, &["", "user@", "user:pass@", "@", ":@", "a%40b@"]);
            let host = match below(u, 6) {
                0 => "[::1]".to_owned(),
                1 => "[2001:DB8::A]".to_owned(),
                2 => "[fe80::1%25en0]".to_owned(),
                3 => "[v7.x]".to_owned(),
                4 => realistic::hostname(u).to_uppercase(),
                _ => realistic::host(u),
            };
            let port = pick(u, &["", ":", ":0", ":80", ":65535", ":99999", ":080"]);
            format!("//{userinfo}{host}{port}/{}", program(u))
        }
        Twist::DoubleSlash => match below(u, 4) {
            0 => format!(".//{}", name(u)),
            1 => format!("..//{}", name(u)),
            2 => format!("{}//{}", name(u), name(u)),
            _ => format!("/.//{}", name(u)),
        },
        Twist::SchemeCase => {
            let scheme = if chance(u, 2, 3) {
                base_scheme.to_uppercase()
            } else {
                base_scheme.to_owned()
            };
            let rest = pick(u, &["", "g", "?y", "#s", "/g", "//g", "."]);
            format!("{scheme}:{rest}")
        }
        Twist::Colon => match below(u, 3) {
            0 => format!("./{}:{}", name(u), name(u)),
            1 => format!(".:{}", name(u)),
            _ => format!("{}/{}:{}", name(u), name(u), name(u)),
        },
    }
}
