//! Resolution: the input is a base and a reference, split at the first newline. Under every
//! edition and reading no call panics; under RFC 3986 (strict) a resolved target is a `URI`
//! (except where Section 5.2.4 leaves a path beginning with "//" without an authority, which
//! recomposed reads as one) and is byte for byte what the literal transcription of Section 5.2
//! over the Appendix B components gives, but for the README's leading "/." before a path that
//! begins with "//" without an authority.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_oracle::resolution;
use uri_spec::{AbsolutePathReading, Edition, LeftoverDotDot, Parser, Resolver, Rule};

fuzz_target!(|data: &[u8]| {
    if data.len() > 4096 {
        return;
    }
    let (base, reference) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &data[data.len()..]),
    };
    for edition in Edition::ALL {
        for strict in [true, false] {
            for leftover in [LeftoverDotDot::Remove, LeftoverDotDot::Error] {
                for reading in [AbsolutePathReading::Table, AbsolutePathReading::Pseudocode] {
                    let _ = Resolver::new()
                        .edition(edition)
                        .strict(strict)
                        .leftover_dot_dot(leftover)
                        .absolute_path_reading(reading)
                        .resolve(base, reference);
                }
            }
        }
    }
    let Ok(target) = Resolver::new().resolve(base, reference) else {
        return;
    };
    let parsed = Parser::new().rule(Rule::Uri).parse(target.as_bytes());
    let path_like_authority = target
        .split_once(':')
        .is_some_and(|(_, rest)| rest.starts_with("//"));
    assert!(
        parsed.is_ok() || path_like_authority,
        "{target:?} is not a URI"
    );
    let literal =
        resolution::resolve(base, reference).expect("impl resolved: the base has a scheme");
    // The README's decision: a path that comes to begin with "//" without an authority is
    // written with a leading "/." (5.3 as printed would make it read as an authority).
    let with_dot = literal.iter().position(|&b| b == b':').and_then(|i| {
        let rest = &literal[i + 1..];
        rest.starts_with(b"//")
            .then(|| [&literal[..=i], b"/.", rest].concat())
    });
    assert!(
        target.as_bytes() == literal || with_dot.as_deref() == Some(target.as_bytes()),
        "Section 5.2 as printed gives {:?}",
        String::from_utf8_lossy(&literal)
    );
});
