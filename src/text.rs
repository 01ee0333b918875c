//! Text helpers at the bottom of the house, for every layer that shows bytes to people or to
//! a shell: [`show`] (bytes for a terminal or a page, every invisible character escaped),
//! [`sh_quote`], [`shell_word`] and [`printf_word`] (one shell word that reads back as exactly
//! the bytes: POSIX sh 2.2.2 single quotes, POSIX.1-2024 dollar-single-quotes, XCU `printf`),
//! and [`literal`] (a string literal of each language a reproduce line is written in).
//!
//! Nothing here knows a parser, a class or a report: the reproduce lines, the gate's messages and
//! the writers all build on these.

/// Text for people: bytes shown with every control character, invisible or space-like character
/// (other than the ASCII space), non-UTF-8 byte and backslash escaped, so nothing reaches a
/// terminal or a page raw. Bidirectional overrides and zero-width characters are escaped too: on
/// a page they would reorder or hide the very bytes a URL-confusion report is about.
///
/// ```
/// assert_eq!(uridiff::text::show(b"a\tb\xff\\\x1b"), "a\\tb\\xff\\\\\\x1b");
/// assert_eq!(uridiff::text::show("a\u{202e}b\u{200b}c d".as_bytes()), "a\\u{202e}b\\u{200b}c d");
/// ```
pub fn show(b: &[u8]) -> String {
    let mut out = String::with_capacity(b.len());
    for chunk in b.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                // An ASCII control as the byte it is (`\x1b`), like a byte that is not UTF-8;
                // other controls and invisible characters by their code point.
                c if c.is_ascii_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
                c if c.is_control() || invisible(c) => {
                    out.push_str(&format!("\\u{{{:x}}}", c as u32));
                }
                c => out.push(c),
            }
        }
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

/// A value for people between double quotes: [`show`]'s escapes, and a `"` inside as `\"`, so
/// that the quotes say where the value starts and ends (an empty one, spaces at its ends) and the
/// value is escaped once. Quoting the shown text again as a Rust string (`{:?}`) would double
/// every backslash: a host that is one backslash would read as four.
///
/// ```
/// use uridiff::text::quoted;
/// assert_eq!(quoted(b"\\"), "\"\\\\\"");
/// assert_eq!(quoted(b"a\tb"), "\"a\\tb\"");
/// assert_eq!(quoted(b"say \"hi\""), "\"say \\\"hi\\\"\"");
/// assert_eq!(quoted(b""), "\"\"");
/// ```
pub fn quoted(b: &[u8]) -> String {
    let shown = show(b);
    let mut out = String::with_capacity(shown.len() + 2);
    out.push('"');
    for c in shown.chars() {
        if c == '"' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Characters that show as nothing, as a space, or that reorder the text around them: Unicode's
/// format characters (bidirectional controls, zero-width characters, the byte order mark, tags),
/// its non-ASCII spaces, and the fillers and variation selectors that render as blank.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{a0}'
            | '\u{ad}'
            | '\u{34f}'
            | '\u{61c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{1680}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{2000}'..='\u{200f}'
            | '\u{2028}'..='\u{202f}'
            | '\u{205f}'..='\u{206f}'
            | '\u{3000}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fffb}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e0fff}'
    )
}

/// `s` as one shell word: single quotes, a quote inside written `'\''` (POSIX sh, 2.2.2: "A
/// single-quote cannot occur within single-quotes").
///
/// ```
/// use uridiff::text::sh_quote;
/// assert_eq!(sh_quote("it's"), r"'it'\''s'");
/// ```
pub fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// `bytes` as one shell word that reads back as exactly these bytes and is safe to print on a
/// terminal: [`sh_quote`]'s single quotes when every character shows as itself (what
/// [`crate::text::show`] leaves as it is), else ANSI-C quotes, `$'...'` (bash, zsh, ksh;
/// POSIX.1-2024 sh, 2.2.4 "Dollar-Single-Quotes"), where `\\` and `\'` stand for a backslash and
/// a quote, and every control character, invisible character and byte that is not UTF-8 is
/// written `\xNN`, byte by byte (a tab, a line feed and a carriage return as `\t`, `\n`, `\r`).
///
/// ```
/// use uridiff::text::shell_word;
/// assert_eq!(shell_word(b"http:\\a"), r"'http:\a'");
/// assert_eq!(shell_word(b"a\x1bb\\'\xff"), r"$'a\x1bb\\\'\xff'");
/// assert_eq!(shell_word("a\u{202e}b".as_bytes()), r"$'a\xe2\x80\xaeb'");
/// ```
pub fn shell_word(bytes: &[u8]) -> String {
    if let Ok(text) = std::str::from_utf8(bytes)
        && text.chars().all(shows_as_itself)
    {
        return sh_quote(text);
    }
    let mut out = String::from("$'");
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\'' => out.push_str("\\'"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                c if shows_as_itself(c) => out.push(c),
                c => {
                    // At most two hex digits follow `\x` in `$'...'`, so a hex digit after an
                    // escape is never read into it (unlike C's `\x`).
                    for b in c.encode_utf8(&mut [0; 4]).bytes() {
                        out.push_str(&format!("\\x{b:02x}"));
                    }
                }
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out.push('\'');
    out
}

/// `bytes` as a format for POSIX `printf` (XCU "printf": `\ddd` is the byte of octal value
/// `ddd`, `%%` a percent sign), single-quoted: `printf` writes exactly these bytes in any POSIX
/// shell, where `$'...'` ([`shell_word`]) needs one of POSIX.1-2024 (dash 0.5.12, Debian's
/// `sh`, reads it as a dollar sign and a quoted word). Printable ASCII stands for itself; a
/// quote, every other byte, a backslash and a leading `-` (else read as an option) are escaped
/// (three octal digits each, so a digit after one is never read into it).
///
/// ```
/// use uridiff::text::printf_word;
/// assert_eq!(printf_word(b"a'%\\\n\xff1"), r"'a\047%%\\\012\3771'");
/// assert_eq!(printf_word(b"-x-"), r"'\055x-'");
/// ```
#[must_use]
pub fn printf_word(bytes: &[u8]) -> String {
    let mut out = String::from("'");
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            // A format starting with `-` would be read as an option.
            b'-' if i == 0 => out.push_str("\\055"),
            b'%' => out.push_str("%%"),
            b'\\' => out.push_str("\\\\"),
            b'\'' => out.push_str("\\047"),
            0x20..=0x7e => out.push(char::from(b)),
            _ => out.push_str(&format!("\\{b:03o}")),
        }
    }
    out.push('\'');
    out
}

/// Whether `c` reaches a terminal as itself: what [`crate::text::show`] does not escape, the
/// backslash aside (which it doubles so its own escapes stay unambiguous).
fn shows_as_itself(c: char) -> bool {
    c == '\\' || crate::text::show(c.encode_utf8(&mut [0; 4]).as_bytes()).starts_with(c)
}

/// A language whose string literals [`literal`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Python 3: a `str` for UTF-8, else a `bytes` literal (`b"\xff"`).
    Python,
    /// JavaScript (Node.js): text only.
    Js,
    /// Java: text only; every non-ASCII character as `\uXXXX` (the source's encoding is the
    /// platform's), controls in octal (a `\u000a` would end the line before lexing).
    Java,
    /// Go: strings hold bytes; `\xNN`.
    Go,
    /// PHP, in double quotes: bytes; `\xNN`, and `$` escaped.
    Php,
    /// Ruby, in double quotes: `\xNN`, `#` escaped; `.b` (binary) where not UTF-8.
    Ruby,
    /// Perl, in double quotes, without `use utf8`: bytes; `\xNN`, `$` and `@` escaped.
    Perl,
    /// C: bytes; octal escapes (a hex escape in C runs on over every hex digit after it).
    C,
    /// Rust: a `&str` literal for UTF-8, else `None` (see [`rust_bytes`] for byte literals).
    Rust,
}

/// `input` as a string literal of `lang`, escaped so that the literal holds exactly these
/// bytes; `None` when `lang` takes only text and `input` is not UTF-8.
///
/// ```
/// use uridiff::text::{literal, Lang};
/// assert_eq!(literal(Lang::Go, b"a\"\\\n\xff").unwrap(), r#""a\"\\\x0a\xff""#);
/// assert_eq!(literal(Lang::Python, b"\xff").unwrap(), r#"b"\xff""#);
/// assert_eq!(literal(Lang::Js, b"\xff"), None);
/// ```
pub fn literal(lang: Lang, input: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(input).ok();
    let mut out = String::from("\"");
    match lang {
        Lang::Rust => return text.map(|t| format!("{t:?}")),
        Lang::Js | Lang::Java | Lang::Python if text.is_some() => {
            for c in text.unwrap_or_default().chars() {
                match c {
                    '"' | '\\' => {
                        out.push('\\');
                        out.push(c);
                    }
                    c if lang == Lang::Java && (c.is_control() || !c.is_ascii()) => {
                        if c.is_ascii() {
                            out.push_str(&format!("\\{:03o}", c as u32));
                        } else {
                            let mut units = [0; 2];
                            for unit in c.encode_utf16(&mut units) {
                                out.push_str(&format!("\\u{unit:04x}"));
                            }
                        }
                    }
                    c if c.is_control() && (c as u32) < 0x100 => {
                        out.push_str(&format!("\\x{:02x}", c as u32));
                    }
                    c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
                    c => out.push(c),
                }
            }
        }
        Lang::Js | Lang::Java => return None,
        Lang::Python => {
            out.insert(0, 'b');
            bytes_into(&mut out, input, b"\"\\", |b| format!("\\x{b:02x}"));
        }
        Lang::Go => bytes_into(&mut out, input, b"\"\\", |b| format!("\\x{b:02x}")),
        Lang::Php => bytes_into(&mut out, input, b"\"\\$", |b| format!("\\x{b:02x}")),
        Lang::Perl => bytes_into(&mut out, input, b"\"\\$@", |b| format!("\\x{b:02x}")),
        Lang::Ruby => bytes_into(&mut out, input, b"\"\\#", |b| format!("\\x{b:02x}")),
        Lang::C => bytes_into(&mut out, input, b"\"\\?", |b| format!("\\{b:03o}")),
    }
    out.push('"');
    if lang == Lang::Ruby && text.is_none() {
        // The worker hands Ruby such bytes as a binary string.
        out.push_str(".b");
    }
    Some(out)
}

/// Appends `input`: printable ASCII as is (a byte of `special` after a backslash), any other
/// byte by `escape`.
fn bytes_into(out: &mut String, input: &[u8], special: &[u8], escape: impl Fn(u8) -> String) {
    for &b in input {
        if special.contains(&b) {
            out.push('\\');
            out.push(char::from(b));
        } else if b.is_ascii_graphic() || b == b' ' {
            out.push(char::from(b));
        } else {
            out.push_str(&escape(b));
        }
    }
}

/// `input` as a Rust byte-string literal (`b"..."`), for the crates that take bytes.
///
/// ```
/// assert_eq!(uridiff::text::rust_bytes(b"a\xff\""), r#"b"a\xff\"""#);
/// ```
pub fn rust_bytes(input: &[u8]) -> String {
    format!("b\"{}\"", input.escape_ascii())
}

/// `one` when `n` is 1, else `many`.
///
/// ```
/// assert_eq!(uridiff::text::plural(1, "class", "classes"), "class");
/// assert_eq!(uridiff::text::plural(0, "class", "classes"), "classes");
/// ```
pub fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `sh -c LINE`'s quoting through the shell's own reading: `printf %s WORD` prints
    /// the word as the shell took it.
    fn shell_reads(word: &str) -> Vec<u8> {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("printf %s {word}"))
            .output()
            .expect("sh runs");
        out.stdout
    }

    /// What bash reads `word` as, when there is a bash (`$'...'` is not in every `sh`).
    fn bash_reads(word: &str) -> Option<Vec<u8>> {
        let out = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("printf %s {word}"))
            .output()
            .ok()?;
        Some(out.stdout)
    }

    #[test]
    fn shell_word_reads_back_as_the_same_bytes() {
        let inputs: [&[u8]; 9] = [
            b"http:\\a",
            b"it's",
            b"",
            b"a\x1b[31mb",
            b"\xff\xfe'\\x41",
            b"x\ny\tz\r",
            "a\u{202e}b\u{200b}c\u{a0}".as_bytes(),
            "caf\u{e9} $HOME `id`".as_bytes(),
            // (A NUL byte cannot be passed in an argument at all: no word for it is tried.)
            b"\x01\x7f\\xff",
        ];
        for input in inputs {
            let word = shell_word(input);
            // Nothing a terminal would act on or hide.
            assert!(
                !word.chars().any(|c| c.is_control())
                    && crate::text::show(word.as_bytes()) == word.replace('\\', "\\\\"),
                "{word}"
            );
            if let Ok(text) = std::str::from_utf8(input)
                && !word.starts_with('$')
            {
                assert_eq!(shell_reads(&word), text.as_bytes(), "{word}");
            }
            match bash_reads(&word) {
                Some(read) => assert_eq!(read, input, "{word}"),
                None => eprintln!("note: no bash here; {word} not read back"),
            }
        }
    }

    #[test]
    fn sh_quote_survives_quotes_backslashes_newlines_and_dollars() {
        for s in ["it's", "a\\b", "x\ny", "$HOME `id` \"q\"", "''", "", "é\t"] {
            assert_eq!(shell_reads(&sh_quote(s)), s.as_bytes(), "{s:?}");
        }
    }

    #[test]
    fn literals_escape_quotes_backslashes_controls_and_bytes_per_language() {
        let input = b"a'b\"c\\d\ne\xff$@#?";
        assert_eq!(
            literal(Lang::Go, input).unwrap(),
            r#""a'b\"c\\d\x0ae\xff$@#?""#
        );
        assert_eq!(
            literal(Lang::Php, input).unwrap(),
            r#""a'b\"c\\d\x0ae\xff\$@#?""#
        );
        assert_eq!(
            literal(Lang::Perl, input).unwrap(),
            r#""a'b\"c\\d\x0ae\xff\$\@#?""#
        );
        assert_eq!(
            literal(Lang::Ruby, input).unwrap(),
            r#""a'b\"c\\d\x0ae\xff$@\#?".b"#
        );
        assert_eq!(
            literal(Lang::C, input).unwrap(),
            r#""a'b\"c\\d\012e\377$@#\?""#
        );
        assert_eq!(
            literal(Lang::Python, input).unwrap(),
            r#"b"a'b\"c\\d\x0ae\xff$@#?""#
        );
        assert_eq!(literal(Lang::Js, input), None);
        assert_eq!(literal(Lang::Java, input), None);
        assert_eq!(literal(Lang::Rust, input), None);
        assert_eq!(rust_bytes(input), r#"b"a\'b\"c\\d\ne\xff$@#?""#);
    }

    #[test]
    fn text_literals_keep_non_ascii_except_java_which_spells_it_in_utf_16() {
        let input = "é\"\u{1F600}\n\u{7f}".as_bytes();
        assert_eq!(
            literal(Lang::Js, input).unwrap(),
            "\"é\\\"\u{1F600}\\x0a\\x7f\""
        );
        assert_eq!(
            literal(Lang::Python, input).unwrap(),
            "\"é\\\"\u{1F600}\\x0a\\x7f\""
        );
        assert_eq!(
            literal(Lang::Java, input).unwrap(),
            r#""\u00e9\"\ud83d\ude00\012\177""#
        );
        assert_eq!(literal(Lang::Rust, input).unwrap(), r#""é\"😀\n\u{7f}""#);
        // A valid UTF-8 input stays text in Ruby (no `.b`), its bytes escaped.
        assert_eq!(
            literal(Lang::Ruby, "é".as_bytes()).unwrap(),
            r#""\xc3\xa9""#
        );
    }
}
