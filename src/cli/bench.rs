//! `uridiff bench`: every in-process parser's speed side by side, the engine's throughput and an
//! external worker persistent against one process per input, and with `--harness` the harness's
//! own report and fuzz throughput. The measuring is [`uridiff::bench`]'s; this module turns flags
//! into its settings and writes the results.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use uridiff::bench::{self, BenchReport, Config};
use uridiff::subjects::external::External;
use uridiff::subjects::{Kind, Subject};

use super::BenchArgs;

/// The worker measured persistent against spawned when python3 is present.
const DEFAULT_WORKER: &str = "python-urllib";

/// Runs the measurement and writes the table (or JSON) and, with `--out`, the files.
pub fn run(out: &mut dyn Write, args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let mut cfg = if args.quick {
        Config::quick()
    } else {
        Config::full()
    };
    if let Some(n) = args.count {
        if n == 0 {
            bail!("--count must be at least 1");
        }
        cfg.count = n;
    }
    if let Some(r) = args.rounds {
        if r == 0 {
            bail!("--rounds must be at least 1");
        }
        cfg.rounds = r;
    }
    let known: Vec<&str> = bench::peers().iter().map(|p| p.name).collect();
    let workers = workers(args)?;
    for name in &args.parsers {
        if !known.contains(&name.as_str()) && !workers.iter().any(|(n, _)| n == name) {
            bail!(
                "unknown parser {name:?} for bench; in-process parsers: {}",
                known.join(", ")
            );
        }
    }
    cfg.parsers = args.parsers.clone();
    // Checked before anything is measured, so that a bad flag costs nothing.
    let harness = args
        .harness
        .then(|| harness_config(args, cfg.seed))
        .transpose()?;
    let measurement = bench::measure(&cfg);
    let engine_tasks = if args.quick {
        cfg.count.min(5_000)
    } else {
        20_000
    };
    let runs = if args.quick { 1 } else { 3 };
    let all = uridiff::subjects::in_process();
    let without_grammar = all
        .iter()
        .filter(|s| s.info().name != "oracle-grammar")
        .cloned()
        .collect();
    let engine = vec![
        bench::engine_throughput(all, cfg.seed, engine_tasks, runs),
        bench::engine_throughput(without_grammar, cfg.seed, engine_tasks, runs),
    ];
    let (persistent, spawned) = if args.quick { (200, 5) } else { (5_000, 50) };
    let mut external = Vec::new();
    let mut external_unavailable = Vec::new();
    for (name, make) in &workers {
        if !args.parsers.is_empty() && !args.parsers.contains(name) {
            continue;
        }
        match bench::external_speedup(make.as_ref(), cfg.seed, persistent, spawned) {
            Ok(x) => external.push(x),
            Err(e) => external_unavailable.push(e.to_string()),
        }
    }
    let harness = harness
        .map(|cfg| bench::harness(harness_subjects(args), &cfg))
        .transpose()?;
    let report = BenchReport {
        schema: 1,
        machine: bench::Machine::here(),
        quick: args.quick,
        measurement,
        engine,
        external,
        external_unavailable,
        harness,
    };
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        bench::write_table(out, &report)?;
    }
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        // Each file all or nothing (a temporary file renamed over it).
        let write =
            |name: &str, f: &dyn Fn(&mut Vec<u8>) -> std::io::Result<()>| -> anyhow::Result<()> {
                let mut buf = Vec::new();
                f(&mut buf)?;
                Ok(uridiff::files::write_atomic(&dir.join(name), &buf)?)
            };
        write("bench.md", &|b| bench::write_markdown(b, &report))?;
        write("bench.svg", &|b| bench::write_svg(b, &report))?;
        write("bench.json", &|b| {
            serde_json::to_writer_pretty(&mut *b, &report)?;
            b.push(b'\n');
            Ok(())
        })?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The harness mode's settings (`--harness`).
fn harness_config(args: &BenchArgs, seed: u64) -> anyhow::Result<bench::HarnessConfig> {
    if args.harness_inputs.contains(&0) {
        bail!("--harness-inputs: every count must be at least 1");
    }
    let fuzz_seconds = Duration::try_from_secs_f64(args.harness_seconds)
        .ok()
        .filter(|d| !d.is_zero())
        .with_context(|| {
            format!(
                "--harness-seconds must be a positive number of seconds, not {}",
                args.harness_seconds
            )
        })?;
    let names: Vec<String> = subjects(args)
        .iter()
        .map(|s| s.info().name.clone())
        .collect();
    if let Some(unknown) = args.harness_parsers.iter().find(|n| !names.contains(n)) {
        bail!(
            "--harness-parser {unknown:?}: no such parser{}; `uridiff parsers` lists them: {}",
            if args.no_external {
                " inside uridiff (--no-external)"
            } else {
                ""
            },
            names.join(", ")
        );
    }
    Ok(bench::HarnessConfig {
        seed,
        report_inputs: args.harness_inputs.clone(),
        fuzz_seconds,
        selected: !args.harness_parsers.is_empty(),
        cores: args.harness_cores.map(usize::from),
        ..bench::HarnessConfig::default()
    })
}

/// The harness mode's parsers: those of `--harness-parser`, else every one [`subjects`] gives.
fn harness_subjects(args: &BenchArgs) -> Vec<Arc<dyn Subject>> {
    let all = subjects(args);
    if args.harness_parsers.is_empty() {
        return all;
    }
    all.into_iter()
        .filter(|s| args.harness_parsers.contains(&s.info().name))
        .collect()
}

/// The harness mode's parsers: every built-in one (the in-process ones only with
/// `--no-external`).
fn subjects(args: &BenchArgs) -> Vec<Arc<dyn Subject>> {
    if args.no_external {
        uridiff::subjects::in_process()
    } else {
        uridiff::subjects::builtin()
    }
}

type Make = Box<dyn Fn() -> Arc<dyn Subject>>;

/// The workers to measure: python-urllib (unless `--no-external`), then each `--external`.
fn workers(args: &BenchArgs) -> anyhow::Result<Vec<(String, Make)>> {
    let mut out: Vec<(String, Make)> = Vec::new();
    if args.no_external {
        if !args.external.is_empty() {
            bail!("--external and --no-external contradict each other");
        }
        return Ok(out);
    }
    if let Some(card) = uridiff::parsers::card(DEFAULT_WORKER)
        && let Some(w) = card.worker()
    {
        out.push((
            card.name.to_owned(),
            Box::new(move || Arc::new(External::of_worker(card, w))),
        ));
    }
    for spec in &args.external {
        let Some((name, command)) = spec.split_once('=') else {
            bail!("--external {spec:?}: expected NAME=COMMAND");
        };
        if name.is_empty() || command.trim().is_empty() {
            bail!("--external {spec:?}: NAME and COMMAND must not be empty");
        }
        let (name, command) = (name.to_owned(), command.to_owned());
        out.push((
            name.clone(),
            Box::new(move || {
                let w = External::from_command(&name, &command);
                debug_assert_eq!(w.info().kind, Kind::External);
                Arc::new(w)
            }),
        ));
    }
    Ok(out)
}
