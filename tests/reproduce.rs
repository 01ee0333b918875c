//! Reproduce lines (src/subjects/reproduce.rs), run as a reader runs them: for each shipped
//! worker whose runtime is here and a sample of tricky inputs, the line's output shows the
//! host, path and query the worker reports through uridiff, and the resolved reference it
//! answers. A worker whose runtime is missing is skipped with a printed note.

use std::process::Command;
use std::time::Duration;

use uridiff::model::{Component, Op, Outcome};
use uridiff::parsers::workers;
use uridiff::subjects::external::External;
use uridiff::subjects::reproduce::reproduce;
use uridiff::subjects::{Ctx, Subject};

/// IPv6 with a zone, userinfo with "@", a backslash, spaces, percent-encodings, opaque URIs,
/// non-ASCII, a quote (the shell's own quote character), a network-path reference.
const SAMPLE: &[&[u8]] = &[
    b"http://[fe80::1%25eth0]:8080/p?q",
    b"HTTP://[::1]:80/",
    b"http://u@v@a.example/p",
    b"http://u%40v:pw@a.example/",
    b"http://a\\b/c",
    b"http://a/b c?d e",
    b"http://a/%7e%2F?%41=1#%20",
    b"mailto:a@b?subject=x",
    b"urn:isbn:0451450523",
    b"foo:bar",
    "http://é.example/ü?ö".as_bytes(),
    b"http://a/it's?$x=`y`",
    b"//a/b?c",
];

/// (base, reference) pairs for the resolve lines.
const RESOLVE: &[(&[u8], &[u8])] = &[
    (b"http://a/b/c/d;p?q", b"../g?x y"),
    (b"http://a/b/c/d;p?q", b"//[::1]/it's"),
];

/// `sh -c LINE`'s standard output, or why it failed.
fn run_line(line: &str) -> Result<String, String> {
    let out = Command::new("sh")
        .arg("-c")
        .arg(line)
        .env("GOTOOLCHAIN", "local")
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "{}: {}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn each_reproduce_line_prints_what_its_worker_reports() {
    let ctx = Ctx::default();
    let mut compared = 0;
    for w in workers() {
        let worker = External::shipped(w)
            .expect("a worker")
            .timeout(Duration::from_secs(30))
            .handshake_timeout(Duration::from_secs(60));
        if let Err(why) = worker.available() {
            eprintln!("note: skipping {}'s reproduce lines: {why}", w.name);
            continue;
        }
        let declared = worker.info().components;
        for input in SAMPLE {
            let shown = String::from_utf8_lossy(input);
            let line = reproduce(w.name, Op::Parse, input, None)
                .unwrap_or_else(|| panic!("{} has a parse line for {shown:?}", w.name));
            let Outcome::Accepted(parsed) = worker.parse(input, &ctx) else {
                continue; // a rejection's wording is the library's; the values are what we compare
            };
            let printed = run_line(&line)
                .unwrap_or_else(|e| panic!("{} on {shown:?}: `{line}` failed: {e}", w.name));
            for c in [Component::Host, Component::Path, Component::Query] {
                if !declared.contains(c) || parsed.not_reported.contains(c) {
                    continue;
                }
                let Some(value) = parsed.components.get(c) else {
                    continue;
                };
                let want = format!("{c}={value}");
                assert!(
                    printed.lines().any(|l| l == want),
                    "{} on {shown:?}: `{want}` not in the output of\n{line}\n---\n{printed}",
                    w.name
                );
                compared += 1;
            }
        }
        if !w
            .worker()
            .is_some_and(|w| w.operations.contains(&Op::Resolve))
        {
            continue;
        }
        for (base, reference) in RESOLVE {
            let Outcome::Accepted(value) = worker.resolve(base, reference, &ctx) else {
                continue;
            };
            let line = reproduce(w.name, Op::Resolve, reference, Some(base)).expect("a line");
            let printed =
                run_line(&line).unwrap_or_else(|e| panic!("{}: `{line}` failed: {e}", w.name));
            assert_eq!(printed.trim_end_matches('\n'), value, "{}: {line}", w.name);
            compared += 1;
        }
    }
    // python-urllib, node-whatwg, node-legacy-url and java-uri run on every uridiff machine.
    assert!(compared >= 4 * SAMPLE.len(), "{compared} values compared");
}

/// The classes of a real run, as a reader checks them: for a sample of the unexplained classes
/// of the shipped workers, the class's reproduce line, run without uridiff, prints the value the
/// class says the parser answered (the differing component's, or the resolved reference).
#[test]
fn a_reports_classes_reproduce_without_uridiff() {
    let workers: Vec<std::sync::Arc<dyn Subject>> = workers()
        .map(|w| {
            std::sync::Arc::new(
                External::shipped(w)
                    .expect("a worker")
                    .timeout(Duration::from_secs(30))
                    .handshake_timeout(Duration::from_secs(60)),
            ) as std::sync::Arc<dyn Subject>
        })
        .filter(|w| w.available().is_ok())
        .collect();
    if workers.is_empty() {
        eprintln!("note: no worker runtime here; nothing to reproduce");
        return;
    }
    let engine = uridiff::engine::Engine::new(workers);
    let mut tasks: Vec<uridiff::engine::Task> = SAMPLE
        .iter()
        .map(|s| uridiff::engine::Task::parse(s.to_vec(), "sample"))
        .collect();
    tasks.extend(uridiff::generate::operations(3, 120));
    let report = uridiff::run::build(uridiff::run::Inputs {
        engine: &engine,
        suites: &[],
        tasks,
        whatwg: Vec::new(),
        seed: 3,
        generated: 120,
        budget: 60,
        confusion: Default::default(),
        tag: &|_| None,
        progress: &|| (),
    })
    .expect("no WHATWG file");
    let mut checked = 0;
    for c in report.classes.iter().filter(|c| !c.explained) {
        let Some(line) = &c.reproduce else {
            continue;
        };
        let want = match (&c.answer, c.signature.class.component()) {
            (Outcome::Accepted(uridiff::model::Answer::Parsed(p)), Some(comp)) => {
                match p.components.get(comp) {
                    Some(v) if comp != Component::HostKind => format!("{comp}={v}"),
                    _ => continue,
                }
            }
            (Outcome::Accepted(uridiff::model::Answer::Text(t)), None) => t.clone(),
            _ => continue,
        };
        let printed = run_line(line).unwrap_or_else(|e| panic!("{}: `{line}` failed: {e}", c.key));
        assert!(
            printed.lines().any(|l| l == want),
            "{}: `{want}` is not in what\n{line}\nprints:\n{printed}",
            c.key
        );
        checked += 1;
        if checked == 25 {
            break;
        }
    }
    eprintln!("{checked} classes reproduced without uridiff");
    assert!(
        checked >= 5,
        "only {checked} classes had a value to reproduce"
    );
}
