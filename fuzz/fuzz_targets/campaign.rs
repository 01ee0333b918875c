//! A campaign's files on any bytes: `state.json` and each line of `findings.jsonl` read as the
//! campaign reads them never panic, and what reads back writes and reads again to the same
//! value (the campaign writes them with the same types).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uridiff::campaign::{FindingLine, State};

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    if let Ok(state) = serde_json::from_slice::<State>(data) {
        let again: State = serde_json::from_slice(&serde_json::to_vec(&state).expect("writes"))
            .expect("reads back");
        assert_eq!(again, state);
    }
    for line in data.split(|&b| b == b'\n') {
        if let Ok(f) = serde_json::from_slice::<FindingLine>(line) {
            let written = serde_json::to_vec(&f).expect("writes");
            let again: FindingLine = serde_json::from_slice(&written).expect("reads back");
            assert_eq!(again.key, f.key);
            assert_eq!(again.example, f.example);
        }
    }
});
