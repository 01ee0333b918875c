//! `index.html`'s opening sections: what to look at first (the root causes, most severe and
//! widest first, each with every side's answer against its reference and the lines that
//! reproduce it with the library called directly), and the WHATWG test-data scores.

use std::fmt::Write as _;

use super::html_text::{code, esc, reading, shown_code, t};
use super::Report;
use crate::text::plural;

/// How many root causes the section lists (all are in `discrepancies.json`).
pub(super) const FOCUS: usize = 25;

/// The root causes into `p`.
pub(super) fn focus(r: &Report, p: &mut String) {
    p.push_str("<section id=\"focus\">\n<h2>Look at these first</h2>\n");
    if r.root_causes.is_empty() {
        p.push_str("<p>No unexplained difference.</p>\n");
        focus_confusion(r, p);
        p.push_str("</section>\n");
        return;
    }
    p.push_str(
        "<p>Root causes: one class of difference on one form of input, in every parser that \
         shows it, most severe and widest first. Each parser is read against its own reference \
         (the standard it claims); each line reproduces its answer with the library called \
         directly. Inputs and values are written with <code>\\\\</code> for one backslash and \
         <code>\\t</code>, <code>\\n</code>, <code>\\x01</code> for what does not show; the \
         reproduce lines hold the exact bytes.</p>\n<ol class=\"focus\">\n",
    );
    for (n, c) in r.root_causes.iter().take(FOCUS).enumerate() {
        let example = match &c.example.second {
            Some(second) => format!("{} against {}", code(&c.example.input), code(second)),
            None => code(&c.example.input),
        };
        let _ = write!(
            p,
            "<li id=\"cause-{}\"><span class=\"sev sev-{sev}\">{sev}</span> <b>{}</b> {} on {example} \
             <span class=\"small\">({}; each parser's own below)</span>: {} ({} input{})\n<ul>\n",
            n + 1,
            t(&c.class),
            c.op,
            t(&super::whose_example(c)),
            t(&c.parsers.join(", ")),
            c.inputs,
            if c.inputs == 1 { "" } else { "s" },
            sev = c.severity.name(),
        );
        for side in &c.sides {
            let _ = write!(p, "<li>{}", side_item(side, &c.example.input));
            if let Some(line) = &side.reproduce {
                // Folded: the answers stay one line each, so the first screen shows several
                // root causes; one click shows the exact line.
                let _ = write!(
                    p,
                    "<details class=\"repro\"><summary>reproduce with the library called \
                     directly</summary>{}</details>",
                    command(line)
                );
            }
            p.push_str("</li>\n");
        }
        if let Some(diff) = &c.diff {
            let _ = writeln!(
                p,
                "<li>every parser on that example: {}</li>",
                command(diff)
            );
        }
        p.push_str("</ul></li>\n");
    }
    p.push_str("</ol>\n");
    if r.root_causes.len() > FOCUS {
        let _ = writeln!(
            p,
            "<p>{FOCUS} of {} root causes shown; the tables below and \
             <a href=\"discrepancies.json\">discrepancies.json</a> have every class.</p>",
            r.root_causes.len()
        );
    }
    focus_confusion(r, p);
    p.push_str("</section>\n");
}

/// How many confusion classes the section lists after the root causes.
const FOCUS_CONFUSION: usize = 5;

/// The most severe confusion classes, after the root causes.
fn focus_confusion(r: &Report, p: &mut String) {
    if r.confusion.is_empty() {
        return;
    }
    let _ = writeln!(
        p,
        "<p>URL confusion, the {} most severe of {} mechanisms (see \
         <a href=\"#confusion\">URL confusion</a>):</p>\n<ol class=\"focus\">",
        FOCUS_CONFUSION.min(r.confusion.len()),
        r.confusion.len()
    );
    for c in r.confusion.iter().take(FOCUS_CONFUSION) {
        confusion_item(c, p);
    }
    p.push_str("</ol>\n");
}

/// The WHATWG test-data scores into `p`, when files were given.
pub(super) fn whatwg(r: &Report, p: &mut String) {
    if r.whatwg.is_empty() {
        return;
    }
    p.push_str(
        "<section id=\"whatwg\">\n<h2>WHATWG URL test data</h2>\n<table>\n<thead><tr><th>file</th>\
         <th>parser</th><th>passed</th><th>failed</th><th>skipped</th><th>malformed entries</th>\
         </tr></thead>\n<tbody>\n",
    );
    for w in &r.whatwg {
        let _ = writeln!(
            p,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            code(w.file.as_bytes()),
            t(&w.parser),
            w.score.passed,
            w.score.failed,
            w.score.skipped,
            w.score.malformed
        );
    }
    p.push_str("</tbody>\n</table>\n</section>\n");
}

/// A shell command as written (a reader copies it): HTML-escaped only, so a backslash stays one
/// backslash; a command with a control character is shown escaped.
fn command(line: &str) -> String {
    if line.chars().any(char::is_control) {
        return code(line.as_bytes());
    }
    format!("<code class=\"cmd\">{}</code>", esc(line))
}

/// One parser's side of a root cause, for the page ([`super::side_text`]).
fn side_item(side: &super::Side, example: &[u8]) -> String {
    super::side_text(
        side,
        example,
        &super::Escapes {
            code,
            text: t,
            shown: |s| shown_code(s, s.len()),
        },
    )
}

/// One confusion class as a list item: impact, component, example, form and count, then each
/// group's reading and reproduce line.
pub(super) fn confusion_item(c: &super::ConfusionClass, p: &mut String) {
    let _ = write!(
        p,
        "<li><b>{}</b>: {} on {} ({} {}, form {})\n<ul>\n",
        esc(&c.impact),
        c.component,
        code(&c.input),
        c.count,
        plural(c.count, "input", "inputs"),
        code(c.form.as_bytes())
    );
    for g in &c.groups {
        let who = if g.browsers {
            format!("the browsers' reading ({})", t(&g.parsers.join(", ")))
        } else {
            t(&g.parsers.join(", "))
        };
        let note = g
            .note
            .as_deref()
            .map_or_else(String::new, |n| format!(" ({})", t(n)));
        let _ = write!(p, "<li>{who}{note}: {}", reading(g.reads.as_deref()));
        if let Some(line) = &g.reproduce {
            let _ = write!(p, "<br>reproduce: {}", code(line.as_bytes()));
        }
        p.push_str("</li>\n");
    }
    p.push_str("</ul></li>\n");
}

#[cfg(test)]
mod tests {
    /// A side's answers are written as `brief` made them: a host that is one backslash reads
    /// `"\\"` on the page (one backslash, as `show` writes it), not four or eight.
    #[test]
    fn a_sides_answers_are_not_escaped_twice() {
        let side = crate::report::side_of_a_backslash_host();
        assert_eq!(
            super::side_item(&side, b"x"),
            "p on <code>a:\\\\</code>: <code>host=&quot;\\\\&quot;</code>; lenient reads \
             <code>host=&quot;a\\tb&quot;</code>"
        );
    }
}
