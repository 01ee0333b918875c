//! Minimizing the URL-confusion classes' examples while each class's partition holds, every
//! class at once.
//!
//! A class's example shrinks by removals of runs of bytes, halving the run's length when no
//! removal keeps the partition, down to single bytes (a candidate is kept whenever it holds,
//! so the result has no single byte that could go). What holds: the parsers of the class's
//! groups all take part in the candidate, read its component in exactly those groups (the same
//! members, each group alike, the groups apart), and each group's reading is defined or not as
//! it was (two hosts do not become a host and none: the class's rank holds too).
//!
//! Each round takes the next candidates of every class still shrinking and sends each parser
//! **one** batch: the candidates of every class it takes part in. A default report holds about
//! a thousand classes; one batch per parser per round, instead of one per class, is what lets
//! all of them be minimized in seconds (the cost of a worker is its round trip, not its
//! parse). A round asks in three steps, each class's example the same as asking every member
//! about each candidate in turn:
//!
//! 1. one member of each group (an in-process parser where the group has one), and the class's
//!    *suspect*, the member that last refused a candidate those took, about every candidate;
//! 2. every other member about the first candidate still read as the groups;
//! 3. for each class that candidate did not hold for, every other member about the rest.
//!
//! Most candidates fail, and fail in the first step: a class has some thirty members in a
//! handful of groups, and refusals come from the same few members again and again. Every
//! candidate after the one that holds would be asked for nothing, and the first one still open
//! holds as often as not. A 3,000-input report's confusion minimization sent 481,104 requests
//! asking everyone at once against 207,787 in two steps; at 30,000 inputs, two steps sent
//! 314,756, and the three steps with a suspect about 144,000 by a replay of the same rounds.

use std::collections::HashMap;

use rayon::prelude::*;

use super::confusion::Deadline;
use super::reading::{is_defined, partition, Groups};
use crate::engine::Engine;
use crate::model::{Answer, Component, Outcome};
use crate::subjects::{Job, Kind, SubjectInfo};

/// What a class's minimization keeps: component `c` read in exactly these `groups`, each
/// group's reading defined or undefined as in `defined`.
pub(super) struct Target {
    pub c: Component,
    pub groups: Groups,
    pub defined: Vec<bool>,
}

/// A smaller input and its readings, one per group.
type Example = (Vec<u8>, Vec<Option<String>>);

/// How a class's minimization ended.
pub(super) struct Shrunk {
    /// The smaller input and its readings (one per group), if one held.
    pub smaller: Option<Example>,
    /// Whether it ran to its end: no single byte left could go (not cut by the candidate
    /// budget or the deadline).
    pub finished: bool,
}

/// One class on its way down.
struct Shrinking<'t> {
    target: &'t Target,
    members: Vec<usize>,
    current: Vec<u8>,
    /// The length of the runs removed this round.
    run: usize,
    /// Candidates left in the budget.
    left: usize,
    smaller: Option<Example>,
    finished: bool,
    /// The member that last refused a candidate all the others' first members took: asked in
    /// the first step from then on.
    suspect: Option<usize>,
}

impl Shrinking<'_> {
    /// This round's candidates: `current` without each run of `run` bytes (none once done).
    fn candidates(&mut self) -> Vec<Vec<u8>> {
        if self.finished || self.left == 0 || self.current.is_empty() {
            return Vec::new();
        }
        let (current, run) = (&self.current, self.run);
        let batch: Vec<Vec<u8>> = (0..current.len())
            .step_by(run)
            .take(self.left)
            .map(|at| {
                let mut v = current[..at].to_vec();
                v.extend_from_slice(&current[(at + run).min(current.len())..]);
                v
            })
            .collect();
        self.left -= batch.len();
        batch
    }

    /// Moves on with the first candidate that held, if any.
    fn advance(&mut self, held: Option<Example>) {
        match held {
            Some((candidate, reads)) => {
                self.current = candidate.clone();
                self.smaller = Some((candidate, reads));
                self.run = self.run.min(self.current.len().div_ceil(2)).max(1);
                self.finished = self.current.is_empty();
            }
            None if self.run == 1 => self.finished = true,
            None => self.run = self.run.div_ceil(2),
        }
    }
}

/// Minimizes the example of each `(target, input)` (see the module), `candidates` candidates a
/// class at most, until `deadline`; one [`Shrunk`] per class, in order.
pub(super) fn shrink_all(
    engine: &Engine,
    infos: &[&SubjectInfo],
    classes: &[(Target, &[u8])],
    candidates: usize,
    deadline: &Deadline<'_>,
) -> Vec<Shrunk> {
    let mut states: Vec<Shrinking<'_>> = classes
        .iter()
        .map(|(target, input)| Shrinking {
            target,
            members: target.groups.iter().flatten().copied().collect(),
            current: input.to_vec(),
            run: input.len().div_ceil(2).max(1),
            left: candidates,
            smaller: None,
            finished: input.is_empty(),
            suspect: None,
        })
        .collect();
    while !deadline.passed() {
        let batches: Vec<Vec<Vec<u8>>> = states.iter_mut().map(Shrinking::candidates).collect();
        if batches.iter().all(Vec::is_empty) {
            break;
        }
        // Step one: each class's candidates go to one member of each of its groups (an
        // in-process one where the group has one) and to its suspect; only those that still read
        // apart there go on. A class holds only if each of those reads as its group, so a
        // candidate one of them refuses cannot hold: most candidates fail, and a class has some
        // thirty members in a handful of groups. A port is sent to every member at once:
        // whether a port is written at all is a question of every member's reading
        // (`partition`).
        let asked_first: Vec<Vec<usize>> = states
            .iter()
            .map(|state| match state.target.c {
                Component::Port => Vec::new(),
                _ => {
                    let mut who: Vec<usize> = (state.target.groups.iter())
                        .map(|g| first_of(infos, g))
                        .collect();
                    who.extend(state.suspect.filter(|s| !who.contains(s)));
                    who
                }
            })
            .collect();
        let first = ask(
            engine,
            &batches,
            |k| (0..batches[k].len()).collect(),
            &asked_first,
        );
        // The candidates still open: every one of a class whose first members read them as
        // their groups (or that had no first step), in order.
        let open: Vec<Vec<usize>> = batches
            .iter()
            .enumerate()
            .map(|(k, batch)| {
                let (target, among) = (states[k].target, &asked_first[k]);
                let want = seen_by(target, among);
                (0..batch.len())
                    .filter(|&n| {
                        among.is_empty()
                            || reads_as(infos, target.c, &want, &batch[n], among, |i| {
                                first.answer(i, k, n)
                            })
                            .is_some()
                    })
                    .collect()
            })
            .collect();
        let rest: Vec<Vec<usize>> = states
            .iter()
            .enumerate()
            .map(|(k, state)| {
                (state.members.iter().copied())
                    .filter(|m| !asked_first[k].contains(m))
                    .collect()
            })
            .collect();
        // Steps two and three: every other member, about the first open candidate, then (for a
        // class it did not hold for) about the others. The first open candidate holds as often
        // as not, and every candidate after the one that holds would be asked for nothing.
        let mut held: Vec<Option<Example>> = vec![None; batches.len()];
        let mut picked: Vec<Vec<usize>> = open
            .iter()
            .map(|o| o.iter().take(1).copied().collect())
            .collect();
        for step in [2, 3] {
            let asked = ask(engine, &batches, |k| picked[k].clone(), &rest);
            for (k, batch) in batches.iter().enumerate() {
                if picked[k].is_empty() {
                    continue;
                }
                let state = &mut states[k];
                let want = seen_by(state.target, &state.members);
                for (at, &n) in picked[k].iter().enumerate() {
                    let answer = |i: usize| match asked_first[k].contains(&i) {
                        true => first.answer(i, k, n),
                        false => asked.answer(i, k, at),
                    };
                    let (c, members) = (state.target.c, &state.members);
                    if let Some(reads) = reads_as(infos, c, &want, &batch[n], members, answer) {
                        held[k] = Some((batch[n].clone(), reads));
                        break;
                    }
                    // Who refused it is asked first next time: one member refusing refuses the
                    // whole, and refusals come from the same few members again and again.
                    if let Some(m) = refused_by(
                        infos,
                        state.target,
                        &asked_first[k],
                        &rest[k],
                        &batch[n],
                        answer,
                    ) {
                        state.suspect = Some(m);
                    }
                }
            }
            // Step three: the other open candidates of each class the first did not hold for.
            picked = match step {
                2 => (0..batches.len())
                    .map(|k| match held[k] {
                        None => open[k].iter().skip(1).copied().collect(),
                        Some(_) => Vec::new(),
                    })
                    .collect(),
                _ => break,
            };
        }
        for ((state, batch), held) in states.iter_mut().zip(&batches).zip(held) {
            if !batch.is_empty() {
                state.advance(held);
            }
        }
    }
    states
        .into_iter()
        .map(|s| Shrunk {
            smaller: s.smaller,
            finished: s.finished,
        })
        .collect()
}

/// The member of `group` asked first: an in-process parser where the group has one (it costs
/// no round trip), else its first.
fn first_of(infos: &[&SubjectInfo], group: &[usize]) -> usize {
    (group.iter().copied())
        .find(|&i| infos[i].kind == Kind::InProcess)
        .or_else(|| group.first().copied())
        .unwrap_or_default()
}

/// A member of `rest` whose reading alone, beside those of `asked` (the parsers asked first),
/// refuses `candidate`: the first in order, if one does (a candidate may also fail only as a
/// whole, two groups reading alike).
fn refused_by<'o>(
    infos: &[&SubjectInfo],
    target: &Target,
    asked: &[usize],
    rest: &[usize],
    candidate: &[u8],
    answer: impl Fn(usize) -> &'o Outcome<Answer>,
) -> Option<usize> {
    if asked.is_empty() {
        // A port: only every member's reading together says whether it holds.
        return None;
    }
    let mut among = asked.to_vec();
    rest.iter().copied().find(|&m| {
        among.push(m);
        let refuses = reads_as(
            infos,
            target.c,
            &seen_by(target, &among),
            candidate,
            &among,
            &answer,
        )
        .is_none();
        among.pop();
        refuses
    })
}

/// What `target` looks like to the `among` parsers alone: its groups restricted to them (the
/// empty ones dropped), each with its definedness, in the order a partition gives them. The
/// same for every candidate of a class: made once a round.
fn seen_by(target: &Target, among: &[usize]) -> Vec<(Vec<usize>, bool)> {
    let mut want: Vec<(Vec<usize>, bool)> = (target.groups.iter().zip(&target.defined))
        .map(|(g, d)| {
            (
                g.iter().copied().filter(|i| among.contains(i)).collect(),
                *d,
            )
        })
        .filter(|(g, _): &(Vec<usize>, bool)| !g.is_empty())
        .collect();
    want.sort();
    want
}

/// The readings (one per group) when the `among` parsers read `candidate` of component `c` as
/// `want` ([`seen_by`]) says: in exactly those groups, each group's reading defined or not as
/// it was; `None` otherwise.
fn reads_as<'o>(
    infos: &[&SubjectInfo],
    c: Component,
    want: &[(Vec<usize>, bool)],
    candidate: &[u8],
    among: &[usize],
    answer: impl Fn(usize) -> &'o Outcome<Answer>,
) -> Option<Vec<Option<String>>> {
    let got = partition(infos, candidate, c, among.iter().copied(), answer);
    let holds = got.len() == want.len()
        && (got.iter().zip(want)).all(|((s, r), (w, d))| s == w && is_defined(r) == *d);
    holds.then(|| got.into_iter().map(|(_, r)| r).collect())
}

/// The answers of one round: per subject, the candidates of every class it was asked about.
struct Asked {
    answers: Vec<Vec<Outcome<Answer>>>,
    /// Where class `k`'s candidates begin in subject `i`'s answers, by (i, k): looked up for
    /// every answer read, so hashed with foldhash rather than SipHash.
    starts: HashMap<(usize, usize), usize, foldhash::fast::RandomState>,
}

impl Asked {
    /// Subject `i`'s answer on class `k`'s `n`-th candidate of this round.
    fn answer(&self, i: usize, k: usize, n: usize) -> &Outcome<Answer> {
        &self.answers[i][self.starts[&(i, k)] + n]
    }
}

/// Asks each class `k`'s `who[k]` parsers its candidates `which(k)` (indices into
/// `batches[k]`), one batch per parser for every class.
fn ask(
    engine: &Engine,
    batches: &[Vec<Vec<u8>>],
    which: impl Fn(usize) -> Vec<usize>,
    who: &[Vec<usize>],
) -> Asked {
    let subjects = engine.subjects();
    let mut jobs: Vec<Vec<Job<'_>>> = vec![Vec::new(); subjects.len()];
    let mut starts = HashMap::default();
    for (k, batch) in batches.iter().enumerate().filter(|(_, b)| !b.is_empty()) {
        let picked = which(k);
        for &m in &who[k] {
            starts.insert((m, k), jobs[m].len());
            jobs[m].extend(picked.iter().map(|&n| Job::parse(&batch[n])));
        }
    }
    let answers = jobs
        .par_iter()
        .enumerate()
        .map(|(s, jobs)| match jobs.is_empty() {
            true => Vec::new(),
            false => crate::subjects::run_batch(subjects[s].as_ref(), jobs),
        })
        .collect();
    Asked { answers, starts }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state<'t>(target: &'t Target, input: &[u8]) -> Shrinking<'t> {
        Shrinking {
            target,
            members: Vec::new(),
            current: input.to_vec(),
            run: input.len().div_ceil(2).max(1),
            left: 100,
            smaller: None,
            finished: false,
            suspect: None,
        }
    }

    /// The target component `c` of `input` makes among the engine's parsers, and the groups'
    /// readings, if they read it in two groups or more.
    fn target_of(
        engine: &Engine,
        input: &[u8],
        c: Component,
    ) -> Option<(Target, Vec<Option<String>>)> {
        let infos = engine.infos();
        let row = engine.run_one(&crate::engine::Task::parse(input.to_vec(), "t"));
        let got = partition(&infos, input, c, 0..infos.len(), |i| &row.outcomes[i]);
        let (groups, reads): (Groups, Vec<Option<String>>) = got.into_iter().unzip();
        let defined = reads.iter().map(is_defined).collect();
        (groups.len() >= 2).then_some((Target { c, groups, defined }, reads))
    }

    #[test]
    fn runs_halve_until_single_bytes_and_a_kept_candidate_is_the_new_start() {
        let target = Target {
            c: Component::Host,
            groups: Vec::new(),
            defined: Vec::new(),
        };
        let mut s = state(&target, b"abcd");
        assert_eq!(s.candidates(), [b"cd".to_vec(), b"ab".to_vec()]);
        s.advance(None);
        assert_eq!(
            s.candidates(),
            [
                b"bcd".to_vec(),
                b"acd".to_vec(),
                b"abd".to_vec(),
                b"abc".to_vec()
            ]
        );
        s.advance(Some((b"acd".to_vec(), Vec::new())));
        assert_eq!(s.current, b"acd");
        assert_eq!(s.candidates().len(), 3);
        // Nothing held with runs of one byte: done, and no candidate after.
        s.advance(None);
        assert!(s.finished);
        assert!(s.candidates().is_empty());
        assert_eq!(s.smaller.map(|(i, _)| i), Some(b"acd".to_vec()));
    }

    #[test]
    fn a_candidate_refused_by_a_group_s_first_member_is_refused_by_the_whole() {
        // `http:a`: browsers read a host `a`, RFC 3986 parsers none, the http crate reads the
        // authority `http`; the class's target is that partition.
        let engine = Engine::new(crate::subjects::in_process());
        let infos = engine.infos();
        let row = |input: &[u8]| engine.run_one(&crate::engine::Task::parse(input.to_vec(), "t"));
        let (target, reads) =
            target_of(&engine, b"http:a", Component::Host).expect("two host readings");
        let groups = &target.groups;
        let members: Vec<usize> = groups.iter().flatten().copied().collect();
        let firsts: Vec<usize> = groups.iter().map(|g| first_of(&infos, g)).collect();
        assert!(firsts.iter().all(|&i| infos[i].kind == Kind::InProcess));
        // For every candidate: where the whole holds, the first members hold; where they do
        // not, the whole does not.
        let mut refused = 0;
        for candidate in [
            &b"http:a"[..],
            b"http:",
            b"http:b",
            b"ttp:a",
            b"http:aa",
            b"h:a",
            b":a",
        ] {
            let on = row(candidate);
            let on = |i: usize| &on.outcomes[i];
            let by = |among: &[usize]| {
                let want = seen_by(&target, among);
                reads_as(&infos, Component::Host, &want, candidate, among, on)
            };
            let (whole, first) = (by(&members), by(&firsts));
            assert!(whole.is_none() || first.is_some(), "{candidate:?}");
            refused += usize::from(first.is_none());
            if candidate == b"http:a" {
                assert_eq!(whole, Some(reads.clone()));
            }
        }
        assert!(
            refused > 0,
            "some candidate is refused by the first members alone"
        );
    }

    #[test]
    fn the_examples_are_those_of_asking_every_member_about_each_candidate_in_turn() {
        // The reference: each round's candidates one at a time, every member asked, the first
        // that holds taken; no first members, suspects or steps. A member of url's group refuses
        // what has no `/` left, which url takes: the suspect of the classes it is in.
        let engine = with_needs_slash();
        let infos = engine.infos();
        let one_by_one = |target: &Target, input: &[u8], budget: usize| {
            let mut s = state(target, input);
            s.members = target.groups.iter().flatten().copied().collect();
            s.left = budget;
            loop {
                let batch = s.candidates();
                if batch.is_empty() {
                    break;
                }
                let want = seen_by(target, &s.members);
                let held = batch.into_iter().find_map(|candidate| {
                    let row = engine.run_one(&crate::engine::Task::parse(candidate.clone(), "t"));
                    let on = |i: usize| &row.outcomes[i];
                    let reads = reads_as(&infos, target.c, &want, &candidate, &s.members, on)?;
                    Some((candidate, reads))
                });
                s.advance(held);
            }
            (s.smaller, s.finished)
        };
        // The last: the first candidate its first members take (`http:ab`) is refused by the
        // member needing a `/`; the two after it hold.
        let inputs: [&[u8]; 7] = [
            b"http:abc.example/x",
            b"http:%40@w.example/p?q#f",
            b"HTTP:/a.example/b?c",
            b"file://[::1.2.1.1]/C:/x",
            b"http://6:90677/path",
            b"http:[::]/y#z",
            b"http:/ab",
        ];
        let mut classes = Vec::new();
        for input in inputs {
            for c in [Component::Host, Component::Userinfo, Component::Port] {
                if let Some((target, _)) = target_of(&engine, input, c) {
                    classes.push((target, input));
                }
            }
        }
        assert!(classes.len() >= 4, "{} classes", classes.len());
        // A deadline whose start is not set yet does not stop the search either.
        let set = std::sync::OnceLock::from(std::time::Instant::now());
        let unset = std::sync::OnceLock::new();
        for (budget, start) in [(7, &set), (1_000, &set), (7, &unset)] {
            let deadline = Deadline {
                time: std::time::Duration::from_secs(3_600),
                start,
            };
            let shrunk = shrink_all(&engine, &infos, &classes, budget, &deadline);
            let mut smaller = 0;
            for ((target, input), got) in classes.iter().zip(shrunk) {
                let (want, finished) = one_by_one(target, input, budget);
                assert_eq!(
                    got.smaller,
                    want,
                    "{:?} of {:?}",
                    target.c,
                    input.escape_ascii().to_string()
                );
                assert_eq!(got.finished, finished);
                smaller += usize::from(want.is_some());
            }
            assert!(smaller >= 2, "some examples shrink ({smaller})");
        }
    }

    /// The `url` crate's subject, but refusing every input without a `/`: a member of url's
    /// group that refuses alone what the group's first member takes.
    struct NeedsSlash(SubjectInfo, std::sync::Arc<dyn crate::subjects::Subject>);

    impl crate::subjects::Subject for NeedsSlash {
        fn info(&self) -> &SubjectInfo {
            &self.0
        }
        fn parse(
            &self,
            input: &[u8],
            ctx: &crate::subjects::Ctx<'_>,
        ) -> Outcome<crate::model::Parsed> {
            match input.contains(&b'/') {
                true => self.1.parse(input, ctx),
                false => Outcome::rejected("no slash"),
            }
        }
    }

    /// The in-process subjects and [`NeedsSlash`], last.
    fn with_needs_slash() -> Engine {
        let mut subjects = crate::subjects::in_process();
        let url = (subjects.iter().find(|s| s.info().name == "url"))
            .expect("the url crate's subject")
            .clone();
        let mut info = url.info().clone();
        info.name = "url-needing-a-slash".into();
        subjects.push(std::sync::Arc::new(NeedsSlash(info, url)));
        Engine::new(subjects)
    }

    #[test]
    fn a_member_that_refuses_a_candidate_alone_is_named() {
        let engine = with_needs_slash();
        let infos = engine.infos();
        let refuser = infos.len() - 1;
        let input = b"http:%40@w.example/p?q#f";
        let (target, _) = target_of(&engine, input, Component::Host).expect("two host readings");
        let members: Vec<usize> = target.groups.iter().flatten().copied().collect();
        let firsts: Vec<usize> = target.groups.iter().map(|g| first_of(&infos, g)).collect();
        let rest: Vec<usize> = (members.iter().copied())
            .filter(|m| !firsts.contains(m))
            .collect();
        assert!(rest.contains(&refuser) && !firsts.contains(&refuser));
        let named = |candidate: &[u8]| {
            let row = engine.run_one(&crate::engine::Task::parse(candidate.to_vec(), "t"));
            let on = |i: usize| &row.outcomes[i];
            let by = |among: &[usize]| {
                let want = seen_by(&target, among);
                reads_as(&infos, target.c, &want, candidate, among, on).is_some()
            };
            let m = refused_by(&infos, &target, &firsts, &rest, candidate, on);
            (by(&members), by(&firsts), m)
        };
        // The first members take both; the whole only the one with a `/` left, as the
        // refusing member refuses the other alone.
        assert_eq!(named(b"http:%40@w.example/p"), (true, true, None));
        assert_eq!(named(b"http:%40@w.example"), (false, true, Some(refuser)));
        // Where a first member refuses too, one of the others is named (each refuses beside
        // it), and the whole refuses.
        let (whole, first, m) = named(b"http://w.example/q");
        assert!(!whole && !first && m.is_some());
        // A port has no first members: no one member is named.
        let on = engine.run_one(&crate::engine::Task::parse(input.to_vec(), "t"));
        let none = refused_by(&infos, &target, &[], &members, input, |i| &on.outcomes[i]);
        assert_eq!(none, None);
    }

    #[test]
    fn the_candidate_budget_ends_a_class_unfinished() {
        let target = Target {
            c: Component::Host,
            groups: Vec::new(),
            defined: Vec::new(),
        };
        let mut s = state(&target, b"abcdef");
        s.left = 2;
        assert_eq!(s.candidates().len(), 2);
        s.advance(None);
        assert!(s.candidates().is_empty());
        assert!(!s.finished);
    }
}
