//! Command-line inputs as bytes: arguments are taken as given (not necessarily UTF-8), and `-`
//! stands for the records of standard input, read one at a time (newline-terminated lines, or
//! NUL-terminated with `--null-data`), so memory stays bounded by the longest record.
//!
//! Also how inputs are shown: text output escapes control characters and bytes that are not
//! UTF-8, so an input never reaches the terminal raw; JSON output gives the text and, for input
//! that is not UTF-8, its bytes in hex (`input_hex`), so every input is shown losslessly.

use std::ffi::OsString;
use std::io::{self, BufRead, StdinLock};

use anyhow::Context;
use clap::Args;
use serde_json::{Map, Value};

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

/// An input for text output: UTF-8 as is, except that control characters, `\` and bytes that
/// are not UTF-8 are escaped (`\x1b`, `\\`, `\xff`), so the terminal never gets them raw.
///
/// The escapes are unambiguous: `\xff` typed in shows as `\\xff`.
pub fn show(input: &[u8]) -> String {
    uridiff::report::show(input)
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
    fn show_escapes_controls_backslash_and_invalid_bytes() {
        assert_eq!(show(b"http://a/"), "http://a/");
        assert_eq!(show(b"a\0b\x1b[m"), "a\\x00b\\x1b[m");
        assert_eq!(show(b"\xff"), "\\xff");
        assert_eq!(show(b"\\xff"), "\\\\xff");
        assert_eq!(show("é\u{85}".as_bytes()), "é\\u{85}");
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
