//! The section of `report --campaign DIR` on what the guided campaign reached of each parser's
//! library ([`crate::campaign::reach`]) in the page's HTML, and the wording the summary's
//! Markdown shares: per parser, the ids reached out of those its instrumentation can report,
//! how the count grew over the campaign's inputs, and the inputs that first reached the most.

use std::fmt::Write as _;

use super::html_text::{code, t};
use super::{ParserReach, Report};

/// "1,234 of 5,000 statements (24.7%)", or "1,234 lines" when the total is unknown.
pub(super) fn reached(r: &ParserReach) -> String {
    let kind = r.kind.as_deref().unwrap_or("ids");
    match (r.instrumented, r.percent()) {
        (Some(n), Some(share)) => format!("{} of {n} {kind} ({share:.1}%)", r.reached),
        _ => format!("{} {kind}", r.reached),
    }
}

/// The growth as "inputs run: ids reached" steps.
pub(super) fn growth(r: &ParserReach) -> String {
    r.growth
        .iter()
        .map(|(at, n)| format!("{at}: {n}"))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The section in `index.html`, when the report has a campaign's reach: a row per parser with
/// its growth drawn as a line, and its first inputs below.
pub(super) fn html(report: &Report, p: &mut String) {
    if report.reach.is_empty() {
        return;
    }
    p.push_str("<section id=\"reach\">\n<h2>What the campaign reached</h2>\n");
    p.push_str(
        "<p>For each parser whose answers carried coverage: the ids of its library's code the \
         campaign's inputs ran, out of those its instrumentation can report, how the count grew \
         over the campaign's inputs, and the inputs that first reached the most.</p>\n",
    );
    p.push_str(
        "<table>\n<thead><tr><th>parser</th><th>reached</th><th>growth</th>\
         <th>inputs that first reached the most</th></tr></thead>\n<tbody>\n",
    );
    for r in &report.reach {
        let _ = write!(
            p,
            "<tr><td>{}</td><td>{}</td><td>{}<br><small>{}</small></td><td>",
            t(&r.parser),
            t(&reached(r)),
            sparkline(r),
            t(&growth(r))
        );
        for f in &r.first {
            let _ = write!(p, "{} <small>({} ids)</small><br>", code(&f.input), f.ids);
        }
        p.push_str("</td></tr>\n");
    }
    p.push_str("</tbody>\n</table>\n</section>\n");
}

/// The growth as a small SVG line, from 0 to the last point's count.
fn sparkline(r: &ParserReach) -> String {
    let (w, h) = (160.0, 32.0);
    let end = r.growth.last().map_or(1, |&(at, _)| at.max(1)) as f64;
    let top = r.growth.iter().map(|&(_, n)| n).max().unwrap_or(0).max(1) as f64;
    let mut points = vec![format!("0,{h}")];
    points.extend(
        r.growth
            .iter()
            .map(|&(at, n)| format!("{:.1},{:.1}", w * at as f64 / end, h - h * n as f64 / top)),
    );
    format!(
        "<svg width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" \
         aria-label=\"ids reached over the campaign\"><polyline fill=\"none\" \
         stroke=\"#2b6cb0\" stroke-width=\"2\" points=\"{}\"/></svg>",
        points.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report_model::FirstReach;

    fn with_reach() -> Report {
        let mut report = crate::run::tests_support::tiny();
        report.reach = vec![ParserReach {
            parser: "python-furl".into(),
            kind: Some("lines".into()),
            reached: 30,
            instrumented: Some(120),
            growth: vec![(50, 20), (100, 30)],
            first: vec![FirstReach {
                input: b"http://a|b".to_vec(),
                origin: "o".into(),
                index: Some(3),
                ids: 12,
            }],
        }];
        report
    }

    #[test]
    fn the_summary_and_the_page_show_each_parsers_reach_only_for_a_campaign() {
        let report = with_reach();
        let mut md = Vec::new();
        super::super::markdown::reach(&report, &mut md).unwrap();
        let md = String::from_utf8(md).unwrap();
        assert!(md.contains("## What the campaign reached"), "{md}");
        assert!(md.contains("30 of 120 lines (25.0%)"), "{md}");
        assert!(md.contains("50: 20 · 100: 30"), "{md}");
        // The input is a code span whose `|` cannot end the table's cell.
        assert!(md.contains("(12 ids)") && !md.contains("a|b"), "{md}");
        let mut page = String::new();
        html(&report, &mut page);
        assert!(
            page.contains("id=\"reach\"") && page.contains("<polyline"),
            "{page}"
        );
        assert!(page.contains("30 of 120 lines (25.0%)"), "{page}");
        // No campaign, no section.
        let plain = crate::run::tests_support::tiny();
        let mut md = Vec::new();
        super::super::markdown::reach(&plain, &mut md).unwrap();
        assert!(md.is_empty());
        let mut page = String::new();
        html(&plain, &mut page);
        assert!(page.is_empty());
    }
}
