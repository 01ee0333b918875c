//! How fast the grammar recognizer is, per edition, on three sets of inputs: the suites'
//! inputs (`corpus/uris.txt`, mostly short), 100 of them grown to 256 bytes with path
//! segments, queries and escapes, and 36 hard shapes of 256 bytes (runs of labels, colons,
//! slashes, escapes). The impl-against-grammar fuzz target is meant to run at least
//! 5,000 times a second on inputs up to 256 bytes; this bench shows the recognizer's share.
//!
//! ```sh
//! cargo bench -p uri-oracle --bench recognize             # wall-clock, 5 rounds
//! SET=long REPS=1 valgrind --tool=callgrind target/release/deps/recognize-*  # instruction counts
//! ```
//!
//! `SET` picks one set (`short`, `long`, `hard`; `none` measures only the start-up), `REPS`
//! the rounds. Instruction counts repeat exactly on a busy machine; wall-clock times do not.

use std::hint::black_box;
use std::time::Instant;

use uri_oracle::grammar::{Grammar, Reading};
use uri_oracle::EDITIONS;

fn main() {
    let text = include_str!("../../corpus/uris.txt");
    let short: Vec<Vec<u8>> = text.lines().map(|l| l.as_bytes().to_vec()).collect();
    let mut long = Vec::new();
    for base in text.lines().take(100) {
        let mut s = base.as_bytes().to_vec();
        while s.len() < 256 {
            s.extend_from_slice(b"/seg%41ment?q=1&r=2");
        }
        s.truncate(256);
        long.push(s);
    }
    let mut hard = Vec::new();
    for piece in [
        &b"a."[..],
        b"a-",
        b"1:",
        b"/",
        b"%41",
        b"::",
        b"@",
        b"../",
        b"a",
    ] {
        for prefix in [&b""[..], b"http://", b"http://[", b"//"] {
            let mut s = prefix.to_vec();
            while s.len() < 256 {
                s.extend_from_slice(piece);
            }
            s.truncate(256);
            hard.push(s);
        }
    }
    let only = std::env::var("SET").ok();
    let reps: usize = std::env::var("REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    for (name, inputs) in [("short", &short), ("long", &long), ("hard", &hard)] {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let bytes: usize = inputs.iter().map(|i| i.len()).sum();
        let mut total = 0.0;
        for e in EDITIONS {
            let Ok(g) = Grammar::for_edition(e) else {
                continue;
            };
            let t = Instant::now();
            for _ in 0..reps {
                for i in inputs.iter() {
                    let _ = black_box(g.recognize(None, black_box(i), Reading::Document));
                }
            }
            let secs = t.elapsed().as_secs_f64() / reps as f64;
            total += secs;
            println!(
                "{name:6} {e:33} {:7.1} us/input {:6.1} ns/byte",
                secs * 1e6 / inputs.len() as f64,
                secs * 1e9 / bytes as f64
            );
        }
        println!(
            "{name:6} all six editions: {:.1} us/input, {:.0} inputs/s",
            total * 1e6 / inputs.len() as f64,
            inputs.len() as f64 / total
        );
    }
}
