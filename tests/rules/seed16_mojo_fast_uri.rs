//! The cases of the rule the seed-16 audit's misses for fast-uri widened (in
//! src/engine/profile/fast_uri.rs): fast-uri percent-encoding "[", "]" and a second "#" after
//! the authority (its README: "Percent-encoded and interior component data remain valid"),
//! played by a double answering as `node -e` (fast-uri 4.2.3) does, and a one-step-off answer
//! that stays unexplained. (Mojo::Path's `merge` of that audit is its rule's examples.)

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::subjects::Subject;

use super::{accepted, fired, plays};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![(fast_uri_accepts(), ":["), (fast_uri_accepts(), "##")]
}

/// fast-uri's `parse`, which gives no `error` for any of the inputs below.
fn fast_uri_accepts() -> Arc<dyn Subject> {
    plays("node-fast-uri", "rfc3986", Edition::Rfc3986, accepted)
}

const FAST_URI_INTERIOR: &str = "node-fast-uri: interior characters that may not appear are percent-encoded, not refused (README: \"interior component data remain valid\")";

#[test]
fn fast_uri_encodes_brackets_and_a_second_hash_after_the_authority() {
    // `parse` gives `:[` the path ":%5B", `/a]` "/a%5D", `?[]` the query "%5B%5D", `##` the
    // fragment "%23", `#a#b` "a%23b" and `//h/[` the path "/%5B", none with an `error`.
    // A "[" in a userinfo is encoded too: `//u[@h/` has the userinfo `u[`, serialized
    // `//u%5B@h/`, no `error` (run here with fast-uri 4.2.3).
    for input in [
        ":[", "/[", "/a]", "?[]", "#[", "##", "#a#b", "//h/[", "x:[a]", "//u[@h/",
    ] {
        let rules = fired(fast_uri_accepts(), input);
        assert_eq!(rules, vec![FAST_URI_INTERIOR], "{input}: {rules:?}");
    }
    // One step off: a broken IP literal is a malformed authority (`//[/a`, which the README
    // says is reported through `error`), nor is a stray "%" interior data.
    for input in ["//[/a", ":[%"] {
        assert!(fired(fast_uri_accepts(), input).is_empty(), "{input}");
    }
}
