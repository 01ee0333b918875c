//! Every in-process subject against impl on the fuzzer's input, through the engine (the peers
//! target): discrepancies are what uridiff is for, so they are recorded, not
//! crashed on. Each new signature is printed once, with the input that first showed it. The
//! target crashes only when a parser crashed (a panic inside a subject).
#![no_main]

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

use libfuzzer_sys::fuzz_target;
use uridiff::engine::{Engine, Task};
use uridiff::model::Outcome;

/// The engine over every in-process subject, built once.
fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| Engine::new(uridiff::subjects::in_process()))
}

/// The signatures seen so far in this process.
fn seen() -> &'static Mutex<HashSet<String>> {
    static SEEN: OnceLock<Mutex<HashSet<String>>> = OnceLock::new();
    SEEN.get_or_init(|| Mutex::new(HashSet::new()))
}

fuzz_target!(|data: &[u8]| {
    // The generators' longest input; longer ones only cost time.
    if data.len() > 1024 {
        return;
    }
    let engine = engine();
    let row = engine.run_one(&Task::parse(data.to_vec(), "fuzz"));
    for (subject, outcome) in engine.subjects().iter().zip(&row.outcomes) {
        if let Outcome::Crashed(crash) = outcome {
            panic!("{} crashed: {crash:?}", subject.info().name);
        }
    }
    let mut seen = seen()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for finding in engine.findings(&row) {
        let key = finding.signature.key();
        if seen.insert(key.clone()) {
            eprintln!(
                "peers: new signature #{}: {key}: {}",
                seen.len(),
                uridiff::text::show(data)
            );
        }
    }
});
