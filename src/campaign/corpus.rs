//! The corpus of a coverage-guided campaign (`workers/README.md`, "Coverage"): `DIR/corpus.jsonl`
//! holds, one JSON line each, every input whose answer from some parser reached library code that
//! no earlier answer of that parser had reached, with the ids it reached first, and every input a
//! new discrepancy signature was first seen on, with its key; and part of the
//! campaign's inputs are mutations of these ([`guided_input`]), as AFL keeps the inputs that
//! open new paths and spends its mutations on them.
//!
//! The file is kept as the findings file is (the `store` room): lines appended whole, flushed
//! and `fsync`ed before the campaign goes on, a cut-off last line (a killed campaign) dropped
//! when the folder is opened again. A resumed campaign reads it back: its inputs are the corpus
//! again, and the ids of its lines are counted as reached ([`crate::coverage::Tally::restore`]),
//! so nothing already reached is novel a second time.

use std::collections::{BTreeMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arbitrary::Unstructured;
use serde::{Deserialize, Serialize};

use super::{io_err, Bytes, CampaignError, Skipped};
use crate::coverage::{Novel, Tally};
use crate::engine::Task;
use crate::generate::{mutate, Mutation, MAX_LEN};

/// The corpus file of a campaign folder.
pub const CORPUS: &str = "corpus.jsonl";

/// Version of a `corpus.jsonl` line, its `"schema"` field.
pub const CORPUS_SCHEMA: u32 = 1;

/// The largest `corpus.jsonl` read back.
pub const MAX_CORPUS_BYTES: u64 = 1 << 30;

/// One line of `corpus.jsonl`: an input that reached new coverage.
///
/// ```
/// let line = r#"{"schema":1,"input":"http://a/","origin":"realistic","index":7,"new":{"python-furl":[3,9]}}"#;
/// let l: uridiff::campaign::CorpusLine = serde_json::from_str(line).unwrap();
/// assert_eq!(l.new["python-furl"], vec![3, 9]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpusLine {
    /// [`CORPUS_SCHEMA`].
    pub schema: u32,
    /// The input.
    pub input: Bytes,
    /// Where it came from: the generator's shape, or `corpus/<mutations>` for a mutation of an
    /// earlier corpus input, or `minimize` for a candidate tried while minimizing a finding.
    pub origin: String,
    /// Its index in the campaign, when it was one of the campaign's inputs.
    pub index: Option<u64>,
    /// For each parser whose answer reached new ids: those ids.
    pub new: BTreeMap<String, Vec<u32>>,
    /// The key of the discrepancy signature first seen on this input, when that is why it was
    /// kept (its `new` may then be empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
}

/// Where a kept input came from, when it is known: its origin and campaign index (if it had one).
pub(super) type Whence<'a> = dyn Fn(&[u8]) -> Option<(String, Option<u64>)> + 'a;

/// The open corpus of a guided campaign.
pub(super) struct Corpus {
    path: PathBuf,
    /// Opened at the first line written: a campaign whose parsers give no coverage leaves no
    /// file behind.
    file: Option<File>,
    /// Whether the file's last line needs an end of line before the next.
    unterminated: bool,
    /// The inputs, in the order kept.
    pub(super) inputs: Vec<Vec<u8>>,
    held: HashSet<Vec<u8>>,
    /// The tally the subjects record in.
    pub(super) tally: Arc<Tally>,
    /// The lines of the file that were not read back.
    pub(super) skipped: Vec<Skipped>,
}

impl Corpus {
    /// Opens the corpus of the folder `dir` for `tally`: its lines read back (their ids
    /// restored in the tally), a cut-off last line cut away.
    pub(super) fn open(dir: &Path, tally: Arc<Tally>) -> Result<Corpus, CampaignError> {
        let path = dir.join(CORPUS);
        let read = read(&path)?;
        let mut corpus = Corpus {
            path: path.clone(),
            file: None,
            unterminated: read.unterminated,
            inputs: Vec::new(),
            held: HashSet::new(),
            tally,
            skipped: read.skipped,
        };
        for line in read.lines {
            corpus.take(line);
        }
        if let Some(len) = read.cut {
            let file = corpus.append_file()?;
            file.set_len(len).map_err(io_err(&path))?;
        }
        Ok(corpus)
    }

    /// Whether the corpus guides the campaign: some parser gives coverage, or an earlier run
    /// kept inputs. A campaign of parsers without coverage keeps nothing and runs as blind.
    pub(super) fn guiding(&self) -> bool {
        !self.inputs.is_empty() || !self.tally.is_empty()
    }

    /// Keeps the inputs new discrepancy signatures were first seen on, (input, origin, index,
    /// signature key) each, one line each with no ids, written and synced before it returns;
    /// an input the corpus holds already is not written again. Returns how many were written.
    pub(super) fn keep_signatures(
        &mut self,
        found: &[(Vec<u8>, String, Option<u64>, String)],
    ) -> Result<usize, CampaignError> {
        let mut lines = Vec::new();
        for (input, origin, index, key) in found {
            if !self.held.insert(input.clone()) {
                continue;
            }
            self.inputs.push(input.clone());
            lines.push(CorpusLine {
                schema: CORPUS_SCHEMA,
                input: Bytes(input.clone()),
                origin: origin.clone(),
                index: *index,
                new: BTreeMap::new(),
                signature: Some(key.clone()),
            });
        }
        self.append(&lines)
    }

    /// Adds the lines of the corpus file `path` (another campaign's: a shard's) whose ids this
    /// corpus does not hold yet, each with only those ids; returns how many lines were added,
    /// and the lines of `path` that could not be read.
    pub(super) fn merge_from(
        &mut self,
        path: &Path,
    ) -> Result<(usize, Vec<Skipped>), CampaignError> {
        let other = read(path)?;
        let mut added = 0;
        for line in other.lines {
            for (parser, ids) in &line.new {
                self.tally.record(parser, &line.input.0, ids);
            }
            let whence = |_: &[u8]| Some((line.origin.clone(), line.index));
            added += self.keep(&whence)?;
            if let Some(key) = &line.signature {
                let found = (
                    line.input.0.clone(),
                    line.origin.clone(),
                    line.index,
                    key.clone(),
                );
                added += self.keep_signatures(&[found])?;
            }
        }
        Ok((added, other.skipped))
    }

    fn take(&mut self, line: CorpusLine) {
        for (parser, ids) in &line.new {
            self.tally.restore(parser, ids);
        }
        if self.held.insert(line.input.0.clone()) {
            self.inputs.push(line.input.0);
        }
    }

    fn append_file(&mut self) -> Result<&mut File, CampaignError> {
        if self.file.is_none() {
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(&self.path)
                .map_err(io_err(&self.path))?;
            self.file = Some(file);
        }
        Ok(self.file.as_mut().expect("opened above"))
    }

    /// Keeps the inputs the tally found novel since the last call, one line each (the ids of
    /// every parser they reached first), written and synced before it returns; `whence` says
    /// where an input came from (its origin and campaign index) when it was one of the batch's.
    /// Returns how many lines were written.
    pub(super) fn keep(&mut self, whence: &Whence<'_>) -> Result<usize, CampaignError> {
        let novel = self.tally.take_novel();
        if novel.is_empty() {
            return Ok(0);
        }
        // One line per input, in the order first recorded, with every parser's new ids.
        let mut order: Vec<Vec<u8>> = Vec::new();
        let mut by_input: BTreeMap<Vec<u8>, BTreeMap<String, Vec<u32>>> = BTreeMap::new();
        for Novel { input, parser, ids } in novel {
            let entry = by_input.entry(input.clone()).or_insert_with(|| {
                order.push(input);
                BTreeMap::new()
            });
            entry.entry(parser).or_default().extend(ids);
        }
        let mut lines = Vec::new();
        for input in order {
            let new = by_input.remove(&input).unwrap_or_default();
            let (origin, index) = whence(&input).unwrap_or_else(|| ("minimize".to_owned(), None));
            lines.push(CorpusLine {
                schema: CORPUS_SCHEMA,
                input: Bytes(input.clone()),
                origin,
                index,
                new,
                signature: None,
            });
            if self.held.insert(input.clone()) {
                self.inputs.push(input);
            }
        }
        self.append(&lines)
    }

    /// Appends `lines` to the corpus file (after an end of line where its last line has none),
    /// in one write, then to the disk before the campaign goes on; returns how many.
    fn append(&mut self, lines: &[CorpusLine]) -> Result<usize, CampaignError> {
        if lines.is_empty() {
            return Ok(0);
        }
        let mut text = Vec::new();
        if self.unterminated {
            text.push(b'\n');
        }
        for line in lines {
            serde_json::to_writer(&mut text, line).map_err(|e| CampaignError::State {
                path: self.path.clone(),
                message: e.to_string(),
            })?;
            text.push(b'\n');
        }
        let path = self.path.clone();
        let file = self.append_file()?;
        file.write_all(&text).map_err(io_err(&path))?;
        file.flush().map_err(io_err(&path))?;
        file.sync_data().map_err(io_err(&path))?;
        self.unterminated = false;
        Ok(lines.len())
    }
}

/// A corpus file as read: its lines, those skipped, where a cut-off last line starts, and
/// whether the last line lacks its end of line.
#[derive(Default)]
pub(super) struct Read {
    pub(super) lines: Vec<CorpusLine>,
    pub(super) skipped: Vec<Skipped>,
    cut: Option<u64>,
    unterminated: bool,
}

/// Reads a corpus file; a missing one has no lines. Lines that are not corpus lines (another
/// schema's included) and a cut-off last line are skipped and listed, never fatal.
pub(super) fn read(path: &Path) -> Result<Read, CampaignError> {
    let mut out = Read::default();
    let Some(data) =
        crate::files::read_if_present(path, MAX_CORPUS_BYTES).map_err(CampaignError::File)?
    else {
        return Ok(out);
    };
    let mut start = 0usize;
    let mut number = 0usize;
    while start < data.len() {
        number += 1;
        let rest = &data[start..];
        let (line, complete) = match rest.iter().position(|&b| b == b'\n') {
            Some(n) => (&rest[..n], true),
            None => (rest, false),
        };
        let parsed = serde_json::from_slice::<CorpusLine>(line)
            .map_err(|e| e.to_string())
            .and_then(|l| {
                if l.schema == CORPUS_SCHEMA {
                    Ok(l)
                } else {
                    Err(format!(
                        "a corpus line of schema {}: this uridiff reads schema {CORPUS_SCHEMA}",
                        l.schema
                    ))
                }
            });
        match parsed {
            Ok(l) => {
                out.unterminated = !complete;
                out.lines.push(l);
            }
            Err(_) if !complete => {
                out.cut = Some(start as u64);
                out.skipped.push(Skipped {
                    line: number,
                    reason: "cut off (no end of line: the campaign was killed while writing it)"
                        .into(),
                });
            }
            Err(_) if line.iter().all(u8::is_ascii_whitespace) => {}
            Err(reason) => out.skipped.push(Skipped {
                line: number,
                reason,
            }),
        }
        start += line.len() + 1;
    }
    Ok(out)
}

/// Input number `index` of a guided campaign with `seed` over `corpus`: half the time (and
/// always while the corpus is empty) the blind campaign's [`super::input`], otherwise one to
/// three of the generator's mutations ([`Mutation`]) stacked on a corpus input, its origin
/// `corpus/<mutation>+<mutation>...`. The choices come from their own seeded stream, so the
/// blind half is the blind campaign's inputs; what the other half holds depends on the corpus
/// when the input is made, so only its bytes (a finding's `first_seen`) say what it was.
///
/// ```
/// use uridiff::campaign::{guided_input, input};
/// assert_eq!(guided_input(3, 10, &[]).input, input(3, 10).input);
/// let corpus = vec![b"http://a/b".to_vec()];
/// let from_corpus = (0..40).filter(|&k| guided_input(3, k, &corpus).origin.starts_with("corpus/")).count();
/// assert!(from_corpus > 5 && from_corpus < 35, "{from_corpus}");
/// ```
pub fn guided_input(seed: u64, index: u64, corpus: &[Vec<u8>]) -> Task {
    if corpus.is_empty() {
        return super::input(seed, index);
    }
    // A stream of its own (the seed's bits turned), so the blind half's inputs are the blind
    // campaign's, independent of these choices.
    let bytes = crate::generate::seeded(seed ^ 0x9e37_79b9_7f4a_7c15, index);
    let mut u = Unstructured::new(&bytes);
    if u.ratio(1u8, 2u8).unwrap_or(true) {
        return super::input(seed, index);
    }
    let pick = u.int_in_range(0..=corpus.len() - 1).unwrap_or(0);
    let mut out = corpus.get(pick).cloned().unwrap_or_default();
    let stack = u.int_in_range(1u8..=3).unwrap_or(1);
    let mut names = Vec::new();
    for _ in 0..stack {
        let m = Mutation::ALL
            .get(u.int_in_range(0..=Mutation::ALL.len() - 1).unwrap_or(0))
            .copied()
            .unwrap_or(Mutation::Backslash);
        out = mutate(&mut u, m, &out);
        out.truncate(MAX_LEN);
        names.push(m.name());
    }
    Task::parse(out, &format!("corpus/{}", names.join("+")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally() -> Arc<Tally> {
        Arc::new(Tally::default())
    }

    #[test]
    fn a_kept_input_is_read_back_with_its_ids_reached() {
        let dir = tempfile::tempdir().expect("a folder");
        let t = tally();
        let mut c = Corpus::open(dir.path(), Arc::clone(&t)).expect("opens");
        assert!(!dir.path().join(CORPUS).exists(), "made before a line");
        t.record("p", b"http://a/", &[1, 2]);
        t.record("q", b"http://a/", &[7]);
        t.record("p", b"x:y", &[3]);
        let whence = |i: &[u8]| (i == b"http://a/").then(|| ("realistic".to_owned(), Some(4)));
        assert_eq!(c.keep(&whence).expect("kept"), 2);
        assert_eq!(c.keep(&whence).expect("nothing new"), 0);
        drop(c);
        let text = std::fs::read_to_string(dir.path().join(CORPUS)).expect("the file");
        let lines: Vec<CorpusLine> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("a line"))
            .collect();
        assert_eq!(lines[0].index, Some(4));
        assert_eq!(lines[0].new["q"], vec![7]);
        assert_eq!(lines[1].origin, "minimize");
        // Reopened: the inputs are the corpus again, and their ids are no longer novel.
        let again = tally();
        let c = Corpus::open(dir.path(), Arc::clone(&again)).expect("reopens");
        assert_eq!(c.inputs, vec![b"http://a/".to_vec(), b"x:y".to_vec()]);
        assert_eq!(again.record("p", b"z", &[1, 2, 3]), 0);
        assert_eq!(again.reach()["q"].ids, 1);
    }

    #[test]
    fn an_input_of_a_new_signature_is_kept_once_and_read_back() {
        let dir = tempfile::tempdir().expect("a folder");
        let mut c = Corpus::open(dir.path(), tally()).expect("opens");
        let found = |input: &str, key: &str| {
            (
                input.as_bytes().to_vec(),
                "realistic".to_owned(),
                Some(2),
                key.to_owned(),
            )
        };
        let kept = c
            .keep_signatures(&[found("a:b", "k1"), found("a:b", "k2"), found("c:d", "k3")])
            .expect("kept");
        assert_eq!(kept, 2, "an input twice");
        assert_eq!(c.keep_signatures(&[found("c:d", "k4")]).expect("kept"), 0);
        drop(c);
        let c = Corpus::open(dir.path(), tally()).expect("reopens");
        assert_eq!(c.inputs, vec![b"a:b".to_vec(), b"c:d".to_vec()]);
        let text = std::fs::read_to_string(dir.path().join(CORPUS)).expect("the file");
        let first: CorpusLine =
            serde_json::from_str(text.lines().next().expect("a line")).expect("a corpus line");
        assert_eq!(first.signature.as_deref(), Some("k1"));
        assert!(first.new.is_empty());
    }

    #[test]
    fn a_cut_off_last_line_is_dropped_and_the_next_starts_clean() {
        let dir = tempfile::tempdir().expect("a folder");
        let good = r#"{"schema":1,"input":"a:b","origin":"realistic","index":0,"new":{"p":[1]}}"#;
        std::fs::write(
            dir.path().join(CORPUS),
            format!("{good}\n{{\"schema\":1,\"inp"),
        )
        .expect("written");
        let t = tally();
        let mut c = Corpus::open(dir.path(), Arc::clone(&t)).expect("opens");
        assert_eq!(c.skipped.len(), 1, "{:?}", c.skipped);
        assert!(c.skipped[0].reason.contains("cut off"));
        t.record("p", b"c:d", &[2]);
        c.keep(&|_| None).expect("kept");
        let text = std::fs::read_to_string(dir.path().join(CORPUS)).expect("the file");
        assert_eq!(text.lines().count(), 2, "{text}");
        assert!(text
            .lines()
            .all(|l| serde_json::from_str::<CorpusLine>(l).is_ok()));
    }

    #[test]
    fn guided_inputs_mutate_the_corpus_and_stay_in_bounds() {
        let corpus = vec![b"http://example.com/a?b#c".to_vec()];
        let mut origins = HashSet::new();
        for k in 0..200 {
            let t = guided_input(9, k, &corpus);
            assert!(t.input.len() <= MAX_LEN);
            if t.origin.starts_with("corpus/") {
                origins.insert(t.origin);
            } else {
                assert_eq!(t.input, super::super::input(9, k).input);
            }
        }
        assert!(origins.len() > 10, "{origins:?}");
    }
}
