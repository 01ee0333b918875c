//! The folder uridiff owns for the packages its workers take from package registries: Python
//! packages in a virtual environment at `<packages>/python` (pinned with hashes by
//! `workers/python/requirements.txt`), npm packages in `<packages>/node/node_modules` (pinned by
//! `workers/node/package-lock.json`). `workers/install.sh` fills it; nothing here installs.
//!
//! The packages live in a folder uridiff owns, not the system's site-packages or a global
//! node_modules: a worker needing a PyPI package runs with the
//! venv's own interpreter (PEP 405: "a Python interpreter run from the venv's `bin` sees the
//! venv's site-packages and not the system's"), so the system's packages can neither stand in
//! for a pinned one nor shadow it.

use std::path::PathBuf;

use super::cache::user_cache;

/// The environment variable that names the packages folder (an absolute path), overriding the
/// default `<user cache>/uridiff/packages`.
pub const PACKAGES_ENV: &str = "URIDIFF_PACKAGES";

/// The folder of the pinned packages: `$URIDIFF_PACKAGES` when set to an absolute path, else
/// `<user cache>/uridiff/packages`, where the user cache is `$XDG_CACHE_HOME` or
/// `$HOME/.cache` (the rule of [`super::cache_dir`]); `None` when neither gives an absolute
/// path. The folder need not exist.
///
/// ```
/// let dir = uridiff::subjects::external::packages_dir();
/// // On any machine with a home folder, the folder is named, whether or not it exists yet.
/// if std::env::var_os("HOME").is_some() {
///     assert!(dir.unwrap().is_absolute());
/// }
/// ```
pub fn packages_dir() -> Option<PathBuf> {
    packages_dir_from(
        std::env::var_os(PACKAGES_ENV).map(PathBuf::from),
        user_cache(),
    )
}

/// [`packages_dir`] from its two sources: the variable's value and the user cache.
fn packages_dir_from(named: Option<PathBuf>, user_cache: Option<PathBuf>) -> Option<PathBuf> {
    match named.filter(|p| p.is_absolute()) {
        Some(p) => Some(p),
        None => user_cache.map(|c| c.join("uridiff").join("packages")),
    }
}

/// The interpreter of the pinned Python packages' venv, `<packages>/python/bin/python3`.
///
/// # Errors
///
/// When there is no packages folder, or the venv's interpreter is not there (a message saying
/// which path and that `workers/install.sh` makes it).
///
/// ```
/// match uridiff::subjects::external::venv_python() {
///     Ok(python) => assert!(python.ends_with("python/bin/python3")),
///     Err(why) => assert!(why.contains("workers/install.sh"), "{why}"),
/// }
/// ```
pub fn venv_python() -> Result<PathBuf, String> {
    let dir = packages_dir().ok_or_else(|| {
        format!(
            "no folder for the Python packages (set ${PACKAGES_ENV}, $XDG_CACHE_HOME or $HOME); \
             workers/install.sh installs them there"
        )
    })?;
    let python = venv_python_in(&dir);
    if python.is_file() {
        Ok(python)
    } else {
        Err(format!(
            "the Python packages' venv is missing ({} not found; workers/install.sh installs it)",
            python.display()
        ))
    }
}

fn venv_python_in(dir: &std::path::Path) -> PathBuf {
    dir.join("python").join("bin").join("python3")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_wins_when_absolute_else_the_user_cache() {
        let cache = Some(PathBuf::from("/home/u/.cache"));
        assert_eq!(
            packages_dir_from(Some("/opt/pk".into()), cache.clone()),
            Some(PathBuf::from("/opt/pk"))
        );
        // A relative value is ignored, as the cache rule ignores a relative $XDG_CACHE_HOME.
        assert_eq!(
            packages_dir_from(Some("pk".into()), cache.clone()),
            Some(PathBuf::from("/home/u/.cache/uridiff/packages"))
        );
        assert_eq!(
            packages_dir_from(None, cache),
            Some(PathBuf::from("/home/u/.cache/uridiff/packages"))
        );
        assert_eq!(packages_dir_from(None, None), None);
    }

    #[test]
    fn the_venv_interpreter_is_under_python_bin() {
        assert_eq!(
            venv_python_in(std::path::Path::new("/p")),
            PathBuf::from("/p/python/bin/python3")
        );
    }
}
