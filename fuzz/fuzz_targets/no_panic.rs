//! No panic in impl or in the oracle, for any bytes: every edition's parse under every rule,
//! normalization, equivalence, resolution (the input split at its first newline into base and
//! reference) and extraction; the Appendix B expression, the grammar recognizer in both
//! readings and the literal 5.2 resolution.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_oracle::grammar::{Grammar, Reading};
use uri_oracle::{appendix_b, resolution};
use uri_spec::{Edition, Parser, Resolver, Rule};

fuzz_target!(|data: &[u8]| {
    if data.len() > 4096 {
        return;
    }
    let (base, reference) = split(data);
    for edition in Edition::ALL {
        for name in Rule::names(edition) {
            if let Ok(rule) = Rule::from_name(edition, name) {
                let _ = Parser::new().edition(edition).rule(rule).parse(data);
            }
        }
        let _ = uri_spec::normalize_in(edition, data);
        let _ = uri_spec::normalize_scheme_based_in(edition, data);
        let _ = uri_spec::equivalent_in(edition, base, reference);
        let _ = Resolver::new().edition(edition).resolve(base, reference);
        let _ = uri_spec::extract(&String::from_utf8_lossy(data), edition);
        let groups = appendix_b::captures(data);
        if let Ok(c) = appendix_b::components(edition.id(), &groups) {
            let _ = appendix_b::recompose(&c);
        }
        if let Ok(g) = Grammar::for_edition(edition.id()) {
            let _ = g.recognize(None, data, Reading::Membership);
            let _ = g.recognize(None, data, Reading::Document);
        }
    }
    let _ = resolution::resolve(base, reference);
});

/// The bytes before the first newline, and those after it (all, and nothing, without one).
fn split(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[]),
    }
}
