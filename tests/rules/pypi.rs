//! The cases of the PyPI workers' rules (profiles `python-urllib3`, `python-yarl`,
//! `python-furl`, and `python-hyperlink`'s own rules under `rfc3986`): each library played by a
//! double that answers as the reference does with the one documented change.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::Component;
use uridiff::subjects::Subject;

use super::{plays, resolves, set};

/// (subject, case) pairs for `every_rule_fires_through_the_comparison`.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    let rfc3986 = Edition::Rfc3986;
    vec![
        // urllib3: "$" read as an authority (host "$", no path).
        (
            plays("python-urllib3", "python-urllib3", rfc3986, |_, o| {
                set(Component::Path, None)(set(Component::Host, Some("$"))(set(
                    Component::Authority,
                    Some("$"),
                )(o)))
            }),
            "$",
        ),
        (
            plays("python-urllib3", "python-urllib3", rfc3986, |_, o| {
                set(Component::Host, None)(o)
            }),
            "//",
        ),
        (
            plays("python-urllib3", "python-urllib3", rfc3986, |_, o| {
                set(Component::Path, Some("/b"))(o)
            }),
            "a:b",
        ),
        (
            plays("python-urllib3", "python-urllib3", rfc3986, |_, o| {
                set(Component::Path, Some("/a"))(o)
            }),
            "/./a",
        ),
        (
            plays("python-urllib3", "python-urllib3", rfc3986, |_, o| {
                set(Component::Port, Some("80"))(o)
            }),
            "http://a:080/",
        ),
        // yarl.
        (
            plays("python-yarl", "python-yarl", rfc3986, |_, o| {
                set(Component::Query, Some(""))(o)
            }),
            "http://a/",
        ),
        (
            plays("python-yarl", "python-yarl", rfc3986, |_, o| {
                set(Component::Userinfo, None)(o)
            }),
            "http://@a/",
        ),
        (
            plays("python-yarl", "python-yarl", rfc3986, |_, o| {
                set(Component::Host, Some("::1"))(o)
            }),
            "http://[::1]/",
        ),
        (
            plays("python-yarl", "python-yarl", rfc3986, |_, o| {
                set(Component::Path, Some("/"))(o)
            }),
            "http://a",
        ),
        (
            plays("python-yarl", "python-yarl", rfc3986, |_, o| {
                set(Component::Port, Some("80"))(o)
            }),
            "http://a:080/",
        ),
        // furl.
        (
            plays("python-furl", "python-furl", rfc3986, |_, o| {
                set(Component::Port, Some("80"))(o)
            }),
            "http://a/",
        ),
        (
            plays("python-furl", "python-furl", rfc3986, |_, o| {
                set(Component::Fragment, Some(""))(o)
            }),
            "http://a/",
        ),
        (
            plays("python-furl", "python-furl", rfc3986, |_, o| {
                set(Component::Userinfo, Some("$"))(o)
            }),
            "//%24@a",
        ),
        // hyperlink, under rfc3986.
        (
            plays("python-hyperlink", "rfc3986", rfc3986, |_, o| {
                set(Component::Fragment, Some(""))(o)
            }),
            "http://a/",
        ),
        (
            plays("python-hyperlink", "rfc3986", rfc3986, |_, o| {
                set(Component::Port, Some("80"))(o)
            }),
            "http://a/",
        ),
        (
            plays("python-hyperlink", "rfc3986", rfc3986, |_, o| {
                set(Component::Host, Some("::1"))(o)
            }),
            "http://[::1]/",
        ),
        (
            // RFC 3986 5.4.1's "?" is http://a/b/c/d;p? : click has no empty query.
            resolves("python-hyperlink", "rfc3986", |_, _| {
                "http://a/b/c/d;p".into()
            }),
            "resolve:?|http://a/b/c/d;p?q",
        ),
    ]
}
