//! The inputs the benches run on beyond the realistic corpus: `resolve`'s references made from
//! it, the adversarial [`Shape`]s (one part of a URI grown to any length), and the parse cases
//! of the suites.

/// The references `resolve` is measured on, made from a corpus of absolute URIs: in turn the
/// URI itself, its path onward (`/p?q#f`), its last segment under `../`, and its query or
/// fragment alone, so that every branch of RFC 3986 section 5.2.2 is taken.
///
/// ```
/// let refs = uridiff::bench::references(&vec![b"http://h/a/b?q".to_vec(); 4]);
/// assert_eq!(refs, [&b"http://h/a/b?q"[..], b"/a/b?q", b"../b?q", b"?q"]);
/// ```
pub fn references(uris: &[Vec<u8>]) -> Vec<Vec<u8>> {
    uris.iter()
        .enumerate()
        .map(|(i, u)| {
            let after_authority = find(u, b"://")
                .map(|at| at + 3)
                .and_then(|from| u[from..].iter().position(|&b| b == b'/').map(|p| from + p));
            let path_on = after_authority.map(|p| &u[p..]).unwrap_or(&u[..]);
            match i % 4 {
                0 => u.clone(),
                1 => path_on.to_vec(),
                2 => {
                    let end = path_on
                        .iter()
                        .position(|&b| b == b'?' || b == b'#')
                        .unwrap_or(path_on.len());
                    let last = path_on[..end]
                        .iter()
                        .rposition(|&b| b == b'/')
                        .map_or(0, |p| p + 1);
                    [&b"../"[..], &path_on[last..]].concat()
                }
                _ => match path_on.iter().position(|&b| b == b'?' || b == b'#') {
                    Some(p) => path_on[p..].to_vec(),
                    None => b"#f".to_vec(),
                },
            }
        })
        .collect()
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The shapes of adversarial input: each grows one part of a URI to any length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `http://h/aaaa/aaaa/...`: a long path of ordinary segments.
    LongPath,
    /// `http://h/a/./../a/./..`: thousands of dot segments.
    DotSegments,
    /// `http://h/p?k=v&k=v...`: a long query.
    LongQuery,
    /// `http://h/%41%41%41...`: a run of percent-encoded octets.
    PercentRun,
    /// `http://aaaa...aaaa/`: a long host.
    LongHost,
    /// `http://uuuu...@h/`: a long userinfo.
    LongUserinfo,
    /// `http://[12:12:12:...`: a long host that looks like an IP literal and never closes.
    IpLiteralLike,
}

impl Shape {
    /// Every shape.
    pub const ALL: [Shape; 7] = [
        Shape::LongPath,
        Shape::DotSegments,
        Shape::LongQuery,
        Shape::PercentRun,
        Shape::LongHost,
        Shape::LongUserinfo,
        Shape::IpLiteralLike,
    ];

    /// A short stable name (`long-path`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Shape::LongPath => "long-path",
            Shape::DotSegments => "dot-segments",
            Shape::LongQuery => "long-query",
            Shape::PercentRun => "percent-run",
            Shape::LongHost => "long-host",
            Shape::LongUserinfo => "long-userinfo",
            Shape::IpLiteralLike => "ip-literal-like",
        }
    }

    /// An input of this shape, `len` bytes long.
    ///
    /// ```
    /// use uridiff::bench::Shape;
    /// for shape in Shape::ALL {
    ///     assert_eq!(shape.input(1024).len(), 1024, "{}", shape.name());
    /// }
    /// assert!(uri_spec::parse(&Shape::PercentRun.input(1000)).is_ok());
    /// ```
    pub fn input(self, len: usize) -> Vec<u8> {
        let (head, unit, tail): (&[u8], &[u8], &[u8]) = match self {
            Shape::LongPath => (b"http://h", b"/aaaa", b""),
            Shape::DotSegments => (b"http://h", b"/a/./..", b""),
            Shape::LongQuery => (b"http://h/p?", b"k=v&", b""),
            Shape::PercentRun => (b"http://h/", b"%41", b""),
            Shape::LongHost => (b"http://", b"a", b"/"),
            Shape::LongUserinfo => (b"http://", b"u", b"@h/"),
            Shape::IpLiteralLike => (b"http://[", b"12:", b""),
        };
        let mut out = head.to_vec();
        while out.len() + unit.len() + tail.len() <= len {
            out.extend_from_slice(unit);
        }
        // Pad with the unit's first byte up to the exact length (a valid byte for every shape).
        while out.len() + tail.len() < len {
            out.push(
                unit[if unit[0] == b'/' || unit[0] == b'%' {
                    1
                } else {
                    0
                }],
            );
        }
        out.extend_from_slice(tail);
        out
    }
}

/// The inputs of the parse cases of the suites under `paths` (their text, once each), for the
/// benches; a malformed suite is skipped.
///
/// # Errors
///
/// When `paths` cannot be walked.
pub fn suite_inputs(
    paths: &[std::path::PathBuf],
) -> Result<Vec<Vec<u8>>, crate::suite::SuiteError> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for path in crate::suite::collect(paths)? {
        let Ok(suite) = crate::suite::load(&path) else {
            continue;
        };
        for case in &suite.file.cases {
            if case.op == crate::suite::Op::Parse && seen.insert(case.input.clone()) {
                out.push(case.input.as_bytes().to_vec());
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_have_the_asked_length_at_every_size() {
        for shape in Shape::ALL {
            for len in [1000, 1024, 4099, 1 << 20] {
                assert_eq!(shape.input(len).len(), len, "{} {len}", shape.name());
            }
        }
        // The dot-segment input really is thousands of dot segments.
        let dots = Shape::DotSegments.input(1 << 16);
        assert!(dots.windows(4).filter(|w| w == b"/../").count() > 5000);
    }
}
