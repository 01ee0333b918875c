//! Parsing any bytes under any edition never panics, and a valid reference recomposes to the
//! input (RFC 3986 section 5.3; each edition's step 7).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_spec::{Edition, Parser, Rule};

fuzz_target!(|data: &[u8]| {
    if data.len() > 4096 {
        return;
    }
    for edition in Edition::ALL {
        for name in Rule::names(edition) {
            let Ok(rule) = Rule::from_name(edition, name) else {
                continue;
            };
            if let Ok(c) = Parser::new().edition(edition).rule(rule).parse(data) {
                // Every valid reference is ASCII, so it is UTF-8 and recomposes to itself.
                // (1994's scheme-specific rules have no common recomposition: skipped.)
                if edition != Edition::UriUrl06 {
                    assert_eq!(c.recompose().as_bytes(), data, "{edition} {name}");
                }
            }
        }
    }
});
