//! Normalization never panics, gives a reference of the same edition, and is idempotent; two
//! references are each equivalent to their own normal form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_spec::{equivalent_in, normalize_in, normalize_scheme_based_in, Edition};

fuzz_target!(|data: &[u8]| {
    if data.len() > 4096 {
        return;
    }
    for edition in Edition::ALL {
        let Ok(once) = normalize_in(edition, data) else { continue };
        let twice = normalize_in(edition, &once).expect("a normal form is a valid reference");
        assert_eq!(once, twice, "{edition}: normalization is not idempotent");
        let scheme = normalize_scheme_based_in(edition, data).expect("valid");
        assert_eq!(normalize_scheme_based_in(edition, &scheme).expect("valid"), scheme, "{edition}");
        assert!(equivalent_in(edition, data, &once).expect("valid"), "{edition}");
    }
});
