//! The cases that make each rule of Debian 12's parsers fire (uriparser, libwget, Mojo::URL,
//! OkHttp's HttpUrl), each library played by a double that answers as its reference does with
//! the one documented change.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::Component;
use uridiff::subjects::Subject;

use super::{plays, rejected, set};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    let rfc3986 = Edition::Rfc3986;
    vec![
        (
            plays("c-uriparser", "rfc3986", rfc3986, |_, o| {
                set(Component::Host, Some("::1"))(o)
            }),
            "http://[::1]/",
        ),
        (
            plays("c-libwget", "libwget", rfc3986, |_, o| {
                set(Component::Path, Some("/b c"))(o)
            }),
            "http://a/b%20c",
        ),
        (
            plays("c-libwget", "libwget", rfc3986, |_, o| {
                set(Component::Host, Some("::1"))(o)
            }),
            "http://[::1]/",
        ),
        (
            plays("c-libwget", "libwget", rfc3986, |_, o| {
                set(Component::Path, None)(o)
            }),
            "http://a",
        ),
        (
            plays("c-libwget", "libwget", rfc3986, |_, o| {
                set(Component::Scheme, Some("http"))(o)
            }),
            "//a/b",
        ),
        (
            plays("perl-mojo-url", "mojo-url", rfc3986, |_, o| {
                set(Component::Query, Some(""))(o)
            }),
            "http://a/b",
        ),
        (
            plays("perl-mojo-url", "mojo-url", rfc3986, |_, o| {
                set(Component::Userinfo, Some("!"))(o)
            }),
            "http://%21@a/",
        ),
        (
            plays("java-okhttp", "whatwg-url", rfc3986, |_, _| rejected()),
            "foo:bar",
        ),
        (
            plays("java-okhttp", "whatwg-url", rfc3986, |_, o| {
                set(Component::Host, Some("::1"))(o)
            }),
            "http://[::1]/",
        ),
        (
            plays("java-okhttp", "whatwg-url", rfc3986, |_, o| {
                set(Component::Port, Some("80"))(o)
            }),
            "http://a/",
        ),
        (
            plays("java-okhttp", "whatwg-url", rfc3986, |_, _| rejected()),
            "http://a:0/",
        ),
    ]
}
