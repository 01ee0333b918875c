//! A report folder's manifest (`uridiff::files::Manifest::parse`) on any bytes: never a panic; a
//! manifest it reads names only plain file names (never a folder, `.` or `..`, so a reader never
//! leaves the report's folder) with 64-digit hexadecimal SHA-256s, and writes and reads again to
//! the same value (uridiff writes it with the same types). And the folder check
//! (`uridiff::files::verify_folder`) over a folder holding the bytes as its manifest: never a
//! panic, and a folder it accepts has every file the manifest names at its size.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uridiff::files::{verify_folder, Manifest, MANIFEST};

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    if let Ok(m) = Manifest::parse(data) {
        for f in &m.files {
            assert!(
                !f.name.is_empty() && f.name != "." && f.name != ".." && !f.name.contains('/'),
                "{:?} is not a plain name",
                f.name
            );
            assert!(f.sha256.len() == 64 && f.sha256.bytes().all(|b| b.is_ascii_hexdigit()));
        }
        let written = serde_json::to_vec(&m).expect("writes");
        assert_eq!(Manifest::parse(&written).expect("reads back"), m);
    }
    let Ok(dir) = tempfile::tempdir() else {
        return;
    };
    if std::fs::write(dir.path().join(MANIFEST), data).is_err() {
        return;
    }
    if let Ok(m) = verify_folder(dir.path()) {
        for f in &m.files {
            let len = std::fs::metadata(dir.path().join(&f.name)).map(|m| m.len());
            assert_eq!(len.ok(), Some(f.bytes), "{}", f.name);
        }
    }
});
