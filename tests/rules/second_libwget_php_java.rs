//! The cases of the rules added or widened by the fix of the false alarms of libwget and PHP's
//! `parse_url` (audit/sweep2-libwget-php-java.md): each library played by a double that answers as its reference
//! does with the one documented change, and a one-step-off answer that stays unexplained.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Engine, Task};
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, plays, resolves, set};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (
            wget_fragment_replaces_the_file_name(),
            "resolve:#|http://a/b/c?q",
        ),
        (wget_absolute_path_normalized(), "resolve:/.//|coap://h/#"),
        (php_host_port_then_fragment(), "B:5/#"),
    ]
}

/// libwget resolving `#` against `http://a/b/c?q`: `#` is a relative path to
/// `wget_iri_relative_to_abs` (no "/" first, no ":"), so it replaces the file name.
fn wget_fragment_replaces_the_file_name() -> Arc<dyn Subject> {
    resolves("c-libwget", "libwget", |_, _| "http://a/b/#".into())
}

/// libwget resolving `/.//` against `coap://h/#`: "it is normalized first" (every leading "/"
/// and "./" skipped) and replaces the base's path.
fn wget_absolute_path_normalized() -> Arc<dyn Subject> {
    resolves("c-libwget", "libwget", |_, _| "coap://h/".into())
}

/// `B:5/#` as `parse_url` reads it: host `B`, port 5, path `/`, an empty fragment, no scheme.
fn php_host_port_then_fragment() -> Arc<dyn Subject> {
    plays("php-parse-url", "php-parse-url", Edition::Rfc3986, php_b5)
}

fn php_b5(_: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    let o = set(Component::Scheme, None)(o);
    let o = set(Component::Host, Some("B"))(o);
    let o = set(Component::Port, Some("5"))(o);
    set(Component::Path, Some("/"))(o)
}

const WGET_RELATIVE: &str = "libwget: a relative path replaces the base's file name, the result normalized (iri.c: wget_iri_relative_to_abs, normalize_path)";

const WGET_ABSOLUTE: &str = "libwget: an absolute path is normalized and replaces the base's path (iri.c: wget_iri_relative_to_abs, normalize_path)";

const PHP_HOST_PORT: &str =
    "php-parse-url: name:digits is a host and its port (url.c: \"correctly parse things like a.com:80\")";

#[test]
fn libwget_reads_a_fragment_or_query_as_a_relative_path() {
    let rules = fired(
        wget_fragment_replaces_the_file_name(),
        "resolve:#|http://a/b/c?q",
    );
    assert_eq!(rules, vec![WGET_RELATIVE], "{rules:?}");
    let query = resolves("c-libwget", "libwget", |_, _| "http://a/b/?".into());
    assert_eq!(
        fired(query, "resolve:?|http://a/b/c?q"),
        vec![WGET_RELATIVE]
    );
    // One step off: the file name kept (RFC 3986's answer without the query) is not libwget's.
    let wrong = resolves("c-libwget", "libwget", |_, _| "http://a/b/c#".into());
    assert!(fired(wrong, "resolve:#|http://a/b/c?q").is_empty());
    // A ":" anywhere makes libwget return the reference untouched: no documented behaviour.
    let colon = resolves("c-libwget", "libwget", |_, _| "http://a/b/:".into());
    assert!(fired(colon, "resolve:./:|http://a/b/c").is_empty());
}

#[test]
fn libwget_normalizes_an_absolute_path_and_replaces_the_base_path() {
    let rules = fired(wget_absolute_path_normalized(), "resolve:/.//|coap://h/#");
    assert_eq!(rules, vec![WGET_ABSOLUTE], "{rules:?}");
    let dots = resolves("c-libwget", "libwget", |_, _| "http://h:8080/b/c?d".into());
    assert_eq!(
        fired(dots, "resolve:/a/../b//c?d|http://h:8080/x/y?q"),
        vec![WGET_ABSOLUTE]
    );
    // One step off: the "//" kept.
    let wrong = resolves("c-libwget", "libwget", |_, _| "coap://h//".into());
    assert!(fired(wrong, "resolve:/.//|coap://h/#").is_empty());
}

#[test]
fn php_reads_name_colon_digits_slash_as_host_and_port_with_a_fragment() {
    let rules = fired(php_host_port_then_fragment(), "B:5/#");
    assert!(!rules.is_empty());
    assert!(rules.iter().all(|r| r == PHP_HOST_PORT), "{rules:?}");
    // One step off: the port read as 50, which stays unexplained.
    let wrong = plays(
        "php-parse-url",
        "php-parse-url",
        Edition::Rfc3986,
        |i, o| set(Component::Port, Some("50"))(php_b5(i, o)),
    );
    let engine = Engine::new(vec![wrong]);
    let row = engine.run_one(&Task::parse(b"B:5/#".to_vec(), "rules"));
    let findings = engine.findings(&row);
    assert!(findings.iter().any(|f| f.rule.is_none()), "{findings:?}");
}
