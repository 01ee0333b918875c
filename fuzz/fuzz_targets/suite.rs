//! The YAML suite loader (`uridiff::suite::parse_bytes`) on any bytes: never a panic, an error
//! names a line and column inside the file, and a file read back whole is a suite with at least
//! one case, each of which knows its job.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uridiff::suite::SuiteError;

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    let suite = match uridiff::suite::parse_bytes("fuzz.yaml", data) {
        Ok(suite) => suite,
        Err(SuiteError::Malformed { line, column, .. }) => {
            // serde_yaml may point one line past a last line without its end of line.
            let count = data.split(|&b| b == b'\n').count();
            assert!(line >= 1 && line <= count + 1, "line {line} of {count}");
            assert!(column >= 1, "column {column}");
            return;
        }
        Err(_) => return,
    };
    assert!(!suite.file.cases.is_empty());
    for (_, case, _, edition) in uridiff::suite::cases(&suite, None) {
        let _ = case.job(edition);
        let _ = case.label();
    }
});
