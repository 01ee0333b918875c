//! The cache directory of the shipped workers' sources and built binaries: the user's own cache
//! folder, checked to be this user's and written with no link followed, or a folder of a random
//! name made for the process: another user could otherwise plant the sources or binaries run.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::parsers::Card;

/// The cache directory holding the shipped workers' sources (and built binaries):
/// `<user cache>/uridiff/workers-<version>-<hash of the sources>`, where the user cache is
/// `$XDG_CACHE_HOME` or `$HOME/.cache`, written at first use; where there is no such folder, or
/// it is not this user's own (a link, another owner, writable by others), a folder of a random
/// name created for this process in the system's temporary folder.
///
/// Nothing is ever opened for writing in a folder uridiff did not check or create: a worker's
/// source is written to a temporary of a random name created exclusively beside it and renamed
/// into place, so another local user can neither plant a link nor disable or replace a worker.
///
/// # Errors
///
/// When no folder can be created or written.
pub fn cache_dir() -> Result<&'static Path, String> {
    static DIR: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    DIR.get_or_init(make_cache_dir)
        .as_ref()
        .map(PathBuf::as_path)
        .map_err(Clone::clone)
}

pub(super) fn make_cache_dir() -> Result<PathBuf, String> {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for file in files() {
        file.hash(&mut hasher);
    }
    let name = format!(
        "workers-{}-{:016x}",
        env!("CARGO_PKG_VERSION"),
        hasher.finish()
    );
    if let Some(root) = user_cache() {
        let dir = root.join("uridiff").join(&name);
        if std::fs::create_dir_all(&dir).is_ok()
            && own_private_dir(&dir)
            && let Ok(()) = write_sources(&dir)
        {
            return Ok(dir);
        }
    }
    // No user cache of ours: a folder of a random name, created for this process alone.
    let dir = tempfile::Builder::new()
        .prefix("uridiff-workers-")
        .tempdir()
        .map_err(|e| format!("cannot create a folder for the workers: {e}"))?
        .keep();
    write_sources(&dir)?;
    Ok(dir)
}

/// The user's cache folder: `$XDG_CACHE_HOME`, else `$HOME/.cache` (each only when absolute, as
/// the XDG Base Directory Specification asks: "If an implementation encounters a relative path
/// in any of these variables it should consider the path invalid and ignore it").
pub(super) fn user_cache() -> Option<PathBuf> {
    std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME")
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
                .map(|h| h.join(".cache"))
        })
}

/// The files every shipped worker of a language shares, written beside the workers in the
/// cache under the same relative paths as in `workers/`, so a worker finds them the same way in
/// the repository and in the cache: the protocol's side of a worker, once per language, which is
/// also what a library's maintainer vendors (`workers/sdk/`).
///
/// ```
/// let (path, source) = uridiff::subjects::external::SUPPORT[0];
/// assert!(path.starts_with("sdk/") && source.contains("uridiff-worker/1"));
/// ```
pub const SUPPORT: &[(&str, &str)] = &[
    (
        "sdk/uridiff_worker.js",
        include_str!("../../../workers/sdk/uridiff_worker.js"),
    ),
    (
        "sdk/uridiff_worker.py",
        include_str!("../../../workers/sdk/uridiff_worker.py"),
    ),
    (
        "sdk/uridiff_worker.h",
        include_str!("../../../workers/sdk/uridiff_worker.h"),
    ),
    // The Ruby workers' coverage (workers/README.md, "Coverage").
    (
        "sdk/uridiff_coverage.rb",
        include_str!("../../../workers/sdk/uridiff_coverage.rb"),
    ),
    // The Ruby workers' reading and writing of the protocol's lines.
    (
        "sdk/uridiff_lines.rb",
        include_str!("../../../workers/sdk/uridiff_lines.rb"),
    ),
    // The Perl workers' reading and writing of the protocol's lines.
    (
        "sdk/UridiffLines.pm",
        include_str!("../../../workers/sdk/UridiffLines.pm"),
    ),
];

/// Every file the cache holds: (path relative to it, contents): each shipped worker's source,
/// the support files they share, and the sources of the in-process parsers' covered build
/// (`subjects::covered`).
fn files() -> impl Iterator<Item = (&'static str, &'static str)> {
    crate::parsers::workers()
        .filter_map(Card::worker)
        .map(|w| (w.file, w.source))
        .chain(SUPPORT.iter().copied())
        .chain(crate::subjects::covered::sources())
}

/// Writes each shipped worker's source and support file into `dir` (a folder checked to be
/// this user's own) where it is not there already, through an exclusive temporary renamed into
/// place; a file's subfolders are created and checked the same way, outermost first.
fn write_sources(dir: &Path) -> Result<(), String> {
    for (file, source) in files() {
        let path = dir.join(file);
        let folder = path.parent().unwrap_or(dir);
        let fail = |what: &str, e: io::Error| format!("cannot {what} {}: {e}", folder.display());
        let mut below: Vec<&Path> = folder
            .ancestors()
            .take_while(|a| *a != dir && a.starts_with(dir))
            .collect();
        below.reverse();
        for sub in below {
            match std::fs::create_dir(sub) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(fail("create", e)),
            }
            if !own_private_dir(sub) {
                return Err(format!(
                    "{} is not a private folder of this user's: remove it",
                    sub.display()
                ));
            }
        }
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_file())
            && std::fs::read(&path).is_ok_and(|have| have == source.as_bytes())
        {
            continue;
        }
        let mut tmp = tempfile::Builder::new()
            .prefix(".partial.")
            .tempfile_in(folder)
            .map_err(|e| fail("write into", e))?;
        tmp.write_all(source.as_bytes())
            .map_err(|e| fail("write into", e))?;
        tmp.persist(&path)
            .map_err(|e| fail("write into", e.error))?;
    }
    Ok(())
}

/// Whether `dir` is a folder (not a link to one) of this user's, writable by nobody else: its
/// owner is the owner of a file this process creates in it (exclusively, no link followed).
#[cfg(unix)]
fn own_private_dir(dir: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::symlink_metadata(dir) else {
        return false;
    };
    if !meta.file_type().is_dir() {
        return false;
    }
    let Ok(probe) = tempfile::Builder::new().prefix(".owner.").tempfile_in(dir) else {
        return false;
    };
    let Ok(mine) = probe.as_file().metadata().map(|m| m.uid()) else {
        return false;
    };
    if meta.uid() != mine {
        return false;
    }
    // Ours: make it private if it is not (a folder made by create_dir_all has the umask's mode).
    meta.mode() & 0o022 == 0 || private(dir).is_ok()
}

#[cfg(not(unix))]
fn own_private_dir(dir: &Path) -> bool {
    dir.is_dir()
}

#[cfg(unix)]
fn private(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
}
