//! Byte-class tables: one 256-entry table per character class, built at compile time.
//!
//! Each table is documented with the ABNF production it implements, copied from RFC 3986
//! Appendix A (sections 2.2, 2.3, 3.1, 3.2.1, 3.2.2, 3.3, 3.4, 3.5). A table also says whether the
//! class admits `pct-encoded` (section 2.1), which the scanners check as a three-byte unit.

/// A set of bytes, and whether `pct-encoded` triplets are allowed where the set applies.
///
/// # Examples
///
/// ```
/// use uri_spec::chars::{PCHAR, UNRESERVED};
///
/// assert!(UNRESERVED.allows(b'~'));
/// assert!(!UNRESERVED.allows(b'%'));
/// assert!(PCHAR.allows(b'@') && PCHAR.pct_encoded());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Table {
    set: [bool; 256],
    pct: bool,
}

impl Table {
    /// The empty set.
    pub const EMPTY: Table = Table {
        set: [false; 256],
        pct: false,
    };

    /// This set plus each of `bytes`.
    pub const fn with(mut self, bytes: &[u8]) -> Table {
        let mut i = 0;
        while i < bytes.len() {
            self.set[bytes[i] as usize] = true;
            i += 1;
        }
        self
    }

    /// This set plus the inclusive range `lo..=hi`.
    pub const fn with_range(mut self, lo: u8, hi: u8) -> Table {
        let mut b = lo as usize;
        while b <= hi as usize {
            self.set[b] = true;
            b += 1;
        }
        self
    }

    /// The union of this set and `other` (pct-encoding allowed if either allows it).
    pub const fn union(mut self, other: &Table) -> Table {
        let mut b = 0;
        while b < 256 {
            self.set[b] = self.set[b] || other.set[b];
            b += 1;
        }
        self.pct = self.pct || other.pct;
        self
    }

    /// This set, where `pct-encoded` triplets are also allowed.
    pub const fn with_pct_encoded(mut self) -> Table {
        self.pct = true;
        self
    }

    /// This set minus each of `bytes`.
    pub const fn without(mut self, bytes: &[u8]) -> Table {
        let mut i = 0;
        while i < bytes.len() {
            self.set[bytes[i] as usize] = false;
            i += 1;
        }
        self
    }

    /// Whether `b` is in the set (a `%` is in no set: see [`Table::pct_encoded`]).
    #[inline]
    pub const fn allows(&self, b: u8) -> bool {
        self.set[b as usize]
    }

    /// Whether `pct-encoded` triplets are allowed where this class applies.
    #[inline]
    pub const fn pct_encoded(&self) -> bool {
        self.pct
    }
}

/// `ALPHA = %x41-5A / %x61-7A ; A-Z / a-z` (RFC 2234, used by RFC 3986).
pub const ALPHA: Table = Table::EMPTY.with_range(b'A', b'Z').with_range(b'a', b'z');

/// `DIGIT = %x30-39 ; 0-9` (RFC 2234).
pub const DIGIT: Table = Table::EMPTY.with_range(b'0', b'9');

/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` (RFC 2234; ABNF strings are
/// case-insensitive, so `a`-`f` too).
pub const HEXDIG: Table = DIGIT.with_range(b'A', b'F').with_range(b'a', b'f');

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`: the bytes after the first.
pub const SCHEME: Table = ALPHA.union(&DIGIT).with(b"+-.");

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (section 2.3).
pub const UNRESERVED: Table = ALPHA.union(&DIGIT).with(b"-._~");

/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (section 2.2).
pub const GEN_DELIMS: Table = Table::EMPTY.with(b":/?#[]@");

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (section 2.2).
pub const SUB_DELIMS: Table = Table::EMPTY.with(b"!$&'()*+,;=");

/// `reserved = gen-delims / sub-delims` (section 2.2).
pub const RESERVED: Table = GEN_DELIMS.union(&SUB_DELIMS);

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (section 3.2.1).
pub const USERINFO: Table = UNRESERVED.union(&SUB_DELIMS).with(b":").with_pct_encoded();

/// `reg-name = *( unreserved / pct-encoded / sub-delims )` (section 3.2.2).
pub const REG_NAME: Table = UNRESERVED.union(&SUB_DELIMS).with_pct_encoded();

/// The tail of `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (section 3.2.2).
pub const IPVFUTURE_TAIL: Table = UNRESERVED.union(&SUB_DELIMS).with(b":");

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (section 3.3); with `/` it is
/// every byte a path may hold.
pub const PCHAR: Table = UNRESERVED.union(&SUB_DELIMS).with(b":@").with_pct_encoded();

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )` (section 3.3): a `pchar`
/// without `":"`, for the first segment of a relative-path reference.
pub const SEGMENT_NZ_NC: Table = PCHAR.without(b":");

/// `pchar / "/"`: the bytes of a path after its first segment (section 3.3).
pub const PATH: Table = PCHAR.with(b"/");

/// `query = *( pchar / "/" / "?" )` (section 3.4) and `fragment = *( pchar / "/" / "?" )`
/// (section 3.5).
pub const QUERY: Table = PCHAR.with(b"/?");

/// `fragment = *( pchar / "/" / "?" )` (section 3.5): the same class as [`QUERY`].
pub const FRAGMENT: Table = QUERY;

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks `table` over all 256 bytes against a predicate written from the ABNF.
    #[track_caller]
    fn check(table: &Table, expected: impl Fn(u8) -> bool) {
        for b in 0..=255u8 {
            assert_eq!(table.allows(b), expected(b), "byte {b:#04x}");
        }
    }

    fn sub_delim(b: u8) -> bool {
        b"!$&'()*+,;=".contains(&b)
    }

    fn unreserved(b: u8) -> bool {
        b.is_ascii_alphanumeric() || b"-._~".contains(&b)
    }

    #[test]
    fn every_class_over_all_bytes() {
        check(&ALPHA, |b| b.is_ascii_alphabetic());
        check(&DIGIT, |b| b.is_ascii_digit());
        check(&HEXDIG, |b| b.is_ascii_hexdigit());
        check(&SCHEME, |b| {
            b.is_ascii_alphanumeric() || b"+-.".contains(&b)
        });
        check(&UNRESERVED, unreserved);
        check(&RESERVED, |b| b":/?#[]@".contains(&b) || sub_delim(b));
        check(&USERINFO, |b| unreserved(b) || sub_delim(b) || b == b':');
        check(&REG_NAME, |b| unreserved(b) || sub_delim(b));
        check(&PCHAR, |b| {
            unreserved(b) || sub_delim(b) || b":@".contains(&b)
        });
        check(&SEGMENT_NZ_NC, |b| {
            unreserved(b) || sub_delim(b) || b == b'@'
        });
        check(&QUERY, |b| {
            unreserved(b) || sub_delim(b) || b":@/?".contains(&b)
        });
    }

    #[test]
    fn no_class_admits_a_percent_sign_or_non_ascii() {
        for t in [USERINFO, REG_NAME, PCHAR, PATH, QUERY, SCHEME, UNRESERVED] {
            assert!(!t.allows(b'%'));
            assert!((0x80..=0xff).all(|b| !t.allows(b)));
        }
    }

    #[test]
    fn unreserved_and_reserved_are_disjoint() {
        for b in 0..=255u8 {
            assert!(!(UNRESERVED.allows(b) && RESERVED.allows(b)), "{b:#04x}");
        }
    }
}
