//! The cases of the rules the seed-16 audit's misses for Mojo::URL and fast-uri widened (in
//! src/engine/profile/mojo_url.rs and src/engine/profile/fast_uri.rs): Mojo::Path's `merge`
//! reading "%2F" as "/" ("%2F will be treated as / for security reasons", Mojo::Path's POD),
//! and fast-uri percent-encoding "[", "]" and a second "#" after the authority (its README:
//! "Percent-encoded and interior component data remain valid"). Each library is played by a
//! double answering as `perl -MMojo::URL` (Mojolicious 9.31) and `node -e` (fast-uri 4.2.3) do,
//! and a one-step-off answer stays unexplained.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::subjects::Subject;

use super::{accepted, fired, plays, resolves};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (mojo_merges_pct_2f(), "resolve:x|file:///a%2Fb"),
        (fast_uri_accepts(), ":["),
        (fast_uri_accepts(), "##"),
    ]
}

/// Mojo::URL's `to_abs` of `x` against `file:///a%2Fb`: `file:///a/x`.
fn mojo_merges_pct_2f() -> Arc<dyn Subject> {
    resolves("perl-mojo-url", "mojo-url", |_, _| "file:///a/x".into())
}

/// fast-uri's `parse`, which gives no `error` for any of the inputs below.
fn fast_uri_accepts() -> Arc<dyn Subject> {
    plays("node-fast-uri", "rfc3986", Edition::Rfc3986, accepted)
}

const MOJO_TO_ABS: &str = "mojo-url: to_abs normalizes the path as Mojo::Path does (parts, canonicalize: \"/foo/../bar/../../baz\" is \"/../baz\"; merge: \"%2F will be treated as /\"), an empty query takes the base's";

const FAST_URI_INTERIOR: &str = "node-fast-uri: interior characters that may not appear are percent-encoded, not refused (README: \"interior component data remain valid\")";

#[test]
fn mojo_merge_treats_pct_2f_as_a_slash() {
    let rules = fired(mojo_merges_pct_2f(), "resolve:x|file:///a%2Fb");
    assert_eq!(rules, vec![MOJO_TO_ABS], "{rules:?}");
    // With a trailing "%2F" nothing is popped: `file:///a/b/x`.
    let kept = resolves("perl-mojo-url", "mojo-url", |_, _| "file:///a/b/x".into());
    assert_eq!(fired(kept, "resolve:x|file:///a%2Fb/"), vec![MOJO_TO_ABS]);
    // One step off: the base's "b" kept as if "%2F" were a trailing "/", and `file:///a%2Fx`,
    // an encoding merge reads as "/" written back.
    let raw_merge = resolves("perl-mojo-url", "mojo-url", |_, _| "file:///a/b/x".into());
    let kept_encoding = resolves("perl-mojo-url", "mojo-url", |_, _| "file:///a%2Fx".into());
    for wrong in [raw_merge, kept_encoding] {
        assert!(fired(wrong, "resolve:x|file:///a%2Fb").is_empty());
    }
    // "%25" is decoded once: against `http://h/a%252Fb/c` Mojo gives `http://h/a%252Fb/x`,
    // not the `http://h/a/x` a second decoding would give.
    let twice = resolves("perl-mojo-url", "mojo-url", |_, _| "http://h/a/x".into());
    assert!(fired(twice, "resolve:x|http://h/a%252Fb/c").is_empty());
}

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
