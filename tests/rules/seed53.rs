//! The cases of the rules the audits of seeds 51 to 56 led to: each library's documented
//! answer, played by a double, and an answer one step off that stays a finding (or a job the
//! rule does not reach).

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::subjects::Subject;

use super::{always_equal, fired, plays, rejected, resolves, resolves_wrapping, split_with};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (
            always_equal("iref", "rfc3987-iri"),
            "equivalent:///@|///%40",
        ),
        (
            resolves("python-furl", "python-furl", |_, _| {
                "http://a/b/c/%EF%BF%BD".into()
            }),
            "resolve:%cd|http://a/b/c/d;p?q",
        ),
        (urllib_split(), "http://a/\0"),
        (addressable_refuses(), "HTTP:"),
        (
            resolves("node-urijs", "urijs", |_, _| "http://a/~u/~u/".into()),
            "resolve:.|http://a/%7Eu/%7eu/x",
        ),
        (fast_uri_resolves(), "resolve:\\|http://a/b/c/d;p?q"),
        (ruby_refuses(), "ldap:a"),
        (without_tabs("node-url-parse", "url-parse"), "o://a\tb"),
    ]
}

/// fast-uri's resolve, its interior characters encoded.
fn fast_uri_resolves() -> Arc<dyn Subject> {
    resolves("node-fast-uri", "rfc3986", |_, _| "http://a/b/c/%5C".into())
}

/// Ruby's URI, played as a refusal of every input.
fn ruby_refuses() -> Arc<dyn Subject> {
    plays("ruby-uri", "ruby-uri", Edition::Rfc3986, |_, _| rejected())
}

/// urlsplit: the Appendix B split of the input with its leading C0 controls and spaces stripped
/// (nothing else here).
fn urllib_split() -> Arc<dyn Subject> {
    plays(
        "python-urllib",
        "python-urllib",
        Edition::Rfc3986,
        |input, _| {
            let start = input.iter().position(|&b| b > b' ').unwrap_or(input.len());
            split_with(&input[start..], &[])
        },
    )
}

/// URI.parse, url-parse: the split of the input with its tabs, CRs and LFs removed.
fn without_tabs(name: &str, profile: &str) -> Arc<dyn Subject> {
    plays(name, profile, Edition::Rfc3986, |input, _| {
        let removed: Vec<u8> = input
            .iter()
            .copied()
            .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'))
            .collect();
        split_with(&removed, &[])
    })
}

/// Addressable's `validate`, played as a refusal of every input.
fn addressable_refuses() -> Arc<dyn Subject> {
    plays(
        "ruby-addressable",
        "rfc3987-iri",
        Edition::Rfc3986,
        |_, _| rejected(),
    )
}

#[test]
fn each_rule_fires_on_its_answer_and_not_one_step_off() {
    let one = |subject: Arc<dyn Subject>, job: &str, id_part: &str| {
        let rules = fired(subject, job);
        assert!(
            rules.iter().any(|r| r.contains(id_part)),
            "{job}: {rules:?}"
        );
    };
    one(
        always_equal("iref", "rfc3987-iri"),
        "equivalent:///@|///%40",
        "pct-str",
    );
    one(urllib_split(), "http://a/\0", "trailing ones kept");
    one(
        addressable_refuses(),
        "HTTP:",
        "missing hierarchical segment",
    );
    // One step off: a "/" decoded joins two segments (iref keeps them apart); no trailing
    // control; a scheme Addressable does not call IP-based.
    let none = |subject: Arc<dyn Subject>, job: &str, id_part: &str| {
        let rules = fired(subject, job);
        assert!(
            !rules.iter().any(|r| r.contains(id_part)),
            "{job}: {rules:?}"
        );
    };
    none(
        always_equal("iref", "rfc3987-iri"),
        "equivalent:a:%2F|a:/",
        "pct-str",
    );
    none(urllib_split(), "http://a/\tb", "trailing ones kept");
    none(addressable_refuses(), "a:", "missing hierarchical segment");
    one(
        fast_uri_resolves(),
        "resolve:\\|http://a/b/c/d;p?q",
        "interior tab or newline",
    );
    none(
        fast_uri_resolves(),
        "resolve:\\x|http://a/b/c/d;p?q",
        "interior tab or newline",
    );
    one(ruby_refuses(), "ldap:a", "RFC2255");
    none(ruby_refuses(), "ldap:/a", "RFC2255");
    one(
        without_tabs("node-url-parse", "url-parse"),
        "o://a\tb",
        "CRHTLF",
    );
    none(
        without_tabs("node-url-parse", "url-parse"),
        "o://a b",
        "CRHTLF",
    );
    none(
        resolves("node-urijs", "urijs", |_, _| "http://a/~v/".into()),
        "resolve:.|http://a/%7Eu/%7eu/x",
        "base in its normal form",
    );
}

/// A maintainer's worker of iri-string under a name of its own takes iri-string's rules when it
/// says it wraps it (`iri-string/pct-dot-segments-resolved`: `%2E%2E/g` against
/// `http://a/b/c/d` is `http://a/b/g`), and not otherwise.
#[test]
fn a_worker_that_wraps_a_shipped_parser_takes_its_rules() {
    let answer: super::Resolves = |_, _| "http://a/b/g".into();
    let job = "resolve:%2E%2E/g|http://a/b/c/d";
    let rules = fired(
        resolves_wrapping("my-iri", "iri-string", "rfc3986", answer),
        job,
    );
    assert!(
        rules.iter().any(|r| r.starts_with("iri-string: ")),
        "{rules:?}"
    );
    // One step off: the same worker declaring nothing, or wrapping another library.
    assert!(fired(resolves("my-iri", "rfc3986", answer), job).is_empty());
    let other = resolves_wrapping("my-iri", "fluent-uri", "rfc3986", answer);
    assert!(!fired(other, job)
        .iter()
        .any(|r| r.starts_with("iri-string: ")));
}
