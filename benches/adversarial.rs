//! Every in-process parser on adversarial inputs from 1 KB to 1 MB, one group per operation and
//! shape (long paths, thousands of dot segments, long queries, runs of `%41`, long hosts and
//! userinfo, an IP-literal-like host that never closes), the input size as the parameter: time
//! per byte should stay flat as the size grows (issue 10, items 2 and 3).
//!
//! `cargo bench --bench adversarial -- --quick`; `-- parse/dot-segments` runs one group.
//! `resolve` takes the input as a reference against `bench::BASE`; `normalize` is measured on the
//! shapes where it does work (dot segments, percent-encoding, long paths).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use uridiff::bench::{self, Shape, OPS};
use uridiff::model::Op;

mod common;

fn sizes() -> &'static [usize] {
    if common::measuring() {
        &[1 << 10, 1 << 15, 1 << 20]
    } else {
        &[1 << 10]
    }
}

fn adversarial(c: &mut Criterion) {
    let peers = bench::peers();
    for op in OPS {
        for shape in Shape::ALL {
            if op != Op::Parse
                && !matches!(
                    shape,
                    Shape::DotSegments | Shape::PercentRun | Shape::LongPath
                )
            {
                continue;
            }
            let mut group = c.benchmark_group(format!("{}/{}", op.name(), shape.name()));
            for &len in sizes() {
                let input = shape.input(len);
                group.throughput(Throughput::Bytes(len as u64));
                for peer in &peers {
                    if let Some(run) = peer.op(op, bench::BASE) {
                        group.bench_with_input(
                            BenchmarkId::new(peer.name, len),
                            &input,
                            |b, input| b.iter(|| run(black_box(input))),
                        );
                    }
                }
            }
            group.finish();
        }
    }
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = adversarial
}
criterion_main!(benches);
