//! A campaign's findings as jobs for a report run (`uridiff report --campaign DIR`): each
//! finding's minimized example and the input it was first seen on, so the report's classes are
//! judged, ranked and minimized by the same engine as any `uridiff report`, rather than copied
//! from the findings lines (which a later uridiff, with other profiles or rules, may judge
//! otherwise).

use std::collections::HashSet;

use crate::engine::Task;
use crate::model::Op;

use super::FindingLine;

/// A finding that gives no job, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreplayable {
    /// Its signature key.
    pub key: String,
    /// Why.
    pub reason: String,
}

/// The jobs of `findings`: for each, its example then its first-seen input (once, when they are
/// the same), as parse jobs of the default edition (a campaign generates parse inputs; see
/// [`super::input`]), with the finding's generator as their origin. An input given by two
/// findings is one job. A finding of an operation on two operands (`resolve`, `equivalent`)
/// cannot be replayed from a findings line, which keeps one input: it is listed, not run.
///
/// ```
/// let line = r#"{"key":"k","class":"host","severity":"critical","op":"parse",
///   "partition":[],"deviating":["url"],"by_design":{},"example":"a://b","first_seen":"a://bc",
///   "origin":"realistic","outcomes":{},"seed":1,"index":0,"shard":"0/1"}"#.replace('\n', "");
/// let f: uridiff::campaign::FindingLine = serde_json::from_str(&line).unwrap();
/// let (tasks, refused) = uridiff::campaign::jobs::tasks(&[f.clone(), f]);
/// assert!(refused.is_empty());
/// let inputs: Vec<&[u8]> = tasks.iter().map(|t| t.input.as_slice()).collect();
/// assert_eq!(inputs, [&b"a://b"[..], b"a://bc"]);
/// assert_eq!(tasks[0].origin, "realistic");
/// ```
pub fn tasks(findings: &[FindingLine]) -> (Vec<Task>, Vec<Unreplayable>) {
    let mut out = Vec::new();
    let mut refused = Vec::new();
    let mut seen: HashSet<(Op, &[u8])> = HashSet::new();
    for f in findings {
        let op = match Op::ALL.iter().find(|op| op.name() == f.op) {
            Some(&op) if !matches!(op, Op::Resolve | Op::Equivalent) => op,
            Some(_) => {
                refused.push(Unreplayable {
                    key: f.key.clone(),
                    reason: format!(
                        "a {} finding keeps one of its two operands: it cannot be run again",
                        f.op
                    ),
                });
                continue;
            }
            None => {
                refused.push(Unreplayable {
                    key: f.key.clone(),
                    reason: format!("unknown operation {:?}", f.op),
                });
                continue;
            }
        };
        for input in [&f.example.0, &f.first_seen.0] {
            if seen.insert((op, input.as_slice())) {
                let mut t = Task::parse(input.clone(), &f.origin);
                t.op = op;
                out.push(t);
            }
        }
    }
    (out, refused)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(op: &str, example: &str, first_seen: &str) -> FindingLine {
        serde_json::from_value(serde_json::json!({
            "key": format!("{op} {example}"), "class": "host", "severity": "critical", "op": op,
            "partition": [], "deviating": ["url"], "by_design": {},
            "example": example, "first_seen": first_seen, "origin": "confusion/host",
            "outcomes": {}, "seed": 1, "index": 0, "shard": "0/1"
        }))
        .expect("a finding")
    }

    #[test]
    fn each_finding_gives_its_example_and_first_seen_input_once() {
        let findings = [
            finding("parse", "a:", "a:"),
            finding("parse", "b:", "bb:"),
            finding("normalize", "b:", "b:"),
            finding("resolve", "c", "c"),
            finding("transmogrify", "d", "d"),
        ];
        let (tasks, refused) = tasks(&findings);
        let got: Vec<(Op, &str)> = tasks
            .iter()
            .map(|t| (t.op, std::str::from_utf8(&t.input).expect("utf-8")))
            .collect();
        assert_eq!(
            got,
            [
                (Op::Parse, "a:"),
                (Op::Parse, "b:"),
                (Op::Parse, "bb:"),
                (Op::Normalize, "b:")
            ]
        );
        assert!(tasks.iter().all(|t| t.origin == "confusion/host"));
        let keys: Vec<&str> = refused.iter().map(|r| r.key.as_str()).collect();
        assert_eq!(keys, ["resolve c", "transmogrify d"]);
        assert!(refused[0].reason.contains("two operands"), "{:?}", refused);
    }
}
