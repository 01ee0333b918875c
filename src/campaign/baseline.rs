//! The gate of `uridiff fuzz --fail-on-new BASELINE`: a campaign fails, as cargo-fuzz fails on a
//! crash, when its findings hold an unexplained class that a baseline does not.
//!
//! The baseline is a previous campaign's findings (its folder or its `findings.jsonl`), not the
//! gate file of `uridiff check --write-baseline`: a campaign names its classes by the signature
//! key of the *minimized* example (its findings file is deduplicated by that key, and `fuzz
//! --merge` joins by it), while the gate file lists jobs of a fixed corpus by the key of the
//! unminimized input. The two key spaces differ for the same behaviour, so only findings compare
//! with findings; and a baseline is then updated the way campaigns already are, with `fuzz
//! --merge`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::{read_findings, CampaignError, FindingLine, Skipped, FINDINGS};

/// The classes of a baseline: the signature keys of its findings.
#[derive(Debug, Default)]
pub struct Baseline {
    /// The findings file read.
    pub path: PathBuf,
    /// Every key in it.
    pub keys: HashSet<String>,
    /// Its lines that could not be read (said, never fatal).
    pub skipped: Vec<Skipped>,
}

/// What is wrong with a baseline.
#[derive(Debug, thiserror::Error)]
pub enum BaselineError {
    /// The path does not exist.
    #[error("{0}: no such baseline (give a campaign folder or its findings.jsonl)")]
    Missing(PathBuf),
    /// A folder without a findings file.
    #[error("{0}: no findings.jsonl in this folder (is it a campaign folder?)")]
    NotACampaign(PathBuf),
    /// The findings file cannot be read.
    #[error(transparent)]
    Read(#[from] CampaignError),
}

/// Reads a baseline: a campaign folder (its `findings.jsonl`) or a findings file.
///
/// # Errors
///
/// The path does not exist, is a folder without findings, or cannot be read.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let err = uridiff::campaign::baseline::read(dir.path()).unwrap_err();
/// assert!(err.to_string().contains("no findings.jsonl"));
/// std::fs::write(dir.path().join("findings.jsonl"), "").unwrap();
/// assert!(uridiff::campaign::baseline::read(dir.path()).unwrap().keys.is_empty());
/// ```
pub fn read(path: &Path) -> Result<Baseline, BaselineError> {
    let file = if path.is_dir() {
        let f = path.join(FINDINGS);
        if !f.exists() {
            return Err(BaselineError::NotACampaign(path.to_owned()));
        }
        f
    } else if path.exists() {
        path.to_owned()
    } else {
        return Err(BaselineError::Missing(path.to_owned()));
    };
    let loaded = read_findings(&file)?;
    Ok(Baseline {
        keys: loaded.findings.into_iter().map(|f| f.key).collect(),
        skipped: loaded.skipped,
        path: file,
    })
}

/// Whether some deviating subject of the finding has no profile rule that explains it.
///
/// ```
/// let line = r#"{"key":"k","class":"host","severity":"critical","op":"parse",
///   "partition":[],"deviating":["url"],"by_design":{},"example":"a","first_seen":"a",
///   "origin":"o","outcomes":{},"seed":1,"index":0,"shard":"0/1"}"#.replace('\n', "");
/// let mut f: uridiff::campaign::FindingLine = serde_json::from_str(&line).unwrap();
/// assert!(uridiff::campaign::baseline::unexplained(&f));
/// f.by_design.insert("url".into(), "a documented rule".into());
/// assert!(!uridiff::campaign::baseline::unexplained(&f));
/// ```
pub fn unexplained(f: &FindingLine) -> bool {
    f.deviating.is_empty() || f.deviating.iter().any(|d| !f.by_design.contains_key(d))
}

/// The unexplained findings whose class the baseline does not hold, in file order.
pub fn new_unexplained<'a>(
    findings: &'a [FindingLine],
    baseline: &Baseline,
) -> Vec<&'a FindingLine> {
    findings
        .iter()
        .filter(|f| unexplained(f) && !baseline.keys.contains(&f.key))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(key: &str, by_design: bool) -> FindingLine {
        let mut f: FindingLine = serde_json::from_value(serde_json::json!({
            "key": key, "class": "host", "severity": "critical", "op": "parse",
            "partition": [["impl"], ["url"]], "deviating": ["url"], "by_design": {},
            "example": "a://b", "first_seen": "a://b", "origin": "realistic",
            "outcomes": {}, "seed": 1, "index": 0, "shard": "0/1"
        }))
        .expect("a finding");
        if by_design {
            f.by_design
                .insert("url".into(), "its documented rule".into());
        }
        f
    }

    #[test]
    fn only_unexplained_classes_outside_the_baseline_are_new() {
        let baseline = Baseline {
            keys: ["known".to_owned()].into_iter().collect(),
            ..Baseline::default()
        };
        let findings = vec![
            finding("known", false),
            finding("by design", true),
            finding("fresh", false),
        ];
        let new: Vec<&str> = new_unexplained(&findings, &baseline)
            .iter()
            .map(|f| f.key.as_str())
            .collect();
        assert_eq!(new, ["fresh"]);
    }

    #[test]
    fn a_baseline_is_a_folder_or_a_file_and_its_bad_lines_are_listed() {
        let dir = tempfile::tempdir().expect("a folder");
        let missing = read(&dir.path().join("nope")).unwrap_err();
        assert!(matches!(missing, BaselineError::Missing(_)), "{missing}");
        let line = serde_json::to_string(&finding("k1", false)).expect("json");
        let file = dir.path().join(FINDINGS);
        std::fs::write(&file, format!("{line}\nnot json\n")).expect("write");
        for path in [dir.path(), file.as_path()] {
            let b = read(path).expect("read");
            assert_eq!(b.path, file);
            assert!(b.keys.contains("k1"));
            assert_eq!(b.skipped.len(), 1);
            assert_eq!(b.skipped[0].line, 2);
        }
    }
}
