//! Rules of OkHttp's HttpUrl (`java-okhttp`, profile `whatwg-url`: its class documentation says
//! it "prefers consistency with major web browsers over consistency with obsolete
//! specifications"), each from that documentation (OkHttp 3.13):
//! - "this class only supports http and https";
//! - Host: "an IPv6 address like ::1", without the brackets;
//! - Port: "This class never returns -1 for the port: if no port is explicitly specified in the
//!   URL then the scheme's default is used"; `port()`: "The result is in [1..65535]", so a URL
//!   whose port is 0 is not taken;
//! - "When parsing URLs that lack percent encoding where it is required, this class will
//!   percent encode the offending characters": its path segment encode set
//!   (`PATH_SEGMENT_ENCODE_SET`, `" \"<>^`{}|/\\?#"`) holds `|`, which the URL Standard's path
//!   percent-encode set leaves as it is (`http:a/|` has the path `/%7C`, run here); its
//!   username and password encode sets (`USERNAME_ENCODE_SET`, `PASSWORD_ENCODE_SET`,
//!   `" \"':;<=>@[]^`{}|/\\?#"`) hold `'`, which the URL Standard's userinfo percent-encode set
//!   leaves (`//'@h` against `http://a/b` is `http://%27@h/`, run here).

use super::Explains::{Custom, HostUnbracketed};
use super::{default_port, Example, Reply, Rule};
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "java-okhttp",
        id: "java-okhttp/http-https-only",
        name: "only http and https URLs are taken (HttpUrl: \"this class only supports http and https\")",
        cites: "OkHttp 3.13 HttpUrl Javadoc",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && !matches!(e.scheme().as_deref(), Some("http" | "https"))
        }),
        examples: &[
            Example::fires("foo:bar", Reply::Rejected),
            Example::off("http://a/", Reply::Rejected),
        ],
    },
    Rule {
        profile: "java-okhttp",
        id: "java-okhttp/host-unbracketed",
        name: "an IPv6 host is given without its brackets (HttpUrl.host(): \"an IPv6 address like ::1\")",
        cites: "OkHttp 3.13 HttpUrl.host() Javadoc",
        explains: HostUnbracketed,
        examples: &[
            Example::fires("http://[::1]/", Reply::Reads(&[(Component::Host, Some("::1"))])),
            Example::off("http://[::1]/", Reply::Reads(&[(Component::Host, Some("::2"))])),
        ],
    },
    Rule {
        profile: "java-okhttp",
        id: "java-okhttp/default-port-reported",
        name: "the scheme's default port is reported when none is written (HttpUrl.port() \"never returns -1\")",
        cites: "OkHttp 3.13 HttpUrl.port() Javadoc",
        explains: Custom(|e| {
            e.component() == Some(Component::Port)
                && e.reference.is_none()
                && default_port(e.scheme().as_deref()).map(|p| p.to_string()).as_deref() == e.got
        }),
        examples: &[
            Example::fires("http://a/", Reply::Reads(&[(Component::Port, Some("80"))])),
            Example::off("http://a/", Reply::Reads(&[(Component::Port, Some("8080"))])),
        ],
    },
    Rule {
        profile: "java-okhttp",
        id: "java-okhttp/port-zero-refused",
        name: "a port of 0 is not taken (HttpUrl.port(): \"The result is in [1..65535]\")",
        cites: "OkHttp 3.13 HttpUrl.port() Javadoc",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e
                    .reference_components
                    .and_then(|c| c.get(Component::Port))
                    .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b == b'0'))
        }),
        examples: &[
            Example::fires("http://a:0/", Reply::Rejected),
            Example::off("http://a:1/", Reply::Rejected),
        ],
    },
    Rule {
        profile: "java-okhttp",
        id: "java-okhttp/path-pipe-encoded",
        name: "a \"|\" in the path is percent-encoded (HttpUrl: \"this class will percent encode the offending characters\"; PATH_SEGMENT_ENCODE_SET)",
        cites: "OkHttp 3.13 HttpUrl Javadoc",
        explains: Custom(|e| {
            let (Some(Component::Path), Some(want), Some(got)) = (e.component(), e.reference, e.got)
            else {
                return false;
            };
            want.contains('|') && want.replace('|', "%7C") == got
        }),
        examples: &[
            // PATH_SEGMENT_ENCODE_SET: "|" percent-encoded in the path; "^" is not.
            Example::fires("http://a/|", Reply::Reads(&[(Component::Path, Some("/%7C"))])),
            Example::off("http://a/^", Reply::Reads(&[(Component::Path, Some("/%5E"))])),
        ],
    },
    Rule {
        profile: "java-okhttp",
        id: "java-okhttp/userinfo-apostrophe-encoded",
        name: "a \"'\" in the userinfo is percent-encoded (HttpUrl: \"this class will percent encode the offending characters\"; USERNAME_ENCODE_SET, PASSWORD_ENCODE_SET)",
        cites: "OkHttp 3.13 HttpUrl Javadoc",
        explains: Custom(|e| {
            let (Some(want), Some(got)) = (e.reference, e.got) else {
                return false;
            };
            match e.component() {
                Some(Component::Userinfo) => {
                    want.contains('\'') && want.replace('\'', "%27") == got
                }
                None if e.class == Class::Resolution => userinfo_apostrophe_encoded(want) == got,
                _ => false,
            }
        }),
        examples: &[
            // USERNAME_ENCODE_SET: "'" percent-encoded in the userinfo.
            Example::fires("http://a'b@h/", Reply::Reads(&[(Component::Userinfo, Some("a%27b"))])),
            Example::off("http://a'b@h/", Reply::Reads(&[(Component::Userinfo, Some("a%28b"))])),
        ],
    },
];

/// `target` with each `'` of its authority's userinfo written `%27`; `target` itself when it
/// has none.
fn userinfo_apostrophe_encoded(target: &str) -> String {
    let std::ops::Range { start, end } = crate::engine::octets::authority_span(target.as_bytes());
    let Some(at) = target[start..end].rfind('@').map(|i| start + i) else {
        return target.to_owned();
    };
    if !target[start..at].contains('\'') {
        return target.to_owned();
    }
    format!(
        "{}{}{}",
        &target[..start],
        target[start..at].replace('\'', "%27"),
        &target[at..]
    )
}

#[cfg(test)]
mod tests {
    use crate::engine::profile::{explain, Evidence};
    use crate::engine::Class;
    use crate::model::Component;

    /// `HttpUrl.parse("http:a/|").encodedPath()` is `/%7C`, run here with OkHttp 3.13.1.
    #[test]
    fn a_pipe_in_the_path_is_encoded() {
        let ev = |reference, got| Evidence {
            class: Class::Component(Component::Path),
            input: b"http:a/|",
            second: None,
            reparsed: None,
            reference: Some(reference),
            got: Some(got),
            reference_components: None,
            serialization: None,
        };
        let id = |e: &Evidence<'_>| explain("java-okhttp", e).map(|r| r.id);
        assert_eq!(id(&ev("/|", "/%7C")), Some("java-okhttp/path-pipe-encoded"));
        // One step off: another character encoded, or the pipe dropped.
        assert_eq!(id(&ev("/^", "/%5E")), None);
        assert_eq!(id(&ev("/|", "/")), None);
    }
}
