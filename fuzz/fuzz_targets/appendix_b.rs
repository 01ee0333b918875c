//! impl against the Appendix B expression: whenever impl accepts an input as a reference of an
//! edition that prints the expression (1996 on), the five components agree exactly (undefined
//! is not empty). And the expression's own components recompose (Section 5.3) to any input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_oracle::appendix_b;
use uri_spec::{Edition, Parser};

fuzz_target!(|data: &[u8]| {
    if data.len() > 4096 {
        return;
    }
    let groups = appendix_b::captures(data);
    for edition in Edition::ALL {
        // 1994 prints no Appendix B.
        let Ok(named) = appendix_b::components(edition.id(), &groups) else {
            continue;
        };
        assert_eq!(
            appendix_b::recompose(&named),
            data,
            "{edition}: Appendix B recomposition"
        );
        let Ok(c) = Parser::new().edition(edition).parse(data) else {
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
            assert_eq!(ours, regex.as_deref(), "{edition} {name}");
        }
    }
});
