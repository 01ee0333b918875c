//! The integration tests, in two tiers, one module per area. The fast tier: everything that runs
//! in this process or through the `uridiff` binary with its in-process parsers (`cargo test`).
//! The end-to-end tier, built in only with the `e2e` feature (`cargo test --workspace --features
//! e2e`): what needs the workers' runtimes (Python, Node.js, Java, Go, Perl, Ruby, PHP, a C and
//! C++ compiler and their libraries, from `workers/install.sh`), a shell, or another build: the
//! shipped workers on the protocol, their reproduce lines run in each library's own language,
//! the SDKs maintainers vendor, the CI example workflows replayed step by step,
//! ClusterFuzzLite's build script and the packaged crate. A module whose runtime is missing
//! skips its tests with a note.
//!
//! One binary for both tiers: the end-to-end tests spend much of their time waiting on other
//! processes (a runtime starting, a compiler, a timeout), and in one binary the test threads
//! fill those waits with the fast tier's tests.

// The fuzz targets' `use libfuzzer_sys::fuzz_target;` names this crate, whose `fuzz_target!`
// (tests/fuzz_replay.rs) makes each target's body a function the replay calls.
extern crate self as libfuzzer_sys;
// The `arbitrary` that libfuzzer-sys re-exports (`libfuzzer_sys::arbitrary::Unstructured` in
// the `generated` target): the same crate, a dependency of uridiff.
#[allow(unused_imports)]
pub use arbitrary;

// The binary run with standard input, its outputs as text: shared by the modules below.
mod common;

// Every YAML suite under suites/, run against impl.
mod suites;
// WHATWG URL test-data files: scores, failures, malformed entries.
mod whatwg;
// Loading suites from hostile folders and files; no silent pass.
mod suite_loading;
// The uridiff command, run as a user runs it.
mod cli;
// The uridiff command run from any folder, as an installed binary: built-in suites, errors
// said once, pasteable inputs, --parser and --help that say only what is so.
mod anywhere;
// The uridiff command's inputs, outputs, options and exit codes, the same in every subcommand.
mod cli_streams;
// The uridiff command under hostile inputs and full output devices: no panic.
#[cfg(unix)]
mod cli_hostile;
// Every example of the five documents is in some suite case.
mod coverage;
// impl against the Appendix B expression and the grammar recognizer.
mod oracle;
// The differential engine: parsers, diff, report, check.
mod engine;
// The library adapters: the shared table, versions, and no crash on hostile input.
mod adapters;
// Every profile rule fires through the comparison.
mod rules;
// What one class is: one behaviour of one parser.
mod classes;
// URL-confusion classes: one per mechanism, parsers reading alike as one group.
mod confusion;
// The per-input CI gate: each kind of regression of a parser under test, and `uridiff check`.
mod gate;
// The report writers: HTML structure, Markdown tables, JUnit counts, the JSON Schema.
mod report;
// What CI systems read: SARIF (against the official schema), JUnit, the step summary, --json.
mod ci_outputs;
// The JSON Schema of each --json output, against real outputs.
mod schemas;
// Fuzzing campaigns: findings, resumption, shards, merging, promotion to suite cases.
mod fuzz_campaign;
// The researcher's loop: a campaign's report, a campaign gated on a baseline, its status line.
mod r#loop;
// The committed seed corpora through every fuzz target's body: a crash once fixed stays fixed.
mod fuzz_replay;
// Campaigns in shards: merged shards against one run, the GitHub Actions matrix replayed.
#[cfg(unix)]
mod shards;
// uridiff bench: the JSON structure and every in-process parser/operation pair (never timings).
mod bench;
#[cfg(target_os = "linux")]
mod cpu_split;
// The boundary set in the default jobs, and the input coverage of report and check.
mod boundary;
// Every file written for a user all or nothing: a full disk, a second writer, a killed report.
#[cfg(unix)]
mod writes;
// Hostile YAML suites (aliases of aliases) stop at a cap, in bounded memory.
#[cfg(unix)]
mod hostile_yaml;
// The README and the book in docs/: the set-up contract, every chapter listed, every link
// resolved, every command and suite of theirs taken by uridiff.
#[cfg(unix)]
mod docs;

// The end-to-end tier.
// The external workers: the shipped ones on a shared table, isolation with a misbehaving one.
#[cfg(feature = "e2e")]
mod external;
// Workers pipelined and concurrent, misbehaving within a window, ended with their process tree.
#[cfg(feature = "e2e")]
mod pipeline;
// A worker as a pool of processes, and spare cores given to the slowest worker.
#[cfg(feature = "e2e")]
mod pool;
// Misbehaving workers given up on after a run of failed requests; no process a worker starts
// outlives the run.
#[cfg(feature = "e2e")]
mod giving_up;
// Reproduce lines in each worker's own language, run, against what the worker reports.
#[cfg(feature = "e2e")]
mod reproduce;
// .clusterfuzzlite/build.sh run as ClusterFuzzLite runs it: every target, corpus, dictionary.
#[cfg(feature = "e2e")]
#[cfg(unix)]
mod clusterfuzzlite;
// The worker helpers maintainers vendor (Python, JavaScript) and the uridiff-worker crate.
#[cfg(feature = "e2e")]
mod worker_sdk;
// Coverage over the protocol from a Python worker, and the campaign it guides.
#[cfg(feature = "e2e")]
mod coverage_guided;
// The in-process Rust parsers' covered build: edges per parse, a guided campaign on url, and
// the subject as before without it.
#[cfg(feature = "e2e")]
mod rust_coverage;
// The CI example workflows, each run step by step against its fixture library.
#[cfg(feature = "e2e")]
mod ci_examples;
// Every printed `uridiff diff` line runs in sh as the job it was printed for.
#[cfg(feature = "e2e")]
#[cfg(unix)]
mod printed_commands;
// The released crates as crates.io would hold them, built from their packages by cargo and
// run from an empty folder.
#[cfg(feature = "e2e")]
mod package;
