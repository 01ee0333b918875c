//! Profile `php-parse-url`: PHP's `parse_url`, which documents that components not present are
//! left out of the returned array, and (the manual's notes on `parse_url`) that it is "intended
//! specifically for the purpose of parsing URLs and not URIs", with "an exception for the
//! file:// scheme where triple slashes (file:///...) are allowed. For any other scheme this is
//! invalid": `file:///x` has no host in its result, and a URL of any other scheme whose host
//! is empty (`http:///x`, `//`) is refused (`false`).
//!
//! Two readings `php_url_parse_ex2` (ext/standard/url.c, PHP 8.2) states in its comments:
//! "check if the data we get is a port this allows us to correctly parse things like a.com:80"
//! (`name:digits`, up to five digits then the end or "/", is a host and a port, not a scheme),
//! and "support windows drive letters as in: file:///c:/somedir/file.txt" (the path of
//! `file:///c:...` begins at the drive letter, without its "/").

use super::Explains::{Custom, EmptyAsNone, PortAsNumber};
use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "php-parse-url",
        id: "php-parse-url/control-as-underscore",
        name: "control characters are replaced by _ (parse_url's url parameter: \"Invalid characters are replaced by _\")",
        cites: "PHP manual, parse_url, url parameter",
        explains: Custom(|e| {
            let replaced = e.reference.map(|v| {
                v.chars()
                    .map(|c| if c.is_ascii_control() { '_' } else { c })
                    .collect::<String>()
            });
            matches!(e.class, Class::Component(_))
                && e.reference.is_some_and(|v| v.chars().any(|c| c.is_ascii_control()))
                && replaced.as_deref() == e.got
        }),
        examples: &[
            Example::fires("d:a\u{b}b", Reply::Splits(&[(Component::Path, Some("a_b"))])),
            // The control dropped is no replacement.
            Example::off("d:a\u{b}b", Reply::Splits(&[(Component::Path, Some("ab"))])),
        ],
    },
    // The same replacement on an input RFC 3986 rejects, judged against the lenient reading:
    // there the URL Standard percent-encodes a control (`http://\0@o` has the userinfo `%00`)
    // or removes it at the ends, where `parse_url` keeps it as `_` (`parse_url("http://\0@o")`
    // has the user `_`, and `parse_url("http://o/\x01")` the path `/_`, run here).
    Rule {
        profile: "php-parse-url",
        id: "php-parse-url/control-as-underscore-whatwg",
        name: "control characters are replaced by _ where the URL Standard escapes or removes them (parse_url's url parameter: \"Invalid characters are replaced by _\")",
        cites: "PHP manual, parse_url, url parameter",
        explains: Custom(|e| {
            let replaced: Vec<u8> = e
                .input
                .iter()
                .map(|&b| if b.is_ascii_control() { b'_' } else { b })
                .collect();
            super::lenient_reading_after(e, &replaced)
        }),
        examples: &[
            // `parse_url("http://\0@o")` has the user `_` (the URL Standard's userinfo is `%00`); the path
            // `/_` of `http://o/\x01`, where the URL Standard removes the control.
            Example::fires("http://\0@o", Reply::Splits(&[(Component::Userinfo, Some("_"))])),
            Example::fires("http://o/\u{1}", Reply::Splits(&[(Component::Path, Some("/_"))])),
            Example::off("http://\0@o", Reply::Splits(&[(Component::Userinfo, Some(""))])),
        ],
    },
    Rule {
        profile: "php-parse-url",
        id: "php-parse-url/empty-path-omitted",
        name: "an empty path is left out of the result",
        cites: "PHP manual, parse_url, return values",
        explains: EmptyAsNone(&[Component::Path]),
        examples: &[
            Example::fires("http://a", Reply::Reads(&[(Component::Path, None)])),
            Example::off("http://a/b", Reply::Reads(&[(Component::Path, None)])),
        ],
    },
    Rule {
        profile: "php-parse-url",
        id: "php-parse-url/file-triple-slash-no-host",
        name: "file:/// has no host (parse_url's notes: triple slashes allowed for file:// only)",
        cites: "PHP manual, parse_url, notes",
        explains: Custom(|e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(Component::Host | Component::Authority)
            ) && e.scheme().as_deref() == Some("file")
                && e.input.get(5..8) == Some(&b"///"[..])
                && e.reference == Some("")
                && e.got.is_none()
        }),
        examples: &[
            Example::fires("file:///etc/hosts", Reply::Reads(&[(Component::Host, None), (Component::Authority, None)])),
            Example::off("file://h/etc/hosts", Reply::Reads(&[(Component::Host, None), (Component::Authority, None)])),
        ],
    },
    // The same note read for every other URL: "For any other scheme this is invalid", and
    // parse_url returns false ("On seriously malformed URLs, parse_url() may return false"):
    // `http:///x`, `//`, `//@`, `//:80`, `a://` and `file://` (no triple slash) all give false
    // (PHP 8.2.36, run here), while `file:///x` and `//a` are read.
    Rule {
        profile: "php-parse-url",
        id: "php-parse-url/empty-host-refused",
        name: "an authority with an empty host is refused but in file:/// (parse_url's notes: triple slashes allowed for file:// only, \"For any other scheme this is invalid\")",
        cites: "PHP manual, parse_url, notes",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e.second.is_none()
                && e
                    .reference_components
                    .is_some_and(|c| c.get(Component::Host) == Some(""))
                && !(e.scheme().as_deref() == Some("file")
                    && e.input.get(5..8) == Some(&b"///"[..]))
        }),
        examples: &[
            // PHP 8.2.36 (run here): parse_url gives false on each of these.
            Example::fires("//", Reply::Rejected),
            Example::fires("http:///x", Reply::Rejected),
            Example::fires("//@", Reply::Rejected),
            Example::fires("//:80", Reply::Rejected),
            Example::fires("a://", Reply::Rejected),
            Example::fires("file://", Reply::Rejected),
            Example::fires("//?q", Reply::Rejected),
            // file:/// is the documented exception, and a host that is there is read.
            Example::off("file:///x", Reply::Rejected),
            Example::off("FILE:///", Reply::Rejected),
            Example::off("//a", Reply::Rejected),
            Example::off("http://h/", Reply::Rejected),
        ],
    },
    Rule {
        profile: "php-parse-url",
        id: "php-parse-url/port-as-integer",
        name: "the port is an integer (parse_url: the port is an int)",
        cites: "PHP manual, parse_url, return values",
        explains: PortAsNumber,
        examples: &[
            Example::fires("http://a:007/", Reply::Reads(&[(Component::Port, Some("7"))])),
            Example::off("http://a:007/", Reply::Reads(&[(Component::Port, Some("70"))])),
        ],
    },
    Rule {
        profile: "php-parse-url",
        id: "php-parse-url/name-digits-host-port",
        name: "name:digits is a host and its port (url.c: \"correctly parse things like a.com:80\")",
        cites: "ext/standard/url.c, php_url_parse_ex2 (PHP 8.2)",
        explains: Custom(|e| {
            let Some(c) = e.component() else {
                return false;
            };
            host_and_port(e.input).is_some_and(|php| php.get(c) == e.got)
        }),
        examples: &[
            // url.c: "things like a.com:80" read as a host and a port, no scheme or path.
            Example::fires("a.com:80", Reply::Reads(&[(Component::Scheme, None), (Component::Path, None), (Component::Host, Some("a.com")), (Component::Port, Some("80"))])),
            // `B:5/#`: host `B`, port 5, path `/`, an empty fragment, no scheme.
            Example::fires("B:5/#", Reply::Reads(&[(Component::Scheme, None), (Component::Host, Some("B")), (Component::Port, Some("5")), (Component::Path, Some("/"))])),
        ],
    },
    Rule {
        profile: "php-parse-url",
        id: "php-parse-url/file-drive-letter-path",
        name: "the path of file:///c:... begins at the drive letter (url.c: \"support windows drive letters as in: file:///c:/somedir/file.txt\")",
        cites: "ext/standard/url.c, php_url_parse_ex2 (PHP 8.2)",
        explains: Custom(|e| {
            e.class == Class::Component(Component::Path)
                && e.scheme().as_deref() == Some("file")
                && e.input.get(5..8) == Some(&b"///"[..])
                && e.input.get(9) == Some(&b':')
                && e.got.is_some()
                && e.reference.and_then(|p| p.strip_prefix('/')) == e.got
        }),
        examples: &[
            // url.c: "support windows drive letters": no host, the path from the drive letter.
            Example::fires("file:///c:/x", Reply::Reads(&[(Component::Host, None), (Component::Authority, None), (Component::Path, Some("c:/x"))])),
            // No drive letter, no shortened path.
            Example::off("file:///cc/x", Reply::Reads(&[(Component::Path, Some("cc/x"))])),
        ],
    },
];

/// What `parse_url` reads from `name:digits` or `name:digits/...` (a name of scheme characters,
/// one to five digits no greater than 65535, then the end or "/"): no scheme, the name as host,
/// the digits as a number for port, and what follows the digits read as after any host: the
/// path up to a "?" or "#", the query after the first "?" before a "#", the fragment after the
/// first "#" (`php_url_parse_ex2`'s `just_path`). `None` for any other input.
fn host_and_port(input: &[u8]) -> Option<Components> {
    let text = std::str::from_utf8(input).ok()?;
    let (name, rest) = text.split_once(':')?;
    let scheme_char = |c: char| c.is_ascii_alphanumeric() || "+.-".contains(c);
    if name.is_empty() || !name.chars().all(scheme_char) {
        return None;
    }
    let digits_end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (digits, tail) = rest.split_at(digits_end);
    let port: u16 = digits.parse().ok()?;
    // "check if the data we get is a port": the digits must end the text or meet a "/".
    if digits.len() > 5 || !(tail.is_empty() || tail.starts_with('/')) {
        return None;
    }
    let (before_fragment, fragment) = match tail.split_once('#') {
        Some((b, f)) => (b, Some(f)),
        None => (tail, None),
    };
    let (path, query) = match before_fragment.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (before_fragment, None),
    };
    let port = port.to_string();
    Some(
        Components::default()
            .with(Component::Host, Some(name))
            .with(Component::Port, Some(port.as_str()))
            .with(Component::Path, Some(path).filter(|p| !p.is_empty()))
            .with(Component::Query, query)
            .with(Component::Fragment, fragment),
    )
}

#[cfg(test)]
mod tests {
    use super::host_and_port;
    use crate::model::Component;

    #[test]
    fn name_colon_digits_is_a_host_and_port_whatever_follows_the_slash() {
        let php = host_and_port(b"B:5/#").expect("a name, digits and a slash");
        assert_eq!(php.get(Component::Host), Some("B"));
        assert_eq!(php.get(Component::Port), Some("5"));
        assert_eq!(php.get(Component::Path), Some("/"));
        assert_eq!(php.get(Component::Query), None);
        assert_eq!(php.get(Component::Fragment), Some(""));
        let php = host_and_port(b"a:080/p?q#f?g").expect("query and fragment");
        assert_eq!(php.get(Component::Port), Some("80"));
        assert_eq!(php.get(Component::Path), Some("/p"));
        assert_eq!(php.get(Component::Query), Some("q"));
        assert_eq!(php.get(Component::Fragment), Some("f?g"));
        // A "#" first keeps a later "?" in the fragment.
        let php = host_and_port(b"a:1/#x?y").expect("fragment only");
        assert_eq!(php.get(Component::Query), None);
        assert_eq!(php.get(Component::Fragment), Some("x?y"));
        // The digits must end the text or meet a "/": `a:1?x` and `a:1#x` have the scheme `a`.
        assert!(host_and_port(b"a:1?x").is_none());
        assert!(host_and_port(b"a:1#x").is_none());
        assert!(host_and_port(b"a:123456/").is_none());
        assert!(host_and_port(b"a:65536").is_none());
    }
}
