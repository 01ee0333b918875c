//! The workers of PyPI packages (workers/python-*.py, pinned by workers/python/requirements.txt):
//! each answers inputs that show its library's documented reading, and resolves RFC 3986
//! 5.4.1's examples where it resolves. Skipped with a note where the venv of pinned packages is
//! missing (workers/install.sh makes it).

use uridiff::model::{Op, Outcome};
use uridiff::subjects::{Ctx, Subject};

use super::{check_parse, shipped};

/// (worker, input, answer) in [`check_parse`]'s notation.
const ROWS: &[(&str, &[u8], &str)] = &[
    // urllib3: "google.com:80" is a host and a port (parse_url's docstring); http's path is
    // normalized (dot segments, invalid characters encoded); the scheme is lowercased.
    (
        "python-urllib3",
        b"google.com:80",
        "scheme=-|host=google.com|port=80|path=-",
    ),
    (
        "python-urllib3",
        b"HTTP://A/b/../c d",
        "scheme=http|host=a|path=/c%20d|query=-",
    ),
    (
        "python-urllib3",
        b"http://a:99999/",
        "rejected LocationParseError",
    ),
    (
        "python-urllib3",
        b"mailto:x@y",
        "scheme=mailto|host=-|path=/x@y",
    ),
    // yarl: '' for an absent query; the host without IPv6 brackets; "/" after a host.
    (
        "python-yarl",
        b"http://[::1]",
        "host=::1|path=/|query=|fragment=|port=-",
    ),
    ("python-yarl", b"http://a:99999/", "rejected ValueError"),
    // hyperlink: the port of the scheme; no brackets; an invalid zone refused.
    (
        "python-hyperlink",
        b"http://[::1]/p?q=1&r",
        "host=::1|port=80|path=/p|query=q=1&r",
    ),
    (
        "python-hyperlink",
        b"http://[::1%25eth0]/",
        "rejected URLParseError",
    ),
    // hyperlink: no path without segments, as to_text() writes it ("//a"), but "/" before a
    // query after a host (its URL constructor, "per RFC 3986 6.2.3").
    ("python-hyperlink", b"//a", "host=a|path="),
    ("python-hyperlink", b"//a?q", "host=a|path=/|query=q"),
    // furl: the scheme's default port, the username decoded, IPv6 brackets kept.
    (
        "python-furl",
        b"https://u%24@[::1]/",
        "port=443|userinfo=u$|host=[::1]",
    ),
    ("python-furl", b"http://a:0/", "rejected ValueError"),
    // rfc3987: strict, undefined apart from empty, the authority unsplit.
    (
        "python-rfc3987",
        b"http://u@a:8/?#",
        "authority=u@a:8|query=|fragment=|path=/",
    ),
    ("python-rfc3987", b"http://a b/", "rejected ValueError"),
    // uritools: the Appendix B split, nothing validated, the raw parts.
    (
        "python-uritools",
        b"HTTP://u@A:08/x?",
        "scheme=HTTP|userinfo=u|host=A|port=08|query=|fragment=-",
    ),
    ("python-uritools", b"http://a b/", "host=a b"),
];

#[test]
fn the_pypi_workers_read_as_their_libraries_document() {
    let mut checked = 0;
    for (name, input, expected) in ROWS {
        let Some(worker) = shipped(name) else {
            continue;
        };
        check_parse(worker, input, expected, false);
        checked += 1;
    }
    if checked == 0 {
        eprintln!("note: no PyPI worker runs here (bash workers/install.sh makes the venv)");
    }
}

#[test]
fn the_pypi_resolvers_give_rfc_3986_examples() {
    // RFC 3986 5.4.1, normal examples every one of them resolves alike.
    let base = b"http://a/b/c/d;p?q";
    let cases: &[(&[u8], &str)] = &[
        (b"g", "http://a/b/c/g"),
        (b"../g", "http://a/b/g"),
        (b"//g", "http://g"),
        (b"g;x?y#s", "http://a/b/c/g;x?y#s"),
    ];
    for w in uridiff::parsers::workers() {
        if w.worker().unwrap().run != uridiff::parsers::Run::PythonVenv {
            continue;
        }
        let Some(worker) = shipped(w.name) else {
            continue;
        };
        if !w.worker().unwrap().operations.contains(&Op::Resolve) {
            continue;
        }
        for (reference, want) in cases {
            let got = worker.resolve(base, reference, &Ctx::default());
            assert!(
                matches!(&got, Outcome::Accepted(t) if t == want),
                "{}: {:?} against {:?}: {got:?}",
                w.name,
                String::from_utf8_lossy(reference),
                String::from_utf8_lossy(base)
            );
        }
    }
}
