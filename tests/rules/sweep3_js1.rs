//! The cases of the rules the third sweep of url-parse's, fast-uri's and uri-js's unexplained
//! classes added or widened (src/engine/profile/url_parse.rs, src/engine/profile/fast_uri.rs):
//! each library's documented answer, played by a double, and an answer one step off that stays
//! a finding.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Engine, Task};
use uridiff::model::{Component, Op, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, plays, resolves, split_with};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (url_parse_scheme_relative(), "//a/b?q#f"),
        (
            resolves("node-url-parse", "url-parse", |_, _| {
                "http://a/b/c/d;p#\u{1}cd".into()
            }),
            "resolve:#\u{1}cd|http://a/b/c/d;p?q",
        ),
        (fast_uri_round_trip("%5B"), "//[@"),
        (fast_uri_refuses(), "normalize:URN:"),
        (fast_uri_userinfo_tab(), "http://u\t@o"),
        (
            resolves("node-uri-js", "rfc3986", |_, _| "http://a".into()),
            "resolve://A|http://h:9/",
        ),
        (
            resolves("node-fast-uri", "rfc3986", |_, _| "mailto:.".into()),
            "resolve:mailto:.|mailto:a@b",
        ),
    ]
}

/// url-parse's `new Url(input, {})` of a reference that opens with "//": no authority, the
/// path everything before its query or fragment (issue 219).
fn url_parse_scheme_relative() -> Arc<dyn Subject> {
    plays(
        "node-url-parse",
        "url-parse",
        Edition::Rfc3986,
        |input, o| match std::str::from_utf8(input) {
            Ok(text) if text.starts_with("//") => {
                let end = text.find(['?', '#']).unwrap_or(text.len());
                split_with(
                    input,
                    &[
                        (Component::Authority, None),
                        (Component::Host, None),
                        (Component::Path, Some(&text[..end])),
                    ],
                )
            }
            _ => o,
        },
    )
}

/// The same library with the path one step off: the query kept in it.
fn url_parse_path_with_query() -> Arc<dyn Subject> {
    plays(
        "node-url-parse",
        "url-parse",
        Edition::Rfc3986,
        |input, o| match std::str::from_utf8(input) {
            Ok(text) if text.starts_with("//") => split_with(
                input,
                &[
                    (Component::Authority, None),
                    (Component::Host, None),
                    (Component::Path, Some(text)),
                ],
            ),
            _ => o,
        },
    )
}

/// fast-uri's parse of `//[@` (the userinfo `[` kept as written), its serialization writing
/// the `[` as `written`: fast-uri's own is `%5B`.
fn fast_uri_round_trip(written: &'static str) -> Arc<dyn Subject> {
    let change: super::Change = match written {
        "%5B" => |input, o| serialized_as(input, o, "//%5B@"),
        _ => |input, o| serialized_as(input, o, "//%5D@"),
    };
    plays("node-fast-uri", "rfc3986", Edition::Rfc3986, change)
}

/// `//[@` read by the split (the userinfo `[`) with the serialization `written`; any other
/// input as the reference reads it.
fn serialized_as(input: &[u8], o: Outcome<Parsed>, written: &str) -> Outcome<Parsed> {
    if input != b"//[@" {
        return o;
    }
    split_with(input, &[(Component::Authority, None)]).map(|mut p| {
        p.serialization = Some(written.to_owned());
        p
    })
}

/// fast-uri's normalize of a malformed urn, which the worker reports rejected (its README:
/// "`normalize()` leaves these malformed string inputs unchanged").
fn fast_uri_refuses() -> Arc<dyn Subject> {
    Arc::new(Refuses(super::double(
        "node-fast-uri",
        "rfc3986",
        &[Op::Normalize],
        uridiff::model::ComponentSet::ALL,
    )))
}

/// A library whose normalize refuses every input.
struct Refuses(uridiff::subjects::SubjectInfo);

impl Subject for Refuses {
    fn info(&self) -> &uridiff::subjects::SubjectInfo {
        &self.0
    }
    fn normalize(&self, _: &[u8], _: &uridiff::subjects::Ctx<'_>) -> Outcome<String> {
        Outcome::rejected("URN can not be parsed")
    }
}

/// fast-uri's parse of `http://u<TAB>@o`: the userinfo keeps the tab (serialized `u%09`).
fn fast_uri_userinfo_tab() -> Arc<dyn Subject> {
    plays("node-fast-uri", "rfc3986", Edition::Rfc3986, |input, o| {
        if input.contains(&b'@') && input.contains(&b'\t') {
            split_with(input, &[])
        } else {
            o
        }
    })
}

/// How many of the findings on `input` no rule explains.
fn unexplained(subject: Arc<dyn Subject>, input: &str) -> usize {
    let engine = Engine::new(vec![subject]);
    let mut task = Task::parse(input.as_bytes().to_vec(), "rules");
    if let Some(rest) = input.strip_prefix("resolve:") {
        let (a, b) = rest.split_once('|').expect("resolve:REFERENCE|BASE");
        task.op = Op::Resolve;
        task.input = a.as_bytes().to_vec();
        task.second = Some(b.as_bytes().to_vec());
    }
    if let Some(rest) = input.strip_prefix("normalize:") {
        task.op = Op::Normalize;
        task.input = rest.as_bytes().to_vec();
    }
    let row = engine.run_one(&task);
    engine
        .findings(&row)
        .into_iter()
        .filter(|f| f.rule.is_none())
        .count()
}

#[test]
fn each_rule_fires_on_its_answer_and_not_one_step_off() {
    let has = |subject: Arc<dyn Subject>, job: &str, id_part: &str| {
        let rules = fired(subject, job);
        rules.iter().any(|r| r.contains(id_part))
    };
    // url-parse: the documented reading is all by design; the query kept in the path is not.
    assert!(has(url_parse_scheme_relative(), "//a/b?q#f", "issue 219"));
    assert_eq!(unexplained(url_parse_scheme_relative(), "//a/b?q#f"), 0);
    assert!(unexplained(url_parse_path_with_query(), "//a/b?q#f") > 0);
    // A single slash is no scheme-relative reference.
    let slash = plays(
        "node-url-parse",
        "url-parse",
        Edition::Rfc3986,
        |input, _| split_with(input, &[(Component::Path, Some("a"))]),
    );
    assert!(!has(slash, "/a", "issue 219"));

    // url-parse: the base's query not inherited, judged as the lenient reading judges (the
    // fragment's control kept raw); the fragment changed too is not that.
    let job = "resolve:#\u{1}cd|http://a/b/c/d;p?q";
    let documented = resolves("node-url-parse", "url-parse", |_, _| {
        "http://a/b/c/d;p#\u{1}cd".into()
    });
    assert!(has(documented, job, "should not be copied or inherited"));
    let off = resolves("node-url-parse", "url-parse", |_, _| {
        "http://a/b/c/d;p#\u{1}c".into()
    });
    assert!(!has(off.clone(), job, "should not be copied or inherited"));
    assert!(unexplained(off, job) > 0);

    // fast-uri: `[` written `%5B` is by design; written `%5D`, another character, is not.
    assert!(has(
        fast_uri_round_trip("%5B"),
        "//[@",
        "serializePathEncoding"
    ));
    assert!(!has(
        fast_uri_round_trip("%5D"),
        "//[@",
        "serializePathEncoding"
    ));
    assert!(unexplained(fast_uri_round_trip("%5D"), "//[@") > 0);

    // fast-uri's normalize refusing a malformed urn; refusing a well-formed one is not that.
    assert!(has(fast_uri_refuses(), "normalize:URN:", "URN handlers"));
    assert!(!has(
        fast_uri_refuses(),
        "normalize:urn:a:b",
        "URN handlers"
    ));
    assert!(unexplained(fast_uri_refuses(), "normalize:urn:a:b") > 0);

    // resolve: the host lowercased, the empty path left empty; another host is not that.
    let job = "resolve://A|http://h:9/";
    let bare = resolves("node-uri-js", "rfc3986", |_, _| "http://a".into());
    assert!(has(bare, job, "normal form"));
    let other = resolves("node-uri-js", "rfc3986", |_, _| "http://b".into());
    assert!(!has(other.clone(), job, "normal form"));
    assert!(unexplained(other, job) > 0);

    // fast-uri: a mailto reference's dot-segments kept; another scheme's are not.
    let kept = resolves("node-fast-uri", "rfc3986", |_, r| {
        String::from_utf8_lossy(r).into_owned()
    });
    assert!(has(
        kept.clone(),
        "resolve:mailto:.|mailto:a@b",
        "dot-segments"
    ));
    assert!(!has(
        kept.clone(),
        "resolve:foo:.|mailto:a@b",
        "dot-segments"
    ));
    assert!(unexplained(kept, "resolve:foo:.|mailto:a@b") > 0);

    // fast-uri: the userinfo keeps an interior tab; with a second "@" the split differs in
    // where the userinfo ends, which is not the encoding.
    assert!(has(fast_uri_userinfo_tab(), "http://u\t@o", "interior tab"));
    let other = plays("node-fast-uri", "rfc3986", Edition::Rfc3986, |input, o| {
        if input.contains(&b'@') && input.contains(&b'\t') {
            split_with(input, &[(Component::Userinfo, Some("v\t"))])
        } else {
            o
        }
    });
    assert!(!has(other.clone(), "http://u\t@o", "interior tab"));
    assert!(unexplained(other, "http://u\t@o") > 0);
}
