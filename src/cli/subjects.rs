//! The subjects a command runs: the built-in parsers (their cards), the `--external NAME=COMMAND` workers
//! the command line adds, and the `--parser NAME` selection. Only the command line can start a
//! process: suite files never name a command.

use std::sync::Arc;
use std::time::Duration;

use anyhow::bail;
use clap::Args;
use uridiff::subjects::external::External;
use uridiff::subjects::{self, Subject};

/// The flags that choose subjects, shared by `parsers`, `diff`, `report`, `check` and `suite`.
#[derive(Debug, Args)]
pub struct SubjectArgs {
    /// A parser to run (repeatable; default: every available one). `uridiff parsers` lists them.
    #[arg(long = "parser", value_name = "NAME")]
    pub parsers: Vec<String>,
    /// Add an external worker speaking the JSON-lines protocol (docs/src/workers.md):
    /// NAME=COMMAND, the command run by `sh -c` (repeatable; workers/README.md). A NAME of a
    /// parser uridiff ships replaces it for the run, judged with its rules.
    #[arg(long = "external", value_name = "NAME=COMMAND")]
    pub external: Vec<String>,
    /// Only the parsers that run inside uridiff: no worker process is started.
    #[arg(long)]
    pub no_external: bool,
    /// Per-request timeout for external workers, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    pub timeout_ms: u64,
    /// The cores the run plans for (default: the machine's). A worker whose share of the run's
    /// work, measured as the run goes, is more than one core's runs as several processes (as
    /// many as bring it down to one core's share, at most 8).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub cores: Option<u16>,
}

/// The engine over the selected subjects ([`selected`]), planning for `--cores`.
pub fn engine(args: &SubjectArgs) -> anyhow::Result<uridiff::engine::Engine> {
    let engine = uridiff::engine::Engine::new(selected(args)?);
    Ok(match args.cores {
        Some(cores) => engine.cores(usize::from(cores)),
        None => engine,
    })
}

/// Every known subject: the built-in parsers, then the command line's workers.
pub fn all(args: &SubjectArgs) -> anyhow::Result<Vec<Arc<dyn Subject>>> {
    if args.timeout_ms == 0 {
        bail!("--timeout-ms must be at least 1");
    }
    let mut all = if args.no_external {
        subjects::in_process()
    } else {
        // The built-in parsers' workers take their timeout from here.
        subjects::builtin_with_timeout(Duration::from_millis(args.timeout_ms))
    };
    for spec in &args.external {
        let Some((name, command)) = spec.split_once('=') else {
            bail!("--external {spec:?}: expected NAME=COMMAND, for example --external my-parser='python3 my_worker.py'");
        };
        if name.is_empty() || command.trim().is_empty() {
            bail!("--external {spec:?}: NAME and COMMAND must not be empty");
        }
        let mut worker =
            External::from_command(name, command).timeout(Duration::from_millis(args.timeout_ms));
        // A worker under a shipped parser's name takes its place for the run, with its rules:
        // a maintainer gates the library at their own commit. impl and the oracles are the
        // specification itself and are never replaced; two workers of one name are refused.
        if let Some(at) = all.iter().position(|s| s.info().name == name) {
            let shipped = all[at].info();
            if shipped.speaks_editions()
                || shipped.wraps.is_some()
                || uridiff::parsers::card(name).is_none()
            {
                bail!("--external {spec:?}: a parser named {name:?} already exists and cannot be replaced; pick another name");
            }
            eprintln!("uridiff: --external {name}: replaces the shipped {name} for this run (its rules apply)");
            all.remove(at);
            worker = worker.wrapping(name);
        }
        all.push(Arc::new(worker));
    }
    Ok(all)
}

/// The subjects selected by `--parser` (all available ones when none is named). A named subject
/// that cannot run is an error; unnamed unavailable ones are listed by the caller.
pub fn selected(args: &SubjectArgs) -> anyhow::Result<Vec<Arc<dyn Subject>>> {
    let all = all(args)?;
    if args.parsers.is_empty() {
        return Ok(all);
    }
    let chosen = subjects::select(&all, &args.parsers)?;
    for (s, found) in chosen.iter().zip(subjects::availability(&chosen)) {
        if let Err(why) = found {
            bail!("parser {} is not available: {why}", s.info().name);
        }
    }
    Ok(chosen)
}

/// Notes the subjects that cannot run, one line each (all checked at once:
/// [`subjects::availability`]).
pub fn note_unavailable(all: &[Arc<dyn Subject>]) {
    for (s, found) in all.iter().zip(subjects::availability(all)) {
        if let Err(why) = found {
            eprintln!("uridiff: {} skipped: {why}", s.info().name);
        }
    }
}
