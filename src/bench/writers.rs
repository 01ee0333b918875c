//! The writers of `uridiff bench`'s figures: a plain-text table ([`write_table`]), `bench.md`
//! ([`write_markdown`]) and a chart ([`write_svg`]), all generic over [`std::io::Write`] and
//! tested by writing into a `Vec<u8>`.

use std::io::{self, Write};

use serde::Serialize;

use super::{
    CpuShare, EngineThroughput, ExternalSpeedup, Figure, Harness, Machine, Measurement, OPS,
};
use crate::report::html::esc;

/// Everything `uridiff bench` measured (`bench.json`, schema 1).
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    /// The JSON schema version.
    pub schema: u32,
    /// Where and when.
    pub machine: Machine,
    /// Whether this was a `--quick` run.
    pub quick: bool,
    /// The per-parser figures.
    #[serde(flatten)]
    pub measurement: Measurement,
    /// The engine's throughput: with every in-process subject, then without the grammar
    /// recognizer (a deliberately naive oracle that dominates the first figure).
    pub engine: Vec<EngineThroughput>,
    /// External workers, persistent against one process per input.
    pub external: Vec<ExternalSpeedup>,
    /// Workers that could not be measured, and why.
    pub external_unavailable: Vec<String>,
    /// The harness's own speed (`--harness`), absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harness: Option<Harness>,
}

/// Writes the figures as a plain-text table, then the engine and worker lines.
///
/// # Errors
///
/// Those of `out`.
pub fn write_table(out: &mut dyn Write, r: &BenchReport) -> io::Result<()> {
    writeln!(
        out,
        "{} URIs (generate::realistic, seed {}, {} bytes), {} interleaved rounds, medians; {} ({} CPUs), {}",
        r.measurement.corpus.count,
        r.measurement.corpus.seed,
        r.measurement.corpus.bytes,
        r.measurement.rounds,
        r.machine.cpu,
        r.machine.nproc,
        r.machine.date
    )?;
    writeln!(
        out,
        "{:<15} {:<10} {:>10} {:>9} {:>9} {:>9}",
        "parser", "op", "ns/URI", "spread", "MB/s", "x impl"
    )?;
    for f in &r.measurement.results {
        writeln!(
            out,
            "{:<15} {:<10} {:>10.0} {:>8.0}% {:>9.1} {:>9}",
            f.parser,
            f.op,
            f.ns_per_uri,
            f.spread_pct,
            f.mb_per_s,
            ratio(f.ratio_to_impl)
        )?;
    }
    for e in &r.engine {
        writeln!(
        out,
        "engine: {} parse tasks x {} in-process subjects in {:.3} s on {} threads: {:.0} parser-inputs/s ({:.0} per core)",
        e.tasks,
        e.subjects.len(),
        e.seconds,
        e.threads,
        e.parser_inputs_per_s,
        e.parser_inputs_per_s_per_core
    )?;
    }
    for x in &r.external {
        writeln!(
            out,
            "external {}: persistent {:.1} us/input ({} inputs), one process per input {:.0} us/input ({} inputs): {:.0}x",
            x.worker,
            x.persistent_us_per_input,
            x.persistent_inputs,
            x.spawn_us_per_input,
            x.spawned_inputs,
            x.speedup
        )?;
    }
    for why in &r.external_unavailable {
        writeln!(out, "external: {why}")?;
    }
    if let Some(h) = &r.harness {
        for x in &h.report {
            writeln!(
                out,
                "harness report: {} inputs ({} jobs) x {} parsers in {:.2} s (run {:.2}, classify {:.2}, assemble {:.2}, write {:.2}): {:.0} inputs/s",
                x.inputs, x.jobs, x.subjects.len(), x.seconds, x.run_s, x.classify_s, x.assemble_s, x.write_s, x.inputs_per_s
            )?;
            writeln!(out, "  {}", cpu_line(&x.cpu, x.seconds, x.load))?;
        }
        for f in &h.fuzz {
            writeln!(
                out,
                "harness fuzz ({}, {} parsers): {} inputs in {:.2} s: {:.0} inputs/s, {} findings minimized",
                f.parsers,
                f.subjects.len(),
                f.inputs,
                f.seconds,
                f.inputs_per_s,
                f.minimized
            )?;
            writeln!(out, "  {}", cpu_line(&f.cpu, f.seconds, f.load))?;
        }
    }
    Ok(())
}

fn ratio(r: Option<f64>) -> String {
    r.map_or_else(|| "-".to_owned(), |r| format!("{r:.2}"))
}

/// Writes `bench.md`: the machine at its head, one table per operation, the engine and the
/// workers.
///
/// # Errors
///
/// Those of `out`.
pub fn write_markdown(out: &mut dyn Write, r: &BenchReport) -> io::Result<()> {
    let m = &r.machine;
    writeln!(out, "# uridiff bench\n")?;
    writeln!(out, "- date: {}", m.date)?;
    writeln!(out, "- machine: {} (`nproc` {}), {}", m.cpu, m.nproc, m.os)?;
    writeln!(
        out,
        "- corpus: {} URIs from `generate::realistic` (seed {}), {} bytes; `resolve` against `{}` on references made from them (`bench::references`)",
        r.measurement.corpus.count, r.measurement.corpus.seed, r.measurement.corpus.bytes, r.measurement.corpus.base
    )?;
    writeln!(
        out,
        "- method: {} interleaved rounds (every parser once per round, order rotated), median per URI; spread is the rounds' range over the median{}",
        r.measurement.rounds,
        if r.quick { "; a --quick run" } else { "" }
    )?;
    writeln!(
        out,
        "- command: `uridiff bench --out reports/` (release build)\n"
    )?;
    writeln!(out, "![ns per URI](bench.svg)\n")?;
    for op in OPS {
        let rows: Vec<&Figure> = r
            .measurement
            .results
            .iter()
            .filter(|f| f.op == op.name())
            .collect();
        if rows.is_empty() {
            continue;
        }
        writeln!(out, "## {}\n", op.name())?;
        writeln!(
            out,
            "| parser | ns/URI | spread | MB/s | ratio to impl | accepted | note |"
        )?;
        writeln!(out, "|---|---:|---:|---:|---:|---:|---|")?;
        for f in rows {
            writeln!(
                out,
                "| {} | {:.0} | {:.0}% | {:.1} | {} | {} | {} |",
                f.parser,
                f.ns_per_uri,
                f.spread_pct,
                f.mb_per_s,
                ratio(f.ratio_to_impl),
                f.accepted,
                f.note
            )?;
        }
        writeln!(out)?;
    }
    writeln!(out, "## The engine\n")?;
    for e in &r.engine {
        writeln!(
        out,
        "{} realistic parse tasks through `Engine::run` with {} in-process subjects ({}) on {} threads: {:.3} s, **{:.0} parser-inputs per second, {:.0} per core** (target: at least 100,000 per core).\n",
        e.tasks,
        e.subjects.len(),
        e.subjects.join(", "),
        e.threads,
        e.seconds,
        e.parser_inputs_per_s,
        e.parser_inputs_per_s_per_core
    )?;
    }
    writeln!(out, "## External workers\n")?;
    if r.external.is_empty() && r.external_unavailable.is_empty() {
        writeln!(out, "Not measured (`--no-external`).")?;
    }
    for x in &r.external {
        writeln!(
            out,
            "`{}`: persistent {:.1} µs per input ({} inputs to one process); one process per input {:.0} µs ({} inputs): **{:.0} times faster** persistent (target: at least 50).",
            x.worker, x.persistent_us_per_input, x.persistent_inputs, x.spawn_us_per_input, x.spawned_inputs, x.speedup
        )?;
    }
    for why in &r.external_unavailable {
        writeln!(out, "{why}")?;
    }
    if let Some(h) = &r.harness {
        write_harness(out, h)?;
    }
    Ok(())
}

/// A run's CPU split on one line (a report's, a campaign's): the total, the load beside the
/// wall time, then each process with its CPU seconds and share, the dearest first.
fn cpu_line(cpu: &[CpuShare], seconds: f64, load: Option<f64>) -> String {
    let total: f64 = cpu.iter().filter_map(|c| c.cpu_s).sum();
    let load = load.map_or_else(
        || "load not measured".to_owned(),
        |l| format!("load {l:.2}"),
    );
    let mut rows: Vec<&CpuShare> = cpu.iter().collect();
    rows.sort_by(|a, b| b.cpu_s.unwrap_or(-1.0).total_cmp(&a.cpu_s.unwrap_or(-1.0)));
    let parts: Vec<String> = rows
        .iter()
        .map(|c| match (c.cpu_s, c.share) {
            (Some(s), Some(p)) => {
                format!(
                    "{}{} {s:.2} ({:.1}%{})",
                    c.process,
                    times(c),
                    p * 100.0,
                    own_part(c, total)
                )
            }
            _ => format!("{}{} not measured", c.process, times(c)),
        })
        .collect();
    format!(
        "CPU {total:.2} s over {seconds:.2} s wall ({load}; uridiff includes the in-process parsers): {}",
        parts.join(", ")
    )
}

/// For uridiff's row: `; own S (P%), parsers S`, the harness's own part and the in-process
/// parsers' ([`CpuShare::own_s`]); nothing for a worker's row or where not measured.
fn own_part(c: &CpuShare, total: f64) -> String {
    match (c.own_s(), c.parsers_s) {
        (Some(own), Some(parsers)) if total > 0.0 => format!(
            "; own {own:.2} ({:.1}%), in-process parsers {parsers:.2}",
            own / total * 100.0
        ),
        _ => String::new(),
    }
}

/// ` x3` after a process that ran as three at once (a worker's pool), nothing for one.
fn times(c: &CpuShare) -> String {
    if c.processes > 1 {
        format!(" x{}", c.processes)
    } else {
        String::new()
    }
}

/// `bench.md`'s harness section: one row per report run, one per campaign.
fn write_harness(out: &mut dyn Write, h: &Harness) -> io::Result<()> {
    writeln!(out, "\n## The harness\n")?;
    writeln!(
        out,
        "In process, through the library (`run::build`, `Campaign::run`); seed {}, minimization budget {} (`uridiff bench --harness`).\n",
        h.seed, h.budget
    )?;
    writeln!(
        out,
        "| report of | jobs | parsers | wall s | run s | classify s | assemble s | write s | inputs/s |"
    )?;
    writeln!(out, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|")?;
    for x in &h.report {
        writeln!(
            out,
            "| {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.0} |",
            x.inputs,
            x.jobs,
            x.subjects.len(),
            x.seconds,
            x.run_s,
            x.classify_s,
            x.assemble_s,
            x.write_s,
            x.inputs_per_s
        )?;
    }
    for x in &h.report {
        writeln!(
            out,
            "\nCPU of the report of {} inputs, by process (user and system seconds; `uridiff` is this process with every in-process parser, whose parses and re-parses of the run are also given alone; a worker is its process and descendants; {}):\n",
            x.inputs,
            x.load
                .map_or_else(|| "load not measured".to_owned(), |l| format!("load {l:.2} at the end"))
        )?;
        writeln!(
            out,
            "| process | CPU s | share | of it, in-process parsers | the harness's own share |"
        )?;
        writeln!(out, "|---|---:|---:|---:|---:|")?;
        let total: f64 = x.cpu.iter().filter_map(|c| c.cpu_s).sum();
        let mut rows: Vec<&CpuShare> = x.cpu.iter().collect();
        rows.sort_by(|a, b| b.cpu_s.unwrap_or(-1.0).total_cmp(&a.cpu_s.unwrap_or(-1.0)));
        for c in rows {
            let (parsers, own) = match (c.parsers_s, c.own_s()) {
                (Some(p), Some(own)) if total > 0.0 => {
                    (format!("{p:.2}"), format!("{:.1}%", own / total * 100.0))
                }
                _ => (String::new(), String::new()),
            };
            match (c.cpu_s, c.share) {
                (Some(s), Some(p)) => writeln!(
                    out,
                    "| {}{} | {s:.2} | {:.1}% | {parsers} | {own} |",
                    c.process,
                    times(c),
                    p * 100.0,
                )?,
                _ => writeln!(out, "| {}{} | not measured | | | |", c.process, times(c))?,
            }
        }
    }
    writeln!(
        out,
        "\n| fuzz through | parsers | inputs | wall s | inputs/s | classes | findings minimized |"
    )?;
    writeln!(out, "|---|---:|---:|---:|---:|---:|---:|")?;
    for f in &h.fuzz {
        writeln!(
            out,
            "| {} | {} | {} | {:.2} | {:.0} | {} | {} |",
            f.parsers,
            f.subjects.len(),
            f.inputs,
            f.seconds,
            f.inputs_per_s,
            f.classes,
            f.minimized
        )?;
    }
    Ok(())
}

/// Writes `bench.svg`: one horizontal bar per parser and operation, the length its ns per URI
/// (one scale per operation), labelled with the figure and its ratio to impl. A self-contained
/// SVG document: no script, no external reference.
///
/// # Errors
///
/// Those of `out`.
pub fn write_svg(out: &mut dyn Write, r: &BenchReport) -> io::Result<()> {
    const BAR: usize = 18;
    const GAP: usize = 4;
    const LEFT: usize = 130;
    const WIDTH: usize = 780;
    const SCALE: f64 = 440.0;
    let mut body = String::new();
    let mut y = 10;
    for op in OPS {
        let rows: Vec<&Figure> = r
            .measurement
            .results
            .iter()
            .filter(|f| f.op == op.name())
            .collect();
        if rows.is_empty() {
            continue;
        }
        // One scale per operation, up to ten times impl's figure: a bar beyond that (the
        // grammar recognizer's) is drawn full length and marked off scale, so that it does not
        // flatten every other bar.
        let cap = rows
            .iter()
            .find(|f| f.parser == "impl")
            .map_or(f64::INFINITY, |f| f.ns_per_uri * 10.0);
        let max = rows
            .iter()
            .map(|f| f.ns_per_uri)
            .filter(|&ns| ns <= cap)
            .fold(0.0, f64::max)
            .max(1.0);
        y += 16;
        body.push_str(&format!(
            "<text x=\"4\" y=\"{y}\" font-weight=\"bold\">{} (ns per URI)</text>\n",
            op.name()
        ));
        y += 8;
        for f in rows {
            let off_scale = f.ns_per_uri > max;
            let w = (f.ns_per_uri.min(max) / max * SCALE).max(1.0);
            let fill = if f.parser == "impl" {
                "#c0392b"
            } else {
                "#2e86c1"
            };
            body.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text><rect x=\"{LEFT}\" y=\"{y}\" width=\"{w:.1}\" height=\"{BAR}\" fill=\"{fill}\"/><text x=\"{:.1}\" y=\"{}\">{:.0} ({}x impl){}</text>\n",
                LEFT - 6,
                y + 13,
                esc(&f.parser),
                LEFT as f64 + w + 4.0,
                y + 13,
                f.ns_per_uri,
                ratio(f.ratio_to_impl),
                if off_scale { ", off scale" } else { "" }
            ));
            y += BAR + GAP;
        }
    }
    y += 10;
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{y}\" viewBox=\"0 0 {WIDTH} {y}\" font-family=\"sans-serif\" font-size=\"12\">"
    )?;
    writeln!(
        out,
        "<title>uridiff bench, {}, {} ({} CPUs)</title>",
        esc(&r.machine.date),
        esc(&r.machine.cpu),
        r.machine.nproc
    )?;
    out.write_all(body.as_bytes())?;
    writeln!(out, "</svg>")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::{engine_throughput, measure, Config, ReportRun};
    use crate::subjects;

    #[test]
    fn uridiff_s_row_shows_its_in_process_parsers_and_its_own_share_apart() {
        let row = |process: &str, cpu_s: f64, processes: usize, parsers_s: Option<f64>| CpuShare {
            process: process.to_owned(),
            cpu_s: Some(cpu_s),
            share: Some(cpu_s / 10.0),
            processes,
            parsers_s,
        };
        let cpu = vec![row("uridiff", 4.0, 1, Some(1.5)), row("w", 6.0, 2, None)];
        let line = cpu_line(&cpu, 5.0, Some(1.0));
        assert!(
            line.contains("uridiff 4.00 (40.0%; own 2.50 (25.0%), in-process parsers 1.50)"),
            "{line}"
        );
        assert!(line.contains("w x2 6.00 (60.0%)"), "{line}");
        let h = Harness {
            seed: 1,
            budget: 2,
            report: vec![ReportRun {
                inputs: 10,
                jobs: 12,
                subjects: vec!["impl".into(), "w".into()],
                seconds: 5.0,
                run_s: 3.0,
                classify_s: 1.0,
                assemble_s: 0.5,
                write_s: 0.5,
                inputs_per_s: 2.4,
                parser_inputs_per_s: 8.0,
                load: Some(1.0),
                cpu,
            }],
            fuzz: Vec::new(),
        };
        let mut md = Vec::new();
        write_harness(&mut md, &h).unwrap();
        let md = String::from_utf8(md).unwrap();
        assert!(
            md.contains("| uridiff | 4.00 | 40.0% | 1.50 | 25.0% |"),
            "{md}"
        );
        // A worker's row has neither: its process is all the library's and the protocol's.
        assert!(md.contains("| w x2 | 6.00 | 60.0% |  |  |"), "{md}");
    }

    #[test]
    fn the_svg_is_one_self_contained_document() {
        let m = measure(&Config {
            count: 5,
            rounds: 1,
            parsers: vec!["url".into()],
            ..Config::quick()
        });
        let r = BenchReport {
            schema: 1,
            machine: Machine::here(),
            quick: true,
            measurement: m,
            engine: vec![engine_throughput(subjects::in_process(), 1, 5, 1)],
            external: Vec::new(),
            external_unavailable: Vec::new(),
            harness: None,
        };
        let mut svg = Vec::new();
        write_svg(&mut svg, &r).unwrap();
        let svg = String::from_utf8(svg).unwrap();
        assert!(svg.starts_with("<svg xmlns="));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(!svg.contains("href"));
        assert_eq!(svg.matches("<rect").count(), r.measurement.results.len());
        let mut md = Vec::new();
        write_markdown(&mut md, &r).unwrap();
        let md = String::from_utf8(md).unwrap();
        assert!(md.contains("| url |"));
        assert!(md.contains(&r.machine.date));
    }
}
