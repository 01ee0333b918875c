//! The cases that make the rules added by the sweep of the C and C++ parsers' unexplained
//! classes fire (libwget, uriparser, Boost.URL, libcurl), each library played by a double that
//! answers as its reference does with the one documented change.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::Component;
use uridiff::subjects::Subject;

use super::{fired, plays, resolves, set};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (wget_reads_slash_dot_as_a_host(), "/."),
        (wget_resolves_to_the_directory(), "resolve:|http://a/b/c?q"),
    ]
}

/// libwget on `/.`: `http://` added, the "/" skipped, `.` read as the host, no path.
fn wget_reads_slash_dot_as_a_host() -> Arc<dyn Subject> {
    plays("c-libwget", "libwget", Edition::Rfc3986, |_, o| {
        set(Component::Path, None)(set(Component::Host, Some("."))(set(
            Component::Scheme,
            Some("http"),
        )(o)))
    })
}

/// libwget resolving against `http://a/b/c?q`: "the file name of the base IRI's path is
/// replaced by that path", so `''` gives the directory, query gone.
fn wget_resolves_to_the_directory() -> Arc<dyn Subject> {
    resolves("c-libwget", "libwget", |_, _| "http://a/b/".into())
}

const WGET_RELATIVE: &str = "libwget: a relative path replaces the base's file name, the result normalized (iri.c: wget_iri_relative_to_abs, normalize_path)";

const WGET_SLASHES: &str = "libwget: a URL without a scheme is read as HTTP, and every \"/\" after the scheme skipped (wget2(1), --https-enforce=none: \"Use HTTP for URLs without scheme\"; iri.c: \"accept any number of /\")";

#[test]
fn libwget_skips_every_slash_before_the_authority() {
    let rules = fired(wget_reads_slash_dot_as_a_host(), "/.");
    // Scheme, host and path all differ from RFC 3986's reading, each by the one rule.
    assert_eq!(rules, vec![WGET_SLASHES; 3], "{rules:?}");
}

#[test]
fn libwget_slash_rule_does_not_cover_schemes_its_comment_does_not_name() {
    // `a:b` read as host `b`: the comment names http, https, ftp and file only.
    let double = plays("c-libwget", "libwget", Edition::Rfc3986, |_, o| {
        set(Component::Path, None)(set(Component::Host, Some("b"))(o))
    });
    assert!(fired(double, "a:b").is_empty());
}

#[test]
fn libwget_replaces_the_file_name_with_a_relative_path() {
    let rules = fired(wget_resolves_to_the_directory(), "resolve:|http://a/b/c?q");
    assert_eq!(rules, vec![WGET_RELATIVE], "{rules:?}");
    // Any other target is no documented behaviour.
    let wrong = resolves("c-libwget", "libwget", |_, _| "http://a/".into());
    assert!(fired(wrong, "resolve:|http://a/b/c?q").is_empty());
}
