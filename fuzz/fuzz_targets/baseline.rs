//! The CI gate's baseline reader (`uridiff::report::baseline::read`) on any text: never a panic,
//! and every key it reads is a line of the text, named by its line number.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(keys) = uridiff::report::baseline::read(text) else {
        return;
    };
    let lines: Vec<&str> = text.lines().collect();
    for (key, line) in keys {
        assert!(line >= 1 && line <= lines.len(), "{key:?} at {line}");
        assert!(lines[line - 1].contains(key.as_str()), "{key:?} at {line}");
    }
});
