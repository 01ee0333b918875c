//! The fuzzer's bytes drive the project's generators (`uridiff::generate::any`: realistic URIs,
//! grammar derivations, mutations across the edge of validity, URL-confusion shapes), so the
//! same code that builds `uridiff report`'s corpus builds each input here. On each input: no
//! panic in impl or the oracle; under every edition that prints Appendix B, whenever impl
//! accepts, its components equal the expression's; a valid reference recomposes to itself.
//!
//! ```sh
//! cargo fuzz run -s none --features gen generated
//! ```
#![no_main]

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use uri_oracle::appendix_b;
use uri_oracle::grammar::{Grammar, Reading};
use uri_spec::{Edition, Parser};

fuzz_target!(|data: &[u8]| {
    let (input, origin) = uridiff::generate::any(&mut Unstructured::new(data));
    let groups = appendix_b::captures(&input);
    for edition in Edition::ALL {
        if let Ok(g) = Grammar::for_edition(edition.id()) {
            let _ = g.recognize(None, &input, Reading::Document);
        }
        let Ok(c) = Parser::new().edition(edition).parse(&input) else {
            continue;
        };
        if edition == Edition::UriUrl06 {
            continue;
        }
        assert_eq!(
            c.recompose().as_bytes(),
            &input[..],
            "{origin} {edition}: recomposition"
        );
        let Ok(named) = appendix_b::components(edition.id(), &groups) else {
            continue;
        };
        let text = |b: Option<&[u8]>| b.map(|b| String::from_utf8_lossy(b).into_owned());
        let pairs = [
            ("scheme", c.scheme, text(named.scheme)),
            ("authority", c.authority, text(named.authority)),
            ("path", c.path, text(named.path)),
            ("query", c.query, text(named.query)),
            ("fragment", c.fragment, text(named.fragment)),
        ];
        for (name, ours, regex) in pairs {
            assert_eq!(ours, regex.as_deref(), "{origin} {edition} {name}");
        }
    }
});
