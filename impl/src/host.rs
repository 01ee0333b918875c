//! The `host` alternatives of RFC 3986 section 3.2.2: `IP-literal` (`IPv6address`, `IPvFuture`)
//! and `IPv4address` with its `dec-octet`s. `reg-name` is a character class ([`crate::chars`]).
//! Beside them, the older editions' `hostnumber`.
//!
//! Each recognizer takes the exact bytes of the alternative and answers whether they match; all
//! are linear and allocation-free.

use crate::chars::{HEXDIG, IPVFUTURE_TAIL};
use crate::cursor::work;

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

/// `hostnumber = digits "." digits "." digits "." digits` with `digits = 1*digit`: the IP
/// address of 1994 (draft-ietf-uri-url-06 section 5), 1996 and 1998, any number of digits per
/// group and no range ("a set of four decimal digits separated by periods", 1994 section 3.1).
///
/// ```
/// use uri_spec::host::hostnumber;
/// assert!(hostnumber(b"999.0.00.1"));
/// assert!(!hostnumber(b"1.2.3") && !hostnumber(b"1.2.3.4.5") && !hostnumber(b"1..3.4"));
/// ```
pub fn hostnumber(s: &[u8]) -> bool {
    let mut groups = 0;
    for g in s.split(|&b| b == b'.') {
        groups += 1;
        if groups > 4 || g.is_empty() || !g.iter().all(u8::is_ascii_digit) {
            return false;
        }
    }
    groups == 4
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
    ipv6address_prefix(s) == Ok(s.len())
}

/// Reads an `IPv6address` forward from the start of `s`, one byte at a time, and stops at the
/// first byte that cannot continue it: `Ok(end)` when `s[..end]` is a complete `IPv6address`
/// and `s[end]` (if any) cannot extend it, `Err(at)` when the address is malformed or incomplete,
/// `at` being the offset where that became certain. The forms of [`ipv6address`] read this way
/// never need more than 39 bytes (eight `h16` of four digits and seven `:`), so a malformed
/// literal is rejected within its first 40 bytes however long it goes on.
pub(crate) fn ipv6address_prefix(s: &[u8]) -> Result<usize, usize> {
    let hex = |i: usize| s.get(i).is_some_and(|&b| HEXDIG.allows(b));
    // Pieces of 16 bits read so far (an `IPv4address` counts two), and whether "::" was seen:
    // without it there must be exactly eight, with it at most seven.
    let mut pieces = 0usize;
    let mut elided = false;
    let mut i = 0;
    if s.get(..2) == Some(b"::") {
        elided = true;
        i = 2;
        if !hex(i) {
            work::add(i + 1);
            return Ok(i);
        }
    }
    let result = loop {
        let limit = if elided { 7 } else { 8 };
        // h16 = 1*4HEXDIG
        let start = i;
        while i - start < 4 && hex(i) {
            // INVARIANT: `s[i]` exists (it is a HEXDIG).
            i += 1;
        }
        if i == start {
            break Err(i);
        }
        if s.get(i) == Some(&b'.') {
            // ls32 = ( h16 ":" h16 ) / IPv4address: the IPv4address ends the address.
            match ipv4address_prefix(s, start) {
                Ok(end) if (elided && pieces + 2 <= 7) || (!elided && pieces + 2 == 8) => {
                    break Ok(end)
                }
                Ok(end) => break Err(end),
                Err(at) => break Err(at),
            }
        }
        pieces += 1;
        if pieces > limit {
            break Err(start);
        }
        match (s.get(i), s.get(i + 1)) {
            (Some(b':'), Some(b':')) => {
                if elided || pieces > 7 {
                    break Err(i);
                }
                elided = true;
                // INVARIANT: both bytes exist.
                i += 2;
                if !hex(i) {
                    break Ok(i);
                }
            }
            // INVARIANT: `s[i]` exists; an h16 must follow.
            (Some(b':'), _) => i += 1,
            _ if elided || pieces == 8 => break Ok(i),
            _ => break Err(i),
        }
    };
    work::add(match result {
        Ok(n) | Err(n) => n + 1,
    });
    result
}

/// Reads an `IPv4address` forward from `s[start..]`: `Ok(end)` after its fourth `dec-octet`,
/// `Err(at)` at the first byte that cannot continue it.
fn ipv4address_prefix(s: &[u8], start: usize) -> Result<usize, usize> {
    let mut i = start;
    for octet in 0..4 {
        if octet > 0 {
            if s.get(i) != Some(&b'.') {
                return Err(i);
            }
            // INVARIANT: `s[i]` is the '.'.
            i += 1;
        }
        let from = i;
        while i - from < 3 && s.get(i).is_some_and(u8::is_ascii_digit) {
            // INVARIANT: `s[i]` exists (it is a digit).
            i += 1;
        }
        if !dec_octet(s.get(from..i).unwrap_or_default()) {
            return Err(from);
        }
    }
    Ok(i)
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
    ipvfuture_prefix(s) == Ok(s.len())
}

/// Reads an `IPvFuture` forward from the start of `s`, as [`ipv6address_prefix`] reads an
/// `IPv6address`: `Ok(end)` after its last tail byte, `Err(at)` at the first byte that cannot
/// continue it.
pub(crate) fn ipvfuture_prefix(s: &[u8]) -> Result<usize, usize> {
    let result = (|| {
        let Some(b'v' | b'V') = s.first() else {
            return Err(0);
        };
        let digits = s.iter().skip(1).take_while(|&&b| HEXDIG.allows(b)).count();
        if digits == 0 {
            return Err(1);
        }
        let dot = 1 + digits;
        if s.get(dot) != Some(&b'.') {
            return Err(dot);
        }
        let tail = s
            .iter()
            .skip(dot + 1)
            .take_while(|&&b| IPVFUTURE_TAIL.allows(b))
            .count();
        if tail == 0 {
            return Err(dot + 1);
        }
        Ok(dot + 1 + tail)
    })();
    work::add(match result {
        Ok(n) | Err(n) => n + 1,
    });
    result
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The reading of [`ipv6address`]'s doc as it was first written (split on "::", count the
    /// pieces on each side): the reference the forward reader is checked against.
    fn ipv6address_by_pieces(s: &[u8]) -> bool {
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

    #[test]
    fn forward_reader_agrees_with_the_pieces_reading() {
        // Every string of up to 7 symbols over an alphabet that builds (and breaks) addresses.
        let alphabet: [&[u8]; 6] = [b"1", b":", b".", b"ffff", b"255", b"g"];
        let mut strings: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..7 {
            let next: Vec<Vec<u8>> = strings
                .iter()
                .flat_map(|s| alphabet.iter().map(move |a| [s.as_slice(), a].concat()))
                .collect();
            for s in &next {
                assert_eq!(
                    ipv6address(s),
                    ipv6address_by_pieces(s),
                    "{}",
                    s.escape_ascii()
                );
            }
            strings = next;
        }
        for s in [
            &b"1:2:3:4:5:6:7::"[..],
            b"1:2:3:4:5:6:1.2.3.4",
            b"1:2:3:4:5::1.2.3.4",
        ] {
            assert!(ipv6address(s) && ipv6address_by_pieces(s));
        }
    }

    #[test]
    fn a_malformed_literal_is_rejected_within_40_bytes() {
        for unit in ["12:", "1:", "ffff:", "1::", "1.", "::1:"] {
            let s = unit.repeat(100_000);
            let (read, r) = work::count(|| ipv6address_prefix(s.as_bytes()));
            assert!(r.is_err() || r.is_ok_and(|e| e <= 40), "{unit}");
            assert!(read <= 41, "{unit}: read {read} bytes");
        }
    }

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
