//! The end-to-end tier of the integration tests: what needs the workers' runtimes (Python,
//! Node.js, Java, Go, Perl, Ruby, PHP, a C and C++ compiler and their libraries, from
//! `workers/install.sh`), a shell, or another build: the shipped workers on the protocol, their
//! reproduce lines run in each library's own language, the SDKs maintainers vendor, the CI
//! example workflows replayed step by step, and ClusterFuzzLite's build script. A module whose
//! runtime is missing skips its tests with a note, as before.
//!
//! Built only with the `e2e` feature: `cargo test` runs the fast tier, `cargo test --workspace
//! --features e2e` both (the command `.ci/run` runs).

// The binary run with standard input, its outputs as text: shared with the fast tier, of which
// this tier uses a part.
#[allow(dead_code)]
mod common;

// The external workers: the shipped ones on a shared table, isolation with a misbehaving one.
mod external;
// Workers pipelined and concurrent, misbehaving within a window, ended with their process tree.
mod pipeline;
// Misbehaving workers given up on after a run of failed requests; no process a worker starts
// outlives the run.
mod giving_up;
// Reproduce lines in each worker's own language, run, against what the worker reports.
mod reproduce;
// .clusterfuzzlite/build.sh run as ClusterFuzzLite runs it: every target, corpus, dictionary.
#[cfg(unix)]
mod clusterfuzzlite;
// The worker helpers maintainers vendor (Python, JavaScript) and the uridiff-worker crate.
mod worker_sdk;
// Coverage over the protocol from a Python worker, and the campaign it guides.
mod coverage_guided;
// The CI example workflows, each run step by step against its fixture library.
mod ci_examples;
// Every printed `uridiff diff` line runs in sh as the job it was printed for.
#[cfg(unix)]
mod printed_commands;
