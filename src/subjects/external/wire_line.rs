//! A response line of the usual shape read by hand (the protocol `uridiff-worker/1`,
//! `workers/README.md`, "Responses"): one answer is read for every parser-input of every
//! worker, and serde_json's derived reader spent about 5,050 instructions on a line
//! (callgrind, a 1,000-input report; the lines are 180 to 230 bytes), this reader 3,810.
//!
//! [`read`] takes the shapes the shipped workers write: an object whose members are `id`,
//! `outcome`, `components` (an object of strings and nulls), `serialization`, `value` (a string,
//! a boolean or null), `message`, `code`, `offset`, and other members whose value is a string,
//! a boolean or null; strings with or without escapes (RFC 8259, section 7); any JSON
//! whitespace between tokens (section 2). For anything else (a number that is not a plain
//! integer, a nested value it does not expect, `coverage`, a member given twice, an escaped
//! surrogate alone, a line that is not JSON) it answers `None` and the caller reads the line
//! with serde_json, whose answer (or error) is the reference: on every line `read` takes, it
//! gives the [`Response`] serde_json gives (the tests below check it on generated lines).
//!
//! [`write_request`] writes a request line, byte for byte as serde_json writes
//! [`Request`], for the same reason: a request is written for every parser-input.

use std::borrow::Cow;

use serde_json::Value;

use super::wire::{OutcomeName, Request, Response, Wire, WireComponents, WireText};
use crate::model::{CompactString, Component};

/// The response on `line`, when it has the usual shape; `None` to read it with serde_json.
pub(super) fn read(line: &str) -> Option<Response> {
    let mut r = Reader { text: line, at: 0 };
    let mut out = Response {
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
    // Which known members were given: serde's derived reader refuses one given twice.
    let mut seen = 0u8;
    r.skip_ws();
    r.eat(b'{')?;
    r.skip_ws();
    if r.peek()? != b'}' {
        loop {
            let key = r.string()?;
            r.skip_ws();
            r.eat(b':')?;
            r.skip_ws();
            let bit = match key.as_ref() {
                "id" => {
                    out.id = r.null_or(Reader::integer)?;
                    1
                }
                "outcome" => {
                    out.outcome = OutcomeName::of(&r.string()?);
                    2
                }
                "components" => {
                    out.components = r.null_or(Reader::components)?;
                    4
                }
                "serialization" => {
                    out.serialization = r.null_or(|r| {
                        Some(WireText::plain(Some(CompactString::new(&r.string()?))))
                    })?;
                    8
                }
                "value" => {
                    out.value = match r.peek()? {
                        b'"' => Some(Value::String(r.string()?.into_owned())),
                        _ => r.null_or(|r| r.boolean().map(Value::Bool))?,
                    };
                    16
                }
                "message" => {
                    out.message = r.null_or(|r| r.string().map(Cow::into_owned))?;
                    32
                }
                "code" => {
                    out.code = r.null_or(|r| r.string().map(Cow::into_owned))?;
                    64
                }
                "offset" => {
                    out.offset = r.null_or(|r| usize::try_from(r.integer()?).ok())?;
                    128
                }
                // Read from an array by serde: rare, and its own rules (`WireCoverage`).
                "coverage" => return None,
                // Another member (a note, say) is ignored, as serde's derived reader ignores it.
                _ => {
                    match r.peek()? {
                        b'"' => drop(r.string()?),
                        _ => drop(r.null_or(Reader::boolean)?),
                    }
                    0
                }
            };
            if seen & bit != 0 {
                return None;
            }
            seen |= bit;
            r.skip_ws();
            match r.next()? {
                b',' => r.skip_ws(),
                b'}' => break,
                _ => return None,
            }
        }
    } else {
        r.at += 1;
    }
    r.skip_ws();
    // Every response has an outcome; what follows the object can be only whitespace.
    (seen & 2 != 0 && r.at == r.text.len()).then_some(out)
}

/// Writes `request` as one line's JSON (without the newline), as serde_json writes it, byte
/// for byte: a request is written for every parser-input of every worker, and the bulk of it is
/// the input, copied here in runs between the bytes JSON escapes (RFC 8259, section 7).
pub(super) fn write_request(out: &mut Vec<u8>, request: &Request<'_>) {
    out.extend_from_slice(b"{\"id\":");
    write_u64(out, request.id);
    out.extend_from_slice(b",\"op\":");
    write_str(out, request.op);
    if let Some(base) = request.base {
        out.extend_from_slice(b",\"base\":");
        write_wire(out, base);
    }
    out.extend_from_slice(b",\"input\":");
    write_wire(out, request.input);
    if let Some(other) = request.other {
        out.extend_from_slice(b",\"other\":");
        write_wire(out, other);
    }
    if request.coverage {
        out.extend_from_slice(b",\"coverage\":true");
    }
    out.push(b'}');
}

/// A number's decimal digits.
fn write_u64(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// A byte string as [`Wire`] serializes it: a JSON string when UTF-8, else `{"b64": ...}`.
fn write_wire(out: &mut Vec<u8>, bytes: Wire<'_>) {
    match std::str::from_utf8(bytes.0) {
        Ok(text) => write_str(out, text),
        // Rare (an input that is not UTF-8): serde_json writes it as Wire says.
        Err(_) => {
            // Writing to a Vec cannot fail, and Wire's serialization has no error of its own.
            let _ = serde_json::to_writer(&mut *out, &bytes);
        }
    }
}

/// A JSON string as serde_json writes one: `"` and `\\` escaped with a backslash, the control
/// characters as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx` (lower-case hexadecimal), the rest
/// as it is.
fn write_str(out: &mut Vec<u8>, text: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    let mut rest = text.as_bytes();
    loop {
        let run = plain_len(rest);
        out.extend_from_slice(&rest[..run]);
        let Some((&b, after)) = rest[run..].split_first() else {
            break;
        };
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            0x0c => out.extend_from_slice(b"\\f"),
            b'\r' => out.extend_from_slice(b"\\r"),
            _ => out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 0xf)],
            ]),
        }
        rest = after;
    }
    out.push(b'"');
}

/// How many bytes of `s` come before its first quote, backslash or control character (all of
/// `s` when none): eight bytes a step, each tested in a word's lanes at once (a lane is flagged
/// where it is zero after the XOR with the byte sought, or below 0x20; the lowest flagged lane
/// is exact, the borrows only flag lanes above it), then the rest byte by byte.
fn plain_len(s: &[u8]) -> usize {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let lanes_zero = |x: u64| x.wrapping_sub(LOW) & !x & HIGH;
    let mut done = 0;
    for chunk in s.chunks_exact(8) {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        let x = u64::from_le_bytes(word);
        let found = lanes_zero(x ^ (LOW * u64::from(b'"')))
            | lanes_zero(x ^ (LOW * u64::from(b'\\')))
            | (x.wrapping_sub(LOW * 0x20) & !x & HIGH);
        if found != 0 {
            return done + (found.trailing_zeros() / 8) as usize;
        }
        done += 8;
    }
    done + s[done..]
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
        .unwrap_or(s.len() - done)
}

/// The line and how far it has been read.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    fn eat(&mut self, want: u8) -> Option<()> {
        (self.next()? == want).then_some(())
    }

    /// JSON's whitespace: space, tab, line feed, carriage return (RFC 8259, section 2).
    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    /// A string, borrowed from the line unless it has an escape (then decoded as RFC 8259,
    /// section 7, has it); a control character unescaped, an unknown escape or a surrogate
    /// escaped alone (which JSON forbids, or a `str` cannot hold) declines the line.
    fn string(&mut self) -> Option<Cow<'a, str>> {
        self.eat(b'"')?;
        let start = self.at;
        self.at = start + plain_len(self.text.as_bytes().get(start..)?);
        match self.peek()? {
            b'"' => {
                self.at += 1;
                // Both ends are ASCII quotes in a `str`: the slice is on character boundaries.
                self.text.get(start..self.at - 1).map(Cow::Borrowed)
            }
            b'\\' => self.escaped(start).map(Cow::Owned),
            _ => None,
        }
    }

    /// The rest of a string from its first escape (at `self.at`), its start at `start`.
    fn escaped(&mut self, start: usize) -> Option<String> {
        let bytes = self.text.as_bytes();
        let mut out = String::with_capacity(self.at - start + 16);
        out.push_str(self.text.get(start..self.at)?);
        loop {
            let run = self.at;
            self.at += plain_len(bytes.get(run..)?);
            out.push_str(self.text.get(run..self.at)?);
            match self.next()? {
                b'"' => return Some(out),
                b'\\' => {}
                _ => return None,
            }
            let c = match self.next()? {
                b'"' => '"',
                b'\\' => '\\',
                b'/' => '/',
                b'b' => '\u{8}',
                b'f' => '\u{c}',
                b'n' => '\n',
                b'r' => '\r',
                b't' => '\t',
                b'u' => {
                    let unit = self.hex4()?;
                    match unit {
                        0xD800..=0xDBFF => {
                            // A high surrogate stands only before an escaped low one.
                            self.eat(b'\\')?;
                            self.eat(b'u')?;
                            let low = self.hex4()?;
                            if !(0xDC00..=0xDFFF).contains(&low) {
                                return None;
                            }
                            let cp = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                            char::from_u32(cp)?
                        }
                        _ => char::from_u32(unit)?,
                    }
                }
                _ => return None,
            };
            out.push(c);
        }
    }

    /// Four hexadecimal digits of a `\u` escape.
    fn hex4(&mut self) -> Option<u32> {
        let digits = self.text.get(self.at..self.at + 4)?;
        self.at += 4;
        // from_str_radix takes a sign: only the sixteen digits are allowed here.
        digits
            .bytes()
            .all(|b| b.is_ascii_hexdigit())
            .then(|| u32::from_str_radix(digits, 16).ok())?
    }

    /// `null` (`None`), or what `read` reads; `None` from `read` declines the line.
    fn null_or<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.text.as_bytes()[self.at..].starts_with(b"null") {
            self.at += 4;
            return Some(None);
        }
        read(self).map(Some)
    }

    fn boolean(&mut self) -> Option<bool> {
        let rest = &self.text.as_bytes()[self.at..];
        if rest.starts_with(b"true") {
            self.at += 4;
            Some(true)
        } else if rest.starts_with(b"false") {
            self.at += 5;
            Some(false)
        } else {
            None
        }
    }

    /// A non-negative integer as JSON writes it (no leading zero) that fits a `u64`; a number
    /// of another form (a sign, a fraction, an exponent) is declined, serde's to judge.
    fn integer(&mut self) -> Option<u64> {
        let bytes = self.text.as_bytes();
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(d @ b'0'..=b'9') = bytes.get(self.at).copied() {
            n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
            self.at += 1;
        }
        let digits = self.at - start;
        if digits == 0 || (digits > 1 && bytes[start] == b'0') {
            return None;
        }
        match bytes.get(self.at) {
            Some(b'.' | b'e' | b'E') => None,
            _ => Some(n),
        }
    }

    /// A `components` object of strings and nulls, each key's component or the error naming an
    /// unknown one, a key given twice taken the last time (as `WireComponents` reads it).
    fn components(&mut self) -> Option<WireComponents> {
        self.eat(b'{')?;
        let mut entries: Vec<(Result<Component, String>, WireText)> =
            Vec::with_capacity(Component::ALL.len());
        self.skip_ws();
        if self.peek()? == b'}' {
            self.at += 1;
            return Some(WireComponents::of(entries));
        }
        loop {
            let key = self.string()?;
            let key: Result<Component, String> = key
                .as_ref()
                .parse()
                .map_err(|e: crate::model::UnknownComponent| e.to_string());
            self.skip_ws();
            self.eat(b':')?;
            self.skip_ws();
            let text = WireText::plain(self.null_or(|r| r.string().map(CompactString::new))?);
            match entries.iter_mut().find(|(k, _)| *k == key) {
                Some(entry) => entry.1 = text,
                None => entries.push((key, text)),
            }
            self.skip_ws();
            match self.next()? {
                b',' => self.skip_ws(),
                b'}' => return Some(WireComponents::of(entries)),
                _ => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What serde_json reads from the line, shown (the reference `read` must agree with).
    fn by_serde(line: &str) -> Result<String, String> {
        serde_json::from_str::<Response>(line)
            .map(|r| format!("{r:?}"))
            .map_err(|e| e.to_string())
    }

    fn by_hand(line: &str) -> Option<String> {
        read(line).map(|r| format!("{r:?}"))
    }

    /// `read` takes the line and agrees with serde_json.
    fn taken(line: &str) {
        let hand = by_hand(line).unwrap_or_else(|| panic!("declined: {line}"));
        assert_eq!(Ok(hand), by_serde(line), "{line}");
    }

    /// `read` declines the line, or agrees with serde_json where it takes it.
    fn agrees(line: &str) {
        if let Some(hand) = by_hand(line) {
            assert_eq!(Ok(hand), by_serde(line), "{line}");
        }
    }

    #[test]
    fn the_shipped_workers_shapes_are_read_as_serde_reads_them() {
        // Node.js's JSON.stringify (no spaces), Python's json (", " and ": "), a note, nulls,
        // a rejection, an unsupported answer, a resolution, an equivalence.
        taken(
            r#"{"id":7,"outcome":"accepted","components":{"scheme":"http","host":"a","port":null,"path":"/"},"serialization":"http://a/"}"#,
        );
        taken(
            r#"{"outcome": "accepted", "components": {"scheme": "", "path": "x"}, "serialization": "x", "note": "undefined reported as empty", "id": 12}"#,
        );
        taken(
            r#"{"id":3,"outcome":"rejected","message":"Invalid URL","code":"ERR_INVALID_URL","offset":null}"#,
        );
        taken(r#"{"id":3,"outcome":"rejected","message":"bad","code":null,"offset":17}"#);
        taken(r#"{"id":4,"outcome":"unsupported","message":"no"}"#);
        taken(r#"{"id":5,"outcome":"accepted","value":"http://a/b"}"#);
        taken(r#"{"id":6,"outcome":"accepted","value":true}"#);
        taken(r#"{"id":6,"outcome":"accepted","value":null,"extra":false}"#);
        taken(" {\t\"id\" :\r1 , \"outcome\":\"crashed\",\"message\":\"x\"}  ");
        taken(r#"{"id":null,"outcome":"error","message":"not JSON"}"#);
        taken(r#"{"id":0,"outcome":"surprise"}"#);
        taken(r#"{"id":1,"outcome":"accepted","components":{}}"#);
        taken(r#"{"id":1,"outcome":"accepted","components":null,"serialization":null}"#);
        // An unknown component, a component given twice, non-ASCII text.
        taken(r#"{"id":1,"outcome":"accepted","components":{"colour":"x","path":"a","path":"b"}}"#);
        taken(r#"{"id":1,"outcome":"accepted","components":{"host":"bücher.example"}}"#);
        // Escapes: each of JSON's, a pair of surrogates, a NUL, an escaped key.
        taken(r#"{"id":1,"outcome":"accepted","value":"a\"b\\c\/d\be\ff\ng\rh\ti"}"#);
        taken(r#"{"id":1,"outcome":"accepted","components":{"host":"\u00e9\ud83d\ude00\u0000x"}}"#);
        taken(r#"{"id":1,"outcome":"rejected","message":"bad URI: \"o://r@h\"","code":"E"}"#);
        taken(r#"{"i\u0064":1,"outcome":"accepted","components":{"\u0070ath":"\\p"}}"#);
    }

    #[test]
    fn what_it_does_not_read_is_left_to_serde() {
        for line in [
            r#"{"id":1,"outcome":"accepted","value":"\ud800"}"#,
            r#"{"id":1,"outcome":"accepted","value":"\udc00"}"#,
            r#"{"id":1,"outcome":"accepted","value":"\ud800\u0041"}"#,
            r#"{"id":1,"outcome":"accepted","value":"\x"}"#,
            r#"{"id":1,"outcome":"accepted","value":"\u12G4"}"#,
            r#"{"id":1,"outcome":"accepted","value":"\u+123"}"#,
            "{\"id\":1,\"outcome\":\"accepted\",\"value\":\"a\tb\"}",
            r#"{"id":1,"outcome":"accepted","components":{"path":{"b64":"/w=="}}}"#,
            r#"{"id":1,"outcome":"accepted","coverage":[1,2]}"#,
            r#"{"id":1,"id":2,"outcome":"accepted"}"#,
            r#"{"id":1.0,"outcome":"accepted"}"#,
            r#"{"id":01,"outcome":"accepted"}"#,
            r#"{"id":-1,"outcome":"accepted"}"#,
            r#"{"id":99999999999999999999,"outcome":"accepted"}"#,
            r#"{"id":1}"#,
            r#"{"id":1,"outcome":"accepted"} x"#,
            r#"{"id":1,"outcome":"accepted","note":[1]}"#,
            r#"{"id":1,"outcome":"accepted","note":5}"#,
            r#"{"id":1,"outcome":"accepted","#,
            "[]",
            "",
        ] {
            assert_eq!(by_hand(line), None, "{line}");
        }
    }

    #[test]
    fn plain_len_stops_at_the_first_quote_backslash_or_control_character() {
        let naive = |s: &[u8]| {
            s.iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                .unwrap_or(s.len())
        };
        let alphabet = [
            b'a', b'"', b'\\', 0x00, 0x1f, 0x20, 0x21, 0x7f, 0x80, 0xff, b'!', b'#',
        ];
        let mut g = Lines(7);
        for len in 0..40 {
            for _ in 0..300 {
                let s: Vec<u8> = (0..len)
                    .map(|_| {
                        // Mostly plain bytes, so that the stop falls anywhere in a word.
                        if g.below(6) == 0 {
                            alphabet[g.below(alphabet.len())]
                        } else {
                            b'a' + g.below(26) as u8
                        }
                    })
                    .collect();
                assert_eq!(plain_len(&s), naive(&s), "{s:?}");
            }
        }
    }

    #[test]
    fn a_request_is_written_as_serde_json_writes_it() {
        let mut g = Lines(11);
        let pieces: [&[u8]; 12] = [
            b"http://a/b?c#d",
            b"",
            b"\"",
            b"\\",
            b"\x00\x01\x08\t\n\x0b\x0c\r\x1f",
            b"\x7f",
            "é日本".as_bytes(),
            b"\xff\xfe",
            b"a\"b\\c",
            b" ",
            b"%41",
            b"/\\u0041",
        ];
        for _ in 0..5_000 {
            let text = |g: &mut Lines| -> Vec<u8> {
                (0..g.below(4))
                    .flat_map(|_| pieces[g.below(pieces.len())].to_vec())
                    .collect()
            };
            let (input, base, other) = (text(&mut g), text(&mut g), text(&mut g));
            let request = Request {
                id: [0, 1, 9, 10, 12_345, u64::MAX][g.below(6)],
                op: ["parse", "resolve", "normalize", "equivalent"][g.below(4)],
                base: (g.below(2) == 0).then_some(Wire(&base)),
                input: Wire(&input),
                other: (g.below(3) == 0).then_some(Wire(&other)),
                coverage: g.below(2) == 0,
            };
            let mut by_hand = Vec::new();
            write_request(&mut by_hand, &request);
            let by_serde = serde_json::to_vec(&request).expect("a request serializes");
            assert_eq!(
                String::from_utf8_lossy(&by_hand),
                String::from_utf8_lossy(&by_serde)
            );
        }
    }

    /// A small deterministic generator (xorshift): lines of the protocol's shapes, whitespace,
    /// orders and odd values mixed, then cut and changed byte by byte.
    struct Lines(u64);

    impl Lines {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
        fn pick<'s>(&mut self, from: &[&'s str]) -> &'s str {
            from[self.below(from.len())]
        }
        fn ws(&mut self) -> &'static str {
            self.pick(&["", "", "", " ", "\t", "\r\n ", "  "])
        }
        fn scalar(&mut self) -> &'static str {
            self.pick(&[
                r#""a""#,
                r#""""#,
                "null",
                "true",
                "false",
                "0",
                "7",
                "01",
                "-3",
                "1.5",
                "1e2",
                r#""x\ny""#,
                r#""é""#,
                "[1]",
                r#"{"b64":"AA=="}"#,
                "{}",
                "nul",
                r#""a\u00e9\n""#,
                r#""\ud83d\ude00""#,
                r#""\ud800""#,
                r#""\udc00x""#,
                r#""\/\b\f\r\t\"\\""#,
                r#""\u00""#,
                r#""\q""#,
                "18446744073709551615",
                "18446744073709551616",
            ])
        }
        fn line(&mut self) -> String {
            let mut members: Vec<String> = Vec::new();
            for _ in 0..self.below(7) {
                let key = self.pick(&[
                    "id",
                    "outcome",
                    "components",
                    "serialization",
                    "value",
                    "message",
                    "code",
                    "offset",
                    "note",
                    "coverage",
                    "i\\u0064",
                ]);
                let value = match (key, self.below(3)) {
                    ("outcome", 0 | 1) => {
                        format!("\"{}\"", self.pick(&["accepted", "rejected", "error", "x"]))
                    }
                    ("components", 0 | 1) => {
                        let mut inner = Vec::new();
                        for _ in 0..self.below(5) {
                            let c = self.pick(&["scheme", "host", "path", "port", "colour"]);
                            let (a, b) = (self.ws(), self.ws());
                            inner.push(format!("\"{c}\"{a}:{b}{}", self.scalar()));
                        }
                        format!("{{{}}}", inner.join(","))
                    }
                    _ => self.scalar().to_owned(),
                };
                let (a, b, c) = (self.ws(), self.ws(), self.ws());
                members.push(format!("{a}\"{key}\"{b}:{c}{value}"));
            }
            if self.below(2) == 0 {
                members.push("\"outcome\":\"accepted\"".to_owned());
            }
            let (a, b) = (self.ws(), self.ws());
            format!("{a}{{{}}}{b}", members.join(","))
        }
    }

    #[test]
    fn on_generated_lines_it_declines_or_agrees_with_serde() {
        let mut g = Lines(0x9E37_79B9_7F4A_7C15);
        let mut taken_count = 0;
        for _ in 0..20_000 {
            let line = g.line();
            agrees(&line);
            taken_count += usize::from(by_hand(&line).is_some());
            // The same line cut short, and with one byte changed to another of JSON's.
            let cut = g.below(line.len() + 1);
            if let Some(prefix) = line.get(..cut) {
                agrees(prefix);
            }
            let at = g.below(line.len().max(1));
            if line.is_char_boundary(at) && line.is_char_boundary((at + 1).min(line.len())) {
                let mut changed = line.clone();
                let with = g.pick(&["\"", ",", ":", "}", "{", " ", "n", "0", "\\"]);
                changed.replace_range(at..(at + 1).min(line.len()), with);
                agrees(&changed);
            }
        }
        // The generator is not only making lines read by serde.
        assert!(taken_count > 1_000, "only {taken_count} taken");
    }
}
