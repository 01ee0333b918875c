//! What a guided campaign reached of each parser's library, read back from its folder for
//! `uridiff report --campaign DIR` (workers/README.md, "Coverage"): for each parser whose
//! answers carried coverage, how many ids of its library's code the campaign's inputs reached,
//! out of how many its instrumentation can report (the handshake's `coverage_total`, kept in
//! `state.json`), how that grew over the campaign's inputs, and the inputs that first reached
//! the most.
//!
//! Everything comes from `corpus.jsonl`, whose lines are synced as they are kept: each line is
//! an input with, for each parser, the ids no earlier input of the campaign had reached, so the
//! ids of one parser over all lines are what the campaign reached, counted once each. A campaign
//! killed at any point is read as far as it got.

use std::path::Path;

use super::corpus::{self, CORPUS};
use super::{CampaignError, Skipped, State, MAX_STATE_BYTES, STATE};
pub use crate::report_model::{FirstReach, ParserReach};

/// How many points of growth are kept per parser: enough to see the curve flatten.
pub const GROWTH_POINTS: usize = 10;

/// How many of the inputs that first reached the most are kept per parser.
pub const FIRST_INPUTS: usize = 5;

/// The reach of a campaign folder, with the corpus lines that could not be read.
#[derive(Debug, Default)]
pub struct Read {
    /// One entry per parser that reached any id or declared coverage, by name.
    pub parsers: Vec<ParserReach>,
    /// The corpus lines skipped (a cut-off last line, another schema's line).
    pub skipped: Vec<Skipped>,
}

/// Reads what the campaign in `dir` reached. A folder without `corpus.jsonl` (a blind
/// campaign, or parsers without coverage) reaches nothing: no parsers.
///
/// # Errors
///
/// `corpus.jsonl` or `state.json` cannot be read (not a regular file, too large, unreadable);
/// a `state.json` that is not a state leaves the totals unknown instead.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("corpus.jsonl"), concat!(
///     r#"{"schema":1,"input":"http://a","origin":"realistic","index":0,"new":{"p":[1,2,3]}}"#, "\n",
///     r#"{"schema":1,"input":"http://[::1]","origin":"ipv6","index":9,"new":{"p":[7]}}"#, "\n",
/// )).unwrap();
/// let read = uridiff::campaign::reach::read(dir.path()).unwrap();
/// let p = &read.parsers[0];
/// assert_eq!((p.parser.as_str(), p.reached), ("p", 4));
/// assert_eq!(p.growth.last(), Some(&(10, 4)));
/// assert_eq!(p.first[0].ids, 3);
/// ```
pub fn read(dir: &Path) -> Result<Read, CampaignError> {
    let corpus = corpus::read(&dir.join(CORPUS))?;
    let state = state(dir)?;
    let declared = state.as_ref().map(|s| &s.coverage);
    // Every line's inputs-run mark: its index plus one, or the mark before it (a minimizer's
    // candidate has no index of its own).
    let mut mark = 0u64;
    let marks: Vec<u64> = corpus
        .lines
        .iter()
        .map(|l| {
            if let Some(k) = l.index {
                mark = mark.max(k + 1);
            }
            mark
        })
        .collect();
    let end = marks
        .last()
        .copied()
        .unwrap_or(0)
        .max(state.as_ref().map_or(0, |s| s.next));
    let mut names: Vec<&str> = corpus
        .lines
        .iter()
        .flat_map(|l| l.new.keys().map(String::as_str))
        .chain(
            declared
                .into_iter()
                .flat_map(|d| d.keys().map(String::as_str)),
        )
        .collect();
    names.sort_unstable();
    names.dedup();
    let parsers = names
        .into_iter()
        .map(|name| {
            // (inputs-run mark, ids first reached), line by line, for this parser.
            let hits: Vec<(u64, usize)> = corpus
                .lines
                .iter()
                .zip(&marks)
                .filter_map(|(l, &m)| l.new.get(name).map(|ids| (m, ids.len())))
                .collect();
            let reached = hits.iter().map(|&(_, n)| n).sum();
            let mut first: Vec<FirstReach> = corpus
                .lines
                .iter()
                .filter_map(|l| {
                    l.new.get(name).map(|ids| FirstReach {
                        input: l.input.0.clone(),
                        origin: l.origin.clone(),
                        index: l.index,
                        ids: ids.len(),
                    })
                })
                .collect();
            // Most ids first; among equals, the earlier input.
            first.sort_by_key(|f| std::cmp::Reverse(f.ids));
            first.truncate(FIRST_INPUTS);
            let (kind, instrumented) = match declared.and_then(|d| d.get(name)) {
                Some(d) => (Some(d.kind.clone()), d.total),
                None => (None, None),
            };
            ParserReach {
                parser: name.to_owned(),
                kind,
                reached,
                instrumented,
                // Up to the campaign's next input: the inputs run after the last kept one
                // reached nothing new.
                growth: growth(&hits, end),
                first,
            }
        })
        .collect();
    Ok(Read {
        parsers,
        skipped: corpus.skipped,
    })
}

/// The campaign's `state.json`: `None` when it is missing or not a state (the reach is then
/// shown without totals, up to the last input kept).
fn state(dir: &Path) -> Result<Option<State>, CampaignError> {
    let found = crate::files::read_if_present(&dir.join(STATE), MAX_STATE_BYTES)
        .map_err(CampaignError::File)?;
    Ok(found.and_then(|data| serde_json::from_slice::<State>(&data).ok()))
}

/// The cumulative count at [`GROWTH_POINTS`] evenly spaced marks up to `end` (fewer when the
/// campaign ran fewer inputs), from (mark, ids first reached) in the order kept.
fn growth(hits: &[(u64, usize)], end: u64) -> Vec<(u64, usize)> {
    let points = (GROWTH_POINTS as u64).min(end.max(1));
    (1..=points)
        .map(|k| {
            let at = (end * k).div_ceil(points);
            let by_then = hits
                .iter()
                .filter(|&&(m, _)| m <= at)
                .map(|&(_, n)| n)
                .sum();
            (at, by_then)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn line(input: &str, index: Option<u64>, new: &[(&str, &[u32])]) -> String {
        let new: BTreeMap<&str, &[u32]> = new.iter().copied().collect();
        serde_json::json!({"schema": 1, "input": input, "origin": "o", "index": index, "new": new})
            .to_string()
    }

    #[test]
    fn each_parser_reaches_the_ids_its_lines_hold_out_of_its_declared_total() {
        let dir = tempfile::tempdir().unwrap();
        let lines = [
            line("a", Some(0), &[("p", &[1, 2]), ("q", &[1])]),
            line("b", Some(49), &[("p", &[3])]),
            // A minimizer's candidate: counted at the mark before it.
            line("c", None, &[("q", &[2, 3, 4])]),
            line("d", Some(99), &[("p", &[4, 5, 6])]),
        ];
        std::fs::write(dir.path().join(CORPUS), lines.join("\n") + "\n").unwrap();
        let state = r#"{"seed":1,"shard":"0/1","next":100,"inputs":100,
            "coverage":{"p":{"kind":"lines","total":60}}}"#;
        std::fs::write(dir.path().join(STATE), state).unwrap();
        let read = read(dir.path()).unwrap();
        let [p, q] = &read.parsers[..] else {
            panic!("{:?}", read.parsers)
        };
        assert_eq!(
            (p.reached, p.instrumented, p.kind.as_deref()),
            (6, Some(60), Some("lines"))
        );
        assert_eq!(p.percent(), Some(10.0));
        assert_eq!((q.reached, q.instrumented, q.percent()), (4, None, None));
        // Ten marks to the 100 inputs run: p had 2 by input 10, 3 by 50, 6 at the end.
        assert_eq!(p.growth.len(), GROWTH_POINTS);
        assert_eq!(p.growth[0], (10, 2));
        assert_eq!(p.growth[4], (50, 3));
        assert_eq!(p.growth[9], (100, 6));
        assert_eq!(q.growth[4], (50, 4));
        // The input that first reached the most leads.
        assert_eq!(p.first[0].input, b"d");
        assert_eq!((p.first[0].ids, p.first[0].index), (3, Some(99)));
        assert_eq!(q.first[0].input, b"c");
    }

    #[test]
    fn a_blind_campaign_reaches_nothing_and_a_cut_line_is_listed() {
        let dir = tempfile::tempdir().unwrap();
        assert!(read(dir.path()).unwrap().parsers.is_empty());
        let whole = line("a", Some(0), &[("p", &[1])]);
        std::fs::write(
            dir.path().join(CORPUS),
            format!("{whole}\n{{\"schema\":1,\"inp"),
        )
        .unwrap();
        let read = read(dir.path()).unwrap();
        assert_eq!(read.parsers[0].reached, 1);
        assert_eq!(read.skipped.len(), 1);
        assert_eq!(read.skipped[0].line, 2);
    }
}
