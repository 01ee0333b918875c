//! The WHATWG URL test-data reader (`uridiff::suite::whatwg`) on any bytes: never a panic, and
//! whatever it reads back is consistent (each malformed entry names an index inside the array,
//! the good entries come in file order).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    let Ok(file) = uridiff::suite::whatwg::parse_bytes("fuzz.json", data) else {
        return;
    };
    let total = file.entries.len() + file.comments + file.errors.len();
    for e in &file.errors {
        assert!(e.index < total, "{e}");
    }
    assert!(file.entries.windows(2).all(|w| w[0].index < w[1].index));
});
