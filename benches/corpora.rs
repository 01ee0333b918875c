//! Every in-process parser on the realistic corpus and on the suites' inputs: one group per
//! operation and corpus, one function per parser that has the operation (issue 10, item 3).
//!
//! `cargo bench --bench corpora -- --quick`. `resolve` resolves references made from the corpus
//! (`bench::references`) against `bench::BASE`, parsed once where the library allows it.
//! oracle-grammar (about 80 µs a URI) is left out of the 100,000-URI groups, where one pass would
//! take seconds; it is in the suites group, and `uridiff bench` measures it on the realistic
//! corpus.

use criterion::{criterion_group, criterion_main, Criterion};
use uridiff::bench::{self, OPS};
use uridiff::model::Op;

mod common;

fn realistic(c: &mut Criterion) {
    let uris = common::realistic();
    let refs = bench::references(&uris);
    for op in OPS {
        let mut group = c.benchmark_group(format!("{}/realistic", op.name()));
        let corpus = if op == Op::Resolve { &refs } else { &uris };
        for peer in bench::peers() {
            if peer.name == "oracle-grammar" {
                continue;
            }
            if let Some(run) = peer.op(op, bench::BASE) {
                common::over(&mut group, peer.name, &run, corpus);
            }
        }
        group.finish();
    }
}

fn suites(c: &mut Criterion) {
    let dir = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/suites"));
    let inputs = bench::suite_inputs(&[dir]).expect("the suites folder");
    let mut group = c.benchmark_group("parse/suites");
    for peer in bench::peers() {
        if let Some(run) = peer.op(Op::Parse, bench::BASE) {
            common::over(&mut group, peer.name, &run, &inputs);
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = realistic, suites
}
criterion_main!(benches);
