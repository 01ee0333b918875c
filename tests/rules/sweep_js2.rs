//! The cases of the rules the sweep of fast-uri's and uri-js's unexplained classes added
//! (src/engine/profile/fast_uri.rs; audit/sweep-js2.md): each library played by a double that
//! answers as `node -e` does with fast-uri 4.2.3 and uri-js 4.4.1, and the answers no document
//! explains kept unexplained.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::Component;
use uridiff::subjects::Subject;

use super::{fired, plays, rejected, set};

/// (subject, case) pairs for `every_rule_fires_through_the_comparison`.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    let rfc3986 = Edition::Rfc3986;
    vec![
        // `fast-uri.parse("http://0").host` is "0.0.0.0": the WHATWG host parser's IPv4.
        (
            plays("node-fast-uri", "rfc3986", rfc3986, |_, o| {
                set(Component::Host, Some("0.0.0.0"))(o)
            }),
            "http://0",
        ),
        // `fast-uri.parse("http://.0").error`: "Host's domain name can not be converted".
        (
            plays("node-fast-uri", "rfc3986", rfc3986, |_, _| rejected()),
            "http://.0",
        ),
        // "URI mailto has an invalid recipient domain."
        (
            plays("node-fast-uri", "rfc3986", rfc3986, |_, _| rejected()),
            "mailto:@r/y",
        ),
        // `fast-uri.resolve(base, "//:99999")` throws "URI port is malformed.".
        (
            refuses_to_resolve("node-fast-uri"),
            "resolve://:99999|coap:/a",
        ),
        // `uri-js.parse("http://%C3%Ae").host` is "xn--fda".
        (
            plays("node-uri-js", "rfc3986", rfc3986, |_, o| {
                set(Component::Host, Some("xn--fda"))(o)
            }),
            "http://%C3%Ae",
        ),
    ]
}

fn refuses_to_resolve(name: &str) -> Arc<dyn Subject> {
    struct Refuses(uridiff::subjects::SubjectInfo);
    impl Subject for Refuses {
        fn info(&self) -> &uridiff::subjects::SubjectInfo {
            &self.0
        }
        fn resolve(
            &self,
            _: &[u8],
            _: &[u8],
            _: &uridiff::subjects::Ctx<'_>,
        ) -> uridiff::model::Outcome<String> {
            uridiff::model::Outcome::rejected("URI port is malformed.")
        }
    }
    Arc::new(Refuses(super::double(
        name,
        "rfc3986",
        &[uridiff::model::Op::Resolve],
        uridiff::model::ComponentSet::NONE,
    )))
}

#[test]
fn sweep_rules_fire_on_the_libraries_answers() {
    for (subject, input) in cases() {
        let rules = fired(subject, input);
        assert!(!rules.is_empty(), "{input}: no rule fired");
    }
}

/// What the rules must not cover: a host the WHATWG parser reads otherwise than the answer, a
/// mailto domain it reads whole, uri-js's host on a scheme without domain hosts, fast-uri's
/// refusal of a resolve whose ports fit, and a refusal of an http host the WHATWG parser reads.
#[test]
fn sweep_rules_leave_other_answers_unexplained() {
    let rfc3986 = Edition::Rfc3986;
    let cases: Vec<(Arc<dyn Subject>, &str)> = vec![
        (
            plays("node-fast-uri", "rfc3986", rfc3986, |_, o| {
                set(Component::Host, Some("0.0.0.1"))(o)
            }),
            "http://0",
        ),
        (
            plays("node-fast-uri", "rfc3986", rfc3986, |_, o| {
                set(Component::Host, Some("0.0.0.0"))(o)
            }),
            "foo://0",
        ),
        (
            plays("node-fast-uri", "rfc3986", rfc3986, |_, _| rejected()),
            "mailto:a@r.y",
        ),
        (
            plays("node-fast-uri", "rfc3986", rfc3986, |_, _| rejected()),
            "http://a.b",
        ),
        (
            refuses_to_resolve("node-fast-uri"),
            "resolve://:9999|coap:/a",
        ),
        (
            plays("node-uri-js", "rfc3986", rfc3986, |_, o| {
                set(Component::Host, Some("xn--fda"))(o)
            }),
            "foo://%C3%Ae",
        ),
        (
            plays("node-uri-js", "rfc3986", rfc3986, |_, o| {
                set(Component::Host, Some("xn--fdb"))(o)
            }),
            "http://%C3%Ae",
        ),
    ];
    for (subject, input) in cases {
        assert_eq!(fired(subject, input), Vec::<String>::new(), "{input}");
    }
}
