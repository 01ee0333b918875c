//! Mutations across the edge of validity, where parsers disagree in practice:
//! each [`Mutation`] takes a reference (realistic or grammar-derived) and changes it the way
//! hand-typed, hostile or badly encoded URIs differ from the grammar.
//!
//! The list: backslashes; tabs, newlines and other whitespace inside;
//! control characters; non-ASCII text and fullwidth forms; stray `%` and bad hex; `%2e%2e`;
//! extra `@` `:` `[` `]` `#` `?`; IPv4 in odd forms (octal, hex, fewer parts, out of range);
//! `[::ffff:1.2.3.4]`; zone ids; dot segments; leading and doubled slashes; `http:/\x`; empty
//! components; long runs.

use arbitrary::Unstructured;

use super::realistic::hostname;
use super::{below, chance, int, pick, MAX_LEN};

/// One kind of mutation. `Display`-like names come from [`Mutation::name`].
///
/// # Examples
///
/// ```
/// use arbitrary::Unstructured;
/// use uridiff::generate::{mutate, Mutation};
///
/// let out = mutate(&mut Unstructured::new(&[1, 2, 3]), Mutation::Backslash, b"http://a/b/c");
/// assert!(out.contains(&b'\\'));
/// assert_eq!(Mutation::SchemeBackslash.name(), "scheme-backslash");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mutation {
    /// A `\` for a `/`, every `/` turned into `\`, or a `\` inserted.
    Backslash,
    /// A tab, newline, carriage return, space, vertical tab or form feed inside, or around.
    Whitespace,
    /// A control byte (0x00 to 0x1F, 0x7F) inside.
    Control,
    /// Non-ASCII text inside: UTF-8 letters, zero-width and no-break spaces, invalid UTF-8
    /// bytes, or an internationalized host name.
    NonAscii,
    /// An ASCII character replaced by its fullwidth form (`／` for `/`), or an ideographic
    /// full stop in the host.
    Fullwidth,
    /// A stray `%`, a short escape (`%2`), bad hex (`%zz`), `%u0041`, a double `%%`.
    BadPercent,
    /// Encoded dot segments and slashes: `%2e%2e`, `.%2e`, `%2f`, double-encoded `%252e`.
    EncodedDots,
    /// An extra `@`, `:`, `[`, `]`, `#` or `?`, somewhere or in the authority.
    ExtraDelimiter,
    /// The host as an odd IPv4 form: octal, hex, one integer, fewer parts, out of range, five
    /// parts, a trailing dot.
    OddIpv4,
    /// The host as an IPv4-mapped or -embedded IPv6 literal: `[::ffff:1.2.3.4]` and variants.
    MappedIpv6,
    /// The host as an IPv6 literal with a zone id: `[fe80::1%25eth0]`, `[fe80::1%eth0]`, ...
    ZoneId,
    /// Dot segments in the path: `/./`, `/../`, `/../../../`, `/.../`, `/..;/`.
    DotSegments,
    /// Leading and doubled slashes: `///host`, `a//b`, `:////`.
    Slashes,
    /// A backslash after the scheme: `http:/\x`, `http:\\x`, `http:\/x`.
    SchemeBackslash,
    /// An empty component: host, port, userinfo, password, query, fragment, scheme, segment.
    EmptyComponents,
    /// A long run (64 bytes to 2 KB) of one piece: `a`, `/`, `%41`, `.`, `../`, `:`, `@`, ...
    LongRun,
}

impl Mutation {
    /// Every mutation, in the order of the module's list.
    pub const ALL: [Mutation; 16] = [
        Mutation::Backslash,
        Mutation::Whitespace,
        Mutation::Control,
        Mutation::NonAscii,
        Mutation::Fullwidth,
        Mutation::BadPercent,
        Mutation::EncodedDots,
        Mutation::ExtraDelimiter,
        Mutation::OddIpv4,
        Mutation::MappedIpv6,
        Mutation::ZoneId,
        Mutation::DotSegments,
        Mutation::Slashes,
        Mutation::SchemeBackslash,
        Mutation::EmptyComponents,
        Mutation::LongRun,
    ];

    /// The mutation's name in kebab case, as in [`Origin`](super::Origin)'s `mutation/<name>`.
    pub fn name(self) -> &'static str {
        match self {
            Mutation::Backslash => "backslash",
            Mutation::Whitespace => "whitespace",
            Mutation::Control => "control",
            Mutation::NonAscii => "non-ascii",
            Mutation::Fullwidth => "fullwidth",
            Mutation::BadPercent => "bad-percent",
            Mutation::EncodedDots => "encoded-dots",
            Mutation::ExtraDelimiter => "extra-delimiter",
            Mutation::OddIpv4 => "odd-ipv4",
            Mutation::MappedIpv6 => "mapped-ipv6",
            Mutation::ZoneId => "zone-id",
            Mutation::DotSegments => "dot-segments",
            Mutation::Slashes => "slashes",
            Mutation::SchemeBackslash => "scheme-backslash",
            Mutation::EmptyComponents => "empty-components",
            Mutation::LongRun => "long-run",
        }
    }
}

/// `base` changed by mutation `m`, its choices drawn from `u`; at most [`MAX_LEN`] bytes.
///
/// Mutations of the host replace the base's host when it has an authority, and otherwise
/// build `http://HOST/` before the base, so every mutation applies to every base.
///
/// # Examples
///
/// ```
/// use arbitrary::Unstructured;
/// use uridiff::generate::{mutate, Mutation};
///
/// let out = mutate(&mut Unstructured::new(&[0; 16]), Mutation::OddIpv4, b"http://example.com/a");
/// assert!(out.starts_with(b"http://") && out.ends_with(b"/a"));
/// assert!(!out.windows(11).any(|w| w == b"example.com"));
/// ```
pub fn mutate(u: &mut Unstructured<'_>, m: Mutation, base: &[u8]) -> Vec<u8> {
    let mut out = match m {
        Mutation::Backslash => match below(u, 3) {
            0 if base.contains(&b'/') => {
                let slashes: Vec<usize> = positions(base, b'/');
                let at = slashes.get(below(u, slashes.len())).copied().unwrap_or(0);
                let mut out = base.to_vec();
                if let Some(b) = out.get_mut(at) {
                    *b = b'\\';
                }
                out
            }
            1 if base.contains(&b'/') => base
                .iter()
                .map(|&b| if b == b'/' { b'\\' } else { b })
                .collect(),
            _ => {
                let piece = pick(u, &["\\", "\\\\", "/\\", "\\/"]);
                insert(u, base, piece.as_bytes())
            }
        },
        Mutation::Whitespace => {
            let ws = pick(u, &["\t", "\n", "\r", "\r\n", " ", "\x0b", "\x0c", "\t\t"]);
            match below(u, 4) {
                0 => [ws.as_bytes(), base].concat(),
                1 => [base, ws.as_bytes()].concat(),
                _ => insert(u, base, ws.as_bytes()),
            }
        }
        Mutation::Control => {
            let byte = if chance(u, 1, 8) {
                0x7f
            } else {
                int(u, 0, 0x1f) as u8
            };
            if chance(u, 1, 5) {
                [&[byte][..], base].concat()
            } else {
                insert(u, base, &[byte])
            }
        }
        Mutation::NonAscii => {
            if chance(u, 1, 4) {
                let idn = pick(
                    u,
                    &[
                        "bücher.example",
                        "пример.рф",
                        "例え.jp",
                        "straße.de",
                        "İstanbul.tr",
                    ],
                );
                replace_host(u, base, idn.as_bytes())
            } else {
                let piece: &[u8] = match below(u, 12) {
                    0 => "é".as_bytes(),
                    1 => "ü".as_bytes(),
                    2 => "日本".as_bytes(),
                    3 => "😀".as_bytes(),
                    4 => "\u{200b}".as_bytes(),
                    5 => "\u{a0}".as_bytes(),
                    6 => "\u{2028}".as_bytes(),
                    7 => "\u{feff}".as_bytes(),
                    8 => "ß".as_bytes(),
                    9 => &[0x80],
                    10 => &[0xff],
                    _ => &[0xc3],
                };
                insert(u, base, piece)
            }
        }
        Mutation::Fullwidth => match below(u, 3) {
            0 => {
                let dot = pick(u, &["\u{3002}", "\u{ff0e}", "\u{ff61}"]);
                let host = format!(
                    "{}{dot}{}",
                    pick(u, &["example", "good"]),
                    pick(u, &["com", "org"])
                );
                replace_host(u, base, host.as_bytes())
            }
            _ => {
                // An ASCII graphic character becomes its fullwidth form (U+FF01 to U+FF5E).
                let graphic: Vec<usize> = (0..base.len())
                    .filter(|&i| base.get(i).is_some_and(|b| (0x21..=0x7e).contains(b)))
                    .collect();
                match graphic.get(below(u, graphic.len())) {
                    Some(&at) => {
                        let b = base.get(at).copied().unwrap_or(b'/');
                        let wide = char::from_u32(0xff01 + u32::from(b - 0x21)).unwrap_or('／');
                        splice(base, at, at + 1, wide.to_string().as_bytes())
                    }
                    None => insert(u, base, "／".as_bytes()),
                }
            }
        },
        Mutation::BadPercent => {
            let bad = pick(
                u,
                &[
                    "%", "%%", "%2", "%zz", "%G1", "%u0041", "%%32%65", "%-1", "% 20", "%0",
                    "%x41", "%+1",
                ],
            );
            // Only where no hex digit follows, so that `%2` stays short and does not join
            // the next byte into a good escape.
            let spots: Vec<usize> = (0..=base.len())
                .filter(|&i| !base.get(i).is_some_and(u8::is_ascii_hexdigit))
                .collect();
            let at = spots
                .get(below(u, spots.len()))
                .copied()
                .unwrap_or(base.len());
            splice(base, at, at, bad.as_bytes())
        }
        Mutation::EncodedDots => {
            let dots = pick(
                u,
                &[
                    "/%2e%2e/",
                    "/%2E%2E/",
                    "/.%2e/",
                    "/%2e./",
                    "/%2e/",
                    "/%2f",
                    "/..%2f",
                    "/%252e%252e/",
                    "/%2e%2e%2f%2e%2e%2f",
                    "/%2e%2e",
                    "%2e%2e/",
                ],
            );
            insert_in_path(u, base, dots.as_bytes())
        }
        Mutation::ExtraDelimiter => {
            let d = pick(
                u,
                &[
                    "@", ":", "[", "]", "#", "?", "@@", "::", "[]", "##", "??", ":@",
                ],
            );
            match authority_span(base) {
                Some((s, e)) if chance(u, 1, 2) => {
                    let at = s + below(u, e - s + 1);
                    splice(base, at, at, d.as_bytes())
                }
                _ => insert(u, base, d.as_bytes()),
            }
        }
        Mutation::OddIpv4 => {
            let host = odd_ipv4(u);
            replace_host(u, base, host.as_bytes())
        }
        Mutation::MappedIpv6 => {
            let v4 = format!(
                "{}.{}.{}.{}",
                int(u, 0, 300),
                int(u, 0, 255),
                int(u, 0, 255),
                int(u, 0, 255)
            );
            let host = match below(u, 9) {
                0 | 1 => format!("[::ffff:{v4}]"),
                2 => "[::ffff:1.2.3.4]".to_owned(),
                3 => format!("[::{v4}]"),
                4 => format!("[0:0:0:0:0:ffff:{v4}]"),
                5 => "[::ffff:7f00:1]".to_owned(),
                6 => format!("[::FFFF:{v4}]"),
                7 => format!("[64:ff9b::{v4}]"),
                _ => "[::ffff:1.2.3]".to_owned(),
            };
            replace_host(u, base, host.as_bytes())
        }
        Mutation::ZoneId => {
            let host = pick(
                u,
                &[
                    "[fe80::1%25eth0]",
                    "[fe80::1%eth0]",
                    "[fe80::1%251]",
                    "[fe80::1%25]",
                    "[fe80::1%]",
                    "[fe80::1%25en0%2F]",
                    "[fe80::1%25%65th0]",
                    "[::1%2525]",
                    "[fe80::a%25lo0]",
                    "[fe80::1%25eth0]:8080",
                ],
            );
            replace_host(u, base, host.as_bytes())
        }
        Mutation::DotSegments => {
            // Each piece begins with "/", so it is a segment wherever in the path it goes.
            let dots = pick(
                u,
                &[
                    "/.",
                    "/..",
                    "/./",
                    "/../",
                    "/../../../",
                    "/.../",
                    "/..;/",
                    "/a/../../b",
                    "/./././",
                    "/../../../../etc/passwd",
                    "/.//../",
                ],
            );
            insert_in_path(u, base, dots.as_bytes())
        }
        Mutation::Slashes => match below(u, 5) {
            0 => replace_first(
                base,
                b"://",
                pick(u, &[":///", ":////", "://///"]).as_bytes(),
            )
            .unwrap_or_else(|| [b"//", base].concat()),
            1 => [pick(u, &["//", "///", "////"]).as_bytes(), base].concat(),
            2 => {
                let slashes = positions(base, b'/');
                match slashes.get(below(u, slashes.len())) {
                    Some(&at) => splice(base, at, at, b"/"),
                    None => [base, b"//"].concat(),
                }
            }
            3 => [base, b"//"].concat(),
            _ if base.contains(&b'/') => base
                .iter()
                .flat_map(|&b| if b == b'/' { vec![b'/', b'/'] } else { vec![b] })
                .collect(),
            _ => [b"//", base].concat(),
        },
        Mutation::SchemeBackslash => {
            let sep = pick(u, &[":/\\", ":\\\\", ":\\/", ":/\\/", ":\\", ":\\\\\\"]);
            replace_first(base, b"://", sep.as_bytes()).unwrap_or_else(|| {
                let rest = base.strip_prefix(b"//").unwrap_or(base);
                [b"http", sep.as_bytes(), rest].concat()
            })
        }
        Mutation::EmptyComponents => match below(u, 8) {
            0 => replace_host(u, base, b""),
            1 => {
                let h = format!("{}:", hostname(u));
                replace_host(u, base, h.as_bytes())
            }
            2 => {
                let h = format!("@{}", hostname(u));
                replace_host(u, base, h.as_bytes())
            }
            3 => {
                let h = format!("user:@{}", hostname(u));
                replace_host(u, base, h.as_bytes())
            }
            4 => [base, pick(u, &["?", "#", "?#", "#?"]).as_bytes()].concat(),
            5 => pick(
                u,
                &[
                    ":",
                    "//",
                    "?",
                    "#",
                    "http:",
                    "http://",
                    "http://:80",
                    "http://[]/",
                    ":/",
                    "//@",
                ],
            )
            .as_bytes()
            .to_vec(),
            6 => [
                b":",
                base.get(base.iter().position(|&b| b == b':').map_or(0, |p| p + 1)..)
                    .unwrap_or(base),
            ]
            .concat(),
            _ => insert_in_path(u, base, b"//"),
        },
        Mutation::LongRun => {
            let piece = pick(
                u,
                &[
                    "a", "/", "%41", ".", "../", ":", "@", "[", "0", "-", "a.", "1:", "%", "?",
                    "&a=b", "\\", "::", "./", "%2e", "=",
                ],
            );
            let times = int(u, 64, 2048) as usize / piece.len().max(1);
            let run = piece.repeat(times.max(1));
            match below(u, 3) {
                0 => replace_host(u, base, run.as_bytes()),
                1 => [base, run.as_bytes()].concat(),
                _ => insert(u, base, run.as_bytes()),
            }
        }
    };
    out.truncate(MAX_LEN);
    out
}

/// An IPv4 address in an odd form: octal, hex, one integer, fewer parts, out of range, five
/// parts, a trailing dot, leading zeros.
fn odd_ipv4(u: &mut Unstructured<'_>) -> String {
    match below(u, 12) {
        0 => format!("0{:o}.0.0.{:o}", int(u, 1, 255), int(u, 1, 255)),
        1 => format!("0x{:x}.0.0.{}", int(u, 1, 255), int(u, 1, 255)),
        2 => format!("0x{:08x}", int(u, 0, u32::MAX)),
        3 => int(u, 0, u32::MAX).to_string(),
        4 => format!("{}.{}", int(u, 1, 255), int(u, 1, 0xff_ffff)),
        5 => format!(
            "{}.{}.{}",
            int(u, 1, 255),
            int(u, 0, 255),
            int(u, 0, 0xffff)
        ),
        6 => format!(
            "{}.{}.{}.{}",
            int(u, 256, 999),
            int(u, 0, 999),
            int(u, 0, 999),
            int(u, 0, 999)
        ),
        7 => "4294967296".to_owned(),
        8 => format!("1.2.3.4.{}", int(u, 0, 9)),
        9 => format!(
            "{}.{}.{}.{}.",
            int(u, 1, 255),
            int(u, 0, 255),
            int(u, 0, 255),
            int(u, 0, 255)
        ),
        10 => format!(
            "0{}.0{}.00{}.{:03}",
            int(u, 1, 7),
            int(u, 1, 7),
            int(u, 0, 7),
            int(u, 0, 255)
        ),
        _ => pick(
            u,
            &[
                "0177.0.0.1",
                "0x7f.1",
                "127.1",
                "0",
                "08.1.1.1",
                "0x.1.1.1",
                "1..2.3",
                "0X7F.0x0.0.1",
            ],
        )
        .to_owned(),
    }
}

/// Every index of `byte` in `s`.
fn positions(s: &[u8], byte: u8) -> Vec<usize> {
    s.iter()
        .enumerate()
        .filter(|(_, b)| **b == byte)
        .map(|(i, _)| i)
        .collect()
}

/// `s` with `s[from..to]` replaced by `piece` (bounds clamped to `s`).
fn splice(s: &[u8], from: usize, to: usize, piece: &[u8]) -> Vec<u8> {
    let to = to.min(s.len());
    let from = from.min(to);
    let (head, tail) = (s.get(..from).unwrap_or(s), s.get(to..).unwrap_or(&[]));
    [head, piece, tail].concat()
}

/// `piece` inserted at a position of `s` chosen by `u`.
fn insert(u: &mut Unstructured<'_>, s: &[u8], piece: &[u8]) -> Vec<u8> {
    let at = below(u, s.len() + 1);
    splice(s, at, at, piece)
}

/// `s` with its first `from` replaced by `to`, or `None` if it holds none.
fn replace_first(s: &[u8], from: &[u8], to: &[u8]) -> Option<Vec<u8>> {
    let at = s.windows(from.len()).position(|w| w == from)?;
    Some(splice(s, at, at + from.len(), to))
}

/// The byte range of the authority: after a leading `//`, or after `scheme://`.
pub(crate) fn authority_span(s: &[u8]) -> Option<(usize, usize)> {
    let start = if s.starts_with(b"//") {
        2
    } else {
        let colon = s.iter().position(|&b| b == b':')?;
        if s.get(..colon)?
            .iter()
            .any(|b| matches!(b, b'/' | b'?' | b'#'))
        {
            return None;
        }
        if s.get(colon + 1..colon + 3)? != b"//" {
            return None;
        }
        colon + 3
    };
    let rest = s.get(start..)?;
    let end = rest
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .map_or(s.len(), |p| start + p);
    Some((start, end))
}

/// The byte range of the host inside the authority: after the last `@`, before the port.
fn host_span(s: &[u8]) -> Option<(usize, usize)> {
    let (a, e) = authority_span(s)?;
    let authority = s.get(a..e)?;
    let start = authority
        .iter()
        .rposition(|&b| b == b'@')
        .map_or(a, |p| a + p + 1);
    let host = s.get(start..e)?;
    let end = if host.first() == Some(&b'[') {
        host.iter()
            .position(|&b| b == b']')
            .map_or(e, |p| start + p + 1)
    } else {
        host.iter()
            .rposition(|&b| b == b':')
            .map_or(e, |p| start + p)
    };
    Some((start, end))
}

/// `s` with its host replaced by `host`; a base without an authority becomes `http://HOST/`
/// followed by the base (without a leading `/`).
fn replace_host(u: &mut Unstructured<'_>, s: &[u8], host: &[u8]) -> Vec<u8> {
    match host_span(s) {
        Some((from, to)) => splice(s, from, to, host),
        None => {
            let scheme = pick(u, &["http", "https"]);
            let rest = s.strip_prefix(b"/").unwrap_or(s);
            [scheme.as_bytes(), b"://", host, b"/", rest].concat()
        }
    }
}

/// `piece` inserted in the path: at its start, or after one of its slashes.
fn insert_in_path(u: &mut Unstructured<'_>, s: &[u8], piece: &[u8]) -> Vec<u8> {
    let path_start = authority_span(s).map_or(0, |(_, e)| e);
    let path_end = s
        .get(path_start..)
        .and_then(|p| p.iter().position(|b| matches!(b, b'?' | b'#')))
        .map_or(s.len(), |p| path_start + p);
    let mut spots = vec![path_start];
    spots.extend(
        positions(s.get(path_start..path_end).unwrap_or(&[]), b'/')
            .into_iter()
            .map(|p| path_start + p),
    );
    spots.push(path_end);
    let at = spots
        .get(below(u, spots.len()))
        .copied()
        .unwrap_or(path_end);
    splice(s, at, at, piece)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{realistic_uri, seeded};

    /// Whether `out` shows the mark of mutation `m`.
    fn marked(m: Mutation, out: &[u8]) -> bool {
        let has = |needle: &[u8]| out.windows(needle.len()).any(|w| w == needle);
        let text = String::from_utf8_lossy(out);
        match m {
            Mutation::Backslash | Mutation::SchemeBackslash => out.contains(&b'\\'),
            Mutation::Whitespace => out
                .iter()
                .any(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)),
            Mutation::Control => out.iter().any(|b| *b < 0x20 || *b == 0x7f),
            Mutation::NonAscii | Mutation::Fullwidth => out.iter().any(|b| *b >= 0x80),
            Mutation::BadPercent => {
                // Some '%' not followed by two hex digits.
                out.iter().enumerate().any(|(i, b)| {
                    *b == b'%'
                        && !out
                            .get(i + 1..i + 3)
                            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
                })
            }
            Mutation::EncodedDots => has(b"%2e") || has(b"%2E") || has(b"%2f") || has(b"%252e"),
            Mutation::ExtraDelimiter => out.iter().any(|b| b"@:[]#?".contains(b)),
            Mutation::OddIpv4 => text.contains("://") && out.iter().any(u8::is_ascii_digit),
            Mutation::MappedIpv6 => has(b"[::") || has(b"[0:0") || has(b"[64:"),
            Mutation::ZoneId => has(b"[fe80::") || has(b"[::1%"),
            Mutation::DotSegments => has(b"/.") || has(b"./"),
            Mutation::Slashes => has(b"//"),
            Mutation::EmptyComponents => true,
            Mutation::LongRun => out.len() >= 64,
        }
    }

    #[test]
    fn every_mutation_leaves_its_mark_and_changes_its_base() {
        for m in Mutation::ALL {
            let mut changed = 0;
            for i in 0..200 {
                let bytes = seeded(31, i);
                let mut u = Unstructured::new(&bytes);
                let base = realistic_uri(&mut u);
                let out = mutate(&mut u, m, &base);
                assert!(
                    marked(m, &out),
                    "{m:?}: {:?}",
                    String::from_utf8_lossy(&out)
                );
                assert!(out.len() <= MAX_LEN);
                changed += usize::from(out != base);
            }
            assert!(changed >= 190, "{m:?}: only {changed} of 200 changed");
        }
    }

    #[test]
    fn host_mutations_replace_the_host() {
        let mut u = Unstructured::new(&[5; 32]);
        let out = replace_host(&mut u, b"http://user@example.com:81/p?q", b"HOST");
        assert_eq!(out, b"http://user@HOST:81/p?q");
        let out = replace_host(&mut u, b"https://[::1]:8/p", b"HOST");
        assert_eq!(out, b"https://HOST:8/p");
        let out = replace_host(&mut u, b"//a/b", b"HOST");
        assert_eq!(out, b"//HOST/b");
        let out = replace_host(&mut u, b"/p/q", b"HOST");
        assert!(
            out.ends_with(b"://HOST/p/q"),
            "{:?}",
            String::from_utf8_lossy(&out)
        );
    }

    #[test]
    fn spans_and_splices() {
        assert_eq!(authority_span(b"http://a@b:1/x"), Some((7, 12)));
        assert_eq!(authority_span(b"mailto:a@b"), None);
        assert_eq!(authority_span(b"a/b:c//d"), None);
        assert_eq!(host_span(b"http://a@b:1/x"), Some((9, 10)));
        assert_eq!(splice(b"abc", 1, 2, b"XY"), b"aXYc");
        assert_eq!(splice(b"abc", 5, 9, b"!"), b"abc!");
        assert_eq!(
            replace_first(b"a://b", b"://", b":\\"),
            Some(b"a:\\b".to_vec())
        );
    }

    #[test]
    fn odd_ipv4_forms_are_not_dotted_quads_of_bytes() {
        // Each form is something other than four decimal parts of 0 to 255 without leading
        // zeros: the forms that parsers read differently.
        for i in 0..300 {
            let bytes = seeded(41, i);
            let h = odd_ipv4(&mut Unstructured::new(&bytes));
            let parts: Vec<&str> = h.split('.').collect();
            let plain = parts.len() == 4
                && parts.iter().all(|p| {
                    !p.is_empty()
                        && p.bytes().all(|b| b.is_ascii_digit())
                        && (p.len() == 1 || !p.starts_with('0'))
                        && p.parse::<u32>().is_ok_and(|n| n <= 255)
                });
            assert!(!plain, "{h}");
        }
    }
}
