//! Reproduce lines (src/subjects/reproduce.rs), run as a reader runs them: for each shipped
//! worker whose runtime is here and a sample of tricky inputs, the line's output shows the
//! host, path and query the worker reports through uridiff, and the resolved reference it
//! answers. A worker's samples run as one program, one interpreter or build for them all.
//! A worker whose runtime is missing is skipped with a printed note.

use std::process::Command;

use uridiff::model::{Component, Op, Outcome};
use uridiff::parsers::workers;
use uridiff::subjects::reproduce::{batch, reproduce, Sample, SEPARATOR};
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

/// What a sample's program prints: these `component=value` lines among its output, or this
/// resolved reference as the whole of it.
enum Want {
    Lines(Vec<String>),
    Whole(String),
}

/// Each worker's samples run as one program ([`batch`]: one interpreter started, one source
/// built, not one per sample), every sample's output held to what the worker reports; and the
/// first sample's own line run alone prints what its part of the batch printed.
#[test]
fn each_reproduce_line_prints_what_its_worker_reports() {
    // Four workers at a time: each waits on its runtime's start and its program's build.
    let compared: usize =
        crate::common::each_at_once(workers().collect(), 4, reproduces_what_it_reports)
            .into_iter()
            .sum();
    // python-urllib, node-whatwg, node-legacy-url and java-uri run on every uridiff machine.
    assert!(compared >= 4 * SAMPLE.len(), "{compared} values compared");
}

/// One worker of [`each_reproduce_line_prints_what_its_worker_reports`]: its samples' batch
/// run and held to what it reports; how many values were compared.
fn reproduces_what_it_reports(w: &'static uridiff::parsers::Card) -> usize {
    // The workers the protocol tests started (tests/external.rs), none started again.
    let Some(worker) = crate::external::shipped(w.name) else {
        eprintln!("note: skipping {}'s reproduce lines: not available", w.name);
        return 0;
    };
    let ctx = Ctx::default();
    let mut compared = 0;
    let declared = worker.info().components;
    // (operation, input, base), and (what it is, its own line, what it prints).
    let mut samples: Vec<Sample> = Vec::new();
    let mut wants: Vec<(String, String, Want)> = Vec::new();
    for input in SAMPLE {
        let shown = String::from_utf8_lossy(input);
        let line = reproduce(w.name, Op::Parse, input, None)
            .unwrap_or_else(|| panic!("{} has a parse line for {shown:?}", w.name));
        let Outcome::Accepted(parsed) = worker.parse(input, &ctx) else {
            continue; // a rejection's wording is the library's; the values are what we compare
        };
        let mut lines = Vec::new();
        for c in [Component::Host, Component::Path, Component::Query] {
            if !declared.contains(c) || parsed.not_reported.contains(c) {
                continue;
            }
            let Some(value) = parsed.components.get(c) else {
                continue;
            };
            lines.push(format!("{c}={value}"));
        }
        samples.push((Op::Parse, input, None));
        wants.push((format!("{shown:?}"), line, Want::Lines(lines)));
    }
    if w.worker()
        .is_some_and(|w| w.operations.contains(&Op::Resolve))
    {
        for (base, reference) in RESOLVE {
            let Outcome::Accepted(value) = worker.resolve(base, reference, &ctx) else {
                continue;
            };
            let line = reproduce(w.name, Op::Resolve, reference, Some(base)).expect("a line");
            samples.push((Op::Resolve, reference, Some(base)));
            let shown = format!(
                "{:?} against {:?}",
                String::from_utf8_lossy(reference),
                String::from_utf8_lossy(base)
            );
            wants.push((shown, line, Want::Whole(value)));
        }
    }
    if samples.is_empty() {
        return 0;
    }
    let together = batch(w.name, &samples).expect("a batch line");
    let printed =
        run_line(&together).unwrap_or_else(|e| panic!("{}: `{together}` failed: {e}", w.name));
    let outputs: Vec<&str> = printed.split(&format!("{SEPARATOR}\n")).collect();
    assert_eq!(
        outputs.len(),
        samples.len() + 1,
        "{}: one output per sample, each ended by the separator, in\n{together}\n---\n{printed}",
        w.name
    );
    assert_eq!(outputs[samples.len()], "", "{}: {printed}", w.name);
    for ((shown, line, want), printed) in wants.iter().zip(&outputs) {
        match want {
            Want::Lines(lines) => {
                for want in lines {
                    assert!(
                        printed.lines().any(|l| l == want),
                        "{} on {shown}: `{want}` not in the output of\n{line}\n---\n{printed}",
                        w.name
                    );
                    compared += 1;
                }
            }
            Want::Whole(value) => {
                assert_eq!(
                    printed.trim_end_matches('\n'),
                    value,
                    "{} on {shown}: {line}",
                    w.name
                );
                compared += 1;
            }
        }
    }
    let (shown, line, _) = &wants[0];
    let alone =
        run_line(line).unwrap_or_else(|e| panic!("{} on {shown}: `{line}` failed: {e}", w.name));
    assert_eq!(
        alone, outputs[0],
        "{} on {shown}: the line alone and in the batch print alike:\n{line}",
        w.name
    );
    compared
}

/// The classes of a real run, as a reader checks them: for a sample of the unexplained classes
/// of the shipped workers, the class's reproduce line, run without uridiff, prints the value the
/// class says the parser answered (the differing component's, or the resolved reference).
#[test]
fn a_reports_classes_reproduce_without_uridiff() {
    // The workers the protocol tests started (tests/external.rs), none started again.
    let workers: Vec<std::sync::Arc<dyn Subject>> = workers()
        .filter_map(|w| crate::external::shipped_arc(w.name))
        .map(|w| std::sync::Arc::clone(w) as std::sync::Arc<dyn Subject>)
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
    // The first 25 classes with a value to show, each class's line its parser's for its
    // example (so that the batch below runs the programs of these lines).
    let mut picked: Vec<(&uridiff::engine::ClassRecord, &str, String)> = Vec::new();
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
        let e = &c.example;
        assert_eq!(
            reproduce(&c.signature.subject, e.op, &e.input, e.second.as_deref()).as_deref(),
            Some(line.as_str()),
            "{}: the class's line is its parser's line for its example",
            c.key
        );
        picked.push((c, line, want));
        if picked.len() == 25 {
            break;
        }
    }
    // One program per parser for its classes' examples.
    let mut by_subject: std::collections::BTreeMap<&str, Vec<_>> = Default::default();
    for p in &picked {
        by_subject
            .entry(p.0.signature.subject.as_str())
            .or_default()
            .push(p);
    }
    // Four parsers' programs at a time: each waits on its runtime's start and its build.
    let by_subject: Vec<(&str, Vec<_>)> = by_subject.into_iter().collect();
    let checked: usize = crate::common::each_at_once(by_subject, 4, |(subject, classes)| {
        let mut checked = 0;
            let samples: Vec<Sample> = classes
                .iter()
                .map(|(c, _, _)| {
                    (
                        c.example.op,
                        &c.example.input[..],
                        c.example.second.as_deref(),
                    )
                })
                .collect();
            let together = batch(subject, &samples).expect("a batch line");
            let printed =
                run_line(&together).unwrap_or_else(|e| panic!("{subject}: `{together}` failed: {e}"));
            let outputs: Vec<&str> = printed.split(&format!("{SEPARATOR}\n")).collect();
            assert_eq!(
                outputs.len(),
                samples.len() + 1,
                "{subject}: one output per class, each ended by the separator, in\n{together}\n---\n{printed}"
            );
            for ((c, line, want), printed) in classes.iter().zip(&outputs) {
                assert!(
                    printed.lines().any(|l| l == want),
                    "{}: `{want}` is not in what\n{line}\nprints:\n{printed}",
                    c.key
                );
                checked += 1;
            }
        checked
    })
    .into_iter()
    .sum();
    eprintln!("{checked} classes reproduced without uridiff");
    assert!(
        checked >= 5,
        "only {checked} classes had a value to reproduce"
    );
}
