//! The cases of the rules that judging every parser on every input needed: a rejection of what
//! the reference accepts is judged for a parser that does not decide validity too, so a
//! documented refusal must be a rule (urllib's out-of-range port), and what a parser reads from
//! an input its reference rejects is judged against the lenient reading, so a documented
//! reading there must be a rule (libwget's query read as ISO-8859-1); each with a one-step-off
//! answer that stays a finding. Most are now their rules' own examples; these are the doubles
//! an example does not express.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Class, Engine, Task};
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, plays, split_with};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![(wget_scheme("http"), "///@@")]
}

/// Go's `url.Parse` and Python's `urlsplit` one step off their reading of `http:\\a` (no host,
/// the rest a path, where the URL Standard reads `http://a/`): every input split as RFC 3986's
/// split reads it, and the host `b` put in.
fn no_authority(name: &'static str) -> Arc<dyn Subject> {
    plays(name, name, Edition::Rfc3986, |input, _| {
        split_with(input, &[(Component::Host, Some("b"))])
    })
}

#[test]
fn a_host_read_without_two_slashes_stays_a_finding() {
    // The libraries' reading without "//" is their rules' examples; a host read after the
    // scheme without "//" is a finding (the path, still RFC 3986's, stays by design).
    for name in ["go-net-url", "python-urllib", "python-furl"] {
        for input in ["http:\\a", "http:/\\a"] {
            let engine = Engine::new(vec![no_authority(name)]);
            let found = engine.findings(&engine.run_one(&Task::parse(input.into(), "t")));
            assert!(found.iter().any(|f| f.rule.is_none()), "{found:?}");
        }
    }
}

/// libwget's scheme of `///@@`, as run here: `http` (the input read as `http://@@`, which is no
/// URI: its host `@` is judged on its own).
fn wget_scheme(scheme: &'static str) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> = match scheme {
        "http" => |input, _| split_with(input, &[(Component::Scheme, Some("http"))]),
        _ => |input, _| split_with(input, &[(Component::Scheme, Some("https"))]),
    };
    plays("c-libwget", "libwget", Edition::Rfc3986, change)
}

#[test]
fn libwget_reads_a_scheme_less_input_as_http_whatever_follows_and_nothing_else_is_that() {
    let named = |rules: &[String]| {
        rules
            .iter()
            .any(|r| r.contains("without a scheme is read as HTTP"))
    };
    assert!(named(&fired(wget_scheme("http"), "///@@")));
    // One step off: another scheme filled in is a finding.
    assert!(!named(&fired(wget_scheme("other"), "///@@")));
}

/// URI.js on `ftp:\x02`, as run here: host `\x02`, path `/` (its `ftp:` rewritten `ftp://`).
fn urijs_rewrites(host: &'static str) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> = match host {
        "\u{2}" => |_, _| split_with(b"ftp://\x02/", &[]),
        _ => |_, _| split_with(b"ftp://\x03/", &[]),
    };
    plays("node-urijs", "urijs", Edition::Rfc3986, change)
}

#[test]
fn urijs_reads_slashes_after_ftp_as_two_on_an_invalid_input_too() {
    let run = |subject| {
        let engine = Engine::new(vec![subject]);
        engine.findings(&engine.run_one(&Task::parse(b"ftp:\x02".to_vec(), "t")))
    };
    let host = |found: &[uridiff::engine::Finding]| {
        found
            .iter()
            .find(|f| f.signature.class == Class::Lenient(Component::Host))
            .map(|f| f.rule.is_some())
    };
    let found = run(urijs_rewrites("\u{2}"));
    assert_eq!(host(&found), Some(true), "{found:?}");
    // One step off: another host than the rewritten input's stays a finding.
    let found = run(urijs_rewrites("other"));
    assert_eq!(host(&found), Some(false), "{found:?}");
}

#[test]
fn url_parse_trims_a_reference_before_it_drops_the_base_query_and_nothing_else_is_that() {
    const JOB: &str = "resolve:\0|http://a/b/c/d;p?q";
    let named = |rules: &[String]| {
        rules
            .iter()
            .any(|r| r.contains("never takes the base's query"))
    };
    // `new URL("\0", "http://a/b/c/d;p?q").href` is `http://a/b/c/d;p` (url-parse, run here).
    let dropped = super::resolves("node-url-parse", "url-parse", |_, _| {
        "http://a/b/c/d;p".into()
    });
    assert!(named(&fired(dropped, JOB)));
    // One step off: the query kept but the path changed is another target.
    let other = super::resolves("node-url-parse", "url-parse", |_, _| {
        "http://a/b/c/d".into()
    });
    assert!(!named(&fired(other, JOB)));
}
