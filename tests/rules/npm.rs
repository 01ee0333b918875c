//! The cases of the npm workers' library rules under `rfc3986` (`node-fast-uri`, `node-uri-js`;
//! src/engine/profile/fast_uri.rs) that are not yet the rules' own examples: each library
//! played by a double that answers as the reference does with the one documented change.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::Component;
use uridiff::subjects::Subject;

use super::{accepted, always_equal, fired, normalizes_as, plays, resolves, set};

/// (subject, case) pairs for `every_rule_fires_through_the_comparison`.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    let rfc3986 = Edition::Rfc3986;
    let mut cases: Vec<(Arc<dyn Subject>, &'static str)> = Vec::new();
    cases.extend([
        // serialize removes dot-segments: fast-uri's "x/.." is "./", uri-js applies 5.2.4.
        (
            plays("node-fast-uri", "rfc3986", rfc3986, |_, o| {
                o.map(|mut p| {
                    p.serialization = Some("./".into());
                    p
                })
            }),
            ".",
        ),
        (
            plays("node-uri-js", "rfc3986", rfc3986, |_, o| {
                o.map(|mut p| {
                    p.serialization = Some("http://a:80/".into());
                    p
                })
            }),
            "http://a:80",
        ),
        (
            plays("node-uri-js", "rfc3986", rfc3986, |_, o| {
                set(Component::Host, Some("1.2.3.4"))(o)
            }),
            "//01.2.3.4",
        ),
        (plays("node-uri-js", "rfc3986", rfc3986, accepted), "g h"),
        (
            plays("node-fast-uri", "rfc3986", rfc3986, |_, o| {
                set(Component::Path, Some("%2El"))(o)
            }),
            "%2e%6C",
        ),
        (plays("node-fast-uri", "rfc3986", rfc3986, accepted), "g h"),
    ]);
    cases
}

/// URI.js's answers no document explains stay unexplained: `URI("!").equals("%21")` is true
/// (RFC 3986 2.2: "%21" and "!" are not equivalent), `URI("%24").normalize()` is "$", and
/// `URI("a//").normalize()` is "a/".
#[test]
fn urijs_real_deviations_stay_unexplained() {
    let cases: [(Arc<dyn Subject>, &str); 4] = [
        (always_equal("node-urijs", "urijs"), "equivalent:!|%21"),
        (
            always_equal("node-urijs", "urijs"),
            "equivalent://st/:|//ST/%3A",
        ),
        (
            normalizes_as("node-urijs", "urijs", |_| "$".into()),
            "normalize:%24",
        ),
        (
            normalizes_as("node-urijs", "urijs", |_| "a/".into()),
            "normalize:a//",
        ),
    ];
    for (subject, input) in cases {
        assert_eq!(fired(subject, input), Vec::<String>::new(), "{input}");
    }
}

/// fast-uri's `resolve("https://h:443/%7Eu/a", "b")`, as run here: `https://h:443/~u/b`, the
/// target in the normal form (`%7E` decoded, README "Normalizing") with its default port kept
/// as written; only `normalize` drops it.
#[test]
fn fast_uri_resolve_keeps_a_default_port_as_written() {
    const JOB: &str = "resolve:b|https://h:443/%7Eu/a";
    let kept = resolves("node-fast-uri", "rfc3986", |_, _| {
        "https://h:443/~u/b".into()
    });
    let rules = fired(kept, JOB);
    assert_eq!(rules.len(), 1, "{rules:?}");
    assert!(rules[0].contains("normal form"), "{rules:?}");
    // Dropped, as normalize drops it, is by design too.
    let dropped = resolves("node-fast-uri", "rfc3986", |_, _| "https://h/~u/b".into());
    assert_eq!(fired(dropped, JOB).len(), 1);
    // One step off: another port is no normal form of the target.
    let other = resolves("node-fast-uri", "rfc3986", |_, _| {
        "https://h:444/~u/b".into()
    });
    assert!(fired(other, JOB).is_empty());
}
