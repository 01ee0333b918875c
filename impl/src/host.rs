//! The `host` alternatives of RFC 3986 section 3.2.2: `IP-literal` (`IPv6address`, `IPvFuture`)
//! and `IPv4address` with its `dec-octet`s. `reg-name` is a character class ([`crate::chars`]).
//!
//! Each recognizer takes the exact bytes of the alternative and answers whether they match; all
//! are linear and allocation-free.

use crate::chars::{HEXDIG, IPVFUTURE_TAIL};

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet` (section 3.2.2).
///
/// ```
/// use uri_spec::host::ipv4address;
/// assert!(ipv4address(b"192.0.2.16"));
/// assert!(!ipv4address(b"1.2.3.256"));
/// assert!(!ipv4address(b"01.2.3.4"));
/// assert!(!ipv4address(b"1.2.3"));
/// ```
pub fn ipv4address(s: &[u8]) -> bool {
    let mut octets = 0;
    for part in s.split(|&b| b == b'.') {
        octets += 1;
        if octets > 4 || !dec_octet(part) {
            return false;
        }
    }
    octets == 4
}

/// ```text
/// dec-octet = DIGIT                 ; 0-9
///           / %x31-39 DIGIT         ; 10-99
///           / "1" 2DIGIT            ; 100-199
///           / "2" %x30-34 DIGIT     ; 200-249
///           / "25" %x30-35          ; 250-255
/// ```
///
/// So no leading zero, and at most 255.
///
/// ```
/// use uri_spec::host::dec_octet;
/// assert!(dec_octet(b"0") && dec_octet(b"255"));
/// assert!(!dec_octet(b"00") && !dec_octet(b"256") && !dec_octet(b""));
/// ```
pub fn dec_octet(s: &[u8]) -> bool {
    match *s {
        [d] => d.is_ascii_digit(),
        [b'1'..=b'9', d] => d.is_ascii_digit(),
        [b'1', d, e] => d.is_ascii_digit() && e.is_ascii_digit(),
        [b'2', b'0'..=b'4', d] => d.is_ascii_digit(),
        [b'2', b'5', b'0'..=b'5'] => true,
        _ => false,
    }
}

/// `h16 = 1*4HEXDIG` (section 3.2.2): 16 bits of address in hexadecimal.
fn h16(s: &[u8]) -> bool {
    (1..=4).contains(&s.len()) && s.iter().all(|&b| HEXDIG.allows(b))
}

/// The number of 16-bit pieces in a `:`-separated run of `h16` (the last may be an
/// `IPv4address`, counting two, when `ls32_last` is set), or `None` if the run is malformed.
fn pieces(s: &[u8], ls32_last: bool) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    let mut count = 0;
    let mut parts = s.split(|&b| b == b':').peekable();
    while let Some(part) = parts.next() {
        let last = parts.peek().is_none();
        if last && ls32_last && part.contains(&b'.') {
            // ls32 = ( h16 ":" h16 ) / IPv4address
            if !ipv4address(part) {
                return None;
            }
            count += 2;
        } else if h16(part) {
            count += 1;
        } else {
            return None;
        }
    }
    Some(count)
}

/// `IPv6address` (section 3.2.2), its nine forms:
///
/// ```text
/// IPv6address =                            6( h16 ":" ) ls32
///             /                       "::" 5( h16 ":" ) ls32
///             / [               h16 ] "::" 4( h16 ":" ) ls32
///             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
///             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
///             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
///             / [ *4( h16 ":" ) h16 ] "::"              ls32
///             / [ *5( h16 ":" ) h16 ] "::"              h16
///             / [ *6( h16 ":" ) h16 ] "::"
/// ls32        = ( h16 ":" h16 ) / IPv4address
/// ```
///
/// Read together: without `::`, exactly eight pieces (an `IPv4address` counts two and may only
/// come last); with one `::`, at most seven pieces around it, the `IPv4address` only at the end
/// of the part after it.
///
/// ```
/// use uri_spec::host::ipv6address;
/// assert!(ipv6address(b"2001:db8::7"));
/// assert!(ipv6address(b"::"));
/// assert!(ipv6address(b"::ffff:1.2.3.4"));
/// assert!(!ipv6address(b"1::2::3"));
/// assert!(!ipv6address(b"1:2:3:4:5:6:7:1.2.3.4"));
/// ```
pub fn ipv6address(s: &[u8]) -> bool {
    match s.windows(2).position(|w| w == b"::") {
        None => pieces(s, true) == Some(8),
        Some(i) => {
            let head = s.get(..i).unwrap_or_default();
            let tail = s.get(i + 2..).unwrap_or_default();
            match (pieces(head, false), pieces(tail, true)) {
                (Some(h), Some(t)) => h + t <= 7,
                _ => false,
            }
        }
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (section 3.2.2); the "v"
/// is case-insensitive like every ABNF string.
///
/// ```
/// use uri_spec::host::ipvfuture;
/// assert!(ipvfuture(b"v1.x") && ipvfuture(b"V7.a:b"));
/// assert!(!ipvfuture(b"v.x") && !ipvfuture(b"v1."));
/// ```
pub fn ipvfuture(s: &[u8]) -> bool {
    let [b'v' | b'V', rest @ ..] = s else {
        return false;
    };
    let digits = rest.iter().take_while(|&&b| HEXDIG.allows(b)).count();
    let Some([b'.', tail @ ..]) = rest.get(digits..) else {
        return false;
    };
    digits > 0 && !tail.is_empty() && tail.iter().all(|&b| IPVFUTURE_TAIL.allows(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dec_octet_over_every_number_up_to_999() {
        for n in 0..1000u32 {
            let s = n.to_string();
            assert_eq!(dec_octet(s.as_bytes()), n <= 255, "{s}");
            let padded = format!("0{s}");
            assert!(!dec_octet(padded.as_bytes()), "{padded}");
        }
    }

    #[test]
    fn the_nine_ipv6_forms() {
        // One instance of each form of section 3.2.2, in order, then each at its limits.
        for ok in [
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::2:3:4:5:6:7:8",
            "::2:3:4:5:6:1.2.3.4",
            "1::3:4:5:6:7:8",
            "1:2::4:5:6:7:8",
            "1:2:3::5:6:7:8",
            "1:2:3:4::6:7:8",
            "1:2:3:4:5::7:8",
            "1:2:3:4:5::1.2.3.4",
            "1:2:3:4:5:6::8",
            "1:2:3:4:5:6:7::",
            "::",
            "::1",
            "1::",
            "::1.2.3.4",
            "ffff::FFFF",
            "0000:0000::0",
        ] {
            assert!(ipv6address(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "",
            ":",
            ":::",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            "::1.2.3.256",
            "1:2:3:4:5:6:7:1.2.3.4",
            "1:2:3:4:5:6:7:8::",
            "::1:2:3:4:5:6:7:8",
            ":1::",
            "1:",
            ":1",
            "1.2.3.4::",
            "1.2.3.4",
            "::1.2.3",
            "g::",
            "::1%25eth0",
        ] {
            assert!(!ipv6address(bad.as_bytes()), "{bad}");
        }
    }
}
