//! `uridiff normalize` and `uridiff equivalent`: RFC 3986 sections 6.2.2 and 6.2.3.

use std::io::Write;
use std::process::ExitCode;

use super::{code, inputs, EquivalentArgs, NormalizeArgs};

pub fn run(out: &mut impl Write, args: &NormalizeArgs) -> anyhow::Result<ExitCode> {
    let mut all_ok = true;
    for input in inputs::expand(&args.inputs)? {
        let result = if args.scheme_based {
            uri_spec::normalize_scheme_based_in(args.edition, &input)
        } else {
            uri_spec::normalize_in(args.edition, &input)
        };
        match result {
            Ok(n) => writeln!(out, "{n}")?,
            Err(e) => {
                all_ok = false;
                writeln!(
                    out,
                    "invalid: {} ({})",
                    e.parse_error(),
                    inputs::show(&input)
                )?;
            }
        }
    }
    Ok(code(all_ok))
}

pub fn equivalent(out: &mut impl Write, args: &EquivalentArgs) -> anyhow::Result<ExitCode> {
    match uri_spec::equivalent(args.a.as_encoded_bytes(), args.b.as_encoded_bytes()) {
        Ok(eq) => {
            writeln!(out, "{eq}")?;
            Ok(code(eq))
        }
        Err(e) => {
            writeln!(out, "invalid: {e}")?;
            Ok(code(false))
        }
    }
}
