//! The CI gate's baseline reader (`uridiff::report::baseline::read_bytes`) on any bytes: never a
//! panic; an error names a line of the file; every key it reads is a line of the text, named by
//! its line number.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    let count = data.split(|&b| b == b'\n').count();
    let keys = match uridiff::report::baseline::read_bytes(data) {
        Ok(keys) => keys,
        Err(e) => {
            assert!(e.line >= 1 && e.line <= count, "{e} of {count} lines");
            return;
        }
    };
    let text = std::str::from_utf8(data).expect("only UTF-8 reads");
    let lines: Vec<&str> = text.lines().collect();
    for (key, line) in keys {
        assert!(line >= 1 && line <= lines.len(), "{key:?} at {line}");
        assert!(lines[line - 1].contains(key.as_str()), "{key:?} at {line}");
    }
});
