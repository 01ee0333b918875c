//! Command-line inputs as bytes: arguments are taken as given (not necessarily UTF-8), and `-`
//! stands for the records of standard input, read one at a time (newline-terminated lines, or
//! NUL-terminated with `--null-data`), so memory stays bounded by the longest record.
//!
//! Also how inputs are shown: text output shows an input so that pasting it into the
//! `uridiff diff` command uridiff suggests gives the same bytes (as it is, or as one shell word
//! with escapes for control characters and bytes that are not UTF-8), so an input never reaches
//! the terminal raw; JSON output gives the text and, for input that is not UTF-8, its bytes in
//! hex (`input_hex`), so every input is shown losslessly.

use std::ffi::OsString;
use std::io::{self, BufRead, StdinLock};

use anyhow::Context;
use clap::Args;
use serde_json::{Map, Value};
use uridiff::text::shell_word;

/// How `-` reads standard input (shared by every subcommand that takes inputs).
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct StdinArgs {
    /// With `-`: inputs are separated by NUL bytes instead of newlines (for inputs that contain
    /// a newline).
    #[arg(short = 'z', long)]
    pub null_data: bool,
    /// With `-`: a carriage return before the newline is removed too. Without it every byte but
    /// the separator is part of the input.
    #[arg(long)]
    pub crlf: bool,
}

/// Standard input's records, one at a time.
pub struct Records {
    stdin: StdinLock<'static>,
    args: StdinArgs,
}

impl Records {
    /// Standard input, split as `args` says.
    pub fn new(args: StdinArgs) -> Records {
        Records {
            stdin: io::stdin().lock(),
            args,
        }
    }
}

impl Iterator for Records {
    type Item = anyhow::Result<Vec<u8>>;

    fn next(&mut self) -> Option<Self::Item> {
        let separator = if self.args.null_data { b'\0' } else { b'\n' };
        let mut record = Vec::new();
        match self.stdin.read_until(separator, &mut record) {
            Ok(0) => None,
            Ok(_) => {
                if record.last() == Some(&separator) {
                    record.pop();
                    if self.args.crlf && !self.args.null_data && record.last() == Some(&b'\r') {
                        record.pop();
                    }
                }
                Some(Ok(record))
            }
            Err(e) => Some(Err(e).context("reading inputs from standard input")),
        }
    }
}

/// The inputs named by `args`, in order, with each `-` standing for standard input's records;
/// lazily, so `yes http://a | uridiff parse - | head -1` answers at once.
pub fn expand(
    args: &[OsString],
    stdin: StdinArgs,
) -> impl Iterator<Item = anyhow::Result<Vec<u8>>> + '_ {
    args.iter()
        .flat_map(move |arg| -> Box<dyn Iterator<Item = _>> {
            if arg == "-" {
                Box::new(Records::new(stdin))
            } else {
                Box::new(std::iter::once(Ok(arg.as_encoded_bytes().to_vec())))
            }
        })
}

/// An input for text output, shown so that it can be pasted back: as it is when every
/// character shows as itself and none is a space or a quote (`http:\a`: paste it between the
/// single quotes of the `uridiff diff -- '...'` line uridiff suggests), else as the one shell
/// word [`shell_word`] writes (`'a b'`, `$'a\x1bb'`: paste it as it is). Either way, the
/// terminal never gets a control character raw, and nothing is escaped twice.
pub fn show(input: &[u8]) -> String {
    let word = shell_word(input);
    match word.strip_prefix('\'').and_then(|w| w.strip_suffix('\'')) {
        Some(inner) if !inner.is_empty() && !inner.contains(['\'', ' ']) => inner.to_owned(),
        _ => word,
    }
}

/// A value (a component, a serialization, a result) for text output: `undefined`, or the shell
/// word [`shell_word`] writes, so that the empty value (`''`) is told apart from no value.
pub fn value(v: Option<&[u8]>) -> String {
    v.map_or_else(|| "undefined".to_owned(), shell_word)
}

/// The most characters of one shown value a table line holds (`diff`): a longer one is cut to
/// its first [`CLIPPED`] characters and says how much is left out and where to read all of it.
/// One 2 MB input through 38 parsers wrote 84 MB when every value was written whole.
pub const LONGEST: usize = 240;

/// What [`clip`] keeps of a value longer than [`LONGEST`].
pub const CLIPPED: usize = 160;

/// `shown` (an input, a value or a message as [`show`], [`value`] or [`text`] write it), cut to
/// [`CLIPPED`] characters when it is longer than [`LONGEST`], with the count of characters left
/// out and `--json`, which has every byte.
pub fn clip(shown: String) -> String {
    if shown.chars().count() <= LONGEST {
        return shown;
    }
    let (cut, _) = shown
        .char_indices()
        .nth(CLIPPED)
        .unwrap_or((shown.len(), ' '));
    let left = shown[cut..].chars().count();
    format!(
        "{}... ({left} more characters; --json has every byte)",
        &shown[..cut]
    )
}

/// A message (an error, a crash) for text output: control characters, invisible characters
/// and bytes that are not UTF-8 escaped as [`uridiff::text::show`] escapes them, and a
/// backslash left as it is (a message is read, never pasted, and one that quotes a byte as
/// `'\\'` already escapes it once).
pub fn text(message: &[u8]) -> String {
    message
        .split(|&b| b == b'\\')
        .map(uridiff::text::show)
        .collect::<Vec<_>>()
        .join("\\")
}

/// Puts `bytes` into a JSON object as `name` (the text; U+FFFD for each byte sequence that is
/// not UTF-8) and, when they are not UTF-8, `name_hex` (every byte, two lowercase hex digits).
pub fn put_json(v: &mut Map<String, Value>, name: &str, bytes: &[u8]) {
    match std::str::from_utf8(bytes) {
        Ok(s) => {
            v.insert(name.to_owned(), Value::from(s));
        }
        Err(_) => {
            v.insert(name.to_owned(), Value::from(String::from_utf8_lossy(bytes)));
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            v.insert(format!("{name}_hex"), Value::from(hex));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_value_is_clipped_and_says_how_much_is_left() {
        let short = "x".repeat(LONGEST);
        assert_eq!(clip(short.clone()), short);
        // Characters, not bytes: a cut never splits one.
        let long = "é".repeat(LONGEST + 1);
        let cut = clip(long);
        assert!(cut.starts_with(&"é".repeat(CLIPPED)), "{cut}");
        let left = LONGEST + 1 - CLIPPED;
        assert!(
            cut.ends_with(&format!(
                "... ({left} more characters; --json has every byte)"
            )),
            "{cut}"
        );
    }

    #[test]
    fn show_keeps_text_and_quotes_what_needs_it() {
        assert_eq!(show(b"http://a/"), "http://a/");
        // A backslash once, as typed.
        assert_eq!(show(b"http:\\a"), r"http:\a");
        assert_eq!(show(b"\\xff"), r"\xff");
        // Escapes only inside `$'...'`, so `\xff` typed in and the byte 0xff differ.
        assert_eq!(show(b"\xff"), r"$'\xff'");
        assert_eq!(show(b"a\0b\x1b[m"), r"$'a\x00b\x1b[m'");
        assert_eq!(show("é\u{85}".as_bytes()), r"$'é\xc2\x85'");
        assert_eq!(show(b"a b"), "'a b'");
        assert_eq!(show(b"it's"), r"'it'\''s'");
        assert_eq!(show(b""), "''");
    }

    #[test]
    fn values_and_messages_escape_once() {
        assert_eq!(value(None), "undefined");
        assert_eq!(value(Some(b"")), "''");
        assert_eq!(value(Some(b"\\\\a")), r"'\\a'");
        assert_eq!(text(br"unexpected byte '\\'"), r"unexpected byte '\\'");
        assert_eq!(text(b"a\x1b\\\n"), r"a\x1b\\n");
    }

    #[test]
    fn json_names_bytes_that_are_not_utf8() {
        let mut v = Map::new();
        put_json(&mut v, "input", b"\xff");
        assert_eq!(v["input"], "\u{fffd}");
        assert_eq!(v["input_hex"], "ff");
        let mut w = Map::new();
        put_json(&mut w, "input", b"\\xff");
        assert_eq!(w["input"], "\\xff");
        assert!(!w.contains_key("input_hex"));
    }
}
