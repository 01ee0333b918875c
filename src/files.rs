//! Reading the files a user hands uridiff (suites, WHATWG test data, baselines, campaign state
//! and findings): only regular files, and never more than a stated limit. A FIFO, a device, a
//! socket or a folder is refused before it is opened, naming what was found (opening a FIFO
//! would block for ever, reading `/dev/zero` would never end), and a file over the limit is
//! refused with its size rather than read whole.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// A file that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Not a regular file.
    #[error("{path}: {what}, not a regular file (give a file)")]
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is (`a FIFO`, `a character device`, `a folder`, ...).
        what: &'static str,
    },
    /// Larger than the limit.
    #[error("{path}: {bytes} bytes, more than the {limit} this file may have")]
    TooLarge {
        /// The path.
        path: PathBuf,
        /// Its size.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// The I/O error (the message is the path; the cause is the error's source, shown once after it by
    /// `{:#}` or [`crate::files::Causes`]).
    #[error("{path}")]
    Io {
        /// The path.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
}

/// An error and its causes (each [`std::error::Error::source`]), `: `-separated, as anyhow's
/// `{:#}` shows a chain: for the messages printed without anyhow. An error's own message never
/// repeats its cause (the cause is its source), so each cause appears once.
///
/// ```
/// use uridiff::files::{read_limited, Causes};
/// let err = read_limited("no/such/file".as_ref(), 10).unwrap_err();
/// let shown = Causes(&err).to_string();
/// assert!(shown.starts_with("no/such/file: "), "{shown}");
/// let cause = std::fs::metadata("no/such/file").unwrap_err().to_string();
/// assert_eq!(shown.matches(&cause).count(), 1, "{shown}");
/// ```
pub struct Causes<'a>(pub &'a dyn std::error::Error);

impl std::fmt::Display for Causes<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)?;
        let mut next = self.0.source();
        while let Some(e) = next {
            write!(f, ": {e}")?;
            next = e.source();
        }
        Ok(())
    }
}

/// What a file type is, in words, when it is not a regular file.
fn kind(t: fs::FileType) -> Option<&'static str> {
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO");
        }
        if t.is_char_device() {
            return Some("a character device");
        }
        if t.is_block_device() {
            return Some("a block device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

/// The bytes of the regular file at `path` (a link is followed to what it names), at most
/// `limit` of them.
///
/// # Errors
///
/// [`ReadError`]: not a regular file, larger than `limit`, or the I/O error.
///
/// ```
/// use uridiff::files::{read_limited, ReadError};
/// let err = read_limited("/dev/null".as_ref(), 10).unwrap_err();
/// assert!(matches!(err, ReadError::NotRegular { what: "a character device", .. }), "{err}");
/// assert!(read_limited("Cargo.toml".as_ref(), 1 << 20).unwrap().starts_with(b"[package]"));
/// assert!(matches!(read_limited("Cargo.toml".as_ref(), 5), Err(ReadError::TooLarge { .. })));
/// ```
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let io = |source| ReadError::Io {
        path: path.to_owned(),
        source,
    };
    let meta = fs::metadata(path).map_err(io)?;
    if let Some(what) = kind(meta.file_type()) {
        return Err(ReadError::NotRegular {
            path: path.to_owned(),
            what,
        });
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge {
            path: path.to_owned(),
            bytes: meta.len(),
            limit,
        });
    }
    let file = fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    // One byte past the limit: a file that grew since its size was read is still caught.
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            path: path.to_owned(),
            bytes: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// [`read_limited`], with a file that does not exist read as `None` (a campaign's state or
/// findings before its first run).
///
/// # Errors
///
/// As [`read_limited`], but for a missing file.
///
/// ```
/// assert!(uridiff::files::read_if_present("no/such/file".as_ref(), 10).unwrap().is_none());
/// ```
pub fn read_if_present(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, ReadError> {
    match read_limited(path, limit) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(ReadError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().expect("a folder");
        let fifo = dir.path().join("suite.yaml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        if !made {
            eprintln!("note: no mkfifo here");
            return;
        }
        let err = read_limited(&fifo, 100).unwrap_err();
        assert!(
            matches!(err, ReadError::NotRegular { what: "a FIFO", .. }),
            "{err}"
        );
        assert!(
            err.to_string()
                .contains("suite.yaml: a FIFO, not a regular file"),
            "{err}"
        );
        let err = read_limited(dir.path(), 100).unwrap_err();
        assert!(
            matches!(
                err,
                ReadError::NotRegular {
                    what: "a folder",
                    ..
                }
            ),
            "{err}"
        );
    }
}
