//! The in-process library adapters: a shared table of
//! inputs that every library answers, stating what each is known to do; every subject's version
//! is the one in `Cargo.lock`; and no in-process subject crashes on generated and hostile
//! inputs run from eight threads.
//!
//! A table expectation is one string per library: `ok` or `no` (or `no:CODE`, the rejection's
//! code), then `component=value` pairs (`~` for undefined, nothing after "=" for empty) and
//! `ser=value` for the library's own serialization. For `resolve`, `normalize` and `equivalent`
//! rows it is `=TEXT` (accepted with that text), `true`/`false`, `no[:CODE]`, or `-`
//! (unsupported: the library does not declare the operation).

use std::collections::BTreeSet;
use std::sync::Arc;

use uridiff::model::{Answer, Component, Op, Outcome};
use uridiff::subjects::{in_process, run, Job, Subject};

/// The library adapters: the in-process subjects that speak no edition (impl and the oracles
/// speak editions and have their own tests), available in this build.
fn libraries() -> Vec<Arc<dyn Subject>> {
    in_process()
        .into_iter()
        .filter(|s| !s.info().speaks_editions() && s.available().is_ok())
        .collect()
}

/// The library named `name` must be in `expect` exactly once, and every name in `expect` must be
/// a library (or `ada-url` in a build without it).
#[track_caller]
fn check_covers(libs: &[Arc<dyn Subject>], expect: &[(&str, &str)]) {
    let named: BTreeSet<&str> = expect.iter().map(|(n, _)| *n).collect();
    assert_eq!(named.len(), expect.len(), "a library is named twice");
    for lib in libs {
        assert!(
            named.contains(lib.info().name.as_str()),
            "the row says nothing about {}",
            lib.info().name
        );
    }
    for n in named {
        assert!(
            n == "ada-url" || libs.iter().any(|l| l.info().name == n),
            "{n} is no library"
        );
    }
}

/// A rejection outcome against `no` or `no:CODE`.
#[track_caller]
fn check_rejected<T: std::fmt::Debug>(who: &str, out: &Outcome<T>, want: &str) {
    let Outcome::Rejected(r) = out else {
        panic!("{who}: expected a rejection ({want}), got {out:?}")
    };
    if let Some(code) = want.strip_prefix("no:") {
        assert_eq!(r.code.as_deref(), Some(code), "{who}: {r:?}");
    }
}

/// One parse row: `input` through every library, each against its expectation.
#[track_caller]
fn row(input: impl AsRef<[u8]>, expect: &[(&str, &str)]) {
    let input = input.as_ref();
    let libs = libraries();
    check_covers(&libs, expect);
    for (name, want) in expect {
        let Some(lib) = libs.iter().find(|l| l.info().name == *name) else {
            continue;
        };
        let who = format!("{name} on {:?}", String::from_utf8_lossy(input));
        let out = run(lib.as_ref(), &Job::parse(input));
        let mut tokens = want.split_whitespace();
        let verdict = tokens.next().unwrap_or_default();
        if verdict.starts_with("no") {
            check_rejected(&who, &out, verdict);
            continue;
        }
        assert_eq!(verdict, "ok", "{who}: bad expectation {want:?}");
        let Outcome::Accepted(Answer::Parsed(p)) = &out else {
            panic!("{who}: expected acceptance, got {out:?}")
        };
        let declared = lib.info().components;
        for c in Component::ALL {
            if !declared.contains(c) {
                assert_eq!(
                    p.components.get(c),
                    None,
                    "{who}: reports {c}, which it does not declare"
                );
            }
        }
        for t in tokens {
            let (key, value) = t.split_once('=').expect("component=value");
            let value = (value != "~").then_some(value);
            if key == "ser" {
                assert_eq!(p.serialization.as_deref(), value, "{who}: serialization");
            } else {
                let c: Component = key.parse().expect("a component name");
                assert!(declared.contains(c), "{who}: {c} is not declared");
                assert_eq!(p.components.get(c), value, "{who}: {c}");
            }
        }
    }
}

/// One row of another operation: `op` on `input` (and `second`: the base, or the other operand).
#[track_caller]
fn op_row(op: Op, input: &str, second: Option<&str>, expect: &[(&str, &str)]) {
    let libs = libraries();
    check_covers(&libs, expect);
    for (name, want) in expect {
        let Some(lib) = libs.iter().find(|l| l.info().name == *name) else {
            continue;
        };
        let who = format!("{name}: {op} {input:?} {second:?}");
        let job = Job {
            op,
            input: input.as_bytes(),
            second: second.map(str::as_bytes),
            ctx: Default::default(),
        };
        let out = run(lib.as_ref(), &job);
        match *want {
            "-" => assert!(
                matches!(out, Outcome::Unsupported(_)),
                "{who}: expected unsupported, got {out:?}"
            ),
            "true" | "false" => assert_eq!(
                out,
                Outcome::Accepted(Answer::Bool(*want == "true")),
                "{who}"
            ),
            w if w.starts_with("no") => check_rejected(&who, &out, w),
            w => {
                let text = w.strip_prefix('=').expect("=TEXT");
                assert_eq!(out, Outcome::Accepted(Answer::Text(text.into())), "{who}");
            }
        }
    }
}

const U: &str = "url";
const H: &str = "http";
const F: &str = "fluent-uri";
const I: &str = "iri-string";
const O: &str = "oxiri";
const R: &str = "iref";
const P: &str = "uriparse";
const A: &str = "ada-url";

#[test]
#[rustfmt::skip]
fn every_library_answers_the_shared_parse_table() {
    row("http://a/b?c#d", &[(U, "ok host=a path=/b query=c fragment=d ser=http://a/b?c#d"), (H, "ok host=a path=/b query=c ser=http://a/b?c"), (F, "ok host=a path=/b query=c fragment=d"), (I, "ok host=a path=/b query=c fragment=d"), (O, "ok authority=a path=/b query=c fragment=d"), (R, "ok host=a path=/b query=c fragment=d"), (P, "ok host=a path=/b query=c fragment=d ser=http://a/b?c#d"), (A, "ok host=a path=/b query=c fragment=d ser=http://a/b?c#d")]);
    // Case: WHATWG lowercases scheme and host; http and uriparse lowercase a known scheme only.
    row("HTTP://A", &[(U, "ok scheme=http host=a path=/ ser=http://a/"), (H, "ok scheme=http host=A path=/ ser=http://A/"), (F, "ok scheme=HTTP host=A path= ser=HTTP://A"), (I, "ok scheme=HTTP host=A path= ser=HTTP://A"), (O, "ok scheme=HTTP authority=A path= ser=HTTP://A"), (R, "ok scheme=HTTP host=A path= ser=HTTP://A"), (P, "ok scheme=http host=A path=/ ser=http://A/"), (A, "ok scheme=http host=a path=/ ser=http://a/")]);
    // http::Uri reads `urn:x` as the authority form (host `urn`): it does not reject it.
    row("urn:x", &[(U, "ok scheme=urn authority=~ host=~ path=x"), (H, "ok scheme=~ authority=urn:x host=urn port=~ path="), (F, "ok scheme=urn authority=~ path=x"), (I, "ok scheme=urn path=x"), (O, "ok scheme=urn path=x"), (R, "ok scheme=urn path=x"), (P, "ok scheme=urn path=x"), (A, "ok scheme=urn authority=~ host=~ path=x")]);
    row("mailto:a@b", &[(U, "ok scheme=mailto userinfo=~ path=a@b"), (H, "ok scheme=~ authority=mailto:a@b host=b path="), (F, "ok scheme=mailto userinfo=~ path=a@b"), (I, "ok scheme=mailto path=a@b"), (O, "ok scheme=mailto path=a@b"), (R, "ok scheme=mailto path=a@b"), (P, "ok scheme=mailto path=a@b"), (A, "ok scheme=mailto path=a@b")]);
    // A relative reference: WHATWG needs a base; http::Uri reads an authority.
    row("g", &[(U, "no:RelativeUrlWithoutBase"), (H, "ok authority=g host=g path="), (F, "ok scheme=~ path=g"), (I, "ok scheme=~ path=g"), (O, "ok scheme=~ path=g"), (R, "ok scheme=~ path=g"), (P, "ok scheme=~ path=g"), (A, "no:InvalidUrl")]);
    row("", &[(U, "no:RelativeUrlWithoutBase"), (H, "no:Empty"), (F, "ok path="), (I, "ok path="), (O, "ok path="), (R, "ok path="), (P, "ok path="), (A, "no:InvalidUrl")]);
    row("//a/b", &[(U, "no:RelativeUrlWithoutBase"), (H, "ok authority=~ path=//a/b"), (F, "ok authority=a path=/b"), (I, "ok authority=a path=/b"), (O, "ok authority=a path=/b"), (R, "ok authority=a path=/b"), (P, "ok authority=a path=/b"), (A, "no:InvalidUrl")]);
    row("*", &[(U, "no:RelativeUrlWithoutBase"), (H, "ok path=*"), (F, "ok path=*"), (I, "ok path=*"), (O, "ok path=*"), (R, "ok path=*"), (P, "ok path=*"), (A, "no:InvalidUrl")]);
    row("http:", &[(U, "no:EmptyHost"), (H, "ok scheme=~ authority=http: host=http"), (F, "ok scheme=http authority=~ path="), (I, "ok scheme=http authority=~ path="), (O, "ok scheme=http authority=~ path="), (R, "ok scheme=http authority=~ path="), (P, "ok scheme=http authority=~ path="), (A, "no:InvalidUrl")]);
    // The empty path after an authority: "/" for WHATWG's special schemes, http::Uri and uriparse.
    row("http://a", &[(U, "ok path=/ ser=http://a/"), (H, "ok path=/ ser=http://a/"), (F, "ok path="), (I, "ok path="), (O, "ok path="), (R, "ok path="), (P, "ok path=/ ser=http://a/"), (A, "ok path=/ ser=http://a/")]);
    // IP literals keep their brackets in every library.
    row("http://[::1]/", &[(U, "ok host=[::1] host_kind=ipv6"), (H, "ok host=[::1]"), (F, "ok host=[::1] host_kind=ipv6"), (I, "ok host=[::1]"), (O, "ok authority=[::1]"), (R, "ok host=[::1]"), (P, "ok host=[::1] host_kind=ipv6"), (A, "ok host=[::1] host_kind=ipv6")]);
    row("http://[0:0::1]/", &[(U, "ok host=[::1] ser=http://[::1]/"), (H, "ok host=[0:0::1]"), (F, "ok host=[0:0::1]"), (I, "ok host=[0:0::1]"), (O, "ok authority=[0:0::1]"), (R, "ok host=[0:0::1]"), (P, "ok host=[::1] ser=http://[::1]/"), (A, "ok host=[::1] ser=http://[::1]/")]);
    row("http://[v1.x]/", &[(U, "no:InvalidIpv6Address"), (H, "ok host=[v1.x]"), (F, "ok host=[v1.x] host_kind=ipvfuture"), (I, "ok host=[v1.x]"), (O, "ok authority=[v1.x]"), (R, "ok host=[v1.x]"), (P, "no:Authority(Host(AddressMechanismNotSupported))"), (A, "no:InvalidUrl")]);
    row("http://[::1", &[(U, "no:InvalidIpv6Address"), (H, "no:InvalidAuthority"), (F, "no:UnexpectedChar"), (I, "no:invalid-host"), (O, "no:UnmatchedHostBracket"), (R, "no:InvalidIriRef"), (P, "no"), (A, "no:InvalidUrl")]);
    // WHATWG parses legacy IPv4 forms; RFC 3986 parsers see a reg-name.
    row("http://0x7f.1/", &[(U, "ok host=127.0.0.1 host_kind=ipv4 ser=http://127.0.0.1/"), (H, "ok host=0x7f.1"), (F, "ok host=0x7f.1 host_kind=reg-name"), (I, "ok host=0x7f.1"), (O, "ok authority=0x7f.1"), (R, "ok host=0x7f.1"), (P, "ok host=0x7f.1 host_kind=reg-name"), (A, "ok host=127.0.0.1 host_kind=ipv4")]);
    // Undefined against empty: userinfo, port, query, fragment.
    row("http://@a:/?#", &[(U, "ok userinfo=~ port=~ query= fragment= ser=http://a/?#"), (H, "ok authority=@a: host=a port=~ query= ser=http://@a:/?"), (F, "ok userinfo= port= query= fragment= ser=http://@a:/?#"), (I, "ok userinfo= port= query= fragment="), (O, "ok authority=@a: query= fragment="), (R, "ok userinfo= port= query= fragment="), (P, "ok authority=@a userinfo= port=~ query= fragment= ser=http://@a/?#"), (A, "ok userinfo=~ port=~ query= fragment= ser=http://a/?#")]);
    row("http://u:p@h:1/", &[(U, "ok authority=u:p@h:1 userinfo=u:p host=h port=1"), (H, "ok authority=u:p@h:1 host=h port=1"), (F, "ok userinfo=u:p host=h port=1"), (I, "ok userinfo=u:p host=h port=1"), (O, "ok authority=u:p@h:1"), (R, "ok userinfo=u:p host=h port=1"), (P, "ok userinfo=u:p host=h port=1"), (A, "ok authority=u:p@h:1 userinfo=u:p host=h port=1")]);
    // Ports: WHATWG drops the default, uriparse keeps a number, the others the text.
    row("http://a:080", &[(U, "ok port=~ ser=http://a/"), (H, "ok port=080 path=/"), (F, "ok port=080 path="), (I, "ok port=080"), (O, "ok authority=a:080"), (R, "ok port=080"), (P, "ok port=80 ser=http://a:80/"), (A, "ok port=~ ser=http://a/")]);
    row("http://a:99999/", &[(U, "no:InvalidPort"), (H, "ok authority=a:99999 port=~"), (F, "ok port=99999"), (I, "ok port=99999"), (O, "ok authority=a:99999"), (R, "ok port=99999"), (P, "no:Authority(Port(Overflow))"), (A, "no:InvalidUrl")]);
    row("file:///x", &[(U, "ok authority= host=~ host_kind=~ path=/x"), (H, "no:InvalidFormat"), (F, "ok authority= host= host_kind=reg-name path=/x"), (I, "ok authority= host= path=/x"), (O, "ok authority= path=/x"), (R, "ok authority= host= path=/x"), (P, "ok authority= host= host_kind=reg-name path=/x"), (A, "ok authority= host= host_kind=reg-name path=/x")]);
    // What WHATWG repairs, the RFC parsers reject.
    row("http://a/ b", &[(U, "ok path=/%20b ser=http://a/%20b"), (H, "no:InvalidUriChar"), (F, "no:UnexpectedChar"), (I, "no:invalid-path"), (O, "no:InvalidIriCodePoint"), (R, "no:InvalidIriRef"), (P, "no:Path(InvalidCharacter)"), (A, "ok path=/%20b ser=http://a/%20b")]);
    row(" http://a/", &[(U, "ok ser=http://a/"), (H, "no:InvalidUriChar"), (F, "no:UnexpectedChar"), (I, "no:invalid-path"), (O, "no:InvalidSchemeCharacter"), (R, "no:InvalidIriRef"), (P, "no:Path(InvalidCharacter)"), (A, "ok ser=http://a/")]);
    row("http://a\\b", &[(U, "ok host=a path=/b ser=http://a/b"), (H, "no:InvalidUriChar"), (F, "no:UnexpectedChar"), (I, "no:invalid-host"), (O, "no:InvalidIriCodePoint"), (R, "no:InvalidIriRef"), (P, "no:Authority(Host(InvalidIPv4OrRegisteredNameCharacter))"), (A, "ok host=a path=/b ser=http://a/b")]);
    row("http://a#f#g", &[(U, "ok fragment=f#g"), (H, "ok ser=http://a/"), (F, "no:UnexpectedChar"), (I, "no:invalid-fragment"), (O, "no:InvalidIriCodePoint"), (R, "no:InvalidIriRef"), (P, "no:Fragment(InvalidCharacter)"), (A, "ok fragment=f#g")]);
    row("http://a/b/../c", &[(U, "ok path=/c"), (H, "ok path=/b/../c"), (F, "ok path=/b/../c"), (I, "ok path=/b/../c"), (O, "ok path=/b/../c"), (R, "ok path=/b/../c"), (P, "ok path=/b/../c"), (A, "ok path=/c")]);
    row("%", &[(U, "no:RelativeUrlWithoutBase"), (H, "no:InvalidAuthority"), (F, "no:InvalidPctEncodedOctet"), (I, "no:invalid-path"), (O, "no:InvalidPercentEncoding"), (R, "no:InvalidIriRef"), (P, "no:Path(InvalidPercentEncoding)"), (A, "no:InvalidUrl")]);
    // IRIs: accepted as they are by the RFC 3987 parsers, IDNA-mapped by WHATWG.
    row("http://é/", &[(U, "ok host=xn--9ca ser=http://xn--9ca/"), (H, "no:InvalidUriChar"), (F, "no:UnexpectedChar"), (I, "no:invalid-host"), (O, "ok authority=é"), (R, "ok host=é"), (P, "no:Authority(Host(InvalidIPv4OrRegisteredNameCharacter))"), (A, "ok host=xn--9ca ser=http://xn--9ca/")]);
    // Not UTF-8: a `&str` library's contract says no; the byte parsers decide for themselves.
    row(b"http://a/\xff", &[(U, "no:not-utf8"), (H, "no:InvalidUriChar"), (F, "no:not-utf8"), (I, "no:not-utf8"), (O, "no:not-utf8"), (R, "no:not-utf8"), (P, "no"), (A, "no:not-utf8")]);
}

#[test]
#[rustfmt::skip]
fn every_library_answers_the_shared_operation_table() {
    let base = Some("http://a/b/c/d;p?q");
    op_row(Op::Resolve, "../g", base, &[(U, "=http://a/b/g"), (H, "-"), (F, "=http://a/b/g"), (I, "=http://a/b/g"), (O, "=http://a/b/g"), (R, "=http://a/b/g"), (P, "-"), (A, "=http://a/b/g")]);
    op_row(Op::Resolve, "../../../../g", base, &[(U, "=http://a/g"), (H, "-"), (F, "=http://a/g"), (I, "=http://a/g"), (O, "=http://a/g"), (R, "=http://a/g"), (P, "-"), (A, "=http://a/g")]);
    op_row(Op::Resolve, "g:h", base, &[(U, "=g:h"), (H, "-"), (F, "=g:h"), (I, "=g:h"), (O, "=g:h"), (R, "=g:h"), (P, "-"), (A, "=g:h")]);
    // fluent-uri's documented deviation: a base with a fragment is an error.
    op_row(Op::Resolve, "g", Some("http://a/b#f"), &[(U, "=http://a/g"), (H, "-"), (F, "no:BaseWithFragment"), (I, "=http://a/g"), (O, "=http://a/g"), (R, "=http://a/g"), (P, "-"), (A, "=http://a/g")]);
    op_row(Op::Resolve, "g", Some("g"), &[(U, "no:invalid-base"), (H, "-"), (F, "no:invalid-base"), (I, "no:invalid-base"), (O, "no:invalid-base"), (R, "no:invalid-base"), (P, "-"), (A, "no:invalid-base")]);
    // A target the RFC algorithm cannot write (a path starting with "//" and no authority).
    op_row(Op::Resolve, ".///bar", Some("scheme:"), &[(U, "no:RelativeUrlWithCannotBeABaseBase"), (H, "-"), (F, "no:InvalidReferenceAgainstOpaqueBase"), (I, "no:unresolvable"), (O, "no:PathStartingWithTwoSlashes"), (R, "=scheme:/.//bar"), (P, "-"), (A, "no:InvalidUrl")]);
    op_row(Op::Normalize, "HTTP://A/%7e/b/../c%2f", None, &[(U, "-"), (H, "-"), (F, "=http://a/~/c%2F"), (I, "=http://a/~/c%2F"), (O, "-"), (R, "-"), (P, "=http://a/~/c%2F"), (A, "-")]);
    // The default port: fluent-uri drops it, iri-string and uriparse keep it.
    op_row(Op::Normalize, "http://a:80/%7E?%7e#%7e", None, &[(U, "-"), (H, "-"), (F, "=http://a/~?~#~"), (I, "=http://a:80/~?~#~"), (O, "-"), (R, "-"), (P, "=http://a:80/~?~#~"), (A, "-")]);
    // Dot segments of a relative reference: only uriparse removes them; iri-string normalizes URIs only.
    op_row(Op::Normalize, "g/../h", None, &[(U, "-"), (H, "-"), (F, "=g/../h"), (I, "-"), (O, "-"), (R, "-"), (P, "=h"), (A, "-")]);
    op_row(Op::Equivalent, "HTTP://a/b/../c", Some("http://a/c"), &[(U, "-"), (H, "-"), (F, "-"), (I, "-"), (O, "-"), (R, "true"), (P, "-"), (A, "-")]);
    op_row(Op::Equivalent, "http://A/", Some("http://a/"), &[(U, "-"), (H, "-"), (F, "-"), (I, "-"), (O, "-"), (R, "false"), (P, "-"), (A, "-")]);
}

/// `(name, version)` of every package in `Cargo.lock`.
fn locked_packages() -> Vec<(String, String)> {
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.lock"))
        .expect("Cargo.lock");
    let mut out = Vec::new();
    let mut name = None;
    for line in lock.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"').to_owned());
        } else if let (Some(n), Some(v)) = (name.take(), line.strip_prefix("version = ")) {
            out.push((n, v.trim_matches('"').to_owned()));
        }
    }
    out
}

#[test]
fn every_subject_reports_the_version_it_links() {
    let locked = locked_packages();
    assert!(
        locked.iter().any(|(n, _)| n == "url"),
        "Cargo.lock was read"
    );
    let mut seen = 0;
    for s in uridiff::subjects::in_process() {
        let i = s.info();
        if s.available().is_err() {
            continue;
        }
        assert!(!i.version.is_empty(), "{} has no version", i.name);
        // impl and the oracles are this project's crates; every library subject is named after
        // its crate.
        let package = match i.name.as_str() {
            "impl" => "uri-spec",
            "oracle-regex" | "oracle-grammar" => "uri-oracle",
            n => n,
        };
        assert!(
            locked.contains(&(package.to_owned(), i.version.clone())),
            "{} reports {} {}, which is not in Cargo.lock",
            i.name,
            package,
            i.version
        );
        seen += 1;
    }
    assert!(seen >= 10, "only {seen} subjects checked");
}

#[test]
fn the_registry_lists_every_library_once() {
    let names: Vec<String> = in_process().iter().map(|s| s.info().name.clone()).collect();
    for n in [U, H, F, I, O, R, P, A] {
        assert_eq!(
            names.iter().filter(|x| *x == n).count(),
            1,
            "{n} in {names:?}"
        );
    }
    let ada = in_process()
        .into_iter()
        .find(|s| s.info().name == A)
        .expect("ada-url is listed");
    assert_eq!(ada.available().is_ok(), cfg!(feature = "ada"));
}

/// ~200 inputs: hostile bytes, and every short combination of the delimiters.
fn hostile_inputs() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = [
        &b""[..],
        b"\0",
        b"http://a/\0",
        b"%",
        b"%%",
        b"%0",
        b"%zz",
        b"[",
        b"]",
        b"http://[",
        b"http://[]",
        b"http://[::",
        b"http://[::1]:",
        b"http://[v.]",
        b"http://[vF.]/",
        b"http://[::ffff:1.2.3.4]/",
        b"http://[1:2:3:4:5:6:7:8:9]/",
        b"http://@",
        b"http://@/",
        b"http://a@",
        b"http://a@:",
        b"http://:",
        b"http://a:",
        b"http://a:99999999999999999999/",
        b"a:",
        b":",
        b"::",
        b"//",
        b"///",
        b"?",
        b"#",
        b"http://a/\xff",
        b"\xff\xfe",
        b"\xc3",
        b"http://\xc3\xa9/",
        b"\t\n\r http://a/ \t",
        b"http://a/%",
        b"http://a/%2",
        b"http:\\\\a\\b",
        b"http://xn--/",
        b"http://xn--a.xn--/",
        b"http://1.2.3.4.5/",
        b"http://999999999999/",
        b"http://0x/",
        b"file:",
        b"file://",
        b"file:///C:/x",
        b"file://host/../..",
        b"javascript:alert(1)",
        b"data:,x",
        b"blob:http://a/x",
        b"*",
        b"a:80",
        b"a:b:c",
        b"http://a/./../../../g",
        b"..",
        b"./.././",
    ]
    .iter()
    .map(|b| b.to_vec())
    .collect();
    v.push(vec![b'a'; 64 * 1024]);
    let mut long = b"http://a/".to_vec();
    long.extend(std::iter::repeat_n(b"%41".as_slice(), 22_000).flatten());
    v.push(long);
    let mut deep = b"http://a/".to_vec();
    deep.extend(std::iter::repeat_n(b"../".as_slice(), 20_000).flatten());
    v.push(deep);
    v.push([b"http://".as_slice(), &[b'['; 1000]].concat());
    // Every pair and triple of delimiters and a few letters after "x".
    let parts: [&[u8]; 12] = [
        b":", b"/", b"//", b"?", b"#", b"@", b"[", b"]", b"%", b"a", b"\\", b".",
    ];
    for p in parts {
        for q in parts {
            v.push([b"x".as_slice(), p, q].concat());
        }
    }
    v
}

#[test]
fn no_in_process_subject_crashes_on_hostile_input_from_eight_threads() {
    let inputs = hostile_inputs();
    assert!(inputs.len() >= 200, "{} inputs", inputs.len());
    // Every in-process subject: the libraries, and impl and the oracles too (under RFC 3986).
    let libs: Vec<_> = in_process()
        .into_iter()
        .filter(|s| s.available().is_ok())
        .collect();
    assert!(libs.len() >= libraries().len() + 3);
    let bases: [&[u8]; 3] = [b"http://a/b/c/d;p?q", b"scheme:", b"x:/a/.."];
    // Known crashes, (library, input, why): none found so far. An entry here stays a crash
    // finding in the report; a fixed one must be taken out (the test checks both ways).
    let known: &[(&str, &[u8], &str)] = &[];
    let crashes = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for t in 0..8 {
            let (inputs, libs, crashes) = (&inputs, &libs, &crashes);
            scope.spawn(move || {
                for input in inputs.iter().skip(t).step_by(8) {
                    for lib in libs {
                        let mut jobs = vec![Job::parse(input)];
                        for base in bases {
                            jobs.push(Job::resolve(base, input));
                            jobs.push(Job::resolve(input, b"g"));
                        }
                        for op in [Op::Normalize, Op::Equivalent] {
                            jobs.push(Job {
                                op,
                                input,
                                second: Some(b"http://a/"),
                                ctx: Default::default(),
                            });
                        }
                        for job in jobs {
                            if let Outcome::Crashed(c) = run(lib.as_ref(), &job) {
                                crashes.lock().unwrap().push((
                                    lib.info().name.clone(),
                                    input.clone(),
                                    format!("{} {}", job.op, c.message),
                                ));
                            }
                        }
                    }
                }
            });
        }
    });
    let crashes = crashes.into_inner().unwrap();
    for (name, input, what) in &crashes {
        assert!(
            known
                .iter()
                .any(|(n, i, _)| n == name && *i == input.as_slice()),
            "{name} crashed on {:?}: {what}",
            String::from_utf8_lossy(input)
        );
    }
    for (name, input, why) in known {
        assert!(
            crashes
                .iter()
                .any(|(n, i, _)| n == name && i.as_slice() == *input),
            "{name} no longer crashes on {:?} ({why}): take it out of the list",
            String::from_utf8_lossy(input)
        );
    }
}
