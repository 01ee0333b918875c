//! Every rule of every profile's table fires through the comparison itself: a subject whose
//! answer shows the documented behaviour goes through the engine (its reference run, the
//! findings judged), and the finding names the rule. A rule that no comparison can reach (a
//! follow-on difference the engine folds into its cause, a class the comparison never makes)
//! fails here rather than sitting in the table explaining nothing.
//!
//! Each rule's own examples (`Rule::examples`) prove it first ([`examples`]: the library's
//! answer as data, played by a double of the rule's owner, and an answer one step off). Here
//! the in-process libraries also answer for themselves, and the few answers an example does
//! not express (a reading and its serialization at once, a step off the rule explains in part)
//! are played by doubles in this folder's files, so the test needs no runtime.

use std::collections::BTreeSet;
use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Engine, Task};
use uridiff::model::{Component, ComponentSet, Op, OpSet, Outcome, Parsed};
use uridiff::subjects::{self, Ctx, Kind, Subject, SubjectInfo};

// The rules the sweep of the PyPI workers' unexplained classes added.
mod sweep_py;
// The rules of the sweep of java.net.URI's, uriparse's and the rfc3986 package's classes.
mod sweep_jv;
// The rules of the sweep of http, go-net-url, php-parse-url and node-legacy-url.
mod sweep_net;
// The rules from the sweep of Ruby's and Perl's parsers (Mojo::URL, Addressable).
mod sweep_rb;
// The rules the fix of fast-uri's and uri-js's false alarms widened or added.
mod second_fast_uri_family;
// The rules the fix of libwget's and parse_url's false alarms added or widened.
mod second_libwget_php_java;
// The rules that fixed URI.js's false alarms of the seed-14 audit.
mod second_urijs_url_parse;
// The rules widened by the fix of the seed-14 audit's urllib3 miss and hyperlink's left classes.
mod second_python_http_stack;
// The rules the seed-16 audit's misses in java.net.URI's and urllib3's classes led to.
mod seed16_java_urllib3;
// The rules that judging every parser on every input needed.
mod every_input;
// The rules the audits of seeds 51 to 56 led to.
mod seed53;
// The rules the third sweep of every unexplained class, parser family by family, added.
mod sweep3_js1;
mod sweep3_py1;
mod sweep3_sweep3_c;
// Every rule's examples (`Rule::examples`), played and run through the engine.
mod examples;

type Change = fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed>;
type Resolves = fn(&[u8], &[u8]) -> String;

/// A worker's library played in process: the reference's answer under `edition`, changed.
struct Plays {
    info: SubjectInfo,
    edition: Edition,
    change: Change,
    resolves: Option<Resolves>,
}

impl Subject for Plays {
    fn info(&self) -> &SubjectInfo {
        &self.info
    }
    fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
        let ctx = Ctx {
            edition: self.edition,
            ..Ctx::default()
        };
        let reference = match self.info.profile.as_str() {
            "whatwg-url" => subjects::Ada::new().parse(input, &ctx),
            _ => subjects::Spec::get().parse(input, &ctx),
        };
        (self.change)(input, reference)
    }
    // The lowest rung of RFC 3986 6.2's ladder: nothing normalized, only the same string equal.
    fn normalize(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        Outcome::Accepted(String::from_utf8_lossy(input).into_owned())
    }
    fn equivalent(&self, a: &[u8], b: &[u8], _: &Ctx<'_>) -> Outcome<bool> {
        Outcome::Accepted(a == b)
    }
    fn resolve(&self, base: &[u8], reference: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        match self.resolves {
            Some(f) => Outcome::Accepted(f(base, reference)),
            None => Outcome::Unsupported("no resolve".into()),
        }
    }
}

/// A library whose equivalence answers "equivalent" to everything (Perl's `URI::eq` on URNs).
struct AlwaysEqual(SubjectInfo);

impl Subject for AlwaysEqual {
    fn info(&self) -> &SubjectInfo {
        &self.0
    }
    fn equivalent(&self, _: &[u8], _: &[u8], _: &Ctx<'_>) -> Outcome<bool> {
        Outcome::Accepted(true)
    }
}

/// The declaration of a test double: a library of `profile` named `name`, doing `ops`,
/// reporting `components`, deciding validity.
fn double(name: &str, profile: &str, ops: &[Op], components: ComponentSet) -> SubjectInfo {
    SubjectInfo {
        wraps: None,
        name: name.into(),
        version: "test".into(),
        profile: profile.into(),
        kind: Kind::InProcess,
        library: "a test double".into(),
        operations: OpSet::of(ops),
        components,
        decides_validity: true,
        edition_fields: false,
        editions: Vec::new(),
    }
}

fn always_equal(name: &str, profile: &str) -> Arc<dyn Subject> {
    Arc::new(AlwaysEqual(double(
        name,
        profile,
        &[Op::Equivalent],
        ComponentSet::NONE,
    )))
}

/// A library whose normalization is `f` (Java's `URI.normalize` gives `""` on `.`; Perl's
/// `canonical` decodes RFC 2396's marks and leaves dot-segments).
struct NormalizesAs(SubjectInfo, fn(&[u8]) -> String);

impl Subject for NormalizesAs {
    fn info(&self) -> &SubjectInfo {
        &self.0
    }
    fn normalize(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        Outcome::Accepted((self.1)(input))
    }
}

fn normalizes_as(name: &str, profile: &str, f: fn(&[u8]) -> String) -> Arc<dyn Subject> {
    Arc::new(NormalizesAs(
        double(name, profile, &[Op::Normalize], ComponentSet::NONE),
        f,
    ))
}

/// A worker's library that resolves as `f` says (and parses as the reference does).
fn resolves(name: &str, profile: &str, f: Resolves) -> Arc<dyn Subject> {
    let edition = if profile == "rfc2396" || profile == "perl-uri" {
        Edition::UriSyntax02
    } else {
        Edition::Rfc3986
    };
    Arc::new(Plays {
        info: double(name, profile, &[Op::Resolve], ComponentSet::ALL),
        edition,
        change: |_, o| o,
        resolves: Some(f),
    })
}

/// [`resolves`], the double declaring that it wraps the shipped parser `wraps`.
fn resolves_wrapping(name: &str, wraps: &str, profile: &str, f: Resolves) -> Arc<dyn Subject> {
    let mut info = double(name, profile, &[Op::Resolve], ComponentSet::ALL);
    info.wraps = Some(wraps.to_owned());
    Arc::new(Plays {
        info,
        edition: Edition::Rfc3986,
        change: |_, o| o,
        resolves: Some(f),
    })
}

fn plays(name: &str, profile: &str, edition: Edition, change: Change) -> Arc<dyn Subject> {
    Arc::new(Plays {
        info: double(
            name,
            profile,
            &[Op::Parse, Op::Normalize, Op::Equivalent],
            ComponentSet::ALL,
        ),
        edition,
        change,
        resolves: None,
    })
}

fn set(c: Component, v: Option<&'static str>) -> impl Fn(Outcome<Parsed>) -> Outcome<Parsed> {
    move |o| {
        o.map(|mut p| {
            p.components.set(c, v);
            p
        })
    }
}

/// `input` as the lenient split reads it (the reading judged where the reference rejects the
/// input), with each `(component, value)` of `with` put in: a double of a library whose
/// documented reading differs from the split in those components.
fn split_with(input: &[u8], with: &[(Component, Option<&str>)]) -> Outcome<Parsed> {
    let mut c = uridiff::subjects::lenient::split(&String::from_utf8_lossy(input));
    for &(component, value) in with {
        c.set(component, value);
    }
    Outcome::Accepted(Parsed::from(c))
}

/// The in-process library named `name`.
fn library(name: &str) -> Arc<dyn Subject> {
    subjects::in_process()
        .into_iter()
        .find(|s| s.info().name == name)
        .unwrap_or_else(|| panic!("no subject {name}"))
}

/// The task a case's job names: `input` for a parse, `op:input` or `op:input|second` for
/// another operation.
fn task(job: &str) -> Task {
    let mut task = Task::parse(job.as_bytes().to_vec(), "rules");
    for op in [Op::Normalize, Op::Equivalent, Op::Resolve] {
        if let Some(rest) = job.strip_prefix(&format!("{op}:")) {
            let (a, b) = rest
                .split_once('|')
                .map_or((rest, None), |(a, b)| (a, Some(b)));
            task.op = op;
            task.input = a.as_bytes().to_vec();
            task.second = b.map(|b| b.as_bytes().to_vec());
        }
    }
    task
}

/// The rules each case's findings name, by `profile: rule` as the reports print them.
fn fired(subject: Arc<dyn Subject>, input: &str) -> Vec<String> {
    fired_rules(subject, input)
        .into_iter()
        .map(|r| r.label())
        .collect()
}

/// The rules the findings of `subject` on `job` name.
fn fired_rules(subject: Arc<dyn Subject>, job: &str) -> Vec<&'static uridiff::engine::Rule> {
    let engine = Engine::new(vec![subject]);
    let row = engine.run_one(&task(job));
    engine
        .findings(&row)
        .into_iter()
        .filter_map(|f| f.rule)
        .collect()
}

#[test]
fn every_rule_fires_through_the_comparison() {
    // The in-process libraries answer for themselves; the rules whose doubles are not yet their
    // own examples (`Rule::examples`) come from this folder's files.
    let cases: Vec<(Arc<dyn Subject>, &str)> = vec![
        (library("uriparse"), "http://a"),
        (library("uriparse"), "http://a:080/"),
        (library("uriparse"), "http://[0:0::1]/"),
        (library("uriparse"), "http://[v1.x]/"),
        (library("oxiri"), "http://\u{e9}/"),
        (library("http"), "example.com:80"),
        (library("http"), "//a/b"),
        (library("http"), "http://a:99999/"),
        (library("http"), "http://a"),
        (library("http"), "mailto:a@b/c"),
        (library("http"), "a/b"),
    ];
    let cases: Vec<(Arc<dyn Subject>, &str)> = cases
        .into_iter()
        .chain([
            (library("uriparse"), "normalize://"),
            (library("iri-string"), "resolve:/.//|mailto:a@b"),
            (library("url"), "file:///x"),
            (library("http"), ":"),
            (always_equal("iref", "rfc3987-iri"), "equivalent:.|"),
            (library("uriparse"), "normalize://a:"),
            (library("uriparse"), "normalize://[::0]"),
            (library("uriparse"), "normalize://[v1.x]"),
            (library("oxiri"), "resolve:/.//|mailto:a@b"),
            (library("http"), "//:b"),
            (library("fluent-uri"), "normalize://[::0]"),
            (library("iri-string"), "resolve:%2E|http://a/b/c"),
            (library("iref"), "resolve:..|o:"),
            (library("fluent-uri"), "resolve:g|http://a/b#f"),
            (library("fluent-uri"), "resolve:..|foo:/bar/baz/.%2E/"),
        ])
        .chain(sweep_py::cases())
        .chain(sweep_jv::cases())
        .chain(sweep_net::cases())
        .chain(sweep_rb::cases())
        .chain(second_fast_uri_family::cases())
        .chain(seed16_java_urllib3::cases())
        .chain(every_input::cases())
        .chain(sweep3_js1::cases())
        .chain(sweep3_sweep3_c::cases())
        .collect();
    let mut seen = BTreeSet::new();
    for (subject, input) in cases {
        let name = subject.info().name.clone();
        let rules = fired(subject, input);
        assert!(!rules.is_empty(), "{name} on {input:?}: no rule fired");
        seen.extend(rules);
    }
    // A rule with an example that fires is proven by `examples::every_example_holds`.
    let every: BTreeSet<String> = uridiff::engine::rules()
        .filter(|r| !r.examples.iter().any(|e| e.fires))
        .map(|r| r.label())
        .collect();
    let never: Vec<&String> = every.difference(&seen).collect();
    assert!(never.is_empty(), "rules no comparison reached: {never:#?}");
}

#[test]
fn a_rule_explains_only_the_exact_answer() {
    // Ruby's default port is 80 for http: 8080 is no documented behaviour.
    let wrong = plays("ruby-uri", "ruby-uri", Edition::Rfc3986, |_, o| {
        set(Component::Port, Some("8080"))(o)
    });
    let engine = Engine::new(vec![wrong]);
    let row = engine.run_one(&Task::parse(b"http://a/".to_vec(), "rules"));
    let findings = engine.findings(&row);
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert!(findings[0].rule.is_none());
}

#[test]
fn every_rule_of_the_whatwg_standard_against_rfc3986_fires_in_the_matrix() {
    // What the conformance matrix says a WHATWG parser differs from RFC 3986 in, by design:
    // each rule reached by the matrix's own computation, on inputs that show it.
    let engine = Engine::new(vec![library("url")]);
    let inputs = [
        " http://a/",
        "g",
        "http:///a",
        "http://[0:0::1]/",
        "HTTP://a",
        "http://a",
        "http://a/b/../c",
        "http://0x7f.1/",
        "http:",
        "http://@a/",
        "http://a:80/",
        "http://EX%41MPLE.com/",
        "http://a:99999/",
        "http://[v1.x]/",
        "http://A/",
        "http://a:/",
    ];
    let tasks: Vec<Task> = inputs
        .iter()
        .map(|s| Task::parse(s.as_bytes().to_vec(), "rules"))
        .collect();
    let rows = engine.run(&tasks, &|| ());
    let seen: BTreeSet<String> = uridiff::run::versus_rfc3986(&engine, &rows)
        .into_values()
        .flatten()
        .map(|(rule, _)| rule)
        .collect();
    let every: BTreeSet<String> = uridiff::engine::versus_rules()
        .filter(|r| r.profile == "whatwg-url")
        .map(|r| format!("whatwg-url: {}", r.name))
        .collect();
    let never: Vec<&String> = every.difference(&seen).collect();
    assert!(
        never.is_empty(),
        "rules the matrix never reached: {never:#?}"
    );
}
