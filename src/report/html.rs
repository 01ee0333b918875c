//! `index.html`: the report as one self-contained page, for a person to read.
//!
//! Self-contained means no network: the CSS is inline, the charts are inline SVG, and the one
//! inline script (sorting and filtering the tables) only adds to a page that is complete without
//! it. Every input, parser output and message goes through [`super::show`] (control characters,
//! invisible characters and non-UTF-8 bytes escaped) and then [`esc`] (HTML), so nothing raw
//! reaches the page. The page carries no date; the timing footer is the only part that changes between two
//! runs with the same seed and parsers.
//!
//! Sections, by id: `headline`, `focus` (the root causes, in `html_focus`), `subjects`, `per-parser` (chart), `agreement` (heat map),
//! `matrix` (conformance), `classes` with `unexplained` and `by-design` kept apart, `confusion`,
//! and the footer `timing`.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Arc;

use crate::text::plural;

use uri_spec::Edition;

pub use super::html_text::esc;
use super::html_text::{code, prose, reading, t};
use super::{MatrixCell, Report, SubjectEntry};
use crate::engine::{ClassRecord, Severity};
use crate::model::{Answer, Component, ComponentSet, Op, Outcome};

/// The ids of the page's sections, in order (the structure test checks each is there).
pub const SECTIONS: [&str; 13] = [
    "headline",
    "cards",
    "focus",
    "subjects",
    "per-parser",
    "rollup",
    "agreement",
    "matrix",
    "classes",
    "unexplained",
    "by-design",
    "confusion",
    "timing",
];

/// A share as a percentage, rounded down so that anything short of every job never shows 100%.
///
/// ```
/// # use uridiff::report::html::pct;
/// assert_eq!(pct(1.0), "100%");
/// assert_eq!(pct(0.9996), "99.9%");
/// assert_eq!(pct(0.5), "50%");
/// ```
pub fn pct(share: f64) -> String {
    let p = share * 100.0;
    if share >= 1.0 {
        "100%".to_owned()
    } else if p >= 99.0 {
        format!("{:.1}%", (p * 10.0).floor() / 10.0)
    } else {
        format!("{:.0}%", p.floor())
    }
}

/// The heat scale: (lowest share, fill, text colour, legend label), best first.
const HEAT: [(f64, &str, &str, &str); 7] = [
    (1.0, "#1a7f45", "#fff", "100%"),
    (0.99, "#55a868", "#fff", "99% to 99.9%"),
    (0.95, "#a3d67e", "#111", "95% to 98.9%"),
    (0.90, "#dcef99", "#111", "90% to 94.9%"),
    (0.75, "#fddc83", "#111", "75% to 89.9%"),
    (0.50, "#f9a25e", "#111", "50% to 74.9%"),
    (0.0, "#d9483b", "#fff", "below 50%"),
];

/// The fill and text colour of a share (grey when there is none).
fn heat(share: Option<f64>) -> (&'static str, &'static str) {
    match share {
        None => ("#e6e6e6", "#555"),
        Some(s) => HEAT
            .iter()
            .find(|(min, ..)| s >= *min)
            .map_or(("#d9483b", "#fff"), |(_, fill, ink, _)| (fill, ink)),
    }
}

/// Writes `report` as a self-contained HTML page.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// # let report = uridiff::run::tests_support::tiny();
/// let mut out = Vec::new();
/// uridiff::report::html::write(&report, &mut out).unwrap();
/// let page = String::from_utf8(out).unwrap();
/// assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
/// for id in uridiff::report::html::SECTIONS {
///     assert!(page.contains(&format!("id=\"{id}\"")), "{id}");
/// }
/// ```
pub fn write(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let mut p = String::with_capacity(64 * 1024);
    page(report, &mut p);
    out.write_all(p.as_bytes())
}

/// The whole page into `p` (writing into a `String` cannot fail, so the `fmt::Result`s of
/// `write!` are infallible here).
fn page(r: &Report, p: &mut String) {
    p.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    p.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    p.push_str("<title>uridiff report</title>\n<style>\n");
    p.push_str(CSS);
    p.push_str("</style>\n</head>\n<body>\n");
    let _ = writeln!(
        p,
        "<header>\n<h1>uridiff report</h1>\n<p class=\"meta\">{} · report schema {} · seed {} · \
         <a href=\"discrepancies.json\">discrepancies.json</a> · <a href=\"summary.md\">summary.md</a> · \
         <a href=\"junit.xml\">junit.xml</a></p>",
        t(&r.tool),
        r.schema,
        r.seed
    );
    p.push_str(
        "<nav><a href=\"#headline\">headline</a> <a href=\"#cards\">parsers at a glance</a> <a href=\"#focus\">look at these first</a> <a href=\"#subjects\">subjects</a> \
         <a href=\"#per-parser\">classes per parser</a> <a href=\"#rollup\">where each differs</a> \
         <a href=\"#agreement\">agreement</a> \
         <a href=\"#matrix\">conformance matrix</a> <a href=\"#unexplained\">unexplained classes</a> \
         <a href=\"#by-design\">by-design classes</a> <a href=\"#confusion\">URL confusion</a></nav>\n</header>\n<main>\n",
    );
    headline(r, p);
    super::html_cards::cards(r, super::html_focus::FOCUS, p);
    super::html_focus::focus(r, p);
    super::html_focus::whatwg(r, p);
    super::reach::html(r, p);
    subjects(r, p);
    per_parser(r, p);
    rollup(r, p);
    agreement(r, p);
    matrix(r, p);
    classes(r, p);
    confusion(r, p);
    p.push_str("</main>\n");
    let _ = writeln!(
        p,
        "<footer id=\"timing\">\n<h2>Timing</h2>\n<p>The only part of this page that changes between \
         two runs with the same seed and parsers: {:.1} s until this page was written ({:.1} s \
         setup, {:.1} s running every job, {:.1} s classifying and minimizing, {:.1} s the rest of \
         the report, {:.1} s writing the files written before this page), {:.0} parser-inputs per \
         second in the run.</p>\n</footer>",
        r.timing.total_s,
        r.timing.setup_s,
        r.timing.run_s,
        r.timing.classify_s,
        r.timing.model_s,
        r.timing.write_s,
        r.timing.inputs_per_s
    );
    p.push_str("<script>\n");
    p.push_str(JS);
    p.push_str("</script>\n</body>\n</html>\n");
}

fn headline(r: &Report, p: &mut String) {
    let unexplained: Vec<&ClassRecord> = r.classes.iter().filter(|c| !c.explained).collect();
    let by_design = r.classes.len() - unexplained.len();
    let available = r.subjects.iter().filter(|s| s.available).count();
    let crashes = r
        .classes
        .iter()
        .filter(|c| matches!(c.signature.class, crate::engine::Class::Crash(_)))
        .count();
    p.push_str("<section id=\"headline\">\n<h2>Headline</h2>\n<div class=\"cards\">\n");
    let sev: Vec<String> = Severity::ALL
        .iter()
        .map(|s| {
            format!(
                "<span class=\"sev sev-{0}\">{1} {0}</span>",
                s.name(),
                unexplained.iter().filter(|c| c.severity == *s).count()
            )
        })
        .collect();
    let _ = writeln!(
        p,
        "<div class=\"card bad\"><div class=\"big\">{}</div><div>unexplained discrepancy {}</div>\
         <div class=\"small\">{}</div></div>",
        unexplained.len(),
        plural(unexplained.len(), "class", "classes"),
        sev.join(" ")
    );
    let _ = writeln!(
        p,
        "<div class=\"card design\"><div class=\"big\">{by_design}</div><div>by-design {}</div>\
         <div class=\"small\">a profile rule reproduces the parser's exact answer</div></div>",
        plural(by_design, "class", "classes")
    );
    let _ = writeln!(
        p,
        "<div class=\"card\"><div class=\"big\">{}</div><div>{}</div><div class=\"small\">{} generated \
         inputs plus the suites' parse cases, each through every available parser</div></div>",
        r.tasks,
        plural(r.tasks, "job", "jobs"),
        r.generated
    );
    let _ = writeln!(
        p,
        "<div class=\"card\"><div class=\"big\">{available} of {}</div><div>parsers available</div>\
         <div class=\"small\">{} unavailable</div></div>",
        r.subjects.len(),
        r.subjects.len() - available
    );
    let _ = writeln!(
        p,
        "<div class=\"card\"><div class=\"big\">{}</div><div>URL-confusion {}</div><div class=\"small\">\
         {crashes} crash {}</div></div>",
        r.confusion.len(),
        plural(r.confusion.len(), "class", "classes"),
        plural(crashes, "class", "classes")
    );
    p.push_str("</div>\n");
    let missing: Vec<&SubjectEntry> = r.subjects.iter().filter(|s| !s.available).collect();
    if !missing.is_empty() {
        p.push_str(
            "<p>Unavailable here (the others ran without them):</p>\n<ul class=\"missing\">\n",
        );
        for s in missing {
            let _ = writeln!(
                p,
                "<li><b>{}</b>: {}</li>",
                t(&s.info.name),
                prose(s.unavailable.as_deref().unwrap_or("no reason given"))
            );
        }
        p.push_str("</ul>\n");
    }
    p.push_str("</section>\n");
}

fn subjects(r: &Report, p: &mut String) {
    p.push_str(
        "<section id=\"subjects\">\n<h2>Parsers</h2>\n<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr>\
         <th>parser</th><th>version</th><th>profile</th><th>kind</th><th>library</th><th>status</th>\
         <th>unexplained</th><th>by design</th><th>crashes</th><th>likely edition</th></tr></thead>\n<tbody>\n",
    );
    for s in &r.subjects {
        let summary = r.per_subject.iter().find(|x| x.subject == s.info.name);
        let likely = r
            .likely_edition(&s.info.name)
            .map_or_else(|| "<i>none</i>".to_owned(), t);
        let status = if s.available {
            "<span class=\"ok\">available</span>".to_owned()
        } else {
            format!(
                "<span class=\"missing\">unavailable: {}</span>",
                prose(s.unavailable.as_deref().unwrap_or("no reason given"))
            )
        };
        let n = |f: fn(&super::SubjectSummary) -> usize| summary.map_or(0, f);
        let _ = writeln!(
            p,
            "<tr><td><b>{}</b></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{status}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{likely}</td></tr>",
            t(&s.info.name),
            t(&s.info.version),
            t(&s.info.profile),
            match s.info.kind {
                crate::subjects::Kind::InProcess => "in-process",
                crate::subjects::Kind::External => "external",
            },
            prose(&s.info.library),
            n(|x| x.unexplained),
            n(|x| x.by_design),
            n(|x| x.crashes),
        );
    }
    p.push_str("</tbody>\n</table>\n</div>\n</section>\n");
}

/// Tick spacing: 1, 2 or 5 times a power of ten, at most about six ticks up to `max`.
fn tick_step(max: usize) -> usize {
    let mut step = 1;
    loop {
        for m in [1, 2, 5] {
            if max / (step * m) <= 6 {
                return step * m;
            }
        }
        step *= 10;
    }
}

/// The inline SVG bar chart: classes per parser, unexplained and by design stacked.
fn per_parser(r: &Report, p: &mut String) {
    const LABEL: usize = 190;
    const BARS: usize = 560;
    const ROW: usize = 28;
    const TOP: usize = 40;
    let n = r.per_subject.len();
    let width = LABEL + BARS + 200;
    let height = TOP + n * ROW + 34;
    let max = r
        .per_subject
        .iter()
        .map(|s| s.unexplained + s.by_design)
        .max()
        .unwrap_or(0)
        .max(1);
    let step = tick_step(max);
    let top_tick = max.div_ceil(step) * step;
    let x = |v: usize| LABEL as f64 + v as f64 * BARS as f64 / top_tick as f64;
    p.push_str("<section id=\"per-parser\">\n<h2>Classes per parser</h2>\n");
    p.push_str(
        "<p>How many discrepancy classes each parser is among the deviating parsers of, unexplained \
         (red) and explained by its profile (grey). The spec implementation <code>impl</code> is the \
         reference, so it deviates from nothing.</p>\n",
    );
    let _ = writeln!(
        p,
        "<svg class=\"chart\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" role=\"img\" \
         aria-labelledby=\"per-parser-title\"><title id=\"per-parser-title\">Classes per parser, unexplained and by design</title>"
    );
    // Legend.
    let _ = writeln!(
        p,
        "<g class=\"legend\"><rect x=\"{LABEL}\" y=\"8\" width=\"14\" height=\"14\" class=\"unexpl\"></rect>\
         <text x=\"{}\" y=\"20\">unexplained</text><rect x=\"{}\" y=\"8\" width=\"14\" height=\"14\" class=\"design\"></rect>\
         <text x=\"{}\" y=\"20\">by design</text></g>",
        LABEL + 20,
        LABEL + 130,
        LABEL + 150
    );
    // Grid and ticks.
    p.push_str("<g class=\"axis\">");
    let mut v = 0;
    while v <= top_tick {
        let _ = write!(
            p,
            "<line x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{TOP}\" y2=\"{1}\"></line><text x=\"{0:.1}\" y=\"{2}\" \
             text-anchor=\"middle\">{v}</text>",
            x(v),
            TOP + n * ROW,
            TOP + n * ROW + 18
        );
        v += step;
    }
    p.push_str("</g>\n");
    for (i, s) in r.per_subject.iter().enumerate() {
        let y = TOP + i * ROW;
        let entry = r.subjects.iter().find(|e| e.info.name == s.subject);
        let available = entry.is_none_or(|e| e.available);
        let _ = write!(
            p,
            "<g class=\"bar\"><text x=\"{}\" y=\"{}\" text-anchor=\"end\"{}>{}</text>",
            LABEL - 8,
            y + 18,
            if available { "" } else { " class=\"off\"" },
            t(&s.subject)
        );
        if !available {
            let _ = writeln!(
                p,
                "<text x=\"{}\" y=\"{}\" class=\"off\">unavailable</text></g>",
                LABEL + 6,
                y + 18
            );
            continue;
        }
        let (x0, x1, x2) = (x(0), x(s.unexplained), x(s.unexplained + s.by_design));
        let _ = writeln!(
            p,
            "<rect x=\"{x0:.1}\" y=\"{}\" width=\"{:.1}\" height=\"{}\" class=\"unexpl\"><title>{}: {} unexplained</title></rect>\
             <rect x=\"{x1:.1}\" y=\"{}\" width=\"{:.1}\" height=\"{}\" class=\"design\"><title>{}: {} by design</title></rect>\
             <text x=\"{:.1}\" y=\"{}\">{} unexplained, {} by design</text></g>",
            y + 5,
            x1 - x0,
            ROW - 10,
            t(&s.subject),
            s.unexplained,
            y + 5,
            x2 - x1,
            ROW - 10,
            t(&s.subject),
            s.by_design,
            x2 + 6.0,
            y + 18,
            s.unexplained,
            s.by_design
        );
    }
    p.push_str("</svg>\n</section>\n");
}

/// The roll-up of the unexplained classes: a parser by area table, each cell shaded by its count
/// against the largest (the areas no parser differs in left out).
fn rollup(r: &Report, p: &mut String) {
    let (rows, areas) = super::rollup(&r.per_subject);
    p.push_str("<section id=\"rollup\">\n<h2>Where each parser differs</h2>\n");
    if rows.is_empty() {
        p.push_str("<p>No parser differs from the spec in an unexplained class.</p>\n</section>\n");
        return;
    }
    p.push_str(
        "<p>Unexplained classes by area of the reference: an area holds its component's own class, \
         its undefined-versus-empty class (the host's kind with the host). A class counts once for each parser it sets apart; the darker the cell, \
         the more classes.</p>\n<div class=\"scroll\">\n<table class=\"rollup\">\n<thead><tr><th>parser</th>",
    );
    for a in &areas {
        let _ = write!(p, "<th>{}</th>", t(a));
    }
    p.push_str("<th>all</th></tr></thead>\n<tbody>\n");
    let max = rows
        .iter()
        .flat_map(|s| s.unexplained_by_area.values())
        .copied()
        .max()
        .unwrap_or(1)
        .max(1);
    for s in rows {
        let _ = write!(p, "<tr><th>{}</th>", t(&s.subject));
        for a in &areas {
            match s.unexplained_by_area.get(*a) {
                Some(&n) => {
                    // From a pale to a strong red as the count nears the largest.
                    let alpha = 0.12 + 0.78 * n as f64 / max as f64;
                    let ink = if alpha > 0.55 { "#fff" } else { "#111" };
                    let _ = write!(
                        p,
                        "<td class=\"num\" style=\"background:rgba(192,57,43,{alpha:.2});color:{ink}\" \
                         title=\"{}: {n} unexplained {} about the {}\">{n}</td>",
                        t(&s.subject),
                        plural(n, "class", "classes"),
                        t(a)
                    );
                }
                None => p.push_str("<td></td>"),
            }
        }
        let _ = writeln!(p, "<td class=\"num\"><b>{}</b></td></tr>", s.unexplained);
    }
    p.push_str("</tbody>\n</table>\n</div>\n</section>\n");
}

/// The agreement grid as an SVG heat map, the share written in each cell.
fn agreement(r: &Report, p: &mut String) {
    const LABEL: usize = 190;
    const CELL: usize = 62;
    const TOP: usize = 130;
    let names = &r.agreement.subjects;
    let n = names.len();
    let legend: usize = HEAT.iter().map(|(.., label)| 34 + 7 * label.len()).sum();
    let width = (LABEL + n * CELL + 20).max(legend + 20);
    let height = TOP + n * CELL + 60;
    p.push_str("<section id=\"agreement\">\n<h2>Agreement grid</h2>\n");
    p.push_str(
        "<p>Of the parse jobs two parsers both answered, the share on which they agree: on validity \
         (when both decide it) and on every component both report. Rounded down, so 100% means every \
         job; a grey cell had no job in common.</p>\n",
    );
    let _ = writeln!(
        p,
        "<svg class=\"chart heat\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" role=\"img\" \
         aria-labelledby=\"agreement-title\"><title id=\"agreement-title\">Pairwise agreement of the parsers</title>"
    );
    for (j, name) in names.iter().enumerate() {
        let cx = LABEL + j * CELL + CELL / 2;
        let _ = write!(
            p,
            "<text transform=\"translate({cx},{}) rotate(-45)\" class=\"col\">{}</text>",
            TOP - 8,
            t(name)
        );
    }
    p.push('\n');
    for (i, a) in names.iter().enumerate() {
        let y = TOP + i * CELL;
        let _ = write!(
            p,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            LABEL - 8,
            y + CELL / 2 + 5,
            t(a)
        );
        for (j, b) in names.iter().enumerate() {
            let share = r
                .agreement
                .share
                .get(i)
                .and_then(|row| row.get(j))
                .copied()
                .flatten();
            let (fill, ink) = heat(share);
            let label = share.map_or_else(|| "–".to_owned(), pct);
            let _ = write!(
                p,
                "<g><rect x=\"{}\" y=\"{y}\" width=\"{}\" height=\"{}\" style=\"fill:{fill}\"></rect><text x=\"{}\" y=\"{}\" \
                 text-anchor=\"middle\" style=\"fill:{ink}\">{label}</text><title>{} and {}: {}</title></g>",
                LABEL + j * CELL,
                CELL - 2,
                CELL - 2,
                LABEL + j * CELL + CELL / 2 - 1,
                y + CELL / 2 + 4,
                t(a),
                t(b),
                share.map_or_else(|| "no job in common".to_owned(), |s| format!("{} agree", pct(s)))
            );
        }
        p.push('\n');
    }
    // Legend, below the grid: a swatch and its label, each item as wide as its label.
    let ly = TOP + n * CELL + 20;
    p.push_str("<g class=\"legend\">");
    let mut lx = 10;
    for (_, fill, _, label) in HEAT {
        let _ = write!(
            p,
            "<rect x=\"{lx}\" y=\"{ly}\" width=\"14\" height=\"14\" style=\"fill:{fill}\"></rect><text x=\"{}\" y=\"{}\">{label}</text>",
            lx + 18,
            ly + 12
        );
        lx += 34 + 7 * label.len();
    }
    p.push_str("</g>\n</svg>\n</section>\n");
}

/// The conformance matrix: subject by edition, with the likely edition marked.
fn matrix(r: &Report, p: &mut String) {
    p.push_str("<section id=\"matrix\">\n<h2>Conformance matrix</h2>\n");
    p.push_str(
        "<p>The share of each edition's suite cases a parser matches (cases it cannot run are left \
         out), and the edition it most likely follows, marked ★: the one whose expectations it \
         matches best on the cases that tell editions apart (the same operation on the same \
         operands, expected to answer differently under different editions).</p>\n<div class=\"scroll\">\n<table class=\"matrix\">\n<thead><tr><th>parser</th>",
    );
    let editions: Vec<&str> = r
        .matrix
        .first()
        .map(|m| m.cells.iter().map(|c| c.edition.as_str()).collect())
        .unwrap_or_else(|| Edition::ALL.iter().map(|e| e.id()).collect());
    for id in &editions {
        let (year, title) = id
            .parse::<Edition>()
            .map_or((String::new(), (*id).to_owned()), |e| {
                (e.year().to_string(), e.title().to_owned())
            });
        let _ = write!(
            p,
            "<th title=\"{}\">{year}<br><span class=\"edition\">{}</span></th>",
            t(&title),
            t(id)
        );
    }
    p.push_str("<th>likely edition</th></tr></thead>\n<tbody>\n");
    for row in &r.matrix {
        let _ = write!(p, "<tr><th>{}</th>", t(&row.subject));
        for cell in &row.cells {
            let likely = row.likely_edition.as_deref() == Some(cell.edition.as_str());
            matrix_cell(cell, likely, p);
        }
        let _ = writeln!(
            p,
            "<td>{}</td></tr>",
            row.likely_edition
                .as_deref()
                .map_or_else(|| "<i>none</i>".to_owned(), |e| format!("<b>{}</b>", t(e)))
        );
    }
    p.push_str("</tbody>\n</table>\n</div>\n</section>\n");
}

fn matrix_cell(cell: &MatrixCell, likely: bool, p: &mut String) {
    let judged = cell.passed + cell.failed;
    let (fill, ink) = heat(cell.share);
    let title = format!(
        "{} passed, {} failed, {} skipped",
        cell.passed, cell.failed, cell.skipped
    );
    let body = match cell.share {
        Some(s) => format!(
            "{}{}<br><span class=\"small\">{}/{judged}</span>",
            if likely { "★ " } else { "" },
            pct(s),
            cell.passed
        ),
        None => format!("–<br><span class=\"small\">{} skipped</span>", cell.skipped),
    };
    let _ = write!(
        p,
        "<td class=\"cell{}\" style=\"background:{fill};color:{ink}\" title=\"{title}\">{body}</td>",
        if likely { " likely" } else { "" }
    );
}

fn classes(r: &Report, p: &mut String) {
    let (unexplained, explained): (Vec<&ClassRecord>, Vec<&ClassRecord>) =
        r.classes.iter().partition(|c| !c.explained);
    p.push_str("<section id=\"classes\">\n<h2>Discrepancy classes</h2>\n");
    p.push_str(
        "<p>A class is every finding with one signature: what differs (the class and its component), \
         the operation, and how the parsers split by answer (each box a group of parsers that gave the \
         same answer, the spec implementation's group outlined in green). Each example is the smallest input found, minimized with \
         the signature kept. Open a row's details for every parser's answer on it.</p>\n",
    );
    p.push_str("<section id=\"unexplained\" class=\"unexplained\">\n");
    let _ = writeln!(
        p,
        "<h3>Unexplained: {} {}</h3>\n<p>No rule of the deviating parsers' profiles reproduces \
         their answers from the spec's: these are the ones to act on.</p>",
        unexplained.len(),
        plural(unexplained.len(), "class", "classes")
    );
    class_table(r, &unexplained, "unexplained", p);
    p.push_str("</section>\n<section id=\"by-design\" class=\"by-design\">\n");
    let _ = writeln!(
        p,
        "<h3>By design: {} {}</h3>\n<p>Every deviating parser's answer is reproduced from the \
         spec's by a rule of its profile, <code>by-design(&lt;profile&gt;: &lt;rule&gt;)</code>.</p>",
        explained.len(),
        plural(explained.len(), "class", "classes")
    );
    class_table(r, &explained, "by-design", p);
    p.push_str("</section>\n</section>\n");
}

fn class_table(r: &Report, classes: &[&ClassRecord], which: &str, p: &mut String) {
    if classes.is_empty() {
        let _ = writeln!(p, "<p class=\"none\">No {which} class.</p>");
        return;
    }
    p.push_str(
        "<div class=\"scroll\">\n<table class=\"classes sortable filterable\">\n<thead><tr><th>severity</th>\
         <th>class</th><th>op</th><th>partition</th><th>inputs</th><th>minimized example</th>\
         <th>by-design rule</th></tr></thead>\n",
    );
    for c in classes {
        let sev = c.severity.name();
        let mut example = code(&c.example.input);
        if let Some(second) = &c.example.second {
            let word = if c.example.op == Op::Resolve {
                "against"
            } else {
                "and"
            };
            let _ = write!(example, " {word} {}", code(second));
        }
        if c.first_seen.input != c.example.input {
            let _ = write!(
                example,
                "<div class=\"small\">first seen: {}</div>",
                code(&c.first_seen.input)
            );
        }
        let _ = write!(
            example,
            "<div class=\"small\">from {}, edition {}</div>",
            t(&c.first_seen.origin),
            t(c.example.edition.id())
        );
        let rules = if c.by_design.is_empty() {
            "<i>none</i>".to_owned()
        } else {
            c.by_design
                .iter()
                .map(|(s, rule)| {
                    // The id beside the prose: the name that stays when the prose is reworded.
                    let id = c.by_design_ids.get(s).map_or_else(String::new, |id| {
                        format!(" <code class=\"rule-id\">{}</code>", t(id))
                    });
                    // Where the library documents the rule, a small line under it.
                    let cites = c.by_design_cites.get(s).map_or_else(String::new, |cites| {
                        format!("<div class=\"small rule-cites\">{}</div>", t(cites))
                    });
                    format!(
                        "<div><b>{}</b>: by-design({}){id}{cites}</div>",
                        t(s),
                        prose(rule)
                    )
                })
                .collect()
        };
        let partition: Vec<String> = c
            .partition
            .0
            .iter()
            .map(|g| {
                let spec = g.iter().any(|n| n == "impl");
                format!(
                    "<span class=\"grp{}\"{}>{}</span>",
                    if spec { " spec" } else { "" },
                    if spec { " title=\"with the spec\"" } else { "" },
                    g.iter().map(|n| t(n)).collect::<Vec<_>>().join(" ")
                )
            })
            .collect();
        let _ = writeln!(
            p,
            "<tbody class=\"class\"><tr><td data-sort=\"{}\"><span class=\"sev sev-{sev}\">{sev}</span></td>\
             <td><b>{}</b><div class=\"small\">in {}</div></td><td>{}</td><td>{}</td><td class=\"num\" data-sort=\"{}\">{}</td><td class=\"ex\">{example}</td>\
             <td>{rules}</td></tr>",
            c.severity as u8,
            t(&c.signature.class.name()),
            // The parser the class is about, in the row: the partition alone does not say it
            // (a parser that does not report the class's component is in no group of it).
            t(&c.deviating.join(", ")),
            c.signature.op,
            partition.concat(),
            c.count,
            c.count,
        );
        let _ = writeln!(
            p,
            "<tr class=\"more\"><td colspan=\"7\"><details><summary>every parser's answer on the example \
             (deviating: {})</summary>",
            t(&c.deviating.join(", "))
        );
        answers(r, c, p);
        p.push_str("</details></td></tr></tbody>\n");
    }
    p.push_str("</table>\n</div>\n");
}

/// The components a subject reports (every component when it is not listed).
fn reported(r: &Report, subject: &str) -> ComponentSet {
    r.subjects
        .iter()
        .find(|s| s.info.name == subject)
        .map_or(ComponentSet::ALL, |s| s.info.components)
}

/// Every subject's outcome on a class's example, one row each; for parse answers, the components
/// that differ between the parsers (or every component when none does), cells that differ from
/// the spec's marked.
fn answers(r: &Report, c: &ClassRecord, p: &mut String) {
    let parsed = |o: &Outcome<Answer>| match o {
        Outcome::Accepted(Answer::Parsed(x)) => Some(x.clone()),
        _ => None,
    };
    let all: Vec<(&str, Option<Arc<crate::model::Parsed>>)> = c
        .outcomes
        .iter()
        .map(|(s, o)| (s.as_str(), parsed(o)))
        .collect();
    fn value<'a>(
        r: &Report,
        s: &str,
        x: &'a crate::model::Parsed,
        comp: Component,
    ) -> Option<Option<&'a str>> {
        reported(r, s)
            .contains(comp)
            .then(|| x.components.get(comp))
    }
    let differing: Vec<Component> = Component::ALL
        .into_iter()
        .filter(|comp| {
            let vals: Vec<Option<&str>> = all
                .iter()
                .filter_map(|(s, x)| x.as_ref().and_then(|x| value(r, s, x, *comp)))
                .collect();
            vals.windows(2).any(|w| w[0] != w[1]) || c.signature.class.component() == Some(*comp)
        })
        .collect();
    let any_parsed = all.iter().any(|(_, x)| x.is_some());
    let columns: Vec<Component> = if differing.is_empty() && any_parsed {
        Component::ALL.to_vec()
    } else {
        differing
    };
    let spec = c
        .outcomes
        .iter()
        .find(|(s, _)| s == "impl")
        .and_then(|(_, o)| parsed(o));
    let serializations = all
        .iter()
        .any(|(_, x)| x.as_ref().is_some_and(|x| x.serialization.is_some()));
    p.push_str(
        "<p class=\"small\">Shaded: differs from <code>impl</code>. Parsers in red deviate in this \
         class; the class's own component has a dark header. Parsers that answer alike share a \
         row.</p>\n",
    );
    p.push_str(
        "<div class=\"scroll\"><table class=\"answers\"><thead><tr><th>parser</th><th>outcome</th>",
    );
    if any_parsed {
        for comp in &columns {
            if c.signature.class.component() == Some(*comp) {
                let _ = write!(
                    p,
                    "<th class=\"focus\" title=\"the class's component\">{comp}</th>"
                );
            } else {
                let _ = write!(p, "<th>{comp}</th>");
            }
        }
        if serializations {
            p.push_str("<th>serialization</th>");
        }
    }
    p.push_str("</tr></thead><tbody>\n");
    let span = if any_parsed {
        columns.len() + usize::from(serializations)
    } else {
        1
    };
    // Parsers whose rows would read alike share one: a class's table has a row per answer,
    // not per parser (38 rows where most say the same were hard to read and most of the page).
    let mut rows: Vec<(bool, bool, String, Vec<&str>)> = Vec::new();
    for (subject, o) in &c.outcomes {
        let deviating = c.deviating.contains(subject);
        let by_design = c.by_design.contains_key(subject);
        let mut cells = format!("<td>{}</td>", o.name());
        match o {
            Outcome::Accepted(Answer::Parsed(x)) => {
                for comp in &columns {
                    match value(r, subject, x, *comp) {
                        None => cells.push_str("<td><i>not reported</i></td>"),
                        Some(v) => {
                            // A scheme differs only in more than case: "schemes are
                            // case-insensitive" (RFC 3986 3.1), so `a` against `A` is no
                            // difference to shade.
                            let same = |x: Option<&str>| match (*comp, x, v) {
                                (Component::Scheme, Some(x), Some(v)) => x.eq_ignore_ascii_case(v),
                                _ => x == v,
                            };
                            let differs = spec.as_ref().is_some_and(|s| {
                                !same(s.components.get(*comp)) && subject != "impl"
                            });
                            let _ = write!(
                                cells,
                                "<td{}>{}</td>",
                                if differs { " class=\"diff\"" } else { "" },
                                reading(v)
                            );
                        }
                    }
                }
                if serializations {
                    let _ = write!(
                        cells,
                        "<td>{}</td>",
                        x.serialization
                            .as_deref()
                            .map_or_else(|| "<i>none</i>".to_owned(), |s| code(s.as_bytes()))
                    );
                }
            }
            other => {
                let detail = match other {
                    Outcome::Accepted(Answer::Text(s)) => code(s.as_bytes()),
                    Outcome::Accepted(Answer::Bool(b)) => {
                        (if *b { "equivalent" } else { "not equivalent" }).to_owned()
                    }
                    Outcome::Accepted(Answer::List(l)) => {
                        if l.is_empty() {
                            "<span class=\"empty\">(none)</span>".to_owned()
                        } else {
                            l.iter()
                                .map(|s| code(s.as_bytes()))
                                .collect::<Vec<_>>()
                                .join(" ")
                        }
                    }
                    Outcome::Accepted(Answer::Parsed(_)) => String::new(),
                    Outcome::Rejected(rej) => {
                        let mut s = prose(&rej.message);
                        if let Some(code) = &rej.code {
                            let _ = write!(s, " <span class=\"small\">({})</span>", prose(code));
                        }
                        if let Some(at) = rej.offset {
                            let _ = write!(s, " <span class=\"small\">at byte {at}</span>");
                        }
                        s
                    }
                    // Without the parser's own name where the reason opens with it ("url has
                    // no resolve operation"): the row names it, and the parsers that have no such
                    // operation then share one row.
                    Outcome::Unsupported(why) => prose(
                        why.strip_prefix(subject.as_str())
                            .and_then(|w| w.strip_prefix(' '))
                            .unwrap_or(why),
                    ),
                    Outcome::Crashed(crash) => {
                        format!("<b>{}</b>: {}", crash.kind.name(), prose(&crash.message))
                    }
                };
                let _ = write!(cells, "<td colspan=\"{span}\">{detail}</td>");
            }
        }
        match rows
            .iter_mut()
            .find(|(d, b, x, _)| *d == deviating && *b == by_design && *x == cells)
        {
            Some((.., names)) => names.push(subject),
            None => rows.push((deviating, by_design, cells, vec![subject])),
        }
    }
    for (deviating, by_design, cells, names) in rows {
        let _ = writeln!(
            p,
            "<tr{}><th>{}{}</th>{cells}</tr>",
            if deviating {
                " class=\"deviating\""
            } else {
                ""
            },
            names.into_iter().map(t).collect::<Vec<_>>().join(", "),
            if by_design {
                " <span class=\"small\">(by design)</span>"
            } else {
                ""
            },
        );
    }
    p.push_str("</tbody></table></div>\n");
}

/// How many confusion classes the page lists (all are in `discrepancies.json`).
const CONFUSION: usize = 100;

fn confusion(r: &Report, p: &mut String) {
    p.push_str("<section id=\"confusion\">\n<h2>URL confusion</h2>\n");
    p.push_str(
        "<p>One mechanism an item: the parsers that accept an input and handle its scheme read a \
         scheme, userinfo, host or port in two ways or more (parsers that read alike are one \
         group), ranked by what it lets an attacker do: a check and a fetch reading two hosts \
         first, then an open redirect, then port, userinfo, scheme. Each example is minimized \
         while the groups hold; each group has a line reproducing one member.</p>\n",
    );
    if r.confusion.is_empty() {
        p.push_str(
            "<p class=\"none\">No two groups of parsers read a different scheme, userinfo, host \
             or port from the same input.</p>\n</section>\n",
        );
        return;
    }
    p.push_str("<ol class=\"focus confusion\">\n");
    for c in r.confusion.iter().take(CONFUSION) {
        super::html_focus::confusion_item(c, p);
    }
    p.push_str("</ol>\n");
    if r.confusion.len() > CONFUSION {
        let _ = writeln!(
            p,
            "<p>{CONFUSION} of {} confusion classes shown; \
             <a href=\"discrepancies.json\">discrepancies.json</a> has every one.</p>",
            r.confusion.len()
        );
    }
    p.push_str("</section>\n");
}

const CSS: &str = r#"body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d1d1f;background:#fafafa;margin:0}
header,main,footer{max-width:1320px;margin:0 auto;padding:0 24px}
header{padding-top:18px}
h1{margin:0 0 4px;font-size:28px}
h2{margin:34px 0 10px;font-size:22px;border-bottom:1px solid #ddd;padding-bottom:4px}
h3{margin:22px 0 8px;font-size:18px}
a{color:#1f5fa8}
.meta{color:#555;margin:0 0 8px}
nav{display:flex;flex-wrap:wrap;gap:6px 14px;padding:8px 0;border-bottom:1px solid #ddd;font-size:14px}
.cards{display:flex;flex-wrap:wrap;gap:14px}
.card{background:#fff;border:1px solid #ddd;border-left:6px solid #888;border-radius:6px;padding:12px 16px;min-width:190px;flex:1 1 190px}
.card.bad{border-left-color:#c0392b}
.card.design{border-left-color:#7b8794}
.pcards{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:10px}
.pcard{background:#fff;border:1px solid #ddd;border-left:5px solid #3a8f5c;border-radius:6px;padding:8px 12px}
.pcard.bad{border-left-color:#c0392b}
.pcard.off{border-left-color:#bbb;color:#777}
.pcard code{word-break:normal;overflow-wrap:anywhere}
.pname{font-weight:700;font-size:16px}
.plib{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;line-clamp:2;overflow:hidden}
.pcount{margin:4px 0 2px}
.pcount .sev{margin-left:2px}
details.repro summary{font-size:12.5px;color:#1f5fa8;cursor:pointer}
section{content-visibility:auto;contain-intrinsic-size:auto 1500px}
#headline,#cards,#focus{content-visibility:visible}
.big{font-size:32px;font-weight:700;line-height:1.1}
.small{font-size:12.5px;color:#555}
td .small{display:block}
ul.missing{margin-top:4px}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;background:#fff;margin:6px 0 12px}
th,td{border:1px solid #d6d6d6;padding:5px 8px;text-align:left;vertical-align:top}
thead th{background:#f0f0f0;font-weight:600;font-size:13.5px}
td.num{text-align:right;font-variant-numeric:tabular-nums}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;background:#eef1f4;border:1px solid #dde2e7;border-radius:3px;padding:0 3px;white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-all}
td.ex{min-width:200px;max-width:420px}
i{color:#777;font-style:italic;font-size:13px}
.empty{color:#7a4b00;font-style:italic;font-size:13px}
.ok{color:#1a7f45}
span.missing{color:#b03a2e}
.sev{display:inline-block;border-radius:10px;padding:0 8px;font-size:12.5px;font-weight:600;color:#fff;white-space:nowrap}
code.cmd{white-space:pre-wrap;word-break:break-all;font-size:12px}ol.focus>li{margin:10px 0}ol.focus ul{margin:4px 0 0 0;font-size:13.5px}
.sev-critical{background:#a61b1b}.sev-high{background:#d0611c}.sev-medium{background:#b38f00}.sev-low{background:#6b7b8c}
.grp{display:block;width:fit-content;border:1px dashed #aaa;border-radius:4px;padding:0 5px;margin:2px 0;font-size:13.5px}
.grp.spec{border:2px solid #1a7f45}
section.unexplained h3{color:#a61b1b}
section.by-design h3{color:#55606c}
section.unexplained table.classes{border-left:5px solid #c0392b}
section.by-design table.classes{border-left:5px solid #9aa5b1}
section.by-design table.classes tbody.class > tr:first-child{background:#f6f7f9}
tr.more > td{background:#fcfcfc;border-top:none;padding:2px 8px 6px}
details summary{cursor:pointer;color:#1f5fa8;font-size:13.5px}
table.answers{margin:6px 0}
table.answers td,table.answers th{font-size:13.5px}
tr.deviating > th{color:#a61b1b}
td.diff{background:#fde2de}
table.answers th.focus{background:#5a2a27;color:#fff}
p.none{color:#555;font-style:italic}
.chart{display:block;max-width:100%;height:auto;font:13px system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
.chart text{fill:#222}
.chart text.off{fill:#999;font-style:italic}
.chart .unexpl{fill:#c0392b}
.chart .design{fill:#9aa5b1}
.chart .axis line{stroke:#e2e2e2}
.chart .axis text{fill:#666;font-size:12px}
.heat text{font-size:12.5px}
.heat text.col{text-anchor:start}
table.rollup td,table.rollup th{text-align:center;min-width:64px}
table.rollup tbody th{text-align:left}
table.matrix td.cell{text-align:center;min-width:92px;font-variant-numeric:tabular-nums}
table.matrix td.cell .small{color:inherit}
details.long summary{color:inherit}
table.matrix td.likely{outline:3px solid #1d1d1f;outline-offset:-3px;font-weight:700}
table.matrix th .edition{font-weight:400;font-size:11.5px;color:#555}
input.filter{margin:4px 0;padding:4px 8px;font-size:14px;width:320px;max-width:100%}
th.sort{cursor:pointer}
th[aria-sort=ascending]::after{content:" ▲"}
th[aria-sort=descending]::after{content:" ▼"}
footer{margin-top:40px;padding-bottom:30px;color:#555;border-top:1px solid #ddd}
footer h2{font-size:16px;border:none;margin:14px 0 4px}
"#;

/// Sorting (click a header) and filtering (type in the box above a table). The page is complete
/// without it: the script only reorders and hides rows that are already there.
const JS: &str = r#"(function(){
function groups(t){return t.tBodies.length>1?Array.prototype.slice.call(t.tBodies):Array.prototype.slice.call(t.tBodies[0].rows);}
function first(g){return g.rows?g.rows[0]:g;}
function key(g,i){var c=first(g).cells[i];if(!c)return '';var v=c.getAttribute('data-sort');if(v===null)v=c.textContent;var n=parseFloat(v);return isNaN(n)?v.toLowerCase():n;}
document.querySelectorAll('table.sortable').forEach(function(t){
  var ths=t.tHead.rows[0].cells;
  Array.prototype.forEach.call(ths,function(th,i){
    th.classList.add('sort');th.tabIndex=0;
    th.addEventListener('click',function(){
      var dir=th.getAttribute('aria-sort')==='ascending'?-1:1;
      Array.prototype.forEach.call(ths,function(o){o.removeAttribute('aria-sort');});
      th.setAttribute('aria-sort',dir>0?'ascending':'descending');
      var gs=groups(t);
      gs.sort(function(a,b){var x=key(a,i),y=key(b,i);return (x<y?-1:x>y?1:0)*dir;});
      var parent=t.tBodies.length>1?t:t.tBodies[0];
      gs.forEach(function(g){parent.appendChild(g);});
    });
  });
});
document.querySelectorAll('table.filterable').forEach(function(t){
  var box=document.createElement('input');
  box.type='search';box.className='filter';box.placeholder='filter rows (parser, class, input...)';
  var holder=t.parentNode;holder.parentNode.insertBefore(box,holder);
  box.addEventListener('input',function(){
    var q=box.value.toLowerCase();
    groups(t).forEach(function(g){g.style.display=(first(g).textContent.toLowerCase().indexOf(q)>=0)?'':'none';});
  });
});
})();
"#;
