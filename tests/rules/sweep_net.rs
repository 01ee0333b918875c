//! The cases of the rules added by the sweep of `http`, `go-net-url`, `php-parse-url` and
//! `node-legacy-url` (src/engine/profile/http_request_target.rs, go_net_url.rs,
//! php_parse_url.rs, node_legacy_url.rs): each behaviour the library's source or documentation
//! states, shown through the comparison itself. `http` answers for itself (it runs in process);
//! the workers' libraries' cases are their rules' own examples, but for PHP's host and port
//! read one step off, which stays a finding while the rule explains the other parts. Beside
//! each, an answer one step off that no rule may explain.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Engine, Task};
use uridiff::model::{Component, Op, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, library, plays, set};

/// `a.com:80` as PHP's `parse_url` reads it: no scheme, a host and a port, no path.
fn php_host_port(_: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    let o = set(Component::Scheme, None)(o);
    let o = set(Component::Path, None)(o);
    let o = set(Component::Host, Some("a.com"))(o);
    set(Component::Port, Some("80"))(o)
}

/// (the library, the job, a piece of the rule's name it must fire), for the test below and
/// for `every_rule_fires_through_the_comparison`: `http` answering for itself (the workers'
/// libraries' cases are their rules' own examples).
fn named() -> Vec<(Arc<dyn Subject>, &'static str, &'static str)> {
    vec![
        // http's path table: "See https://url.spec.whatwg.org/#path-state".
        (library("http"), "//[]", "#path-state and #query-state"),
        (library("http"), "/a\\b", "#path-state and #query-state"),
        (library("http"), "/%", "#path-state and #query-state"),
        (library("http"), "/?`", "#path-state and #query-state"),
        (library("http"), "/{\"}", "#path-state and #query-state"),
        (library("http"), "p://h/[", "#path-state and #query-state"),
        // validate_authority_bytes.
        (library("http"), "p://%41", "will fail with an error"),
        (library("http"), "p://u@%41:1/", "will fail with an error"),
        (library("http"), "g://@", "this is bonkers"),
        (library("http"), "g://u@/x", "this is bonkers"),
    ]
}

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    named()
        .into_iter()
        .map(|(s, input, _)| (s, input))
        .collect()
}

#[test]
fn each_sweep_rule_fires_on_its_case() {
    for (subject, input, rule) in named() {
        let name = subject.info().name.clone();
        let rules = fired(subject, input);
        assert!(
            rules.iter().any(|r| r.contains(rule)),
            "{name} on {input:?}: expected a rule naming {rule:?}, got {rules:?}"
        );
    }
}

/// The findings of `subject` on `input` (parse, or `resolve:REF|BASE`) and the rule of each.
fn findings(subject: Arc<dyn Subject>, input: &str) -> Vec<(String, Option<String>)> {
    let engine = Engine::new(vec![subject]);
    let mut task = Task::parse(input.as_bytes().to_vec(), "sweep-net");
    if let Some((r, b)) = input
        .strip_prefix("resolve:")
        .and_then(|s| s.split_once('|'))
    {
        task.op = Op::Resolve;
        task.input = r.as_bytes().to_vec();
        task.second = Some(b.as_bytes().to_vec());
    }
    let row = engine.run_one(&task);
    engine
        .findings(&row)
        .into_iter()
        .map(|f| {
            (
                format!("{:?}", f.signature.class),
                f.rule.map(|r| r.label()),
            )
        })
        .collect()
}

#[track_caller]
fn unexplained(subject: Arc<dyn Subject>, input: &str) {
    let found = findings(subject, input);
    assert!(!found.is_empty(), "{input:?}: no finding at all");
    // The parts a rule does compute stay explained; what it does not is left a finding.
    assert!(
        found.iter().any(|(_, rule)| rule.is_none()),
        "{input:?}: rules explained every part, one the library does not document: {found:?}"
    );
}

#[test]
fn what_the_libraries_do_not_state_stays_unexplained() {
    let rfc3986 = Edition::Rfc3986;
    // http: a fragment, which its path and query tables never read (UTF-8 in the path and
    // query is documented: its CHANGELOG 1.3.0, "Allow most UTF-8 characters in URI path and
    // query"); UTF-8 beside an undocumented fragment leaves the fragment unexplained.
    unexplained(library("http"), "/#\\");
    unexplained(library("http"), "/\u{e9}#\\");
    // PHP: another port than the one written.
    unexplained(
        plays("php-parse-url", "php-parse-url", rfc3986, |i, o| {
            set(Component::Port, Some("8080"))(php_host_port(i, o))
        }),
        "a.com:80",
    );
}
