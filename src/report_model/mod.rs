//! The report model: what a run found ([`Report`]: the classes, the conformance matrix, the
//! agreement grid, the URL-confusion classes and root causes, the timing), built by
//! [`crate::run`] and read by the writers of [`crate::report`] and by the CI gate
//! ([`crate::gate`]), which keeps the confusion classes of a parser under test. Nothing here
//! writes a format: the writers only read this.
//!
//! The model is built from the engine's classes, the suites judged for every subject (the
//! conformance matrix), and the rows (the pairwise agreement grid). Everything in it is
//! deterministic for a seed and the subjects' versions, except [`Report::timing`].

pub mod coverage;

use crate::model::bytes;
use crate::text::{quoted, show};
use std::collections::BTreeMap;

use serde::Serialize;

use crate::engine::Class;
use crate::engine::ClassRecord;
use crate::model::{Answer, Component, Outcome};
use crate::subjects::SubjectInfo;
use crate::suite::CaseResult;

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
    /// The URL-confusion classes: one per mechanism (component, form, which parsers read it
    /// which way), ranked by what they let an attacker do.
    pub confusion: Vec<ConfusionClass>,
    /// What to look at first: the unexplained classes joined by root cause (class, operation,
    /// form), ranked by severity and reach.
    pub root_causes: Vec<RootCause>,
    /// Scores on the WHATWG test-data files given, if any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub whatwg: Vec<WhatwgScore>,
    /// What the run's parse inputs and resolution references covered: (component, position,
    /// byte) pairs of RFC 3986 Appendix B's split ([`coverage`]).
    pub coverage: coverage::Coverage,
    /// What the guided campaign reached of each parser's library, for `report --campaign DIR`
    /// (none otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reach: Vec<ParserReach>,
    /// Every suite case's result for every subject (for JUnit; not in the JSON).
    #[serde(skip)]
    pub cases: Vec<(String, CaseResult)>,
    /// Wall-clock timings: the only part that differs between two runs with the same seed.
    pub timing: Timing,
}

impl Report {
    /// The edition `subject`'s suite results are most like (its conformance-matrix row's), where
    /// it has one.
    ///
    /// ```
    /// let report = uridiff::run::tests_support::tiny();
    /// for row in &report.matrix {
    ///     assert_eq!(report.likely_edition(&row.subject), row.likely_edition.as_deref());
    /// }
    /// assert_eq!(report.likely_edition("no such parser"), None);
    /// ```
    pub fn likely_edition(&self, subject: &str) -> Option<&str> {
        self.matrix
            .iter()
            .find(|m| m.subject == subject)
            .and_then(|m| m.likely_edition.as_deref())
    }
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
    /// Unexplained classes by severity, most severe first (a severity it has none of is left
    /// out): the counts add up to `unexplained`.
    pub unexplained_by_severity: BTreeMap<crate::engine::Severity, usize>,
    /// Unexplained classes by the area of the reference they are about ([`AREAS`]): the
    /// roll-up of the many small classes a partition makes, for a reader who asks where a
    /// parser differs.
    pub unexplained_by_area: BTreeMap<String, usize>,
}

/// The areas the classes roll up to, in the order a reference is read: validity, each
/// component (its own class and its undefined-versus-empty class; the host's kind with the
/// host), then the operations on whole references, then crashes.
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
        Class::Component(c) | Class::UndefinedVsEmpty(c) | Class::Lenient(c) => match c {
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
    /// What the subject is judged against (`rfc3986`, `draft-fielding-uri-syntax-02`,
    /// `whatwg`, `edition`).
    pub reference: String,
    /// For a subject that follows the WHATWG URL Standard: how many of its answers differ from
    /// RFC 3986's by each rule of the Standard (by design, not discrepancies), most first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub differs_from_rfc3986: Vec<(String, usize)>,
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

/// One URL-confusion mechanism: the parsers that accept one input (and handle its scheme) read
/// a routing component in two or more ways, the parsers that read it alike shown as one group.
/// Keyed by the component, the form of the minimized input and the partition's shape (which
/// parsers are in which group); see [`ConfusionClass::key`].
#[derive(Clone, Debug, Serialize)]
pub struct ConfusionClass {
    /// What an attacker gets from it, most first ([`ConfusionRank`]).
    pub rank: ConfusionRank,
    /// The component read differently (scheme, userinfo, host or port).
    pub component: Component,
    /// The skeleton of the minimized example ([`crate::engine::skeleton`]).
    pub form: String,
    /// The minimized example: the smallest input found on which the same groups read the
    /// component apart.
    #[serde(serialize_with = "bytes")]
    pub input: Vec<u8>,
    /// The readings, one group per reading, the browsers' reading first; parsers that read
    /// alike ([`crate::run::routes_alike`]) share a group.
    pub groups: Vec<ReadingGroup>,
    /// What it lets an attacker do, in one line.
    pub impact: String,
    /// How many inputs showed this partition on this form and component (before
    /// minimization).
    pub count: usize,
    /// The URL-confusion class of the public studies the generator tagged the smallest input
    /// seen with (`host confusion`, ...), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub studies: Option<String>,
    /// Whether the example was minimized to the end (`false`: the time budget ran out first,
    /// and it is the smallest input seen).
    pub minimized: bool,
}

impl ConfusionClass {
    /// The class's identity, stable across runs and chunkings: `component form [groups]`,
    /// each group its parsers' names sorted and joined by `,`, the groups sorted and joined by
    /// `|` (the readings themselves are no part of it: they name the input's hosts).
    ///
    /// ```
    /// use uridiff::report::{ConfusionClass, ConfusionRank, ReadingGroup};
    /// use uridiff::model::Component;
    /// let g = |names: &[&str]| ReadingGroup { parsers: names.iter().map(|s| s.to_string()).collect(),
    ///     browsers: false, reads: None, note: None, reproduce: None };
    /// let c = ConfusionClass { rank: ConfusionRank::Host, component: Component::Host,
    ///     form: "a://a@a@a/".into(), input: b"http://a@b@c/".to_vec(),
    ///     groups: vec![g(&["url", "ada-url"]), g(&["go-net-url"])], impact: String::new(),
    ///     count: 1, studies: None, minimized: true };
    /// assert_eq!(c.key(), "host a://a@a@a/ [ada-url,url|go-net-url]");
    /// ```
    pub fn key(&self) -> String {
        let shape = partition_shape(self.groups.iter().map(|g| g.parsers.as_slice()));
        format!("{} {} [{shape}]", self.component.name(), self.form)
    }

    /// Whether `parser` takes part (is in one of the groups).
    pub fn involves(&self, parser: &str) -> bool {
        self.groups
            .iter()
            .any(|g| g.parsers.iter().any(|p| p == parser))
    }
}

/// What a confusion class lets an attacker do, most first: the order of the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConfusionRank {
    /// A check with a library and a fetch with the browsers' reading go to two hosts.
    TwoHosts,
    /// A server-side library reads no host where browsers read one: a redirect it takes for a
    /// local path sends a browser to another site.
    OpenRedirect,
    /// Two libraries (no browser among them, or browsers reading no host) read two hosts.
    Host,
    /// Two ports.
    Port,
    /// Two userinfos (credentials).
    Userinfo,
    /// Two schemes.
    Scheme,
    /// A scheme-less input (a relative reference) that a library made for http URLs reads as
    /// an http URL: its host is its own convention, not a second reading of one URL.
    SchemeLess,
}

/// Parsers of a confusion class that read the component alike.
#[derive(Clone, Debug, Serialize)]
pub struct ReadingGroup {
    /// The parsers, sorted by name.
    pub parsers: Vec<String>,
    /// Whether every WHATWG parser taking part is here: "the browsers' reading".
    pub browsers: bool,
    /// What they read (the first member's spelling; `None`: undefined).
    pub reads: Option<String>,
    /// How they came to read it, where it is not a plain parse of the input (`reads the
    /// scheme-less input as http`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// A line calling one member's library on the example, in its own language, where one is
    /// known (the first member that has one).
    pub reproduce: Option<String>,
}

/// One root cause: the same class of difference on the same form of input, in one or more
/// parsers, with every side's answer, ranked by severity and reach.
#[derive(Clone, Debug, Serialize)]
pub struct RootCause {
    /// How much it matters.
    pub severity: crate::engine::Severity,
    /// The class name (`host`, `too-lax`, ...).
    pub class: String,
    /// The operation.
    pub op: crate::model::Op,
    /// The skeleton of the minimized example the parsers' classes share.
    pub form: String,
    /// The parsers that show it, each with the key of its class.
    pub parsers: Vec<String>,
    /// Inputs that showed it, over every parser.
    pub inputs: usize,
    /// The smallest minimized example.
    pub example: crate::engine::Task,
    /// Each parser's reading of the example, its reference's, and the line that reproduces it
    /// with the library called directly.
    pub sides: Vec<Side>,
    /// The `uridiff diff` command on the example.
    pub diff: Option<String>,
}

/// One parser's side of a root cause.
#[derive(Clone, Debug, Serialize)]
pub struct Side {
    /// The parser.
    pub parser: String,
    /// Its own minimized example (the root cause's example is the smallest of these).
    #[serde(serialize_with = "bytes")]
    pub input: Vec<u8>,
    /// Its answer on its example, in short.
    pub answer: String,
    /// Its reference (`rfc3986`, `whatwg`, ...), and what the reference answers, in short.
    pub reference: String,
    /// What the reference reads.
    pub reference_answer: String,
    /// The reproduce line in the parser's own language.
    pub reproduce: Option<String>,
}

/// A parser's score on a WHATWG URL test-data file (`uridiff report --whatwg FILE`).
#[derive(Clone, Debug, Serialize)]
pub struct WhatwgScore {
    /// The file, as given.
    pub file: String,
    /// The parser.
    pub parser: String,
    /// Whether it is the WHATWG reference the WHATWG parsers are judged against.
    pub reference: bool,
    /// Its score.
    pub score: crate::suite::whatwg::Score,
}

/// Wall-clock timings of the run, phase by phase: the phases follow one another, so they add up
/// to `total_s` (`uridiff report` counts the instants between the model and the writing in
/// `model_s`).
///
/// The model is built before any file is written, so a document cannot carry the time of its
/// own writing: `write_s` is the time of the files written before it (`uridiff report` writes
/// `summary.md`, `junit.xml`, `index.html`, then `discrepancies.json`, so the JSON carries the
/// writing of the other three, and prints the whole writing time, its own included, on its last
/// line).
///
/// ```
/// let t = uridiff::report::Timing { setup_s: 1.0, run_s: 2.0, classify_s: 3.0, model_s: 0.5,
///                                   write_s: 0.25, ..Default::default() };
/// assert_eq!(t.phases(), 6.75);
/// ```
#[derive(Clone, Debug, Default, Serialize)]
pub struct Timing {
    /// Seconds from the start of the run until this document was written.
    pub total_s: f64,
    /// Seconds before the main run: starting the parsers, reading the suites and WHATWG files,
    /// generating the jobs.
    pub setup_s: f64,
    /// Seconds of the main run: every job through every subject and reference, a chunk at a
    /// time, each chunk's rows folded (into the classes' findings, the agreement grid, the
    /// confusion classes and the matrix's counts) beside the next chunk's run.
    pub run_s: f64,
    /// Seconds of classification after the main run: the last chunk's fold and minimization.
    pub classify_s: f64,
    /// Seconds of the rest of the model: the URL-confusion classes' minimization where it
    /// outlasts classification, every suite case judged for every subject, the WHATWG scores,
    /// the matrix and the root causes.
    pub model_s: f64,
    /// The seconds minimizing the URL-confusion classes, which runs beside classification: it
    /// overlaps `classify_s`, and the part after it is in `model_s` (bounded by
    /// [`crate::run::ConfusionBudget`]).
    pub confusion_s: f64,
    /// Seconds writing the files written before this one (see the type's doc).
    pub write_s: f64,
    /// Parser-inputs per second of the main run: jobs times available parsers, over `run_s`
    /// alone.
    pub inputs_per_s: f64,
}

impl Timing {
    /// The sum of the phases.
    pub fn phases(&self) -> f64 {
        self.setup_s + self.run_s + self.classify_s + self.model_s + self.write_s
    }
}

/// A partition's shape as text: each group's names sorted and joined by `,`, the groups sorted
/// and joined by `|` ([`ConfusionClass::key`]).
///
/// ```
/// let groups: [&[String]; 2] = [&["url".into(), "ada-url".into()], &["go-net-url".into()]];
/// assert_eq!(uridiff::report::partition_shape(groups.into_iter()), "ada-url,url|go-net-url");
/// ```
pub fn partition_shape<'g>(groups: impl Iterator<Item = &'g [String]>) -> String {
    let mut gs: Vec<String> = groups
        .map(|g| {
            let mut names: Vec<&str> = g.iter().map(String::as_str).collect();
            names.sort_unstable();
            names.join(",")
        })
        .collect();
    gs.sort();
    gs.join("|")
}

/// An outcome in a few words, on what the class is about: the component's value for a
/// component class, the verdict for validity, the answer for an operation.
pub fn brief(o: &Outcome<Answer>, class: Class) -> String {
    let value =
        |v: Option<&str>| v.map_or_else(|| "undefined".to_owned(), |s| quoted(s.as_bytes()));
    match o {
        Outcome::Accepted(Answer::Parsed(p)) => match class.component() {
            // The authority class is a reading with or without an authority: what it puts in
            // the host and the path (and the userinfo and port, where there are any) shows it.
            Some(Component::Authority) => {
                let parts: Vec<String> = [
                    Component::Userinfo,
                    Component::Host,
                    Component::Port,
                    Component::Path,
                ]
                .into_iter()
                .filter(|&c| {
                    !p.not_reported.contains(c)
                        && (p.components.get(c).is_some()
                            || matches!(c, Component::Host | Component::Path))
                })
                .map(|c| format!("{}={}", c.name(), value(p.components.get(c))))
                .collect();
                parts.join(" ")
            }
            Some(c) if p.not_reported.contains(c) => format!("{} not reported", c.name()),
            Some(c) => format!("{}={}", c.name(), value(p.components.get(c))),
            None => {
                let routing = [Component::Scheme, Component::Host, Component::Path];
                let parts: Vec<String> = routing
                    .iter()
                    .map(|c| format!("{}={}", c.name(), value(p.components.get(*c))))
                    .collect();
                format!("valid, {}", parts.join(" "))
            }
        },
        Outcome::Accepted(Answer::Text(t)) => quoted(t.as_bytes()),
        Outcome::Accepted(Answer::Bool(b)) => b.to_string(),
        Outcome::Accepted(Answer::List(l)) => format!("{l:?}"),
        Outcome::Rejected(r) => format!("invalid ({})", show(r.message.as_bytes())),
        Outcome::Unsupported(why) => format!("n/a ({why})"),
        Outcome::Crashed(c) => format!(
            "crashed ({}): {}",
            c.kind.name(),
            show(c.message.as_bytes())
        ),
    }
}

/// What the campaign reached of one parser's library.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParserReach {
    /// The parser.
    pub parser: String,
    /// The kind of its ids (`lines`, `statements`), when its handshake's declaration was kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The distinct ids its answers reached over the campaign.
    pub reached: usize,
    /// How many ids its instrumentation can report, when its handshake said.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instrumented: Option<u64>,
    /// How the count grew: (inputs of the campaign run, ids reached by then), at most
    /// `campaign::reach::GROWTH_POINTS` points, the last one the whole campaign's.
    pub growth: Vec<(u64, usize)>,
    /// The inputs that first reached the most of its ids, most first, at most `campaign::reach::FIRST_INPUTS`.
    pub first: Vec<FirstReach>,
}

impl ParserReach {
    /// The share of the instrumented ids reached, in percent, when the total is known.
    ///
    /// ```
    /// use uridiff::report::ParserReach;
    /// let r = ParserReach { parser: "p".into(), kind: None, reached: 25, instrumented: Some(200),
    ///     growth: vec![], first: vec![] };
    /// assert_eq!(r.percent(), Some(12.5));
    /// ```
    pub fn percent(&self) -> Option<f64> {
        crate::coverage::share(self.reached, self.instrumented)
    }
}

/// An input that first reached some of a parser's ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FirstReach {
    /// The input.
    #[serde(serialize_with = "bytes")]
    pub input: Vec<u8>,
    /// Where it came from (the generator's shape, `corpus/<mutations>`, `minimize`).
    pub origin: String,
    /// Its index among the campaign's inputs, when it was one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<u64>,
    /// How many of the parser's ids it reached first.
    pub ids: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Components, Parsed};
    use std::sync::Arc;

    #[test]
    fn a_partition_shape_depends_on_membership_alone() {
        let a = [
            vec!["url".to_owned(), "ada-url".to_owned()],
            vec!["go".to_owned()],
        ];
        let b = [
            vec!["go".to_owned()],
            vec!["ada-url".to_owned(), "url".to_owned()],
        ];
        assert_eq!(
            partition_shape(a.iter().map(Vec::as_slice)),
            partition_shape(b.iter().map(Vec::as_slice))
        );
        let c = [
            vec!["url".to_owned()],
            vec!["ada-url".to_owned(), "go".to_owned()],
        ];
        assert_ne!(
            partition_shape(a.iter().map(Vec::as_slice)),
            partition_shape(c.iter().map(Vec::as_slice))
        );
    }

    #[test]
    fn an_authority_class_shows_the_reading_not_the_authority_alone() {
        let at = |host: Option<&str>, path: Option<&str>| {
            Outcome::Accepted(Answer::Parsed(Arc::new(Parsed::from(
                Components::default()
                    .with(Component::Host, host)
                    .with(Component::Path, path),
            ))))
        };
        let class = Class::Component(Component::Authority);
        assert_eq!(
            brief(&at(Some("b"), None), class),
            "host=\"b\" path=undefined"
        );
        assert_eq!(
            brief(&at(None, Some("b")), class),
            "host=undefined path=\"b\""
        );
    }
}
