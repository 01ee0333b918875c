//! `index.html`'s parser cards: one card per parser on the page's first screen, saying what it
//! is (its library and version), what it is judged against (its profile), and where it stands
//! (its unexplained classes by severity, its by-design classes and crashes, the edition its suite
//! results match best, and the first root cause it shows). A maintainer finds their own parser
//! there before reading any class; the tables further down have the rest.

use std::fmt::Write as _;

use super::html_text::{code, prose, t};
use super::Report;
use crate::engine::Severity;
use crate::text::plural;

/// One parser's card, as read from the report: its counts ([`super::SubjectSummary`]) and the
/// first root cause (1-based, as the list numbers it) it shows, with that cause's line.
struct Card<'a> {
    summary: Option<&'a super::SubjectSummary>,
    first_cause: Option<(usize, String)>,
}

impl Card<'_> {
    fn unexplained(&self) -> usize {
        self.summary.map_or(0, |s| s.unexplained)
    }

    /// Unexplained classes by severity, most severe first (the sort key: most critical first).
    fn by_severity(&self) -> [usize; 4] {
        Severity::ALL.map(|sev| {
            self.summary
                .and_then(|s| s.unexplained_by_severity.get(&sev).copied())
                .unwrap_or(0)
        })
    }
}

/// The cards into `p`, parsers with unexplained classes first (most critical ones first), then
/// those without, each group in the order of the list of parsers; unavailable parsers last.
/// `shown` is how many root causes the page lists (a card links only to one it shows).
pub(super) fn cards(r: &Report, shown: usize, p: &mut String) {
    p.push_str("<section id=\"cards\">\n<h2>Parsers at a glance</h2>\n");
    p.push_str(
        "<p>One card per parser: its library, the profile it is judged by (the standard it \
         claims, with the deviations its documentation states as rules), and its classes. \
         <b>Unexplained</b> classes are differences no rule of its profile reproduces; \
         <b>by design</b>, those a rule reproduces exactly. Parsers with unexplained classes \
         come first, those with the most critical ones first. The edition a parser's suite \
         results are most like is read from the cases that tell editions apart (the conformance \
         matrix), not from its highest share.</p>\n<div class=\"pcards\">\n",
    );
    let mut cards: Vec<(Card, &super::SubjectEntry)> = r
        .subjects
        .iter()
        .map(|s| (card(r, &s.info.name), s))
        .collect();
    // A stable sort: equal keys keep the list's order.
    cards.sort_by_key(|(c, s)| {
        (
            !s.available,
            c.unexplained() == 0,
            std::cmp::Reverse(c.by_severity()),
        )
    });
    for (c, s) in &cards {
        let info = &s.info;
        let class = if !s.available {
            "pcard off"
        } else if c.unexplained() > 0 {
            "pcard bad"
        } else {
            "pcard"
        };
        // The library's description, cut to two lines by the style sheet (the rest, caveats of
        // how a worker reads its library, is in the title and in the Parsers table), and its
        // version where the description does not already say it.
        let version = if info.library.contains(info.version.as_str()) {
            String::new()
        } else {
            format!(" · {}", t(&info.version))
        };
        let _ = write!(
            p,
            "<div class=\"{class}\"><div class=\"pname\">{}</div>\
             <div class=\"small plib\" title=\"{}\">{}{version}</div>\
             <div class=\"small\">judged by the profile <code>{}</code></div>",
            t(&info.name),
            prose(&info.library),
            prose(&info.library),
            t(&info.profile),
        );
        if !s.available {
            let _ = writeln!(
                p,
                "<div class=\"small\">unavailable here: {}</div></div>",
                prose(s.unavailable.as_deref().unwrap_or("no reason given"))
            );
            continue;
        }
        let n = c.unexplained();
        let _ = write!(
            p,
            "<div class=\"pcount\"><b>{n}</b> unexplained {}",
            plural(n, "class", "classes")
        );
        for (s, k) in Severity::ALL.iter().zip(c.by_severity()) {
            if k > 0 {
                let _ = write!(p, " <span class=\"sev sev-{0}\">{k} {0}</span>", s.name());
            }
        }
        let crashes = c.summary.map_or(0, |s| s.crashes);
        let _ = write!(
            p,
            "</div><div class=\"small\">{} by design · {crashes} {}",
            c.summary.map_or(0, |s| s.by_design),
            plural(crashes, "crash", "crashes"),
        );
        if let Some(edition) = r.likely_edition(&info.name) {
            let _ = write!(p, "<br>suites: most like <code>{}</code>", t(edition));
        }
        p.push_str("</div>");
        match &c.first_cause {
            Some((k, line)) if *k <= shown => {
                let _ = write!(
                    p,
                    "<div class=\"small\">first to look at: <a href=\"#cause-{k}\">{k}. {line}</a></div>"
                );
            }
            Some((k, line)) => {
                let _ = write!(
                    p,
                    "<div class=\"small\">first to look at: root cause {k}, {line} (past the \
                     {shown} listed below; <code>root_causes</code> in discrepancies.json)</div>"
                );
            }
            None => {}
        }
        p.push_str("</div>\n");
    }
    p.push_str("</div>\n</section>\n");
}

/// What `name`'s card shows, read from the per-parser counts and root causes of `r`.
fn card<'a>(r: &'a Report, name: &str) -> Card<'a> {
    // The parser's own example of the cause: the cause's smallest example may be another
    // parser's, on which this one does not differ.
    let first_cause = r
        .root_causes
        .iter()
        .position(|cause| cause.parsers.iter().any(|x| x == name))
        .map(|k| {
            let cause = &r.root_causes[k];
            let input = cause
                .sides
                .iter()
                .find(|s| s.parser == name)
                .map_or(&cause.example.input, |s| &s.input);
            (
                k + 1,
                format!("{} {} on {}", t(&cause.class), cause.op, code(input)),
            )
        });
    Card {
        summary: r.per_subject.iter().find(|s| s.subject == name),
        first_cause,
    }
}
