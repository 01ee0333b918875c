//! What the bench targets share: the criterion settings, the corpora and the loop over one
//! corpus (issue 10, item 3).

// Each bench target uses its own part of this module.
#![allow(dead_code)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, Throughput};
use uridiff::bench::Run;

/// Whether criterion was started by `cargo bench` (it passes `--bench`); under `cargo test
/// --benches` each routine runs once, so the corpora shrink to keep that fast.
pub fn measuring() -> bool {
    std::env::args().any(|a| a == "--bench")
}

/// Few samples and short windows: every target finishes in minutes on two cores with
/// `-- --quick`, and in well under half an hour without it.
pub fn criterion() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .configure_from_args()
}

/// The realistic corpus: 100,000 URIs from `generate::realistic`, seed 1 (100 under `cargo test`).
pub fn realistic() -> Vec<Vec<u8>> {
    uridiff::generate::realistic(1, if measuring() { 100_000 } else { 100 })
}

/// Total length in bytes.
pub fn bytes(corpus: &[Vec<u8>]) -> u64 {
    corpus.iter().map(|i| i.len() as u64).sum()
}

/// One benchmark function: `run` over every input of `corpus`.
pub fn over<M: criterion::measurement::Measurement>(
    group: &mut BenchmarkGroup<'_, M>,
    id: impl Into<String>,
    run: &Run<'_>,
    corpus: &[Vec<u8>],
) {
    group.throughput(Throughput::Bytes(bytes(corpus)));
    group.bench_function(id.into(), |b| {
        b.iter(|| {
            for input in corpus {
                black_box(run(black_box(input)));
            }
        })
    });
}
