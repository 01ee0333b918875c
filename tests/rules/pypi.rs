//! The cases of the PyPI workers' rules (profiles `python-urllib3`, `python-yarl`,
//! `python-furl`, and `python-hyperlink`'s own rules under `rfc3986`): each library played by a
//! double that answers as the reference does with the one documented change.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::Component;
use uridiff::subjects::Subject;

use super::{normalizes_as, plays, resolves, set};

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
        // urllib3: a path without a scheme, its dot segments removed and its percent-encodings
        // uppercased (parse_url("/./%aa").path is "/%AA"); a host's normalized ("//%41": "a").
        (
            plays("python-urllib3", "python-urllib3", rfc3986, |_, o| {
                set(Component::Path, Some("/%AA"))(o)
            }),
            "/./%aa",
        ),
        (
            plays("python-urllib3", "python-urllib3", rfc3986, |_, o| {
                set(Component::Host, Some("a"))(o)
            }),
            "//%41",
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
        // yarl: URL("//[::1.0.2.1]").raw_host is "::100:201"; "%3D" has the path "=", "?%2F" the
        // query "/", "#%2B" the fragment "+", "//::@" the password "%3A"; URL("http://a").join(
        // URL("?y")) is "http://a/?y".
        (
            plays("python-yarl", "python-yarl", rfc3986, |_, o| {
                set(Component::Host, Some("::100:201"))(o)
            }),
            "//[::1.0.2.1]",
        ),
        (
            plays("python-yarl", "python-yarl", rfc3986, |_, o| {
                set(Component::Path, Some("="))(o)
            }),
            "%3D",
        ),
        (
            plays("python-yarl", "python-yarl", rfc3986, |_, o| {
                set(Component::Query, Some("/"))(o)
            }),
            "?%2F",
        ),
        (
            plays("python-yarl", "python-yarl", rfc3986, |_, o| {
                set(Component::Fragment, Some("+"))(o)
            }),
            "#%2B",
        ),
        (
            plays("python-yarl", "python-yarl", rfc3986, |_, o| {
                set(Component::Userinfo, Some(":%3A"))(o)
            }),
            "//::@",
        ),
        (
            resolves("python-yarl", "python-yarl", |_, _| "http://a/?y".into()),
            "resolve:?y|http://a",
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
        // furl: furl("git:").port is 9418, furl("//:01").port 1, furl("http://:80").netloc '';
        // str() of the path of "%87" is "%EF%BF%BD", of the query of "?/" "%2F", of the fragment
        // of "#:=" "%3A=".
        (
            plays("python-furl", "python-furl", rfc3986, |_, o| {
                set(Component::Port, Some("9418"))(o)
            }),
            "git:",
        ),
        (
            plays("python-furl", "python-furl", rfc3986, |_, o| {
                set(Component::Port, Some("1"))(o)
            }),
            "//:01",
        ),
        (
            plays("python-furl", "python-furl", rfc3986, |_, o| {
                set(Component::Authority, Some(""))(o)
            }),
            "http://:80",
        ),
        (
            plays("python-furl", "python-furl", rfc3986, |_, o| {
                set(Component::Path, Some("%EF%BF%BD"))(o)
            }),
            "%87",
        ),
        (
            plays("python-furl", "python-furl", rfc3986, |_, o| {
                set(Component::Query, Some("%2F"))(o)
            }),
            "?/",
        ),
        (
            plays("python-furl", "python-furl", rfc3986, |_, o| {
                set(Component::Fragment, Some("%3A="))(o)
            }),
            "#:=",
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
        // hyperlink: parse("git://").port is 9418, parse("//:00").port 0, parse("//a?q") has the
        // path ("",) (to_text "//a/?q"); normalize() of "." is "" and of "//c" "//c/".
        (
            plays("python-hyperlink", "rfc3986", rfc3986, |_, o| {
                set(Component::Port, Some("9418"))(o)
            }),
            "git://",
        ),
        (
            plays("python-hyperlink", "rfc3986", rfc3986, |_, o| {
                set(Component::Port, Some("0"))(o)
            }),
            "//:00",
        ),
        (
            plays("python-hyperlink", "rfc3986", rfc3986, |_, o| {
                set(Component::Path, Some("/"))(o)
            }),
            "//a?q",
        ),
        (
            normalizes_as("python-hyperlink", "rfc3986", |_| String::new()),
            "normalize:.",
        ),
        (
            normalizes_as("python-hyperlink", "rfc3986", |_| "//c/".into()),
            "normalize://c",
        ),
        (
            // RFC 3986 5.4.1's "?" is http://a/b/c/d;p? : click reads "?" as no query at all
            // (an empty query tuple) and keeps the base's.
            resolves("python-hyperlink", "rfc3986", |_, _| {
                "http://a/b/c/d;p?q".into()
            }),
            "resolve:?|http://a/b/c/d;p?q",
        ),
    ]
}
