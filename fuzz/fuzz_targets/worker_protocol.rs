//! The worker-protocol reader (`uridiff::subjects::external::wire_check`) on any bytes, read as
//! a worker's stdout: a handshake line, then response lines. Never a panic, time linear in the
//! input (a second for 64 KiB is far above it), at most one answer per line after the
//! handshake, and a component an accepted parse leaves out is one its handshake declared.
#![no_main]

use std::time::{Duration, Instant};

use libfuzzer_sys::fuzz_target;
use uridiff::model::{Answer, Component, Outcome};
use uridiff::subjects::external::wire_check::read_stdout;

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    let start = Instant::now();
    let read = read_stdout(data);
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(1),
        "{} bytes took {took:?}",
        data.len()
    );
    let Ok((info, answers)) = read else {
        return;
    };
    let lines = data.split(|&b| b == b'\n').count();
    assert!(
        answers.len() < lines,
        "{} answers from {lines} lines",
        answers.len()
    );
    for a in &answers {
        if let Outcome::Accepted(Answer::Parsed(p)) = a {
            for c in Component::ALL {
                // Not reported: declared and left out, so never a component with a value.
                if p.not_reported.contains(c) {
                    assert!(info.components.contains(c), "{c:?}");
                    assert_eq!(p.components.get(c), None, "{c:?}");
                }
            }
        }
    }
});
