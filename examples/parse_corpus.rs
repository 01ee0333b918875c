//! Parses the realistic corpus with one named parser: the program `reports/callgrind.md` runs
//! under `valgrind --tool=callgrind` to count instructions, which noise cannot move (issue 10,
//! item 5).
//!
//! ```text
//! cargo build --release --example parse_corpus
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/parse_corpus impl 100000
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/parse_corpus impl 0
//! ```
//!
//! Arguments: the parser (a name from `uridiff parsers`; in-process only), the number of URIs
//! (default 100,000), and optionally the operation (`parse`, `resolve` or `normalize`; default
//! `parse`). The corpus is generated before the parser is called either way, so a run with the
//! same count and the parser `none` gives the baseline to subtract: Ir(parser) - Ir(none) is the
//! parser's own count.

use std::hint::black_box;
use std::process::ExitCode;

use uridiff::bench;
use uridiff::model::Op;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first() else {
        eprintln!("usage: parse_corpus PARSER [COUNT] [parse|resolve|normalize]");
        return ExitCode::from(2);
    };
    let count: usize = match args.get(1).map(|s| s.parse()) {
        None => 100_000,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!("COUNT must be a number");
            return ExitCode::from(2);
        }
    };
    let op = match args.get(2).map(String::as_str) {
        None | Some("parse") => Op::Parse,
        Some("resolve") => Op::Resolve,
        Some("normalize") => Op::Normalize,
        Some(other) => {
            eprintln!("unknown operation {other}");
            return ExitCode::from(2);
        }
    };
    let uris = uridiff::generate::realistic(1, count);
    let corpus = if op == Op::Resolve {
        bench::references(&uris)
    } else {
        uris
    };
    if name == "none" {
        black_box(&corpus);
        return ExitCode::SUCCESS;
    }
    let peers = bench::peers();
    let Some(peer) = peers.iter().find(|p| p.name == name) else {
        let names: Vec<&str> = peers.iter().map(|p| p.name).collect();
        eprintln!(
            "unknown parser {name}; in-process parsers: {}",
            names.join(", ")
        );
        return ExitCode::from(2);
    };
    let Some(run) = peer.op(op, bench::BASE) else {
        eprintln!("{name} has no {op}");
        return ExitCode::from(2);
    };
    let accepted = corpus.iter().filter(|i| run(black_box(i))).count();
    println!("{name} {op}: {accepted} of {} accepted", corpus.len());
    ExitCode::SUCCESS
}
