//! The files uridiff reads and writes for a user.
//!
//! Reading (suites, WHATWG test data, baselines, campaign state and findings): only regular
//! files, and never more than a stated limit. A FIFO, a device, a socket or a folder is refused
//! before it is opened, naming what was found (opening a FIFO would block for ever, reading
//! `/dev/zero` would never end), and a file over the limit is refused with its size rather than
//! read whole.
//!
//! Writing (report folders, baselines, suites written by `promote`, SARIF, JUnit, summaries,
//! bench outputs, campaign state): all or nothing. Every file is written to a temporary file of a
//! random name created exclusively in the same folder, synced, then renamed over its target, and
//! the folder synced ([`write_atomic`], or [`Pending`] and [`Staged`] in steps). POSIX `rename`
//! replaces its target atomically and `fsync` returns once the data is on stable storage: a full
//! disk, a killed process or a crash leaves the previous file or the new one, never a cut-off or
//! empty one. A link at a path the user named is followed (the file it names is replaced, the
//! link kept); a campaign's state replaces a link, never writing through one planted there. A
//! device, a FIFO, a socket or a path under `/dev` or `/proc` (`--sarif /dev/stdout`) has
//! nothing to replace: it is written as a stream. A folder is refused before anything is
//! written.
//!
//! A folder of files written together (the report's) is one set: [`Folder`] holds the folder's
//! lock (a second writer is refused at once), writes every file aside first, and names the run
//! the files belong to in a manifest ([`MANIFEST`]) written last, with each file's size and
//! SHA-256; [`verify_folder`] checks a folder against it. The folder is not swapped whole: it may
//! be a mount point (which cannot be renamed) or hold the user's other files.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

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

/// A file that could not be written, or a folder that could not be taken for writing. Whatever
/// was at the target before is left as it was.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The I/O error (the message is the path; the cause is the error's source).
    #[error("{path}: not written (a file already there is left as it was)")]
    Io {
        /// The path.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// Another process holds the folder's lock.
    #[error(
        "{path}: another uridiff is writing this folder (wait for it to end, or give another folder)"
    )]
    Locked {
        /// The folder.
        path: PathBuf,
    },
}

/// The folder a file is written in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Syncs a folder, so that a rename in it is on stable storage (POSIX `fsync` on the folder's
/// descriptor). A file system that cannot sync a folder (`EINVAL`) has nothing more to offer.
fn sync_folder(dir: &Path) -> io::Result<()> {
    match File::open(dir).and_then(|d| d.sync_all()) {
        Err(e) if e.kind() == io::ErrorKind::InvalidInput => Ok(()),
        other => other,
    }
}

/// Where a write goes, once the target path is looked at.
enum Sink {
    /// A temporary file, renamed over `to` once written whole.
    Temp {
        tmp: tempfile::NamedTempFile,
        to: PathBuf,
    },
    /// A device, a FIFO or a socket (`--sarif /dev/stdout`, a pipe): nothing to replace, so
    /// written as a stream.
    Stream(File),
}

/// How a link at the target is taken.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Links {
    /// Followed to what it names, as `open(2)` does: the file named by the user's path
    /// (`--sarif out.sarif`, a suite kept as a link) is the one replaced.
    Follow,
    /// Replaced by the new file, never written through: for files in a folder others may plant
    /// links in (a campaign's state).
    Replace,
}

/// The error of a target that is a folder.
fn a_folder() -> io::Error {
    io::Error::new(io::ErrorKind::IsADirectory, "a folder, not a file")
}

/// A temporary file beside its target, created before its content is known (so that a path that
/// cannot be written fails before the work that makes the content), and removed if dropped. A
/// target that is a device, a FIFO or a socket is opened instead and written as a stream.
pub struct Pending {
    sink: Sink,
    path: PathBuf,
}

impl Pending {
    /// Creates the temporary file beside `path` (beside the file a link at `path` names), with
    /// the permissions of the file there when there is one (else those a new file gets: 0666
    /// less the umask).
    ///
    /// # Errors
    ///
    /// [`WriteError::Io`]: `path` is a folder, or its folder does not exist or cannot be
    /// written.
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("out.txt");
    /// let pending = uridiff::files::Pending::create(&path).unwrap();
    /// pending.fill(b"whole\n").unwrap().commit().unwrap();
    /// assert_eq!(std::fs::read(&path).unwrap(), b"whole\n");
    /// assert!(uridiff::files::Pending::create(dir.path()).is_err(), "a folder");
    /// ```
    pub fn create(path: &Path) -> Result<Pending, WriteError> {
        Pending::create_with(path, Links::Follow)
    }

    fn create_with(path: &Path, links: Links) -> Result<Pending, WriteError> {
        let io = |source| WriteError::Io {
            path: path.to_owned(),
            source,
        };
        let stream = || {
            // Appended: a descriptor shared with standard output keeps what is written to it.
            fs::OpenOptions::new()
                .append(true)
                .open(path)
                .map(|f| Pending {
                    sink: Sink::Stream(f),
                    path: path.to_owned(),
                })
                .map_err(io)
        };
        // `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N` name an open descriptor, even when it
        // leads to a regular file (`> out.txt`): replacing that file would drop what else the
        // descriptor was given.
        if path.starts_with("/dev") || path.starts_with("/proc") {
            return stream();
        }
        let mut to = path.to_owned();
        match fs::symlink_metadata(path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(io(e)),
            Ok(m) if m.is_dir() => return Err(io(a_folder())),
            Ok(m) if m.file_type().is_symlink() => match fs::metadata(path) {
                // A dangling link: replaced by the new file.
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(io(e)),
                Ok(t) if t.is_dir() => return Err(io(a_folder())),
                Ok(t) if !t.is_file() => return stream(),
                Ok(_) if links == Links::Follow => to = fs::canonicalize(path).map_err(io)?,
                Ok(_) => {}
            },
            Ok(m) if !m.is_file() => return stream(),
            Ok(_) => {}
        }
        let name = to
            .file_name()
            .map_or_else(|| "out".into(), |n| n.to_string_lossy());
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(TEMP_SUFFIX);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        // Created with O_CREAT | O_EXCL (tempfile), so a link planted in the folder is never
        // followed.
        let tmp = builder.tempfile_in(folder_of(&to)).map_err(io)?;
        if let Ok(meta) = fs::symlink_metadata(&to)
            && meta.is_file()
        {
            fs::set_permissions(tmp.path(), meta.permissions()).map_err(io)?;
        }
        Ok(Pending {
            sink: Sink::Temp { tmp, to },
            path: path.to_owned(),
        })
    }

    /// The target's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` to the temporary file and syncs it.
    ///
    /// # Errors
    ///
    /// [`WriteError::Io`] naming the target: the disk is full, the file too large, ...
    pub fn fill(self, bytes: &[u8]) -> Result<Staged, WriteError> {
        self.fill_with(|f| f.write_all(bytes))
    }

    /// Writes by `fill` (a test injects its write error here), then syncs.
    fn fill_with(
        mut self,
        fill: impl FnOnce(&mut File) -> io::Result<()>,
    ) -> Result<Staged, WriteError> {
        let done = match &mut self.sink {
            // A full disk may show only when the data is flushed: `sync_all` is part of the
            // write.
            Sink::Temp { tmp, .. } => {
                let file = tmp.as_file_mut();
                fill(file).and_then(|()| file.sync_all())
            }
            Sink::Stream(file) => fill(file).and_then(|()| file.flush()),
        };
        match done {
            Ok(()) => Ok(Staged {
                sink: self.sink,
                path: self.path,
            }),
            Err(source) => Err(WriteError::Io {
                path: self.path,
                source,
            }),
        }
    }
}

/// A temporary file written whole and synced, waiting to be renamed over its target (removed if
/// dropped).
pub struct Staged {
    sink: Sink,
    path: PathBuf,
}

impl Staged {
    /// Renames the file over its target and syncs the folder; returns the target's path.
    ///
    /// # Errors
    ///
    /// [`WriteError::Io`] naming the target.
    pub fn commit(self) -> Result<PathBuf, WriteError> {
        let Staged { sink, path } = self;
        let Sink::Temp { tmp, to } = sink else {
            return Ok(path);
        };
        let io = |source| WriteError::Io {
            path: path.clone(),
            source,
        };
        tmp.persist(&to).map_err(|e| io(e.error))?;
        sync_folder(folder_of(&to)).map_err(io)?;
        Ok(path)
    }
}

/// The end of every temporary file's name, so that a run killed before its rename leaves files
/// that the next run on the folder knows as its own.
const TEMP_SUFFIX: &str = ".uridiff-tmp";

/// Writes `bytes` to `path` all or nothing: a temporary file in the same folder, synced, renamed
/// over `path`. A link at `path` is followed: the file it names is the one replaced. A device, a
/// FIFO or a socket at `path` is written as a stream (there is nothing to replace).
///
/// # Errors
///
/// [`WriteError::Io`] naming `path`; the file at `path`, if any, is unchanged.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("baseline.txt");
/// uridiff::files::write_atomic(&path, b"old\n").unwrap();
/// uridiff::files::write_atomic(&path, b"new\n").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"new\n");
/// let err = uridiff::files::write_atomic(&dir.path().join("no/such/folder/x"), b"").unwrap_err();
/// assert!(err.to_string().contains("no/such/folder/x: not written"), "{err}");
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    Pending::create(path)?.fill(bytes)?.commit().map(drop)
}

/// [`write_atomic`], but a link at `path` is replaced, never written through: for a file in a
/// folder where others may plant links (a campaign's state).
///
/// # Errors
///
/// As [`write_atomic`].
pub fn write_atomic_replacing_links(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    Pending::create_with(path, Links::Replace)?
        .fill(bytes)?
        .commit()
        .map(drop)
}

/// An exclusive lock on the folder itself (an advisory `flock` on its own descriptor: no file is
/// created, so no link can be planted for it), held while the returned file lives.
///
/// # Errors
///
/// [`WriteError::Locked`] when another process holds it; [`WriteError::Io`] when the folder
/// cannot be opened.
pub fn lock_folder(dir: &Path) -> Result<File, WriteError> {
    let io = |source| WriteError::Io {
        path: dir.to_owned(),
        source,
    };
    let handle = File::open(dir).map_err(io)?;
    match handle.try_lock() {
        Ok(()) => Ok(handle),
        Err(fs::TryLockError::WouldBlock) => Err(WriteError::Locked {
            path: dir.to_owned(),
        }),
        Err(fs::TryLockError::Error(e)) => Err(io(e)),
    }
}

/// The name of a report folder's manifest: the run its files belong to, each with its size and
/// SHA-256 (`schemas/manifest.schema.json`).
pub const MANIFEST: &str = "uridiff-manifest.json";

/// Version of the manifest format.
pub const MANIFEST_SCHEMA: u32 = 1;

/// The largest manifest read, in bytes (one line per file of a report folder).
pub const MAX_MANIFEST_BYTES: u64 = 1 << 20;

/// A report folder's manifest: which run wrote which files.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Manifest {
    /// [`MANIFEST_SCHEMA`].
    pub schema: u32,
    /// The uridiff that wrote the folder (`uridiff 0.1.0`).
    pub tool: String,
    /// The run the files belong to: a name no other run takes.
    pub run: String,
    /// The files, in the order written.
    pub files: Vec<ManifestFile>,
}

/// One file of a [`Manifest`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ManifestFile {
    /// Its name in the folder (a plain name: no folder, not `.` or `..`).
    pub name: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// The SHA-256 of its bytes, in lower-case hexadecimal.
    pub sha256: String,
}

/// A report folder that is not one whole set of files.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    /// No manifest: the report is being written, or its writing was cut off.
    #[error(
        "{dir}: no {MANIFEST}: the report is being written, or its writing was cut off (run it again)"
    )]
    NoManifest {
        /// The folder.
        dir: PathBuf,
    },
    /// The manifest could not be read.
    #[error("{dir}/{MANIFEST}: {message}")]
    BadManifest {
        /// The folder.
        dir: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A file is not the one the manifest names: another run's, or cut off.
    #[error(
        "{dir}/{name}: not the file run {run} wrote ({why}): the folder mixes runs (run it again)"
    )]
    Mixed {
        /// The folder.
        dir: PathBuf,
        /// The file.
        name: String,
        /// The manifest's run.
        run: String,
        /// What differs.
        why: String,
    },
    /// A file could not be read.
    #[error(transparent)]
    Read(#[from] ReadError),
}

/// Lower-case hexadecimal SHA-256 of `bytes`.
fn sha256_hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    Sha256::digest(bytes)
        .iter()
        .fold(String::with_capacity(64), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Whether `name` is a plain file name (so that a manifest never names a file outside its
/// folder).
fn plain_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0'])
}

impl Manifest {
    /// Reads a manifest from its bytes: JSON of schema [`MANIFEST_SCHEMA`], every name a plain
    /// file name, every hash 64 hexadecimal digits.
    ///
    /// # Errors
    ///
    /// What is wrong, in words.
    ///
    /// ```
    /// use uridiff::files::Manifest;
    /// let m = Manifest::parse(br#"{"schema":1,"tool":"t","run":"r","files":[]}"#).unwrap();
    /// assert_eq!(m.run, "r");
    /// let bad = br#"{"schema":1,"tool":"t","run":"r","files":[{"name":"../x","bytes":0,"sha256":""}]}"#;
    /// assert!(Manifest::parse(bad).unwrap_err().contains("../x"));
    /// ```
    pub fn parse(bytes: &[u8]) -> Result<Manifest, String> {
        let m: Manifest = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        if m.schema != MANIFEST_SCHEMA {
            return Err(format!(
                "schema {}, where this uridiff reads {MANIFEST_SCHEMA}",
                m.schema
            ));
        }
        for f in &m.files {
            if !plain_name(&f.name) {
                return Err(format!("{:?} is not a plain file name", f.name));
            }
            if f.sha256.len() != 64 || !f.sha256.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(format!("{}: {:?} is not a SHA-256", f.name, f.sha256));
            }
        }
        Ok(m)
    }
}

/// Checks that the folder `dir` is one whole set: its manifest reads, and every file it names
/// has the size and SHA-256 it gives. Returns the manifest.
///
/// # Errors
///
/// [`FolderError`]: no manifest (being written, or cut off), a manifest that does not read, a
/// file of another run or cut off, or a file that cannot be read.
pub fn verify_folder(dir: &Path) -> Result<Manifest, FolderError> {
    let Some(bytes) = read_if_present(&dir.join(MANIFEST), MAX_MANIFEST_BYTES)? else {
        return Err(FolderError::NoManifest {
            dir: dir.to_owned(),
        });
    };
    let manifest = Manifest::parse(&bytes).map_err(|message| FolderError::BadManifest {
        dir: dir.to_owned(),
        message,
    })?;
    for f in &manifest.files {
        let mixed = |why: String| FolderError::Mixed {
            dir: dir.to_owned(),
            name: f.name.clone(),
            run: manifest.run.clone(),
            why,
        };
        let data = match read_limited(&dir.join(&f.name), f.bytes) {
            Ok(data) => data,
            Err(ReadError::TooLarge { bytes, .. }) => {
                return Err(mixed(format!("{bytes} bytes, not {}", f.bytes)))
            }
            Err(e) => return Err(e.into()),
        };
        if data.len() as u64 != f.bytes {
            return Err(mixed(format!("{} bytes, not {}", data.len(), f.bytes)));
        }
        if sha256_hex(&data) != f.sha256 {
            return Err(mixed("its SHA-256 differs".to_owned()));
        }
    }
    Ok(manifest)
}

/// A folder of files written as one set, locked while this lives (see the module's doc).
pub struct Folder {
    dir: PathBuf,
    _lock: File,
}

impl Folder {
    /// Creates the folder if needed and takes its lock; temporary files a killed run left in it
    /// are removed.
    ///
    /// # Errors
    ///
    /// [`WriteError::Locked`]: another uridiff writes it; [`WriteError::Io`]: it cannot be
    /// created or opened.
    pub fn lock(dir: &Path) -> Result<Folder, WriteError> {
        let io = |source| WriteError::Io {
            path: dir.to_owned(),
            source,
        };
        fs::create_dir_all(dir).map_err(io)?;
        let lock = lock_folder(dir)?;
        // Under the lock, a temporary file of ours is a killed run's: nobody will rename it.
        for entry in fs::read_dir(dir).map_err(io)?.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') && name.ends_with(TEMP_SUFFIX) {
                let _ = fs::remove_file(entry.path());
            }
        }
        Ok(Folder {
            dir: dir.to_owned(),
            _lock: lock,
        })
    }

    /// The folder.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes `bytes` aside as the file `name` of the folder (synced, not yet in place).
    ///
    /// # Errors
    ///
    /// [`WriteError::Io`] naming the file; nothing in the folder has changed.
    pub fn stage(&self, name: &str, bytes: &[u8]) -> Result<(Staged, ManifestFile), WriteError> {
        let staged = Pending::create(&self.dir.join(name))?.fill(bytes)?;
        let entry = ManifestFile {
            name: name.to_owned(),
            bytes: bytes.len() as u64,
            sha256: sha256_hex(bytes),
        };
        Ok((staged, entry))
    }

    /// Puts the staged files in place as one set of the run `tool` makes now: the old manifest
    /// is removed first (from then on the folder reads as being written), each file is renamed
    /// over its target, and the new manifest is written last. Returns the files' paths.
    ///
    /// # Errors
    ///
    /// [`WriteError::Io`] naming the file; the folder then has no manifest, and reads as cut off.
    pub fn commit(
        &self,
        tool: &str,
        staged: Vec<(Staged, ManifestFile)>,
    ) -> Result<Vec<PathBuf>, WriteError> {
        let manifest = Manifest {
            schema: MANIFEST_SCHEMA,
            tool: tool.to_owned(),
            run: run_name(),
            files: staged.iter().map(|(_, f)| f.clone()).collect(),
        };
        let mut text = serde_json::to_vec_pretty(&manifest).map_err(|e| WriteError::Io {
            path: self.dir.join(MANIFEST),
            source: e.into(),
        })?;
        text.push(b'\n');
        // Staged before anything changes: a full disk here leaves the old set whole.
        let manifest_file = Pending::create(&self.dir.join(MANIFEST))?.fill(&text)?;
        let old = self.dir.join(MANIFEST);
        match fs::remove_file(&old) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => {
                return Err(WriteError::Io {
                    path: old,
                    source: e,
                })
            }
            _ => {}
        }
        sync_folder(&self.dir).map_err(|source| WriteError::Io {
            path: self.dir.clone(),
            source,
        })?;
        let mut paths = Vec::new();
        for (file, _) in staged {
            paths.push(file.commit()?);
        }
        manifest_file.commit()?;
        Ok(paths)
    }
}

/// A name for this run that no other run takes: the time in nanoseconds and the process id.
fn run_name() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{nanos:x}-{}", std::process::id())
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

    /// The entries of a folder, names sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("suite.yaml");
        write_atomic(&path, b"old whole file\n").unwrap();
        // The disk fills up half way through the new content.
        let err = Pending::create(&path)
            .unwrap()
            .fill_with(|f| {
                f.write_all(b"new, cut")?;
                Err(io::Error::new(io::ErrorKind::StorageFull, "no space left"))
            })
            .err()
            .expect("the write fails");
        assert!(matches!(err, WriteError::Io { .. }), "{err}");
        let shown = Causes(&err).to_string();
        assert!(shown.contains("suite.yaml: not written"), "{shown}");
        assert!(shown.contains("no space left"), "{shown}");
        assert_eq!(fs::read(&path).unwrap(), b"old whole file\n");
        assert_eq!(
            names(dir.path()),
            ["suite.yaml"],
            "the temporary is removed"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_rewritten_file_keeps_its_permissions_and_links_are_taken_as_said() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("baseline.txt");
        write_atomic(&path, b"one").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&path, b"two").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        // A user's link is followed: the file it names is replaced whole, the link stays.
        let real = dir.path().join("real.yaml");
        fs::write(&real, "old").unwrap();
        let link = dir.path().join("suite.yaml");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"new");
        // A link planted where others may write is replaced, and what it named left alone.
        let victim = dir.path().join("victim");
        fs::write(&victim, "keep me").unwrap();
        let planted = dir.path().join("state.json");
        std::os::unix::fs::symlink(&victim, &planted).unwrap();
        write_atomic_replacing_links(&planted, b"{}").unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "keep me");
        assert!(fs::symlink_metadata(&planted).unwrap().is_file());
        // A folder is refused before anything is written; a device is written as a stream.
        let err = Pending::create(dir.path()).err().expect("refused");
        assert!(Causes(&err).to_string().contains("a folder"), "{err}");
        write_atomic(Path::new("/dev/null"), b"gone").unwrap();
        use std::os::unix::fs::FileTypeExt;
        assert!(fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());
    }

    /// Writes the named files as one set into `folder`.
    fn write_set(folder: &Folder, files: &[(&str, &str)]) -> Vec<PathBuf> {
        let staged = files
            .iter()
            .map(|(n, t)| folder.stage(n, t.as_bytes()).unwrap())
            .collect();
        folder.commit("uridiff test", staged).unwrap()
    }

    #[test]
    fn a_folder_is_one_set_and_a_mixed_one_is_told() {
        let dir = tempfile::tempdir().expect("a folder");
        let out = dir.path().join("report");
        let folder = Folder::lock(&out).unwrap();
        write_set(&folder, &[("a.md", "first a"), ("b.xml", "first b")]);
        let first = verify_folder(&out).unwrap();
        assert_eq!(first.files.len(), 2);
        assert_eq!(first.files[0].bytes, 7);

        // A second run staged but never committed (killed, or the disk filled up): the first
        // set is still whole, and its temporaries go at the next lock.
        let (staged, _) = folder.stage("a.md", b"second a").unwrap();
        std::mem::forget(staged);
        assert_eq!(verify_folder(&out).unwrap(), first);
        drop(folder);
        assert!(names(&out).iter().any(|n| n.ends_with(TEMP_SUFFIX)));
        let folder = Folder::lock(&out).unwrap();
        assert!(!names(&out).iter().any(|n| n.ends_with(TEMP_SUFFIX)));

        write_set(&folder, &[("a.md", "second a"), ("b.xml", "second b")]);
        let second = verify_folder(&out).unwrap();
        assert_ne!(second.run, first.run);

        // One file of another run: told, naming it.
        fs::write(out.join("b.xml"), "first b").unwrap();
        let err = verify_folder(&out).unwrap_err();
        assert!(
            matches!(&err, FolderError::Mixed { name, .. } if name == "b.xml"),
            "{err}"
        );
        assert!(err.to_string().contains("mixes runs"), "{err}");
        // One cut off: told by its size.
        fs::write(out.join("b.xml"), "").unwrap();
        let err = verify_folder(&out).unwrap_err();
        assert!(err.to_string().contains("0 bytes, not 8"), "{err}");
        // No manifest: being written, or cut off.
        fs::remove_file(out.join(MANIFEST)).unwrap();
        let err = verify_folder(&out).unwrap_err();
        assert!(matches!(err, FolderError::NoManifest { .. }), "{err}");
    }

    #[test]
    fn a_second_writer_of_a_folder_is_refused() {
        let dir = tempfile::tempdir().expect("a folder");
        let _first = Folder::lock(dir.path()).unwrap();
        let err = Folder::lock(dir.path()).err().expect("refused");
        assert!(matches!(err, WriteError::Locked { .. }), "{err}");
        assert!(err
            .to_string()
            .contains("another uridiff is writing this folder"));
    }

    #[test]
    fn a_manifest_names_only_files_of_its_folder() {
        let entry = |name: &str, sha: &str| {
            serde_json::json!({"schema": 1, "tool": "t", "run": "r",
                "files": [{"name": name, "bytes": 1, "sha256": sha}]})
            .to_string()
        };
        let good = "0".repeat(64);
        assert!(Manifest::parse(entry("index.html", &good).as_bytes()).is_ok());
        for bad in ["", ".", "..", "../x", "a/b", "/etc/passwd", "a\\b", "a\0b"] {
            let text = entry(bad, &good);
            assert!(
                Manifest::parse(text.as_bytes()).is_err(),
                "{bad:?} accepted"
            );
        }
        assert!(Manifest::parse(entry("a", "xyz").as_bytes()).is_err());
        let v2 = r#"{"schema":2,"tool":"t","run":"r","files":[]}"#;
        assert!(Manifest::parse(v2.as_bytes())
            .unwrap_err()
            .contains("schema 2"));
    }
}
