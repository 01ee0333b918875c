//! Octet-level readings of RFC 3986 that the comparison, the lenient reading and the profiles'
//! rules all need, kept at the bottom of the engine so that none of those reaches another for
//! them: where a scheme ends (section 3.1), where an authority stands (section 3), what
//! percent-encoded octets stand for (section 2.1), and the leading bytes the URL Standard's
//! parser strips first.

/// The position of the ":" that ends `input`'s scheme, when it opens with one ([`is_scheme`]).
pub(crate) fn scheme_colon(input: &[u8]) -> Option<usize> {
    input
        .iter()
        .position(|&b| b == b':')
        .filter(|&colon| is_scheme(&input[..colon]))
}

/// Whether `s` is a scheme (RFC 3986 3.1: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`).
pub(crate) fn is_scheme(s: &[u8]) -> bool {
    s.first().is_some_and(u8::is_ascii_alphabetic)
        && s.iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// Whether `b` may stand as it is somewhere in a URI: RFC 3986's `unreserved` (2.3) or
/// `reserved` (2.2); every other octet is percent-encoded wherever it stands.
pub(crate) fn uri_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&b)
}

/// `input` without its leading C0 controls and spaces (every byte from 0x00 to 0x20): the URL
/// Standard's basic URL parser's first step ("remove any leading C0 control or space"), which
/// url-parse's `trimLeft` does too.
pub(crate) fn c0_space_trimmed_start(input: &[u8]) -> &[u8] {
    let start = input.iter().position(|&b| b > b' ').unwrap_or(input.len());
    &input[start..]
}

/// Where the authority of `input` would be, read as RFC 3986 3 reads it: after
/// `scheme ":"` (or at the start) a "//", then up to the next "/", "?" or "#". Empty when there
/// is no "//" there.
pub(crate) fn authority_span(input: &[u8]) -> std::ops::Range<usize> {
    let scheme = scheme_colon(input).map_or(0, |colon| colon + 1);
    if !input[scheme..].starts_with(b"//") {
        return 0..0;
    }
    let start = scheme + 2;
    let end = input[start..]
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .map_or(input.len(), |n| start + n);
    start..end
}

/// `s` with every valid percent-encoding (RFC 3986 2.1: "%" and two hexadecimal digits)
/// decoded, as bytes; a "%" not followed by two is kept.
pub(crate) fn pct_decode_bytes(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (Some(h), Some(l)) if b[i] == b'%' => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            _ => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scheme_colon_needs_a_letter_then_scheme_characters() {
        assert_eq!(scheme_colon(b"http://a"), Some(4));
        assert_eq!(scheme_colon(b"a+b-c.d:x"), Some(7));
        assert_eq!(scheme_colon(b":a"), None);
        assert_eq!(scheme_colon(b"1a:b"), None);
        assert_eq!(scheme_colon(b"a_b:c"), None);
        assert_eq!(scheme_colon(b"/a:b"), None);
    }

    #[test]
    fn pct_decode_bytes_keeps_a_percent_without_two_hex_digits() {
        assert_eq!(pct_decode_bytes("%41%zz%4"), b"A%zz%4");
        assert_eq!(pct_decode_bytes("%c3%A9"), "\u{e9}".as_bytes());
        assert_eq!(pct_decode_bytes("%ff"), [0xff]);
    }

    #[test]
    fn the_authority_is_found_where_rfc_3986_reads_it() {
        assert_eq!(authority_span(b"http://a b/c"), 7..10);
        assert_eq!(authority_span(b"//h?q"), 2..3);
        assert_eq!(authority_span(b"//"), 2..2);
        // No "//" after the scheme, or no scheme before a "//" further on: no authority.
        assert_eq!(authority_span(b"mailto:a@b"), 0..0);
        assert_eq!(authority_span(b"a/b//c"), 0..0);
        // "1a:" is no scheme: the "//" that follows is a path's.
        assert_eq!(authority_span(b"1a://h"), 0..0);
    }
}
