//! The measurement: every (peer, operation) pair over the same corpus in interleaved rounds
//! ([`measure`]), the engine's own throughput ([`engine_throughput`]), an external worker
//! persistent against one process per input ([`external_speedup`]), and the [`Machine`] it ran
//! on.
//!
//! Within a round each pair makes one pass over the corpus, in an order rotated from round to
//! round, so a busy neighbour slows every pair alike; the figure is the median over the rounds
//! and the spread is the rounds' range.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::{peers, references, Peer, Run, BASE, OPS};
use crate::engine::{Engine, Task};
use crate::model::Op;
use crate::subjects::{self, Subject};

/// What to measure and how long (the command line's validated settings).
#[derive(Clone, Debug)]
pub struct Config {
    /// The realistic corpus's seed.
    pub seed: u64,
    /// How many realistic URIs.
    pub count: usize,
    /// Measured rounds (after one warm-up round).
    pub rounds: usize,
    /// The parsers to measure (empty: all); impl is always measured, as the reference.
    pub parsers: Vec<String>,
}

impl Config {
    /// The full measurement: 100k URIs, 15 rounds.
    pub fn full() -> Config {
        Config {
            seed: 1,
            count: 100_000,
            rounds: 15,
            parsers: Vec::new(),
        }
    }

    /// A quick look: 10k URIs, 5 rounds.
    pub fn quick() -> Config {
        Config {
            count: 10_000,
            rounds: 5,
            ..Config::full()
        }
    }
}

/// One parser's figures for one operation.
#[derive(Clone, Debug, Serialize)]
pub struct Figure {
    /// The parser.
    pub parser: String,
    /// The operation (`parse`, `resolve`, `normalize`).
    pub op: String,
    /// Median over the rounds of the time per URI, in nanoseconds.
    pub ns_per_uri: f64,
    /// The fastest round's time per URI.
    pub ns_per_uri_min: f64,
    /// The slowest round's time per URI.
    pub ns_per_uri_max: f64,
    /// The rounds' range relative to the median, in percent.
    pub spread_pct: f64,
    /// Input megabytes (10^6 bytes) per second at the median.
    pub mb_per_s: f64,
    /// The median over impl's median for the same operation (`None` when impl lacks it).
    pub ratio_to_impl: Option<f64>,
    /// How many inputs the library accepted.
    pub accepted: usize,
    /// What a `resolve` figure covers (does the library hold the parsed base?).
    #[serde(skip_serializing_if = "str::is_empty")]
    pub note: String,
}

/// The corpus a measurement ran on.
#[derive(Clone, Debug, Serialize)]
pub struct CorpusInfo {
    /// The generator (`generate::realistic`).
    pub generator: String,
    /// Its seed.
    pub seed: u64,
    /// How many URIs.
    pub count: usize,
    /// Their total length in bytes (the references', for `resolve`).
    pub bytes: usize,
    /// The base of `resolve`.
    pub base: String,
}

/// Every figure of one run of [`measure`].
#[derive(Clone, Debug, Serialize)]
pub struct Measurement {
    /// The corpus.
    pub corpus: CorpusInfo,
    /// Measured rounds.
    pub rounds: usize,
    /// One figure per parser and operation, operation by operation.
    pub results: Vec<Figure>,
}

/// Runs every selected (parser, operation) pair over the realistic corpus in interleaved
/// rounds.
///
/// ```
/// let cfg = uridiff::bench::Config { count: 20, rounds: 1, ..uridiff::bench::Config::quick() };
/// let m = uridiff::bench::measure(&cfg);
/// let imp = m.results.iter().find(|f| f.parser == "impl" && f.op == "parse").unwrap();
/// assert_eq!(imp.ratio_to_impl, Some(1.0));
/// assert_eq!(imp.accepted, 20);
/// ```
pub fn measure(cfg: &Config) -> Measurement {
    let uris = crate::generate::realistic(cfg.seed, cfg.count);
    let refs = references(&uris);
    let bytes = |c: &[Vec<u8>]| c.iter().map(Vec::len).sum::<usize>();
    let peers: Vec<Peer> = peers()
        .into_iter()
        .filter(|p| {
            p.name == "impl" || cfg.parsers.is_empty() || cfg.parsers.iter().any(|n| n == p.name)
        })
        .collect();
    struct Pair<'a> {
        peer: &'a Peer,
        op: Op,
        run: Run<'a>,
        corpus: &'a [Vec<u8>],
        samples: Vec<Duration>,
        accepted: usize,
    }
    let mut pairs: Vec<Pair<'_>> = OPS
        .iter()
        .flat_map(|&op| peers.iter().map(move |p| (p, op)))
        .filter_map(|(peer, op)| {
            Some(Pair {
                peer,
                op,
                run: peer.op(op, BASE)?,
                corpus: if op == Op::Resolve { &refs } else { &uris },
                samples: Vec::new(),
                accepted: 0,
            })
        })
        .collect();
    let n = pairs.len();
    // Round 0 warms caches and allocators and is not kept.
    for round in 0..=cfg.rounds {
        for k in 0..n {
            let pair = &mut pairs[(k + round) % n];
            let start = Instant::now();
            let mut accepted = 0;
            for input in pair.corpus {
                accepted += usize::from((pair.run)(black_box(input)));
            }
            let took = start.elapsed();
            pair.accepted = accepted;
            if round > 0 {
                pair.samples.push(took);
            }
        }
    }
    let count = uris.len().max(1) as f64;
    let mut results: Vec<Figure> = pairs
        .iter()
        .map(|p| {
            let mut ns: Vec<f64> = p
                .samples
                .iter()
                .map(|d| d.as_nanos() as f64 / count)
                .collect();
            ns.sort_by(f64::total_cmp);
            let median = median(&ns);
            let (min, max) = (
                ns.first().copied().unwrap_or(0.0),
                ns.last().copied().unwrap_or(0.0),
            );
            let corpus_bytes = bytes(p.corpus) as f64;
            Figure {
                parser: p.peer.name.to_owned(),
                op: p.op.name().to_owned(),
                ns_per_uri: median,
                ns_per_uri_min: min,
                ns_per_uri_max: max,
                spread_pct: if median > 0.0 {
                    (max - min) / median * 100.0
                } else {
                    0.0
                },
                mb_per_s: if median > 0.0 {
                    corpus_bytes / (median * count) * 1e3
                } else {
                    0.0
                },
                ratio_to_impl: None,
                accepted: p.accepted,
                note: if p.op == Op::Resolve {
                    p.peer.resolve_note.to_owned()
                } else {
                    String::new()
                },
            }
        })
        .collect();
    for op in OPS {
        let reference = results
            .iter()
            .find(|f| f.parser == "impl" && f.op == op.name())
            .map(|f| f.ns_per_uri);
        for f in results.iter_mut().filter(|f| f.op == op.name()) {
            f.ratio_to_impl = reference.filter(|r| *r > 0.0).map(|r| f.ns_per_uri / r);
        }
    }
    Measurement {
        corpus: CorpusInfo {
            generator: "generate::realistic".into(),
            seed: cfg.seed,
            count: uris.len(),
            bytes: bytes(&uris),
            base: BASE.into(),
        },
        rounds: cfg.rounds,
        results,
    }
}

fn median(sorted: &[f64]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// The engine's own speed: parse tasks through every in-process adapter via [`Engine::run`].
#[derive(Clone, Debug, Serialize)]
pub struct EngineThroughput {
    /// The subjects the tasks went through.
    pub subjects: Vec<String>,
    /// How many tasks (each goes to every subject).
    pub tasks: usize,
    /// Worker threads (rayon's).
    pub threads: usize,
    /// Wall-clock seconds of the fastest of the runs.
    pub seconds: f64,
    /// Subject calls (task x subject) per second.
    pub parser_inputs_per_s: f64,
    /// The same per thread.
    pub parser_inputs_per_s_per_core: f64,
}

/// Runs `tasks` realistic parse tasks through [`Engine::run`] with `subjects` (impl is added
/// when missing), `runs` times, and keeps the fastest.
///
/// ```
/// let t = uridiff::bench::engine_throughput(uridiff::subjects::in_process(), 1, 50, 1);
/// assert_eq!(t.tasks, 50);
/// assert!(t.subjects.contains(&"impl".to_owned()));
/// ```
pub fn engine_throughput(
    subjects: Vec<Arc<dyn Subject>>,
    seed: u64,
    tasks: usize,
    runs: usize,
) -> EngineThroughput {
    let engine = Engine::new(subjects);
    let tasks: Vec<Task> = crate::generate::realistic(seed, tasks)
        .into_iter()
        .map(|u| Task::parse(u, "bench"))
        .collect();
    let mut best = Duration::MAX;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        black_box(engine.run(&tasks, &|| {}));
        best = best.min(start.elapsed());
    }
    let subjects: Vec<String> = engine.infos().iter().map(|i| i.name.clone()).collect();
    let threads = rayon::current_num_threads();
    let calls = (tasks.len() * subjects.len()) as f64;
    let per_s = calls / best.as_secs_f64().max(1e-9);
    EngineThroughput {
        subjects,
        tasks: tasks.len(),
        threads,
        seconds: best.as_secs_f64(),
        parser_inputs_per_s: per_s,
        parser_inputs_per_s_per_core: per_s / threads.max(1) as f64,
    }
}

/// A worker measured both ways.
#[derive(Clone, Debug, Serialize)]
pub struct ExternalSpeedup {
    /// The worker.
    pub worker: String,
    /// Inputs sent to the persistent worker (after its handshake and one warm-up input).
    pub persistent_inputs: usize,
    /// Microseconds per input, persistent.
    pub persistent_us_per_input: f64,
    /// Inputs each given to a freshly started worker.
    pub spawned_inputs: usize,
    /// Microseconds per input when a worker is started (and its handshake awaited) for each.
    pub spawn_us_per_input: f64,
    /// How many times faster the persistent worker is.
    pub speedup: f64,
}

/// Why a worker could not be measured.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("worker {worker} is not available: {why}")]
pub struct Unavailable {
    /// The worker.
    pub worker: String,
    /// Its reason.
    pub why: String,
}

/// Measures an external worker in persistent mode (one process for `persistent` inputs) against
/// one process per input (`spawned` inputs, `make` called for each). The first persistent
/// answer (the worker's start) is not counted.
///
/// # Errors
///
/// [`Unavailable`] when the worker cannot start.
pub fn external_speedup(
    make: &dyn Fn() -> Arc<dyn Subject>,
    seed: u64,
    persistent: usize,
    spawned: usize,
) -> Result<ExternalSpeedup, Unavailable> {
    let inputs = crate::generate::realistic(seed, persistent.max(spawned).max(1));
    let worker = make();
    let name = worker.info().name.clone();
    worker.available().map_err(|why| Unavailable {
        worker: name.clone(),
        why,
    })?;
    black_box(subjects::run(
        worker.as_ref(),
        &subjects::Job::parse(&inputs[0]),
    ));
    let start = Instant::now();
    for input in inputs.iter().cycle().take(persistent.max(1)) {
        black_box(subjects::run(worker.as_ref(), &subjects::Job::parse(input)));
    }
    let persistent_us = start.elapsed().as_secs_f64() * 1e6 / persistent.max(1) as f64;
    drop(worker);
    let start = Instant::now();
    for input in inputs.iter().take(spawned.max(1)) {
        let fresh = make();
        black_box(subjects::run(fresh.as_ref(), &subjects::Job::parse(input)));
    }
    let spawn_us = start.elapsed().as_secs_f64() * 1e6 / spawned.max(1) as f64;
    Ok(ExternalSpeedup {
        worker: name,
        persistent_inputs: persistent.max(1),
        persistent_us_per_input: persistent_us,
        spawned_inputs: spawned.max(1),
        spawn_us_per_input: spawn_us,
        speedup: spawn_us / persistent_us.max(1e-9),
    })
}

/// Where and when a measurement ran.
#[derive(Clone, Debug, Serialize)]
pub struct Machine {
    /// UTC time of the run (RFC 3339).
    pub date: String,
    /// Logical CPUs (`nproc`).
    pub nproc: usize,
    /// The CPU model (`/proc/cpuinfo`'s `model name`), or `unknown`.
    pub cpu: String,
    /// The operating system and architecture.
    pub os: String,
}

impl Machine {
    /// This machine, now.
    ///
    /// ```
    /// let m = uridiff::bench::Machine::here();
    /// assert!(m.nproc >= 1);
    /// assert!(m.date.ends_with('Z'));
    /// ```
    pub fn here() -> Machine {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_owned())
            })
            .unwrap_or_else(|| "unknown".to_owned());
        Machine {
            date: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
            nproc: std::thread::available_parallelism().map_or(1, usize::from),
            cpu,
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        }
    }
}
