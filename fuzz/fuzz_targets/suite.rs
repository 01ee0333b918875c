//! The YAML suite loader (`uridiff::suite::parse_bytes`) on any bytes: never a panic, and a file
//! read back whole is a suite with at least one case, each of which knows its job.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    let Ok(suite) = uridiff::suite::parse_bytes("fuzz.yaml", data) else {
        return;
    };
    assert!(!suite.file.cases.is_empty());
    for (_, case, _, edition) in uridiff::suite::cases(&suite, None) {
        let _ = case.job(edition);
        let _ = case.label();
    }
});
