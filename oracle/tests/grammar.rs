//! The grammar recognizer through the public API: valid and invalid inputs per edition,
//! membership against the document's reading, the bounds, and grammar errors.
//!
//! Case ids read `EDITION/RULE/READING <input>`; `M` is membership, `D` the document's reading.

use uri_oracle::grammar::{Grammar, GrammarErrorKind, Notation, Reading, Verdict, MAX_INPUT};
use uri_oracle::{OracleErrorKind, EDITIONS};

use Reading::{Document as D, Membership as M};
use Verdict::{Invalid, TooLong, Valid};

#[track_caller]
fn check(edition: &str, rule: Option<&str>, reading: Reading, input: &str, want: Verdict) {
    let g = Grammar::for_edition(edition).unwrap();
    let got = g.recognize(rule, input.as_bytes(), reading).unwrap();
    assert_eq!(
        got,
        want,
        "{edition}/{}/{reading} {input:?}",
        rule.unwrap_or(g.default_rule())
    );
}

/// Same verdict under both readings.
#[track_caller]
fn both(edition: &str, rule: Option<&str>, input: &str, want: Verdict) {
    check(edition, rule, M, input, want);
    check(edition, rule, D, input, want);
}

const RFC3986: &str = "rfc3986";
const BIS02: &str = "draft-fielding-uri-rfc2396bis-02";
const SYNTAX02: &str = "draft-fielding-uri-syntax-02";
const SYNTAX01: &str = "draft-fielding-uri-syntax-01";
const URL00: &str = "draft-ietf-url-syntax-00";
const URL06: &str = "draft-ietf-uri-url-06";

/// RFC 3986 Appendix A; examples from Sections 1.1.2, 3.2.2, 4.2 and 5.4.
#[test]
fn rfc3986_valid() {
    for s in [
        "",
        "#",
        "?",
        "//",
        "a:",
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "http://[::1]/",
        "http://[::ffff:192.0.2.128]/",
        "http://[v7.fe80::a+en1]/",
        // 1.2.3.256 is no IPv4address, but it is a reg-name (Section 3.2.2).
        "http://1.2.3.256/",
        "http://1.2.3.4.5/",
        "./this:that",
        "g;x=1/../y",
        "http://a/%7e%7E",
        "http://user:pass@host:8080/p?q=1&r=#f/?",
        "//host:/path",
    ] {
        both(RFC3986, None, s, Valid);
    }
}

#[test]
fn rfc3986_invalid() {
    for s in [
        // Section 4.2: "A path segment that contains a colon character (e.g., "this:that")
        // cannot be used as the first segment of a relative-path reference"; "1this" is no
        // scheme, so this is a relative reference whose first segment holds a colon.
        "1this:that",
        "%zz",
        "%4",
        "http://a/%zz",
        "a b",
        "http://[::1",
        "http://[1:2:3:4:5:6:7:8:9]/",
        "http://[g::1]/",
        "http://[::1]:x/",
        "http://a#b#c",
        "http://a:b@c:d@e/",
        "http://a/{x}",
        // "[" and "]" are gen-delims allowed only around an IP-literal.
        "http://a/?r[]=1",
        "http://a/\\",
        "http://a/\n",
        "http://\u{e9}/",
    ] {
        both(RFC3986, None, s, Invalid);
    }
}

/// Section 3.2.2: IPv4address, IPv6address, IPvFuture; host's first-match-wins preference
/// never changes a verdict.
#[test]
fn rfc3986_host_forms() {
    let cases: &[(&str, &str, Verdict)] = &[
        ("IPv4address", "1.2.3.4", Valid),
        ("IPv4address", "255.255.255.255", Valid),
        ("IPv4address", "1.2.3.256", Invalid),
        ("IPv4address", "01.2.3.4", Invalid),
        ("IPv4address", "1.2.3", Invalid),
        ("reg-name", "1.2.3.256", Valid),
        ("host", "1.2.3.256", Valid),
        ("host", "1.2.3.4", Valid),
        ("host", "", Valid),
        ("IPv6address", "::", Valid),
        ("IPv6address", "::1", Valid),
        ("IPv6address", "1::", Valid),
        ("IPv6address", "1:2:3:4:5:6:7:8", Valid),
        ("IPv6address", "::1:2:3:4:5:6:7", Valid),
        ("IPv6address", "1:2:3:4:5:6:1.2.3.4", Valid),
        ("IPv6address", "::ffff:1.2.3.4", Valid),
        ("IPv6address", "fe80::1%eth0", Invalid),
        ("IPv6address", "1:2:3:4:5:6:7:8:9", Invalid),
        ("IPv6address", "1:2:3:4:5:6:7", Invalid),
        ("IPv6address", ":::", Invalid),
        ("IPv6address", "1::2::3", Invalid),
        ("IPv6address", "12345::", Invalid),
        ("IPv6address", "::1.2.3.256", Invalid),
        ("IP-literal", "[v1.x]", Valid),
        ("IP-literal", "[v.x]", Invalid),
        ("IP-literal", "[::1]", Valid),
        ("path-empty", "", Valid),
        ("path-empty", "a", Invalid),
    ];
    for &(rule, s, want) in cases {
        both(RFC3986, Some(rule), s, want);
    }
}

/// Membership against the document's reading under draft-fielding-uri-rfc2396bis-02:
/// Section 3 ("if the string begins with two slash characters ("//"), then it is a
/// net-path") and Section 4.1 (a scheme and colon prefix makes a URI).
#[test]
fn bis02_membership_against_reading() {
    // "_" is unreserved but no hostname character: "//a_b/" fails as a net-path, and is an
    // abs-path ("/" then the segments "", "a_b", "") by membership only.
    check(BIS02, None, M, "http://a_b/", Valid);
    check(BIS02, None, D, "http://a_b/", Invalid);
    check(BIS02, None, M, "//a_b", Valid);
    check(BIS02, None, D, "//a_b", Invalid);
    check(BIS02, None, M, "http://-a/", Valid);
    check(BIS02, None, D, "http://-a/", Invalid);
    // The same under the rule hier-part alone.
    check(BIS02, Some("hier-part"), M, "//a_b/", Valid);
    check(BIS02, Some("hier-part"), D, "//a_b/", Invalid);
    // Where the net-path parses, the readings agree.
    for s in [
        "http://a.b./c",
        "http://1.2.3.256/",
        "http://1.2.3.4.5/",
        "http://[::1]/",
        "http://u;x@h:80/p;q?r#s",
        "this:that",
        "//h",
        "",
    ] {
        both(BIS02, None, s, Valid);
    }
}

#[test]
fn bis02_invalid() {
    for s in [
        "%zz",
        "http://[v7.fe80]/",
        "http://a/#b#c",
        "http://a/{x}",
        "http://a/[",
        "http://a/ b",
        "http://[1::2::3]/",
    ] {
        both(BIS02, None, s, Invalid);
    }
    // hostname labels are at most 63 characters (domainlabel = alphanum [ 0*61( ... ) alphanum ]).
    both(BIS02, Some("hostname"), &"a".repeat(63), Valid);
    both(BIS02, Some("hostname"), &"a".repeat(64), Invalid);
}

/// draft-fielding-uri-syntax-02: authority = server | reg_name, so "a_b" is a reg_name and
/// the readings agree; but net_path has no query ("//" authority [ abs_path ]), so under the
/// document's reading (generic-URI first, "the authority component wins") "http://a?x" is
/// not a reference at all, while membership finds it as an opaque-URI.
#[test]
fn syntax02() {
    both(SYNTAX02, None, "http://a_b/", Valid);
    both(
        SYNTAX02,
        None,
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
        Valid,
    );
    both(SYNTAX02, None, "g;x?y#s", Valid);
    both(SYNTAX02, None, "", Valid);
    check(SYNTAX02, None, M, "http://a?x", Valid);
    check(SYNTAX02, None, D, "http://a?x", Invalid);
    both(SYNTAX02, None, "http://a/?x", Valid);
    for s in [
        "%zz",
        "http://[::1]/",
        "a b",
        "http://a/#b#c",
        "http://a/\"",
        "http://a/<",
    ] {
        both(SYNTAX02, None, s, Invalid);
    }
    both(SYNTAX02, Some("scheme"), "1a", Invalid);
    both(SYNTAX02, Some("IPv4address"), "1.2.3.256", Valid);
    both(SYNTAX02, Some("hostname"), "a.1", Invalid);
}

/// draft-fielding-uri-syntax-01: site = server | authority, authority = *( ... ).
#[test]
fn syntax01() {
    both(SYNTAX01, None, "http://a_b/", Valid);
    both(SYNTAX01, Some("scheme"), "1a", Valid);
    both(SYNTAX01, Some("server"), "user@host:80", Valid);
    both(SYNTAX01, Some("server"), "@host", Valid);
    both(SYNTAX01, Some("site"), "", Valid);
    check(SYNTAX01, None, M, "http://a?x", Valid);
    check(SYNTAX01, None, D, "http://a?x", Invalid);
    for s in ["%zz", "http://[::1]/", "http://a/#b#c"] {
        both(SYNTAX01, None, s, Invalid);
    }
}

/// draft-ietf-url-syntax-00 Section 4.4: "the server component wins".
#[test]
fn url_syntax_00() {
    both(
        URL00,
        None,
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
        Valid,
    );
    both(URL00, None, "http://1.2.3.256/", Valid);
    both(URL00, None, "g;x?y#s", Valid);
    both(URL00, None, "#s", Valid);
    both(URL00, None, "", Valid);
    both(URL00, None, "http:g", Valid);
    // No server can be "a_b" or "a.1" (toplabel begins with alpha); by membership the string
    // is still an opaque-URL, and a relative path whose first segment is "http:".
    check(URL00, None, M, "http://a_b/", Valid);
    check(URL00, None, D, "http://a_b/", Invalid);
    check(URL00, None, M, "http://a.1/", Valid);
    check(URL00, None, D, "http://a.1/", Invalid);
    check(URL00, None, M, "//a_b/", Valid);
    check(URL00, None, D, "//a_b/", Invalid);
    for s in ["%zz", "http://[::1]/", "http://a/#b#c", "http://a/ b"] {
        both(URL00, None, s, Invalid);
    }
    both(URL00, Some("server"), "foo:@host.com", Valid);
    both(URL00, Some("hostnumber"), "1.2.3", Invalid);
}

/// draft-ietf-uri-url-06 Section 5: no relative references, no fragments; every scheme rule
/// can be selected by name.
#[test]
fn url_06() {
    for s in [
        "http://www.w3.org/hypertext/WWW/TheProject.html",
        "http://a:80/x?y",
        "http://a_b/",
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://info.cern.ch/pub/www/doc;type=d",
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        "mailto:mduerst@ifi.unizh.ch",
        "news:comp.infosystems.www.servers.unix",
        "news:*",
        "nntp://news.example/comp.lang/12",
        "telnet://melvyl.ucop.edu/",
        "wais://quake.think.com/directory-of-servers?weather",
        "prospero://a.b/c/d;f=v",
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        "x-y.z+1:anything{}|^~[]",
    ] {
        both(URL06, None, s, Valid);
    }
    // Literals are case-sensitive and schemes are lowalpha; no relative forms, no "#".
    for s in ["HTTP://a/", "/relative", "", "http://a/b#c", "%zz", "1:2 3"] {
        both(URL06, None, s, Invalid);
    }
    let by_rule: &[(&str, &str, Verdict)] = &[
        ("httpurl", "http://a/b?c", Valid),
        ("httpurl", "ftp://a/b", Invalid),
        ("ftpurl", "ftp://u:p@a:21/b;type=a", Valid),
        ("ftpurl", "ftp://a/b;type=x", Invalid),
        ("fileurl", "file://a/b", Valid),
        ("gopherurl", "gopher://a/1sel%09search%09plus", Valid),
        ("gopherurl", "gopher://a/", Valid),
        ("mailtourl", "mailto:", Invalid),
        ("newsurl", "news:a1234@b.c", Valid),
        ("nntpurl", "nntp://a/group/12", Valid),
        ("telneturl", "telnet://u@a", Valid),
        ("waisurl", "wais://a/db/t/p", Valid),
        ("prosperourl", "prospero://a/p;f=v;g=w", Valid),
        ("otherurl", "x:y", Valid),
        ("hostnumber", "1.2.3.4", Valid),
        ("ftptype", "A", Valid),
        ("ftptype", "x", Invalid),
        ("gopher+_string", "", Valid),
        ("punctuation", "\"", Valid),
        ("national", "\\", Valid),
    ];
    for &(rule, s, want) in by_rule {
        both(URL06, Some(rule), s, want);
    }
    let g = Grammar::for_edition(URL06).unwrap();
    for scheme in [
        "httpurl",
        "ftpurl",
        "newsurl",
        "nntpurl",
        "telneturl",
        "gopherurl",
        "waisurl",
        "mailtourl",
        "fileurl",
        "prosperourl",
        "otherurl",
    ] {
        assert!(g.rules().any(|r| r == scheme), "{scheme}");
    }
}

/// An unknown rule is an error that lists the defined rules.
#[test]
fn unknown_rule_lists_defined_rules() {
    let g = Grammar::for_edition(URL06).unwrap();
    let err = g.recognize(Some("URI-reference"), b"x", M).unwrap_err();
    match err.kind() {
        OracleErrorKind::UnknownRule { rule, defined, .. } => {
            assert_eq!(rule, "URI-reference");
            assert_eq!(defined.first().map(String::as_str), Some("url"));
            assert!(defined.iter().any(|r| r == "prosperourl"));
        }
        other => panic!("{other:?}"),
    }
    let msg = err.to_string();
    assert!(
        msg.contains("URI-reference") && msg.contains("httpurl") && msg.contains("digits"),
        "{msg}"
    );
}

/// Rule names are compared without regard to case (RFC 2234 Section 2.1).
#[test]
fn rule_names_fold_case() {
    both(RFC3986, Some("uri-REFERENCE"), "a:b", Valid);
}

/// Past MAX_INPUT the verdict is "too long", for every edition, at once.
#[test]
fn too_long_bound() {
    for e in EDITIONS {
        let g = Grammar::for_edition(e).unwrap();
        let mut s = b"http://a/".to_vec();
        s.resize(MAX_INPUT, b'a');
        assert_ne!(
            g.recognize(None, &s, M).unwrap(),
            TooLong,
            "{e} at MAX_INPUT"
        );
        s.push(b'a');
        assert_eq!(
            g.recognize(None, &s, M).unwrap(),
            TooLong,
            "{e} past MAX_INPUT"
        );
        assert_eq!(
            g.recognize(None, &s, D).unwrap(),
            TooLong,
            "{e} past MAX_INPUT"
        );
    }
}

/// A grammar given by the caller cannot overflow the stack: deep recursion ends in "too
/// long". (The step budget, which ends cubic work the same way, is tested in the unit tests
/// with a small budget: reaching the real one takes seconds in a debug build.)
#[test]
fn resource_bounds_on_caller_grammars() {
    let g = Grammar::parse("right-recursive", "a = \"x\" a / \"x\"\n", Notation::Abnf).unwrap();
    assert_eq!(g.recognize(None, &[b'x'; 100], M).unwrap(), Valid);
    assert_eq!(g.recognize(None, &[b'x'; 1000], M).unwrap(), TooLong);
}

/// Grammar-file errors name the line and the rule.
#[test]
fn grammar_errors_name_line_and_rule() {
    // The -01 side of seed 000 prints `server` with unbalanced brackets (see
    // grammars/draft-fielding-uri-syntax-01.txt): read as printed, it fails there.
    let text = "hostport = host\nhost = \"h\"\nuserinfo = \"u\"\nserver = [ [ userinfo ] \"@\" ] hostport ]\n";
    let err = Grammar::parse("printed-01", text, Notation::Rfc822Bnf).unwrap_err();
    assert_eq!(
        (err.line(), err.rule(), err.kind()),
        (4, Some("server"), &GrammarErrorKind::Unbalanced(']'))
    );
    assert_eq!(
        err.to_string(),
        "printed-01:4: rule `server`: unbalanced ']'"
    );

    // Seed 000 lost every <...> token: `space = ` is left with nothing.
    let err = Grammar::parse("stripped", "a = \"x\"\nspace =\n", Notation::Rfc822Bnf).unwrap_err();
    assert_eq!(
        (err.line(), err.rule(), err.kind()),
        (2, Some("space"), &GrammarErrorKind::EmptyDefinition)
    );

    // A prose value without a stated meaning (draft-ietf-url-syntax-00 Section 2.3.3).
    let text = "control = <US-ASCII coded characters 00-1F and\n    7F hexadecimal>\n";
    let err = Grammar::parse("prose", text, Notation::Rfc822Bnf).unwrap_err();
    assert_eq!((err.line(), err.rule()), (1, Some("control")));
    assert!(matches!(
        err.kind(),
        GrammarErrorKind::ProseWithoutMeaning(_)
    ));
    let text = format!(
        "#! prose <US-ASCII coded characters 00-1F and 7F hexadecimal> = %x00-1F / %x7F\n{text}"
    );
    let g = Grammar::parse("prose", &text, Notation::Abnf).unwrap();
    assert_eq!(g.recognize(None, b"\x7f", M).unwrap(), Valid);

    // An undefined rule is reported where it is used.
    let err = Grammar::parse("u", "a = b\n  / c\nb = \"x\"\n", Notation::Abnf).unwrap_err();
    assert_eq!(
        (err.line(), err.rule(), err.kind()),
        (2, Some("a"), &GrammarErrorKind::UndefinedRule("c".into()))
    );
}

/// The ABNF core rules come with every ABNF grammar; HEXDIG is case-insensitive there
/// (RFC 2234 Section 2.3: quoted strings are case-insensitive).
#[test]
fn abnf_core_rules() {
    both(RFC3986, Some("HEXDIG"), "f", Valid);
    both(RFC3986, Some("pct-encoded"), "%aF", Valid);
    let g = Grammar::for_edition(RFC3986).unwrap();
    assert!(g.rules().any(|r| r == "OCTET"));
    assert_eq!(g.notation(), Notation::Abnf);
    assert_eq!(
        Grammar::for_edition(URL06).unwrap().notation(),
        Notation::Rfc822Bnf
    );
}

/// The rules each document names for its ordered choice.
#[test]
fn first_match_rules_per_edition() {
    let rules: Vec<Vec<&str>> = EDITIONS
        .iter()
        .map(|e| {
            Grammar::for_edition(e)
                .unwrap()
                .first_match_rules()
                .collect()
        })
        .collect();
    assert_eq!(
        rules,
        [
            vec![],
            vec!["URL-reference", "absoluteURL", "relativeURL"],
            vec!["URI-reference", "absoluteURI", "relativeURI"],
            vec!["URI-reference", "absoluteURI", "relativeURI"],
            vec!["hier-part", "URI-reference"],
            vec![],
        ]
    );
    let prefer: Vec<&str> = Grammar::for_edition(BIS02)
        .unwrap()
        .preferred_rules()
        .collect();
    assert_eq!(prefer, ["host"]);
}

/// A tiny deterministic generator (xorshift64*), so the property tests need no crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }
}

/// Neither reader panics on arbitrary text made of the notations' tokens, and whatever
/// grammar it accepts, recognizing arbitrary input does not panic either: bad input is an
/// error, never a panic.
#[test]
fn arbitrary_grammars_and_inputs_never_panic() {
    let pieces = [
        "a",
        "b",
        "c",
        " = ",
        " =/ ",
        " | ",
        " / ",
        "(",
        ")",
        "[",
        "]",
        "*",
        "1*",
        "2",
        "0*3",
        "\"x\"",
        "\"\"\"",
        "\"",
        "<p>",
        "<",
        ">",
        "%x41",
        "%x30-39",
        "%d",
        "%x",
        "; c",
        "\n",
        "\n  ",
        "#! default a\n",
        "#! first-match a\n",
        "#! prose <p> = \"y\"\n",
        "\u{e9}",
        "99999999999",
        "-",
    ];
    let inputs: [&[u8]; 6] = [b"", b"x", b"xy", b"A0", b"\xff\x00", b"xxxxxxxxxxxxxxxx"];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut accepted = 0;
    for i in 0..4000 {
        let mut text = String::from(if i % 2 == 0 { "a = " } else { "" });
        for _ in 0..(rng.next() % 24) {
            let piece: &&str = rng.pick(&pieces);
            text.push_str(piece);
        }
        for notation in [Notation::Rfc822Bnf, Notation::Abnf] {
            let parsed = std::panic::catch_unwind(|| Grammar::parse("random", &text, notation));
            let Ok(result) = parsed else {
                panic!("reader panicked on {text:?}")
            };
            if let Ok(g) = result {
                accepted += 1;
                for input in inputs {
                    for reading in [M, D] {
                        let r = std::panic::catch_unwind(|| g.recognize(None, input, reading));
                        assert!(r.is_ok(), "recognizer panicked on {text:?} with {input:?}");
                    }
                }
            }
        }
    }
    assert!(
        accepted > 100,
        "only {accepted} random grammars were accepted"
    );
}

/// Recognizing arbitrary bytes under every edition and reading never panics.
#[test]
fn arbitrary_inputs_never_panic() {
    let alphabet = b"a1:/?#[]@%._-~!$&'()*+,;=\"<> \n\xff";
    let mut rng = Rng(42);
    for e in EDITIONS {
        let g = Grammar::for_edition(e).unwrap();
        for _ in 0..300 {
            let len = rng.next() % 40;
            let input: Vec<u8> = (0..len).map(|_| *rng.pick(alphabet)).collect();
            for reading in [M, D] {
                let v = g.recognize(None, &input, reading).unwrap();
                assert_ne!(v, TooLong);
            }
        }
    }
}
