//! Appendix B through the public API: the documents' example, naming, recomposition.

use uri_oracle::appendix_b::{captures, components, recompose, PATTERN};
use uri_oracle::{OracleErrorKind, EDITIONS};

/// draft-ietf-url-syntax-00 Appendix B and draft-fielding-uri-rfc2396bis-02 Appendix B print
/// this line; 1994 prints none.
#[test]
fn pattern_as_printed() {
    assert_eq!(
        PATTERN,
        "^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\\?([^#]*))?(#(.*))?"
    );
}

/// The example of Appendix B, "$1 = http: ... $9 = Related", in every edition that prints it.
#[test]
fn documents_example() {
    let g = captures(b"http://www.ics.uci.edu/pub/ietf/uri/#Related");
    let printed: [(usize, Option<&str>); 9] = [
        (1, Some("http:")),
        (2, Some("http")),
        (3, Some("//www.ics.uci.edu")),
        (4, Some("www.ics.uci.edu")),
        (5, Some("/pub/ietf/uri/")),
        (6, None),
        (7, None),
        (8, Some("#Related")),
        (9, Some("Related")),
    ];
    for (n, want) in printed {
        assert_eq!(g.get(n), want.map(str::as_bytes), "${n}");
    }
    for edition in &EDITIONS[1..] {
        let c = components(edition, &g).unwrap();
        assert_eq!(c.scheme, Some(&b"http"[..]));
        assert_eq!(c.authority, Some(&b"www.ics.uci.edu"[..]));
        assert_eq!(c.path, Some(&b"/pub/ietf/uri/"[..]));
        assert_eq!(c.query, None);
        assert_eq!(c.fragment, Some(&b"Related"[..]));
        assert_eq!(
            recompose(&c),
            b"http://www.ics.uci.edu/pub/ietf/uri/#Related"
        );
    }
}

/// "server = $4" (1996), "site = $4" (-01), "authority = $4" (-02, 2003, RFC 3986).
#[test]
fn authority_names() {
    let g = captures(b"//x");
    let names: Vec<_> = EDITIONS[1..]
        .iter()
        .map(|e| components(e, &g).unwrap().authority_name)
        .collect();
    assert_eq!(
        names,
        ["server", "site", "authority", "authority", "authority"]
    );
    let err = components("draft-ietf-uri-url-06", &g).unwrap_err();
    assert!(matches!(
        err.kind(),
        OracleErrorKind::NoExpression {
            edition: "draft-ietf-uri-url-06"
        }
    ));
}

/// Undefined against empty (RFC 3986 Section 5.3: "we are careful to preserve the distinction
/// between a component that is undefined ... and a component that is empty").
#[test]
fn undefined_is_not_empty() {
    let g = captures(b"?#");
    let c = components("rfc3986", &g).unwrap();
    assert_eq!(
        (c.scheme, c.authority, c.path, c.query, c.fragment),
        (None, None, Some(&b""[..]), Some(&b""[..]), Some(&b""[..]))
    );
    let c = components("rfc3986", &captures(b"")).unwrap();
    assert_eq!((c.query, c.fragment), (None, None));
    assert_eq!(recompose(&c), b"");
}

/// Every input round-trips through components and recomposition, bytes and newlines included.
#[test]
fn round_trip_on_odd_inputs() {
    for s in [
        &b"a:b:c"[..],
        b"///",
        b"//@:?#",
        b":",
        b"a:\r\n#\n",
        b"\x00\xff//\x80?\x81#\x82",
        b"http://[::1]:80/%zz",
    ] {
        let c = components("draft-fielding-uri-syntax-02", &captures(s)).unwrap();
        assert_eq!(recompose(&c), s);
    }
}
