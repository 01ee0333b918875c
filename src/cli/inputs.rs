//! Command-line inputs as bytes: arguments are taken as given (not necessarily UTF-8), and `-`
//! stands for one input per line of standard input.

use std::ffi::OsString;
use std::io::{self, BufRead};

use anyhow::Context;

/// The inputs named by `args`, in order, with `-` expanded to the lines of standard input.
pub fn expand(args: &[OsString]) -> anyhow::Result<Vec<Vec<u8>>> {
    let mut inputs = Vec::new();
    for arg in args {
        if arg == "-" {
            for line in io::stdin().lock().split(b'\n') {
                let mut line = line.context("reading inputs from standard input")?;
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                inputs.push(line);
            }
        } else {
            inputs.push(arg.as_encoded_bytes().to_vec());
        }
    }
    Ok(inputs)
}

/// An input for display: UTF-8 as is, other bytes escaped.
pub fn show(input: &[u8]) -> String {
    match std::str::from_utf8(input) {
        Ok(s) => s.to_owned(),
        Err(_) => input.escape_ascii().to_string(),
    }
}
