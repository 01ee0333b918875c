//! External workers (protocol in workers/README.md).
//!
//! Two halves:
//! - the shipped workers answer one shared table of inputs, each row stating what each library
//!   is known to do. A worker whose runtime is missing here is skipped with a printed note,
//!   except python-urllib, node-whatwg, node-legacy-url and java-uri, whose interpreters every
//!   uridiff machine has: those must run.
//! - the misbehaving test worker (workers/testing/misbehave.py) proves the isolation: a hang
//!   is a timeout outcome, an exit an exit outcome, garbage or a wrong id a protocol outcome,
//!   each followed by a restart; a silent worker or a wrong handshake is unavailable with its
//!   reason; and all of it from parallel threads.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use uridiff::model::{Component, ComponentSet, CrashKind, Op, OpSet, Outcome, Parsed};
use uridiff::parsers::workers;
use uridiff::subjects::external::External;
use uridiff::subjects::{run, Ctx, Job, Subject};

// Each worker reports what its library returns: valid JSON for every byte, every pipelined
// answer, the not-reported form.
mod faithful;
// The workers of PyPI packages on inputs that show each library's documented reading.
mod pypi;
// The Node.js workers calling npm packages, from uridiff's own packages folder.
mod npm;
// Debian 12's parsers (uriparser, Boost.URL, libwget, Addressable, Mojo::URL, OkHttp).
mod debian;

/// Workers whose interpreter every uridiff machine (and CI) has: never skipped.
const REQUIRED: &[&str] = &[
    "python-urllib",
    "node-whatwg",
    "node-legacy-url",
    "java-uri",
];

/// One started instance of each shipped worker, shared by the tests of this file and of the
/// reproduce lines (starting java or `go run` takes a while); `None` when its runtime is
/// missing here.
pub(crate) fn shipped(name: &str) -> Option<&'static External> {
    shipped_arc(name).map(|w| &**w)
}

/// [`shipped`], as the shared handle an [`uridiff::engine::Engine`] takes.
pub(crate) fn shipped_arc(name: &str) -> Option<&'static Arc<External>> {
    static WORKERS: OnceLock<BTreeMap<&'static str, Option<Arc<External>>>> = OnceLock::new();
    let all = WORKERS.get_or_init(|| {
        let mut all = BTreeMap::new();
        std::thread::scope(|scope| {
            let started: Vec<_> = workers()
                .map(|w| {
                    scope.spawn(move || {
                        let worker = External::shipped(w)
                            .expect("a worker")
                            .timeout(Duration::from_secs(30));
                        match worker.available() {
                            Ok(()) => (w.name, Some(Arc::new(worker))),
                            Err(why) => {
                                assert!(
                                    !REQUIRED.contains(&w.name),
                                    "{} must run on every uridiff machine: {why}",
                                    w.name
                                );
                                eprintln!("note: skipping {}: {why}", w.name);
                                (w.name, None)
                            }
                        }
                    })
                })
                .collect();
            for handle in started {
                let (name, worker) = handle.join().expect("starting a worker does not panic");
                all.insert(name, worker);
            }
        });
        all
    });
    all.get(name)
        .unwrap_or_else(|| panic!("{name} is not shipped"))
        .as_ref()
}

#[test]
fn every_shipped_worker_says_in_its_handshake_what_uridiff_declares_for_it() {
    for card in workers() {
        let declared = External::shipped(card).expect("a worker");
        let w = card.worker().expect("a worker");
        assert_eq!(
            declared.info().version,
            "-",
            "nothing runs before it is asked"
        );
        let Some(worker) = shipped(card.name) else {
            continue;
        };
        let info = worker.info();
        assert_eq!(info.name, card.name);
        assert_eq!(info.profile, card.profile, "{}", card.name);
        assert_eq!(info.operations, OpSet::of(w.operations), "{}", card.name);
        assert_eq!(
            info.components,
            ComponentSet::of(w.components),
            "{}",
            card.name
        );
        assert_eq!(info.decides_validity, w.decides_validity, "{}", card.name);
        assert!(
            info.version != "-" && info.version.chars().any(|c| c.is_ascii_digit()),
            "{}: version {:?} read from the runtime",
            card.name,
            info.version
        );
        assert!(info.editions.is_empty() && !info.edition_fields);
    }
}

#[test]
fn the_registry_lists_every_shipped_worker_once_without_starting_it() {
    let all = uridiff::subjects::builtin();
    for w in workers() {
        let found: Vec<_> = all.iter().filter(|s| s.info().name == w.name).collect();
        assert_eq!(found.len(), 1, "{} in the registry", w.name);
        assert_eq!(found[0].info().version, "-");
    }
}

/// A parse row: the input, then (worker or "*" for every worker, what it answers). The answer
/// is `rejected` (optionally with the code) or `|`-separated `component=value` checks, `-`
/// meaning undefined and `~` not reported (the key left out of the response); "*" (every worker
/// the row does not name on a line of its own) checks only
/// the components a worker declares.
type Row = (&'static [u8], &'static [(&'static str, &'static str)]);

const PARSE_TABLE: &[Row] = &[
    // RFC 3986 1.1.2's plain form: every library splits it alike.
    (
        b"http://a/b?c#d",
        &[
            (
                "*",
                "scheme=http|host=a|path=/b|query=c|fragment=d|userinfo=-",
            ),
            (
                // hyperlink's userinfo is '' where there is none; port: http's default.
                "python-hyperlink",
                "scheme=http|host=a|path=/b|query=c|fragment=d|userinfo=|port=80",
            ),
        ],
    ),
    // Case: which libraries lowercase the scheme and the host while parsing.
    (
        b"HTTP://EXAMPLE.com/",
        &[
            (
                "python-urllib",
                "scheme=http|host=example.com|authority=EXAMPLE.com",
            ),
            ("python-rfc3986", "scheme=HTTP|host=EXAMPLE.com"),
            ("node-whatwg", "scheme=http|host=example.com"),
            ("node-legacy-url", "scheme=http|host=example.com"),
            ("java-uri", "scheme=HTTP|host=EXAMPLE.com"),
            ("go-net-url", "scheme=http|host=EXAMPLE.com"),
            ("php-parse-url", "scheme=HTTP|host=EXAMPLE.com"),
            ("ruby-uri", "scheme=http|host=EXAMPLE.com"),
            ("perl-uri", "scheme=http|host=EXAMPLE.com"),
            ("curl-url", "scheme=http|host=EXAMPLE.com"),
        ],
    ),
    // A port past 65535: who checks the range (RFC 3986 3.2.3 does not).
    (
        b"http://a:99999/",
        &[
            ("python-urllib", "rejected ValueError"),
            ("python-rfc3986", "rejected InvalidComponentsError"),
            ("node-whatwg", "rejected ERR_INVALID_URL"),
            ("node-legacy-url", "port=99999"),
            ("java-uri", "port=99999"),
            ("go-net-url", "port=99999"),
            ("php-parse-url", "rejected false"),
            ("ruby-uri", "port=99999"),
            ("perl-uri", "port=99999"),
            ("curl-url", "rejected CURLUE_BAD_PORT_NUMBER"),
        ],
    ),
    // An IPv6 literal: who keeps the brackets in the host.
    (
        b"http://[::1]:8080/",
        &[
            ("*", "port=8080"),
            ("python-urllib", "host=::1"),
            ("python-rfc3986", "host=[::1]"),
            ("node-whatwg", "host=[::1]"),
            ("node-legacy-url", "host=[::1]"), // url.parse's host without its port
            ("java-uri", "host=[::1]"),
            ("go-net-url", "host=[::1]"), // URL.Host without its port (Hostname() drops "[]")
            ("php-parse-url", "host=[::1]"),
            ("ruby-uri", "host=[::1]"),
            ("perl-uri", "host=::1"),
            ("curl-url", "host=[::1]"),
        ],
    ),
    // A backslash before "@": the host confusion of the public studies. WHATWG turns "\" into
    // "/" (host a), the splitters that look for the last "@" read host b.
    (
        b"http://u@a\\@b/",
        &[
            ("python-urllib", "host=b|userinfo=u@a\\"),
            ("python-rfc3986", "host=a|userinfo=u"),
            ("node-whatwg", "host=a|userinfo=u|path=/@b/"),
            ("node-legacy-url", "host=a|userinfo=u"),
            ("java-uri", "rejected URISyntaxException"),
            ("go-net-url", "rejected"),
            ("php-parse-url", "host=b|userinfo=u@a\\"),
            ("ruby-uri", "rejected URI::InvalidURIError"),
            ("perl-uri", "host=b"),
            ("curl-url", "rejected CURLUE_BAD_HOSTNAME"),
        ],
    ),
    // An empty query against none (RFC 3986 3.4): who keeps "?" apart.
    (b"http://a/?", &[("*", "query="), ("node-urijs", "query=-")]),
    (
        b"http://a/",
        &[
            ("python-urllib", "query="), // urlsplit: '' for absent (its note says so)
            ("python-rfc3986", "query=-"),
            ("node-whatwg", "query="), // search '' for absent (its note says so)
            ("node-legacy-url", "query=-"),
            ("java-uri", "query=-"),
            ("go-net-url", "query=-"),
            ("php-parse-url", "query=-"),
            ("ruby-uri", "query=-"),
            ("perl-uri", "query=-"),
            ("curl-url", "query=-"),
        ],
    ),
    // A URN: no authority; curl wants "//" after every scheme.
    (
        b"urn:x",
        &[
            ("python-urllib", "scheme=urn|path=x|host=-"),
            ("python-rfc3986", "scheme=urn|path=x|authority=-"),
            ("node-whatwg", "scheme=urn|path=x"),
            ("node-legacy-url", "scheme=urn|host=x|path=-"),
            // An opaque URI (RFC 2396 3): getRawPath() is null, the opaque part is no path.
            ("java-uri", "scheme=urn|path=-|authority=-"),
            ("go-net-url", "scheme=urn|path=~|host=-"), // Opaque "x"; no path to report
            ("php-parse-url", "scheme=urn|path=x|host=-"),
            ("ruby-uri", "scheme=urn|path=-|host=-"), // URI#path nil, URI#opaque "x"
            ("perl-uri", "scheme=urn|path=~|authority=~"), // URI::urn: path is opaque's alias
            ("curl-url", "rejected CURLUE_BAD_SLASHES"),
        ],
    ),
    // A network-path reference: WHATWG and curl need a scheme.
    (
        b"//a/b",
        &[
            ("python-urllib", "host=a|path=/b"),
            ("python-rfc3986", "scheme=-|host=a|path=/b"),
            ("node-whatwg", "rejected ERR_INVALID_URL"),
            ("node-legacy-url", "host=-|path=//a/b"),
            ("java-uri", "scheme=-|host=a|path=/b"),
            ("go-net-url", "scheme=-|host=a|path=/b"),
            ("php-parse-url", "scheme=-|host=a|path=/b"),
            ("ruby-uri", "scheme=-|host=a|path=/b"),
            ("perl-uri", "scheme=-|authority=a|path=/b"),
            ("curl-url", "rejected CURLUE_BAD_SCHEME"),
        ],
    ),
    // An IPv6 zone (RFC 6874): each library's host as it holds it. Go keeps the zone decoded
    // in URL.Host; curl gives it apart (CURLUPART_ZONEID), put back as its URL writes it.
    (
        b"http://[fe80::1%25eth0]:80/p",
        &[
            ("python-urllib", "host=fe80::1%25eth0"),
            ("python-rfc3986", "host=[fe80::1%25eth0]"),
            ("node-whatwg", "rejected ERR_INVALID_URL"),
            ("java-uri", "host=[fe80::1%25eth0]"),
            ("go-net-url", "host=[fe80::1%eth0]|port=80"),
            ("php-parse-url", "host=[fe80::1%25eth0]"),
            ("ruby-uri", "rejected URI::InvalidURIError"),
            ("perl-uri", "host=fe80::1%eth0"),
            ("curl-url", "host=[fe80::1%25eth0]|port=80"),
        ],
    ),
    // An opaque URI with a query: who has a path for it, and who has no reading at all.
    (
        b"mailto:a@b?x",
        &[
            ("python-rfc3986", "path=a@b|query=x|host=-"),
            ("node-whatwg", "path=a@b|query=x"),
            ("node-legacy-url", "userinfo=a|host=b|path=-|query=x"),
            ("java-uri", "path=-|query=-|host=-"),
            ("go-net-url", "path=~|query=x|host=-"),
            ("php-parse-url", "path=a@b|query=x"),
            ("ruby-uri", "path=-|query=-|host=-"),
            (
                "perl-uri",
                "path=~|query=x|host=~|authority=~|userinfo=~|port=~",
            ),
            ("curl-url", "rejected CURLUE_BAD_SLASHES"),
        ],
    ),
    // Perl's class for an unknown scheme (URI::_foreign) has an authority but no host method.
    (
        b"foo://u@h/p",
        &[
            ("*", "scheme=foo|path=/p"),
            ("perl-uri", "authority=u@h|host=~|userinfo=~|port=~"),
            ("go-net-url", "host=h|userinfo=u"),
            ("java-okhttp", "rejected IllegalArgumentException"),
        ],
    ),
    // A byte that is not UTF-8 travels as {"b64": ...}: text-only libraries say not-utf8, the
    // byte-string ones parse it (and Go, Perl percent-encode it; PHP hands the byte back,
    // which the model keeps as U+FFFD).
    (
        b"http://a/\xff",
        &[
            ("python-urllib", "rejected UnicodeDecodeError"),
            ("python-rfc3986", "rejected not-utf8"),
            ("node-whatwg", "rejected not-utf8"),
            ("node-legacy-url", "rejected not-utf8"),
            ("java-uri", "rejected not-utf8"),
            ("go-net-url", "path=/%FF"),
            ("php-parse-url", "path=/\u{FFFD}"),
            ("ruby-uri", "rejected URI::InvalidURIError"),
            ("perl-uri", "path=/%FF"),
            ("curl-url", "path=/\u{FFFD}"),
        ],
    ),
];

/// Checks one worker's parse against an expectation of [`PARSE_TABLE`].
#[track_caller]
fn check_parse(worker: &External, input: &[u8], expected: &str, only_declared: bool) {
    let name = &worker.info().name;
    let shown = String::from_utf8_lossy(input);
    let out: Outcome<Parsed> = worker.parse(input, &Ctx::default());
    if let Some(code) = expected.strip_prefix("rejected") {
        let Outcome::Rejected(r) = &out else {
            panic!("{name} on {shown:?}: expected rejected, got {out:?}")
        };
        let code = code.trim();
        if !code.is_empty() {
            assert_eq!(r.code.as_deref(), Some(code), "{name} on {shown:?}: {r:?}");
        }
        return;
    }
    let Outcome::Accepted(parsed) = &out else {
        panic!("{name} on {shown:?}: expected accepted, got {out:?}")
    };
    for check in expected.split('|') {
        let (component, value) = check.split_once('=').expect("component=value");
        let component: Component = component.parse().expect("a component name");
        if only_declared && !worker.info().components.contains(component) {
            continue;
        }
        assert_eq!(
            parsed.not_reported.contains(component),
            value == "~",
            "{name} on {shown:?}: whether {component} is reported (not reported: {:?})",
            parsed.not_reported
        );
        if value == "~" {
            continue;
        }
        let want = if value == "-" { None } else { Some(value) };
        assert_eq!(
            parsed.components.get(component),
            want,
            "{name} on {shown:?}: {component} (all: {:?})",
            parsed.components
        );
    }
}

#[test]
fn the_shipped_workers_answer_the_shared_table_as_their_libraries_are_known_to() {
    let mut checked = 0;
    for (input, expectations) in PARSE_TABLE {
        for (who, expected) in *expectations {
            let names: Vec<&str> = if *who == "*" {
                // Every worker the row does not name on its own line.
                workers()
                    .map(|w| w.name)
                    .filter(|n| !expectations.iter().any(|(w, _)| w == n))
                    .collect()
            } else {
                vec![*who]
            };
            for name in names {
                // A worker's own entry in the row overrides "*" for the components it names.
                let own: Vec<&str> = expectations
                    .iter()
                    .filter(|(w, _)| *who == "*" && *w == name)
                    .flat_map(|(_, e)| e.split('|').filter_map(|c| c.split_once('=')).map(|c| c.0))
                    .collect();
                let expected: String = expected
                    .split('|')
                    .filter(|c| !c.split_once('=').is_some_and(|(k, _)| own.contains(&k)))
                    .collect::<Vec<_>>()
                    .join("|");
                if expected.is_empty() {
                    continue;
                }
                if let Some(worker) = shipped(name) {
                    check_parse(worker, input, &expected, *who == "*");
                    checked += 1;
                }
            }
        }
    }
    // At least the four workers that must run here answered every row.
    assert!(checked >= 4 * PARSE_TABLE.len(), "{checked} checks");
}

/// RFC 3986 5.4.1's base, and references whose resolution tells RFC 3986 (5.2) from RFC 2396
/// (java.net.URI keeps the 1998 answers) and from the libraries' own readings.
const BASE: &[u8] = b"http://a/b/c/d;p?q";

/// (reference, RFC 3986's answer, the workers that answer otherwise and what they answer).
type ResolveRow = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

const RESOLVE_TABLE: &[ResolveRow] = &[
    ("g", "http://a/b/c/g", &[]),
    ("../g", "http://a/b/g", &[]),
    ("g;x?y#s", "http://a/b/c/g;x?y#s", &[]),
    // RFC 2396 5.2 step 2 kept the base's path up to its last "/" for a query-only reference.
    (
        "?y",
        "http://a/b/c/d;p?y",
        &[
            ("java-uri", "http://a/b/c/?y"),
            ("c-libwget", "http://a/b/c/?y"),
        ],
    ),
    (
        "",
        "http://a/b/c/d;p?q",
        &[
            ("java-uri", "http://a/b/c/"),
            ("curl-url", "http://a/b/c/"),
            ("node-url-parse", "http://a/b/c/d;p"),
            ("c-libwget", "http://a/b/c/"),
        ],
    ),
    // RFC 2396 5.2 step 6g left excess ".." in place; so does Perl's URI.
    (
        "../../../g",
        "http://a/g",
        &[
            ("java-uri", "http://a/../g"),
            ("perl-uri", "http://a/../g"),
            ("cpp-boost-url", "http://a/../g"),
            ("perl-mojo-url", "http://a/../g"),
        ],
    ),
    (
        "/./g",
        "http://a/g",
        &[
            ("java-uri", "http://a/./g"),
            ("perl-uri", "http://a/./g"),
            ("node-url-parse", "http://a/./g"),
            ("node-urijs", "http://a/./g"),
            ("perl-mojo-url", "http://a/./g"),
        ],
    ),
    // WHATWG, legacy url.resolve and curl give a special URL an empty path as "/".
    (
        "//g",
        "http://g",
        &[
            ("node-whatwg", "http://g/"),
            ("node-legacy-url", "http://g/"),
            ("curl-url", "http://g/"),
            ("node-whatwg-url", "http://g/"),
            ("node-url-parse", "http://g/"),
            ("node-urijs", "http://g/"),
            ("java-okhttp", "http://g/"),
        ],
    ),
];

#[test]
fn the_shipped_resolvers_follow_rfc_3986_except_where_their_library_is_known_not_to() {
    let mut checked = 0;
    for w in workers().filter(|w| {
        w.worker()
            .is_some_and(|w| w.operations.contains(&Op::Resolve))
    }) {
        let Some(worker) = shipped(w.name) else {
            continue;
        };
        for (reference, rfc3986, others) in RESOLVE_TABLE {
            let want = others
                .iter()
                .find(|(name, _)| *name == w.name)
                .map_or(*rfc3986, |(_, answer)| *answer);
            let out = worker.resolve(BASE, reference.as_bytes(), &Ctx::default());
            assert_eq!(
                out,
                Outcome::Accepted(want.to_owned()),
                "{} resolving {reference:?}",
                w.name
            );
            checked += 1;
        }
    }
    assert!(checked >= 4 * RESOLVE_TABLE.len(), "{checked} checks");
}

#[test]
fn the_workers_speak_the_protocol_as_its_json_schema_says() {
    // workers/testing/check_protocol.py validates handshakes, responses and the README's
    // example with the `jsonschema` package; without it, this test says so and checks nothing.
    let has_jsonschema = std::process::Command::new("python3")
        .args(["-c", "import jsonschema"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has_jsonschema {
        eprintln!("note: skipping the schema check: python3 has no `jsonschema` package");
        return;
    }
    let mut args = vec!["--readme".to_owned()];
    for w in workers() {
        if shipped(w.name).is_some() {
            let argv: Vec<String> = uridiff::subjects::external::argv(w)
                .expect("it ran")
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            args.push(format!(
                "{}={}",
                w.name,
                serde_json::to_string(&argv).unwrap()
            ));
        }
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/workers/testing/check_protocol.py"
    );
    let mut check = std::process::Command::new("python3");
    for w in workers().filter(|w| shipped(w.name).is_some()) {
        // The workers' own variables (NODE_PATH for those calling npm packages).
        check.envs(uridiff::subjects::external::env(w).expect("it ran"));
    }
    let out = check
        .arg(script)
        .args(&args)
        .output()
        .expect("python3 runs");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(report.lines().count(), args.len(), "{report}");
}

#[test]
fn java_uri_normalizes_and_compares_as_rfc_2396_says() {
    let java = shipped("java-uri").expect("java-uri runs everywhere");
    let ctx = Ctx::default();
    // URI.normalize removes dot segments only (RFC 2396 5.2 step 6), nothing else.
    assert_eq!(
        java.normalize(b"HTTP://A/b/../c/%7e", &ctx),
        Outcome::Accepted("HTTP://A/c/%7e".to_owned())
    );
    // URI.equals ignores the case of scheme, host and hex digits of escapes, not more.
    assert_eq!(
        java.equivalent(b"http://a/%7e", b"HTTP://A/%7E", &ctx),
        Outcome::Accepted(true)
    );
    assert_eq!(
        java.equivalent(b"http://a/", b"http://a:80/", &ctx),
        Outcome::Accepted(false)
    );
    // The error carries java's index as a byte offset.
    let Outcome::Rejected(r) = java.parse(b"http://a b/", &ctx) else {
        panic!("a space in the authority is illegal in RFC 2396")
    };
    assert_eq!(r.offset, Some(7));
}

#[test]
fn an_operation_a_worker_does_not_declare_is_unsupported_before_it_is_asked() {
    let urllib = shipped("python-urllib").expect("python-urllib runs everywhere");
    let out = run(
        urllib,
        &Job {
            op: Op::Normalize,
            ..Job::parse(b"http://a/")
        },
    );
    assert!(
        matches!(out, Outcome::Unsupported(ref w) if w.contains("no normalize")),
        "{out:?}"
    );
}

// ---- isolation: the misbehaving worker -------------------------------------------------------

/// The misbehaving worker in `mode`, with a short timeout.
fn misbehave(mode: &str) -> External {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/workers/testing/misbehave.py");
    External::from_command(
        &format!("misbehave-{mode}"),
        &format!("exec python3 '{script}' {mode}"),
    )
    .timeout(Duration::from_millis(3000))
    .handshake_timeout(Duration::from_secs(30))
}

fn parse(worker: &External, input: &str) -> Outcome<Parsed> {
    run(worker, &Job::parse(input.as_bytes())).map(|answer| match answer {
        uridiff::model::Answer::Parsed(p) => std::sync::Arc::unwrap_or_clone(p),
        other => panic!("a parse answer, got {other:?}"),
    })
}

#[track_caller]
fn assert_echo(out: &Outcome<Parsed>, input: &str) {
    let Outcome::Accepted(p) = out else {
        panic!("expected {input:?} accepted, got {out:?}")
    };
    assert_eq!(p.components.get(Component::Path), Some(input));
}

#[track_caller]
fn assert_crash(out: &Outcome<Parsed>, kind: CrashKind, needles: &[&str]) {
    let Outcome::Crashed(c) = out else {
        panic!("expected a {} crash, got {out:?}", kind.name())
    };
    assert_eq!(c.kind, kind, "{}", c.message);
    for needle in needles {
        assert!(
            c.message.contains(needle),
            "{needle:?} not in {}",
            c.message
        );
    }
}

#[test]
fn a_hang_is_a_timeout_outcome_and_the_worker_is_restarted() {
    let w = misbehave("hang");
    assert_echo(&parse(&w, "a"), "a");
    let first = w.pid().expect("running");
    assert_crash(
        &parse(&w, "trigger"),
        CrashKind::Timeout,
        &["within 3000 ms", "misbehave: hang on 'trigger'"],
    );
    assert_eq!(w.pid(), None, "the hung worker is gone");
    assert_echo(&parse(&w, "b"), "b");
    assert_ne!(w.pid(), Some(first), "a new worker answered");
}

#[test]
fn an_exit_is_an_exit_outcome_with_the_last_stderr_lines_and_the_worker_is_restarted() {
    let w = misbehave("crash");
    assert_echo(&parse(&w, "a"), "a");
    let first = w.pid().expect("running");
    assert_crash(
        &parse(&w, "trigger"),
        CrashKind::Exit,
        &[
            "exit status: 3",
            "misbehave: crash on 'trigger'",
            "misbehave: second stderr line before exit",
        ],
    );
    assert_echo(&parse(&w, "b"), "b");
    assert_ne!(w.pid(), Some(first));
}

#[test]
fn garbage_and_a_wrong_id_are_protocol_outcomes_and_the_worker_is_restarted() {
    for (mode, needle) in [
        ("garbage", "this is not JSON"),
        ("out-of-order", "id 1002"),
        ("blank-flood", "blank lines where an answer was due"),
    ] {
        let w = misbehave(mode);
        assert_echo(&parse(&w, "a"), "a");
        let first = w.pid().expect("running");
        assert_crash(&parse(&w, "trigger"), CrashKind::Protocol, &[needle]);
        assert_echo(&parse(&w, "b"), "b");
        assert_ne!(w.pid(), Some(first), "{mode}: restarted");
    }
}

/// A worker silent past the handshake deadline is started once, not twice: each start would
/// wait the whole deadline (a minute by default) before the run goes on without it.
#[test]
fn a_worker_silent_past_the_handshake_deadline_is_started_once() {
    let dir = tempfile::tempdir().expect("a folder");
    let starts = dir.path().join("starts");
    let silent = External::from_command(
        "silent-once",
        &format!("echo start >> '{}'; exec sleep 60", starts.display()),
    )
    .handshake_timeout(Duration::from_millis(500));
    let why = silent.available().expect_err("no handshake");
    assert!(why.contains("nothing within 500 ms"), "{why}");
    let started = std::fs::read_to_string(&starts).expect("it started");
    assert_eq!(started.lines().count(), 1, "{started}");
    // Asked again, it stays unavailable without a new start.
    assert!(silent.available().is_err());
    let started = std::fs::read_to_string(&starts).expect("it started");
    assert_eq!(started.lines().count(), 1, "{started}");
}

#[test]
fn a_silent_worker_or_a_wrong_handshake_is_unavailable_with_its_reason() {
    // A deadline a loaded machine still meets for the stderr line the silent worker prints
    // first (Python's start-up under two busy cores took over 1.5 s once).
    let silent = misbehave("silent").handshake_timeout(Duration::from_millis(6000));
    let why = silent.available().expect_err("no handshake");
    assert!(why.contains("nothing within 6000 ms"), "{why}");
    assert!(why.contains("misbehave: silent, no handshake"), "{why}");
    // Marked unavailable: the engine skips it with the reason.
    let out = parse(&silent, "a");
    assert!(
        matches!(out, Outcome::Unsupported(ref w) if w.contains("not available")),
        "{out:?}"
    );

    let wrong = misbehave("bad-handshake");
    let why = wrong.available().expect_err("another protocol");
    assert!(why.contains("something-else/9"), "{why}");

    let unknown = misbehave("bad-profile");
    let why = unknown.available().expect_err("an unknown profile");
    assert!(why.contains("rfc9999-made-up"), "{why}");
    assert!(
        why.contains("known profiles are: rfc3986, rfc3987-iri, rfc2396, whatwg-url"),
        "names the known ones: {why}"
    );

    let missing = External::from_command("missing", "exec no-such-interpreter-for-uridiff x");
    let why = missing.available().expect_err("nothing to run");
    // A one-line reason, then what the shell said on stderr (the worker's last 20 lines).
    let mut lines = why.lines();
    assert!(
        lines
            .next()
            .is_some_and(|l| l.starts_with("no handshake: the worker exited")),
        "{why}"
    );
    assert_eq!(lines.next(), Some("stderr:"), "{why}");
    assert!(lines.all(|l| l.contains("not found")), "{why}");
}

#[test]
fn a_handshake_is_read_from_the_worker_not_assumed() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/workers/testing/misbehave.py");
    let w = External::from_command("mine", &format!("python3 '{script}' ok"));
    assert_eq!(w.info().version, "-");
    assert_eq!(
        w.info().operations,
        OpSet::of(&[Op::Parse, Op::Resolve, Op::Normalize, Op::Equivalent])
    );
    w.available().expect("starts");
    let info = w.info();
    assert_eq!(info.name, "mine", "the command line's name");
    assert_eq!(info.profile, "rfc3986");
    assert_eq!(info.operations, OpSet::of(&[Op::Parse, Op::Resolve]));
    assert_eq!(info.components, ComponentSet::of(&[Component::Path]));
    assert!(!info.decides_validity);
    assert!(
        info.library.contains("calls itself misbehave-ok"),
        "{}",
        info.library
    );
}

#[test]
fn any_byte_sequence_survives_the_trip() {
    // The test worker echoes the input as path: a non-UTF-8 input goes out as {"b64": ...} and
    // comes back the same way; the model keeps text, so the bad byte reads as U+FFFD.
    let w = misbehave("ok");
    let out = run(&w, &Job::parse(b"a\xffb\n\"c"));
    let Outcome::Accepted(uridiff::model::Answer::Parsed(p)) = out else {
        panic!("{out:?}")
    };
    assert_eq!(p.components.get(Component::Path), Some("a\u{FFFD}b\n\"c"));
    let out = run(&w, &Job::resolve(b"http://a/", "é/\u{0}".as_bytes()));
    assert_eq!(
        out,
        Outcome::Accepted(uridiff::model::Answer::Text("é/\u{0}".to_owned()))
    );
}

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn misbehaviour_from_parallel_threads_costs_only_the_requests_that_caused_it() {
    assert_send_sync::<External>();
    for mode in ["crash", "garbage", "hang"] {
        let w = Arc::new(misbehave(mode).timeout(Duration::from_millis(4000)));
        // Two triggers in all, from two threads: each hang costs a full timeout, and three
        // failed requests in a row give a worker up for the run (`verdict.rs`), which the
        // threads' interleaving could otherwise reach.
        let trigger_every = 8;
        std::thread::scope(|scope| {
            for t in 0..4 {
                let w = Arc::clone(&w);
                scope.spawn(move || {
                    for i in 0..8 {
                        let triggered = (t + i) % trigger_every == 0 && t < 2;
                        let input = if triggered {
                            "trigger".to_owned()
                        } else {
                            format!("t{t}-{i}")
                        };
                        let out = parse(&w, &input);
                        if triggered {
                            let kind = match mode {
                                "crash" => CrashKind::Exit,
                                "garbage" => CrashKind::Protocol,
                                _ => CrashKind::Timeout,
                            };
                            assert_crash(&out, kind, &[]);
                        } else {
                            assert_echo(&out, &input);
                        }
                    }
                });
            }
        });
    }
}

/// The shipped workers' folder: a squatted or linked folder at the predictable path is never
/// written into, and the workers stay available (another user can neither plant a link for
/// uridiff to write through nor disable the workers).
#[cfg(unix)]
#[test]
fn a_squatted_or_linked_worker_folder_is_neither_written_nor_fatal() {
    use std::process::Command;
    // The shared temporary folder, watched: nothing may be made there at a predictable name.
    let shared_tmp = tempfile::tempdir().expect("a folder");
    // Two workers, one interpreted and one compiled into the folder: starting every worker
    // would test the folder no further.
    let run = |cache: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_uridiff"))
            .args(["parsers", "--json"])
            .args(["--parser", "python-urllib", "--parser", "c-uriparser"])
            .env("XDG_CACHE_HOME", cache)
            .env("TMPDIR", shared_tmp.path())
            .output()
            .expect("uridiff runs")
    };
    // The folder's name, from a first run in a fresh cache.
    let fresh = tempfile::tempdir().expect("a folder");
    let out = run(fresh.path());
    assert!(out.status.success());
    let name = std::fs::read_dir(fresh.path().join("uridiff"))
        .expect("the cache")
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .find(|n| n.to_string_lossy().starts_with("workers-"))
        .expect("the workers' folder");
    // (The runtimes make their own folders there, `go run` one of a random name.)
    let ours: Vec<_> = std::fs::read_dir(shared_tmp.path())
        .expect("tmp")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("uridiff"))
        .collect();
    assert!(
        ours.is_empty(),
        "made in the shared temporary folder: {ours:?}"
    );
    // A second cache where that name is a link to a victim folder.
    let squatted = tempfile::tempdir().expect("a folder");
    let victim = tempfile::tempdir().expect("a folder");
    std::fs::create_dir_all(squatted.path().join("uridiff")).expect("folder");
    std::os::unix::fs::symlink(victim.path(), squatted.path().join("uridiff").join(&name))
        .expect("symlink");
    let out = run(squatted.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_dir(victim.path()).expect("victim").count(),
        0,
        "nothing written through the link"
    );
    // The workers are still there (python3 is on every uridiff machine).
    let listed = String::from_utf8_lossy(&out.stdout);
    let python = listed
        .lines()
        .find(|l| l.contains("\"python-urllib\""))
        .expect("python-urllib listed");
    if python.contains("\"available\":true") || !fresh_available(&run, fresh.path()) {
        return;
    }
    panic!("the worker was disabled by the link: {python}");
}

/// Whether python-urllib was available in the fresh cache (a machine without python3 has
/// nothing to disable).
#[cfg(unix)]
fn fresh_available(
    run: &dyn Fn(&std::path::Path) -> std::process::Output,
    cache: &std::path::Path,
) -> bool {
    String::from_utf8_lossy(&run(cache).stdout)
        .lines()
        .any(|l| l.contains("\"python-urllib\"") && l.contains("\"available\":true"))
}

#[test]
fn perl_uri_answers_a_request_alike_whatever_its_process_did_before() {
    // URI loads a scheme's class by a string eval, which Perl numbers per process ("(eval 45)"):
    // the same request twice must get the same answer (workers/README.md, "uridiff's side").
    use std::io::Write;
    use std::process::{Command, Stdio};
    let scheme = format!("a{}a", ".".repeat(300));
    let line = serde_json::json!({"id": 1, "op": "parse", "input": format!("{scheme}:/")});
    let again = serde_json::json!({"id": 2, "op": "parse", "input": format!("{scheme}:/")});
    let worker = concat!(env!("CARGO_MANIFEST_DIR"), "/workers/perl-uri.pl");
    let Ok(mut child) = Command::new("perl")
        .arg(worker)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        eprintln!("note: perl not found, perl-uri's test skipped");
        return;
    };
    let mut stdin = child.stdin.take().expect("a pipe");
    writeln!(stdin, "{line}\n{again}").expect("the worker reads");
    drop(stdin);
    let out = child.wait_with_output().expect("the worker ends");
    let answers: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).expect("an answer line"))
        .collect();
    if answers.len() != 2 {
        eprintln!("note: perl-uri did not start here (URI missing?), its test skipped");
        return;
    }
    assert_eq!(answers[0]["outcome"], "rejected", "{answers:?}");
    let message = answers[0]["message"].as_str().expect("a message");
    assert!(message.contains("(eval)"), "{message}");
    assert_eq!(answers[0]["message"], answers[1]["message"]);
}
