//! The suites shipped inside the binary: every file of `suites/` (transcribed from the documents,
//! see `suites/README.md`) as it was when uridiff was built, so that `uridiff suite`, `report` and
//! `check` run them from any folder, and an installed `uridiff` needs no source tree.
//!
//! The table is written by `build.rs` (one `include_str!` per file, in name order). A built-in
//! suite is named `<built-in>/NAME` wherever a file would be named by its path: in errors
//! (`<built-in>/rfc3986.yaml:12:3: ...`) and in case locations (`<built-in>/rfc3986.yaml#4`).

use std::path::PathBuf;

use super::{load, Suite, SuiteError};

/// The folder part of a built-in suite's name: `<built-in>/rfc3986.yaml`. No real path starts
/// with it by accident (a path would have to begin with `<`).
pub const BUILTIN_DIR: &str = "<built-in>";

/// Each built-in suite: its file name under `suites/` (`/`-separated) and its text.
///
/// ```
/// let names: Vec<&str> = uridiff::suite::BUILTIN.iter().map(|(name, _)| *name).collect();
/// assert!(names.contains(&"rfc3986.yaml"), "{names:?}");
/// ```
pub const BUILTIN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin_suites.rs"));

/// Every built-in suite, read: each named `<built-in>/NAME`, in [`BUILTIN`]'s order.
///
/// A built-in suite that does not follow the schema is an error like a file's (the tests read
/// every one, so a release never ships one).
///
/// # Errors
///
/// [`SuiteError::Malformed`] for a suite that does not follow the schema, named
/// `<built-in>/NAME:LINE:COLUMN`.
///
/// ```
/// let suites = uridiff::suite::builtin();
/// let first = suites[0].as_ref().unwrap();
/// assert!(first.path.starts_with(uridiff::suite::BUILTIN_DIR), "{}", first.path.display());
/// assert!(suites.iter().all(Result::is_ok));
/// ```
pub fn builtin() -> Vec<Result<Suite, SuiteError>> {
    BUILTIN
        .iter()
        .map(|(name, text)| load::parse_str(builtin_path(name), text))
        .collect()
}

/// The name a built-in suite goes by: `<built-in>/NAME`.
fn builtin_path(name: &str) -> PathBuf {
    PathBuf::from(format!("{BUILTIN_DIR}/{name}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table holds every suite file of the source tree, byte for byte: what the binary
    /// runs is what the folder holds (build.rs runs again whenever the folder changes).
    #[test]
    fn the_table_is_the_folder() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("suites");
        let files =
            crate::suite::collect(std::slice::from_ref(&root)).expect("suites/ is readable");
        assert_eq!(files.len(), BUILTIN.len(), "{files:?}");
        for file in files {
            let name = file
                .strip_prefix(&root)
                .expect("under suites/")
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(&file).expect("readable");
            let built = BUILTIN.iter().find(|(n, _)| *n == name);
            assert_eq!(built.map(|(_, t)| *t), Some(text.as_str()), "{name}");
        }
    }

    #[test]
    fn a_malformed_builtin_is_named_by_its_builtin_path() {
        let err = load::parse_str(builtin_path("x.yaml"), "suite: t\ncases:\n  - {op: nope}\n")
            .unwrap_err();
        assert!(err.to_string().starts_with("<built-in>/x.yaml:3:"), "{err}");
    }
}
