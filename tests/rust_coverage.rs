//! The coverage of the in-process Rust parsers (workers/README.md, "Coverage";
//! `uridiff::subjects::covered`): their covered build (tools/rustcov, built once into the cache
//! by cargo with SanitizerCoverage on the parser crates) answers with the edges each parse ran,
//! the same edges for the same input in every run, other edges for an IPv6 host than for a
//! name; the watched subject's answers are the in-process ones; a guided campaign on `url`
//! reaches some of url's edges; and without the covered build (no cargo) the subject answers as
//! before, with one warning.

use std::collections::BTreeSet;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use uridiff::coverage::Tally;
use uridiff::subjects::{self, covered, run, Job, Subject};

use super::common::{stderr, stdout};

/// A watched `url` subject with its tally, or `None` (with a note) where the covered build
/// cannot be had here (no cargo, or an offline registry without the crates).
fn watched_url() -> Option<(Arc<dyn Subject>, Arc<Tally>)> {
    let card = uridiff::parsers::card("url").expect("a card");
    if let Err(why) = covered::binary(card) {
        eprintln!("note: the covered build of url cannot be made here ({why}): not tested");
        return None;
    }
    let url = subjects::make(card, Duration::from_secs(5));
    let tally = Arc::new(Tally::default());
    url.watch_coverage(&tally);
    Some((url, tally))
}

/// The ids the parse of `input` reached, through a watched `url` of its own (a fresh worker:
/// nothing ran before it).
fn edges_of(input: &[u8]) -> Option<BTreeSet<u32>> {
    let (url, tally) = watched_url()?;
    assert!(run(url.as_ref(), &Job::parse(input)).is_accepted());
    let novel = tally.take_novel();
    assert_eq!(novel.len(), 1, "{novel:?}");
    assert!(tally.take_warnings().is_empty());
    Some(novel[0].ids.iter().copied().collect())
}

#[test]
fn url_answers_with_the_edges_of_its_parse_the_same_in_every_run_and_apart_by_input() {
    let Some(name) = edges_of(b"http://example.com/a?b#c") else {
        return;
    };
    let ipv6 = edges_of(b"http://[::1]:8080/a?b#c").expect("built above");
    let again = edges_of(b"http://example.com/a?b#c").expect("built above");
    assert_eq!(
        name, again,
        "the same input, the same edges, in another run"
    );
    assert!(!name.is_empty() && !ipv6.is_empty());
    assert_ne!(name, ipv6);
    assert!(
        ipv6.difference(&name).count() > 5,
        "the IPv6 parser's edges: {ipv6:?} against {name:?}"
    );
    let (_, tally) = watched_url().expect("built above");
    let reach = &tally.reach()["url"];
    assert_eq!(reach.kind, "edges");
    let total = reach.instrumented.expect("coverage_total");
    assert!(name.iter().chain(&ipv6).all(|&id| u64::from(id) < total));
}

#[test]
fn a_watched_rust_subject_answers_as_the_in_process_one_does() {
    let Some((url, tally)) = watched_url() else {
        return;
    };
    let plain = subjects::make(
        uridiff::parsers::card("url").expect("a card"),
        Duration::from_secs(5),
    );
    let inputs: [&[u8]; 7] = [
        b"http://a/b?c#d",
        b"HTTP://EX%41MPLE.com:80/./x/../y",
        b"http://[::1/",
        b"g",
        b"http://a/\x80",
        b"file:///C:/x",
        b"http://\xe4\xbe\x8b.com/",
    ];
    let mut jobs: Vec<Job<'_>> = inputs.iter().map(|i| Job::parse(i)).collect();
    jobs.extend(
        inputs
            .iter()
            .map(|i| Job::resolve(b"http://a/b/c/d;p?q", i)),
    );
    for job in &jobs {
        assert_eq!(run(url.as_ref(), job), run(plain.as_ref(), job), "{job:?}");
    }
    assert_eq!(url.run_batch(&jobs), plain.run_batch(&jobs));
    assert!(tally.reach()["url"].ids > 0);
    assert!(tally.take_warnings().is_empty());
}

/// `uridiff fuzz ARGS --seconds 120 --quiet --json --out DIR` into a folder of its own, which
/// must succeed: its standard error and its JSON document. With `cache`, that folder is its
/// cache (no covered binary in it) and there is no cargo to build one with.
fn fuzz(args: &[&str], cache: Option<&std::path::Path>) -> (String, serde_json::Value) {
    let dir = tempfile::tempdir().expect("a folder");
    let mut command = Command::new(env!("CARGO_BIN_EXE_uridiff"));
    command
        .arg("fuzz")
        .args(args)
        .args(["--seconds", "120", "--quiet", "--json", "--out"])
        .arg(dir.path());
    if let Some(cache) = cache {
        command
            .env("XDG_CACHE_HOME", cache)
            .env("CARGO", "/nonexistent/cargo");
    }
    let out = command.output().expect("uridiff runs");
    assert!(out.status.success(), "{}", stderr(&out));
    let doc =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)));
    (stderr(&out), doc)
}

#[test]
fn a_guided_campaign_on_url_reports_what_it_reached_of_url() {
    if watched_url().is_none() {
        return;
    }
    let (_, doc) = fuzz(
        &[
            "--parser",
            "url",
            "--inputs",
            "300",
            "--seed",
            "2",
            "--rust-coverage",
        ],
        None,
    );
    let url = &doc["coverage"]["url"];
    assert_eq!(url["kind"], "edges", "{doc}");
    let (reached, total) = (
        url["reached"].as_u64().expect("reached"),
        url["instrumented"].as_u64().expect("instrumented"),
    );
    assert!(reached > 0 && total > 0 && reached < total, "{url}");
    assert!(doc["corpus"].as_u64().is_some_and(|n| n > 0), "{doc}");
}

#[test]
fn without_its_covered_build_a_rust_subject_answers_as_before_with_one_warning() {
    let cache = tempfile::tempdir().expect("a folder");
    let campaign = [
        "--parser", "url", "--parser", "impl", "--inputs", "150", "--seed", "4",
    ];
    let (err, doc) = fuzz(
        &[&campaign[..], &["--rust-coverage"]].concat(),
        Some(cache.path()),
    );
    assert_eq!(err.matches("url: no coverage").count(), 1, "{err}");
    assert!(doc["coverage"].get("url").is_none(), "{doc}");
    // The same campaign blind finds the same classes: url answered as without coverage.
    let (_, blind_doc) = fuzz(&[&campaign[..], &["--blind"]].concat(), Some(cache.path()));
    assert_eq!(doc["classes"], blind_doc["classes"], "{doc}\n{blind_doc}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_campaign_asks_the_rust_parsers_for_coverage_only_when_told() {
    // Were url watched, its build would fail (no cargo) with a warning.
    let cache = tempfile::tempdir().expect("a folder");
    let (err, doc) = fuzz(
        &["--parser", "url", "--inputs", "40", "--seed", "3"],
        Some(cache.path()),
    );
    assert!(!err.contains("no coverage"), "{err}");
    assert!(doc["coverage"].get("url").is_none(), "{doc}");
}
