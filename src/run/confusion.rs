//! Parsers against each other: the pairwise agreement grid, and the URL-confusion classes (the
//! libraries that accept one input and handle its scheme read a scheme, userinfo, host or port
//! in two or more ways, whether or not the spec accepts the input and whether or not they
//! decide validity): one class per mechanism (component, form of the minimized input, which
//! parsers read it which way), ranked by what it lets an attacker do. The ranking follows the
//! public studies of URL parsing differences (a check and a fetch reading two hosts first);
//! readings compare as a request would go (RFC 3986 sections 2.1, 3.1, 3.2.2, 3.2.3).

use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::reading::{is_defined, partition, Groups};
use super::schemes::{input_scheme, schemes_of, takes_part_in, Schemes, SCHEME_LESS_NOTE};
use super::shrink::{shrink_all, Target};
use crate::engine::{skeleton, Engine, Row, Task};
use crate::model::{Answer, Component, Outcome};
use crate::report_model::{Agreement, ConfusionClass, ConfusionRank, ReadingGroup};
use crate::subjects::SubjectInfo;

/// The pairwise agreement grid over parse rows.
pub fn agreement(infos: &[&SubjectInfo], rows: &[Row]) -> Agreement {
    let mut grid = AgreementGrid::new(infos);
    rows.iter().for_each(|r| grid.add(r));
    grid.finish()
}

/// The agreement grid folded as rows arrive: per pair of subjects, the parse rows both answered
/// and those they agreed on.
pub struct AgreementGrid<'a> {
    infos: &'a [&'a SubjectInfo],
    agree: Vec<Vec<usize>>,
    total: Vec<Vec<usize>>,
    /// Per pair, the components both subjects report: the only ones compared.
    shared: Vec<Vec<Vec<Component>>>,
}

impl<'a> AgreementGrid<'a> {
    /// No row yet.
    pub fn new(infos: &'a [&'a SubjectInfo]) -> AgreementGrid<'a> {
        let n = infos.len();
        let shared = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        (infos[i].components.iter())
                            .filter(|c| infos[j].components.contains(*c))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        AgreementGrid {
            infos,
            agree: vec![vec![0usize; n]; n],
            total: vec![vec![0usize; n]; n],
            shared,
        }
    }

    /// Counts `row`, if it is a parse.
    pub fn add(&mut self, row: &Row) {
        if row.task.op != crate::model::Op::Parse {
            return;
        }
        let (infos, n) = (self.infos, self.infos.len());
        let (agree, total, shared) = (&mut self.agree, &mut self.total, &self.shared);
        // Each parser's text of each component as a number, the same for the same text: the
        // pairs (703 of them among 38 parsers, up to nine components each) then compare numbers,
        // and each text is compared only against the few distinct ones of its component.
        let mut read = vec![[0u16; Component::ALL.len()]; n];
        for c in Component::ALL {
            let mut distinct: Vec<Option<&str>> = Vec::new();
            for (i, outcome) in row.outcomes.iter().enumerate().take(n) {
                let Outcome::Accepted(Answer::Parsed(p)) = outcome else {
                    continue;
                };
                let v = p.components.get(c);
                let id = distinct.iter().position(|d| *d == v).unwrap_or_else(|| {
                    distinct.push(v);
                    distinct.len() - 1
                });
                read[i][c as usize] = id as u16;
            }
        }
        for i in 0..n {
            for j in i..n {
                let (a, b) = (&row.outcomes[i], &row.outcomes[j]);
                if matches!(a, Outcome::Unsupported(_)) || matches!(b, Outcome::Unsupported(_)) {
                    continue;
                }
                let both_decide = infos[i].decides_validity && infos[j].decides_validity;
                let same = match (a, b) {
                    (
                        Outcome::Accepted(Answer::Parsed(_)),
                        Outcome::Accepted(Answer::Parsed(_)),
                    ) => shared[i][j]
                        .iter()
                        .all(|&c| read[i][c as usize] == read[j][c as usize]),
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

    /// The grid.
    pub fn finish(self) -> Agreement {
        let (infos, n, agree, total) = (self.infos, self.infos.len(), self.agree, self.total);
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
}

/// The routing components a confusion class is about.
const ROUTING: [Component; 4] = [
    Component::Scheme,
    Component::Userinfo,
    Component::Host,
    Component::Port,
];

/// The URL-confusion classes of `rows` (see [`ConfusionClasses`]), minimized on `engine`'s
/// subjects within `budget`.
pub fn confusion(
    engine: &Engine,
    rows: &[Row],
    tag: &dyn Fn(&Row) -> Option<String>,
    budget: ConfusionBudget,
) -> Vec<ConfusionClass> {
    let infos = engine.infos();
    let mut classes = ConfusionClasses::new(&infos);
    rows.iter().for_each(|r| classes.add(r, tag));
    classes.finish(engine, budget)
}

/// How much minimizing the confusion classes may cost: candidate inputs per class, and a
/// wall-clock limit for all of them (classes past it keep the smallest input seen). The
/// classes are minimized most severe first, so the limit falls on the least.
#[derive(Clone, Copy, Debug)]
pub struct ConfusionBudget {
    /// Candidates tried per class at most.
    pub candidates: usize,
    /// Time for every class's minimization together: from its start, or in a report from the
    /// end of the classes' own minimization, beside which it runs.
    pub time: std::time::Duration,
}

impl ConfusionBudget {
    /// No minimization: each class keeps the smallest input that showed it. What the gate
    /// uses: its key ([`crate::gate::confusion_key`]) is the component and the partition, which
    /// minimization keeps, so a run's keys do not wait on it.
    pub const NONE: ConfusionBudget = ConfusionBudget {
        candidates: 0,
        time: std::time::Duration::ZERO,
    };
}

impl Default for ConfusionBudget {
    /// 400 candidates a class, 20 s in all: the default report's ~900 classes are minimized in
    /// about 30 CPU-seconds (measured on the default report with every worker), most severe
    /// first, so on a machine that cannot do it in 20 s the least severe keep a larger example
    /// (`minimized: false`).
    fn default() -> Self {
        ConfusionBudget {
            candidates: 400,
            time: std::time::Duration::from_secs(20),
        }
    }
}

/// Classes minimized together (one batch per parser per round for all of them): enough to fill
/// a worker's batch, few enough that the time limit falls on the least severe.
const WAVE: usize = 256;

/// When the minimization of the URL-confusion classes stops: `time` after `start`, once
/// `start` is set ([`ConfusionClasses::finish_after`]).
pub(super) struct Deadline<'a> {
    pub(super) time: Duration,
    pub(super) start: &'a OnceLock<Instant>,
}

impl Deadline<'_> {
    /// Whether the time is up: at once for no time at all, else never before the start is set.
    pub(super) fn passed(&self) -> bool {
        self.time.is_zero() || self.start.get().is_some_and(|s| s.elapsed() >= self.time)
    }
}

/// Waves minimized at the same time. Each round of a wave ends when its slowest parser has
/// answered; with one wave the other parsers, and the cores, waited for it (a quarter of the
/// confusion phase's CPU idle on two cores).
const WAVES_AT_ONCE: usize = 2;

/// Minimizes one wave of classes (each the class's component, groups and folded example), each
/// class's example replaced by the smallest that still shows it, within `candidates` and
/// `deadline`.
fn minimize_wave(
    engine: &Engine,
    infos: &[&SubjectInfo],
    wave: &mut [((Component, Groups), Folded)],
    candidates: usize,
    deadline: &Deadline<'_>,
) {
    let classes: Vec<(Target, &[u8])> = wave
        .iter()
        .map(|((c, groups), f)| {
            let target = Target {
                c: *c,
                groups: groups.clone(),
                defined: f.reads.iter().map(is_defined).collect(),
            };
            (target, f.input.as_slice())
        })
        .collect();
    let shrunk = shrink_all(engine, infos, &classes, candidates, deadline);
    drop(classes);
    for ((_, f), s) in wave.iter_mut().zip(shrunk) {
        if let Some((input, reads)) = s.smaller {
            f.input = input;
            f.reads = reads;
        }
        f.minimized = s.finished;
    }
}

/// What the fold keeps of a class: the smallest input, its readings (one per group, in the
/// order of the groups), and the count.
struct Folded {
    input: Vec<u8>,
    reads: Vec<Option<String>>,
    count: usize,
    studies: Option<String>,
    /// Whether minimization ran to its end (not cut by the time limit).
    minimized: bool,
}

/// The URL-confusion classes folded as rows arrive. On each parse row, for each routing
/// component (scheme, userinfo, host, port): the parsers taking part are those that accept
/// the input, report the component, and handle the input's scheme ([`takes_part`]); the
/// project's own subjects (impl and the oracles) are none (their reading is each class's
/// reference). They are grouped by reading, readings that route alike ([`routes_alike`]) being
/// one; two groups or more make the row a member of the fold keyed by the component and the
/// partition's shape (which parsers are in which group, each group's members sorted and the
/// groups sorted, so the key depends neither on the order of subjects nor on which reading
/// came first). The form is not part of the fold's key: generated inputs are long and nearly
/// every one has a skeleton of its own, so the form is that of the minimized example
/// ([`ConfusionClasses::finish`]), where the classes whose minimized forms meet merge (two
/// mechanisms that split the same parsers the same way keep the smaller example). Memory grows
/// with the partitions, not the rows: a class keeps its count and its smallest input.
pub struct ConfusionClasses<'a> {
    infos: &'a [&'a SubjectInfo],
    classes: BTreeMap<(Component, Groups), Folded>,
}

impl<'a> ConfusionClasses<'a> {
    /// No row yet.
    pub fn new(infos: &'a [&'a SubjectInfo]) -> ConfusionClasses<'a> {
        ConfusionClasses {
            infos,
            classes: BTreeMap::new(),
        }
    }

    /// Counts `row`, if it is a parse; `tag` names its confusion class of the public studies,
    /// if any.
    pub fn add(&mut self, row: &Row, tag: &dyn Fn(&Row) -> Option<String>) {
        if row.task.op != crate::model::Op::Parse {
            return;
        }
        let input = &row.task.input;
        for c in ROUTING {
            let groups = partition(self.infos, input, c, 0..self.infos.len(), |i| {
                &row.outcomes[i]
            });
            if groups.len() < 2 {
                continue;
            }
            let (shape, reads): (Groups, Vec<Option<String>>) = groups.into_iter().unzip();
            let entry = self.classes.entry((c, shape)).or_insert_with(|| Folded {
                input: input.clone(),
                reads: reads.clone(),
                count: 0,
                studies: tag(row),
                minimized: false,
            });
            entry.count += 1;
            if (input.len(), input) < (entry.input.len(), &entry.input) {
                entry.input = input.clone();
                entry.reads = reads;
                entry.studies = tag(row);
            }
        }
    }

    /// The classes, each example minimized while its partition holds (within `budget`), the
    /// classes whose minimized forms meet merged, ranked by what they let an attacker do
    /// ([`ConfusionRank`]), then by inputs (most first), then by key.
    pub fn finish(self, engine: &Engine, budget: ConfusionBudget) -> Vec<ConfusionClass> {
        self.finish_after(engine, budget, &OnceLock::from(Instant::now()))
    }

    /// [`ConfusionClasses::finish`], its budget's time counted from the moment `start` is set
    /// (by another thread) rather than from its own start: until then it is not timed. A report
    /// minimizes these classes beside its classes' own minimization and sets `start` when that
    /// ends, so that the time limit bounds what this adds after it, as when one followed the
    /// other.
    pub(crate) fn finish_after(
        self,
        engine: &Engine,
        budget: ConfusionBudget,
        start: &OnceLock<Instant>,
    ) -> Vec<ConfusionClass> {
        let infos = self.infos;
        let deadline = &Deadline {
            time: budget.time,
            start,
        };
        let mut pending: Vec<((Component, Groups), Folded)> = self.classes.into_iter().collect();
        // The most severe first, so the time limit falls on the least.
        let rank_of = |((c, g), f): &((Component, Groups), Folded)| {
            let input_scheme = input_scheme(&f.input);
            let groups = describe(infos, *c, g, &f.reads, &f.input);
            (
                rank(*c, &groups, input_scheme.as_deref()).0,
                std::cmp::Reverse(f.count),
            )
        };
        pending.sort_by_cached_key(|p| rank_of(p));
        // Minimized in waves, most severe first, so the time limit falls on the least; two
        // waves at a time, so that while one's round waits for its slowest parser the other's
        // keeps the rest busy.
        let waves = std::sync::Mutex::new(pending.chunks_mut(WAVE));
        std::thread::scope(|scope| {
            for _ in 0..WAVES_AT_ONCE {
                scope.spawn(|| {
                    while !deadline.passed() {
                        let next = waves.lock().unwrap_or_else(|e| e.into_inner()).next();
                        let Some(wave) = next else {
                            break;
                        };
                        minimize_wave(engine, infos, wave, budget.candidates, deadline);
                    }
                });
            }
        });
        // Each example read again by every parser: the groups of a class are those of its
        // minimized example (a parser that rejected the first input may read the smaller one),
        // so two classes whose examples meet are one.
        let inputs: Vec<&[u8]> = {
            let mut v: Vec<&[u8]> = pending.iter().map(|(_, f)| f.input.as_slice()).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let jobs: Vec<crate::subjects::Job<'_>> = inputs
            .iter()
            .map(|i| crate::subjects::Job::parse(i))
            .collect();
        let answers: Vec<Vec<Outcome<Answer>>> = {
            use rayon::prelude::*;
            engine
                .subjects()
                .par_iter()
                .map(|s| crate::subjects::run_batch(s.as_ref(), &jobs))
                .collect()
        };
        drop(jobs);
        let regrouped: Vec<Option<(Groups, Vec<Option<String>>)>> = pending
            .iter()
            .map(|((c, _), f)| {
                let at = inputs.binary_search(&f.input.as_slice()).ok()?;
                let got = partition(infos, &f.input, *c, 0..infos.len(), |i| &answers[i][at]);
                (got.len() >= 2).then(|| got.into_iter().unzip())
            })
            .collect();
        drop(answers);
        let mut merged: BTreeMap<(Component, String, Groups), Folded> = BTreeMap::new();
        for (((c, groups), mut f), again) in pending.into_iter().zip(regrouped) {
            let groups = match again {
                Some((shape, reads)) => {
                    f.reads = reads;
                    shape
                }
                None => groups,
            };
            let key = (c, skeleton(&f.input), groups);
            match merged.entry(key) {
                std::collections::btree_map::Entry::Vacant(v) => {
                    v.insert(f);
                }
                std::collections::btree_map::Entry::Occupied(mut o) => {
                    let o = o.get_mut();
                    o.count += f.count;
                    o.minimized &= f.minimized;
                    if (f.input.len(), &f.input) < (o.input.len(), &o.input) {
                        o.input = f.input;
                        o.reads = f.reads;
                        o.studies = f.studies;
                    }
                }
            }
        }
        let mut out: Vec<ConfusionClass> = merged
            .into_iter()
            .map(|((c, form, g), f)| {
                let scheme = input_scheme(&f.input);
                let mut groups = describe(infos, c, &g, &f.reads, &f.input);
                let task = Task::parse(f.input.clone(), "confusion");
                for group in &mut groups {
                    // The first parser of the group with a line of its own.
                    let wraps =
                        |p: &String| infos.iter().any(|i| &i.name == p && i.wraps.is_some());
                    group.reproduce = (group.parsers.iter())
                        .find_map(|p| crate::present::reproduce(p, wraps(p), &task));
                }
                let (rank, impact) = rank(c, &groups, scheme.as_deref());
                ConfusionClass {
                    rank,
                    component: c,
                    form,
                    input: f.input,
                    groups,
                    impact,
                    count: f.count,
                    studies: f.studies,
                    minimized: f.minimized,
                }
            })
            .collect();
        out.sort_by_cached_key(|c| (c.rank, std::cmp::Reverse(c.count), c.key()));
        out
    }
}

/// The groups of a partition as the report shows them: names sorted, the browsers' reading
/// marked (every WHATWG parser taking part is in it), the scheme-less note where every member
/// has it; the browsers' reading first, then the larger groups.
fn describe(
    infos: &[&SubjectInfo],
    c: Component,
    groups: &Groups,
    reads: &[Option<String>],
    input: &[u8],
) -> Vec<ReadingGroup> {
    // The URL Standard's implementations that browsers and runtimes use, which take every
    // scheme; one made for http URLs alone (OkHttp's HttpUrl, an HTTP client's, per its card)
    // claims the standard's parsing but does not stand for the browsers.
    let whatwg =
        |i: usize| infos[i].profile == "whatwg-url" && schemes_of(&infos[i].name) == Schemes::Any;
    let taking_part = groups.iter().flatten().filter(|&&i| whatwg(i)).count();
    // The browsers' reading is theirs only where every one of them reads the input: where some
    // reject it (`o://r:8\`, which only the `url` crate takes), the one that accepts stands for
    // no browser.
    let all_whatwg = (0..infos.len()).filter(|&i| whatwg(i)).count();
    let mut out: Vec<ReadingGroup> = groups
        .iter()
        .zip(reads)
        .map(|(members, reads)| {
            let mut parsers: Vec<String> = members.iter().map(|&i| infos[i].name.clone()).collect();
            parsers.sort();
            let notes: Vec<Option<&str>> = parsers
                .iter()
                .map(|p| takes_part_in(p, input).flatten())
                .collect();
            let note = match notes.first() {
                Some(Some(n)) if notes.iter().all(|x| x == &Some(*n)) => Some((*n).to_owned()),
                _ => None,
            };
            ReadingGroup {
                browsers: taking_part > 0
                    && taking_part == all_whatwg
                    && members.iter().filter(|&&i| whatwg(i)).count() == taking_part,
                parsers,
                reads: reads
                    .clone()
                    .filter(|r| !(r.is_empty() && c != Component::Path)),
                note,
                reproduce: None,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        (!a.browsers, std::cmp::Reverse(a.parsers.len()), &a.parsers).cmp(&(
            !b.browsers,
            std::cmp::Reverse(b.parsers.len()),
            &b.parsers,
        ))
    });
    out
}

/// A group's name in an impact line: "the browsers' reading", or "the parser" or "the parsers"
/// and their names (three at most). The words say a name is a parser's: a parser named like a
/// scheme or a host ("a check with http ... two hosts ("http" and "a")") would read as one.
fn who(g: &ReadingGroup) -> String {
    if g.browsers {
        return "the browsers' reading".to_owned();
    }
    match g.parsers.len() {
        1 => format!("the parser {}", g.parsers[0]),
        0..=3 => format!("the parsers {}", g.parsers.join(", ")),
        n => format!(
            "the parsers {} and {} more",
            g.parsers[..2].join(", "),
            n - 2
        ),
    }
}

/// Whether a group is named in the singular (the verb after [`who`]): the browsers' reading,
/// or one parser.
fn singular(g: &ReadingGroup) -> bool {
    g.browsers || g.parsers.len() == 1
}

/// "reads" after a group named in the singular ([`singular`]), "read" after a plural one.
fn verb(g: &ReadingGroup) -> &'static str {
    if singular(g) {
        "reads"
    } else {
        "read"
    }
}

/// Whether a host as a group shows it (its first member's text) is a place a request can be
/// sent to ([`super::reading::routable`]), once read as resolution reads it.
fn place(host: &str) -> bool {
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    super::reading::routable(bare) || super::reading::routable(&crate::engine::resolved_name(bare))
}

/// A reading in an impact line, its controls and invisible characters escaped
/// ([`crate::text::show`]) so that the line stays one line.
fn what(r: &Option<String>) -> String {
    r.as_deref()
        .map_or_else(|| "none".to_owned(), |s| crate::text::quoted(s.as_bytes()))
}

/// The rank of a class of component `c` with these `groups` ([`describe`]), and its impact
/// line. Host first: a library (a check) against the browsers' reading (the fetch) reading two
/// hosts; a library reading no host where browsers read one (an open redirect); two hosts
/// otherwise; then port, userinfo, scheme. The check and the fetch, or the redirect, are read
/// only under a `scheme` browsers fetch ([`super::schemes::fetched`]): elsewhere two hosts are
/// two hosts. A class whose other reading is only that of libraries reading a scheme-less input
/// as http ranks last: it is their convention.
fn rank(c: Component, groups: &[ReadingGroup], scheme: Option<&str>) -> (ConfusionRank, String) {
    let browsers = groups.iter().find(|g| g.browsers);
    let others: Vec<&ReadingGroup> = groups.iter().filter(|g| !g.browsers).collect();
    let first = groups.first();
    let second = groups.get(1);
    let (Some(a), Some(b)) = (first, second) else {
        return (ConfusionRank::SchemeLess, String::new());
    };
    if groups.iter().any(|g| g.note.is_some()) {
        // Ranked by the other libraries' split where they split among themselves.
        let rest: Vec<ReadingGroup> = groups
            .iter()
            .filter(|g| g.note.is_none())
            .cloned()
            .collect();
        // Unless, for a host, none of theirs is a place: then only the scheme-less reading
        // sends a request anywhere, and that is its convention's class.
        let a_place =
            c != Component::Host || rest.iter().any(|g| g.reads.as_deref().is_some_and(place));
        if rest.len() >= 2 && a_place {
            return rank(c, &rest, scheme);
        }
        let g = groups.iter().find(|g| g.note.is_some()).unwrap_or(a);
        let other = if std::ptr::eq(g, a) { b } else { a };
        return (
            ConfusionRank::SchemeLess,
            format!(
                "{} ({}) {} {} {}, where {} {} {}",
                who(g),
                SCHEME_LESS_NOTE.replace("reads ", "taking "),
                verb(g),
                c.name(),
                what(&g.reads),
                who(other),
                verb(other),
                what(&other.reads)
            ),
        );
    }
    match c {
        Component::Host => match browsers.map(|g| &g.reads) {
            // A fetch goes somewhere only where the browsers' host is a place.
            Some(Some(host)) if super::schemes::fetched(scheme) && place(host) => {
                let fetch = browsers.map_or(a, |g| g);
                // A check reading a place first; one whose host no resolver asks for sends
                // nothing there, but a deny-list check of the fetched host misses it.
                let check = others
                    .iter()
                    .filter(|g| g.reads.is_some())
                    .min_by_key(|g| !g.reads.as_deref().is_some_and(place));
                if let Some(check) = check {
                    let line = if check.reads.as_deref().is_some_and(place) {
                        format!(
                            "a check with {} and a fetch with the browsers' reading go to two \
                             hosts ({} and {})",
                            who(check),
                            what(&check.reads),
                            what(&fetch.reads)
                        )
                    } else {
                        format!(
                            "a check with {} reads the host {}, which no resolver asks for, where \
                             a fetch with the browsers' reading goes to {}: a deny-list check \
                             misses the fetched host",
                            who(check),
                            what(&check.reads),
                            what(&fetch.reads)
                        )
                    };
                    (ConfusionRank::TwoHosts, line)
                } else {
                    let server = others.first().copied().unwrap_or(b);
                    (
                        ConfusionRank::OpenRedirect,
                        format!(
                            "{} {} no host where browsers go to {}: a redirect it lets \
                             through as a local path is an open redirect",
                            who(server),
                            verb(server),
                            what(&fetch.reads)
                        ),
                    )
                }
            }
            _ => {
                // The readings that are places first: the line names two hosts a request can
                // go to where there are two, one and what the other reads otherwise.
                let mut named: Vec<&ReadingGroup> = groups.iter().collect();
                named.sort_by_key(|g| !g.reads.as_deref().is_some_and(place));
                let (a, b) = (named[0], named[1]);
                (
                    ConfusionRank::Host,
                    format!(
                        "{} and {} read two hosts ({} and {})",
                        who(a),
                        who(b),
                        what(&a.reads),
                        what(&b.reads)
                    ),
                )
            }
        },
        Component::Port => {
            // Port 0 is no port a connection reaches (a connect to it is refused: POSIX
            // `connect` names no listener on it, and RFC 6335 6 reserves it), nor is a negative
            // one or one over 65535 (TCP's and UDP's port fields hold 16 bits, RFC 9293 3.1): a
            // reading of one is what a check sees, not where a request goes.
            let nowhere = |g: &ReadingGroup| {
                g.reads
                    .as_deref()
                    .and_then(|p| p.parse::<i64>().ok())
                    .is_some_and(|n| n <= 0 || n > 65535)
            };
            let line = match (nowhere(a), nowhere(b)) {
                (true, false) | (false, true) => {
                    let (z, other) = if nowhere(a) { (a, b) } else { (b, a) };
                    // A reading of no port written is the scheme's default (a group reading no
                    // port under a scheme without one takes no part).
                    let to = other.reads.as_ref().map_or_else(
                        || "the scheme's default port".to_owned(),
                        |_| what(&other.reads),
                    );
                    format!(
                        "{} {} port {}, which nothing connects to, where {} {} to {}: a port \
                         deny-list check with the first misses the port the other connects to",
                        who(z),
                        verb(z),
                        what(&z.reads),
                        who(other),
                        if singular(other) {
                            "connects"
                        } else {
                            "connect"
                        },
                        to
                    )
                }
                _ => format!(
                    "{} and {} connect to two ports ({} and {})",
                    who(a),
                    who(b),
                    what(&a.reads),
                    what(&b.reads)
                ),
            };
            (ConfusionRank::Port, line)
        }
        Component::Userinfo => (
            ConfusionRank::Userinfo,
            format!(
                "{} and {} take two userinfos ({} and {}): credentials checked on one are sent \
                 by the other",
                who(a),
                who(b),
                what(&a.reads),
                what(&b.reads)
            ),
        ),
        _ => (
            ConfusionRank::Scheme,
            format!(
                "{} and {} read two schemes ({} and {}): a scheme allowed by one is another's",
                who(a),
                who(b),
                what(&a.reads),
                what(&b.reads)
            ),
        ),
    }
}

/// The keys of the confusion classes `parser` takes part in ([`ConfusionClass::key`]): what a
/// gate compares against a baseline's to fail on a new one.
pub fn confusion_keys_of(classes: &[ConfusionClass], parser: &str) -> Vec<String> {
    classes
        .iter()
        .filter(|c| c.involves(parser))
        .map(ConfusionClass::key)
        .collect()
}

#[cfg(test)]
mod class_tests {
    use std::sync::Arc;

    use super::*;
    use crate::model::{ComponentSet, Components, Parsed};
    use crate::subjects::Kind;

    #[test]
    fn the_time_limit_counts_from_the_start_it_is_given() {
        let ms = Duration::from_millis;
        let start = OnceLock::new();
        let limit = Deadline {
            time: ms(1),
            start: &start,
        };
        std::thread::sleep(ms(5));
        assert!(!limit.passed(), "not up before its start is set");
        let before = Instant::now()
            .checked_sub(ms(2))
            .expect("an instant 2 ms ago");
        start.set(before).expect("set once");
        assert!(limit.passed(), "up 1 ms after a start 2 ms ago");
        let now = OnceLock::from(Instant::now());
        let hour = Deadline {
            time: Duration::from_secs(3_600),
            start: &now,
        };
        assert!(!hour.passed());
        let unset = OnceLock::new();
        let none = Deadline {
            time: Duration::ZERO,
            start: &unset,
        };
        assert!(none.passed(), "no time at all is up at once, start or none");
    }

    fn info(name: &str, profile: &str) -> SubjectInfo {
        SubjectInfo {
            wraps: None,
            name: name.into(),
            version: "1".into(),
            profile: profile.into(),
            kind: Kind::InProcess,
            library: String::new(),
            operations: Default::default(),
            components: ComponentSet::of(&ROUTING),
            decides_validity: true,
            edition_fields: false,
            editions: Vec::new(),
        }
    }

    fn parsed(host: Option<&str>, userinfo: Option<&str>, port: Option<&str>) -> Outcome<Answer> {
        Outcome::Accepted(Answer::Parsed(Arc::new(Parsed {
            components: Components::default()
                .with(Component::Scheme, Some("http"))
                .with(Component::Host, host)
                .with(Component::Userinfo, userinfo)
                .with(Component::Port, port),
            ..Parsed::default()
        })))
    }

    #[test]
    fn two_parsers_agree_where_every_component_both_report_reads_alike() {
        let (a, b, c) = (info("a", "x"), info("b", "x"), info("c", "x"));
        // `c` reports no port: its port is compared with no one's.
        let c = SubjectInfo {
            components: ComponentSet::of(&ROUTING).without(Component::Port),
            ..c
        };
        let infos = [&a, &b, &c];
        let row = |outcomes: Vec<Outcome<Answer>>| Row {
            task: Task::parse(b"http://u@h:1".to_vec(), "test"),
            outcomes,
            references: Vec::new(),
            reparsed: Vec::new(),
        };
        let rows = [
            // a and b alike; c reads another port, which it does not report.
            row(vec![
                parsed(Some("h"), Some("u"), Some("1")),
                parsed(Some("h"), Some("u"), Some("1")),
                parsed(Some("h"), Some("u"), Some("2")),
            ]),
            // b reads another host; c rejects what a accepts.
            row(vec![
                parsed(Some("h"), Some("u"), Some("1")),
                parsed(Some("H"), Some("u"), Some("1")),
                Outcome::Rejected(Default::default()),
            ]),
        ];
        let grid = agreement(&infos, &rows);
        let share = |i: usize, j: usize| grid.share[i][j];
        assert_eq!(share(0, 1), Some(0.5));
        assert_eq!(share(0, 2), Some(0.5));
        assert_eq!(share(1, 2), Some(0.5));
        assert_eq!(share(0, 0), Some(1.0));
        assert_eq!(share(2, 0), share(0, 2));
    }

    fn names(infos: &[&SubjectInfo], groups: &[(Vec<usize>, Option<String>)]) -> Vec<Vec<String>> {
        groups
            .iter()
            .map(|(m, _)| m.iter().map(|&i| infos[i].name.clone()).collect())
            .collect()
    }

    #[test]
    fn a_name_that_routes_nowhere_is_shown_apart_from_no_host() {
        let all = [
            info("url", "whatwg-url"),
            info("c-libwget", "libwget"),
            info("node-legacy-url", "node-legacy-url"),
        ];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        // A 256-octet name reaches no place (RFC 1035 2.3.4), but it is read as a host, not as
        // a local path: a group of its own, shown as its text, apart from no host.
        let long = "b".repeat(256);
        let outcomes = [
            parsed(Some("aq"), None, None),
            parsed(Some(&long), None, None),
            parsed(Some(""), None, None),
        ];
        let host = partition(&infos, b"http:\\aq", Component::Host, 0..3, |i| {
            &outcomes[i]
        });
        let shown: Vec<(Vec<String>, Option<String>)> = names(&infos, &host)
            .into_iter()
            .zip(host.iter().map(|(_, r)| r.clone()))
            .collect();
        assert!(
            shown.contains(&(vec!["url".into()], Some("aq".into()))),
            "{shown:?}"
        );
        assert!(shown.contains(&(vec!["c-libwget".into()], Some(long.clone()))));
        assert!(shown.contains(&(vec!["node-legacy-url".into()], None)));
        assert_eq!(shown.len(), 3);
    }

    #[test]
    fn an_ipvfuture_literal_lowercased_without_brackets_is_still_no_place() {
        let all = [
            info("c-uriparser", "rfc3986"),
            info("python-urllib", "python-urllib"),
        ];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        // uriparser's host text `vA.b`, Python's `hostname` lowercased, `va.b`: both the
        // literal `[vA.b]`, no place.
        let outcomes = [
            parsed(Some("vA.b"), None, None),
            parsed(Some("va.b"), None, None),
        ];
        // No reading is a place, so there is no partition to compare.
        let host = partition(&infos, b"x://&@[vA.b]", Component::Host, 0..2, |i| {
            &outcomes[i]
        });
        assert!(host.is_empty(), "{host:?}");
        // One step off: a name the input does not write as a literal.
        let host = partition(&infos, b"x://&@vA.b", Component::Host, 0..2, |i| {
            &outcomes[i]
        });
        assert_eq!(host.len(), 1, "{host:?}");
        assert_eq!(host[0].1.as_deref(), Some("vA.b"));
    }

    #[test]
    fn an_authority_form_read_without_a_scheme_fills_in_no_default_port() {
        let all = [info("c-libwget", "libwget"), info("http", "http")];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        // libwget fills in http and reads port 3; the http crate reads the authority form
        // `+:3V` with no scheme and no port: no port of its own to connect to, so libwget's
        // reading stands alone (before, the http crate's none was read as http's 80).
        let no_scheme = Outcome::Accepted(Answer::Parsed(Arc::new(Parsed {
            components: Components::default().with(Component::Host, Some("+")),
            ..Parsed::default()
        })));
        // (libwget's host is `+` on this input; a name that is a place here, so that its
        // port takes part.)
        let outcomes = [parsed(Some("h"), None, Some("3")), no_scheme];
        let port = partition(&infos, b"+:3V", Component::Port, 0..2, |i| &outcomes[i]);
        assert_eq!(names(&infos, &port), [vec!["c-libwget"]]);
    }

    #[test]
    fn credentials_for_a_host_that_is_no_place_take_no_part() {
        let all = [info("url", "whatwg-url"), info("go-net-url", "go-net-url")];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        // `P://$@.@.`: one reads the userinfo `$@.`, the other `$`, both with the host `.`,
        // the DNS root: nothing is sent anywhere, so no userinfo class.
        let root = [
            parsed(Some("."), Some("$@."), None),
            parsed(Some("."), Some("$"), None),
        ];
        let user = partition(&infos, b"P://$@.@.", Component::Userinfo, 0..2, |i| {
            &root[i]
        });
        assert!(user.is_empty(), "{user:?}");
        // One step off: a host that is a place.
        let real = [
            parsed(Some("h"), Some("$@."), None),
            parsed(Some("h"), Some("$"), None),
        ];
        let user = partition(&infos, b"P://$@.@h", Component::Userinfo, 0..2, |i| {
            &real[i]
        });
        assert_eq!(user.len(), 2);
    }

    #[test]
    fn names_no_resolver_asks_for_are_no_place() {
        let all = [info("url", "whatwg-url"), info("go-net-url", "go-net-url")];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        // `telnet://=`: `=` against none, and `::1]` against `:`: no reading is a place.
        for (input, a, b) in [
            (&b"telnet://="[..], Some("="), None),
            (b"http://::1]", Some("::1]"), Some(":")),
        ] {
            let read = [parsed(a, None, None), parsed(b, None, None)];
            let host = partition(&infos, input, Component::Host, 0..2, |i| &read[i]);
            assert!(host.is_empty(), "{host:?}");
        }
        // A port read with such a host takes no part: `http://::1]` read `::1]` and port none,
        // and `:` with port 1.
        let read = [
            parsed(Some("::1]"), None, None),
            parsed(Some(":"), None, Some("1")),
        ];
        let port = partition(&infos, b"http://::1]", Component::Port, 0..2, |i| &read[i]);
        assert!(port.is_empty(), "{port:?}");
        // One step off: one reading is a place, `=` is still shown as what it is.
        let read = [parsed(Some("="), None, None), parsed(Some("a"), None, None)];
        let host = partition(&infos, b"telnet://=", Component::Host, 0..2, |i| &read[i]);
        assert_eq!(host.len(), 2, "{host:?}");
    }

    #[test]
    fn an_ipvfuture_literal_without_its_brackets_is_no_place_either() {
        let all = [
            info("c-uriparser", "rfc3986"),
            info("go-net-url", "go-net-url"),
        ];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        let read = [
            parsed(Some("v2.-"), None, None),
            parsed(Some("[v2.-]"), None, None),
        ];
        let host = partition(&infos, b"N://[v2.-]", Component::Host, 0..2, |i| &read[i]);
        assert!(host.is_empty(), "{host:?}");
        // One step off: a name that only looks like one, written without brackets.
        let read = [
            parsed(Some("v2.a"), None, None),
            parsed(Some("x"), None, None),
        ];
        let host = partition(&infos, b"N://v2.a", Component::Host, 0..2, |i| &read[i]);
        assert_eq!(host.len(), 2, "{host:?}");
    }

    #[test]
    fn the_browsers_reading_is_every_browsers() {
        let all = [
            info("url", "whatwg-url"),
            info("ada-url", "whatwg-url"),
            info("go-net-url", "go-net-url"),
        ];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        // ada-url rejects: the url crate alone stands for no browser.
        let groups = describe(
            &infos,
            Component::Host,
            &vec![vec![0], vec![2]],
            &[Some("a".into()), Some("b".into())],
            b"o://",
        );
        assert!(groups.iter().all(|g| !g.browsers), "{groups:?}");
        // One step off: both read the input.
        let groups = describe(
            &infos,
            Component::Host,
            &vec![vec![0, 1], vec![2]],
            &[Some("a".into()), Some("b".into())],
            b"o://",
        );
        assert!(groups.iter().any(|g| g.browsers), "{groups:?}");
    }

    #[test]
    fn parsers_reading_alike_are_one_group() {
        let all = [
            info("url", "whatwg-url"),
            info("ada-url", "whatwg-url"),
            info("go-net-url", "go-net-url"),
            info("php-parse-url", "php-parse-url"),
        ];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        // Host case, percent-encoding case and form of one userinfo, a default port filled in:
        // one reading each.
        let outcomes = [
            parsed(Some("c"), Some("a%40b"), None),
            parsed(Some("C"), Some("a%40b"), Some("80")),
            parsed(Some("b"), Some("a"), None),
            parsed(Some("b"), Some("a"), Some("80")),
        ];
        let host = partition(&infos, b"http://a@b@c/", Component::Host, 0..4, |i| {
            &outcomes[i]
        });
        assert_eq!(
            names(&infos, &host),
            [vec!["url", "ada-url"], vec!["go-net-url", "php-parse-url"]]
        );
        let port = partition(&infos, b"http://a@b@c/", Component::Port, 0..4, |i| {
            &outcomes[i]
        });
        assert_eq!(port.len(), 1, "a default port filled in is no port");
        // A file URL's port is no place: never grouped, whatever the parsers read.
        let ports = [
            parsed(Some("h"), None, Some("1")),
            parsed(Some("h"), None, Some("2")),
            parsed(Some("h"), None, None),
            parsed(Some("h"), None, None),
        ];
        let file = partition(&infos, b"file://h:1/", Component::Port, 0..4, |i| &ports[i]);
        assert!(file.is_empty());
        // A port read without a host connects nowhere; a userinfo whose bytes a worker lost
        // (U+FFFD) cannot be compared: neither takes part.
        let odd = [
            parsed(None, Some("\u{fffd}"), Some("80")),
            parsed(Some(""), Some("\u{fffd}"), Some("9")),
            parsed(Some("h"), Some("%FA"), None),
            parsed(Some("h"), Some("%FA"), Some("9")),
        ];
        let port = partition(&infos, b"http://%FA@h:9/", Component::Port, 0..4, |i| {
            &odd[i]
        });
        assert_eq!(
            names(&infos, &port),
            [vec!["go-net-url"], vec!["php-parse-url"]]
        );
        let user = partition(&infos, b"http://%FA@h:9/", Component::Userinfo, 0..4, |i| {
            &odd[i]
        });
        assert_eq!(names(&infos, &user), [vec!["go-net-url", "php-parse-url"]]);
        let http = partition(&infos, b"http://h:1/", Component::Port, 0..4, |i| &ports[i]);
        assert_eq!(http.len(), 3);
        let encoded = [
            parsed(Some("c"), Some("a%3Ab"), None),
            parsed(Some("c"), Some("a%3ab"), None),
            parsed(Some("c"), Some("a:b"), None),
            parsed(Some("c"), Some("a%3Ac"), None),
        ];
        let userinfo = partition(&infos, b"http://a:b@c/", Component::Userinfo, 0..4, |i| {
            &encoded[i]
        });
        assert_eq!(
            names(&infos, &userinfo),
            [vec!["url", "ada-url", "go-net-url"], vec!["php-parse-url"]]
        );
    }

    #[test]
    fn readings_that_send_nothing_anywhere_take_no_part() {
        let all = [
            info("url", "whatwg-url"),
            info("ada-url", "whatwg-url"),
            info("go-net-url", "go-net-url"),
            info("php-parse-url", "php-parse-url"),
        ];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        // Credentials read where no host is: sent to no one (`B://;@`).
        let users = [
            parsed(None, Some(";"), None),
            parsed(Some(""), Some("%3B"), None),
            parsed(Some("h"), Some("a"), None),
            parsed(Some("h"), Some("b"), None),
        ];
        let user = partition(&infos, b"http://;@", Component::Userinfo, 0..4, |i| {
            &users[i]
        });
        assert_eq!(
            names(&infos, &user),
            [vec!["go-net-url"], vec!["php-parse-url"]]
        );
        // No port under a scheme without a default (`o`): no port is connected to; the http
        // readers' 80 is the one reading left, so no split.
        let under = |scheme: &str, port: Option<&str>| {
            Outcome::Accepted(Answer::Parsed(Arc::new(Parsed {
                components: Components::default()
                    .with(Component::Scheme, Some(scheme))
                    .with(Component::Host, Some("h"))
                    .with(Component::Port, port),
                ..Parsed::default()
            })))
        };
        let ports = [
            under("o", None),
            under("http", None),
            under("http", Some("80")),
            under("o", Some("8")),
        ];
        let port = partition(&infos, b"o://h", Component::Port, 0..3, |i| &ports[i]);
        assert_eq!(names(&infos, &port), [vec!["ada-url", "go-net-url"]]);
        // An explicit port under that scheme still takes part.
        let port = partition(&infos, b"o://h", Component::Port, 1..4, |i| &ports[i]);
        assert_eq!(port.len(), 2);
        // Under text that is no RFC 3986 scheme (`.`), a reading takes no part at all: no client
        // fetches it.
        let unfetched = [under(".", Some("8")), under("http", None)];
        let port = partition(&infos, b".://h:8", Component::Port, 0..2, |i| &unfetched[i]);
        assert!(port.is_empty(), "{port:?}");
        // Where no parser reads a written port, defaults of two schemes (443, 80) are no port
        // class: the difference is the scheme's.
        let defaults = [under("https", None), under("http", None)];
        let port = partition(&infos, b"h\x18ttps://s", Component::Port, 0..2, |i| {
            &defaults[i]
        });
        assert!(port.is_empty(), "{port:?}");
    }

    #[test]
    fn a_reading_lost_to_u_fffd_takes_no_part_on_an_input_that_is_not_utf_8() {
        let all = [info("url", "whatwg-url"), info("go-net-url", "go-net-url")];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        let outcomes = [
            parsed(Some("xn--wda"), None, None),
            parsed(Some("\u{fffd}"), None, None),
        ];
        // `http://` and the byte 0xFF: a worker's U+FFFD is no reading of it.
        let got = partition(&infos, b"http://\xff", Component::Host, 0..2, |i| {
            &outcomes[i]
        });
        assert_eq!(names(&infos, &got), [vec!["url"]]);
        // An input that holds U+FFFD itself: that reading takes part.
        let got = partition(
            &infos,
            "http://\u{fffd}".as_bytes(),
            Component::Host,
            0..2,
            |i| &outcomes[i],
        );
        assert_eq!(got.len(), 2);
    }

    #[test]
    fn a_scheme_filled_in_for_a_scheme_less_input_is_no_reading_of_the_scheme() {
        let all = [
            info("http", "http-request-target"),
            info("url", "whatwg-url"),
        ];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        let scheme = |s: Option<&str>| {
            Outcome::Accepted(Answer::Parsed(Arc::new(Parsed {
                components: Components::default()
                    .with(Component::Scheme, s)
                    .with(Component::Host, Some("h")),
                ..Parsed::default()
            })))
        };
        let outcomes = [scheme(Some("http")), scheme(None)];
        let got = partition(&infos, b"//h", Component::Scheme, 0..2, |i| &outcomes[i]);
        assert_eq!(names(&infos, &got), [vec!["url"]]);
        // Its host still takes part.
        let got = partition(&infos, b"//h", Component::Host, 0..2, |i| &outcomes[i]);
        assert_eq!(names(&infos, &got), [vec!["http", "url"]]);
    }

    #[test]
    fn only_parsers_that_handle_the_scheme_and_report_the_component_take_part() {
        let mut blind = info("go-net-url", "go-net-url");
        blind.components = ComponentSet::of(&[Component::Scheme]);
        let all = [
            info("url", "whatwg-url"),
            info("python-urllib3", "python-urllib3"),
            blind,
            info("http", "http-request-target"),
        ];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        let outcomes = [
            parsed(Some("a"), None, None),
            parsed(Some("b"), None, None),
            parsed(Some("c"), None, None),
            parsed(Some("d"), None, None),
        ];
        // mailto: the http libraries take no part; go-net-url does not report a host.
        let got = partition(&infos, b"mailto:x@a", Component::Host, 0..4, |i| {
            &outcomes[i]
        });
        assert_eq!(names(&infos, &got), [vec!["url"]]);
        // A parser that does not report the component for this input takes no part either.
        let unreported = Parsed {
            not_reported: ComponentSet::of(&[Component::Host]),
            ..Parsed::default()
        };
        let outcomes2 = [
            parsed(Some("a"), None, None),
            Outcome::Accepted(Answer::Parsed(Arc::new(unreported))),
            parsed(Some("c"), None, None),
            parsed(Some("a"), None, None),
        ];
        let got = partition(&infos, b"http://a/", Component::Host, 0..4, |i| {
            &outcomes2[i]
        });
        assert_eq!(names(&infos, &got), [vec!["url", "http"]]);
        // A scheme-less input: the http libraries that read it as http take part, with the
        // note.
        let got = partition(&infos, b"%", Component::Host, 0..4, |i| &outcomes[i]);
        let groups = describe(
            &infos,
            Component::Host,
            &got.iter().map(|(m, _)| m.clone()).collect(),
            &got.iter().map(|(_, r)| r.clone()).collect::<Vec<_>>(),
            b"%",
        );
        assert_eq!(groups.len(), 3);
        let noted: Vec<&str> = groups
            .iter()
            .filter(|g| g.note.as_deref() == Some(SCHEME_LESS_NOTE))
            .map(|g| g.parsers[0].as_str())
            .collect();
        assert_eq!(noted, ["http", "python-urllib3"]);
        assert_eq!(
            rank(Component::Host, &groups, None).0,
            ConfusionRank::SchemeLess
        );
    }

    fn group(parsers: &[&str], browsers: bool, reads: Option<&str>) -> ReadingGroup {
        ReadingGroup {
            parsers: parsers.iter().map(|p| (*p).to_owned()).collect(),
            browsers,
            reads: reads.map(str::to_owned),
            note: None,
            reproduce: None,
        }
    }

    #[test]
    fn no_fetch_or_redirect_is_read_where_browsers_fetch_nothing() {
        let browsers = |h: Option<&str>| group(&["ada-url", "url"], true, h);
        for scheme in [Some("telnet"), Some("ftp"), Some("file"), None] {
            let two = rank(
                Component::Host,
                &[
                    browsers(Some("c")),
                    group(&["go-net-url"], false, Some("b")),
                ],
                scheme,
            );
            assert_eq!(two.0, ConfusionRank::Host, "{scheme:?}");
            assert!(!two.1.contains("fetch"), "{}", two.1);
            let none = rank(
                Component::Host,
                &[browsers(Some("c")), group(&["java-uri"], false, None)],
                scheme,
            );
            assert_eq!(none.0, ConfusionRank::Host, "{scheme:?}");
            assert!(!none.1.contains("redirect"), "{}", none.1);
        }
    }

    #[test]
    fn ranks_follow_what_an_attacker_gets() {
        let browsers = |h: Option<&str>| group(&["ada-url", "url"], true, h);
        let two = rank(
            Component::Host,
            &[
                browsers(Some("c")),
                group(&["go-net-url"], false, Some("b")),
            ],
            Some("http"),
        );
        assert_eq!(two.0, ConfusionRank::TwoHosts);
        assert!(two
            .1
            .starts_with("a check with the parser go-net-url and a fetch with the browsers'"));
        assert!(two.1.contains("\"b\" and \"c\""), "{}", two.1);
        let redirect = rank(
            Component::Host,
            &[browsers(Some("evil")), group(&["java-uri"], false, None)],
            Some("http"),
        );
        assert_eq!(redirect.0, ConfusionRank::OpenRedirect);
        assert!(redirect.1.contains("open redirect"));
        let libraries = rank(
            Component::Host,
            &[
                group(&["a"], false, Some("x")),
                group(&["b"], false, Some("y")),
            ],
            Some("http"),
        );
        assert_eq!(libraries.0, ConfusionRank::Host);
        let port = rank(
            Component::Port,
            &[browsers(Some("1")), group(&["b"], false, Some("2"))],
            Some("http"),
        );
        let userinfo = rank(
            Component::Userinfo,
            &[browsers(Some("u")), group(&["b"], false, None)],
            Some("http"),
        );
        let scheme = rank(
            Component::Scheme,
            &[browsers(Some("a")), group(&["b"], false, None)],
            Some("http"),
        );
        let order = [two.0, redirect.0, libraries.0, port.0, userinfo.0, scheme.0];
        let mut sorted = order;
        sorted.sort();
        assert_eq!(order, sorted);
        assert_eq!(
            [port.0, userinfo.0, scheme.0],
            [
                ConfusionRank::Port,
                ConfusionRank::Userinfo,
                ConfusionRank::Scheme
            ]
        );
    }

    #[test]
    fn a_port_of_zero_is_what_a_check_sees_not_where_a_request_goes() {
        let zero = rank(
            Component::Port,
            &[
                group(&["cpp-boost-url", "node-uri-js"], false, Some("8")),
                group(&["node-legacy-url"], false, Some("0")),
            ],
            Some("o"),
        );
        assert_eq!(zero.0, ConfusionRank::Port);
        assert!(
            zero.1.starts_with(
                "the parser node-legacy-url reads port \"0\", which nothing connects to, where \
                 the parsers cpp-boost-url, node-uri-js connect to \"8\""
            ),
            "{}",
            zero.1
        );
        let two = rank(
            Component::Port,
            &[
                group(&["a"], false, Some("8")),
                group(&["b"], false, Some("80")),
            ],
            Some("o"),
        );
        assert!(two.1.contains("connect to two ports"), "{}", two.1);
        let over = rank(
            Component::Port,
            &[
                group(&["c-uriparser", "go-net-url"], false, Some("90677")),
                group(&["c-libwget"], false, None),
            ],
            Some("http"),
        );
        assert!(
            over.1.starts_with(
                "the parsers c-uriparser, go-net-url read port \"90677\", which nothing connects \
                 to, where the parser c-libwget connects to the scheme's default port"
            ),
            "{}",
            over.1
        );
        let negative = rank(
            Component::Port,
            &[
                group(&["python-hyperlink"], false, Some("-1")),
                group(&["c-libwget"], false, None),
            ],
            Some("http"),
        );
        assert!(
            negative.1.contains("which nothing connects to"),
            "{}",
            negative.1
        );
        let default = rank(
            Component::Port,
            &[
                group(&["ada-url", "url"], true, Some("0")),
                group(&["node-url-parse"], false, None),
            ],
            Some("http"),
        );
        assert!(
            default.1.starts_with(
                "the browsers' reading reads port \"0\", which nothing connects to, where \
                 the parser node-url-parse connects to the scheme's default port"
            ),
            "{}",
            default.1
        );
    }

    #[test]
    fn the_browsers_reading_is_every_whatwg_parser_taking_part() {
        let all = [
            info("url", "whatwg-url"),
            info("ada-url", "whatwg-url"),
            info("go-net-url", "go-net-url"),
        ];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        let together = describe(
            &infos,
            Component::Host,
            &vec![vec![0, 1], vec![2]],
            &[Some("c".into()), Some("b".into())],
            b"http://",
        );
        assert!(together[0].browsers);
        assert_eq!(together[0].parsers, ["ada-url", "url"]);
        assert!(!together[1].browsers);
        // WHATWG parsers that read apart are no "browsers' reading".
        let apart = describe(
            &infos,
            Component::Host,
            &vec![vec![0], vec![1, 2]],
            &[Some("c".into()), Some("b".into())],
            b"http://",
        );
        assert!(apart.iter().all(|g| !g.browsers));
        // OkHttp alone (an HTTP client claiming the standard) is no browsers' reading.
        let all = [
            info("java-okhttp", "whatwg-url"),
            info("go-net-url", "go-net-url"),
        ];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        let alone = describe(
            &infos,
            Component::Host,
            &vec![vec![0], vec![1]],
            &[Some("c".into()), Some("b".into())],
            b"http://",
        );
        assert!(alone.iter().all(|g| !g.browsers));
    }

    #[test]
    fn a_scheme_less_reader_must_read_http_and_the_others_split_ranks_first() {
        let all = [
            info("python-urllib3", "python-urllib3"),
            info("url", "whatwg-url"),
            info("go-net-url", "go-net-url"),
        ];
        let infos: Vec<&SubjectInfo> = all.iter().collect();
        // urllib3 reads a scheme of its own: it does not take part as an http reader.
        let own = Outcome::Accepted(Answer::Parsed(Arc::new(Parsed {
            components: Components::default()
                .with(Component::Scheme, Some("h~"))
                .with(Component::Host, Some("u")),
            ..Parsed::default()
        })));
        let outcomes = [
            own,
            parsed(Some("a"), None, None),
            parsed(Some("b"), None, None),
        ];
        let got = partition(&infos, b"h~://u", Component::Host, 0..3, |i| &outcomes[i]);
        assert_eq!(names(&infos, &got), [vec!["url"], vec!["go-net-url"]]);
        // With a scheme-less reader in the partition, the others' two hosts rank the class.
        let mut noted = group(&["python-urllib3"], false, Some("z"));
        noted.note = Some(SCHEME_LESS_NOTE.to_owned());
        let groups = [
            group(&["url"], true, Some("a")),
            group(&["go-net-url"], false, Some("b")),
            noted,
        ];
        assert_eq!(
            rank(Component::Host, &groups, Some("http")).0,
            ConfusionRank::TwoHosts
        );
        let (r, line) = rank(
            Component::Host,
            &[groups[0].clone(), groups[2].clone()],
            Some("http"),
        );
        assert_eq!(r, ConfusionRank::SchemeLess);
        assert!(
            line.starts_with(
                "the parser python-urllib3 (taking the scheme-less input as http) reads host"
            ),
            "{line}"
        );
        assert!(line.contains("where the browsers' reading reads"), "{line}");
        // Two parsers take the plural.
        let mut two = group(&["python-urllib3", "c-libwget"], false, Some("z"));
        two.note = Some(SCHEME_LESS_NOTE.to_owned());
        let others = group(&["url", "go-net-url"], false, Some("a"));
        let (_, line) = rank(Component::Host, &[others, two], Some("http"));
        assert!(
            line.starts_with(
                "the parsers python-urllib3, c-libwget (taking the scheme-less input as http) read \
                 host"
            ),
            "{line}"
        );
        assert!(
            line.contains("where the parsers url, go-net-url read"),
            "{line}"
        );
        // Where the others read no place (none, and `N::`), the scheme-less reading ranks it.
        let mut libwget = group(&["c-libwget"], false, Some("n"));
        libwget.note = Some(SCHEME_LESS_NOTE.to_owned());
        let placeless = [
            group(&["url"], true, None),
            group(&["node-urijs"], false, Some("N::")),
            libwget,
        ];
        let (r, line) = rank(Component::Host, &placeless, Some("http"));
        assert_eq!(r, ConfusionRank::SchemeLess, "{line}");
        assert!(line.starts_with("the parser c-libwget (taking"), "{line}");
    }
}
