//! The conformance matrix: every subject against every edition's suite cases, the edition each
//! most likely follows (from the cases that tell editions apart), and, for a subject judged by
//! another standard than RFC 3986, in what it differs from RFC 3986 by design.

use std::collections::BTreeMap;

use uri_spec::Edition;

use crate::report_model::{MatrixCell, MatrixRow};
use crate::subjects::SubjectInfo;
use crate::suite::{CaseResult, Status};

/// The conformance matrix from every subject's suite results (`(subject, result)` pairs).
///
/// `references[i]` names what subject `i` is judged against; `versus` is [`versus_rfc3986`]'s.
pub fn matrix(
    infos: &[&SubjectInfo],
    references: &[String],
    cases: &[(String, CaseResult)],
    versus: &BTreeMap<String, Vec<(String, usize)>>,
) -> Vec<MatrixRow> {
    let discriminating = discriminating(cases);
    infos
        .iter()
        .zip(references)
        .map(|(info, reference)| {
            let cells: Vec<MatrixCell> = Edition::ALL
                .iter()
                .map(|e| {
                    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
                    for (_, r) in cases
                        .iter()
                        .filter(|(s, r)| *s == info.name && r.edition == *e)
                    {
                        match r.status {
                            Status::Passed => passed += 1,
                            Status::Failed(_) => failed += 1,
                            Status::Skipped(_) => skipped += 1,
                        }
                    }
                    let judged = passed + failed;
                    MatrixCell {
                        edition: e.id().to_owned(),
                        passed,
                        failed,
                        skipped,
                        share: (judged > 0).then(|| passed as f64 / judged as f64),
                    }
                })
                .collect();
            let likely = likely_edition(&info.name, cases, &discriminating);
            MatrixRow {
                subject: info.name.clone(),
                cells,
                likely_edition: likely,
                reference: reference.clone(),
                differs_from_rfc3986: versus.get(&info.name).cloned().unwrap_or_default(),
            }
        })
        .collect()
}

/// The cases that tell editions apart: the same operation on the same operands (the case label)
/// expected to give different answers under different editions.
fn discriminating(cases: &[(String, CaseResult)]) -> std::collections::BTreeSet<String> {
    let mut expectations: BTreeMap<&str, BTreeMap<Edition, &str>> = BTreeMap::new();
    for (_, r) in cases {
        if let Some(e) = &r.expected {
            expectations
                .entry(&r.label)
                .or_default()
                .insert(r.edition, e.as_str());
        }
    }
    expectations
        .into_iter()
        .filter(|(_, by_edition)| {
            let mut answers: Vec<&&str> = by_edition.values().collect();
            answers.sort();
            answers.dedup();
            answers.len() > 1
        })
        .map(|(label, _)| label.to_owned())
        .collect()
}

/// The edition a subject most likely follows: the one whose expectations it matches best on the
/// cases that tell editions apart (at least 3 judged), ties to the newer edition; with no such
/// case, none.
fn likely_edition(
    subject: &str,
    cases: &[(String, CaseResult)],
    discriminating: &std::collections::BTreeSet<String>,
) -> Option<String> {
    let mut score: BTreeMap<Edition, (usize, usize)> = BTreeMap::new();
    for (_, r) in cases
        .iter()
        .filter(|(s, r)| s == subject && discriminating.contains(&r.label))
    {
        let entry = score.entry(r.edition).or_default();
        match r.status {
            Status::Passed => entry.0 += 1,
            Status::Failed(_) => entry.1 += 1,
            Status::Skipped(_) => {}
        }
    }
    score
        .into_iter()
        .filter(|(_, (p, f))| p + f >= 3)
        .max_by(|(ea, (pa, fa)), (eb, (pb, fb))| {
            let share = |p: usize, f: usize| p as f64 / (p + f) as f64;
            share(*pa, *fa).total_cmp(&share(*pb, *fb)).then(ea.cmp(eb))
        })
        .map(|(e, _)| e.id().to_owned())
}

/// For each subject judged against the WHATWG reference: in how many of its parse answers on
/// `rows` it differs from RFC 3986 by each rule of the URL Standard
/// ([`crate::engine::versus_rfc3986`]), most first. Differences no rule explains are counted
/// under `"not explained by a rule"`: they are the Standard's too (the subject agrees with its
/// reference), only not reproduced by the table.
pub fn versus_rfc3986(
    engine: &crate::engine::Engine,
    rows: &[crate::engine::Row],
) -> BTreeMap<String, Vec<(String, usize)>> {
    let mut versus = Versus::new(engine);
    rows.iter().for_each(|r| versus.add(r));
    versus.finish()
}

/// [`versus_rfc3986`] folded as rows arrive: per subject judged against the WHATWG reference,
/// the count of each rule.
pub struct Versus<'e> {
    engine: &'e crate::engine::Engine,
    /// Where RFC 3986's answer is in each row already (a subject is judged against it).
    judged: Option<usize>,
    out: BTreeMap<String, BTreeMap<String, usize>>,
}

impl<'e> Versus<'e> {
    /// No row yet.
    pub fn new(engine: &'e crate::engine::Engine) -> Versus<'e> {
        use crate::subjects::profile::Reference;
        Versus {
            engine,
            judged: engine
                .references()
                .iter()
                .position(|r| *r == Reference::Edition(Edition::Rfc3986)),
            out: BTreeMap::new(),
        }
    }

    /// Counts `row`, if it is a parse.
    pub fn add(&mut self, row: &crate::engine::Row) {
        use crate::engine::{judge_by, Judged};
        use crate::subjects::profile::Reference;
        let spec = crate::subjects::Spec::get();
        let (engine, judged, out) = (self.engine, self.judged, &mut self.out);
        if row.task.op == crate::model::Op::Parse {
            let rfc3986 = match judged {
                Some(k) => std::borrow::Cow::Borrowed(&row.references[k]),
                None => {
                    let mut job = row.task.job();
                    job.ctx.edition = Edition::Rfc3986;
                    std::borrow::Cow::Owned(crate::subjects::run(spec, &job))
                }
            };
            for (i, s) in engine.subjects().iter().enumerate() {
                if engine.reference_of(i) != Reference::Whatwg {
                    continue;
                }
                let judged = Judged {
                    info: s.info(),
                    outcome: &row.outcomes[i],
                    reference: &rfc3986,
                    // The matrix reads a standard against another, not a parser's routing.
                    lenient: None,
                    second: row.task.second.as_deref(),
                    reparsed: None,
                };
                let findings = judge_by(
                    row.task.op,
                    &row.task.input,
                    &judged,
                    // The Standard's differences, then what the subject's own API changes (Node's
                    // `search` giving '' for none, ...).
                    &|e| {
                        crate::engine::versus_rfc3986(e).or_else(|| {
                            crate::engine::explain_for(&s.info().profile, s.info().rules_owner(), e)
                        })
                    },
                );
                for f in findings {
                    let rule = f
                        .rule
                        .map_or_else(|| "not explained by a rule".to_owned(), |r| r.label());
                    *out.entry(s.info().name.clone())
                        .or_default()
                        .entry(rule)
                        .or_default() += 1;
                }
            }
        }
    }

    /// Per subject, its rules, most first.
    pub fn finish(self) -> BTreeMap<String, Vec<(String, usize)>> {
        self.out
            .into_iter()
            .map(|(subject, rules)| {
                let mut rules: Vec<(String, usize)> = rules.into_iter().collect();
                rules.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
                (subject, rules)
            })
            .collect()
    }
}
