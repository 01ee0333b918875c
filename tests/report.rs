//! The report writers: the HTML page's structure without a browser,
//! the Markdown's tables, the JUnit counts against the report's cases, and `discrepancies.json`
//! against `schemas/discrepancies.schema.json`.
//!
//! The reports are a real [`tiny`] run plus a few synthetic parsers and classes ([`sample`]), so
//! every section has rows: a hostile input (markup, control characters, a bidi override, a
//! non-UTF-8 byte), a long input, a crash, a by-design class, an unavailable parser and URL-
//! confusion classes. Set `URIDIFF_SAMPLE_REPORT=DIR` to have the sample written to `DIR` (to look
//! at it in a browser), with a real run (every suite and 600 generated inputs through the
//! built-in parsers) in `DIR/real`; use `--release` for that one.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;
use uri_spec::Edition;
use uridiff::engine::{Class, ClassRecord, Partition, Signature, Task};
use uridiff::model::{
    Answer, Component, ComponentSet, Components, Crash, CrashKind, Op, OpSet, Outcome, Parsed,
    Rejection,
};
use uridiff::report::{
    html, json, junit, markdown, ConfusionClass, ConfusionRank, MatrixCell, MatrixRow,
    ReadingGroup, Report, SubjectEntry,
};
use uridiff::run::tests_support::tiny;
use uridiff::subjects::{Kind, SubjectInfo};
use uridiff::suite::Status;

/// Markup, control characters, an escape sequence, a bidi override and a byte that is not UTF-8.
/// A backtick and a `|` for the Markdown tables.
const HOSTILE: &[u8] = b"http://<script>alert(1)</script>\x01\x1b[31m\xe2\x80\xaeevil/|`\xff";

/// [`HOSTILE`] as [`uridiff::text::show`] shows it.
const HOSTILE_SHOWN: &str = "http://<script>alert(1)</script>\\x01\\x1b[31m\\u{202e}evil/|`\\xff";

/// The host a lax parser reads from [`HOSTILE`].
const HOSTILE_HOST: &str = "<script>alert(1)</script>\u{1}\u{1b}[31m\u{202e}evil";

fn info(name: &str, profile: &str, kind: Kind, components: ComponentSet) -> SubjectInfo {
    SubjectInfo {
        wraps: None,
        name: name.into(),
        version: "1.2.3".into(),
        profile: profile.into(),
        kind,
        library: format!("{name} (synthetic, for the report tests)"),
        operations: OpSet::of(&[Op::Parse, Op::Resolve]),
        components,
        decides_validity: true,
        edition_fields: false,
        editions: Vec::new(),
    }
}

fn parsed(values: &[(Component, Option<&str>)]) -> Outcome<Answer> {
    let mut c = Components::default();
    for (k, v) in values {
        c.set(*k, *v);
    }
    Outcome::Accepted(Answer::Parsed(Arc::new(Parsed::from(c))))
}

fn http(host: &str, path: &str) -> Outcome<Answer> {
    use Component::*;
    parsed(&[
        (Scheme, Some("http")),
        (Authority, Some(host)),
        (Host, Some(host)),
        (HostKind, Some("reg-name")),
        (Path, Some(path)),
    ])
}

/// One synthetic class; `outcomes` in the report's subject order.
#[allow(clippy::too_many_arguments)]
fn class(
    class: Class,
    op: Op,
    groups: &[&[&str]],
    count: usize,
    deviating: &[&str],
    by_design: &[(&str, &str, &str)],
    input: &[u8],
    outcomes: Vec<(&str, Outcome<Answer>)>,
) -> ClassRecord {
    let by_design_ids: BTreeMap<String, String> = by_design
        .iter()
        .map(|(s, _, id)| ((*s).to_owned(), (*id).to_owned()))
        .collect();
    // A sample rule's citation names its id, so that a test can tell whose it is.
    let by_design_cites: BTreeMap<String, String> = by_design
        .iter()
        .map(|(s, _, id)| ((*s).to_owned(), format!("the documentation of {id}")))
        .collect();
    let by_design: BTreeMap<String, String> = by_design
        .iter()
        .map(|(s, r, _)| ((*s).to_owned(), (*r).to_owned()))
        .collect();
    let explained = !deviating.is_empty() && deviating.iter().all(|d| by_design.contains_key(*d));
    let signature = Signature {
        subject: deviating
            .first()
            .map_or_else(String::new, |s| (*s).to_owned()),
        class,
        op,
        form: uridiff::engine::skeleton(input),
        by_design: explained,
    };
    let partition = Partition(
        groups
            .iter()
            .map(|g| g.iter().map(|s| (*s).to_owned()).collect())
            .collect(),
    );
    let of = |name: &str| {
        outcomes
            .iter()
            .find(|(s, _)| *s == name)
            .map_or(Outcome::Unsupported(String::new()), |(_, o)| o.clone())
    };
    let answer = of(&signature.subject);
    let reference_answer = of("impl");
    let mut example = Task::parse(input.to_vec(), "gen:synthetic");
    example.op = op;
    if op == Op::Resolve {
        example.second = Some(b"http://a/b/c/d;p?q".to_vec());
    }
    ClassRecord {
        key: signature.key(),
        severity: class.severity(),
        count,
        deviating: deviating.iter().map(|s| (*s).to_owned()).collect(),
        explained,
        by_design,
        by_design_ids,
        by_design_cites,
        first_seen: example.with_input([input, b"/longer"].concat()),
        diff: uridiff::present::diff_command(&example),
        example,
        reference: "rfc3986".into(),
        reproduce: None,
        answer,
        reference_answer,
        partition,
        outcomes: outcomes
            .into_iter()
            .map(|(s, o)| (s.to_owned(), o))
            .collect(),
        signature,
    }
}

/// A real run like [`tiny`]'s through every in-process parser (the project's own and the Rust
/// libraries: real answers from a dozen parsers, no runtime needed), made once per test binary.
fn every_parser() -> Report {
    static REPORT: std::sync::OnceLock<Report> = std::sync::OnceLock::new();
    REPORT
        .get_or_init(|| {
            let engine = uridiff::engine::Engine::new(uridiff::subjects::in_process());
            let suite = uridiff::suite::parse_str(
                "tiny.yaml",
                "suite: tiny\ncases:\n  - {op: parse, input: \"http://a/b\", expect: {host: a}}\n  - {op: parse, input: \"http://a b\", expect: invalid}\n",
            )
            .expect("a valid suite");
            uridiff::run::build(uridiff::run::Inputs {
                whatwg: Vec::new(),
                engine: &engine,
                suites: std::slice::from_ref(&suite),
                tasks: ["http://a/b?c", "1a:b", "http://[::1]:80/", "HTTP://A\\b@c:80/", "HTTP://A/"]
                    .iter()
                    .map(|s| Task::parse(s.as_bytes().to_vec(), "tiny"))
                    .collect(),
                seed: 1,
                generated: 4,
                budget: 100, confusion: Default::default(),
                tag: &|_| None,
                progress: &|| (),
            })
            .expect("no WHATWG file")
        })
        .clone()
}

/// [`tiny`] (the project's own subjects) plus two synthetic parsers that ran (named like the real
/// `url` and `http` subjects, answering as the sample needs), one that could not, and a class of
/// each kind.
fn sample() -> Report {
    use Component::*;
    let mut r = tiny();
    r.subjects.push(SubjectEntry {
        info: info("url", "whatwg-url", Kind::InProcess, ComponentSet::ALL),
        available: true,
        unavailable: None,
    });
    r.subjects.push(SubjectEntry {
        info: info(
            "http",
            "http-uri",
            Kind::InProcess,
            ComponentSet::ALL.without(Fragment),
        ),
        available: true,
        unavailable: None,
    });
    r.subjects.push(SubjectEntry {
        info: info("python-urllib", "python", Kind::External, ComponentSet::ALL),
        available: false,
        unavailable: Some("python3 not found on PATH".into()),
    });
    let spec_side = ["impl", "oracle-grammar", "oracle-regex"];
    let rejected = |m: &str| {
        Outcome::Rejected(Rejection {
            message: m.into(),
            code: Some("invalid-byte".into()),
            offset: Some(7),
        })
    };
    let long: Vec<u8> = [b"http://a/".as_slice(), "x".repeat(300).as_bytes(), b"?q"].concat();
    let hostile_host = HOSTILE_HOST;
    r.classes = vec![
        class(
            Class::TooLax,
            Op::Parse,
            &[&spec_side, &["http", "url"]],
            17,
            &["http", "url"],
            &[],
            HOSTILE,
            vec![
                ("impl", rejected("invalid byte \"<\" <b>bold</b>")),
                ("oracle-regex", http(hostile_host, "/")),
                ("oracle-grammar", rejected("no parse")),
                ("url", http(hostile_host, "/%FF")),
                ("http", http(hostile_host, "/\u{fffd}")),
            ],
        ),
        class(
            Class::Crash(CrashKind::Timeout),
            Op::Parse,
            &[
                &["http"],
                &["impl", "oracle-grammar", "oracle-regex", "url"],
            ],
            2,
            &["http"],
            &[],
            &long,
            vec![
                ("impl", http("a", "/x")),
                ("oracle-regex", http("a", "/x")),
                ("oracle-grammar", http("a", "/x")),
                ("url", http("a", "/x")),
                (
                    "http",
                    Outcome::Crashed(Crash {
                        kind: CrashKind::Timeout,
                        message: "no answer in 5000 ms\nlast stderr: <none>".into(),
                    }),
                ),
            ],
        ),
        class(
            Class::Component(Host),
            Op::Parse,
            &[&["http"], &["url"]],
            9,
            &["http"],
            &[],
            b"http://a\\b@c/",
            vec![
                ("impl", rejected("invalid byte \"\\\\\"")),
                ("oracle-regex", http("a\\b@c", "/")),
                ("oracle-grammar", rejected("no parse")),
                ("url", http("a", "/b@c/")),
                ("http", http("c", "/")),
            ],
        ),
        class(
            Class::Resolution,
            Op::Resolve,
            &[&spec_side, &["url"]],
            3,
            &["url"],
            &[],
            b"../../../g",
            vec![
                ("impl", Outcome::Accepted(Answer::Text("http://a/g".into()))),
                // As `subjects::fits` words it, the parser's name first.
                (
                    "oracle-regex",
                    Outcome::Unsupported("oracle-regex has no resolve operation".into()),
                ),
                (
                    "oracle-grammar",
                    Outcome::Unsupported("oracle-grammar has no resolve operation".into()),
                ),
                (
                    "url",
                    Outcome::Accepted(Answer::Text("http://a/../g".into())),
                ),
                (
                    "http",
                    Outcome::Unsupported("http has no resolve operation".into()),
                ),
            ],
        ),
        class(
            Class::Component(Host),
            Op::Parse,
            &[&spec_side, &["http"], &["url"]],
            40,
            &["http", "url"],
            &[(
                "url",
                "whatwg-url: host of a special scheme is lowercased (domain to ASCII)",
                "whatwg-url/special-host-domain-to-ascii",
            )],
            b"http://A/",
            vec![
                ("impl", http("A", "/")),
                ("oracle-regex", http("A", "/")),
                ("oracle-grammar", http("A", "/")),
                ("url", http("a", "/")),
                ("http", http("A.", "/")),
            ],
        ),
        class(
            Class::Component(Path),
            Op::Parse,
            &[&spec_side, &["url"]],
            120,
            &["url"],
            &[(
                "url",
                "whatwg-url: \"/\" added to the empty path of a special scheme",
                "whatwg-url/special-empty-path-slash",
            )],
            b"http://a",
            vec![
                ("impl", http("a", "")),
                ("oracle-regex", http("a", "")),
                ("oracle-grammar", http("a", "")),
                ("url", http("a", "/")),
                ("http", http("a", "")),
            ],
        ),
        class(
            Class::UndefinedVsEmpty(Query),
            Op::Parse,
            &[&spec_side, &["http"]],
            6,
            &["http"],
            &[(
                "http",
                "http-uri: an empty query is dropped",
                "http-uri/empty-query-dropped",
            )],
            b"http://a/?",
            vec![
                ("impl", http("a", "/")),
                ("oracle-regex", http("a", "/")),
                ("oracle-grammar", http("a", "/")),
                ("url", http("a", "/")),
                ("http", http("a", "/")),
            ],
        ),
    ];
    // The model's order: unexplained first, most severe first, most inputs first.
    r.classes.sort_by(|a, b| {
        (a.explained, a.severity, std::cmp::Reverse(a.count), &a.key).cmp(&(
            b.explained,
            b.severity,
            std::cmp::Reverse(b.count),
            &b.key,
        ))
    });
    let infos: Vec<&SubjectInfo> = r.subjects.iter().map(|s| &s.info).collect();
    r.per_subject = uridiff::run::per_subject(&infos, &r.classes);
    let cells = |shares: [Option<(usize, usize)>; 6]| -> Vec<MatrixCell> {
        Edition::ALL
            .iter()
            .zip(shares)
            .map(|(e, s)| {
                let (passed, failed) = s.unwrap_or((0, 0));
                MatrixCell {
                    edition: e.id().into(),
                    passed,
                    failed,
                    skipped: if s.is_none() { 12 } else { 1 },
                    share: s.map(|(p, f)| p as f64 / (p + f) as f64),
                }
            })
            .collect()
    };
    r.matrix.push(MatrixRow {
        reference: "rfc3986".into(),
        differs_from_rfc3986: Vec::new(),
        subject: "url".into(),
        cells: cells([
            Some((20, 30)),
            Some((40, 12)),
            Some((50, 18)),
            Some((55, 13)),
            Some((70, 9)),
            Some((110, 5)),
        ]),
        likely_edition: Some("rfc3986".into()),
    });
    r.matrix.push(MatrixRow {
        reference: "rfc3986".into(),
        differs_from_rfc3986: Vec::new(),
        subject: "http".into(),
        cells: cells([
            None,
            Some((44, 8)),
            Some((62, 6)),
            Some((66, 2)),
            Some((70, 9)),
            Some((103, 12)),
        ]),
        likely_edition: Some("draft-fielding-uri-syntax-02".into()),
    });
    r.matrix.push(MatrixRow {
        reference: "rfc3986".into(),
        differs_from_rfc3986: Vec::new(),
        subject: "python-urllib".into(),
        cells: cells([None; 6]),
        likely_edition: None,
    });
    // Extend the grid: the tiny run's subjects keep their shares.
    let n0 = r.agreement.subjects.len();
    let extra = [("url", [0.91, 0.9996, 0.62]), ("http", [0.97, 0.88, 0.4])];
    for (name, _) in &extra {
        r.agreement.subjects.push((*name).into());
    }
    r.agreement.subjects.push("python-urllib".into());
    let n = r.agreement.subjects.len();
    for row in &mut r.agreement.share {
        row.resize(n, None);
    }
    r.agreement.share.resize(n, vec![None; n]);
    for (k, (_, shares)) in extra.iter().enumerate() {
        let i = n0 + k;
        r.agreement.share[i][i] = Some(1.0);
        for j in 0..n0 {
            let s = Some(shares.get(j).copied().unwrap_or(0.5));
            r.agreement.share[i][j] = s;
            r.agreement.share[j][i] = s;
        }
    }
    r.agreement.share[n0][n0 + 1] = Some(0.71);
    r.agreement.share[n0 + 1][n0] = Some(0.71);
    let group = |parsers: &[&str], browsers: bool, reads: Option<&str>| ReadingGroup {
        parsers: parsers.iter().map(|p| (*p).to_owned()).collect(),
        browsers,
        reads: reads.map(str::to_owned),
        note: None,
        reproduce: Some(format!("reproduce {}", parsers[0])),
    };
    r.confusion = vec![
        ConfusionClass {
            rank: ConfusionRank::TwoHosts,
            component: Host,
            form: "a://a\\a@a/".into(),
            input: b"http://a\\b@c/".to_vec(),
            groups: vec![
                group(&["url"], true, Some("a")),
                group(&["http"], false, Some("c")),
            ],
            impact: "a check with the parser http and a fetch with the browsers' reading go to two hosts \
                     (\"c\" and \"a\")"
                .into(),
            count: 9,
            studies: Some("backslash confusion".into()),
            minimized: true,
        },
        ConfusionClass {
            rank: ConfusionRank::OpenRedirect,
            component: Host,
            form: "a".into(),
            input: HOSTILE.to_vec(),
            groups: vec![
                group(&["url"], true, Some(hostile_host)),
                group(&["node-legacy-url"], false, None),
            ],
            impact: "the parser node-legacy-url reads no host where browsers go to it".into(),
            count: 1,
            studies: None,
            minimized: false,
        },
        ConfusionClass {
            rank: ConfusionRank::Userinfo,
            component: Userinfo,
            form: "a://a@@a/".into(),
            input: b"http://u@@a/".to_vec(),
            groups: vec![
                group(&["url"], true, Some("")),
                group(&["go-net-url"], false, Some("u@")),
            ],
            impact: "url and go-net-url take two userinfos".into(),
            count: 4,
            studies: None,
            minimized: true,
        },
    ];
    r
}

fn html_of(r: &Report) -> String {
    let mut out = Vec::new();
    html::write(r, &mut out).expect("writes into a Vec");
    String::from_utf8(out).expect("the page is UTF-8")
}

fn md_of(r: &Report) -> String {
    let mut out = Vec::new();
    markdown::write(r, &mut out).expect("writes into a Vec");
    String::from_utf8(out).expect("the summary is UTF-8")
}

fn junit_of(r: &Report) -> String {
    let mut out = Vec::new();
    junit::write(r, &mut out).expect("writes into a Vec");
    String::from_utf8(out).expect("the XML is UTF-8")
}

fn json_of(r: &Report) -> Value {
    let mut out = Vec::new();
    json::write(r, &mut out).expect("writes into a Vec");
    serde_json::from_slice(&out).expect("the JSON parses")
}

/// Writes the sample report's files to `$URIDIFF_SAMPLE_REPORT`, when it is set, to be looked at.
#[test]
fn sample_report_is_written_when_asked() {
    let Some(dir) = std::env::var_os("URIDIFF_SAMPLE_REPORT") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("creates the directory");
    let r = sample();
    std::fs::write(dir.join("index.html"), html_of(&r)).expect("writes");
    std::fs::write(dir.join("summary.md"), md_of(&r)).expect("writes");
    std::fs::write(dir.join("junit.xml"), junit_of(&r)).expect("writes");
    let json = serde_json::to_string_pretty(&json_of(&r)).expect("prints");
    std::fs::write(dir.join("discrepancies.json"), json).expect("writes");
    let mut tiny_page = Vec::new();
    html::write(&every_parser(), &mut tiny_page).expect("writes");
    std::fs::write(dir.join("tiny.html"), tiny_page).expect("writes");
    // A real run: every suite and a generated corpus through the built-in subjects.
    let engine = uridiff::engine::Engine::new(uridiff::subjects::in_process());
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("suites");
    let paths = uridiff::suite::collect(&[root]).expect("the suites");
    let suites: Vec<_> = paths
        .iter()
        .map(|p| uridiff::suite::load(p).expect("a suite"))
        .collect();
    let count = 600;
    let tasks = uridiff::generate::corpus(7, count)
        .into_iter()
        .map(|(input, origin)| Task::parse(input, &format!("gen:{origin}")))
        .collect();
    let real = uridiff::run::build(uridiff::run::Inputs {
        whatwg: Vec::new(),
        engine: &engine,
        suites: &suites,
        tasks,
        seed: 7,
        generated: count,
        budget: 200,
        confusion: Default::default(),
        tag: &|t: &Task| {
            t.origin
                .strip_prefix("gen:confusion/")
                .map(|c| format!("{c} confusion"))
        },
        progress: &|| (),
    })
    .expect("no WHATWG file");
    let real_dir = dir.join("real");
    std::fs::create_dir_all(&real_dir).expect("creates the directory");
    std::fs::write(real_dir.join("index.html"), html_of(&real)).expect("writes");
    std::fs::write(real_dir.join("summary.md"), md_of(&real)).expect("writes");
}

// ---------------------------------------------------------------------------------------------
// Helpers: a nesting checker for the page, and the slices of its sections.

/// Elements that have no closing tag.
const VOID: [&str; 7] = ["meta", "br", "wbr", "input", "img", "link", "hr"];

/// Checks that every element opened is closed, in order (no implied end tags), that attribute
/// quotes pair up, and that no raw `<` stands in text; `<script>` and `<style>` bodies are
/// skipped whole. Returns how many elements it saw.
fn check_nesting(page: &str) -> Result<usize, String> {
    let mut stack: Vec<String> = Vec::new();
    let mut seen = 0;
    let mut rest = page;
    while let Some(i) = rest.find('<') {
        rest = &rest[i..];
        if let Some(after) = rest.strip_prefix("<!--") {
            let end = after.find("-->").ok_or("unclosed comment")?;
            rest = &after[end + 3..];
            continue;
        }
        let end = rest.find('>').ok_or("unclosed tag")?;
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') || (tag.starts_with('?') && tag.ends_with('?')) {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(open) if open == name.trim() => continue,
                other => return Err(format!("</{name}> closes {other:?} (open: {stack:?})")),
            }
        }
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == ':' || *c == '-')
            .collect();
        if name.is_empty() {
            return Err(format!(
                "a raw '<' in text, before {:?}",
                &tag[..tag.len().min(30)]
            ));
        }
        if !tag.matches('"').count().is_multiple_of(2) {
            return Err(format!("unpaired quotes in <{tag}>"));
        }
        seen += 1;
        if tag.ends_with('/') || VOID.contains(&name.as_str()) {
            continue;
        }
        if name == "script" || name == "style" {
            let close = format!("</{name}>");
            let end = rest.find(&close).ok_or(format!("unclosed <{name}>"))?;
            rest = &rest[end + close.len()..];
            continue;
        }
        stack.push(name);
    }
    if stack.is_empty() {
        Ok(seen)
    } else {
        Err(format!("never closed: {stack:?}"))
    }
}

/// The part of `page` from `id="from"` to `id="to"` (or the end).
fn slice<'a>(page: &'a str, from: &str, to: Option<&str>) -> &'a str {
    let start = page
        .find(&format!("id=\"{from}\""))
        .unwrap_or_else(|| panic!("no section {from}"));
    let end = to.map_or(page.len(), |to| {
        page.find(&format!("id=\"{to}\""))
            .unwrap_or_else(|| panic!("no section {to}"))
    });
    assert!(start < end, "{from} comes after {to:?}");
    &page[start..end]
}

/// The values of every `name="..."` attribute in `s`.
fn attrs<'a>(s: &'a str, name: &str) -> Vec<&'a str> {
    let needle = format!(" {name}=\"");
    s.match_indices(&needle)
        .map(|(i, _)| {
            let v = &s[i + needle.len()..];
            &v[..v.find('"').expect("a closing quote")]
        })
        .collect()
}

fn text_of(v: &str) -> String {
    html::esc(&uridiff::text::show(v.as_bytes()))
}

// ---------------------------------------------------------------------------------------------
// index.html

#[test]
fn nesting_checker_finds_what_it_should() {
    assert_eq!(check_nesting("<p>a <b>b</b><br></p>"), Ok(3));
    assert!(check_nesting("<div><span></div></span>").is_err());
    assert!(check_nesting("<table><tr><td>x</td></tr>").is_err());
    assert!(check_nesting("<p>a < b</p>").is_err());
    assert!(check_nesting("<p title=\"x>y</p>").is_err());
    assert_eq!(
        check_nesting("<style>a > b {}</style><svg><rect/></svg>"),
        Ok(3)
    );
}

#[test]
fn page_has_every_section_once_in_order_and_nests() {
    for r in [every_parser(), sample()] {
        let page = html_of(&r);
        let mut last = 0;
        for id in html::SECTIONS {
            let needle = format!("id=\"{id}\"");
            assert_eq!(page.matches(&needle).count(), 1, "{id}");
            let at = page.find(&needle).expect("present");
            assert!(at > last, "{id} out of order");
            last = at;
        }
        let n = check_nesting(&page).unwrap_or_else(|e| panic!("{e}"));
        assert!(n > 100, "{n} elements");
        assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
        assert!(page.ends_with("</html>\n"));
    }
}

/// One card per parser, first on the page: its counts are the report's per-parser counts, those
/// with unexplained classes come first, an unavailable one says why, and a card's link to its
/// first root cause lands on that cause in the list.
#[test]
fn parser_cards_say_where_each_parser_stands() {
    let mut r = sample();
    r.root_causes = uridiff::run::root_causes(&r.classes);
    assert!(!r.root_causes.is_empty(), "the sample has root causes");
    let page = html_of(&r);
    let cards = slice(&page, "cards", Some("focus"));
    let names: Vec<String> = cards
        .split("<div class=\"pname\">")
        .skip(1)
        .map(|c| c[..c.find("</div>").expect("closed")].to_owned())
        .collect();
    assert_eq!(names.len(), r.subjects.len(), "{cards}");
    let card_of = |name: &str| {
        let at = cards
            .find(&format!("<div class=\"pname\">{}</div>", text_of(name)))
            .expect("a card");
        let rest = &cards[at..];
        &rest[..rest.find("<div class=\"pcard").unwrap_or(rest.len())]
    };
    let mut seen_clean = false;
    for name in &names {
        let s = r
            .subjects
            .iter()
            .find(|s| text_of(&s.info.name) == *name)
            .expect("a parser");
        let card = card_of(&s.info.name);
        if !s.available {
            assert!(card.contains("unavailable here"), "{card}");
            continue;
        }
        let sum = r.per_subject.iter().find(|x| x.subject == s.info.name);
        let unexplained = sum.map_or(0, |x| x.unexplained);
        assert!(
            card.contains(&format!("<b>{unexplained}</b> unexplained")),
            "{card}"
        );
        assert!(
            card.contains(&format!("{} by design", sum.map_or(0, |x| x.by_design))),
            "{card}"
        );
        // Parsers with unexplained classes first.
        if unexplained == 0 {
            seen_clean = true;
        } else {
            assert!(
                !seen_clean,
                "{name} after a parser without unexplained classes"
            );
        }
        // The link: the first root cause naming the parser, and an item with that id.
        if let Some(k) = r
            .root_causes
            .iter()
            .position(|c| c.parsers.contains(&s.info.name))
        {
            let id = format!("cause-{}", k + 1);
            assert!(card.contains(&format!("href=\"#{id}\"")), "{card}");
            // Named by the parser's own example of the cause, on which it differs.
            let own = r.root_causes[k]
                .sides
                .iter()
                .find(|x| x.parser == s.info.name)
                .expect("a side of its own");
            let own = text_of(&String::from_utf8_lossy(&own.input));
            assert!(card.contains(&format!("<code>{own}</code>")), "{card}");
            assert!(page.contains(&format!("<li id=\"{id}\">")), "{id}");
        } else {
            assert!(!card.contains("first to look at"), "{card}");
        }
    }
    let critical = r
        .per_subject
        .iter()
        .filter(|x| {
            x.unexplained_by_severity
                .contains_key(&uridiff::engine::Severity::Critical)
        })
        .count();
    assert!(critical > 0 && cards.matches("sev-critical").count() == critical);
}

#[test]
fn page_loads_nothing() {
    let page = html_of(&sample());
    let lower = page.to_ascii_lowercase();
    for needle in [
        "<script src",
        "<link",
        "<img",
        "<iframe",
        "<object",
        "<embed",
        "<base",
        "@import",
        "url(",
        " src=",
        "srcset=",
        "xlink:href",
        "http-equiv",
    ] {
        assert!(!lower.contains(needle), "{needle}");
    }
    // One script, inline.
    assert_eq!(lower.matches("<script").count(), 1);
    assert!(page.contains("<script>\n"));
    // Links go to the page's own sections or to the report's other files beside it.
    let hrefs = attrs(&page, "href");
    assert!(hrefs.len() >= 8, "{hrefs:?}");
    for h in hrefs {
        assert!(
            h.starts_with('#') || ["discrepancies.json", "summary.md", "junit.xml"].contains(&h),
            "{h}"
        );
    }
}

#[test]
fn page_is_readable_without_script() {
    for r in [sample(), every_parser()] {
        readable_without_script(&r);
    }
}

/// A scheme that differs from impl's only in case is not shaded as a difference: schemes are
/// case-insensitive (RFC 3986 3.1). The real run holds `HTTP://A/`, whose scheme the WHATWG
/// parsers lowercase.
#[test]
fn a_scheme_in_another_case_is_not_shaded() {
    let page = html_of(&every_parser());
    let mut seen = 0;
    for table in page.split("<table class=\"answers\">").skip(1) {
        let table = &table[..table.find("</table>").expect("closed")];
        let head = &table[..table.find("</thead>").expect("a head")];
        let Some(col) = head.split("</th>").position(|h| h.ends_with(">scheme")) else {
            continue;
        };
        // Cells of each row after its header cell: outcome, then the components in order.
        let cells = |row: &str| -> Vec<String> {
            row.split("<td")
                .skip(1)
                .map(|c| format!("<td{c}"))
                .collect()
        };
        let rows: Vec<&str> = table.split("<tr").skip(2).collect();
        let Some(spec) = rows.iter().find(|r| r.contains("<th>impl")) else {
            continue;
        };
        let spec_cells = cells(spec);
        let Some(spec_scheme) = spec_cells.get(col - 1) else {
            continue;
        };
        for row in &rows {
            let c = cells(row);
            let Some(scheme) = c.get(col - 1) else {
                continue;
            };
            let text = |cell: &str| cell[cell.find('>').expect("a tag") + 1..].to_owned();
            let (a, b) = (text(scheme), text(spec_scheme));
            if a != b && a.eq_ignore_ascii_case(&b) {
                seen += 1;
                assert!(!scheme.contains("class=\"diff\""), "{row}");
            }
        }
    }
    assert!(seen > 0, "no scheme in another case in the run");
}

fn readable_without_script(r: &Report) {
    let page = html_of(r);
    let body = &page[..page.find("<script>").expect("the script")];
    // Nothing starts hidden: the script only sorts and filters what is there.
    assert!(!page.contains("display:none") && !page.contains(" hidden"));
    assert_eq!(
        body.matches("<tbody class=\"class\">").count(),
        r.classes.len()
    );
    for c in &r.classes {
        assert!(
            body.contains(&text_of(&c.key)) || body.contains(&text_of(&c.signature.class.name()))
        );
    }
    // Every parser's answer on the example is in the page, in a <details>: each parser named
    // once in its class's table, parsers that answer alike in one row.
    let tables: Vec<&str> = body
        .split("<table class=\"answers\">")
        .skip(1)
        .map(|t| &t[..t.find("</table>").expect("closed")])
        .collect();
    assert_eq!(tables.len(), r.classes.len());
    for (c, table) in r.classes.iter().zip(&tables) {
        let mut named: Vec<String> = Vec::new();
        let mut rows: Vec<String> = Vec::new();
        for row in table.split("<tr").skip(2) {
            let head = &row[row.find("<th>").expect("a row header") + 4..];
            let names = &head[..head.find("</th>").expect("closed")];
            let names = names.split(" <span").next().expect("names");
            named.extend(names.split(", ").map(str::to_owned));
            // The row without its names: its marks (deviating, by design) and its cells.
            rows.push(row.replacen(names, "", 1));
        }
        let mut expected: Vec<String> = c.outcomes.iter().map(|(s, _)| text_of(s)).collect();
        named.sort();
        expected.sort();
        assert_eq!(named, expected, "{}", c.key);
        for (i, a) in rows.iter().enumerate() {
            assert!(!rows[..i].contains(a), "two rows of {} read alike", c.key);
        }
        // A reason that opens with the parser's name is shown without it, so the parsers without
        // the operation share a row.
        let without: Vec<&str> = c
            .outcomes
            .iter()
            .filter(|(_, o)| matches!(o, Outcome::Unsupported(w) if w.ends_with("has no resolve operation")))
            .map(|(s, _)| s.as_str())
            .collect();
        if without.len() > 1 {
            assert_eq!(
                table.matches(">has no resolve operation<").count(),
                1,
                "{table}"
            );
            assert!(
                table.contains(&format!("<th>{}</th>", without.join(", "))),
                "{table}"
            );
        }
    }
    assert_eq!(
        body.matches("<details><summary>every parser's answer")
            .count(),
        r.classes.len()
    );
}

#[test]
fn page_escapes_inputs_and_outputs() {
    let page = html_of(&sample());
    assert!(!page.contains("<script>alert"));
    assert!(
        !page.contains("<b>bold</b>"),
        "a rejection message reached the page raw"
    );
    assert!(page.contains("invalid byte &quot;&lt;&quot; &lt;b&gt;bold&lt;/b&gt;"));
    // The input, shown: markup escaped, control characters, the bidi override and the byte
    // that is not UTF-8 written out.
    assert!(
        page.contains(&html::esc(HOSTILE_SHOWN)),
        "the hostile input, escaped"
    );
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;\\x01\\x1b[31m\\u{202e}evil"));
    // Nothing raw: no control character but the newline, no bidi control.
    for (i, c) in page.char_indices() {
        assert!(
            c == '\n'
                || !(c.is_control()
                    || ('\u{200b}'..='\u{200f}').contains(&c)
                    || ('\u{202a}'..='\u{202e}').contains(&c)),
            "raw {c:?} at byte {i}"
        );
    }
    // A message keeps its backslashes as they are (inputs double them, to be unambiguous).
    assert!(page.contains("invalid byte &quot;\\\\&quot;"));
    assert!(page.contains("<code>http://a\\\\b@c/</code>"));
    // The class's own component is marked in its answers table.
    assert!(page.contains("<th class=\"focus\" title=\"the class's component\">host</th>"));
    // A crash message with a newline and markup.
    assert!(page.contains("no answer in 5000 ms\\nlast stderr: &lt;none&gt;"));
}

#[test]
fn page_is_deterministic_but_for_the_timing_footer() {
    // Two real runs.
    let a = html_of(&tiny());
    let b = html_of(&tiny());
    let footer = |p: &str| p.find("<footer id=\"timing\">").expect("the footer");
    assert_eq!(
        &a[..footer(&a)],
        &b[..footer(&b)],
        "two runs differ outside the timing"
    );
    let mut r = sample();
    let before = html_of(&r);
    r.timing.total_s += 12.5;
    r.timing.inputs_per_s = 123_456.0;
    let after = html_of(&r);
    assert_ne!(before, after);
    assert_eq!(&before[..footer(&before)], &after[..footer(&after)]);
    assert!(after[footer(&after)..].contains("123456 parser-inputs per second"));
    assert!(
        !before.contains("2026") && !before.contains(" UTC"),
        "a date in the page"
    );
}

#[test]
fn page_keeps_unexplained_and_by_design_apart() {
    let r = sample();
    let page = html_of(&r);
    let unexplained = slice(&page, "unexplained", Some("by-design"));
    let by_design = slice(&page, "by-design", Some("confusion"));
    let count = |s: &str| s.matches("<tbody class=\"class\">").count();
    let n = r.classes.iter().filter(|c| !c.explained).count();
    assert!(n > 0 && n < r.classes.len(), "the sample has both kinds");
    assert_eq!(count(unexplained), n);
    assert_eq!(count(by_design), r.classes.len() - n);
    for c in &r.classes {
        let (home, other) = if c.explained {
            (by_design, unexplained)
        } else {
            (unexplained, by_design)
        };
        let ex = format!(
            "<code>{}</code>",
            text_of(&String::from_utf8_lossy(&c.example.input))
        );
        if c.example.input.len() < 100 && std::str::from_utf8(&c.example.input).is_ok() {
            assert!(home.contains(&ex), "{ex}");
            let key = format!("<b>{}</b>", c.signature.class.name());
            if !r
                .classes
                .iter()
                .any(|d| d.explained != c.explained && d.signature.class == c.signature.class)
            {
                assert!(!other.contains(&key), "{key} on both sides");
            }
        }
    }
    // The headline gives the same two numbers.
    let head = slice(&page, "headline", Some("subjects"));
    assert!(head.contains(&format!("<div class=\"big\">{n}</div><div>unexplained")));
    assert!(head.contains(&format!(
        "<div class=\"big\">{}</div><div>by-design",
        r.classes.len() - n
    )));
    assert!(head.contains("<b>python-urllib</b>: python3 not found on PATH"));
}

#[test]
fn bar_chart_draws_every_parser_to_scale() {
    let r = sample();
    let page = html_of(&r);
    let chart = slice(&page, "per-parser", Some("agreement"));
    assert_eq!(
        chart.matches("<g class=\"bar\">").count(),
        r.per_subject.len()
    );
    // Width per class is the same for every bar, red and grey.
    let mut per_class = Vec::new();
    for s in &r.per_subject {
        let title = format!(
            "<title>{}: {} unexplained</title>",
            text_of(&s.subject),
            s.unexplained
        );
        if s.unexplained == 0 {
            continue;
        }
        let at = chart.find(&title).unwrap_or_else(|| panic!("{title}"));
        let rect = &chart[chart[..at].rfind("<rect").expect("its rect")..at];
        let width: f64 = attrs(rect, "width")[0].parse().expect("a number");
        per_class.push(width / s.unexplained as f64);
    }
    assert!(per_class.len() >= 2);
    assert!(
        per_class.windows(2).all(|w| (w[0] - w[1]).abs() < 0.2),
        "{per_class:?}"
    );
    assert!(chart.contains("class=\"off\">unavailable</text>"));
}

#[test]
fn heat_map_shows_every_share() {
    let r = sample();
    let page = html_of(&r);
    let grid = slice(&page, "agreement", Some("matrix"));
    let n = r.agreement.subjects.len();
    assert_eq!(grid.matches("<g><rect").count(), n * n);
    for (i, a) in r.agreement.subjects.iter().enumerate() {
        for (j, b) in r.agreement.subjects.iter().enumerate() {
            let what = r.agreement.share[i][j].map_or("no job in common".to_owned(), |s| {
                format!("{} agree", html::pct(s))
            });
            let title = format!("<title>{} and {}: {what}</title>", text_of(a), text_of(b));
            assert!(grid.contains(&title), "{title}");
        }
    }
    // 0.9996 is not everyone.
    assert!(grid.contains(">99.9%</text>"));
}

#[test]
fn matrix_marks_each_likely_edition_once() {
    let r = sample();
    let page = html_of(&r);
    let m = slice(&page, "matrix", Some("classes"));
    let likely = r
        .matrix
        .iter()
        .filter(|row| row.likely_edition.is_some())
        .count();
    assert!(likely >= 2);
    assert_eq!(m.matches("class=\"cell likely\"").count(), likely);
    assert_eq!(m.matches("★ ").count(), likely);
    // The url row: its likely edition is the last column, 110 of 115.
    assert!(m.contains("★ 95%<br><span class=\"small\">110/115</span>"));
    assert_eq!(
        m.matches("<td class=\"cell").count(),
        r.matrix.len() * Edition::ALL.len()
    );
}

#[test]
fn confusion_section_lists_each_mechanism_with_its_groups() {
    let r = sample();
    let page = html_of(&r);
    let c = slice(&page, "confusion", Some("timing"));
    // One item per class, each with one item per group.
    assert_eq!(c.matches("<li><b>").count(), r.confusion.len());
    let groups: usize = r.confusion.iter().map(|c| c.groups.len()).sum();
    assert_eq!(c.matches("reproduce: ").count(), groups);
    assert!(c.contains("go to two hosts"));
    assert!(c.contains("the browsers' reading (url)"));
    assert!(
        c.contains("<code>http://a\\\\b@c/</code>"),
        "the backslash shown escaped"
    );
    // Undefined and empty are not the same reading.
    assert!(c.contains("node-legacy-url: <i>undefined</i>"), "{c}");
    assert!(c.contains("the browsers' reading (url): <span class=\"empty\">(empty)</span>"));
    // The look-first list carries the top classes.
    let focus = slice(&page, "focus", None);
    assert!(focus.contains("URL confusion, the 3 most severe of 3 mechanisms"));
}

#[test]
fn empty_report_says_so() {
    let mut r = every_parser();
    r.classes.clear();
    r.confusion.clear();
    let page = html_of(&r);
    check_nesting(&page).unwrap_or_else(|e| panic!("{e}"));
    assert!(page.contains("No unexplained class."));
    assert!(page.contains("No by-design class."));
    assert!(page.contains("No two groups of parsers read a different scheme"));
}

// ---------------------------------------------------------------------------------------------
// summary.md

/// The cells of a table row, split on the `|`s that are not escaped.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut out = vec![String::new()];
    let mut escaped = false;
    for c in inner.chars() {
        if c == '|' && !escaped {
            out.push(String::new());
        } else {
            out.last_mut().expect("one cell").push(c);
        }
        escaped = c == '\\' && !escaped;
    }
    out
}

/// Every table of a Markdown document: its lines, header first.
fn tables(md: &str) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in md.lines() {
        if line.starts_with('|') {
            current.push(line);
        } else if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[test]
fn markdown_puts_the_headline_first() {
    let r = sample();
    let md = md_of(&r);
    let n = r.classes.iter().filter(|c| !c.explained).count();
    let mut lines = md.lines();
    assert_eq!(lines.next(), Some("# uridiff report"));
    assert_eq!(lines.next(), Some(""));
    let headline = lines.next().expect("the headline");
    assert!(
        headline.starts_with(&format!(
            "**{n} unexplained discrepancy classes** (3 critical, 2 high, 0 medium, 0 low) and **{} by design**",
            r.classes.len() - n
        )),
        "{headline}"
    );
    assert!(headline.contains(&format!("from {} jobs", r.tasks)));
    assert!(headline.contains("through 5 of 6 parsers; 3 URL-confusion classes"));
    assert!(md.contains("Unavailable here: python-urllib (python3 not found on PATH)."));
    let mut one = r.clone();
    one.classes.truncate(1);
    one.confusion.truncate(1);
    let md = md_of(&one);
    assert!(md.contains("**1 unexplained discrepancy class** ("), "{md}");
    assert!(md.contains("; 1 URL-confusion class.\n"), "{md}");
    let page = html_of(&one);
    assert!(page.contains("<h3>Unexplained: 1 class</h3>"));
}

#[test]
fn markdown_tables_are_well_formed() {
    let r = sample();
    let md = md_of(&r);
    let tables = tables(&md);
    // Parsers, where each differs, unexplained, by design, matrix, agreement, input coverage
    // (the confusion classes are a list).
    assert_eq!(tables.len(), 7, "{md}");
    for t in &tables {
        let width = cells(t[0]).len();
        let sep = cells(t[1]);
        assert_eq!(sep.len(), width, "{}", t[1]);
        assert!(
            sep.iter().all(|c| {
                let c = c.trim().trim_start_matches(':').trim_end_matches(':');
                !c.is_empty() && c.chars().all(|x| x == '-')
            }),
            "{}",
            t[1]
        );
        for row in &t[2..] {
            assert_eq!(cells(row).len(), width, "{row}");
        }
    }
    let unexplained = r.classes.iter().filter(|c| !c.explained).count();
    let differing = r.per_subject.iter().filter(|s| s.unexplained > 0).count();
    assert_eq!(tables[0].len() - 2, r.subjects.len());
    assert_eq!(tables[1].len() - 2, differing);
    assert_eq!(tables[2].len() - 2, unexplained);
    assert_eq!(tables[3].len() - 2, r.classes.len() - unexplained);
    assert_eq!(tables[4].len() - 2, r.matrix.len());
    assert_eq!(tables[5].len() - 2, r.agreement.subjects.len());
    assert_eq!(
        tables[6].len() - 2,
        uridiff::report::coverage::COMPONENTS.len()
    );
    let section = &md[md.find("## URL confusion").expect("the section")..];
    let items = section.lines().filter(|l| {
        l.split_once(". ")
            .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
    });
    assert_eq!(items.count(), r.confusion.len());
    // The hostile input is one code span with its `|` escaped and its backtick fenced.
    let shown = HOSTILE_SHOWN.replace('|', "\\|");
    assert!(md.contains(&format!("`` {shown} ``")), "{md}");
    assert!(md.chars().all(|c| c == '\n' || !c.is_control()));
    assert!(!md.contains('\u{202e}'));
    // The matrix marks the likely edition.
    assert!(md.contains("| url | 40% (20/50) |"));
    assert!(md.contains("\\*95% (110/115) |"));
}

#[test]
fn markdown_cuts_long_tables_and_says_so() {
    let mut r = sample();
    let unexplained: Vec<ClassRecord> =
        r.classes.iter().filter(|c| !c.explained).cloned().collect();
    let many = unexplained.len() * 20;
    r.classes = unexplained.into_iter().cycle().take(many).collect();
    r.confusion = r.confusion.iter().cloned().cycle().take(120).collect();
    let md = md_of(&r);
    let tables = tables(&md);
    assert_eq!(tables[2].len() - 2, markdown::ROWS);
    assert!(md.contains(&format!(
        "\n{} of {many} unexplained classes shown; `index.html` and `discrepancies.json` have every one.\n",
        markdown::ROWS
    )));
    let section = &md[md.find("## URL confusion").expect("the section")..];
    let items = section.lines().filter(|l| {
        l.split_once(". ")
            .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
    });
    assert_eq!(items.count(), markdown::CONFUSION);
    assert!(md.contains(&format!(
        "{} of 120 confusion classes shown",
        markdown::CONFUSION
    )));
    // The page has them all.
    let page = html_of(&r);
    assert_eq!(page.matches("<tbody class=\"class\">").count(), many);
}

// ---------------------------------------------------------------------------------------------
// junit.xml

/// The value of attribute `name` in the first tag of `s`.
fn attr<'a>(s: &'a str, name: &str) -> &'a str {
    let tag = &s[..s.find('>').expect("a tag")];
    let needle = format!("{name}=\"");
    let at = tag
        .match_indices(&needle)
        .map(|(i, _)| i)
        .find(|&i| i == 0 || tag.as_bytes()[i - 1] == b' ')
        .unwrap_or_else(|| panic!("no {name} in {tag}"));
    let v = &tag[at + needle.len()..];
    &v[..v.find('"').expect("a closing quote")]
}

#[test]
fn junit_counts_match_the_report() {
    for r in [every_parser(), sample()] {
        let xml = junit_of(&r);
        check_nesting(&xml).unwrap_or_else(|e| panic!("{e}"));
        let mut suites: Vec<&str> = xml.split("<testsuite ").skip(1).collect();
        // The last suite holds the classes: one test each, failed when unexplained.
        let classes = suites.pop().expect("the classes' suite");
        assert_eq!(attr(classes, "name"), junit::CLASSES_SUITE);
        assert_eq!(attr(classes, "tests"), r.classes.len().to_string());
        let unexplained = r.classes.iter().filter(|c| !c.explained).count();
        assert_eq!(attr(classes, "failures"), unexplained.to_string());
        assert_eq!(classes.matches("<failure ").count(), unexplained);
        assert_eq!(suites.len(), r.subjects.len());
        let mut total = 0;
        let mut unclaimed_total = 0;
        for s in suites {
            // A suite without a test is one empty element (`<testsuite .../>`).
            let body = s.find("</testsuite>").map_or("", |end| &s[..end]);
            let name = attr(s, "name");
            let info = &r
                .subjects
                .iter()
                .find(|s| s.info.name == name)
                .expect("a subject's suite")
                .info;
            // A case of an older edition than RFC 3986 that the subject does not claim is
            // skipped, whatever its result.
            let claims = junit::claimed_editions(info);
            let unclaimed = |c: &uridiff::suite::CaseResult| {
                c.edition < Edition::Rfc3986
                    && claims.as_ref().is_some_and(|e| !e.contains(&c.edition))
            };
            let mine: Vec<_> = r.cases.iter().filter(|(n, _)| n == name).collect();
            let failed = mine
                .iter()
                .filter(|(_, c)| matches!(c.status, Status::Failed(_)) && !unclaimed(c))
                .count();
            let skipped = mine
                .iter()
                .filter(|(_, c)| matches!(c.status, Status::Skipped(_)) || unclaimed(c))
                .count();
            unclaimed_total += mine.iter().filter(|(_, c)| unclaimed(c)).count();
            assert_eq!(attr(s, "tests"), mine.len().to_string(), "{name}");
            assert_eq!(attr(s, "failures"), failed.to_string(), "{name}");
            assert_eq!(attr(s, "skipped"), skipped.to_string(), "{name}");
            assert_eq!(body.matches("<testcase ").count(), mine.len());
            assert_eq!(body.matches("<failure ").count(), failed);
            assert_eq!(body.matches("<skipped ").count(), skipped);
            total += mine.len();
        }
        assert_eq!(total, r.cases.len());
        assert!(total > 0);
        // Where an older edition's case runs through a parser that claims only RFC 3986 (or
        // the WHATWG URL Standard), it is skipped.
        let old_case = r.cases.iter().any(|(n, c)| {
            c.edition < Edition::Rfc3986
                && r.subjects
                    .iter()
                    .any(|s| &s.info.name == n && s.info.editions.is_empty())
        });
        assert_eq!(unclaimed_total > 0, old_case);
    }
}

// ---------------------------------------------------------------------------------------------
// discrepancies.json against schemas/discrepancies.schema.json

fn schema() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/schemas/discrepancies.schema.json"
    );
    let text = std::fs::read_to_string(path).expect("the schema file");
    serde_json::from_str(&text).expect("the schema is JSON")
}

/// `doc` against the schema, by the `jsonschema` crate (the schema's own dialect, 2020-12):
/// every error, with where it is, or nothing.
fn validate(doc: &Value) -> Result<(), String> {
    let schema = schema();
    assert!(
        jsonschema::meta::is_valid(&schema),
        "the schema is not a valid JSON Schema"
    );
    let validator = jsonschema::validator_for(&schema).expect("a usable schema");
    let errors: Vec<String> = validator
        .iter_errors(doc)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}

/// A by-design class shows its rule's id beside the prose, in every writer that shows the rule,
/// and where the library documents the rule in `index.html` and `discrepancies.json`.
#[test]
fn by_design_rules_show_their_ids() {
    let r = sample();
    let prose = "an empty query is dropped";
    let id = "http-uri/empty-query-dropped";
    let md = md_of(&r);
    let line = md
        .lines()
        .find(|l| l.contains(prose))
        .expect("summary.md shows the rule");
    assert!(line.contains(&format!("`{id}`")), "{line}");
    let html = html_of(&r);
    let at = html.find(prose).expect("index.html shows the rule");
    let near = &html[at..html.len().min(at + 200)];
    assert!(
        near.contains(&format!("<code class=\"rule-id\">{id}</code>")),
        "{near}"
    );
    let cites = format!("the documentation of {id}");
    assert!(
        near.contains(&format!("<div class=\"small rule-cites\">{cites}</div>")),
        "{near}"
    );
    let json = json_of(&r);
    let classes = json["classes"].as_array().expect("classes");
    let c = classes
        .iter()
        .find(|c| c["by_design"]["http"].is_string())
        .expect("the by-design class");
    assert_eq!(c["by_design_ids"]["http"], id);
    assert_eq!(c["by_design_cites"]["http"], cites.as_str());
    // SARIF has no result for it (no problem in the parser), but its run says which rule
    // explained what, with the citation.
    let log = uridiff::report::sarif::report(&r, &uridiff::report::sarif::Written::default());
    let log = serde_json::to_value(&log).expect("the log is JSON");
    let rules = log["runs"][0]["properties"]["byDesign"]
        .as_array()
        .expect("the run's byDesign property");
    let rule = rules
        .iter()
        .find(|x| x["id"] == id)
        .expect("the rule by its id");
    assert_eq!(rule["cites"], cites.as_str());
    assert!(rule["classes"].as_u64().is_some_and(|n| n >= 1), "{rule}");
    assert!(rules
        .iter()
        .all(|x| x["rule"].is_string() && x["inputs"].is_u64()));
    // A class no rule explains has no ids and no citations.
    assert!(classes
        .iter()
        .filter(|c| c["by_design"].as_object().is_some_and(|m| m.is_empty()))
        .all(|c| ["by_design_ids", "by_design_cites"]
            .iter()
            .all(|k| c[k].as_object().is_some_and(|m| m.is_empty()))));
}

#[test]
fn json_matches_its_schema() {
    for r in [every_parser(), sample()] {
        let doc = json_of(&r);
        validate(&doc).unwrap_or_else(|e| panic!("{e}"));
    }
    // The sample has every outcome, a base64 input and a resolve example: each shape checked.
    let doc = serde_json::to_string(&json_of(&sample())).expect("prints");
    for needle in [
        "\"b64\":",
        "\"outcome\":\"crashed\"",
        "\"outcome\":\"unsupported\"",
        "\"outcome\":\"rejected\"",
        "\"second\":\"http://a/b/c/d;p?q\"",
    ] {
        assert!(doc.contains(needle), "{needle}");
    }
}

#[test]
fn schema_rejects_what_it_should() {
    let good = json_of(&sample());
    let broken = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        validate(&v)
    };
    assert!(broken(&|v| {
        v.as_object_mut().expect("object").remove("classes");
    })
    .is_err());
    assert!(broken(&|v| v["schema"] = 2.into()).is_err());
    assert!(broken(&|v| v["classes"][0]["severity"] = "urgent".into()).is_err());
    assert!(broken(
        &|v| v["classes"][0]["outcomes"][0][1]["value"]["components"]["host"] = 5.into()
    )
    .is_err());
    assert!(broken(&|v| v["classes"][0]["outcomes"][0][1]["outcome"] = "fine".into()).is_err());
    assert!(broken(&|v| v["subjects"][0]["kind"] = "remote".into()).is_err());
    assert!(broken(&|v| v["matrix"][0]["cells"][0]["share"] = 1.5.into()).is_err());
    assert!(
        broken(&|v| v["classes"][0]["example"]["input"] = serde_json::json!({"hex": "00"}))
            .is_err()
    );
    assert!(broken(&|v| v["surprise"] = true.into()).is_err());
    assert!(broken(&|v| v["classes"][0]["outcomes"][0] = serde_json::json!(["impl"])).is_err());
}

#[test]
fn schema_names_every_class_edition_and_component() {
    let schema = schema();
    let names = |def: &str| -> Vec<String> {
        schema["$defs"][def]["enum"]
            .as_array()
            .unwrap_or_else(|| panic!("{def} has an enum"))
            .iter()
            .map(|v| v.as_str().expect("a name").to_owned())
            .collect()
    };
    let mut classes: Vec<Class> = vec![
        Class::TooStrict,
        Class::TooLax,
        Class::Resolution,
        Class::Normalization,
        Class::Equivalence,
        Class::RoundTrip,
    ];
    for k in [
        CrashKind::Panic,
        CrashKind::Timeout,
        CrashKind::Exit,
        CrashKind::Protocol,
        CrashKind::Dead,
        CrashKind::Worker,
    ] {
        classes.push(Class::Crash(k));
    }
    for c in Component::ALL {
        classes.extend([
            Class::Component(c),
            Class::UndefinedVsEmpty(c),
            Class::Lenient(c),
        ]);
    }
    let mut expected: Vec<String> = classes.into_iter().map(Class::name).collect();
    let mut listed = names("class_name");
    expected.sort();
    listed.sort();
    assert_eq!(listed, expected);
    let editions: Vec<String> = Edition::ALL.iter().map(|e| e.id().to_owned()).collect();
    assert_eq!(names("edition"), editions);
    let components: Vec<String> = Component::ALL.iter().map(|c| c.name().to_owned()).collect();
    assert_eq!(names("component"), components);
    let ops: Vec<String> = Op::ALL.iter().map(|o| o.name().to_owned()).collect();
    assert_eq!(names("op"), ops);
}
