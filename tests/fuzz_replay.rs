//! The committed seed corpora (`corpus/<target>/`) replayed through every fuzz target of
//! `fuzz/Cargo.toml`, as `fuzz/replay.sh` runs them under libFuzzer's `-runs=0`: each file once
//! (and the empty input, which libFuzzer always tries first), a panic being a failure, so a
//! crash once found and fixed stays fixed. Here the targets' bodies run in this test binary:
//! no third compile of the dependencies with libFuzzer's driver.
//!
//! The target files are compiled as they are (`#[path]` modules below): their
//! `libfuzzer_sys::fuzz_target!` is the macro of this file, which turns the closure libFuzzer
//! calls on each input into a function `run`. Their `#![no_main]`, the crate-level attribute
//! cargo-fuzz needs, is an unused attribute in a module. That the targets still build with
//! libFuzzer is checked apart (`.ci/run` checks the fuzz crate; cargo-fuzz builds it for a
//! campaign and ClusterFuzzLite, tests/clusterfuzzlite.rs).

use std::path::Path;
use std::time::{Duration, Instant};

// One module per target, compiled as the fuzz crate compiles it: formatted by the fuzz crate's
// `cargo fmt`, not this one's (`rustfmt::skip`), whose edition differs.
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/parse.rs"]
mod parse;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/resolve.rs"]
mod resolve;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/normalize.rs"]
mod normalize;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/no_panic.rs"]
mod no_panic;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/appendix_b.rs"]
mod appendix_b;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/grammar.rs"]
mod grammar;
// Behind the fuzz crate's `gen` feature: no committed corpus (replay.sh skips it); built here
// and run on the empty input.
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/generated.rs"]
mod generated;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/peers.rs"]
mod peers;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/whatwg.rs"]
mod whatwg;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/suite.rs"]
mod suite;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/baseline.rs"]
mod baseline;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/campaign.rs"]
mod campaign;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/manifest.rs"]
mod manifest;
#[allow(unused_attributes)]
#[rustfmt::skip]
#[path = "../fuzz/fuzz_targets/worker_protocol.rs"]
mod worker_protocol;

// Defined after the modules, so that their `use libfuzzer_sys::fuzz_target;` is what names it.
/// libfuzzer-sys's `fuzz_target!` for a `&[u8]` input (its documentation: "Define a fuzz target"),
/// reduced to what a replay needs: the body as a function of the input.
#[macro_export]
macro_rules! fuzz_target {
    (|$data:ident: &[u8]| $body:block) => {
        /// The target's body, as libFuzzer calls it on one input.
        pub fn run($data: &[u8]) $body
    };
}

/// A target's body, as libFuzzer calls it on one input.
type Body = fn(&[u8]);

/// The targets replayed here, by their `[[bin]]` name (all but `generated`).
const REPLAYED: &[(&str, Body)] = &[
    ("parse", parse::run),
    ("resolve", resolve::run),
    ("normalize", normalize::run),
    ("no_panic", no_panic::run),
    ("appendix_b", appendix_b::run),
    ("grammar", grammar::run),
    ("peers", peers::run),
    ("whatwg", whatwg::run),
    ("suite", suite::run),
    ("baseline", baseline::run),
    ("campaign", campaign::run),
    ("manifest", manifest::run),
    ("worker_protocol", worker_protocol::run),
];

/// replay.sh's `-timeout=30`: libFuzzer fails an input that runs longer.
const TIMEOUT: Duration = Duration::from_secs(30);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `target` on the empty input and on every file of `corpus/<name>/`; the first panic
/// fails the test with the file that caused it.
fn replay(name: &str) {
    let (_, target) = REPLAYED
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("{name} is not replayed"));
    let dir = root().join("corpus").join(name);
    let mut files = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(!files.is_empty(), "no seed in {}", dir.display());
    let started = Instant::now();
    let mut inputs: Vec<(String, Vec<u8>)> = vec![("the empty input".to_owned(), Vec::new())];
    for f in &files {
        let bytes = std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        inputs.push((f.display().to_string(), bytes));
    }
    for (what, data) in &inputs {
        let one = Instant::now();
        let outcome = std::panic::catch_unwind(|| target(data));
        assert!(
            outcome.is_ok(),
            "{name}: CRASH on {what} (the panic is above)"
        );
        assert!(
            one.elapsed() < TIMEOUT,
            "{name}: {what} ran {:.1?}, over libFuzzer's -timeout=30",
            one.elapsed()
        );
    }
    eprintln!(
        "fuzz replay: {name}: {} inputs, no crash ({:.1?})",
        files.len(),
        started.elapsed()
    );
}

/// Every `[[bin]]` of fuzz/Cargo.toml with a committed corpus is replayed here, so a new
/// target cannot be left out (read independently of the table above).
#[test]
fn every_fuzz_target_with_a_seed_corpus_is_replayed() {
    let text = std::fs::read_to_string(root().join("fuzz/Cargo.toml")).expect("fuzz/Cargo.toml");
    let mut in_bin = false;
    let mut bins = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if let Some(value) = line.strip_prefix("name")
            && in_bin
        {
            bins.push(
                value
                    .trim_start()
                    .trim_start_matches('=')
                    .trim()
                    .trim_matches('"'),
            );
        }
    }
    assert!(bins.len() >= REPLAYED.len(), "{bins:?}");
    for bin in bins {
        let replayed = REPLAYED.iter().any(|(n, _)| *n == bin);
        let seeded = root().join("corpus").join(bin).is_dir();
        assert_eq!(
            replayed, seeded,
            "fuzz target {bin}: a seed corpus {} and replayed here {}",
            seeded, replayed
        );
    }
}

#[test]
fn parse_replays_its_seeds() {
    replay("parse");
}

#[test]
fn resolve_replays_its_seeds() {
    replay("resolve");
}

#[test]
fn normalize_replays_its_seeds() {
    replay("normalize");
}

#[test]
fn no_panic_replays_its_seeds() {
    replay("no_panic");
}

#[test]
fn appendix_b_replays_its_seeds() {
    replay("appendix_b");
}

#[test]
fn grammar_replays_its_seeds() {
    replay("grammar");
}

#[test]
fn peers_replays_its_seeds() {
    replay("peers");
}

#[test]
fn whatwg_replays_its_seeds() {
    replay("whatwg");
}

#[test]
fn suite_replays_its_seeds() {
    replay("suite");
}

#[test]
fn baseline_replays_its_seeds() {
    replay("baseline");
}

#[test]
fn campaign_replays_its_seeds() {
    replay("campaign");
}

#[test]
fn manifest_replays_its_seeds() {
    replay("manifest");
}

#[test]
fn worker_protocol_replays_its_seeds() {
    replay("worker_protocol");
}

/// `generated` has no seed corpus; libFuzzer's first input, the empty one, goes through it.
#[test]
fn generated_runs_on_the_empty_input() {
    generated::run(&[]);
}
