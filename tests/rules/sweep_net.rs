//! The cases of the rules added by the sweep of `http`, `go-net-url`, `php-parse-url` and
//! `node-legacy-url` (src/engine/profile/http_request_target.rs, go_net_url.rs,
//! php_parse_url.rs, node_legacy_url.rs): each behaviour the library's source or documentation
//! states, shown through the comparison itself. `http` answers for itself (it runs in process);
//! the workers' libraries are played by doubles that answer as the reference does with the one
//! documented change. Beside each, an answer one step off that no rule may explain.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Engine, Task};
use uridiff::model::{Component, Op, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, library, plays, rejected, resolves, set};

/// `a.com:80` as PHP's `parse_url` reads it: no scheme, a host and a port, no path.
fn php_host_port(_: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    let o = set(Component::Scheme, None)(o);
    let o = set(Component::Path, None)(o);
    let o = set(Component::Host, Some("a.com"))(o);
    set(Component::Port, Some("80"))(o)
}

/// `file:///c:/x` as `parse_url` reads it: no host, the path from the drive letter.
fn php_drive(_: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    let o = set(Component::Host, None)(set(Component::Authority, None)(o));
    set(Component::Path, Some("c:/x"))(o)
}

/// `url.format` of `url.parse('file:')`: `file://`.
fn node_formats_file(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    o.map(|mut p| {
        if input == b"file:" {
            p.serialization = Some("file://".into());
        }
        p
    })
}

/// (the library, the job, a piece of the rule's name it must fire), for the test below and
/// for `every_rule_fires_through_the_comparison`.
fn named() -> Vec<(Arc<dyn Subject>, &'static str, &'static str)> {
    let rfc3986 = Edition::Rfc3986;
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
        // Go's unescape in a host.
        (
            plays("go-net-url", "go-net-url", rfc3986, |_, _| rejected()),
            "//%2c",
            "can only be used for non-ASCII bytes",
        ),
        (
            plays("go-net-url", "go-net-url", rfc3986, |_, _| rejected()),
            "http://%41/x",
            "can only be used for non-ASCII bytes",
        ),
        // Go's URL has no empty fragment.
        (
            resolves("go-net-url", "go-net-url", |_, _| {
                "http://a/b/c/d;p?q".into()
            }),
            "resolve:#|http://a/b/c/d;p?q",
            "URL.Fragment has no empty fragment",
        ),
        (
            resolves("go-net-url", "go-net-url", |_, _| "http://a/b/c/g".into()),
            "resolve:g#|http://a/b/c/d;p?q",
            "URL.Fragment has no empty fragment",
        ),
        // ResolveReference takes an absolute base: against a relative one it answers
        // (`"" against "b/c"` is `/b/c` with Go 1.19), outside its contract.
        (
            resolves("go-net-url", "go-net-url", |_, _| "/b/c".into()),
            "resolve:|b/c",
            "outside ResolveReference's contract",
        ),
        (
            resolves("go-net-url", "go-net-url", |_, _| "//h/g".into()),
            "resolve:g|//h",
            "outside ResolveReference's contract",
        ),
        // Userinfo.String(): sub-delims escaped, and the password's ":".
        (
            plays("go-net-url", "go-net-url", rfc3986, |_, o| {
                set(Component::Userinfo, Some("%21:%3A"))(o)
            }),
            "//!::@h",
            "Userinfo.String()",
        ),
        // PHP's url.c.
        (
            plays("php-parse-url", "php-parse-url", rfc3986, php_host_port),
            "a.com:80",
            "things like a.com:80",
        ),
        (
            plays("php-parse-url", "php-parse-url", rfc3986, php_drive),
            "file:///c:/x",
            "support windows drive letters",
        ),
        // url.format's "//" after file:.
        (
            plays(
                "node-legacy-url",
                "node-legacy-url",
                rfc3986,
                node_formats_file,
            ),
            "file:",
            "url.format writes \"//\" after http",
        ),
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
    // http: a byte outside the URL Standard's unencoded sets (non-ASCII, which its tables take
    // as "Potentially utf8"), and a fragment, which its path and query tables never read.
    unexplained(library("http"), "/\u{e9}");
    unexplained(library("http"), "/?\u{e9}");
    unexplained(library("http"), "/#\\");
    // Go: escaped non-ASCII bytes are taken in a host, so refusing them is no documented rule.
    unexplained(
        plays("go-net-url", "go-net-url", rfc3986, |_, _| rejected()),
        "//%c3%a9",
    );
    // Go: the base's fragment kept for an empty reference is not the missing empty fragment.
    unexplained(
        resolves("go-net-url", "go-net-url", |_, _| "http://a/b#f".into()),
        "resolve:#|http://a/b#f",
    );
    // Go: a reference the grammar refuses is accepted, against a relative base as against an
    // absolute one: the library's own reading, not the base's.
    unexplained(
        resolves("go-net-url", "go-net-url", |_, _| "/b/a%20b".into()),
        "resolve:a b|b/c",
    );
    unexplained(
        resolves("go-net-url", "go-net-url", |_, _| {
            "http://a/b/c/a%20b".into()
        }),
        "resolve:a b|http://a/b/c/d;p?q",
    );
    // Go: a sub-delim left as written, or "$" escaped, is not what Userinfo.String() gives.
    unexplained(
        plays("go-net-url", "go-net-url", rfc3986, |_, o| {
            set(Component::Userinfo, Some("%24"))(o)
        }),
        "//$@h",
    );
    // PHP: another port than the one written.
    unexplained(
        plays("php-parse-url", "php-parse-url", rfc3986, |i, o| {
            set(Component::Port, Some("8080"))(php_host_port(i, o))
        }),
        "a.com:80",
    );
    // PHP: no drive letter, no shortened path.
    unexplained(
        plays("php-parse-url", "php-parse-url", rfc3986, |_, o| {
            set(Component::Path, Some("cc/x"))(o)
        }),
        "file:///cc/x",
    );
    // Node: a protocol url.format does not write with "//".
    unexplained(
        plays("node-legacy-url", "node-legacy-url", rfc3986, |input, o| {
            o.map(|mut p| {
                if input == b"foo:" {
                    p.serialization = Some("foo://".into());
                }
                p
            })
        }),
        "foo:",
    );
}
