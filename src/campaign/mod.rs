//! Fuzzing campaigns: generated inputs through every selected subject,
//! each new discrepancy signature minimized and written at once, durably, to
//! `DIR/findings.jsonl`; `DIR/state.json` says where to resume. Shards split one campaign's
//! input indices across machines, and [`merge`] joins their findings by signature.
//!
//! Durability (the files are in `store`): a finding line is written whole,
//! then flushed and `fsync`ed before the campaign counts or reports it; the state is written to a
//! temporary file, synced and renamed over the old one, on a cadence of time ([`SAVE_EVERY`])
//! rather than after every batch, and once more when the run ends. A campaign killed at any
//! moment has at worst a partial last line (reported and dropped when the folder is opened
//! again: its signature is found again) and a state at most a cadence (plus the batch in flight)
//! behind: those inputs are re-run, and the signatures already written are not reported twice
//! (a resumed campaign knows every key of its findings file, and [`merge`] joins by key).
//!
//! A guided campaign ([`Campaign::guide`], `uridiff fuzz` without `--blind`) also keeps, in
//! `DIR/corpus.jsonl` and as durably, the inputs whose answers reached library code new to some
//! parser (`workers/README.md`, "Coverage") or showed a new discrepancy signature, and draws
//! half of its inputs from mutations of them ([`guided_input`]).

pub mod baseline;
mod batch;
mod corpus;
pub mod death;
pub mod jobs;
pub mod progress;
pub mod promote;
pub mod reach;
mod shard;
mod store;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbitrary::Unstructured;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::{Engine, Task};

pub use batch::{Batches, BATCH_TIME, MINIMIZED_PER_GROUP};
pub use corpus::{guided_input, CorpusLine, CORPUS, CORPUS_SCHEMA, MAX_CORPUS_BYTES};
pub use shard::{BadShard, Shard};
use store::{lock_folder, write_atomic, Sink};
pub use store::{read_findings, Loaded, Skipped};

/// The findings file of a campaign folder.
pub const FINDINGS: &str = "findings.jsonl";
/// The state file of a campaign folder.
pub const STATE: &str = "state.json";

/// What can go wrong with a campaign folder.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    /// A file or folder could not be read or written.
    #[error("{path}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
    /// `state.json` is not a campaign state.
    #[error("{path}: not a campaign state ({message}); remove it to start afresh")]
    State {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A state or findings file that is not a regular file, or too large.
    #[error(transparent)]
    File(crate::files::ReadError),
    /// Another uridiff process works in the folder.
    #[error("{path}: another uridiff campaign or merge is running in this folder; wait for it, or give another --out")]
    Locked {
        /// The folder.
        path: PathBuf,
    },
    /// The folder holds a campaign with another seed or shard than the one asked for.
    #[error("{path} holds the campaign {found}, not {asked}: use another --out or drop --seed/--shard to resume it")]
    Mismatch {
        /// The folder.
        path: PathBuf,
        /// Its campaign (`seed S, shard I/N`).
        found: String,
        /// The one asked for.
        asked: String,
    },
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> CampaignError + '_ {
    move |source| CampaignError::Io {
        path: path.to_owned(),
        source,
    }
}

/// Bytes in JSON: a string when UTF-8, else `{"b64": ...}` (as in every report).
///
/// ```
/// use uridiff::campaign::Bytes;
/// let b: Bytes = serde_json::from_str(r#"{"b64":"/w=="}"#).unwrap();
/// assert_eq!(b.0, vec![0xff]);
/// assert_eq!(serde_json::to_string(&Bytes(b"a".to_vec())).unwrap(), r#""a""#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bytes(pub Vec<u8>);

impl Serialize for Bytes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::model::bytes(&self.0, s)
    }
}

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bytes, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Text(String),
            B64 { b64: String },
        }
        match Repr::deserialize(d)? {
            Repr::Text(t) => Ok(Bytes(t.into_bytes())),
            Repr::B64 { b64 } => {
                use base64::Engine as _;
                base64::engine::general_purpose::STANDARD
                    .decode(b64)
                    .map(Bytes)
                    .map_err(serde::de::Error::custom)
            }
        }
    }
}

/// The largest `state.json` read (a state is a few hundred bytes).
pub const MAX_STATE_BYTES: u64 = 1 << 20;

/// The largest `findings.jsonl` read back (a finding line is a few kilobytes).
pub const MAX_FINDINGS_BYTES: u64 = 1 << 30;

/// How often a running campaign replaces `state.json`: at most this much work (plus the batch in
/// flight) is re-run after a kill. Findings never wait for it: each is synced as it is written.
pub const SAVE_EVERY: Duration = Duration::from_secs(1);

/// Version of a `findings.jsonl` line (`schemas/findings.schema.json`), its `"schema"` field.
pub const FINDINGS_SCHEMA: u32 = 1;

fn findings_schema() -> u32 {
    FINDINGS_SCHEMA
}

/// Reads a line's `"schema"`: only [`FINDINGS_SCHEMA`] is read, so a line written by a later
/// uridiff in another shape is skipped with a reason rather than misread. (A line without the
/// field is from before it was added, and has this shape: it reads as schema 1.)
fn read_findings_schema<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = u32::deserialize(d)?;
    if v == FINDINGS_SCHEMA {
        Ok(v)
    } else {
        Err(serde::de::Error::custom(format!(
            "a findings line of schema {v}: this uridiff reads schema {FINDINGS_SCHEMA} (use the uridiff that wrote it)"
        )))
    }
}

/// One line of `findings.jsonl` (`schemas/findings.schema.json`): a discrepancy signature seen
/// for the first time in the campaign, with its minimized example.
///
/// ```
/// let line = r#"{"schema":1,"key":"url host parse: a://a","class":"host","severity":"critical",
///   "op":"parse","partition":[["impl"],["url"]],"deviating":["url"],"by_design":{},
///   "example":"a://b","first_seen":"a://b","origin":"realistic","outcomes":{},"seed":1,
///   "index":0,"shard":"0/1"}"#.replace('\n', "");
/// let f: uridiff::campaign::FindingLine = serde_json::from_str(&line).unwrap();
/// assert_eq!(f.schema, uridiff::campaign::FINDINGS_SCHEMA);
/// assert!(serde_json::from_str::<uridiff::campaign::FindingLine>(&line.replace(r#""schema":1"#, r#""schema":2"#)).is_err());
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FindingLine {
    /// [`FINDINGS_SCHEMA`].
    #[serde(default = "findings_schema", deserialize_with = "read_findings_schema")]
    pub schema: u32,
    /// The signature's key ([`crate::engine::Signature::key`]): what findings are deduplicated by.
    pub key: String,
    /// The class name (`host`, `too-lax`, `crash-panic`, ...).
    pub class: String,
    /// `critical`, `high`, `medium` or `low`.
    pub severity: String,
    /// The operation (`parse`).
    pub op: String,
    /// Evidence: every subject grouped by its answer on the example.
    pub partition: Vec<Vec<String>>,
    /// The subject that differs from its reference.
    pub deviating: Vec<String>,
    /// For each deviating subject whose profile explains the difference: the rule.
    pub by_design: BTreeMap<String, String>,
    /// The minimized input that still shows the signature.
    pub example: Bytes,
    /// The input the signature was first seen on.
    pub first_seen: Bytes,
    /// The generator the first-seen input came from.
    pub origin: String,
    /// Every subject's outcome on the example, by name.
    pub outcomes: BTreeMap<String, serde_json::Value>,
    /// The campaign's seed.
    pub seed: u64,
    /// The index of the first-seen input in the campaign ([`input`] regenerates it, unless the
    /// origin starts with `corpus/`: a guided campaign's mutation of its corpus, which
    /// `first_seen` holds).
    pub index: u64,
    /// The shard that found it.
    pub shard: Shard,
    /// Seconds of the campaign's wall-clock time, over every run of it ([`State::millis`]),
    /// when the batch holding the first-seen input had been run (before minimizing): how long
    /// the campaign took to first reach this signature. Absent from lines written before the
    /// field was added; [`merge`] keeps each line's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
}

/// `state.json`: where a campaign resumes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The generator's seed.
    pub seed: u64,
    /// The shard.
    pub shard: Shard,
    /// The index of the next input to run (always in the shard).
    pub next: u64,
    /// Inputs run so far, over every run of the campaign.
    pub inputs: u64,
    /// Milliseconds spent running the campaign, over every run of it: the clock each finding's
    /// [`FindingLine::seconds`] is read on. 0 in a state written before the field was added.
    #[serde(default)]
    pub millis: u64,
    /// What each parser giving coverage declared in its handshake, by name: kept for the
    /// reach `uridiff report --campaign` shows ([`reach`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub coverage: BTreeMap<String, Instrumented>,
}

/// What a parser giving coverage declared in its handshake (workers/README.md, "Coverage").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Instrumented {
    /// Its coverage kind (`lines`, `statements`).
    pub kind: String,
    /// How many ids its instrumentation can report, when it said (`coverage_total`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<u64>,
}

/// Input number `index` of the campaign with `seed`: it depends on nothing else.
///
/// ```
/// use uridiff::campaign::input;
/// assert_eq!(input(7, 42), input(7, 42));
/// assert_eq!(input(7, 42).origin, input(7, 42).origin);
/// ```
pub fn input(seed: u64, index: u64) -> Task {
    let bytes = crate::generate::seeded(seed, index);
    let (input, origin) = crate::generate::any(&mut Unstructured::new(&bytes));
    Task::parse(input, &origin.to_string())
}

/// A state read back must describe a campaign this build can resume: a shard with `index <
/// count`, a `next` input of that shard (`next % count == index`), and room left before the
/// index space ends (an index near `u64::MAX` would wrap to another shard's inputs).
fn validate(path: &Path, s: &State) -> Result<(), CampaignError> {
    let bad = |message: String| {
        Err(CampaignError::State {
            path: path.to_owned(),
            message,
        })
    };
    if s.shard.count == 0 || s.shard.index >= s.shard.count {
        return bad(format!("shard {} is not I/N with I < N", s.shard));
    }
    if s.next % s.shard.count != s.shard.index {
        return bad(format!(
            "next input {} is not in shard {} (it must be {} modulo {})",
            s.next, s.shard, s.shard.index, s.shard.count
        ));
    }
    if s.next > u64::MAX / 2 {
        return bad(format!(
            "next input {} leaves no room before the index space ends",
            s.next
        ));
    }
    Ok(())
}

/// What a campaign run is told: the subjects, the seed and shard, and how much to spend.
pub struct Options {
    /// The seed (`None`: the folder's, or 1 for a new campaign).
    pub seed: Option<u64>,
    /// The shard (`None`: the folder's, or 0/1 for a new campaign).
    pub shard: Option<Shard>,
    /// Subject runs spent minimizing each new signature's example.
    pub budget: usize,
    /// Findings of one (subject, class, operation, verdict) group the run minimizes at most,
    /// looking for forms of it not seen yet ([`MINIMIZED_PER_GROUP`] by default; at least 1: a
    /// signature is known only by its minimized example). More collects more forms of the
    /// behaviours already found, fewer inputs a second while the groups fill.
    pub per_group: usize,
}

/// How far a campaign got, for a progress bar and the summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Inputs run in this run.
    pub inputs: u64,
    /// Signatures known to the campaign (read back and new).
    pub classes: usize,
    /// Signatures first found in this run.
    pub new: usize,
    /// Findings minimized in this run: one for each signature first seen in its form, at most
    /// [`Options::per_group`] for each (subject, class, operation, verdict) a run. A new signature
    /// is known only once its example is minimized, so this is where a campaign's time goes
    /// while it still finds new forms: each costs its subject and reference a few dozen runs.
    pub minimized: usize,
    /// The next input index.
    pub next: u64,
    /// Signatures known to the campaign, by severity.
    pub by_severity: progress::Severities,
}

/// An open campaign folder.
pub struct Campaign {
    dir: PathBuf,
    /// The folder, locked for as long as the campaign is open.
    _lock: File,
    state: State,
    known: HashSet<String>,
    /// The known signatures by severity.
    severities: progress::Severities,
    sink: Sink,
    /// The lines of the findings file that were not read back.
    pub skipped: Vec<Skipped>,
    /// Whether the folder held a campaign already.
    pub resumed: bool,
    /// How often the state is saved while running ([`SAVE_EVERY`] unless set).
    save_every: Duration,
    /// The state as last written to `state.json`.
    saved: State,
    /// The subjects that died for good in this run (each also a [`death::DEAD`] finding line).
    pub deaths: Vec<death::Death>,
    /// The corpus of a guided campaign ([`Campaign::guide`]); `None` for a blind one.
    guide: Option<corpus::Corpus>,
    /// Whether inputs are drawn from the corpus when there is one: `false` after
    /// [`Campaign::draw_blind`], which keeps the corpus and its coverage but draws the blind
    /// campaign's inputs, to measure what blind generation reaches.
    mutate: bool,
    /// In a guided campaign, the batch's new signatures: (first-seen input, origin, index, key),
    /// kept in the corpus with the batch's novel inputs.
    signatures: Vec<(Vec<u8>, String, Option<u64>, String)>,
    /// While [`Campaign::run`] runs: the campaign's seconds ([`State::millis`]) when the batch
    /// in hand had been run, written into its findings as [`FindingLine::seconds`].
    ran: Option<f64>,
}

impl Campaign {
    /// Opens `dir` (created if need be): reads its state and findings back, or starts a new
    /// campaign. The state is written before returning, so an unwritable folder fails here,
    /// before any input is run.
    ///
    /// # Errors
    ///
    /// The folder cannot be created or written, its state is not one, or it holds another
    /// seed's or shard's campaign.
    pub fn open(dir: &Path, options: &Options) -> Result<Campaign, CampaignError> {
        fs::create_dir_all(dir).map_err(io_err(dir))?;
        let lock = lock_folder(dir)?;
        let state_path = dir.join(STATE);
        let found = crate::files::read_if_present(&state_path, MAX_STATE_BYTES)
            .map_err(CampaignError::File)?
            .map(|data| {
                serde_json::from_slice::<State>(&data).map_err(|e| CampaignError::State {
                    path: state_path.clone(),
                    message: e.to_string(),
                })
            })
            .transpose()?;
        let resumed = found.is_some();
        let state = match found {
            Some(s) => {
                let seed = options.seed.unwrap_or(s.seed);
                let shard = options.shard.unwrap_or(s.shard);
                if seed != s.seed || shard != s.shard {
                    return Err(CampaignError::Mismatch {
                        path: dir.to_owned(),
                        found: format!("seed {}, shard {}", s.seed, s.shard),
                        asked: format!("seed {seed}, shard {shard}"),
                    });
                }
                validate(&state_path, &s)?;
                s
            }
            None => {
                let shard = options.shard.unwrap_or_default();
                State {
                    seed: options.seed.unwrap_or(1),
                    shard,
                    next: shard.index,
                    inputs: 0,
                    millis: 0,
                    coverage: BTreeMap::new(),
                }
            }
        };
        let findings_path = dir.join(FINDINGS);
        let loaded = read_findings(&findings_path)?;
        let known: HashSet<String> = loaded.findings.iter().map(|f| f.key.clone()).collect();
        let mut severities = progress::Severities::default();
        // One count per key, as `known` holds them (a merged file never repeats a key).
        let mut counted = HashSet::new();
        for f in &loaded.findings {
            if counted.insert(&f.key) {
                severities.add(&f.severity);
            }
        }
        let sink = Sink::open(&findings_path, &loaded)?;
        write_atomic(&state_path, &state)?;
        Ok(Campaign {
            dir: dir.to_owned(),
            _lock: lock,
            saved: state.clone(),
            save_every: SAVE_EVERY,
            state,
            known,
            severities,
            sink,
            skipped: loaded.skipped,
            resumed,
            deaths: Vec::new(),
            guide: None,
            mutate: true,
            signatures: Vec::new(),
            ran: None,
        })
    }

    /// Guides the campaign by coverage from now on: the engine's subjects record each answer's
    /// coverage in `tally` (the caller asks them, [`crate::subjects::Subject::watch_coverage`]),
    /// an input that reaches ids new to some parser is kept in `DIR/corpus.jsonl`, and half of
    /// the inputs are mutations of the corpus ([`guided_input`]). The corpus is read back
    /// first (its ids restored in `tally`); returns its lines that could not be read.
    ///
    /// # Errors
    ///
    /// The corpus file exists and cannot be read or repaired.
    pub fn guide(
        &mut self,
        tally: Arc<crate::coverage::Tally>,
    ) -> Result<Vec<Skipped>, CampaignError> {
        let mut corpus = corpus::Corpus::open(&self.dir, tally)?;
        let skipped = std::mem::take(&mut corpus.skipped);
        self.guide = Some(corpus);
        Ok(skipped)
    }

    /// Draws the blind campaign's inputs even with a corpus ([`Campaign::guide`]): coverage is
    /// still gathered and kept, so the reach of blind generation can be set beside a guided
    /// campaign's, input for input the blind one's.
    pub fn draw_blind(&mut self) {
        self.mutate = false;
    }

    /// The inputs of the corpus of a guided campaign (0 for a blind one).
    pub fn corpus_len(&self) -> usize {
        self.guide.as_ref().map_or(0, |g| g.inputs.len())
    }

    /// The current state (`state.json` may lag behind it by up to the save cadence).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Sets how often [`Campaign::run`] replaces `state.json` (default [`SAVE_EVERY`]);
    /// `Duration::ZERO` saves after every batch.
    ///
    /// ```
    /// use std::time::Duration;
    /// use uridiff::campaign::{Campaign, Options};
    /// let dir = tempfile::tempdir().unwrap();
    /// let options = Options { seed: Some(3), shard: None, budget: 10, per_group: 64 };
    /// let c = Campaign::open(dir.path(), &options).unwrap().save_every(Duration::ZERO);
    /// assert_eq!(c.state().next, 0);
    /// ```
    #[must_use]
    pub fn save_every(mut self, every: Duration) -> Campaign {
        self.save_every = every;
        self
    }

    /// Writes the state unless `state.json` holds it already, with what the parsers giving
    /// coverage declared so far, for the reach shown later (a parser of an earlier run that is
    /// not here now keeps its entry).
    fn save(&mut self) -> Result<(), CampaignError> {
        if let Some(g) = &self.guide {
            for (name, r) in g.tally.reach() {
                if !r.kind.is_empty() {
                    let declared = Instrumented {
                        kind: r.kind,
                        total: r.instrumented,
                    };
                    self.state.coverage.insert(name, declared);
                }
            }
        }
        if self.saved != self.state {
            write_atomic(&self.dir.join(STATE), &self.state)?;
            self.saved = self.state.clone();
        }
        Ok(())
    }

    /// The signatures known so far.
    pub fn classes(&self) -> usize {
        self.known.len()
    }

    /// Runs batches of inputs of the shard, sized by `batches`, until `stop` says so (asked
    /// before each batch) or `batches` reaches its limit, writing each new signature as soon as
    /// it is minimized (synced before it is counted), the state whenever the save cadence has passed after a batch, and the state
    /// once more when `stop` ends the run. `progress` is called after each batch, `died` once
    /// for each subject that dies for good (it is also written as a finding and kept in
    /// [`Campaign::deaths`]).
    ///
    /// # Errors
    ///
    /// A finding or the state could not be written (what was written before stays).
    pub fn run(
        &mut self,
        engine: &Engine,
        options: &Options,
        mut batches: Batches,
        stop: &dyn Fn(&Progress) -> bool,
        progress: &dyn Fn(&Progress),
        died: &dyn Fn(&death::Death),
    ) -> Result<Progress, CampaignError> {
        let mut watch = death::Watch::new(engine);
        let mut carry = batch::Carry::new(options.per_group.max(1));
        let mut p = Progress {
            classes: self.known.len(),
            next: self.state.next,
            by_severity: self.severities,
            ..Progress::default()
        };
        let step = self.state.shard.count;
        let mut last_save = Instant::now();
        // The campaign's clock goes on from where its earlier runs left it.
        let (started, before) = (Instant::now(), self.state.millis);
        let clock = || before + u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        while !stop(&p) {
            let size = batches.size(p.inputs);
            if size == 0 {
                break;
            }
            let began = Instant::now();
            let indices: Vec<u64> = (0..size as u64)
                .map(|j| self.state.next + j * step)
                .collect();
            let seed = self.state.seed;
            let tasks: Vec<Task> = indices
                .iter()
                .map(|&k| match &self.guide {
                    Some(g) if self.mutate => guided_input(seed, k, &g.inputs),
                    _ => input(seed, k),
                })
                .collect();
            let rows = engine.run(&tasks, &|| {});
            // Read once the answers are in, before minimizing: when the inputs were reached.
            self.ran = Some(clock() as f64 / 1000.0);
            self.deaths_in_batch(engine, &mut watch, &rows, &indices, died)?;
            p.new += self.findings_of_batch(
                engine,
                &mut carry,
                &mut watch,
                (&rows, &indices),
                options.budget,
                died,
            )?;
            p.minimized = carry.minimized();
            if let Some(g) = &mut self.guide {
                // What the batch's answers (and the minimizing after them) reached first, kept
                // before the state moves past the batch.
                let whence: HashMap<&[u8], (&str, u64)> = tasks
                    .iter()
                    .zip(&indices)
                    .map(|(t, &k)| (t.input.as_slice(), (t.origin.as_str(), k)))
                    .collect();
                g.keep(&|i| whence.get(i).map(|&(o, k)| (o.to_owned(), Some(k))))?;
                let found = std::mem::take(&mut self.signatures);
                if g.guiding() {
                    g.keep_signatures(&found)?;
                }
            }
            batches.took(began.elapsed());
            self.state.next += indices.len() as u64 * step;
            self.state.inputs += indices.len() as u64;
            self.state.millis = clock();
            // A state is cheap to lose (its inputs are re-run, their findings deduplicated) and
            // costly to sync after every batch; a finding is neither, and is synced above.
            if last_save.elapsed() >= self.save_every {
                self.save()?;
                last_save = Instant::now();
            }
            p.inputs += indices.len() as u64;
            p.classes = self.known.len();
            p.by_severity = self.severities;
            p.next = self.state.next;
            progress(&p);
        }
        self.ran = None;
        self.save()?;
        Ok(p)
    }
}

/// What [`merge`] did.
#[derive(Debug, Default)]
pub struct Merged {
    /// Findings read from the sources.
    pub read: usize,
    /// Signatures written to the target that it did not hold.
    pub added: usize,
    /// Signatures in the target after the merge.
    pub total: usize,
    /// Lines skipped, by file.
    pub skipped: Vec<(PathBuf, Skipped)>,
    /// Corpus lines (`corpus.jsonl`) written to the target: the sources' inputs that reached
    /// ids the target's corpus (and the sources before them) did not hold.
    pub corpus: usize,
}

/// Merges the findings of several campaign folders into `out` by signature: a signature the
/// target already holds is not written again; among the sources, the smallest example of a
/// signature wins.
///
/// # Errors
///
/// A file cannot be read, or the target cannot be written.
pub fn merge(sources: &[PathBuf], out: &Path) -> Result<Merged, CampaignError> {
    fs::create_dir_all(out).map_err(io_err(out))?;
    let _lock = lock_folder(out)?;
    let target = out.join(FINDINGS);
    let existing = read_findings(&target)?;
    let mut merged = Merged::default();
    for s in &existing.skipped {
        merged.skipped.push((target.clone(), s.clone()));
    }
    let held: HashSet<String> = existing.findings.iter().map(|f| f.key.clone()).collect();
    let mut best: BTreeMap<String, FindingLine> = BTreeMap::new();
    for dir in sources {
        let path = dir.join(FINDINGS);
        if !path.exists() {
            return Err(io_err(&path)(io::Error::new(
                io::ErrorKind::NotFound,
                "no findings file (is this a campaign folder?)",
            )));
        }
        let loaded = read_findings(&path)?;
        for s in loaded.skipped {
            merged.skipped.push((path.clone(), s));
        }
        for f in loaded.findings {
            merged.read += 1;
            if held.contains(&f.key) {
                continue;
            }
            let smaller = |b: &FindingLine| {
                (f.example.0.len(), &f.example.0) < (b.example.0.len(), &b.example.0)
            };
            match best.get(&f.key) {
                Some(b) if !smaller(b) => {}
                _ => {
                    best.insert(f.key.clone(), f);
                }
            }
        }
    }
    let mut sink = Sink::open(&target, &existing)?;
    for f in best.values() {
        sink.append(f)?;
        merged.added += 1;
    }
    merged.total = held.len() + merged.added;
    // The corpora of guided shards: each input kept with the ids none before it held.
    let sources: Vec<PathBuf> = sources
        .iter()
        .map(|d| d.join(CORPUS))
        .filter(|p| p.exists())
        .collect();
    if !sources.is_empty() {
        let mut corpus = corpus::Corpus::open(out, Arc::new(crate::coverage::Tally::default()))?;
        for s in std::mem::take(&mut corpus.skipped) {
            merged.skipped.push((out.join(CORPUS), s));
        }
        for path in sources {
            let (added, skipped) = corpus.merge_from(&path)?;
            merged.corpus += added;
            merged
                .skipped
                .extend(skipped.into_iter().map(|s| (path.clone(), s)));
        }
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_campaign_on_one_folder_is_refused_while_the_first_is_open() {
        let dir = tempfile::tempdir().expect("a folder");
        let options = Options {
            seed: Some(1),
            shard: None,
            budget: 10,
            per_group: MINIMIZED_PER_GROUP,
        };
        let first = Campaign::open(dir.path(), &options).expect("the first opens");
        let Err(err) = Campaign::open(dir.path(), &options) else {
            panic!("the second is refused");
        };
        assert!(matches!(err, CampaignError::Locked { .. }), "{err}");
        assert!(
            err.to_string().contains("another uridiff campaign"),
            "{err}"
        );
        let Err(err) = merge(&[], dir.path()) else {
            panic!("a merge is refused too");
        };
        assert!(matches!(err, CampaignError::Locked { .. }), "{err}");
        drop(first);
        Campaign::open(dir.path(), &options).expect("free again once the first is closed");
    }

    #[test]
    fn a_state_outside_its_shard_or_near_the_end_is_refused() {
        let state = |next, index, count| State {
            seed: 1,
            shard: Shard { index, count },
            next,
            inputs: 0,
            millis: 0,
            coverage: BTreeMap::new(),
        };
        let p = Path::new("state.json");
        assert!(validate(p, &state(4, 1, 3)).is_ok());
        let err = validate(p, &state(5, 1, 3)).unwrap_err().to_string();
        assert!(err.contains("not in shard 1/3"), "{err}");
        let err = validate(p, &state(u64::MAX - 1, 0, 1))
            .unwrap_err()
            .to_string();
        assert!(err.contains("no room"), "{err}");
        assert!(validate(p, &state(0, 3, 3)).is_err());
    }

    #[test]
    fn a_guided_campaign_of_parsers_without_coverage_is_the_blind_one() {
        let options = Options {
            seed: Some(5),
            shard: None,
            budget: 40,
            per_group: MINIMIZED_PER_GROUP,
        };
        let blind = tempfile::tempdir().expect("a folder");
        let mut c = Campaign::open(blind.path(), &options).expect("opens");
        let p_blind = run_batches(&mut c, 3, &|_, _| {});
        drop(c);
        let guided = tempfile::tempdir().expect("a folder");
        let mut c = Campaign::open(guided.path(), &options).expect("opens");
        let tally = Arc::new(crate::coverage::Tally::default());
        assert!(c
            .guide(Arc::clone(&tally))
            .expect("no corpus yet")
            .is_empty());
        let p_guided = run_batches(&mut c, 3, &|_, _| {});
        assert!(p_blind.new > 0, "no class to keep");
        assert_eq!(p_guided, p_blind);
        assert_eq!(c.corpus_len(), 0);
        drop(c);
        assert!(
            !guided.path().join(CORPUS).exists(),
            "a corpus without coverage"
        );
        // The same lines but for the time each was reached.
        let timeless = |dir: &Path| -> Vec<String> {
            read_findings(&dir.join(FINDINGS))
                .expect("findings")
                .findings
                .into_iter()
                .map(|f| {
                    assert!(f.seconds.is_some(), "a finding without its time");
                    let f = FindingLine { seconds: None, ..f };
                    serde_json::to_string(&f).expect("a line")
                })
                .collect()
        };
        assert_eq!(timeless(guided.path()), timeless(blind.path()));
    }

    #[test]
    fn each_finding_says_when_it_was_reached_on_a_clock_a_resumed_run_continues() {
        let options = Options {
            seed: Some(6),
            shard: None,
            budget: 40,
            per_group: MINIMIZED_PER_GROUP,
        };
        let dir = tempfile::tempdir().expect("a folder");
        let mut c = Campaign::open(dir.path(), &options).expect("opens");
        let first = run_batches(&mut c, 3, &|_, _| {});
        assert!(first.new > 0, "no class to time");
        let ended = c.state().millis;
        drop(c);
        assert_eq!(on_disk(dir.path()).millis, ended, "the clock is saved");
        // As if the first run had lasted an hour longer: the second run's clock starts there.
        let mut state = on_disk(dir.path());
        state.millis = ended + 3_600_000;
        write_atomic(&dir.path().join(STATE), &state).expect("written");
        let mut c = Campaign::open(dir.path(), &options).expect("reopens");
        let second = run_batches(&mut c, 6, &|_, _| {});
        assert!(second.new > 0, "the second run found nothing to time");
        assert!(c.state().millis >= ended + 3_600_000);
        let seconds: Vec<f64> = read_findings(&dir.path().join(FINDINGS))
            .expect("findings")
            .findings
            .iter()
            .map(|f| f.seconds.expect("every finding has its time"))
            .collect();
        assert!(seconds.windows(2).all(|w| w[0] <= w[1]), "{seconds:?}");
        let (before, after) = seconds.split_at(first.new);
        assert!(
            before.iter().all(|&s| s <= ended as f64 / 1000.0),
            "{seconds:?}"
        );
        assert!(after.iter().all(|&s| s >= 3600.0), "{seconds:?}");
    }

    #[test]
    fn merging_shards_joins_their_corpora_each_id_kept_once() {
        let line = |input: &str, parser: &str, ids: &str| {
            format!(
                r#"{{"schema":1,"input":"{input}","origin":"realistic","index":0,"new":{{"{parser}":[{ids}]}}}}"#
            )
        };
        let shard = |lines: &[String]| {
            let dir = tempfile::tempdir().expect("a folder");
            fs::write(dir.path().join(FINDINGS), "").expect("findings");
            fs::write(dir.path().join(CORPUS), lines.join("\n") + "\n").expect("corpus");
            dir
        };
        let a = shard(&[line("x:1", "p", "1,2"), line("x:2", "p", "3")]);
        let b = shard(&[
            line("y:1", "p", "2,4"),
            line("y:2", "p", "1"),
            line("y:3", "q", "1"),
        ]);
        let out = tempfile::tempdir().expect("a folder");
        let sources = [a.path().to_owned(), b.path().to_owned()];
        let m = merge(&sources, out.path()).expect("merged");
        assert_eq!(m.corpus, 4);
        let text = fs::read_to_string(out.path().join(CORPUS)).expect("the corpus");
        let got: Vec<(String, BTreeMap<String, Vec<u32>>)> = text
            .lines()
            .map(|l| {
                let l: CorpusLine = serde_json::from_str(l).expect("a line");
                (String::from_utf8(l.input.0).expect("text"), l.new)
            })
            .collect();
        let want = |input: &str, parser: &str, ids: &[u32]| {
            (
                input.to_owned(),
                BTreeMap::from([(parser.to_owned(), ids.to_vec())]),
            )
        };
        assert_eq!(
            got,
            vec![
                want("x:1", "p", &[1, 2]),
                want("x:2", "p", &[3]),
                want("y:1", "p", &[4]),
                want("y:3", "q", &[1]),
            ]
        );
        // Merged again: every id is held already.
        assert_eq!(merge(&sources, out.path()).expect("merged").corpus, 0);
    }

    fn engine() -> Engine {
        Engine::new(crate::subjects::in_process())
    }

    fn on_disk(dir: &Path) -> State {
        serde_json::from_slice(&fs::read(dir.join(STATE)).expect("state.json")).expect("a state")
    }

    /// Runs `batches` batches of 8 inputs, calling `seen` with the state on disk after each.
    fn run_batches(c: &mut Campaign, batches: u64, seen: &dyn Fn(&State, &Progress)) -> Progress {
        let options = Options {
            seed: None,
            shard: None,
            budget: 40,
            per_group: MINIMIZED_PER_GROUP,
        };
        let dir = c.dir.clone();
        c.run(
            &engine(),
            &options,
            Batches::fixed(8),
            &|p| p.inputs >= batches * 8,
            &|p| seen(&on_disk(&dir), p),
            &|_| {},
        )
        .expect("the campaign runs")
    }

    #[test]
    fn the_state_is_saved_on_its_cadence_and_when_the_run_ends() {
        let options = Options {
            seed: Some(2),
            shard: None,
            budget: 40,
            per_group: MINIMIZED_PER_GROUP,
        };
        // A cadence longer than the test: state.json stays as written at open while the
        // campaign runs, and holds the last batch once the run ends.
        let dir = tempfile::tempdir().expect("a folder");
        let mut c = Campaign::open(dir.path(), &options)
            .expect("opens")
            .save_every(Duration::from_secs(3600));
        let p = run_batches(&mut c, 3, &|disk, _| {
            assert_eq!(disk.next, 0, "saved early")
        });
        assert_eq!(p.next, 24);
        assert_eq!(on_disk(dir.path()), *c.state());
        assert_eq!(on_disk(dir.path()).inputs, 24);
        // A cadence of zero: saved after every batch, before progress hears of it.
        let dir = tempfile::tempdir().expect("a folder");
        let mut c = Campaign::open(dir.path(), &options)
            .expect("opens")
            .save_every(Duration::ZERO);
        run_batches(&mut c, 3, &|disk, p| {
            assert_eq!(disk.next, p.next, "not saved")
        });
    }

    #[test]
    fn inputs_run_again_after_a_lagging_state_report_nothing_twice() {
        let options = Options {
            seed: Some(4),
            shard: None,
            budget: 40,
            per_group: MINIMIZED_PER_GROUP,
        };
        let dir = tempfile::tempdir().expect("a folder");
        let mut c = Campaign::open(dir.path(), &options).expect("opens");
        let first = run_batches(&mut c, 4, &|_, _| {});
        drop(c);
        let findings = fs::read(dir.path().join(FINDINGS)).expect("findings");
        assert!(first.new > 0, "32 inputs found no class");
        // Every new signature is known only once a finding of it is minimized.
        assert!(first.minimized >= first.new, "{first:?}");
        // The state a kill could leave: written before any of those inputs ran.
        write_atomic(
            &dir.path().join(STATE),
            &State {
                seed: 4,
                shard: Shard::default(),
                next: 0,
                inputs: 0,
                millis: 0,
                coverage: BTreeMap::new(),
            },
        )
        .expect("rewound");
        let mut c = Campaign::open(dir.path(), &options).expect("reopens");
        assert_eq!(c.classes(), first.classes);
        let again = run_batches(&mut c, 4, &|_, _| {});
        assert_eq!(again.new, 0, "a signature reported twice");
        assert_eq!(again.classes, first.classes);
        // Known classes do not spare the minimizing: a finding's class is its minimized form.
        assert_eq!(again.minimized, first.minimized);
        assert_eq!(
            fs::read(dir.path().join(FINDINGS)).expect("findings"),
            findings,
            "the findings file changed"
        );
    }
}
