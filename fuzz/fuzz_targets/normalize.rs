//! Normalization: the input is two references, split at the first newline. Under every edition
//! normalization never panics, gives a reference of the same edition and is idempotent
//! (syntax- and scheme-based); a reference is equivalent to its own normal form, and two
//! references are equivalent exactly when their normal forms are equal. Under RFC 3986,
//! normalization keeps a reference's meaning (the README's promise): against a base in normal
//! form, the normalized reference resolves to the normal form of the reference's target.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_spec::{
    equivalent_in, normalize, normalize_in, normalize_scheme_based_in, Edition, Parser, Resolver,
    Rule,
};

fuzz_target!(|data: &[u8]| {
    if data.len() > 4096 {
        return;
    }
    let (a, b) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &data[data.len()..]),
    };
    for edition in Edition::ALL {
        let Ok(once) = normalize_in(edition, a) else {
            continue;
        };
        let twice = normalize_in(edition, &once).expect("a normal form is a valid reference");
        assert_eq!(once, twice, "{edition}: normalization is not idempotent");
        let scheme = normalize_scheme_based_in(edition, a).expect("valid");
        assert_eq!(
            normalize_scheme_based_in(edition, &scheme).expect("valid"),
            scheme,
            "{edition}"
        );
        assert!(
            equivalent_in(edition, a, &once).expect("valid"),
            "{edition}"
        );
        if let (Ok(eq), Ok(other)) = (
            equivalent_in(edition, a, b),
            normalize_scheme_based_in(edition, b),
        ) {
            assert_eq!(
                eq,
                scheme == other,
                "{edition}: equivalence is not equal normal forms"
            );
        }
    }
    // The README's promise: for every base B in normal form, resolve(B, normalize(r)) is
    // normalize(resolve(B, r)). Here B is a's normal form (when a is a URI) and r is b.
    if Parser::new().rule(Rule::Uri).parse(a).is_err() {
        return;
    }
    let (Ok(base), Ok(r_norm)) = (normalize(a), normalize(b)) else {
        return;
    };
    let (Ok(target), Ok(from_norm)) = (
        Resolver::new().resolve(&base, b),
        Resolver::new().resolve(&base, &r_norm),
    ) else {
        panic!("a normal-form base and a valid reference resolve");
    };
    assert_eq!(
        from_norm,
        normalize(&target).expect("a target is valid"),
        "resolution of a normalized reference"
    );
});
