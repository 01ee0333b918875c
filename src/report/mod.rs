//! One report model ([`Report`]) and one writer per format, each generic over `io::Write`:
//! `discrepancies.json` ([`json`]), `summary.md` ([`markdown`]), `index.html` ([`html`]),
//! `junit.xml` ([`junit`]); and the CI gate's baseline ([`baseline`]).
//!
//! The model is built from the engine's classes, the suites judged for every subject (the
//! conformance matrix), and the rows (the pairwise agreement grid). Everything in it is
//! deterministic for a seed and the subjects' versions, except [`Report::timing`].

pub mod baseline;
pub mod html;
pub mod json;
pub mod junit;
pub mod markdown;

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};
use uri_spec::Edition;

use crate::engine::{ClassRecord, Engine, Row};
use crate::model::{Answer, Component, Outcome};
use crate::subjects::SubjectInfo;
use crate::suite::{CaseResult, Status};

/// Version of `discrepancies.json` (see `schemas/discrepancies.schema.json`).
pub const REPORT_SCHEMA: u32 = 1;

/// Everything a report shows.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// [`REPORT_SCHEMA`].
    pub schema: u32,
    /// `uridiff <version>`.
    pub tool: String,
    /// The generator's seed.
    pub seed: u64,
    /// How many generated inputs were run.
    pub generated: usize,
    /// How many jobs ran (suite parse cases and generated inputs).
    pub tasks: usize,
    /// Every subject, available or not.
    pub subjects: Vec<SubjectEntry>,
    /// Per subject: how many classes it is in.
    pub per_subject: Vec<SubjectSummary>,
    /// The discrepancy classes, unexplained first, most severe first.
    pub classes: Vec<ClassRecord>,
    /// Subject by edition: the share of suite cases matched.
    pub matrix: Vec<MatrixRow>,
    /// Pairwise agreement of subjects on the generated and suite inputs.
    pub agreement: Agreement,
    /// The URL-confusion pairs: where two parsers read a different scheme, userinfo, host or
    /// port from the same input.
    pub confusion: Vec<ConfusionPair>,
    /// Every suite case's result for every subject (for JUnit; not in the JSON).
    #[serde(skip)]
    pub cases: Vec<(String, CaseResult)>,
    /// Wall-clock timings: the only part that differs between two runs with the same seed.
    pub timing: Timing,
}

/// A subject and whether it ran.
#[derive(Clone, Debug, Serialize)]
pub struct SubjectEntry {
    /// Its declaration.
    #[serde(flatten)]
    pub info: SubjectInfo,
    /// Whether it could run here.
    pub available: bool,
    /// Why not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<String>,
}

/// One subject's share of the classes.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SubjectSummary {
    /// The subject.
    pub subject: String,
    /// Classes in which it differs from the spec, unexplained by its profile.
    pub unexplained: usize,
    /// Classes its profile explains.
    pub by_design: usize,
    /// Crash classes.
    pub crashes: usize,
    /// Classes by class name (unexplained and by design together).
    pub by_class: BTreeMap<String, usize>,
    /// Unexplained classes by the area of the reference they are about ([`AREAS`]): the
    /// roll-up of the many small classes a partition makes, for a reader who asks where a
    /// parser differs.
    pub unexplained_by_area: BTreeMap<String, usize>,
}

/// The areas the classes roll up to, in the order a reference is read: validity, each
/// component (its own class, its undefined-versus-empty class and the peers' disagreements about
/// it; the host's kind with the host), then the operations on whole references, then crashes.
pub const AREAS: [&str; 14] = [
    "validity",
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
    "resolution",
    "normalization",
    "equivalence",
    "round-trip",
    "crash",
];

/// The roll-up's rows and columns: the subjects with an unexplained class, and the areas any of
/// them differs in, in the order of [`AREAS`].
pub fn rollup(per_subject: &[SubjectSummary]) -> (Vec<&SubjectSummary>, Vec<&'static str>) {
    let rows: Vec<&SubjectSummary> = per_subject.iter().filter(|s| s.unexplained > 0).collect();
    let areas = AREAS
        .into_iter()
        .filter(|a| rows.iter().any(|s| s.unexplained_by_area.contains_key(*a)))
        .collect();
    (rows, areas)
}

/// The area of [`AREAS`] a class is about.
///
/// ```
/// use uridiff::engine::Class;
/// use uridiff::model::Component;
/// use uridiff::report::area;
/// assert_eq!(area(Class::Component(Component::HostKind)), "host");
/// assert_eq!(area(Class::RoundTrip), "round-trip");
/// assert_eq!(area(Class::UndefinedVsEmpty(Component::Query)), "query");
/// assert_eq!(area(Class::TooLax), "validity");
/// ```
pub fn area(class: crate::engine::Class) -> &'static str {
    use crate::engine::Class;
    match class {
        Class::TooStrict | Class::TooLax => "validity",
        Class::Component(c) | Class::UndefinedVsEmpty(c) => match c {
            Component::Scheme => "scheme",
            Component::Authority => "authority",
            Component::Userinfo => "userinfo",
            Component::Host | Component::HostKind => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        },
        Class::Resolution => "resolution",
        Class::Normalization => "normalization",
        Class::Equivalence => "equivalence",
        Class::RoundTrip => "round-trip",
        Class::Crash(_) => "crash",
    }
}

/// One row of the conformance matrix.
#[derive(Clone, Debug, Serialize)]
pub struct MatrixRow {
    /// The subject.
    pub subject: String,
    /// One cell per edition, oldest first.
    pub cells: Vec<MatrixCell>,
    /// The edition whose expectations it matches best on the cases that tell editions apart
    /// (the same operation and operands expected to answer differently), if any.
    pub likely_edition: Option<String>,
}

/// One cell: a subject's results on one edition's suite cases.
#[derive(Clone, Debug, Serialize)]
pub struct MatrixCell {
    /// The edition id.
    pub edition: String,
    /// Cases matched.
    pub passed: usize,
    /// Cases not matched.
    pub failed: usize,
    /// Cases the subject cannot run (an operation, rule or edition it does not have).
    pub skipped: usize,
    /// `passed / (passed + failed)`, when any case was judged.
    pub share: Option<f64>,
}

/// The pairwise agreement grid.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Agreement {
    /// The subjects, in order.
    pub subjects: Vec<String>,
    /// `share[i][j]`: of the parse jobs both answered, the share on which they agree on validity
    /// (when both decide it) and on every component both report; `None` when none.
    pub share: Vec<Vec<Option<f64>>>,
}

/// Two parsers that read a different routing component from one input.
#[derive(Clone, Debug, Serialize)]
pub struct ConfusionPair {
    /// The confusion class of the public studies this shape belongs to (`host confusion`, ...),
    /// or the component when the input is not tagged.
    pub class: String,
    /// The component.
    pub component: Component,
    /// One parser.
    pub a: String,
    /// The other.
    pub b: String,
    /// The input (the smallest seen for this pair and component).
    #[serde(serialize_with = "bytes")]
    pub input: Vec<u8>,
    /// What `a` reads (`None`: undefined).
    pub a_reads: Option<String>,
    /// What `b` reads.
    pub b_reads: Option<String>,
    /// How many inputs showed this pair disagreeing on this component.
    pub count: usize,
}

/// Wall-clock timings of the run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Timing {
    /// Seconds for the whole run.
    pub total_s: f64,
    /// Parser-inputs per second through the engine.
    pub inputs_per_s: f64,
}

/// Bytes as JSON: a string when they are UTF-8, else `{"b64": ...}` (the worker protocol's form).
///
/// # Errors
///
/// The serializer's.
pub fn bytes<S: Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
    match std::str::from_utf8(b) {
        Ok(t) => s.serialize_str(t),
        Err(_) => {
            use base64::Engine as _;
            let mut m = BTreeMap::new();
            m.insert("b64", base64::engine::general_purpose::STANDARD.encode(b));
            m.serialize(s)
        }
    }
}

/// [`bytes`] for an optional value.
///
/// # Errors
///
/// The serializer's.
pub fn opt_bytes<S: Serializer>(b: &Option<Vec<u8>>, s: S) -> Result<S::Ok, S::Error> {
    match b {
        Some(b) => bytes(b, s),
        None => s.serialize_none(),
    }
}

/// An edition by its id.
///
/// # Errors
///
/// The serializer's.
pub fn edition<S: Serializer>(e: &Edition, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(e.id())
}

/// Text for people: bytes shown with every control character, invisible or space-like character
/// (other than the ASCII space), non-UTF-8 byte and backslash escaped, so nothing reaches a
/// terminal or a page raw. Bidirectional overrides and zero-width characters are escaped too: on
/// a page they would reorder or hide the very bytes a URL-confusion report is about.
///
/// ```
/// assert_eq!(uridiff::report::show(b"a\tb\xff\\\x1b"), "a\\tb\\xff\\\\\\x1b");
/// assert_eq!(uridiff::report::show("a\u{202e}b\u{200b}c d".as_bytes()), "a\\u{202e}b\\u{200b}c d");
/// ```
pub fn show(b: &[u8]) -> String {
    let mut out = String::with_capacity(b.len());
    for chunk in b.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                // An ASCII control as the byte it is (`\x1b`), like a byte that is not UTF-8;
                // other controls and invisible characters by their code point.
                c if c.is_ascii_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
                c if c.is_control() || invisible(c) => {
                    out.push_str(&format!("\\u{{{:x}}}", c as u32));
                }
                c => out.push(c),
            }
        }
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

/// Characters that show as nothing, as a space, or that reorder the text around them: Unicode's
/// format characters (bidirectional controls, zero-width characters, the byte order mark, tags),
/// its non-ASCII spaces, and the fillers and variation selectors that render as blank.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{a0}'
            | '\u{ad}'
            | '\u{34f}'
            | '\u{61c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{1680}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{2000}'..='\u{200f}'
            | '\u{2028}'..='\u{202f}'
            | '\u{205f}'..='\u{206f}'
            | '\u{3000}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fffb}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e0fff}'
    )
}

/// Per-subject summaries of `classes`.
pub fn per_subject(infos: &[&SubjectInfo], classes: &[ClassRecord]) -> Vec<SubjectSummary> {
    infos
        .iter()
        .map(|info| {
            let mut s = SubjectSummary {
                subject: info.name.clone(),
                ..SubjectSummary::default()
            };
            for c in classes.iter().filter(|c| c.deviating.contains(&info.name)) {
                *s.by_class.entry(c.signature.class.name()).or_default() += 1;
                if matches!(c.signature.class, crate::engine::Class::Crash(_)) {
                    s.crashes += 1;
                }
                if c.by_design.contains_key(&info.name) {
                    s.by_design += 1;
                } else {
                    s.unexplained += 1;
                    *s.unexplained_by_area
                        .entry(area(c.signature.class).to_owned())
                        .or_default() += 1;
                }
            }
            s
        })
        .collect()
}

/// The conformance matrix from every subject's suite results (`(subject, result)` pairs).
pub fn matrix(infos: &[&SubjectInfo], cases: &[(String, CaseResult)]) -> Vec<MatrixRow> {
    let discriminating = discriminating(cases);
    infos
        .iter()
        .map(|info| {
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

/// The pairwise agreement grid over parse rows.
pub fn agreement(infos: &[&SubjectInfo], rows: &[Row]) -> Agreement {
    let n = infos.len();
    let mut agree = vec![vec![0usize; n]; n];
    let mut total = vec![vec![0usize; n]; n];
    for row in rows.iter().filter(|r| r.task.op == crate::model::Op::Parse) {
        for i in 0..n {
            for j in i..n {
                let (a, b) = (&row.outcomes[i], &row.outcomes[j]);
                if matches!(a, Outcome::Unsupported(_)) || matches!(b, Outcome::Unsupported(_)) {
                    continue;
                }
                let both_decide = infos[i].decides_validity && infos[j].decides_validity;
                let same = match (a, b) {
                    (
                        Outcome::Accepted(Answer::Parsed(x)),
                        Outcome::Accepted(Answer::Parsed(y)),
                    ) => Component::ALL.iter().all(|c| {
                        !(infos[i].components.contains(*c) && infos[j].components.contains(*c))
                            || x.components.get(*c) == y.components.get(*c)
                    }),
                    (Outcome::Rejected(_), Outcome::Rejected(_)) => true,
                    (Outcome::Crashed(_), _) | (_, Outcome::Crashed(_)) => false,
                    // One accepts, the other rejects: counts only when both decide validity.
                    _ if !both_decide => continue,
                    _ => false,
                };
                total[i][j] += 1;
                agree[i][j] += usize::from(same);
            }
        }
    }
    let share = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let (a, b) = (i.min(j), i.max(j));
                    (total[a][b] > 0).then(|| agree[a][b] as f64 / total[a][b] as f64)
                })
                .collect()
        })
        .collect();
    Agreement {
        subjects: infos.iter().map(|i| i.name.clone()).collect(),
        share,
    }
}

/// The URL-confusion pairs: for each pair of subjects that decide validity and both accepted an
/// input, each routing component (scheme, userinfo, host, port) they read differently; the
/// smallest input per pair and component. `tag` names the confusion class of an input (from the
/// generator), if any.
pub fn confusion(
    infos: &[&SubjectInfo],
    rows: &[Row],
    tag: &dyn Fn(&Row) -> Option<String>,
) -> Vec<ConfusionPair> {
    let routing = [
        Component::Scheme,
        Component::Userinfo,
        Component::Host,
        Component::Port,
    ];
    let mut best: BTreeMap<(String, String, Component), ConfusionPair> = BTreeMap::new();
    // The Appendix B expression splits every string and fetches nothing: not a side of a pair.
    let real = |i: usize| infos[i].decides_validity || !infos[i].speaks_editions();
    for row in rows.iter().filter(|r| r.task.op == crate::model::Op::Parse) {
        for i in (0..infos.len()).filter(|&i| real(i)) {
            for j in (i + 1..infos.len()).filter(|&j| real(j)) {
                let (Outcome::Accepted(Answer::Parsed(x)), Outcome::Accepted(Answer::Parsed(y))) =
                    (&row.outcomes[i], &row.outcomes[j])
                else {
                    continue;
                };
                for c in routing {
                    if !(infos[i].components.contains(c) && infos[j].components.contains(c)) {
                        continue;
                    }
                    let (va, vb) = (x.components.get(c), y.components.get(c));
                    let scheme = x.components.get(Component::Scheme);
                    if routes_alike(c, va, vb, scheme) {
                        continue;
                    }
                    let key = (infos[i].name.clone(), infos[j].name.clone(), c);
                    let entry = best.entry(key).or_insert_with(|| ConfusionPair {
                        class: tag(row).unwrap_or_else(|| format!("{} confusion", c.name())),
                        component: c,
                        a: infos[i].name.clone(),
                        b: infos[j].name.clone(),
                        input: row.task.input.clone(),
                        a_reads: va.map(str::to_owned),
                        b_reads: vb.map(str::to_owned),
                        count: 0,
                    });
                    entry.count += 1;
                    if (row.task.input.len(), &row.task.input) < (entry.input.len(), &entry.input) {
                        entry.input = row.task.input.clone();
                        entry.a_reads = va.map(str::to_owned);
                        entry.b_reads = vb.map(str::to_owned);
                        if let Some(t) = tag(row) {
                            entry.class = t;
                        }
                    }
                }
            }
        }
    }
    let mut out: Vec<ConfusionPair> = best.into_values().collect();
    out.sort_by(|a, b| {
        (a.component, std::cmp::Reverse(a.count), &a.a, &a.b).cmp(&(
            b.component,
            std::cmp::Reverse(b.count),
            &b.a,
            &b.b,
        ))
    });
    out
}

/// Whether two readings of a routing component send a request to the same place: schemes and
/// hosts compare without regard to case (RFC 3986 3.1, 3.2.2), undefined and empty are alike, and
/// a port equal to the scheme's default is alike to none.
fn routes_alike(c: Component, a: Option<&str>, b: Option<&str>, scheme: Option<&str>) -> bool {
    let norm = |v: Option<&str>| -> Option<String> {
        let v = v.filter(|s| !s.is_empty())?;
        match c {
            Component::Scheme | Component::Host => Some(v.to_ascii_lowercase()),
            Component::Port => {
                let n = v.parse::<u16>().ok();
                let default =
                    crate::engine::default_port(scheme.map(str::to_ascii_lowercase).as_deref());
                if n.is_some() && n == default {
                    None
                } else {
                    Some(n.map_or_else(|| v.to_owned(), |n| n.to_string()))
                }
            }
            _ => Some(v.to_owned()),
        }
    };
    norm(a) == norm(b)
}

/// Reads the engine's subject list into entries.
pub fn subject_entries(engine: &Engine) -> Vec<SubjectEntry> {
    engine
        .subjects()
        .iter()
        .map(|s| {
            let avail = s.available();
            SubjectEntry {
                info: s.info().clone(),
                available: avail.is_ok(),
                unavailable: avail.err(),
            }
        })
        .collect()
}

/// What a report run takes.
pub struct Inputs<'a> {
    /// The engine, with every subject to compare.
    pub engine: &'a Engine,
    /// The loaded suites.
    pub suites: &'a [crate::suite::Suite],
    /// Generated and other tasks, beside the suites' parse cases.
    pub tasks: Vec<crate::engine::Task>,
    /// The generator's seed.
    pub seed: u64,
    /// How many of `tasks` were generated.
    pub generated: usize,
    /// Subject runs per class for minimization.
    pub budget: usize,
    /// The confusion class of a task, by its origin.
    pub tag: &'a (dyn Fn(&crate::engine::Task) -> Option<String> + Sync),
    /// Called once per finished job.
    pub progress: &'a (dyn Fn() + Sync),
}

impl Report {
    /// Runs everything and builds the report: the suites' parse cases (those without a `rule:`)
    /// and the tasks through every subject, the classes, every suite case judged for every
    /// subject, the matrix, the agreement grid and the confusion pairs.
    pub fn build(inputs: Inputs<'_>) -> Report {
        use rayon::prelude::*;
        let started = std::time::Instant::now();
        let engine = inputs.engine;
        let infos = engine.infos();
        let mut tasks: Vec<crate::engine::Task> = Vec::new();
        for s in inputs.suites {
            for (_, case, id, edition) in crate::suite::cases(s, None) {
                if case.op == crate::suite::Op::Parse && case.rule.is_none() && case.skip.is_none()
                {
                    let mut t = crate::engine::Task::parse(case.input.as_bytes().to_vec(), &id);
                    t.edition = edition;
                    tasks.push(t);
                }
            }
        }
        tasks.extend(inputs.tasks);
        let rows = engine.run(&tasks, inputs.progress);
        let classes = engine.classify(&rows, inputs.budget);
        // Every suite case, judged for every subject.
        let mut jobs = Vec::new();
        for s in inputs.suites {
            for (index, case, id, edition) in crate::suite::cases(s, None) {
                jobs.push((s, index, case, id, edition));
            }
        }
        let cases: Vec<(String, CaseResult)> = engine
            .subjects()
            .par_iter()
            .flat_map_iter(|subject| {
                jobs.iter().map(move |(s, index, case, id, edition)| {
                    let status = match case.job(*edition) {
                        Some(job) if case.skip.is_none() => crate::suite::judge(
                            case,
                            subject.info(),
                            &crate::subjects::run(subject.as_ref(), &job),
                        ),
                        _ => crate::suite::judge_without_subject(case),
                    };
                    (
                        subject.info().name.clone(),
                        crate::suite::result(s, *index, case, id.clone(), *edition, status),
                    )
                })
            })
            .collect();
        let tag = inputs.tag;
        let confusion = confusion(&infos, &rows, &|row: &Row| tag(&row.task));
        let total_s = started.elapsed().as_secs_f64();
        let calls = rows.len() * infos.len();
        Report {
            schema: REPORT_SCHEMA,
            tool: format!("uridiff {}", env!("CARGO_PKG_VERSION")),
            seed: inputs.seed,
            generated: inputs.generated,
            tasks: rows.len(),
            subjects: subject_entries(engine),
            per_subject: per_subject(&infos, &classes),
            matrix: matrix(&infos, &cases),
            agreement: agreement(&infos, &rows),
            confusion,
            classes,
            cases,
            timing: Timing {
                total_s,
                inputs_per_s: if total_s > 0.0 {
                    calls as f64 / total_s
                } else {
                    0.0
                },
            },
        }
    }
}

/// A tiny report for the writers' examples and tests.
#[doc(hidden)]
pub mod tests_support {
    use super::{Inputs, Report};
    use crate::engine::{Engine, Task};

    /// Three inputs through the project's own subjects (impl and the two oracles) and one small
    /// suite.
    pub fn tiny() -> Report {
        let own = crate::subjects::in_process()
            .into_iter()
            .filter(|s| s.info().speaks_editions())
            .collect();
        let engine = Engine::new(own);
        let suite = crate::suite::parse_str(
            "tiny.yaml",
            "suite: tiny\ncases:\n  - {op: parse, input: \"http://a/b\", expect: {host: a}}\n  - {op: parse, input: \"http://a b\", expect: invalid}\n",
        )
        .expect("a valid suite");
        Report::build(Inputs {
            engine: &engine,
            suites: std::slice::from_ref(&suite),
            tasks: ["http://a/b?c", "1a:b", "http://[::1]:80/"]
                .iter()
                .map(|s| Task::parse(s.as_bytes().to_vec(), "tiny"))
                .collect(),
            seed: 1,
            generated: 3,
            budget: 100,
            tag: &|_| None,
            progress: &|| (),
        })
    }
}
