//! The harness's own speed (`uridiff bench --harness`): a report run of N generated inputs
//! through every available parser, timed as `uridiff report` spends it (run, classify, write),
//! and a fuzz campaign of a few seconds through every available parser and through the
//! in-process ones only, counted in inputs per second.
//!
//! Everything runs in this process through the library ([`crate::run::build`],
//! [`crate::campaign::Campaign::run`]), as the commands do; no uridiff process is started. The
//! report's own [`crate::report_model::Timing`] gives the run and classify split; writing is the four
//! files `uridiff report` writes (`index.html`, `summary.md`, `discrepancies.json`,
//! `junit.xml`), written into memory so that a slow disk is not counted.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::campaign::{Batches, Campaign, CampaignError, Options};
use crate::engine::{Engine, Task};
use crate::subjects::{Kind, Subject};

/// What the harness mode runs (the command line's validated settings).
#[derive(Clone, Debug, PartialEq)]
pub struct HarnessConfig {
    /// The seed of the report's generated inputs and of the campaigns.
    pub seed: u64,
    /// One report run per entry, of this many generated inputs (`generate::operations`), beside
    /// the built-in suites' cases.
    pub report_inputs: Vec<usize>,
    /// How long each fuzz campaign runs.
    pub fuzz_seconds: Duration,
    /// Subject runs spent minimizing a class's example (the report's and the campaign's
    /// `--budget`).
    pub budget: usize,
    /// Whether the subjects are a selection (`--harness-parser`): the first campaign is then
    /// labelled `selected`, not `all`.
    pub selected: bool,
    /// The cores the report runs plan for ([`Engine::cores`]); `None`: the machine's.
    pub cores: Option<usize>,
}

impl Default for HarnessConfig {
    /// 3,000 inputs (the report's first target), 10 seconds per campaign, the commands'
    /// default budget of 120.
    fn default() -> HarnessConfig {
        HarnessConfig {
            seed: 1,
            report_inputs: vec![3_000],
            fuzz_seconds: Duration::from_secs(10),
            budget: 120,
            selected: false,
            cores: None,
        }
    }
}

/// One report run, timed.
#[derive(Clone, Debug, Serialize)]
pub struct ReportRun {
    /// Generated inputs asked for.
    pub inputs: usize,
    /// Jobs run: the generated ones and the built-in suites' cases.
    pub jobs: usize,
    /// The parsers every job went through.
    pub subjects: Vec<String>,
    /// Wall-clock seconds from the first job to the last file written.
    pub seconds: f64,
    /// Seconds running the jobs (the report's `timing.run_s`).
    pub run_s: f64,
    /// Seconds classifying and minimizing (the report's `timing.classify_s`).
    pub classify_s: f64,
    /// Seconds for the rest of the report (judging suite cases, matrix, agreement: the
    /// report's `total_s` less run and classify).
    pub assemble_s: f64,
    /// Seconds writing the report's four files.
    pub write_s: f64,
    /// Jobs per wall-clock second.
    pub inputs_per_s: f64,
    /// Parser calls (job x parser) per second of running (the report's `timing.inputs_per_s`).
    pub parser_inputs_per_s: f64,
    /// The 1-minute load average when the run ended (`/proc/loadavg`; `None` where there is
    /// none): wall-clock figures on a busy machine are the load's as much as uridiff's.
    pub load: Option<f64>,
    /// Where the run's CPU time went: uridiff's process, then each worker.
    pub cpu: Vec<CpuShare>,
}

/// The CPU time (user and system) one process of a report run spent during it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CpuShare {
    /// `uridiff` (this process: the engine, the judging, the report and every in-process
    /// parser, which run inside it) or a worker's subject name (its process and descendants,
    /// restarts included; its start-up before the run is not counted).
    pub process: String,
    /// CPU seconds; `None` where they cannot be read (a worker elsewhere than on Linux).
    pub cpu_s: Option<f64>,
    /// Its share of the sum of the measured ones (0 to 1).
    pub share: Option<f64>,
    /// The most processes it ran at once ([`Engine::processes`]; 1 for `uridiff`).
    pub processes: usize,
    /// For `uridiff`'s row, the part of `cpu_s` that the in-process parsers' parses and
    /// re-parses of the run took ([`Engine::in_process_cpu`]): the rest is the harness's own.
    /// `None` for a worker, and where it cannot be read.
    pub parsers_s: Option<f64>,
}

impl CpuShare {
    /// The harness's own CPU seconds: uridiff's less its in-process parsers' (`None` for a
    /// worker's row).
    ///
    /// ```
    /// use uridiff::bench::CpuShare;
    /// let row = CpuShare { process: "uridiff".into(), cpu_s: Some(10.0), share: Some(0.2),
    ///     processes: 1, parsers_s: Some(1.5) };
    /// assert_eq!(row.own_s(), Some(8.5));
    /// ```
    pub fn own_s(&self) -> Option<f64> {
        Some((self.cpu_s? - self.parsers_s?).max(0.0))
    }
}

/// CPU seconds (user and system, every thread) this process has spent so far, from
/// getrusage(2) `RUSAGE_SELF`; `None` where it cannot be read.
fn own_cpu() -> Option<f64> {
    crate::engine::pool::process_cpu().map(|d| d.as_secs_f64())
}

/// The 1-minute load average, the first field of `/proc/loadavg` (proc(5)).
fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_ascii_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Every external subject's CPU seconds so far (by name), `None` for one that cannot be read.
fn workers_cpu(engine: &Engine) -> Vec<(String, Option<f64>, usize)> {
    engine
        .infos()
        .iter()
        .enumerate()
        .filter(|(_, i)| i.kind == Kind::External)
        .map(|(k, i)| {
            let spent = crate::subjects::external::worker_cpu(&i.name);
            (
                i.name.clone(),
                spent.map(|d| d.as_secs_f64()),
                engine.processes(k),
            )
        })
        .collect()
}

/// What the engine's in-process parsers spent since `before` ([`Engine::in_process_cpu`]), in
/// seconds; `None` where the clock cannot be read (every read failed, so nothing was counted).
fn parsers_spent(engine: &Engine, before: Duration) -> Option<f64> {
    crate::engine::pool::thread_cpu()?;
    Some(engine.in_process_cpu().saturating_sub(before).as_secs_f64())
}

/// The split of a run's CPU: what each process spent between `before` and `after`, with its
/// share of the measured sum.
fn cpu_split(
    own: (Option<f64>, Option<f64>),
    parsers_s: Option<f64>,
    before: &[(String, Option<f64>, usize)],
    after: &[(String, Option<f64>, usize)],
) -> Vec<CpuShare> {
    let spent = |a: Option<f64>, b: Option<f64>| Some((b? - a?).max(0.0));
    let mut rows = vec![("uridiff".to_owned(), spent(own.0, own.1), 1)];
    for (name, b, processes) in after {
        let a = before
            .iter()
            .find(|(n, ..)| n == name)
            .and_then(|(_, a, _)| *a)
            // A worker first started during the run spent all it shows during it.
            .or(b.map(|_| 0.0));
        rows.push((name.clone(), spent(a, *b), *processes));
    }
    let total: f64 = rows.iter().filter_map(|(_, s, _)| *s).sum();
    rows.into_iter()
        .enumerate()
        .map(|(k, (process, cpu_s, processes))| CpuShare {
            process,
            cpu_s,
            share: cpu_s.map(|s| if total > 0.0 { s / total } else { 0.0 }),
            processes,
            // The first row is uridiff's; the parsers' part never exceeds what it splits.
            parsers_s: (k == 0)
                .then_some(parsers_s)
                .flatten()
                .map(|p| p.min(cpu_s.unwrap_or(p))),
        })
        .collect()
}

/// One fuzz campaign, timed.
#[derive(Clone, Debug, Serialize)]
pub struct FuzzRun {
    /// `all` (every available parser), `selected` (those of `--harness-parser`) or
    /// `in-process`.
    pub parsers: String,
    /// The parsers every input went through.
    pub subjects: Vec<String>,
    /// Inputs run.
    pub inputs: u64,
    /// Wall-clock seconds of the run (opening the folder included).
    pub seconds: f64,
    /// Inputs per wall-clock second.
    pub inputs_per_s: f64,
    /// Signatures the campaign found (each minimized and written).
    pub classes: usize,
    /// Findings the campaign minimized (one per signature first seen in a form new to the run):
    /// the work that bounds its inputs a second while it still finds new forms.
    pub minimized: usize,
    /// The 1-minute load average when the campaign ended (as [`ReportRun::load`]).
    pub load: Option<f64>,
    /// Where the campaign's CPU time went: uridiff's process, then each worker.
    pub cpu: Vec<CpuShare>,
}

/// The `harness` section of `bench.json`.
#[derive(Clone, Debug, Serialize)]
pub struct Harness {
    /// The seed.
    pub seed: u64,
    /// The minimization budget.
    pub budget: usize,
    /// One per `report_inputs` entry.
    pub report: Vec<ReportRun>,
    /// Every available parser, then the in-process ones.
    pub fuzz: Vec<FuzzRun>,
}

/// Why the harness could not be measured.
#[derive(Debug, thiserror::Error)]
pub enum HarnessError {
    /// A report run failed.
    #[error("the report run: {0}")]
    Run(#[from] crate::run::RunError),
    /// A campaign failed.
    #[error("the fuzz campaign in {dir}: {source}")]
    Campaign {
        /// Its (temporary) folder.
        dir: PathBuf,
        /// Why.
        source: CampaignError,
    },
    /// A temporary folder for a campaign could not be made.
    #[error("making a temporary folder for the fuzz campaign (set TMPDIR to a writable one): {0}")]
    Temp(#[source] std::io::Error),
    /// Nothing to measure.
    #[error("no parser is available to measure the harness with")]
    NoSubject,
}

/// Runs the report runs and both campaigns with the available ones of `subjects`.
///
/// # Errors
///
/// [`HarnessError`] when a run cannot start or a campaign cannot write its folder.
///
/// ```
/// use std::time::Duration;
/// use uridiff::bench::{harness, HarnessConfig};
/// let cfg = HarnessConfig {
///     report_inputs: vec![20],
///     fuzz_seconds: Duration::from_millis(50),
///     budget: 5,
///     ..HarnessConfig::default()
/// };
/// let h = harness(uridiff::subjects::in_process(), &cfg).unwrap();
/// assert_eq!(h.report[0].inputs, 20);
/// assert!(h.report[0].jobs > 20, "the suites' cases run too");
/// assert_eq!(h.fuzz[1].parsers, "in-process");
/// assert!(h.fuzz[1].inputs > 0);
/// ```
pub fn harness(
    subjects: Vec<Arc<dyn Subject>>,
    cfg: &HarnessConfig,
) -> Result<Harness, HarnessError> {
    let all: Vec<Arc<dyn Subject>> = subjects
        .into_iter()
        .filter(|s| s.available().is_ok())
        .collect();
    let local: Vec<Arc<dyn Subject>> = all
        .iter()
        .filter(|s| s.info().kind == Kind::InProcess)
        .cloned()
        .collect();
    if all.is_empty() {
        return Err(HarnessError::NoSubject);
    }
    let engine = match cfg.cores {
        Some(cores) => Engine::new(all.clone()).cores(cores),
        None => Engine::new(all.clone()),
    };
    let suites: Vec<_> = crate::suite::builtin()
        .into_iter()
        .filter_map(Result::ok)
        .collect();
    let mut report = Vec::new();
    for &n in &cfg.report_inputs {
        report.push(report_run(&engine, &suites, cfg, n)?);
    }
    let label = if cfg.selected { "selected" } else { "all" };
    let mut fuzz = vec![fuzz_run(label, all, cfg)?];
    if !local.is_empty() {
        fuzz.push(fuzz_run("in-process", local, cfg)?);
    }
    Ok(Harness {
        seed: cfg.seed,
        budget: cfg.budget,
        report,
        fuzz,
    })
}

fn report_run(
    engine: &Engine,
    suites: &[crate::suite::Suite],
    cfg: &HarnessConfig,
    n: usize,
) -> Result<ReportRun, HarnessError> {
    let tasks = crate::generate::operations(cfg.seed, n);
    let generated = tasks.len();
    let workers_before = workers_cpu(engine);
    let own_before = own_cpu();
    let parsers_before = engine.in_process_cpu();
    let start = Instant::now();
    let r = crate::run::build(crate::run::Inputs {
        engine,
        suites,
        tasks,
        whatwg: Vec::new(),
        seed: cfg.seed,
        generated,
        budget: cfg.budget,
        confusion: Default::default(),
        // As `uridiff report` tags its generated confusion inputs.
        tag: &|t: &Task| {
            t.origin
                .strip_prefix("confusion/")
                .map(|c| format!("{c} confusion"))
        },
        progress: &|| (),
    })?;
    let built = start.elapsed().as_secs_f64();
    let mut sink = Vec::new();
    // Writing into memory cannot fail; a failure would only leave `write_s` short.
    let _ = crate::report::html::write(&r, &mut sink);
    let _ = crate::report::markdown::write(&r, &mut sink);
    let _ = crate::report::json::write(&r, &mut sink);
    let _ = crate::report::junit::write(&r, &mut sink);
    std::hint::black_box(&sink);
    let seconds = start.elapsed().as_secs_f64();
    let own_after = own_cpu();
    let cpu = cpu_split(
        (own_before, own_after),
        parsers_spent(engine, parsers_before),
        &workers_before,
        &workers_cpu(engine),
    );
    Ok(ReportRun {
        inputs: n,
        jobs: r.tasks,
        subjects: engine.infos().iter().map(|i| i.name.clone()).collect(),
        seconds,
        run_s: r.timing.run_s,
        classify_s: r.timing.classify_s,
        assemble_s: (r.timing.total_s - r.timing.run_s - r.timing.classify_s).max(0.0),
        write_s: seconds - built,
        inputs_per_s: r.tasks as f64 / seconds.max(1e-9),
        parser_inputs_per_s: r.timing.inputs_per_s,
        load: load_average(),
        cpu,
    })
}

fn fuzz_run(
    label: &str,
    subjects: Vec<Arc<dyn Subject>>,
    cfg: &HarnessConfig,
) -> Result<FuzzRun, HarnessError> {
    let dir = tempfile::Builder::new()
        .prefix("uridiff-bench-fuzz-")
        .tempdir()
        .map_err(HarnessError::Temp)?;
    let failed = |source| HarnessError::Campaign {
        dir: dir.path().to_owned(),
        source,
    };
    let engine = match cfg.cores {
        Some(cores) => Engine::new(subjects).cores(cores),
        None => Engine::new(subjects),
    };
    let workers_before = workers_cpu(&engine);
    let own_before = own_cpu();
    let parsers_before = engine.in_process_cpu();
    let options = Options {
        seed: Some(cfg.seed),
        shard: None,
        budget: cfg.budget,
        per_group: crate::campaign::MINIMIZED_PER_GROUP,
    };
    let start = Instant::now();
    let deadline = start + cfg.fuzz_seconds;
    let mut campaign = Campaign::open(dir.path(), &options).map_err(failed)?;
    // The batches `uridiff fuzz` runs.
    let batches = Batches::campaign(None);
    let p = campaign
        .run(
            &engine,
            &options,
            batches,
            &|p| p.inputs > 0 && Instant::now() >= deadline,
            &|_| (),
            &|_| (),
        )
        .map_err(failed)?;
    let seconds = start.elapsed().as_secs_f64();
    let cpu = cpu_split(
        (own_before, own_cpu()),
        parsers_spent(&engine, parsers_before),
        &workers_before,
        &workers_cpu(&engine),
    );
    Ok(FuzzRun {
        parsers: label.to_owned(),
        subjects: engine.infos().iter().map(|i| i.name.clone()).collect(),
        inputs: p.inputs,
        seconds,
        inputs_per_s: p.inputs as f64 / seconds.max(1e-9),
        classes: p.classes,
        minimized: p.minimized,
        load: load_average(),
        cpu,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tiny_harness_run_has_every_figure_positive() {
        let cfg = HarnessConfig {
            report_inputs: vec![10, 30],
            fuzz_seconds: Duration::from_millis(20),
            budget: 2,
            ..HarnessConfig::default()
        };
        let h = harness(crate::subjects::in_process(), &cfg).unwrap();
        assert_eq!(
            h.report.iter().map(|r| r.inputs).collect::<Vec<_>>(),
            [10, 30]
        );
        // More generated inputs, more jobs: the suites' cases are the same in both.
        assert!(h.report[1].jobs > h.report[0].jobs);
        for r in &h.report {
            assert!(r.subjects.contains(&"impl".to_owned()));
            assert!(r.seconds > 0.0 && r.inputs_per_s > 0.0 && r.parser_inputs_per_s > 0.0);
            // The split never exceeds the wall-clock time it splits.
            assert!(r.run_s + r.classify_s + r.assemble_s + r.write_s <= r.seconds * 1.001 + 1e-6);
            // In process only: the one row is uridiff's, and it spent something.
            assert_eq!(r.cpu.len(), 1, "{:?}", r.cpu);
            assert_eq!(r.cpu[0].process, "uridiff");
            if cfg!(unix) {
                assert!(r.cpu[0].cpu_s.unwrap() > 0.0, "{:?}", r.cpu);
                assert_eq!(r.cpu[0].share, Some(1.0));
                // The parsers' parses are a part of uridiff's CPU, neither nothing nor all
                // (the judging, the classes and the report are the harness's).
                let parsers = r.cpu[0].parsers_s.unwrap();
                assert!(
                    parsers > 0.0 && parsers < r.cpu[0].cpu_s.unwrap(),
                    "{:?}",
                    r.cpu
                );
                assert!(r.cpu[0].own_s().unwrap() > 0.0);
            }
        }
        assert_eq!(
            h.fuzz
                .iter()
                .map(|f| f.parsers.as_str())
                .collect::<Vec<_>>(),
            ["all", "in-process"]
        );
        for f in &h.fuzz {
            assert!(
                f.inputs > 0 && f.seconds > 0.0 && f.inputs_per_s > 0.0,
                "{f:?}"
            );
            // A fresh folder: every signature it holds was minimized in this run.
            assert!(f.minimized >= f.classes, "{f:?}");
        }
    }

    #[test]
    fn the_cpu_split_is_each_process_s_difference_and_share() {
        let before = [
            ("w1".to_owned(), Some(1.0), 1),
            ("w2".to_owned(), Some(0.0), 1),
            ("w3".to_owned(), None, 1),
        ];
        let after = [
            ("w1".to_owned(), Some(4.0), 3),
            ("w2".to_owned(), Some(2.0), 1),
            ("w3".to_owned(), None, 1),
        ];
        let split = cpu_split((Some(10.0), Some(13.0)), Some(0.5), &before, &after);
        let got: Vec<(&str, Option<f64>, Option<f64>, usize)> = split
            .iter()
            .map(|c| (c.process.as_str(), c.cpu_s, c.share, c.processes))
            .collect();
        // The in-process parsers' part is uridiff's row's alone.
        let parsers: Vec<Option<f64>> = split.iter().map(|c| c.parsers_s).collect();
        assert_eq!(parsers, [Some(0.5), None, None, None]);
        assert_eq!(split[0].own_s(), Some(2.5));
        // Never more than the row it splits.
        let capped = cpu_split((Some(10.0), Some(11.0)), Some(4.0), &before, &after);
        assert_eq!(capped[0].parsers_s, Some(1.0));
        assert_eq!(
            got,
            [
                ("uridiff", Some(3.0), Some(3.0 / 8.0), 1),
                ("w1", Some(3.0), Some(3.0 / 8.0), 3),
                ("w2", Some(2.0), Some(2.0 / 8.0), 1),
                ("w3", None, None, 1),
            ]
        );
    }

    #[test]
    fn no_available_subject_is_an_error() {
        let err = harness(Vec::new(), &HarnessConfig::default()).unwrap_err();
        assert!(matches!(err, HarnessError::NoSubject), "{err}");
    }
}
