//! `summary.md`: the report's headline numbers first, then its tables, for a code review, a CI
//! summary and the README. The table of classes shows its
//! first [`ROWS`] rows (the most severe and frequent first); the URL-confusion classes are a
//! ranked list of their first [`CONFUSION`] mechanisms, the top [`FOCUS_CONFUSION`] also under
//! "Look at these first".
//!
//! Every input and parser output is shown through [`show`] (control and invisible characters
//! escaped) inside a code span that survives any backtick or `|` in it; other text has Markdown's
//! punctuation escaped, so nothing in a report turns into markup.

use std::io::{self, Write};

use super::{show, Report};
use crate::engine::{ClassRecord, Severity};
use crate::text::plural;

/// The input coverage: the line and the table of [`super::coverage::Coverage`].
fn coverage(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let c = &report.coverage;
    writeln!(
        out,
        "\n## Input coverage\n\nThe parse inputs and resolution references, split by RFC 3986 \
         Appendix B (the authority into userinfo, host and port): {}. A cell counts the \
         (first or inside, byte) pairs of its class the split can produce; \
         `discrepancies.json` lists each one.\n",
        c.line()
    )?;
    write!(out, "{}", c.table())
}

/// What a guided campaign reached of each library (`report --campaign DIR`), when the report
/// has it ([`super::reach`] words it).
///
/// # Errors
///
/// The writer's.
pub(super) fn reach(report: &Report, out: &mut impl Write) -> io::Result<()> {
    if report.reach.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\n## What the campaign reached\n\nFor each parser whose answers carried coverage: the \
         ids of its library's code the campaign's inputs ran, out of those its instrumentation \
         can report; how the count grew (inputs run: ids reached); and the input that first \
         reached the most.\n"
    )?;
    writeln!(
        out,
        "| parser | reached | growth | first reached the most |"
    )?;
    writeln!(out, "|---|---|---|---|")?;
    for r in &report.reach {
        let first = r.first.first().map_or_else(
            || "-".to_owned(),
            |f| format!("{} ({} ids)", code(&f.input), f.ids),
        );
        writeln!(
            out,
            "| {} | {} | {} | {first} |",
            text(&r.parser),
            super::reach::reached(r),
            super::reach::growth(r)
        )?;
    }
    writeln!(out)
}

/// Writes the summary of `report` as Markdown.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// # let report = uridiff::run::tests_support::tiny();
/// let mut out = Vec::new();
/// uridiff::report::markdown::write(&report, &mut out).unwrap();
/// let md = String::from_utf8(out).unwrap();
/// assert!(md.starts_with("# uridiff report\n\n**"));
/// assert!(md.lines().nth(2).unwrap().contains("unexplained"));
/// ```
pub fn write(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let (unexplained, explained): (Vec<&ClassRecord>, Vec<&ClassRecord>) =
        report.classes.iter().partition(|c| !c.explained);
    let available = report.subjects.iter().filter(|s| s.available).count();
    let severities: Vec<String> = [
        (Severity::Critical, "critical"),
        (Severity::High, "high"),
        (Severity::Medium, "medium"),
        (Severity::Low, "low"),
    ]
    .iter()
    .map(|(s, name)| {
        format!(
            "{} {name}",
            unexplained.iter().filter(|c| c.severity == *s).count()
        )
    })
    .collect();
    writeln!(out, "# uridiff report\n")?;
    writeln!(
        out,
        "**{} unexplained discrepancy {}** ({}) and **{} by design**, from {} {} ({} generated \
         inputs plus the suites' parse cases) through {available} of {} parsers; {} URL-confusion {}.\n",
        unexplained.len(),
        plural(unexplained.len(), "class", "classes"),
        severities.join(", "),
        explained.len(),
        report.tasks,
        plural(report.tasks, "job", "jobs"),
        report.generated,
        report.subjects.len(),
        report.confusion.len(),
        plural(report.confusion.len(), "class", "classes")
    )?;
    let missing: Vec<String> = report
        .subjects
        .iter()
        .filter(|s| !s.available)
        .map(|s| {
            format!(
                "{} ({})",
                text(&s.info.name),
                text(s.unavailable.as_deref().unwrap_or("no reason given"))
            )
        })
        .collect();
    if !missing.is_empty() {
        writeln!(out, "Unavailable here: {}.\n", missing.join("; "))?;
    }
    writeln!(
        out,
        "{}, report schema {}, seed {}. The full report is `index.html` beside this file; the data, \
         `discrepancies.json`; the suite results per parser, `junit.xml`.\n",
        text(&report.tool),
        report.schema,
        report.seed
    )?;

    focus(report, out)?;
    whatwg(report, out)?;
    reach(report, out)?;

    writeln!(out, "## Parsers\n")?;
    writeln!(
        out,
        "| parser | version | profile | judged against | kind | unexplained | by design | crashes | likely edition |"
    )?;
    writeln!(out, "|---|---|---|---|---|---:|---:|---:|---|")?;
    for entry in &report.subjects {
        let name = &entry.info.name;
        let summary = report.per_subject.iter().find(|s| s.subject == *name);
        let row = report.matrix.iter().find(|m| m.subject == *name);
        let likely = report.likely_edition(name).unwrap_or("-");
        let reference = row.map_or("-", |m| m.reference.as_str());
        let shown = if entry.available {
            text(name)
        } else {
            format!("{} (unavailable)", text(name))
        };
        writeln!(
            out,
            "| {shown} | {} | {} | {} | {} | {} | {} | {} | {} |",
            text(&entry.info.version),
            text(&entry.info.profile),
            text(reference),
            match entry.info.kind {
                crate::subjects::Kind::InProcess => "in-process",
                crate::subjects::Kind::External => "external",
            },
            summary.map_or(0, |s| s.unexplained),
            summary.map_or(0, |s| s.by_design),
            summary.map_or(0, |s| s.crashes),
            text(likely)
        )?;
    }

    rollup(report, out)?;

    writeln!(out, "\n## Unexplained classes (most severe first)\n")?;
    if unexplained.is_empty() {
        writeln!(out, "None.")?;
    } else {
        writeln!(
            out,
            "| severity | class | op | inputs | parser | minimized example | parsers by answer (evidence) |"
        )?;
        writeln!(out, "|---|---|---|---:|---|---|---|")?;
        for c in unexplained.iter().take(ROWS) {
            writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} |",
                severity(c.severity),
                text(&c.signature.class.name()),
                c.signature.op,
                c.count,
                text(&c.deviating.join(", ")),
                example(c),
                text(&c.partition.to_string())
            )?;
        }
        more(out, unexplained.len(), "unexplained classes")?;
    }

    writeln!(out, "\n## By-design classes\n")?;
    if explained.is_empty() {
        writeln!(out, "None.")?;
    } else {
        writeln!(
            out,
            "| severity | class | op | inputs | minimized example | rule |"
        )?;
        writeln!(out, "|---|---|---|---:|---|---|")?;
        for c in explained.iter().take(ROWS) {
            let rules: Vec<String> = c
                .by_design
                .iter()
                .map(|(s, r)| {
                    // The id beside the prose: the name that stays when the prose is reworded.
                    let id = c
                        .by_design_ids
                        .get(s)
                        .map_or_else(String::new, |id| format!(" `{}`", text(id)));
                    format!("{}: by-design({}){id}", text(s), text(r))
                })
                .collect();
            writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                severity(c.severity),
                text(&c.signature.class.name()),
                c.signature.op,
                c.count,
                example(c),
                rules.join("; ")
            )?;
        }
        more(out, explained.len(), "by-design classes")?;
    }

    writeln!(
        out,
        "\n## Conformance matrix\n\nThe share of each edition's suite cases matched (matched/judged); \
         `*` marks the edition a parser most likely follows.\n"
    )?;
    let editions: Vec<&str> = report
        .matrix
        .first()
        .map(|m| m.cells.iter().map(|c| c.edition.as_str()).collect())
        .unwrap_or_default();
    writeln!(out, "| parser | {} |", editions.join(" | "))?;
    writeln!(out, "|---|{}", "---:|".repeat(editions.len()))?;
    for row in &report.matrix {
        write!(out, "| {} |", text(&row.subject))?;
        for cell in &row.cells {
            let mark = if row.likely_edition.as_deref() == Some(cell.edition.as_str()) {
                "\\*"
            } else {
                ""
            };
            match cell.share {
                Some(s) => write!(
                    out,
                    " {mark}{} ({}/{}) |",
                    super::html::pct(s),
                    cell.passed,
                    cell.passed + cell.failed
                )?,
                None => write!(out, " - |")?,
            }
        }
        writeln!(out)?;
    }
    let follows: Vec<&super::MatrixRow> = report
        .matrix
        .iter()
        .filter(|m| !m.differs_from_rfc3986.is_empty())
        .collect();
    if !follows.is_empty() {
        writeln!(
            out,
            "\nBy design, not discrepancies: the parsers judged against another standard than \
             RFC 3986 differ from it where that standard says so. On this run's parse jobs:\n"
        )?;
        for m in follows {
            let rules: Vec<String> = m
                .differs_from_rfc3986
                .iter()
                .map(|(r, n)| format!("{} ({n})", text(r)))
                .collect();
            writeln!(
                out,
                "- {} follows {}: differs from RFC 3986 in {}",
                text(&m.subject),
                text(&m.reference),
                rules.join("; ")
            )?;
        }
    }

    let grid = &report.agreement;
    if !grid.subjects.is_empty() {
        writeln!(
            out,
            "\n## Agreement grid\n\nOf the parse jobs both parsers answered, the share on which they \
             agree (rounded down; - when none in common).\n"
        )?;
        let names: Vec<String> = grid.subjects.iter().map(|s| text(s)).collect();
        writeln!(out, "| | {} |", names.join(" | "))?;
        writeln!(out, "|---|{}", "---:|".repeat(names.len()))?;
        for (i, name) in names.iter().enumerate() {
            write!(out, "| {name} |")?;
            for j in 0..names.len() {
                let share = grid.share.get(i).and_then(|r| r.get(j)).copied().flatten();
                write!(
                    out,
                    " {} |",
                    share.map_or_else(|| "-".to_owned(), super::html::pct)
                )?;
            }
            writeln!(out)?;
        }
    }

    writeln!(out, "\n## URL confusion\n")?;
    if report.confusion.is_empty() {
        writeln!(
            out,
            "No two groups of parsers read a different scheme, userinfo, host or port from the \
             same input."
        )?;
    } else {
        writeln!(
            out,
            "One mechanism a line: the parsers that accept an input and handle its scheme read a \
             routing component in two ways or more (parsers that read alike are one group), \
             whether or not RFC 3986 accepts the input; ranked by what it lets an attacker do \
             (a check and a fetch reading two hosts first, then an open redirect, then port, \
             userinfo, scheme). Each example is minimized while the groups hold.\n"
        )?;
        for (n, c) in report.confusion.iter().take(CONFUSION).enumerate() {
            confusion_class(out, n + 1, c)?;
        }
        if report.confusion.len() > CONFUSION {
            writeln!(
                out,
                "\n{CONFUSION} of {} confusion classes shown; `discrepancies.json` has every one.",
                report.confusion.len()
            )?;
        }
    }
    coverage(report, out)
}

/// How many confusion classes the "URL confusion" section lists.
pub const CONFUSION: usize = 25;

/// How many confusion classes "Look at these first" lists after the root causes.
pub const FOCUS_CONFUSION: usize = 5;

/// One confusion class: its impact, component, example and form, then each group with what it
/// reads and a line reproducing one member.
fn confusion_class(out: &mut impl Write, n: usize, c: &super::ConfusionClass) -> io::Result<()> {
    writeln!(
        out,
        "{n}. {}: {} on {} ({} {}, form {})",
        shown_text(&c.impact),
        c.component,
        code(&c.input),
        c.count,
        plural(c.count, "input", "inputs"),
        code(c.form.as_bytes())
    )?;
    for g in &c.groups {
        let who = if g.browsers {
            format!("the browsers' reading ({})", text(&g.parsers.join(", ")))
        } else {
            text(&g.parsers.join(", "))
        };
        let note = g
            .note
            .as_deref()
            .map_or_else(String::new, |n| format!(" ({})", text(n)));
        let reads = g
            .reads
            .as_deref()
            .map_or_else(|| "*undefined*".to_owned(), |s| code(s.as_bytes()));
        writeln!(out, "   - {who}{note}: {reads}")?;
        if let Some(line) = &g.reproduce {
            writeln!(out, "     reproduce: {}", command(line))?;
        }
    }
    Ok(())
}

/// How many root causes the opening section lists.
pub const FOCUS: usize = 15;

/// What to look at first: the root causes, most severe and widest first, each with its example,
/// every side's answer against its reference, and the lines that reproduce it.
fn focus(report: &Report, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "## Look at these first\n")?;
    if report.root_causes.is_empty() {
        writeln!(out, "No unexplained difference.")?;
        focus_confusion(report, out)?;
        return writeln!(out);
    }
    writeln!(
        out,
        "Root causes: one class of difference on one form of input, in every parser that shows \
         it, most severe and widest first. Each line below reproduces a parser's answer with the \
         library called directly. Inputs and values are written with `\\\\` for one backslash and \
         `\\t`, `\\n`, `\\x01` for what does not show; the reproduce lines hold the exact bytes.\n"
    )?;
    for (n, c) in report.root_causes.iter().take(FOCUS).enumerate() {
        let example = match &c.example.second {
            Some(second) => format!("{} against {}", code(&c.example.input), code(second)),
            None => code(&c.example.input),
        };
        writeln!(
            out,
            "{}. {} {} {}, on {example} ({}; each parser's own below): {} ({} {})",
            n + 1,
            severity(c.severity),
            text(&c.class),
            c.op,
            text(&super::whose_example(c)),
            text(&c.parsers.join(", ")),
            c.inputs,
            plural(c.inputs, "input", "inputs"),
        )?;
        for side in &c.sides {
            writeln!(out, "   - {}", side_line(side, &c.example.input))?;
            if let Some(line) = &side.reproduce {
                writeln!(out, "     reproduce: {}", command(line))?;
            }
        }
        if let Some(diff) = &c.diff {
            writeln!(out, "   - every parser on that example: {}", command(diff))?;
        }
    }
    if report.root_causes.len() > FOCUS {
        writeln!(
            out,
            "\n{FOCUS} of {} root causes shown; `discrepancies.json` has every one.",
            report.root_causes.len()
        )?;
    }
    focus_confusion(report, out)?;
    writeln!(out)
}

/// One parser's side of a root cause, for Markdown ([`super::side_text`]).
fn side_line(side: &super::Side, example: &[u8]) -> String {
    super::side_text(
        side,
        example,
        &super::Escapes {
            code,
            text,
            shown: fenced,
        },
    )
}

/// The top confusion classes, after the root causes of "Look at these first".
fn focus_confusion(report: &Report, out: &mut impl Write) -> io::Result<()> {
    if report.confusion.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\nURL confusion, the {} most severe of {} mechanisms (see \"URL confusion\"):\n",
        FOCUS_CONFUSION.min(report.confusion.len()),
        report.confusion.len()
    )?;
    for (n, c) in report.confusion.iter().take(FOCUS_CONFUSION).enumerate() {
        confusion_class(out, n + 1, c)?;
    }
    Ok(())
}

/// The scores on the WHATWG test-data files given, the reference's first.
fn whatwg(report: &Report, out: &mut impl Write) -> io::Result<()> {
    if report.whatwg.is_empty() {
        return Ok(());
    }
    writeln!(out, "## WHATWG URL test data\n")?;
    writeln!(
        out,
        "| file | parser | passed | failed | skipped | malformed entries |"
    )?;
    writeln!(out, "|---|---|---:|---:|---:|---:|")?;
    for w in &report.whatwg {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            code(w.file.as_bytes()),
            text(&w.parser),
            w.score.passed,
            w.score.failed,
            w.score.skipped,
            w.score.malformed
        )?;
    }
    writeln!(out)
}

/// How many rows a table of classes or pairs shows: a summary stays short enough to read in a
/// review and to fit a CI job summary; `index.html` and `discrepancies.json` have them all.
pub const ROWS: usize = 50;

/// The line under a table cut at [`ROWS`].
/// The roll-up: each parser's unexplained classes by area of the reference (the areas no parser
/// differs in left out), so that a reader sees where a parser differs before reading classes.
fn rollup(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let (rows, areas) = super::rollup(&report.per_subject);
    writeln!(out, "\n## Where each parser differs\n")?;
    if rows.is_empty() {
        return writeln!(
            out,
            "No parser differs from the spec in an unexplained class."
        );
    }
    writeln!(
        out,
        "Unexplained classes by area of the reference: an area holds its component's own \
         class and its undefined-versus-empty class (the \
         host's kind with the host). A class counts once for each parser it sets apart.\n"
    )?;
    writeln!(out, "| parser | {} |", areas.join(" | "))?;
    writeln!(out, "|---|{}", "---:|".repeat(areas.len()))?;
    for s in rows {
        let cells: Vec<String> = areas
            .iter()
            .map(|a| {
                s.unexplained_by_area
                    .get(*a)
                    .map_or_else(String::new, usize::to_string)
            })
            .collect();
        writeln!(out, "| {} | {} |", text(&s.subject), cells.join(" | "))?;
    }
    Ok(())
}

fn more(out: &mut impl Write, total: usize, what: &str) -> io::Result<()> {
    if total > ROWS {
        writeln!(
            out,
            "\n{ROWS} of {total} {what} shown; `index.html` and `discrepancies.json` have every one."
        )?;
    }
    Ok(())
}

pub(super) fn severity(s: Severity) -> &'static str {
    match s {
        Severity::Critical => "**critical**",
        other => other.name(),
    }
}

/// A class's minimized example, with its second operand.
pub(super) fn example(c: &ClassRecord) -> String {
    match &c.example.second {
        Some(second) => format!("{} and {}", code(&c.example.input), code(second)),
        None => code(&c.example.input),
    }
}

/// Bytes as a code span in a table cell: shown with [`show`], `|` escaped for the table, fenced
/// with more backticks than any run inside, and padded so that leading or trailing spaces and
/// backticks survive. An empty value says so.
pub(super) fn code(b: &[u8]) -> String {
    fenced(&show(b))
}

/// Text already shown with [`show`] as a code span in a table cell, as [`code`] writes it.
pub(super) fn fenced(shown: &str) -> String {
    if shown.is_empty() {
        return "*(empty)*".to_owned();
    }
    let s = shown.replace('|', "\\|");
    let mut longest = 0;
    let mut run = 0;
    for c in s.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = longest > 0 || (s.starts_with(' ') && s.ends_with(' '));
    if pad {
        format!("{fence} {s} {fence}")
    } else {
        format!("{fence}{s}{fence}")
    }
}

/// A shell command as a code span, as written (a reader copies it): unlike [`code`], a
/// backslash stays one backslash; a command with a control character is shown escaped.
pub(super) fn command(line: &str) -> String {
    if line.chars().any(char::is_control) {
        return code(line.as_bytes());
    }
    let longest = line.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    format!("{fence} {line} {fence}")
}

/// Text outside code spans: shown with [`show`], with Markdown's punctuation escaped.
pub(super) fn text(s: &str) -> String {
    shown_text(&show(s.as_bytes()))
}

/// Text already shown with [`show`] (a confusion class's impact line) outside code spans, with
/// Markdown's punctuation escaped: shown again, every backslash of it would double.
pub(super) fn shown_text(shown: &str) -> String {
    let mut out = String::with_capacity(shown.len());
    for c in shown.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '#' | '!'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{code, text};

    #[test]
    fn code_spans_survive_backticks_pipes_and_spaces() {
        assert_eq!(code(b"http://a/"), "`http://a/`");
        assert_eq!(code(b"a`b|c"), "`` a`b\\|c ``");
        assert_eq!(code(b"``"), "``` `` ```");
        assert_eq!(code(b" a "), "`  a  `");
        assert_eq!(code(b""), "*(empty)*");
        assert_eq!(code(b"\x01<"), "`\\x01<`");
    }

    #[test]
    fn commands_keep_their_backslashes() {
        assert_eq!(super::command(r"printf '%s\n' x"), r"` printf '%s\n' x `");
        assert_eq!(super::command("a`b"), "`` a`b ``");
    }

    /// A side's answers are written as `brief` made them: a host that is one backslash reads
    /// `"\\"` in its code span (one backslash, as `show` writes it), not four or eight.
    #[test]
    fn a_sides_answers_are_not_escaped_twice() {
        let side = crate::report::side_of_a_backslash_host();
        assert_eq!(
            super::side_line(&side, b"a:\\"),
            r#"p: `host="\\"`; lenient reads `host="a\tb"`"#
        );
        assert_eq!(
            super::side_line(&side, b"x"),
            r#"p on `a:\\`: `host="\\"`; lenient reads `host="a\tb"`"#
        );
        // An impact line, already shown, is escaped for Markdown once.
        assert_eq!(super::shown_text(r#"host "\\a""#), r#"host "\\\\a""#);
    }

    #[test]
    fn text_escapes_markup() {
        assert_eq!(text("<b>x|y</b>"), "\\<b\\>x\\|y\\</b\\>");
        assert_eq!(text("a_b*c"), "a\\_b\\*c");
    }
}
