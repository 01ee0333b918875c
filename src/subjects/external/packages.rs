//! The folder uridiff owns for the packages its shipped workers call from a registry (npm's,
//! PyPI's), installed by `workers/install.sh` from the pins in `workers/node/` and
//! `workers/python/`, never into the system's site-packages or a global `node_modules`.
//!
//! This is the JavaScript helper's minimal copy of the packages contract's function, so that the
//! Node.js workers can be tested on this branch; the Python helper writes the module proper.

use std::path::PathBuf;

/// The packages folder: `$URIDIFF_PACKAGES` when it is set to an absolute path, else
/// `<user cache>/uridiff/packages`, where the user cache is `$XDG_CACHE_HOME` or `$HOME/.cache`
/// (absolute paths only, as for [`super::cache_dir`]); `None` when none of these is set.
/// npm packages live in `<packages>/node/node_modules`.
///
/// ```
/// if let Some(dir) = uridiff::subjects::external::packages_dir() {
///     assert!(dir.is_absolute());
/// }
/// ```
pub fn packages_dir() -> Option<PathBuf> {
    let absolute = |v: &str| {
        std::env::var_os(v)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    if let Some(dir) = absolute("URIDIFF_PACKAGES") {
        return Some(dir);
    }
    absolute("XDG_CACHE_HOME")
        .or_else(|| absolute("HOME").map(|h| h.join(".cache")))
        .map(|cache| cache.join("uridiff").join("packages"))
}
