//! The Node.js workers calling npm packages (whatwg-url, url-parse, urijs, fast-uri, uri-js),
//! each answering what its library is known to answer; run from uridiff's own packages folder
//! (`NODE_PATH`), and listed as unavailable, with the command that installs them, where the
//! packages are missing. A worker whose packages are not installed here is skipped with a
//! printed note (`workers/install.sh` installs them).

use std::process::Command;

use super::{check_parse, shipped};
use uridiff::model::Outcome;
use uridiff::subjects::{Ctx, Subject};

/// (input, worker, expected) as `check_parse` reads it: `rejected [CODE]`, or
/// `component=value` checks (`-` undefined, `~` not reported).
const NPM_PARSE: &[(&[u8], &str, &str)] = &[
    // The URL record keeps null apart from '': no query, an empty query.
    (
        b"http://a/",
        "node-whatwg-url",
        "query=-|fragment=-|host=a|path=/",
    ),
    (b"http://a/?#", "node-whatwg-url", "query=|fragment="),
    (b"urn:x", "node-whatwg-url", "host=-|path=x"),
    (
        b"http://[::1]:8080/",
        "node-whatwg-url",
        "host=[::1]|port=8080",
    ),
    (b"http://a:80/", "node-whatwg-url", "port=-"),
    (b"http://a:99999/", "node-whatwg-url", "rejected failure"),
    (b"//a/b", "node-whatwg-url", "rejected failure"),
    // url-parse: '?' and '#' kept in query and hash tell empty from none; the default port
    // dropped; an authority only after "//" (slashes); the IPv6 brackets and zone as written.
    (b"http://a/?#", "node-url-parse", "query=|fragment="),
    (b"http://a/", "node-url-parse", "query=-|fragment=-"),
    (b"http://a:80/", "node-url-parse", "port=-"),
    (b"urn:x", "node-url-parse", "host=-|path=x"),
    (b"//a/b", "node-url-parse", "host=-|path=//a/b"),
    (b"http:///a", "node-url-parse", "host=a|path=/"),
    (b"file:///x", "node-url-parse", "host=|path=/x"),
    (
        b"http://[fe80::1%25eth0]/",
        "node-url-parse",
        "host=[fe80::1%25eth0]",
    ),
    // URI.js: case kept, IPv6 without brackets, an empty query dropped, a port checked.
    (
        b"HTTP://EXAMPLE.com/",
        "node-urijs",
        "scheme=HTTP|host=EXAMPLE.com",
    ),
    (b"http://[::1]:8080/", "node-urijs", "host=::1|port=8080"),
    (b"http://a/?", "node-urijs", "query=-"),
    (b"http://a:99999/", "node-urijs", "rejected TypeError"),
    (b"http://u:p@a/", "node-urijs", "userinfo=u:p"),
    // fast-uri: its `error` field is its verdict; the parse normalizes; a scheme handler
    // (mailto) takes the path and query, which are then not reported.
    (
        b"HTTP://A/%7e",
        "node-fast-uri",
        "scheme=http|host=a|path=/~",
    ),
    (b"http://[::1]:8080/", "node-fast-uri", "host=::1|port=8080"),
    (b"http://a:99999/", "node-fast-uri", "rejected error"),
    (b"urn:x", "node-fast-uri", "rejected error"),
    (
        b"mailto:a@b?x",
        "node-fast-uri",
        "scheme=mailto|path=~|query=~|host=-",
    ),
    (b"http://a/?", "node-fast-uri", "query="),
    // uri-js: the same family, without fast-uri's port check.
    (b"HTTP://A/%7e", "node-uri-js", "scheme=http|host=a|path=/~"),
    (b"http://a:99999/", "node-uri-js", "port=99999"),
    (b"urn:x", "node-uri-js", "rejected error"),
    (b"http:", "node-uri-js", "rejected error"),
];

#[test]
fn the_npm_workers_answer_as_their_libraries_are_known_to() {
    let mut checked = 0;
    for (input, name, expected) in NPM_PARSE {
        if let Some(worker) = shipped(name) {
            check_parse(worker, input, expected, false);
            checked += 1;
        }
    }
    eprintln!("{checked} of {} npm rows checked", NPM_PARSE.len());
}

#[test]
fn the_npm_workers_normalize_resolve_and_compare_with_their_libraries() {
    let ctx = Ctx::default();
    let text = |s: &str| Outcome::Accepted(s.to_owned());
    for name in ["node-fast-uri", "node-uri-js"] {
        let Some(w) = shipped(name) else { continue };
        assert_eq!(
            w.normalize(b"HTTP://A/b/../%7e", &ctx),
            text("http://a/~"),
            "{name}"
        );
        assert_eq!(
            w.equivalent(
                b"example://a/b/c/%7Bfoo%7D",
                b"eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
                &ctx
            ),
            Outcome::Accepted(true),
            "{name}: its README's example of equal"
        );
        assert_eq!(
            w.resolve(b"uri://a/b/c/d?q", b"../../g", &ctx),
            text("uri://a/g")
        );
    }
    if let Some(w) = shipped("node-urijs") {
        assert_eq!(w.normalize(b"HTTP://A/b/../c", &ctx), text("http://a/c"));
        assert_eq!(
            w.equivalent(b"http://a/?x=1&y=2", b"http://a/?y=2&x=1", &ctx),
            Outcome::Accepted(true),
            "URI.equals compares the query's parameters in any order"
        );
        // absoluteTo leaves the dot segments of an absolute-path reference in place.
        assert_eq!(
            w.resolve(b"http://a/b/c/d;p?q", b"/./g", &ctx),
            text("http://a/./g")
        );
    }
    if let Some(w) = shipped("node-url-parse") {
        // The empty reference loses the base's query (RFC 3986 5.4.1 keeps it).
        assert_eq!(
            w.resolve(b"http://a/b/c/d;p?q", b"", &ctx),
            text("http://a/b/c/d;p")
        );
    }
    if let Some(w) = shipped("node-whatwg-url") {
        assert!(matches!(
            w.resolve(b"http://a/", b"http://a:99999/", &ctx),
            Outcome::Rejected(_)
        ));
    }
}

#[test]
fn without_their_packages_the_npm_workers_are_unavailable_with_the_command_that_installs_them() {
    let empty = tempfile::tempdir().expect("a temporary folder");
    let out = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .arg("parsers")
        .env("URIDIFF_PACKAGES", empty.path())
        .output()
        .expect("uridiff runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for (name, package) in [
        ("node-whatwg-url", "whatwg-url"),
        ("node-url-parse", "url-parse"),
        ("node-urijs", "urijs"),
        ("node-fast-uri", "fast-uri"),
        ("node-uri-js", "uri-js"),
    ] {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("{name} listed in\n{text}"));
        assert!(
            line.contains(&format!("no: npm package `{package}` is not installed in"))
                && line.contains("workers/install.sh"),
            "{line}"
        );
    }
    // The rest still runs: node-whatwg needs no npm package.
    let whatwg = text
        .lines()
        .find(|l| l.starts_with("node-whatwg "))
        .expect("listed");
    assert!(!whatwg.contains("no: "), "{whatwg}");
}
