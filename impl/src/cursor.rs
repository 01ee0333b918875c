//! The forward cursor every walk of the input goes through: a byte slice and a position that
//! only moves forward, with the scans the grammars need (a run of one byte class with its
//! `pct-encoded` triplets, RFC 3986 section 2.1).
//!
//! A walk reads each byte once, left to right, and stops at the first byte that cannot
//! continue the rule being matched; so a parse costs time linear in the length of the prefix it
//! read, and an invalid input is rejected where it goes wrong, however long its tail.
//!
//! For the tests, [`work`] counts the bytes the cursor reads (a no-op outside `cfg(test)`), so
//! that linearity and early rejection are checked by counting, never by timing.

use core::ops::Range;

use crate::chars::{Table, HEXDIG};
use crate::error::{ParseError, ParseErrorKind};

/// A position in an input, moving only forward.
///
/// # Invariants
///
/// - `pos <= bytes.len()` at all times: every advance is by bytes already seen to exist.
/// - `pos` never decreases: a walk that needs to look again at a span it passed takes the
///   span as a slice ([`Cursor::slice`]), it never rewinds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `bytes`.
    #[inline]
    pub(crate) const fn new(bytes: &'a [u8]) -> Self {
        Cursor { bytes, pos: 0 }
    }

    /// The input.
    #[inline]
    pub(crate) const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The current position.
    #[inline]
    pub(crate) const fn pos(&self) -> usize {
        self.pos
    }

    /// The byte at the position, if any.
    #[inline]
    pub(crate) fn peek(&self) -> Option<u8> {
        work::add(1);
        self.bytes.get(self.pos).copied()
    }

    /// Whether the input continues with `prefix` at the position.
    #[inline]
    pub(crate) fn at(&self, prefix: &[u8]) -> bool {
        work::add(prefix.len());
        self.bytes
            .get(self.pos..)
            .is_some_and(|rest| rest.starts_with(prefix))
    }

    /// Moves past `n` bytes that the caller has just seen (with [`Cursor::peek`] or
    /// [`Cursor::at`]); never past the end.
    #[inline]
    pub(crate) fn advance(&mut self, n: usize) {
        debug_assert!(self.pos + n <= self.bytes.len(), "advance past the end");
        // INVARIANT: clamped to the length, so `pos <= bytes.len()` holds even on a caller's bug.
        self.pos = self.pos.saturating_add(n).min(self.bytes.len());
    }

    /// The bytes from `start` (a position this cursor has passed) to the position.
    #[inline]
    pub(crate) fn since(&self, start: usize) -> &'a [u8] {
        self.bytes.get(start..self.pos).unwrap_or_default()
    }

    /// Moves over a run of bytes of `table`, and of `pct-encoded` triplets where the table admits
    /// them, stopping at the first other byte or at the end.
    ///
    /// One byte at a time, read where it lies in the input (no slice of the rest is made), so
    /// that the loop has two exits only: a byte outside the class, and the end. Testing eight
    /// bytes a step (one bounds test per eight, as `httparse` does for its token classes)
    /// executed fewer instructions (835 against 907 per URI) but took 8% longer: each of the
    /// eight tests and the loop over the last few bytes is a branch of its own, and each was
    /// mispredicted in turn as runs end at varying offsets (`reports/callgrind.md` gives the
    /// counts).
    ///
    /// # Errors
    ///
    /// The offset of a `%` that is not followed by two `HEXDIG` (section 2.1), where the table
    /// admits triplets; the position is left on it.
    #[inline(always)]
    pub(crate) fn scan(&mut self, table: &Table) -> Result<(), usize> {
        let start = self.pos;
        let mut i = self.pos;
        let result = loop {
            // The bytes of the class, in one tight loop, read where they lie (no slice of the
            // rest is made); then what stopped it.
            let stop = loop {
                match self.bytes.get(i) {
                    // INVARIANT: the byte at `i` exists, so `i + 1 <= bytes.len()`.
                    Some(&b) if table.allows(b) => i += 1,
                    other => break other.copied(),
                }
            };
            match stop {
                Some(b'%') if table.pct_encoded() => {
                    match self.bytes.get(i + 1..i + 3) {
                        Some(&[h, l]) if HEXDIG.allows(h) && HEXDIG.allows(l) => {
                            // INVARIANT: the triplet's three bytes exist.
                            i += 3;
                        }
                        _ => break Err(i),
                    }
                }
                _ => break Ok(()),
            }
        };
        self.pos = i;
        work::add(i - start + 1);
        result
    }
}

/// The index of the first of `stops` in `input[from..to]`, or `to` (a range outside the input
/// holds none).
#[inline]
pub(crate) fn find_any(input: &[u8], from: usize, to: usize, stops: &[u8]) -> usize {
    let at = input
        .get(from..to)
        .and_then(|s| s.iter().position(|b| stops.contains(b)))
        .map_or(to, |i| from + i);
    work::add(at.saturating_sub(from) + 1);
    at
}

/// Inputs up to this many bytes are read as text before the walk ([`early_text`]); longer ones
/// after it, so that an input rejected early is never read to its end.
pub(crate) const EARLY_TEXT_MAX: usize = 512;

/// The input as text, read before the walk when it is at most [`EARLY_TEXT_MAX`] bytes long
/// (`None` otherwise, or when it is not UTF-8; [`checked_text`] then decides after the walk).
///
/// Why before: `str::from_utf8` reads the input in long independent loads, so every cache line
/// of it is requested at once; the walk that follows finds them in the L1 cache. Read after the
/// walk, the text's lines come in one at a time, each when the walk first reaches a byte of it,
/// and a walk whose branches wait on that byte and then mispredict cannot run ahead to request
/// the next line: on a corpus scattered through memory (`uridiff bench`'s, allocated with
/// mimalloc among the generator's temporaries) the walk took about a third longer than on the
/// same URIs laid end to end. The cost is bounded: a rejected input of at most 512 bytes has its
/// text checked in vain, which is the same work a valid one does.
#[inline]
pub(crate) fn early_text(input: &[u8]) -> Option<&str> {
    if input.len() <= EARLY_TEXT_MAX {
        core::str::from_utf8(input).ok()
    } else {
        None
    }
}

/// The input of a parse that succeeded, as text. Every byte a rule of any edition admits is
/// ASCII, so a valid input is UTF-8 and every component range falls on a character boundary;
/// the error is for an input no rule checked (an internal bug, reported, never a panic).
#[inline]
pub(crate) fn checked_text<'a>(input: &'a [u8], rule: &'static str) -> Result<&'a str, ParseError> {
    core::str::from_utf8(input).map_err(|e| not_text(input, e.valid_up_to(), rule))
}

/// The error of [`checked_text`], out of line: it is never reached for a valid input, so the
/// inlined success path carries none of its code.
#[cold]
#[inline(never)]
fn not_text(input: &[u8], valid_up_to: usize, rule: &'static str) -> ParseError {
    let byte = input.get(valid_up_to).copied().unwrap_or(0);
    ParseError::new(valid_up_to, ParseErrorKind::UnexpectedByte { byte }, rule)
}

/// Checks that every byte of `input[range]` is in `table`, or starts a `pct-encoded` triplet
/// where the table allows one (section 2.1), naming the escape rule as the edition does
/// (`pct-encoded`, 1994's `escape`).
pub(crate) fn check_bytes(
    input: &[u8],
    range: Range<usize>,
    table: &Table,
    rule: &'static str,
    escape_rule: &'static str,
) -> Result<(), ParseError> {
    let start = range.start;
    let bytes = input.get(range).unwrap_or_default();
    work::add(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if table.allows(b) {
            // INVARIANT: `i` stays within `bytes`; one byte consumed.
            i += 1;
        } else if b == b'%' && table.pct_encoded() {
            match bytes.get(i + 1..i + 3) {
                Some(&[h, l]) if HEXDIG.allows(h) && HEXDIG.allows(l) => i += 3,
                _ => {
                    return Err(ParseError::new(
                        start + i,
                        ParseErrorKind::PctEncoded,
                        escape_rule,
                    ))
                }
            }
        } else {
            return Err(ParseError::new(
                start + i,
                ParseErrorKind::UnexpectedByte { byte: b },
                rule,
            ));
        }
    }
    Ok(())
}

/// Counting the bytes a walk reads, for the tests of linearity and early rejection.
///
/// Outside `cfg(test)` every function here is an empty inline function.
pub(crate) mod work {
    #[cfg(test)]
    thread_local! {
        static READ: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    }

    /// Records that `n` bytes were read.
    #[inline(always)]
    pub(crate) fn add(n: usize) {
        #[cfg(test)]
        READ.with(|r| r.set(r.get().saturating_add(n)));
        #[cfg(not(test))]
        let _ = n;
    }

    /// The bytes read on this thread while `f` ran, and its result.
    #[cfg(test)]
    pub(crate) fn count<T>(f: impl FnOnce() -> T) -> (usize, T) {
        let before = READ.with(|r| r.get());
        let out = f();
        (READ.with(|r| r.get()) - before, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chars::PATH;

    #[test]
    fn scan_stops_at_the_first_byte_outside_the_class() {
        let mut c = Cursor::new(b"/a%41b?q");
        assert_eq!(c.scan(&PATH), Ok(()));
        assert_eq!((c.pos(), c.peek()), (6, Some(b'?')));
        let mut c = Cursor::new(b"/a%4");
        assert_eq!(c.scan(&PATH), Err(2));
        assert_eq!(c.pos(), 2);
    }

    /// A scan stops at the first byte outside the class, for every length from 0 to 20, every
    /// position of that byte (or none) and every start, triplets included.
    #[test]
    fn scan_stops_where_a_byte_at_a_time_reading_does() {
        for len in 0..=20 {
            for bad in 0..=len {
                for from in 0..=bad {
                    let mut bytes = vec![b'a'; len];
                    if let Some(b) = bytes.get_mut(bad) {
                        *b = b'?';
                    }
                    if from + 3 < bad {
                        bytes.splice(from + 1..from + 4, *b"%4F");
                    }
                    let mut c = Cursor::new(&bytes);
                    c.advance(from);
                    assert_eq!(c.scan(&PATH), Ok(()), "length {len}, '?' at {bad}");
                    assert_eq!(c.pos(), bad, "length {len}, '?' at {bad}, from {from}");
                }
            }
        }
    }

    #[test]
    fn only_short_inputs_are_read_as_text_before_the_walk() {
        let short = "a".repeat(EARLY_TEXT_MAX);
        assert_eq!(early_text(short.as_bytes()), Some(short.as_str()));
        assert_eq!(early_text(&[b'a'; EARLY_TEXT_MAX + 1]), None);
        assert_eq!(early_text(b"http://a/\xff"), None);
        // A short input that is not text still fails where the walk stops, not at the text.
        let e = crate::parse(b"http://a/b\xff/c").unwrap_err();
        assert_eq!(
            (e.index(), e.kind()),
            (10, ParseErrorKind::UnexpectedByte { byte: 0xff })
        );
    }

    #[test]
    fn advance_never_passes_the_end() {
        let mut c = Cursor::new(b"ab");
        c.advance(2);
        assert_eq!((c.pos(), c.peek(), c.since(0)), (2, None, &b"ab"[..]));
    }

    #[test]
    fn scanning_reads_each_byte_once() {
        let input = "a".repeat(1000);
        let (read, ()) = work::count(|| {
            let mut c = Cursor::new(input.as_bytes());
            c.scan(&PATH).unwrap();
        });
        assert_eq!(read, 1001);
    }
}
