//! Jobs for every operation, not only parsing: generated resolution pairs ([RFC 3986 section
//! 5], resolution), normalization inputs and equivalence pairs ([RFC 3986 section 6.2],
//! normalization and comparison: 6.2.2 syntax-based, 6.2.3 scheme-based), the suites' cases of
//! every operation, and the report's mix of all of them ([`operations`]).
//!
//! Like the parse corpus ([`corpus`]), every job depends only on the seed and its index: job `i`
//! of an operation draws its choices from [`seeded`] bytes on a stream of its own (apart from the
//! corpus's and the other operations'), so a shorter list is a prefix of a longer one.
//!
//! - [`resolution`]: (base, reference) pairs; bases with and without authority, with empty,
//!   trailing-slash and dot-segment paths, queries, fragments, opaque bases and special schemes;
//!   references of every form of section 4.2 composed from segments, dot segments, parameters,
//!   dotted names, queries and fragments (so the shapes of the examples of 5.4 occur), and twisted
//!   ones (backslashes, encoded dots, odd authorities).
//! - [`normalization`]: URIs changed in the ways 6.2.2 and 6.2.3 normalize away.
//! - [`equivalence`]: pairs that differ in one such way (equivalent) or in a way that changes the
//!   meaning (not equivalent).
//!
//! [RFC 3986 section 5]: https://datatracker.ietf.org/doc/html/rfc3986#section-5
//! [RFC 3986 section 6.2]: https://datatracker.ietf.org/doc/html/rfc3986#section-6.2

mod compare;
mod resolution;

use arbitrary::Unstructured;
use uri_spec::Edition;

use self::compare::Change;
use super::{below, chance, corpus, int, realistic, seeded};
use crate::engine::Task;
use crate::model::Op;
use crate::subjects::Job;
use crate::suite::Suite;

/// The first seeded stream of each generator: far above any corpus index (the corpus uses
/// streams `0..count`), so no two generators share bytes for a seed.
const RESOLUTION_STREAM: u64 = 1 << 40;
const NORMALIZATION_STREAM: u64 = 2 << 40;
const EQUIVALENCE_STREAM: u64 = 3 << 40;

/// The seeded bytes of job `index` of the generator starting at `stream`.
fn bytes(seed: u64, stream: u64, index: usize) -> Vec<u8> {
    seeded(seed, stream + index as u64)
}

/// `count` generated resolution tasks (`op: resolve`, under RFC 3986): the reference is the
/// input, the base is `second`. Origins read `resolve/<reference form>/<base kind>`: the form is
/// `relative-path`, `absolute-path`, `network-path`, `scheme`, `empty-path` or `tricky-<twist>`
/// (`backslash`, `encoded-dots`, `authority`, `double-slash`, `scheme-case`, `colon`); the base
/// is `special` (http, https, file), `authority`, `no-authority` or `opaque`.
///
/// # Examples
///
/// ```
/// use uridiff::model::Op;
///
/// let pairs = uridiff::generate::resolution(7, 300);
/// assert_eq!(pairs, uridiff::generate::resolution(7, 300));
/// assert!(pairs.iter().all(|t| t.op == Op::Resolve && t.second.is_some()));
/// assert!(pairs.iter().any(|t| t.origin.starts_with("resolve/relative-path/")));
/// assert!(pairs.iter().any(|t| t.second.as_deref().is_some_and(|b| b.starts_with(b"mailto:"))));
/// ```
pub fn resolution(seed: u64, count: usize) -> Vec<Task> {
    (0..count)
        .map(|i| {
            let bytes = bytes(seed, RESOLUTION_STREAM, i);
            let (base, reference, origin) = resolution::pair(&mut Unstructured::new(&bytes), i);
            Task {
                op: Op::Resolve,
                input: reference,
                second: Some(base),
                edition: Edition::Rfc3986,
                origin,
            }
        })
        .collect()
}

/// `count` generated normalization tasks (`op: normalize`, under RFC 3986): a realistic URI
/// (now and then reduced to a relative reference) changed by one to three distinct changes that
/// 6.2.2 and 6.2.3 undo, none undoing another: scheme or host case, percent-encoded unreserved characters, the case of
/// percent-encodings, an encoded reserved character (which stays encoded), dot segments, a
/// default or empty port, an empty path. Origins read `normalize/<change>+<change>...`.
///
/// # Examples
///
/// ```
/// let inputs = uridiff::generate::normalization(3, 200);
/// assert_eq!(inputs, uridiff::generate::normalization(3, 200));
/// assert!(inputs.iter().any(|t| t.origin.contains("default-port")));
/// assert!(inputs.iter().all(|t| t.second.is_none()));
/// ```
pub fn normalization(seed: u64, count: usize) -> Vec<Task> {
    (0..count)
        .map(|i| {
            let bytes = bytes(seed, NORMALIZATION_STREAM, i);
            let u = &mut Unstructured::new(&bytes);
            let mut p = compare::subject(u);
            let made = normalize_changes(u, &mut p);
            if chance(u, 1, 10) {
                p = compare::relative(&p);
            }
            Task {
                op: Op::Normalize,
                input: p.to_bytes(),
                second: None,
                edition: Edition::Rfc3986,
                origin: format!("normalize/{}", made.join("+")),
            }
        })
        .collect()
}

/// Applies one to three distinct changes of [`Change::NORMALIZE`] to `p`, in that list's order,
/// none of which undoes another: an empty path goes with no other change to the path (it would
/// wipe them, or they would fill it). A change with nothing to act on is left out; when none
/// applied, a percent-encoding's hex case changes (that always applies). Returns their names.
fn normalize_changes(u: &mut Unstructured<'_>, p: &mut realistic::Parts) -> Vec<&'static str> {
    let mut chosen = [false; Change::NORMALIZE.len()];
    for _ in 0..int(u, 1, 3) {
        if let Some(c) = chosen.get_mut(below(u, Change::NORMALIZE.len())) {
            *c = true;
        }
    }
    let empty_path = Change::NORMALIZE
        .iter()
        .zip(&chosen)
        .any(|(c, on)| *on && *c == Change::EmptyPath);
    let mut made = Vec::new();
    for (change, on) in Change::NORMALIZE.iter().zip(chosen) {
        if !on || (empty_path && change.touches_path()) {
            continue;
        }
        let mut other = p.clone();
        if compare::apply(u, *change, &mut other, p) {
            made.push(change.name());
        }
    }
    if made.is_empty() {
        let mut other = p.clone();
        compare::apply(u, Change::HexCase, &mut other, p);
        made.push(Change::HexCase.name());
    }
    made
}

/// `count` generated equivalence tasks (`op: equivalent`, under RFC 3986): a realistic URI and a
/// copy changed in one way, either one 6.2.2 or 6.2.3 normalizes away or one that changes the
/// meaning (a path letter's case, an encoded reserved character, another port, an empty query or
/// a fragment added, a default port or an empty path under a scheme without them, ...), a
/// quarter of them with a second, meaning-keeping change (case, encoded unreserved characters).
/// Now and then both are reduced to relative references; the order of the two is random.
/// Origins read `equivalent/<change>[+<change>]`.
///
/// # Examples
///
/// ```
/// let pairs = uridiff::generate::equivalence(3, 200);
/// assert_eq!(pairs, uridiff::generate::equivalence(3, 200));
/// assert!(pairs.iter().any(|t| t.origin == "equivalent/empty-query"));
/// assert!(pairs.iter().all(|t| t.second.is_some()));
/// ```
pub fn equivalence(seed: u64, count: usize) -> Vec<Task> {
    (0..count)
        .map(|i| {
            let bytes = bytes(seed, EQUIVALENCE_STREAM, i);
            let u = &mut Unstructured::new(&bytes);
            let mut a = compare::subject(u);
            let mut b = a.clone();
            let change = Change::ALL[below(u, Change::ALL.len())];
            let made = compare::apply_or(u, change, &[], &mut a, &mut b);
            let mut origin = format!("equivalent/{}", made.name());
            if chance(u, 1, 4) {
                // Changes that only touch the second operand's scheme, host or text, so they
                // never undo the first.
                let extra = [
                    Change::SchemeCase,
                    Change::HostCase,
                    Change::EncodeUnreserved,
                ][below(u, 3)];
                // The same change twice could undo itself (a case flipped back).
                if extra != made && compare::apply(u, extra, &mut a, &mut b) {
                    origin = format!("{origin}+{}", extra.name());
                }
            }
            let path_only = matches!(
                made,
                Change::HexCase
                    | Change::EncodeReserved
                    | Change::DotSegments
                    | Change::PathCase
                    | Change::EmptyQuery
                    | Change::Fragment
                    | Change::TrailingSlash
            );
            if path_only && !origin.contains('+') && chance(u, 1, 8) {
                a = compare::relative(&a);
                b = compare::relative(&b);
            }
            let (first, second) = if chance(u, 1, 2) { (b, a) } else { (a, b) };
            Task {
                op: Op::Equivalent,
                input: first.to_bytes(),
                second: Some(second.to_bytes()),
                edition: Edition::Rfc3986,
                origin,
            }
        })
        .collect()
}

/// Every suite case the engine can run as a [`Task`]: the non-skipped cases of op `resolve`,
/// `normalize` and `equivalent`, and of op `parse` without a `rule:`, each under its edition,
/// with its stable id ([`crate::suite::Case::stable_id`]) as origin. The task is the case's
/// own job ([`crate::suite::Case::job`]), so the report and the suite runner run the same thing.
///
/// Left out, because a `Task` cannot say them: a parse as a named grammar rule, and the
/// non-strict reading of 5.2.2 (`strict: false`); and `extract` and `regex` cases, which no
/// second subject answers. The suite runner still judges all of them against their expectation.
///
/// # Examples
///
/// ```
/// use uridiff::model::Op;
///
/// let s = uridiff::suite::parse_str("t.yaml", r#"
/// suite: t
/// cases:
///   - {op: resolve, base: "http://a/b/c/d;p?q", input: "../g", expect: "http://a/b/g"}
///   - {op: resolve, base: "http://a/b/c/d;p?q", input: "http:g", strict: false, expect: "http://a/b/c/g"}
///   - {op: equivalent, input: "http://a/", other: "HTTP://A:80", expect: true}
///   - {op: parse, input: "a", rule: absolute-URI, expect: invalid}
/// "#).unwrap();
/// let tasks = uridiff::generate::from_suites(std::slice::from_ref(&s));
/// assert_eq!(tasks.len(), 2);
/// assert_eq!((tasks[0].op, tasks[0].second.as_deref()), (Op::Resolve, Some(&b"http://a/b/c/d;p?q"[..])));
/// assert_eq!(tasks[1].op, Op::Equivalent);
/// assert_eq!(tasks[0].origin, s.file.cases[0].stable_id(uri_spec::Edition::Rfc3986));
/// ```
pub fn from_suites(suites: &[Suite]) -> Vec<Task> {
    // Each job once: an input every edition's suite writes is one job, which each subject's
    // reference answers under the subject's own standard (the cases' own expectations are the
    // conformance matrix's).
    let mut seen = std::collections::HashSet::new();
    let mut tasks = Vec::new();
    for suite in suites {
        for (_, case, id, edition) in crate::suite::cases(suite, None) {
            if case.skip.is_some() {
                continue;
            }
            if let Some(task) = case.job(edition).and_then(|job| task_of(&job, &id))
                && seen.insert((task.op, task.input.clone(), task.second.clone()))
            {
                tasks.push(task);
            }
        }
    }
    tasks
}

/// The owned task of a job, when a task can say all of it (no rule, strict) and the operation
/// is one subjects are compared on.
fn task_of(job: &Job<'_>, origin: &str) -> Option<Task> {
    if job.ctx.rule.is_some() || job.ctx.non_strict || job.op == Op::Extract {
        return None;
    }
    Some(Task {
        op: job.op,
        input: job.input.to_vec(),
        second: job.second.map(<[u8]>::to_vec),
        edition: job.ctx.edition,
        origin: origin.to_owned(),
    })
}

/// The report's generated jobs for `count`: the `count` parse inputs of [`corpus`] (origin as
/// its [`super::Origin`] writes it), then `count / 3` [`resolution`] pairs, `count / 10`
/// [`normalization`] inputs and `count / 10` [`equivalence`] pairs, in that order: for every
/// thirty parse jobs, ten resolutions, three normalizations and three comparisons (parsing stays
/// the bulk, as every operation starts with it; resolution has the most branches of the three).
///
/// # Examples
///
/// ```
/// use uridiff::model::Op;
///
/// let jobs = uridiff::generate::operations(1, 300);
/// let n = |op| jobs.iter().filter(|t| t.op == op).count();
/// assert_eq!((n(Op::Parse), n(Op::Resolve), n(Op::Normalize), n(Op::Equivalent)), (300, 100, 30, 30));
/// ```
pub fn operations(seed: u64, count: usize) -> Vec<Task> {
    let mut tasks: Vec<Task> = corpus(seed, count)
        .into_iter()
        .map(|(input, origin)| Task::parse(input, &origin.to_string()))
        .collect();
    tasks.extend(resolution(seed, count / 3));
    tasks.extend(normalization(seed, count / 10));
    tasks.extend(equivalence(seed, count / 10));
    tasks
}

#[cfg(test)]
mod tests;
