//! Resolving any reference against any base, under any edition and reading, never panics; under
//! RFC 3986 the target of a valid pair parses as a `URI` (a path that section 5.2.4 leaves
//! beginning with "//" without an authority is written with a leading "/.").
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use uri_spec::{AbsolutePathReading, Edition, LeftoverDotDot, Resolver, Rule};

#[derive(Debug, Arbitrary)]
struct Input<'a> {
    edition: u8,
    strict: bool,
    error_above_root: bool,
    pseudocode: bool,
    base: &'a [u8],
    reference: &'a [u8],
}

fuzz_target!(|i: Input<'_>| {
    if i.base.len() + i.reference.len() > 4096 {
        return;
    }
    let edition = Edition::ALL[usize::from(i.edition) % Edition::ALL.len()];
    let resolver = Resolver::new()
        .edition(edition)
        .strict(i.strict)
        .leftover_dot_dot(if i.error_above_root { LeftoverDotDot::Error } else { LeftoverDotDot::Remove })
        .absolute_path_reading(if i.pseudocode { AbsolutePathReading::Pseudocode } else { AbsolutePathReading::Table });
    if let Ok(target) = resolver.resolve(i.base, i.reference) {
        if edition == Edition::Rfc3986 {
            let parsed = uri_spec::Parser::new().rule(Rule::Uri).parse(target.as_bytes());
            assert!(parsed.is_ok(), "{target:?}");
        }
    }
});
