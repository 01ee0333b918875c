//! A response line read by hand, for the shapes nearly every answer has (`workers/README.md`,
//! "Responses"; RFC 8259 for the JSON): one object whose keys are the response's, each once,
//! with strings, `null`, booleans and unsigned integers as values. It reads the same
//! [`Response`] that serde_json reads from such a line, without serde's visitors and the
//! allocations they make; anything else (a `{"b64": ...}` byte string, a coverage list, a
//! number with a fraction, a nested value under an unknown key, a lone surrogate, a key given
//! twice, any syntax error) is `None`, and the caller reads the line with serde_json, the
//! reader of record, whose answer or error then stands.

use serde_json::Value;

use super::{OutcomeName, Response, WireComponents, WireText};
use crate::model::{Component, UnknownComponent};

/// The response on `line`, or `None` where serde_json must read it (see the module's doc).
pub(in crate::subjects::external) fn read(line: &[u8]) -> Option<Response> {
    // The line is checked as UTF-8 once (serde_json refuses a string that is not, and bytes
    // outside strings are not JSON), then every string is a slice of it.
    let line = std::str::from_utf8(line).ok()?;
    let mut c = Cursor {
        s: line,
        b: line.as_bytes(),
        at: 0,
    };
    c.expect(b'{')?;
    let mut r = Response {
        id: None,
        outcome: OutcomeName::Error,
        components: None,
        serialization: None,
        value: None,
        message: None,
        code: None,
        offset: None,
        coverage: None,
    };
    let (mut seen, mut outcome) = (0u16, false);
    if c.peek()? == b'}' {
        // No `outcome`: serde_json says so.
        return None;
    }
    loop {
        let key = c.plain()?;
        c.expect(b':')?;
        let bit = match key {
            "id" => {
                r.id = c.nullable(Cursor::unsigned)?;
                1
            }
            "outcome" => {
                r.outcome = match c.plain()? {
                    "accepted" => OutcomeName::Accepted,
                    "rejected" => OutcomeName::Rejected,
                    "unsupported" => OutcomeName::Unsupported,
                    "crashed" => OutcomeName::Crashed,
                    "error" => OutcomeName::Error,
                    other => OutcomeName::Other(other.to_owned()),
                };
                outcome = true;
                2
            }
            "components" => {
                r.components = c.nullable(Cursor::components)?;
                4
            }
            "serialization" => {
                r.serialization = c.nullable(|c| Some(WireText(Ok(Some(c.string()?)))))?;
                8
            }
            "value" => {
                r.value = c.nullable(|c| match c.peek()? {
                    b'"' => Some(Value::String(c.string()?)),
                    _ => c.boolean().map(Value::Bool),
                })?;
                16
            }
            "message" => {
                r.message = c.nullable(Cursor::string)?;
                32
            }
            "code" => {
                r.code = c.nullable(Cursor::string)?;
                64
            }
            "offset" => {
                r.offset = c.nullable(|c| usize::try_from(c.unsigned()?).ok())?;
                128
            }
            // A coverage list is read by its own rules (`WireCoverage`).
            "coverage" => return None,
            // An unknown key is ignored, as serde ignores it; its value is read over.
            _ => {
                c.scalar()?;
                0
            }
        };
        if seen & bit != 0 {
            // A key given twice: serde_json's "duplicate field".
            return None;
        }
        seen |= bit;
        match c.next()? {
            b',' => {}
            b'}' => break,
            _ => return None,
        }
    }
    c.skip_space();
    (outcome && c.at == c.b.len()).then_some(r)
}

/// Where a string's text stops: the first `"` or `\\` of `rest`; `None` when a control
/// character comes first (RFC 8259, section 7: they must be escaped) or neither comes. A plain
/// loop: a response's strings are a few bytes long, shorter than what `memchr` pays to start.
fn stop(rest: &[u8]) -> Option<usize> {
    let at = rest
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)?;
    (rest[at] >= 0x20).then_some(at)
}

/// A position in the line.
struct Cursor<'a> {
    s: &'a str,
    b: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    /// Skips JSON's whitespace (RFC 8259, section 2).
    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.at) {
            self.at += 1;
        }
    }

    /// The next byte after whitespace, not taken.
    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.b.get(self.at).copied()
    }

    /// The next byte after whitespace, taken.
    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    fn expect(&mut self, want: u8) -> Option<()> {
        (self.next()? == want).then_some(())
    }

    fn word(&mut self, word: &[u8]) -> Option<()> {
        self.skip_space();
        let found = self.b.get(self.at..self.at + word.len())? == word;
        self.at += word.len();
        found.then_some(())
    }

    /// `null` as `None`, anything else read by `read` as `Some`.
    fn nullable<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.peek()? == b'n' {
            self.word(b"null")?;
            return Some(None);
        }
        read(self).map(Some)
    }

    fn boolean(&mut self) -> Option<bool> {
        match self.peek()? {
            b't' => self.word(b"true").map(|()| true),
            b'f' => self.word(b"false").map(|()| false),
            _ => None,
        }
    }

    /// An unsigned integer without fraction or exponent, no leading zero, within `u64`.
    fn unsigned(&mut self) -> Option<u64> {
        self.skip_space();
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(&d @ b'0'..=b'9') = self.b.get(self.at) {
            n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
            self.at += 1;
        }
        let digits = self.at - start;
        let leading_zero = digits > 1 && self.b[start] == b'0';
        let more = matches!(self.b.get(self.at), Some(b'.' | b'e' | b'E'));
        (digits > 0 && !leading_zero && !more).then_some(n)
    }

    /// A value under an unknown key: a string, `null`, a boolean or an unsigned integer.
    fn scalar(&mut self) -> Option<()> {
        match self.peek()? {
            b'"' => self.string().map(drop),
            b'n' => self.word(b"null"),
            b't' | b'f' => self.boolean().map(drop),
            _ => self.unsigned().map(drop),
        }
    }

    /// A string without escapes, borrowed from the line (a key, an outcome's name); `None`
    /// for one with an escape or a control character.
    fn plain(&mut self) -> Option<&'a str> {
        self.expect(b'"')?;
        let rest = &self.b[self.at..];
        let end = stop(rest)?;
        if rest[end] != b'"' {
            return None;
        }
        let text = &self.s[self.at..self.at + end];
        self.at += end + 1;
        Some(text)
    }

    /// A string, its escapes decoded (RFC 8259, section 7); `None` for a control character,
    /// an unknown escape or a surrogate not in a pair, which serde_json refuses.
    fn string(&mut self) -> Option<String> {
        self.expect(b'"')?;
        // Most strings have no escape: one allocation of their length.
        let rest = &self.b[self.at..];
        let end = stop(rest)?;
        if rest[end] == b'"' {
            let text = self.s[self.at..self.at + end].to_owned();
            self.at += end + 1;
            return Some(text);
        }
        let mut out = String::with_capacity(end + 16);
        loop {
            let rest = &self.b[self.at..];
            let end = stop(rest)?;
            out.push_str(&self.s[self.at..self.at + end]);
            self.at += end + 1;
            if rest[end] == b'"' {
                return Some(out);
            }
            let escape = *self.b.get(self.at)?;
            self.at += 1;
            out.push(match escape {
                b'"' => '"',
                b'\\' => '\\',
                b'/' => '/',
                b'b' => '\u{8}',
                b'f' => '\u{c}',
                b'n' => '\n',
                b'r' => '\r',
                b't' => '\t',
                b'u' => match self.hex4()? {
                    high @ 0xD800..=0xDBFF => {
                        if self.b.get(self.at..self.at + 2)? != b"\\u" {
                            return None;
                        }
                        self.at += 2;
                        let low = self.hex4()?;
                        if !(0xDC00..=0xDFFF).contains(&low) {
                            return None;
                        }
                        char::from_u32(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))?
                    }
                    0xDC00..=0xDFFF => return None,
                    unit => char::from_u32(unit)?,
                },
                _ => return None,
            });
        }
    }

    /// Four hex digits of a `\u` escape.
    fn hex4(&mut self) -> Option<u32> {
        let digits = self.b.get(self.at..self.at + 4)?;
        if !digits.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        let text = &self.s[self.at..self.at + 4];
        self.at += 4;
        u32::from_str_radix(text, 16).ok()
    }

    /// A `components` object: each key's component (or the error naming an unknown one) and
    /// its text, a key given twice taken the last time, as `WireComponents` reads it.
    fn components(&mut self) -> Option<WireComponents> {
        self.expect(b'{')?;
        let mut entries: Vec<(Result<Component, String>, WireText)> = Vec::with_capacity(9);
        if self.peek()? == b'}' {
            self.at += 1;
            return Some(WireComponents(Some(entries)));
        }
        loop {
            let name = self.plain()?;
            let key = name.parse().map_err(|e: UnknownComponent| e.to_string());
            self.expect(b':')?;
            let text = WireText(Ok(self.nullable(Cursor::string)?));
            match entries.iter_mut().find(|(k, _)| *k == key) {
                Some(entry) => entry.1 = text,
                None => entries.push((key, text)),
            }
            match self.next()? {
                b',' => {}
                b'}' => return Some(WireComponents(Some(entries))),
                _ => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand reader's response, or `None`, and serde_json's, both as their `Debug` text.
    fn both(line: &str) -> (Option<String>, String) {
        let quick = read(line.as_bytes()).map(|r| format!("{r:?}"));
        let serde = match serde_json::from_str::<Response>(line) {
            Ok(r) => format!("{r:?}"),
            Err(e) => format!("error: {e}"),
        };
        (quick, serde)
    }

    #[test]
    fn what_it_reads_is_what_serde_json_reads() {
        let read_by_hand = [
            r#"{"id":1,"outcome":"accepted","components":{"scheme":"http","userinfo":null,"host":"a","port":null,"path":"/b","query":"c","fragment":"d"},"serialization":"http://a/b?c#d"}"#,
            r#"{"outcome": "accepted", "components": {"scheme": "", "host": null, "path": "%25zz"}, "serialization": "%25zz", "note": "undefined reported as empty", "id": 3}"#,
            r#"{"id":2,"outcome":"accepted","value":"http://a/g"}"#,
            r#"{"id":2,"outcome":"accepted","value":true}"#,
            r#"{"id":3,"outcome":"rejected","message":"parseURL returned failure","code":"failure","offset":null}"#,
            r#"{"id":3,"outcome":"rejected","message":"bad","offset":17,"extra":false,"n":12}"#,
            r#"{"id":4,"outcome":"unsupported","message":"no such op"}"#,
            r#"{"id":5,"outcome":"crashed","message":"TypeError"}"#,
            r#"{"id":6,"outcome":"sideways"}"#,
            r#"{"id":null,"outcome":"accepted","components":{}}"#,
            r#" { "id" : 7 , "outcome" : "accepted" , "components" : { "path" : "a" , "path" : "b" } } "#,
            r#"{"id":8,"outcome":"accepted","components":{"hostname":"a","scheme":"h"}}"#,
            r#"{"id":9,"outcome":"accepted","components":{"path":"\"\\\/\b\f\n\r\t\u00e9\u20ac\ud83d\ude00"}}"#,
            r#"{"id":10,"outcome":"accepted","components":{"path":"é€"},"serialization":null}"#,
            r#"{"id":18446744073709551615,"outcome":"accepted","value":null}"#,
        ];
        for line in read_by_hand {
            let (quick, serde) = both(line);
            assert_eq!(quick.as_deref(), Some(serde.as_str()), "{line}");
        }
        // Left to serde_json: whatever it reads or refuses, the hand reader does not guess.
        let left = [
            r#"{"id":1,"outcome":"accepted","components":{"path":{"b64":"/w=="}}}"#,
            r#"{"id":1,"outcome":"accepted","value":"x","coverage":[1,2]}"#,
            r#"{"id":1,"outcome":"accepted","value":"x","id":2}"#,
            r#"{"id":1.0,"outcome":"accepted"}"#,
            r#"{"id":01,"outcome":"accepted"}"#,
            r#"{"id":-1,"outcome":"accepted"}"#,
            r#"{"id":18446744073709551616,"outcome":"accepted"}"#,
            r#"{"id":1,"outcome":"accepted","components":{"path":"\ud800"}}"#,
            r#"{"id":1,"outcome":"accepted","components":{"path":"\udc00x"}}"#,
            r#"{"id":1,"outcome":"accepted","components":{"path":"\x"}}"#,
            "{\"id\":1,\"outcome\":\"accepted\",\"message\":\"a\tb\"}",
            r#"{"id":1,"outcome":"accepted","note":[1]}"#,
            r#"{"id":1}"#,
            r#"{}"#,
            r#"{"id":1,"outcome":"accepted"} x"#,
            r#"{"id":1,"outcome":"accepted",}"#,
            r#"{"id":1,"outcome":"accepted""#,
            r#"[1]"#,
            r#"{"id":1,"outcome":"accepted","components":"path"}"#,
            r#"{"id":1,"outcome":"accepted","value":7}"#,
        ];
        for line in left {
            assert_eq!(both(line).0, None, "{line}");
        }
        // Bytes that are not UTF-8 in a string: serde_json refuses them, and so does the hand
        // reader.
        let mut bad = br#"{"id":1,"outcome":"accepted","value":""#.to_vec();
        bad.extend_from_slice(b"\xff\"}");
        assert!(read(&bad).is_none());
        assert!(serde_json::from_slice::<Response>(&bad).is_err());
    }
}
