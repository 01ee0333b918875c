//! The run: jobs from every source (the suites' cases of every operation, generated inputs and
//! pairs, a user's WHATWG test-data files) through the engine, and the report model built from
//! what comes back: classes, the conformance matrix, the agreement grid, the confusion classes
//! and the root causes to look at first. `report/` only writes the model this builds.
//!
//! Data flows one way: cli -> run -> engine -> subjects; the writers read the result.

mod confusion;
mod focus;
mod matrix;
mod reading;
mod rules;
mod schemes;
mod shrink;

use std::path::PathBuf;
use std::sync::Arc;

use crate::engine::{ClassRecord, Classifier, Engine, Row, Task};
use crate::model::{Answer, Outcome};
use crate::report_model::{
    area, Report, SubjectEntry, SubjectSummary, Timing, WhatwgScore, REPORT_SCHEMA,
};
use crate::subjects::{Subject, SubjectInfo};
use crate::suite::CaseResult;

pub use confusion::{
    agreement, confusion, confusion_keys_of, AgreementGrid, ConfusionBudget, ConfusionClasses,
};
pub use focus::root_causes;
pub use reading::{routable, routes_alike};
pub use rules::{rule_firings, RuleCount};
pub use schemes::{
    fetched, input_scheme, schemes_of, takes_part, takes_part_in, written_scheme, Schemes,
    SCHEME_LESS_NOTE,
};
// The CI outputs (SARIF, the Markdown summary) say each side's answer as the report does.
pub use matrix::{matrix, versus_rfc3986, Versus};

/// The jobs run at a time: their rows are folded into the classes, the agreement grid, the
/// confusion classes and the matrix's counts, then dropped, so a run holds a chunk of rows at
/// most, whatever its length. A row is some tens of kilobytes with 38 parsers (every subject's
/// answer, re-parse and reference): 1,024 rows are about 30 MB where 4,096 were about 130 MB,
/// and the workers' pipelines stay as full (a 30,000-input report runs its jobs at the same
/// rate either way).
pub const ROWS_PER_CHUNK: usize = 1024;

/// Per-subject summaries of `classes`.
pub fn per_subject(infos: &[&SubjectInfo], classes: &[ClassRecord]) -> Vec<SubjectSummary> {
    infos
        .iter()
        .map(|info| {
            let mut s = SubjectSummary {
                subject: info.name.clone(),
                ..SubjectSummary::default()
            };
            for c in classes.iter().filter(|c| c.deviating.contains(&info.name)) {
                *s.by_class.entry(c.signature.class.name()).or_default() += 1;
                if matches!(c.signature.class, crate::engine::Class::Crash(_)) {
                    s.crashes += 1;
                }
                if c.by_design.contains_key(&info.name) {
                    s.by_design += 1;
                } else {
                    s.unexplained += 1;
                    *s.unexplained_by_severity.entry(c.severity).or_default() += 1;
                    *s.unexplained_by_area
                        .entry(area(c.signature.class).to_owned())
                        .or_default() += 1;
                }
            }
            s
        })
        .collect()
}

/// Reads the engine's subject list into entries.
pub fn subject_entries(engine: &Engine) -> Vec<SubjectEntry> {
    engine
        .subjects()
        .iter()
        .map(|s| {
            let avail = s.available();
            SubjectEntry {
                info: s.info().clone(),
                available: avail.is_ok(),
                unavailable: avail.err(),
            }
        })
        .collect()
}

/// What a report run takes.
pub struct Inputs<'a> {
    /// The engine, with every subject to compare.
    pub engine: &'a Engine,
    /// The loaded suites.
    pub suites: &'a [crate::suite::Suite],
    /// Generated and other tasks, beside the suites' cases.
    pub tasks: Vec<Task>,
    /// WHATWG URL test-data files: each entry runs as a job, and every WHATWG parser (the
    /// reference included) is scored on the file.
    pub whatwg: Vec<PathBuf>,
    /// The generator's seed.
    pub seed: u64,
    /// How many of `tasks` were generated.
    pub generated: usize,
    /// Subject runs per class for minimization.
    pub budget: usize,
    /// What minimizing the URL-confusion classes may cost.
    pub confusion: ConfusionBudget,
    /// The confusion class of a task, by its origin.
    pub tag: &'a (dyn Fn(&Task) -> Option<String> + Sync),
    /// Called once per finished job.
    pub progress: &'a (dyn Fn() + Sync),
}

/// A report run that could not start.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A WHATWG test-data file that cannot be read at all.
    #[error(transparent)]
    Whatwg(#[from] crate::suite::whatwg::WhatwgError),
}

/// Runs everything and builds the report: the suites' cases and the tasks through every subject
/// and every reference, the classes, every suite case judged for every subject, the matrix, the
/// agreement grid, the confusion classes, the root causes, and the WHATWG test-data scores.
///
/// # Errors
///
/// [`RunError`] when a WHATWG test-data file cannot be read at all (a malformed entry only
/// lowers its score).
pub fn build(inputs: Inputs<'_>) -> Result<Report, RunError> {
    use rayon::prelude::*;
    let started = std::time::Instant::now();
    let engine = inputs.engine;
    let infos = engine.infos();
    let (tasks, whatwg_files) = jobs(inputs.suites, inputs.tasks, &inputs.whatwg)?;
    let setup_s = started.elapsed().as_secs_f64();
    // The main run, a chunk at a time, each chunk's rows folded and dropped. A chunk is folded
    // on a thread of its own while the next one runs (the workers do not wait for the folds;
    // at most one chunk waits to be folded), in order, so the folds see what they would one
    // chunk after another.
    let tag = inputs.tag;
    let run_started = std::time::Instant::now();
    let (classifier, grid, pairs, versus, run_s) = std::thread::scope(|scope| {
        let (to_fold, chunks) = std::sync::mpsc::sync_channel::<Vec<Row>>(0);
        let infos = &infos;
        let folder = scope.spawn(move || {
            let mut classifier = Classifier::new(engine);
            let mut grid = AgreementGrid::new(infos);
            let mut pairs = ConfusionClasses::new(infos);
            let mut versus = Versus::new(engine);
            for rows in chunks {
                classifier.add_rows(&rows);
                for row in &rows {
                    grid.add(row);
                    pairs.add(row, &|row: &Row| tag(&row.task));
                    versus.add(row);
                }
            }
            (classifier, grid, pairs, versus)
        });
        for chunk in tasks.chunks(ROWS_PER_CHUNK) {
            let rows = engine.run(chunk, inputs.progress);
            // The folder ends only by a panic of its own, passed on at the join.
            if to_fold.send(rows).is_err() {
                break;
            }
        }
        drop(to_fold);
        let run_s = run_started.elapsed().as_secs_f64();
        let (classifier, grid, pairs, versus) = folder
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        (classifier, grid, pairs, versus, run_s)
    });
    // The classes' minimization and the confusion classes' at the same time: each asks the
    // workers a few candidates at a time and waits for their answers, so either alone leaves
    // the cores idle part of the time, the confusion classes' most (their last waves end one by
    // one). Neither reads what the other makes, and every answer is the one its question alone
    // would have had, so the classes and examples are those of one after the other. The
    // confusion classes' time limit counts from the end of classification, as it did when it
    // followed: it bounds what they add to the report's time.
    let classified = std::sync::OnceLock::new();
    let (classes, classify_s, confusion, confusion_s) = std::thread::scope(|scope| {
        let confusion = scope.spawn(|| {
            let started = std::time::Instant::now();
            let confusion = pairs.finish_after(engine, inputs.confusion, &classified);
            (confusion, started.elapsed().as_secs_f64())
        });
        // Classification's time: the last chunk's fold, after the run, and the minimization.
        let mut classes = classifier.finish(inputs.budget);
        // The lines a reader runs to see each class again, which the engine leaves to its
        // callers.
        crate::present::fill(&infos, &mut classes);
        let classify_s = run_started.elapsed().as_secs_f64() - run_s;
        // Set only here: the other thread never sets it.
        let _ = classified.set(std::time::Instant::now());
        let (confusion, confusion_s) = confusion
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        (classes, classify_s, confusion, confusion_s)
    });
    // Every suite case, judged for every subject.
    let mut jobs = Vec::new();
    for s in inputs.suites {
        for (index, case, id, edition) in crate::suite::cases(s, None) {
            jobs.push((s, index, case, id, edition));
        }
    }
    // Each subject's cases as one batch (a worker's pipelined, on a thread of its own; the
    // in-process subjects' over the cores), where one request at a time waits for each answer.
    let ran = |subject: &Arc<dyn Subject>| -> Vec<Option<Outcome<Answer>>> {
        let runs: Vec<_> = (jobs.iter())
            .map(|(_, _, case, _, edition)| case.job(*edition).filter(|_| case.skip.is_none()))
            .collect();
        let batch: Vec<crate::subjects::Job<'_>> = runs.iter().flatten().copied().collect();
        let mut outcomes = crate::subjects::run_batch(subject.as_ref(), &batch).into_iter();
        runs.iter()
            .map(|job| job.and_then(|_| outcomes.next()))
            .collect()
    };
    let outcomes: Vec<Vec<Option<Outcome<Answer>>>> = std::thread::scope(|scope| {
        let ran = &ran;
        let threads: Vec<_> = (engine.subjects().iter())
            .map(|s| s.pipelined().then(|| scope.spawn(move || ran(s))))
            .collect();
        let local: Vec<Option<Vec<Option<Outcome<Answer>>>>> = (engine.subjects().par_iter())
            .map(|s| (!s.pipelined()).then(|| ran(s)))
            .collect();
        threads
            .into_iter()
            .zip(local)
            .map(|(thread, local)| match (thread, local) {
                // `run_batch` catches a subject's panic; one here is the engine's own bug.
                (Some(t), _) => t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
                (None, local) => local.unwrap_or_default(),
            })
            .collect()
    });
    let cases: Vec<(String, CaseResult)> = (engine.subjects().iter())
        .zip(outcomes)
        .flat_map(|(subject, outcomes)| {
            jobs.iter()
                .zip(outcomes)
                .map(move |((s, index, case, id, edition), outcome)| {
                    let status = match outcome {
                        Some(outcome) => crate::suite::judge(case, subject.info(), &outcome),
                        None => crate::suite::judge_without_subject(case),
                    };
                    (
                        subject.info().name.clone(),
                        crate::suite::result(s, *index, case, id.clone(), *edition, status),
                    )
                })
        })
        .collect();
    let whatwg = whatwg_scores(engine, &whatwg_files);
    let references: Vec<String> = (0..infos.len())
        .map(|i| engine.reference_of(i).name().to_owned())
        .collect();
    let versus = versus.finish();
    let subjects = subject_entries(engine);
    // Parser-inputs of the main run: an unavailable subject's jobs are not parsed.
    let calls = tasks.len() * subjects.iter().filter(|s| s.available).count();
    let mut report = Report {
        schema: REPORT_SCHEMA,
        tool: format!("uridiff {}", env!("CARGO_PKG_VERSION")),
        seed: inputs.seed,
        generated: inputs.generated,
        tasks: tasks.len(),
        subjects,
        per_subject: per_subject(&infos, &classes),
        matrix: matrix(&infos, &references, &cases, &versus),
        agreement: grid.finish(),
        confusion,
        root_causes: root_causes(&classes),
        whatwg,
        classes,
        coverage: crate::report_model::coverage::Coverage::of(&tasks),
        reach: Vec::new(),
        cases,
        timing: Timing::default(),
    };
    let total_s = started.elapsed().as_secs_f64();
    report.timing = Timing {
        total_s,
        setup_s,
        run_s,
        classify_s,
        // The rest: every phase after classification (the folds are the run's).
        model_s: total_s - setup_s - run_s - classify_s,
        confusion_s,
        write_s: 0.0,
        inputs_per_s: if run_s > 0.0 {
            calls as f64 / run_s
        } else {
            0.0
        },
    };
    Ok(report)
}

/// Every job of a run: the suites' cases, then `tasks`, then each entry of the WHATWG test-data
/// files (a parse, or a resolution against the entry's base); and the files read.
fn jobs(
    suites: &[crate::suite::Suite],
    tasks: Vec<Task>,
    whatwg: &[PathBuf],
) -> Result<(Vec<Task>, Vec<PathBuf>), RunError> {
    let mut all = crate::generate::from_suites(suites);
    all.extend(tasks);
    let mut files = Vec::new();
    for path in whatwg {
        let file = crate::suite::whatwg::load(path)?;
        for e in &file.entries {
            let origin = format!("whatwg:{}[{}]", path.display(), e.index);
            let mut t = Task::parse(e.input.as_bytes().to_vec(), &origin);
            if let Some(base) = &e.base {
                t.op = crate::model::Op::Resolve;
                t.second = Some(base.as_bytes().to_vec());
            }
            all.push(t);
        }
        files.push(path.clone());
    }
    Ok((all, files))
}

/// The gate's run: every job (the suites' cases, `inputs.tasks`, the
/// WHATWG test-data entries) through the engine, and for each subject named in `under_test`
/// every job on which it deviates from its own reference, unexplained (a finding no profile rule
/// reproduces), with the digest of its answer; and every answer of it, deviating or not, with
/// its reference's answer beside it; and the URL-confusion classes of the parse jobs that a
/// parser under test takes part in ([`ConfusionClasses`], not minimized: the gate keys them by
/// component and partition, [`crate::gate::confusion_key`]). No class is minimized and no
/// report is built: the gate matches jobs, not examples. A name that is no subject of the engine has no record;
/// the caller checks the names first.
///
/// # Errors
///
/// [`RunError`] when a WHATWG test-data file cannot be read at all.
///
/// ```
/// use uridiff::engine::{Engine, Task};
/// let engine = Engine::new(uridiff::subjects::in_process());
/// let run = uridiff::run::gate(uridiff::run::Inputs {
///     engine: &engine, suites: &[], whatwg: Vec::new(), seed: 1, generated: 1, budget: 0, confusion: Default::default(),
///     tasks: vec![Task::parse(b"http://a b/".to_vec(), "doc")],
///     tag: &|_| None, progress: &|| (),
/// }, &["impl".to_owned()]).unwrap();
/// // impl is its own reference: it never deviates, and its one answer is the reference's.
/// assert!(run.records.is_empty());
/// let answer = run.answers.values().next().unwrap();
/// assert_eq!((run.answers.len(), answer.digest), (1, answer.reference));
/// assert_eq!(run.jobs.len(), 1);
/// assert_eq!(run.header.parsers[0].name, "impl");
/// ```
pub fn gate(inputs: Inputs<'_>, under_test: &[String]) -> Result<crate::gate::Run, RunError> {
    use crate::gate::{job_id, Header, Parser, Record};
    let engine = inputs.engine;
    let (tasks, _) = jobs(inputs.suites, inputs.tasks, &inputs.whatwg)?;
    let tested: Vec<(usize, &str)> = under_test
        .iter()
        .filter_map(|name| Some((engine.position(name)?, name.as_str())))
        .collect();
    // A chunk of rows at a time, each turned into its records and answers, folded into the
    // confusion classes, and dropped.
    let mut records: Vec<Record> = Vec::new();
    let mut answers = std::collections::BTreeMap::new();
    let infos = engine.infos();
    let mut confusion = ConfusionClasses::new(&infos);
    for chunk in tasks.chunks(ROWS_PER_CHUNK) {
        let rows = engine.run(chunk, inputs.progress);
        let (r, a) = gate_records(engine, &tested, &rows);
        records.extend(r);
        answers.extend(a);
        rows.iter().for_each(|row| confusion.add(row, &|_| None));
    }
    // Only the classes a parser under test takes part in: a bystanders' class is never compared.
    let mut confusion = confusion.finish(engine, ConfusionBudget::NONE);
    confusion.retain(|c| tested.iter().any(|(_, name)| c.involves(name)));
    records.sort_by(|a, b| (&a.class, a.job).cmp(&(&b.class, b.job)));
    records.dedup_by(|a, b| (&a.class, a.job) == (&b.class, b.job));
    let editions: std::collections::BTreeSet<&str> = tasks.iter().map(|t| t.edition.id()).collect();
    let header = Header {
        uridiff: format!("uridiff {}", env!("CARGO_PKG_VERSION")),
        digests: Some(crate::gate::digest::Digests::of_this_build()),
        seed: inputs.seed,
        count: inputs.generated,
        editions: editions.into_iter().map(str::to_owned).collect(),
        parsers: tested
            .iter()
            .map(|&(i, _)| {
                let info = engine.subjects()[i].info();
                Parser {
                    name: info.name.clone(),
                    version: info.version.clone(),
                    profile: info.profile.clone(),
                    reference: engine.reference_of(i).name().to_owned(),
                }
            })
            .collect(),
    };
    Ok(crate::gate::Run {
        header,
        records,
        answers,
        jobs: tasks.into_iter().map(|t| (job_id(&t), t)).collect(),
        confusion,
    })
}

/// A parser under test's answer to a job, as the gate's run holds it.
type GateAnswer = ((String, crate::gate::JobId), crate::gate::Answered);

/// The gate's records of `rows`: for each subject of `tested`, each unexplained finding of it;
/// and each of its answers (every outcome but `Unsupported`, which is no answer).
fn gate_records(
    engine: &Engine,
    tested: &[(usize, &str)],
    rows: &[Row],
) -> (Vec<crate::gate::Record>, Vec<GateAnswer>) {
    use crate::gate::{answer_digest, answer_text, job_id, Answered, Record};
    use crate::model::Outcome;
    use rayon::prelude::*;
    rows.par_iter()
        .map(|row| {
            let findings = engine.findings(row);
            let job = job_id(&row.task);
            let mut out = Vec::new();
            let mut answers = Vec::new();
            // Each reference's answer to the job once, by digest, shared by its parsers.
            let mut references: Vec<(u64, std::sync::Arc<str>)> = Vec::new();
            for &(i, name) in tested {
                let outcome = &row.outcomes[i];
                let reparsed = row.reparsed[i].as_ref();
                let answer = answer_digest(outcome, reparsed);
                if !matches!(outcome, Outcome::Unsupported(_)) {
                    let reference = engine.reference_answer_in(row, i);
                    let digest = answer_digest(reference, None);
                    let reference_text = match references.iter().find(|(d, _)| *d == digest) {
                        Some((_, t)) => t.clone(),
                        None => {
                            let t: std::sync::Arc<str> = answer_text(reference, None).into();
                            references.push((digest, t.clone()));
                            t
                        }
                    };
                    answers.push((
                        (name.to_owned(), job),
                        Answered {
                            digest: answer,
                            // The same digest is the same JSON: the reference's text says it.
                            text: (answer != digest).then(|| answer_text(outcome, reparsed)),
                            reference: digest,
                            reference_text,
                        },
                    ));
                }
                for f in &findings {
                    if f.rule.is_none() && f.signature.subject == name {
                        out.push(Record {
                            subject: name.to_owned(),
                            class: f.signature.key(),
                            severity: f.signature.class.severity(),
                            job,
                            answer,
                            task: row.task.clone(),
                        });
                    }
                }
            }
            (out, answers)
        })
        .reduce(
            || (Vec::new(), Vec::new()),
            |mut a, b| {
                a.0.extend(b.0);
                a.1.extend(b.1);
                a
            },
        )
}

/// Every WHATWG parser's score on each file, the WHATWG reference's first.
fn whatwg_scores(engine: &Engine, files: &[PathBuf]) -> Vec<WhatwgScore> {
    use crate::subjects::profile::Reference;
    let mut out = Vec::new();
    for path in files {
        let reference = crate::subjects::whatwg_reference();
        let mut parsers: Vec<(bool, &dyn crate::subjects::Subject)> =
            vec![(true, reference.as_ref())];
        for (i, s) in engine.subjects().iter().enumerate() {
            if engine.reference_of(i) == Reference::Whatwg && s.available().is_ok() {
                parsers.push((false, s.as_ref()));
            }
        }
        for (is_reference, s) in parsers {
            // The file was read once already: an error now is a file changed under the run.
            if let Ok(score) = crate::suite::whatwg::score_file(path, s) {
                out.push(WhatwgScore {
                    file: path.display().to_string(),
                    parser: if is_reference {
                        format!("{} (reference)", s.info().name)
                    } else {
                        s.info().name.clone()
                    },
                    reference: is_reference,
                    score,
                });
            }
        }
    }
    out
}

/// A tiny report for the writers' examples and tests.
#[doc(hidden)]
pub mod tests_support {
    use super::{build, Inputs};
    use crate::engine::{Engine, Task};
    use crate::report_model::Report;

    /// Three inputs through the project's own subjects (impl and the two oracles) and one small
    /// suite.
    pub fn tiny() -> Report {
        let own = crate::subjects::in_process()
            .into_iter()
            .filter(|s| s.info().speaks_editions())
            .collect();
        let engine = Engine::new(own);
        let suite = crate::suite::parse_str(
            "tiny.yaml",
            "suite: tiny\ncases:\n  - {op: parse, input: \"http://a/b\", expect: {host: a}}\n  - {op: parse, input: \"http://a b\", expect: invalid}\n",
        )
        .expect("a valid suite");
        build(Inputs {
            whatwg: Vec::new(),
            engine: &engine,
            suites: std::slice::from_ref(&suite),
            tasks: ["http://a/b?c", "1a:b", "http://[::1]:80/"]
                .iter()
                .map(|s| Task::parse(s.as_bytes().to_vec(), "tiny"))
                .collect(),
            seed: 1,
            generated: 3,
            budget: 100,
            confusion: Default::default(),
            tag: &|_| None,
            progress: &|| (),
        })
        .expect("no WHATWG file to read")
    }
}
