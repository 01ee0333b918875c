//! Debian 12's parsers as shipped workers (c-uriparser, cpp-boost-url, c-libwget,
//! ruby-addressable, perl-mojo-url, java-okhttp): what each library is known to answer, as its
//! worker's head comment maps it. A worker whose package is missing here is skipped with a
//! printed note (`bash workers/install.sh` installs them).

use super::{check_parse, shipped};
use uridiff::model::Outcome;
use uridiff::subjects::{Ctx, Subject};

/// (worker, input, expected): `rejected [CODE]` or `|`-separated `component=value` checks,
/// `-` meaning undefined (see `check_parse`).
const PARSE: &[(&str, &[u8], &str)] = &[
    // uriparser: hostText has no brackets; an empty port and query are kept apart from none.
    (
        "c-uriparser",
        b"http://u@[::1]:/p?#",
        "host=::1|port=|userinfo=u|path=/p|query=|fragment=",
    ),
    ("c-uriparser", b"a:b", "scheme=a|host=-|path=b|query=-"),
    ("c-uriparser", b"http://a/ b", "rejected URI_ERROR_SYNTAX"),
    // Boost.URL: the host keeps its brackets; the host is undefined without an authority.
    (
        "cpp-boost-url",
        b"http://u@[::1]:80/p?q#f",
        "authority=u@[::1]:80|host=[::1]|port=80|userinfo=u|path=/p|query=q|fragment=f",
    ),
    ("cpp-boost-url", b"urn:x", "host=-|authority=-|path=x"),
    ("cpp-boost-url", b"a b", "rejected"),
    // libwget: host, path and fragment decoded (not the query), the path without its first "/", the port only when given, http by
    // default.
    (
        "c-libwget",
        b"HTTP://A/b%20c?%41#%41",
        "scheme=http|host=a|path=/b c|query=%41|fragment=A|port=-",
    ),
    (
        "c-libwget",
        b"example.com:8080",
        "scheme=http|host=example.com|port=8080",
    ),
    // Addressable: Appendix B's split; no default port.
    (
        "ruby-addressable",
        b"http://[::1]/a b",
        "host=[::1]|port=-|path=/a b|authority=[::1]",
    ),
    (
        "ruby-addressable",
        b"http://a:x/",
        "rejected Addressable::URI::InvalidURIError",
    ),
    // Mojo::URL: userinfo and fragment decoded, the query never undefined, text only.
    (
        "perl-mojo-url",
        b"http://u%21@a/p#%21",
        "userinfo=u!|host=a|path=/p|query=|fragment=!",
    ),
    ("perl-mojo-url", b"http://a/\xff", "rejected not-utf8"),
    // OkHttp: http and https only, the default port filled in, an IPv6 host without brackets.
    (
        "java-okhttp",
        b"HTTP://[::1]/p",
        "scheme=http|host=::1|port=80|path=/p|userinfo=-|query=-",
    ),
    (
        "java-okhttp",
        b"foo:bar",
        "rejected IllegalArgumentException",
    ),
];

#[test]
fn debian_parsers_answer_as_their_libraries_are_known_to() {
    let mut checked = 0;
    for (name, input, expected) in PARSE {
        let Some(worker) = shipped(name) else {
            eprintln!("note: skipping {name}: not available (bash workers/install.sh)");
            continue;
        };
        check_parse(worker, input, expected, false);
        checked += 1;
    }
    eprintln!("{checked} of {} rows checked", PARSE.len());
}

/// RFC 3986 5.4.1's base; (worker, reference, what it answers), RFC 3986's answer unless the
/// library is known to give another.
const RESOLVE: &[(&str, &str, &str)] = &[
    ("c-uriparser", "../../../g", "http://a/g"),
    ("c-uriparser", "?y", "http://a/b/c/d;p?y"),
    ("cpp-boost-url", "g;x?y#s", "http://a/b/c/g;x?y#s"),
    // Boost.URL 1.81 leaves a ".." it cannot remove (RFC 3986 5.4.2 says http://a/g).
    ("cpp-boost-url", "../../../g", "http://a/../g"),
    // libwget keeps RFC 1808's reading of a query-only reference.
    ("c-libwget", "?y", "http://a/b/c/?y"),
    ("ruby-addressable", "../g", "http://a/b/g"),
    ("perl-mojo-url", "g?y", "http://a/b/c/g?y"),
    // Mojo::URL keeps excess ".." (RFC 3986 5.4.2 says http://a/g).
    ("perl-mojo-url", "../../../g", "http://a/../g"),
    ("java-okhttp", "../../../g", "http://a/g"),
];

#[test]
fn debian_resolvers_answer_as_their_libraries_are_known_to() {
    for (name, reference, want) in RESOLVE {
        let Some(worker) = shipped(name) else {
            eprintln!("note: skipping {name}: not available (bash workers/install.sh)");
            continue;
        };
        let out = worker.resolve(b"http://a/b/c/d;p?q", reference.as_bytes(), &Ctx::default());
        assert_eq!(
            out,
            Outcome::Accepted((*want).to_owned()),
            "{name} resolving {reference:?}"
        );
    }
}

#[test]
fn a_missing_jar_makes_java_okhttp_unavailable_naming_the_jar() {
    use uridiff::parsers::Run;
    let okhttp = uridiff::parsers::card("java-okhttp").expect("java-okhttp is shipped");
    let Some(Run::JavaClassPath { jars, coverage }) = okhttp.worker().map(|w| w.run) else {
        panic!("java-okhttp runs on a class path")
    };
    assert!(jars.iter().any(|j| j.ends_with("okhttp.jar")));
    let argv = uridiff::subjects::external::argv(okhttp);
    if jars.iter().all(|j| std::path::Path::new(j).is_file()) {
        let argv = argv.expect("the jars are here");
        assert_eq!(argv[0], "java");
        let cp = argv.iter().position(|a| a == "-cp").expect("a class path");
        // JaCoCo's jars follow OkHttp's when they are all there, else none of them.
        let mut path = jars.to_vec();
        if coverage.iter().all(|j| std::path::Path::new(j).is_file()) {
            path.extend_from_slice(coverage);
        }
        assert_eq!(argv[cp + 1].to_string_lossy(), path.join(":"));
        assert!(
            argv[1..cp]
                .iter()
                .all(|a| a.to_string_lossy().starts_with("-X")),
            "only JVM flags before the class path: {argv:?}"
        );
    } else {
        let why = argv.expect_err("a jar is missing");
        assert!(
            why.contains(".jar") && why.contains("workers/install.sh"),
            "{why}"
        );
    }
}
