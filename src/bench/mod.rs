//! Speed: every in-process parser measured side by side, for the criterion benches in
//! `benches/` and for `uridiff bench`, and the harness's own speed (`uridiff bench --harness`).
//!
//! The folder holds peers, measurement and writers:
//!
//! - [`peers`](mod@peers): each in-process library called directly through its own entry
//!   points, which its adapter provides ([`crate::subjects::Subject::direct`]), so that the one
//!   list of parsers is also the list of libraries measured;
//! - `inputs`: the references, adversarial shapes and suite inputs the benches run on;
//! - `measure`: the interleaved rounds ([`measure()`]), the engine's throughput
//!   ([`engine_throughput`]) and an external worker persistent against one process per input
//!   ([`external_speedup`]);
//! - [`harness`](mod@harness): a report run and fuzz campaigns timed end to end;
//! - `writers`: the table, `bench.md` and the chart, generic over [`std::io::Write`].

pub mod harness;
mod inputs;
mod measure;
pub mod peers;
mod writers;

pub use self::harness::{
    harness, CpuShare, FuzzRun, Harness, HarnessConfig, HarnessError, ReportRun,
};
pub use self::inputs::{references, suite_inputs, Shape};
pub use self::measure::{
    engine_throughput, external_speedup, measure, Config, CorpusInfo, EngineThroughput,
    ExternalSpeedup, Figure, Machine, Measurement, Unavailable,
};
pub use self::peers::peers;
pub use self::writers::{write_markdown, write_svg, write_table, BenchReport};
pub use crate::subjects::direct::{
    keep, keep_ok, text, MakeResolve, MakeRun, Peer, Run, BASE, OPS,
};
