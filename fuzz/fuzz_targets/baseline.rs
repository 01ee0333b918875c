//! The CI gate's baseline reader (`uridiff::gate::file::read`) on any text: never a panic; an
//! error names a line of the file and a column of that line (1-based, at most one past its end);
//! a baseline it reads lists only jobs of parsers its header names, each at a line of the file.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines: Vec<&str> = text.lines().collect();
    match uridiff::gate::file::read(text) {
        Ok(baseline) => {
            for ((subject, _), entry) in &baseline.entries {
                assert!(
                    baseline.header.parsers.iter().any(|p| &p.name == subject),
                    "{subject} is not in the header"
                );
                assert!(entry.line >= 1 && entry.line <= lines.len(), "line {}", entry.line);
            }
        }
        Err(e) => {
            assert!(e.line >= 1 && e.line <= lines.len().max(1), "{e} of {} lines", lines.len());
            let width = lines.get(e.line - 1).map_or(0, |l| l.chars().count());
            assert!(e.column >= 1 && e.column <= width + 1, "{e}: line of {width}");
        }
    }
});
