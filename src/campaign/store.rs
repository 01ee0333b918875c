//! The durable files of a campaign folder: the findings
//! file read back line by line (a cut-off last line listed, never fatal), findings appended one
//! whole line at a time and synced to the disk before the campaign counts them, the state
//! replaced atomically (a temporary created exclusively, synced, renamed), and the folder's
//! lock. POSIX `rename` replaces its target atomically and `fsync`/`fdatasync` return once the
//! data is on stable storage; this module relies on nothing more.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{io_err, CampaignError, FindingLine, MAX_FINDINGS_BYTES};

/// A line of a findings file that was not read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// Its line number (from 1).
    pub line: usize,
    /// Why: `cut off` (no end of line: a killed campaign) or the JSON error.
    pub reason: String,
}

/// The findings of a file, with the lines that could not be read. `partial` is the byte length
/// of the complete lines when the last line is cut off (no newline at the end).
#[derive(Debug, Default)]
pub struct Loaded {
    /// The findings, in file order.
    pub findings: Vec<FindingLine>,
    /// The lines skipped.
    pub skipped: Vec<Skipped>,
    /// `Some(len)` when the file ends in a cut-off line that starts at byte `len`.
    pub partial: Option<u64>,
    /// Whether the file's last line is a whole finding without its end of line (kept: the next
    /// line is started on a line of its own).
    pub unterminated: bool,
}

/// Reads a findings file; a missing file has none. Complete lines that are not findings and a
/// cut-off last line are skipped and listed, never fatal.
///
/// # Errors
///
/// The file exists and cannot be read.
pub fn read_findings(path: &Path) -> Result<Loaded, CampaignError> {
    let Some(data) =
        crate::files::read_if_present(path, MAX_FINDINGS_BYTES).map_err(CampaignError::File)?
    else {
        return Ok(Loaded::default());
    };
    let mut loaded = Loaded::default();
    let mut start = 0usize;
    let mut number = 0usize;
    while start < data.len() {
        number += 1;
        let (line, complete) = match data[start..].iter().position(|&b| b == b'\n') {
            Some(n) => (&data[start..start + n], true),
            None => (&data[start..], false),
        };
        if !complete {
            // A last line that reads as a finding is one, whatever became of its newline; only
            // a line that does not is cut off.
            if let Ok(f) = serde_json::from_slice::<FindingLine>(line) {
                loaded.findings.push(f);
                loaded.unterminated = true;
                break;
            }
            loaded.partial = Some(start as u64);
            loaded.skipped.push(Skipped {
                line: number,
                reason: "cut off (no end of line: the campaign was killed while writing it)".into(),
            });
            break;
        }
        start += line.len() + 1;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match serde_json::from_slice::<FindingLine>(line) {
            Ok(f) => loaded.findings.push(f),
            Err(e) => loaded.skipped.push(Skipped {
                line: number,
                reason: e.to_string(),
            }),
        }
    }
    Ok(loaded)
}

/// An exclusive lock on the folder itself (an advisory `flock` on its own descriptor: no file
/// is created, so no link can be planted for it), held while the returned file lives. A second
/// campaign or merge on the folder is refused at once rather than interleaving its lines.
pub(super) fn lock_folder(dir: &Path) -> Result<File, CampaignError> {
    let handle = File::open(dir).map_err(io_err(dir))?;
    match handle.try_lock() {
        Ok(()) => Ok(handle),
        Err(std::fs::TryLockError::WouldBlock) => Err(CampaignError::Locked {
            path: dir.to_owned(),
        }),
        Err(std::fs::TryLockError::Error(e)) => Err(io_err(dir)(e)),
    }
}

/// Writes `value` as JSON to `path` atomically: a temporary file, `fsync`, then a rename.
pub(super) fn write_atomic(path: &Path, value: &impl Serialize) -> Result<(), CampaignError> {
    let text = serde_json::to_vec_pretty(value).map_err(|e| CampaignError::State {
        path: path.to_owned(),
        message: e.to_string(),
    })?;
    let mut text = text;
    text.push(b'\n');
    // A temporary of a random name created exclusively beside the target, synced, renamed over
    // the target (a rename replaces a link at the target, it does not write through it).
    crate::files::write_atomic_replacing_links(path, &text).map_err(|e| match e {
        crate::files::WriteError::Io { source, .. } => io_err(path)(source),
        crate::files::WriteError::Locked { path } => CampaignError::Locked { path },
    })
}

/// An open findings file: appends whole lines, each flushed and `fsync`ed.
pub(super) struct Sink {
    path: PathBuf,
    file: File,
}

impl Sink {
    /// Opens (creates) the findings file for appending; a cut-off last line is cut away first,
    /// and a whole last finding without its end of line gets one, so the next line starts on a
    /// line of its own.
    pub(super) fn open(path: &Path, loaded: &Loaded) -> Result<Sink, CampaignError> {
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io_err(path))?;
        if let Some(len) = loaded.partial {
            file.set_len(len).map_err(io_err(path))?;
        } else if loaded.unterminated {
            file.write_all(b"\n").map_err(io_err(path))?;
        }
        Ok(Sink {
            path: path.to_owned(),
            file,
        })
    }

    pub(super) fn append(&mut self, finding: &FindingLine) -> Result<(), CampaignError> {
        let mut line = serde_json::to_vec(finding).map_err(|e| CampaignError::State {
            path: self.path.clone(),
            message: e.to_string(),
        })?;
        line.push(b'\n');
        // One write of the whole line, then to the disk before anything else happens.
        self.file.write_all(&line).map_err(io_err(&self.path))?;
        self.file.flush().map_err(io_err(&self.path))?;
        self.file.sync_data().map_err(io_err(&self.path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[cfg(unix)]
    #[test]
    fn the_state_is_written_through_no_planted_link() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let victim = dir.path().join("victim");
        fs::write(&victim, "keep me").expect("write");
        // The names a fixed temporary would take, all planted as links to the victim.
        for name in ["state.json.tmp", ".state.json.tmp", "state.tmp"] {
            std::os::unix::fs::symlink(&victim, dir.path().join(name)).expect("symlink");
        }
        let state = dir.path().join("state.json");
        std::os::unix::fs::symlink(&victim, &state).expect("symlink");
        write_atomic(&state, &serde_json::json!({"next": 3})).expect("written");
        assert_eq!(fs::read_to_string(&victim).expect("read"), "keep me");
        // The link at the target was replaced by the new file, not written through.
        assert!(!fs::symlink_metadata(&state)
            .expect("meta")
            .file_type()
            .is_symlink());
        assert!(fs::read_to_string(&state)
            .expect("read")
            .contains("\"next\": 3"));
    }
}
