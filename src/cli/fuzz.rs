//! `uridiff fuzz` (a durable, resumable campaign; `--merge` joins shards) and `uridiff promote`
//! (findings into suite cases). The work is in `uridiff::campaign`.

use std::cell::RefCell;
use std::fs;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};
use uridiff::campaign::progress::{status_line, Budget, Pacer, STATUS_EVERY};
use uridiff::campaign::{self, baseline, promote, Batches, Campaign, Options, Shard};
use uridiff::coverage::Tally;

use super::{subjects, FuzzArgs, PromoteArgs};

/// `--shard`'s parser: the message says what is valid (clap exits 2 with it).
pub fn shard(s: &str) -> Result<Shard, String> {
    s.parse().map_err(|e: campaign::BadShard| e.to_string())
}

pub fn run(out: &mut impl Write, args: &FuzzArgs) -> anyhow::Result<ExitCode> {
    if !args.merge.is_empty() {
        // A merge joins campaigns as they are: a seed or a shard would be ignored, so it is
        // refused rather than silently dropped.
        if args.seed.is_some() || args.shard.is_some() {
            bail!("--merge joins finished campaigns: drop --seed and --shard (each campaign keeps its own)");
        }
        if args.fail_on_new.is_some() {
            bail!("--fail-on-new gates a campaign run, not a merge: drop it, or run the campaign");
        }
        let m = campaign::merge(&args.merge, &args.out)?;
        for (path, s) in &m.skipped {
            eprintln!(
                "uridiff: {}:{}: skipped: {}",
                path.display(),
                s.line,
                s.reason
            );
        }
        if args.json {
            print_json(
                out,
                serde_json::json!({
                    "schema": FUZZ_JSON_SCHEMA,
                    "mode": "merge",
                    "out": args.out.display().to_string(),
                    "findings": args.out.join(campaign::FINDINGS).display().to_string(),
                    "campaigns": args.merge.len(),
                    "read": m.read,
                    "added": m.added,
                    "total": m.total,
                    "skipped": m.skipped.len(),
                    "corpus": m.corpus,
                }),
            )?;
            return Ok(ExitCode::SUCCESS);
        }
        writeln!(
            out,
            "merged {} findings from {} campaigns: {} new signatures, {} in {}",
            m.read,
            args.merge.len(),
            m.added,
            m.total,
            args.out.join(campaign::FINDINGS).display()
        )?;
        if m.corpus > 0 {
            writeln!(
                out,
                "merged {} corpus inputs that reached new coverage into {}",
                m.corpus,
                args.out.join(campaign::CORPUS).display()
            )?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.seconds == 0 {
        bail!("--seconds must be at least 1");
    }
    // The baseline before anything runs: a wrong path fails at once, not after the campaign.
    let baseline = match &args.fail_on_new {
        Some(path) => {
            let b = baseline::read(path).context("--fail-on-new")?;
            for s in &b.skipped {
                eprintln!(
                    "uridiff: {}:{}: skipped: {}",
                    b.path.display(),
                    s.line,
                    s.reason
                );
            }
            Some(b)
        }
        None => None,
    };
    let options = Options {
        seed: args.seed,
        shard: args.shard,
        budget: args.budget,
        per_group: usize::try_from(args.minimize_per_group).unwrap_or(usize::MAX),
    };
    // The parsers first (a wrong --parser leaves no folder behind), then the folder: an
    // unwritable --out fails before any input is run.
    let engine = subjects::engine(&args.subjects)?;
    subjects::note_unavailable(engine.subjects());
    let mut c = Campaign::open(&args.out, &options).context("opening the campaign folder")?;
    for s in &c.skipped {
        eprintln!(
            "uridiff: {}:{}: skipped: {}",
            args.out.join(campaign::FINDINGS).display(),
            s.line,
            s.reason
        );
    }
    // Guided unless --blind: every worker that declares coverage is asked for it from now on.
    let tally = (!args.blind).then(|| Arc::new(Tally::default()));
    if let Some(tally) = &tally {
        for s in engine.subjects() {
            // The in-process parsers' coverage needs their covered build, made by cargo on first
            // use: asked for by name only.
            if s.info().kind == uridiff::subjects::Kind::External || args.rust_coverage {
                s.watch_coverage(tally);
            }
        }
        let skipped = c
            .guide(Arc::clone(tally))
            .context("reading the campaign's corpus")?;
        if args.coverage_only {
            c.draw_blind();
        }
        for s in skipped {
            eprintln!(
                "uridiff: {}:{}: skipped: {}",
                args.out.join(campaign::CORPUS).display(),
                s.line,
                s.reason
            );
        }
    }
    let warn = || {
        for w in tally.iter().flat_map(|t| t.take_warnings()) {
            eprintln!("uridiff: {w}");
        }
    };
    let state = c.state().clone();
    eprintln!(
        "uridiff: {} campaign seed {}, shard {}, from input {} ({} signatures known)",
        if c.resumed { "resuming" } else { "starting" },
        state.seed,
        state.shard,
        state.next,
        c.classes()
    );
    // A bar for a person at a terminal; in CI or a pipe, a status line on a slow cadence.
    let terminal = std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
    let bar = if args.quiet || !terminal {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(BAR_STEPS);
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{bar:30}] {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    };
    let pacer = (!args.quiet && !terminal)
        .then(|| RefCell::new(Pacer::new(status_every(), Instant::now())));
    let budget = Budget {
        seconds: args.seconds,
        inputs: args.inputs,
    };
    // Ctrl-C ends the batch in flight and the run as at the deadline (the workers run in their
    // own process groups, so the terminal's signal does not reach them). If no handler can be
    // set, Ctrl-C kills the campaign, which loses nothing it had written either.
    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupted);
    if ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)).is_err() {
        eprintln!(
            "uridiff: no Ctrl-C handler: an interrupted campaign resumes from its last batch"
        );
    }
    let start = Instant::now();
    let deadline = start + Duration::from_secs(args.seconds);
    let limit = args.inputs;
    let p = c.run(
        &engine,
        &options,
        Batches::campaign(limit),
        &|_| interrupted.load(Ordering::SeqCst) || Instant::now() >= deadline,
        &|p| {
            let elapsed = start.elapsed();
            let line = status_line(p, elapsed, &budget);
            if let Some(pacer) = &pacer
                && pacer.borrow_mut().due(Instant::now())
            {
                eprintln!("uridiff: {line}");
            }
            bar.set_position((budget.fraction(elapsed, p.inputs) * BAR_STEPS as f64) as u64);
            bar.set_message(line);
            bar.suspend(warn);
        },
        // Said once, when it happens: the campaign goes on with the others.
        &|d| {
            bar.suspend(|| {
                eprintln!(
                    "uridiff: {d}; recorded in {} as {:?}; the campaign goes on without it",
                    args.out.join(campaign::FINDINGS).display(),
                    d.key
                );
            });
        },
    )?;
    bar.finish_and_clear();
    warn();
    let reach = tally.as_ref().map(|t| t.reach()).unwrap_or_default();
    // Said only when some parser gives coverage (or an earlier run kept a corpus): a campaign
    // of parsers without it prints what it printed before.
    let guided = tally.is_some() && (!reach.is_empty() || c.corpus_len() > 0);
    if interrupted.load(Ordering::SeqCst) {
        eprintln!("uridiff: interrupted; run the same command again to resume");
    }
    let secs = start.elapsed().as_secs_f64().max(1e-3);
    let alive = engine
        .subjects()
        .iter()
        .filter(|s| s.available().is_ok())
        .count();
    // The gate reads the whole findings file, not this run's lines: a class found by an earlier
    // run of a resumed campaign is just as new to the baseline.
    let fresh = match &baseline {
        Some(b) => {
            let path = args.out.join(campaign::FINDINGS);
            let found = campaign::read_findings(&path)
                .with_context(|| format!("reading {} back", path.display()))?;
            baseline::new_unexplained(&found.findings, b)
                .into_iter()
                .cloned()
                .collect()
        }
        None => Vec::new(),
    };
    let code = if c.deaths.is_empty() && fresh.is_empty() {
        0
    } else {
        1
    };
    if args.json {
        let mut doc = serde_json::json!({
                "schema": FUZZ_JSON_SCHEMA,
                "mode": "run",
                "out": args.out.display().to_string(),
                "findings": args.out.join(campaign::FINDINGS).display().to_string(),
                "seed": state.seed,
                "shard": state.shard.to_string(),
                "resumed": c.resumed,
                "inputs": p.inputs,
                "seconds": secs,
                "inputs_per_s": p.inputs as f64 / secs,
                "subjects": alive + c.deaths.len(),
                "died": c.deaths.iter().map(|d| d.subject.as_str()).collect::<Vec<_>>(),
                "classes": p.classes,
                "new": p.new,
                "minimized": p.minimized,
                "next": p.next,
                "interrupted": interrupted.load(Ordering::SeqCst),
                "exit": code,
        });
        if guided {
            doc["corpus"] = c.corpus_len().into();
            doc["coverage"] = reach
                .iter()
                .map(|(name, r)| {
                    let mut c =
                        serde_json::json!({"kind": r.kind, "reached": r.ids, "capped": r.capped});
                    if let Some(n) = r.instrumented {
                        c["instrumented"] = n.into();
                    }
                    (name.clone(), c)
                })
                .collect::<serde_json::Map<_, _>>()
                .into();
        }
        if let Some(b) = &baseline {
            doc["baseline"] = b.path.display().to_string().into();
            doc["new_unexplained"] = fresh
                .iter()
                .map(
                    |f| serde_json::json!({"key": f.key, "class": f.class, "severity": f.severity}),
                )
                .collect();
        }
        print_json(out, doc)?;
        return Ok(ExitCode::from(code));
    }
    let died = if c.deaths.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = c.deaths.iter().map(|d| d.subject.as_str()).collect();
        format!(" ({} died: {})", names.len(), names.join(", "))
    };
    writeln!(
        out,
        "{} inputs in {:.1} s ({:.0} inputs/s) through {} subjects{died}: {} classes, {} new ({} findings minimized); next input {}; wrote {}",
        p.inputs,
        secs,
        p.inputs as f64 / secs,
        alive + c.deaths.len(),
        p.classes,
        p.new,
        p.minimized,
        p.next,
        args.out.join(campaign::FINDINGS).display()
    )?;
    if let Some(b) = &baseline {
        writeln!(
            out,
            "{} unexplained classes not in the baseline {}",
            fresh.len(),
            b.path.display()
        )?;
        for f in &fresh {
            writeln!(
                out,
                "  {} {}, e.g. {}",
                f.severity,
                f.key,
                super::inputs::show(&f.example.0)
            )?;
        }
    }
    if guided {
        // What each parser that gives coverage reached, over every run of the campaign (a
        // resumed one counts its corpus's ids).
        writeln!(
            out,
            "corpus: {} inputs in {}",
            c.corpus_len(),
            args.out.join(campaign::CORPUS).display()
        )?;
        for (name, r) in &reach {
            // "275 of 472 statements reached (58.3%)" when the handshake said how many.
            let (of, share) = match (r.instrumented, r.percent()) {
                (Some(n), Some(p)) => (format!(" of {n}"), format!(" ({p:.1}%)")),
                _ => (String::new(), String::new()),
            };
            writeln!(
                out,
                "  {name}: {}{of} {} reached{share}{}",
                r.ids,
                if r.kind.is_empty() { "ids" } else { &r.kind },
                if r.capped { " (capped)" } else { "" }
            )?;
        }
    }
    // A subject lost mid-campaign means the campaign did not cover what was asked: not a clean
    // run, whatever else it found.
    Ok(ExitCode::from(code))
}

/// The bar's length: its position is the fraction of the budget spent, in these steps.
const BAR_STEPS: u64 = 1000;

/// How often the status line is printed off a terminal: [`STATUS_EVERY`], or in a debug build
/// (the tests' binary) `URIDIFF_TEST_STATUS_EVERY_MS`, so a test sees lines without waiting.
fn status_every() -> Duration {
    if cfg!(debug_assertions)
        && let Some(ms) = std::env::var("URIDIFF_TEST_STATUS_EVERY_MS")
            .ok()
            .and_then(|v| v.parse().ok())
    {
        return Duration::from_millis(ms);
    }
    STATUS_EVERY
}

/// Version of the `fuzz --json` and `promote --json` documents (`schemas/fuzz.schema.json`,
/// `schemas/promote.schema.json`).
const FUZZ_JSON_SCHEMA: u32 = 1;

/// Prints one JSON document, on one line.
fn print_json(out: &mut impl Write, doc: serde_json::Value) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *out, &doc)?;
    writeln!(out)?;
    Ok(())
}

pub fn promote(out: &mut impl Write, args: &PromoteArgs) -> anyhow::Result<ExitCode> {
    if args.findings.is_dir() {
        bail!(
            "{}: a folder, not a findings file (give the findings.jsonl a campaign writes in it)",
            args.findings.display()
        );
    }
    if !args.findings.exists() {
        bail!(
            "{}: no such findings file (a campaign writes DIR/findings.jsonl)",
            args.findings.display()
        );
    }
    let loaded = campaign::read_findings(&args.findings)?;
    for s in &loaded.skipped {
        eprintln!(
            "uridiff: {}:{}: skipped: {}",
            args.findings.display(),
            s.line,
            s.reason
        );
    }
    if loaded.findings.is_empty() {
        bail!(
            "{}: no finding could be read: nothing to promote",
            args.findings.display()
        );
    }
    for k in &args.select {
        if !loaded
            .findings
            .iter()
            .any(|f| &f.key == k || &promote::case_id(&f.key) == k)
        {
            bail!(
                "--select {k:?}: no finding has this signature key or case id in {}",
                args.findings.display()
            );
        }
    }
    // What the target file holds already: its ids are not written twice.
    let existing = match &args.to {
        Some(path) if path.exists() => {
            fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
        }
        _ => String::new(),
    };
    let mut body = String::new();
    let (mut promoted, mut present) = (0usize, 0usize);
    let mut ids: Vec<String> = Vec::new();
    let mut refused: Vec<serde_json::Value> = Vec::new();
    for f in &loaded.findings {
        let id = promote::case_id(&f.key);
        if !args.select.is_empty() && !args.select.iter().any(|k| *k == f.key || *k == id) {
            continue;
        }
        if existing.contains(&format!("id: {id}\n")) {
            present += 1;
            continue;
        }
        match promote::case_yaml(f) {
            Ok(text) => {
                body.push_str(&text);
                promoted += 1;
                ids.push(id);
            }
            Err(why) => {
                eprintln!("uridiff: not promoted: {}: {why}", f.key);
                refused.push(serde_json::json!({"key": f.key, "reason": why.to_string()}));
            }
        }
    }
    let doc = |to: Option<&std::path::Path>, suite: Option<String>| {
        serde_json::json!({
            "schema": FUZZ_JSON_SCHEMA,
            "findings": args.findings.display().to_string(),
            "to": to.map(|p| p.display().to_string()),
            "promoted": promoted,
            "present": present,
            "cases": ids,
            "not_promoted": refused,
            "suite": suite,
        })
    };
    match &args.to {
        None if args.json => {
            print_json(out, doc(None, Some(format!("{}{body}", promote::HEADER))))?
        }
        None => write!(out, "{}{body}", promote::HEADER)?,
        Some(path) => {
            // The suite as it was and the new cases, written whole over it (a temporary file
            // renamed): a full disk leaves the suite as it was, never cut off mid-case.
            let mut text = String::new();
            if existing.trim().is_empty() {
                text.push_str(promote::HEADER);
            } else {
                text.push_str(&existing);
                if !existing.ends_with('\n') {
                    text.push('\n');
                }
            }
            text.push_str(&body);
            uridiff::files::write_atomic(path, text.as_bytes())?;
            if args.json {
                print_json(out, doc(Some(path), None))?;
            } else {
                writeln!(
                    out,
                    "promoted {promoted} findings to {} ({present} already there)",
                    path.display()
                )?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
