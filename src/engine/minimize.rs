//! Delta minimization (chunks of halving size, each size one sweep of removals, as Zeller's
//! ddmin splits; then runs of letters and digits with their delimiter; then bracketed groups;
//! then single-byte removals to a fixed point): the smallest job found on which
//! the same subject still shows the same class of difference from its reference. Only that
//! subject and its reference are re-run, through the same contract.
//!
//! A parse or normalization shrinks its input; a resolution its reference (its base kept, so the
//! example does not drift to another behaviour of opaque or empty bases); an equivalence test
//! both operands together, over an alignment of the two (a byte they share is
//! removed from both at once, so `x*y` against `x%2Ay` comes down to `*` against `%2A`).
//!
//! The result is 1-minimal (no single byte can be removed keeping the class) whenever the budget
//! allows; [`budget_for`] grows the budget with the input's length, and a candidate costs more
//! the longer it is ([`cost`]), so a megabyte input stops after a bounded amount of parsing.
//!
//! The candidates of a round (the chunk removals or single removals ahead of the cursor) go
//! to an external worker in batches ([`Engine::findings_of_subject_batch`]), pipelined, and the
//! first that keeps the class is taken, exactly as trying them one by one would: the budget is
//! charged for the candidates up to that one, so the example does not depend on the batching.
//! A batch holds two candidates (`ROUND`: the candidates after the one kept are runs spent
//! for nothing, each batch a round trip). An in-process subject is not worth the speculation:
//! its candidates go one at a time. The minimizations of one worker's classes run many at once
//! on one thread (`minimize_many`, the `drive` room), and their rounds go to the worker
//! together: one round trip for the rounds of all of them.

mod canonical;
mod drive;
mod memo;

pub(in crate::engine) use memo::BySubject;
pub use memo::Memo;

use drive::{at_once, drive, Run};
use memo::{Asker, Rounds};

use super::{Class, Engine, Signature, Task};
use crate::model::Op;

/// The runs a minimization of an input of `len` bytes may take, in units of [`cost`]: at least
/// `base`, and enough for the sweeps and a few single-byte passes over a long input (capped, so a
/// megabyte stops in time: with each candidate costing a unit per started 4 KiB, at most about
/// 80 MiB of candidates are parsed).
///
/// ```
/// use uridiff::engine::minimize::budget_for;
/// assert_eq!(budget_for(200, 10), 200);
/// assert!(budget_for(200, 1_000) > 200);
/// assert!(budget_for(200, 1 << 20) <= 20_000);
/// ```
pub fn budget_for(base: usize, len: usize) -> usize {
    base.max(len.saturating_mul(4)).min(20_000.max(base))
}

/// The bytes of a candidate one unit of budget pays for.
const UNIT: usize = 4096;

/// What trying a candidate of `len` items costs of the budget: one unit per started 4 KiB, so
/// the budget bounds the bytes parsed, not only the runs (a short input's candidates cost one
/// each).
///
/// ```
/// use uridiff::engine::minimize::cost;
/// assert_eq!(cost(0), 1);
/// assert_eq!(cost(4096), 1);
/// assert_eq!(cost(4097), 2);
/// assert_eq!(cost(1 << 20), 256);
/// ```
pub fn cost(len: usize) -> usize {
    len.div_ceil(UNIT).max(1)
}

/// The candidates a round hands an external worker at once, and their bytes at most. Two: the
/// first that keeps is taken whatever the round's size, so the size only trades round trips
/// against candidates run past the one kept, and a worker's minimizations driven together
/// (`minimize_many`) share each round trip. Over a 10,000-input report's minimizations through
/// all 38 parsers, the examples the same whatever the size: six asked the workers 249,360
/// candidates in 11,013 round trips, three 222,689 in 13,120, two 211,118 in 15,455, one 195,553
/// in 23,501; two against six, alternated twice, classified in 7.2 and 8.0 s against 8.2 and 8.2.
const ROUND: usize = 2;
const BATCH_BYTES: usize = 8 << 20;

/// Shrinks `task`'s input while the subject of `signature` still shows its class (same
/// operation, same verdict, and for a validity difference the same `reason`) against its reference, within [`budget_for`]`(budget, len)` runs.
/// `None` when the class does not reproduce on the task itself (a subject that answers
/// differently from one run to the next).
///
/// # Examples
///
/// ```
/// use uridiff::engine::{minimize::minimize, Class, Engine, Signature, Task};
/// use uridiff::model::Op;
/// let engine = Engine::new(uridiff::subjects::in_process());
/// let task = Task::parse(b"http://a/b".to_vec(), "test");
/// // impl and both oracles agree on this input: no class to keep.
/// assert!(engine.findings(&engine.run_one(&task)).is_empty());
/// let sig = Signature { subject: "oracle-grammar".into(), class: Class::TooLax, op: Op::Parse,
///                       form: String::new(), by_design: false };
/// assert!(minimize(&engine, &Default::default(), &task, &sig, None, 100).is_none());
/// ```
pub fn minimize(
    engine: &Engine,
    memo: &Memo,
    task: &Task,
    signature: &Signature,
    reason: Option<&str>,
    budget: usize,
) -> Option<Task> {
    at_once(minimize_via(
        engine,
        memo,
        task,
        signature,
        reason,
        budget,
        Asker::Here,
    ))
}

/// How many minimizations of a worker's classes [`minimize_many`] runs at once: their rounds
/// make one batch, each round at most [`ROUND`] candidates and [`BATCH_BYTES`] bytes. Eight, as
/// many as ran on threads of their own before: over 30,000-input reports, 32 minimized the
/// classes no faster past the machine's noise, and a longer batch holds the worker longer
/// from the URL-confusion classes' rounds, minimized at the same time.
const MINIMIZATIONS_AT_ONCE: usize = 8;

/// Each of `work` (a task, the signature it shows and the judge's reason), minimized as
/// [`minimize`] does, all on this thread: subject `i` is a worker, and the rounds of every
/// minimization going on go to it as one batch (at most [`MINIMIZATIONS_AT_ONCE`] at a time).
/// The results are [`minimize`]'s, in `work`'s order.
pub(super) fn minimize_many(
    engine: &Engine,
    memo: &Memo,
    i: usize,
    work: &[(&Task, &Signature, Option<&str>)],
    budget: usize,
) -> Vec<Option<Task>> {
    let rounds = Rounds::default();
    let asker = Asker::Driven(&rounds);
    let runs = work.iter().map(|&(task, signature, reason)| {
        Box::pin(minimize_via(
            engine, memo, task, signature, reason, budget, asker,
        )) as Run<'_, Option<Task>>
    });
    drive(&rounds, runs, MINIMIZATIONS_AT_ONCE, |asks| {
        memo.judge_gathered(engine, i, asks)
    })
}

/// [`minimize`], its rounds asked through `asker`.
async fn minimize_via(
    engine: &Engine,
    memo: &Memo,
    task: &Task,
    signature: &Signature,
    reason: Option<&str>,
    budget: usize,
    asker: Asker<'_>,
) -> Option<Task> {
    let i = engine.position(&signature.subject)?;
    let want = (
        signature.class,
        signature.op,
        signature.by_design,
        reason.map(str::to_owned),
    );
    // Only a round-trip class needs the subject's serializations parsed again.
    let round_trip = signature.class == Class::RoundTrip;
    let keeps = async |candidate: &Task| {
        (memo.kept_via(engine, i, candidate, round_trip, asker).await).contains(&want)
    };
    if !keeps(task).await {
        return None;
    }
    let kept = async |candidates: Vec<Task>| -> Vec<bool> {
        (memo
            .kept_batch_via(engine, i, candidates, round_trip, asker)
            .await)
            .iter()
            .map(|k| k.contains(&want))
            .collect()
    };
    // Speculation pays where a round trip is the cost: an external worker's.
    let window = if engine.subjects()[i].pipelined() {
        ROUND
    } else {
        1
    };
    let len = task.input.len() + task.second.as_ref().map_or(0, Vec::len);
    let mut left = budget_for(budget, len);
    let alnum = |b: &u8| b.is_ascii_alphanumeric();
    let square = |b: &u8| match b {
        b'[' => Some(true),
        b']' => Some(false),
        _ => None,
    };
    match (task.op, &task.second) {
        // An equivalence test: both operands shrink together, over their alignment (a byte
        // both share goes from both at once), so `x*y` against `x%2Ay` becomes `*` against `%2A`.
        (Op::Equivalent, Some(second)) => {
            let columns = align(&task.input, second);
            let build = |cs: &[Column]| {
                let (a, b) = unalign(cs);
                Task {
                    input: a,
                    second: Some(b),
                    ..task.clone()
                }
            };
            let shrunk = shrink(
                columns,
                |c: &Column| matches!(c, (Some(x), Some(y)) if x == y && x.is_ascii_alphanumeric()),
                |c: &Column| match c {
                    (Some(b'['), Some(b'[')) => Some(true),
                    (Some(b']'), Some(b']')) => Some(false),
                    _ => None,
                },
                async |batch: &[Vec<Column>]| {
                    kept(batch.iter().map(|cs| build(cs)).collect()).await
                },
                window,
                &mut left,
            )
            .await;
            Some(build(&shrunk))
        }
        // A parse, a normalization, or a resolution's reference. A resolution's base is kept
        // as it came: shrunk, it drifts to another behaviour (an opaque `p:f` where the input
        // had `http://a/b/c/d;p?q`) that still shows the class, and the example would tell
        // another story than the inputs counted in it.
        _ => {
            let input = shrink(
                task.input.clone(),
                alnum,
                square,
                async |batch: &[Vec<u8>]| {
                    kept(batch.iter().map(|b| task.with_input(b.clone())).collect()).await
                },
                window,
                &mut left,
            )
            .await;
            // Then the scaffolding to its canonical letter, where the subject still shows the
            // class with the same values of the component in question (a validity class: the
            // same reason, which `keeps` holds to). A resolution, a normalization or a round trip
            // compares whole strings that any rewrite changes: their examples stay as shrunk.
            let component = match signature.class {
                Class::Component(c) | Class::UndefinedVsEmpty(c) => Some(c),
                Class::TooStrict | Class::TooLax => None,
                _ => return Some(task.with_input(input)),
            };
            // The values may change only as the rewrite predicts: a host `1` that the subject
            // and its reference read as `1` and `` reads as `a` and ``, not as another host.
            let values = |t: &Task| component.map(|c| engine.values_of(i, t, c));
            let mut now = values(&task.with_input(input.clone()));
            let input = canonical::canonical(input, CANONICAL_TRIES.min(left), async |c, token| {
                let candidate = task.with_input(c.to_vec());
                if !keeps(&candidate).await {
                    return false;
                }
                let after = values(&candidate);
                let predicted = now.as_ref().map(|sides| {
                    sides.each_ref().map(|side| {
                        side.as_ref()
                            .and_then(|v| canonical::rewritten(v.as_deref(), token))
                    })
                });
                let fits = match (&after, &predicted) {
                    (None, None) => true,
                    (Some(a), Some(p)) => a.iter().zip(p).all(|(a, p)| p.is_some() && a == p),
                    _ => false,
                };
                if fits {
                    now = after;
                }
                fits
            })
            .await;
            Some(task.with_input(input))
        }
    }
}

/// The rewrites a canonical example tries at most ([`canonical`]): a 1-minimal example has few
/// tokens to rewrite.
const CANONICAL_TRIES: usize = 16;

/// One column of two aligned byte strings: a byte of both, or of one only.
type Column = (Option<u8>, Option<u8>);

/// The alignment of `a` and `b` along a longest common subsequence (quadratic, so only for
/// operands of up to 2,000 bytes together; longer ones are aligned by common prefix and suffix).
fn align(a: &[u8], b: &[u8]) -> Vec<Column> {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (ma, mb) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let mut out: Vec<Column> = a[..prefix].iter().map(|&x| (Some(x), Some(x))).collect();
    if ma.len() + mb.len() <= 2_000 {
        // lcs[i][j]: the longest common subsequence of ma[i..] and mb[j..].
        let w = mb.len() + 1;
        let mut lcs = vec![0u16; (ma.len() + 1) * w];
        for i in (0..ma.len()).rev() {
            for j in (0..mb.len()).rev() {
                lcs[i * w + j] = if ma[i] == mb[j] {
                    lcs[(i + 1) * w + j + 1] + 1
                } else {
                    lcs[(i + 1) * w + j].max(lcs[i * w + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < ma.len() || j < mb.len() {
            if i < ma.len() && j < mb.len() && ma[i] == mb[j] {
                out.push((Some(ma[i]), Some(mb[j])));
                (i, j) = (i + 1, j + 1);
            } else if j == mb.len() || (i < ma.len() && lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])
            {
                out.push((Some(ma[i]), None));
                i += 1;
            } else {
                out.push((None, Some(mb[j])));
                j += 1;
            }
        }
    } else {
        out.extend(ma.iter().map(|&x| (Some(x), None)));
        out.extend(mb.iter().map(|&y| (None, Some(y))));
    }
    out.extend(a[a.len() - suffix..].iter().map(|&x| (Some(x), Some(x))));
    out
}

/// The two byte strings of an alignment.
fn unalign(columns: &[Column]) -> (Vec<u8>, Vec<u8>) {
    (
        columns.iter().filter_map(|c| c.0).collect(),
        columns.iter().filter_map(|c| c.1).collect(),
    )
}

/// Shrinks `items` while `kept` holds, spending at most `left` units of [`cost`]: chunks of
/// halving size removed in a [`sweep`] each, then runs of letters and digits with the item
/// after them, then bracketed groups, then single items to a fixed point (1-minimal when the
/// budget allows).
///
/// `kept` answers for a batch of candidates; each round hands it up to `window` candidates at
/// once and takes the first that keeps, charging the budget as trying them one by
/// one would.
async fn shrink<T: Clone>(
    mut current: Vec<T>,
    alnum: impl Fn(&T) -> bool,
    bracket: impl Fn(&T) -> Option<bool>,
    mut kept: impl AsyncFnMut(&[Vec<T>]) -> Vec<bool>,
    window: usize,
    left: &mut usize,
) -> Vec<T> {
    let window = window.max(1);
    // Chunks of half the input, then a quarter, down to one item: at each size, one sweep
    // removing each chunk in turn, the cursor staying where a removal kept (what is behind it
    // was tried at this size). ddmin's complements restart from the first chunk after each
    // removal and try again what failed: over a 10,000-input report's minimizations, the coarse
    // pass asked the workers 277,711 candidates against 217,821 for the sweep (all passes:
    // 296,447 against 249,018), the classes as many (the single removals after it make the
    // example 1-minimal either way).
    let mut chunk = current.len().div_ceil(2).max(1);
    while current.len() > 1 && *left > 0 {
        sweep(&mut current, chunk, &mut kept, window, left).await;
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    // Runs of letters and digits (a scheme, a label, a port), alone and with the delimiter after
    // them: `https://%41` gives `//%41`, which no single byte removal reaches (`ttps://` is still
    // a scheme, `://` none), so two inputs of one behaviour meet on one skeleton.
    let mut at = 0;
    while at < current.len() && *left > 0 {
        let end = at + current[at..].iter().take_while(|b| alnum(b)).count();
        if end == at {
            at += 1;
            continue;
        }
        let cuts: Vec<usize> = [end + 1, end]
            .into_iter()
            .filter(|&cut| cut <= current.len())
            .collect();
        match first_kept(
            cuts.len(),
            |k| without(&current, at, cuts[k]),
            &mut kept,
            window,
            left,
        )
        .await
        {
            Some((_, candidate)) => current = candidate,
            None => at = end,
        }
    }
    // Bracketed groups whole (an IP literal: `//a@[::]` gives `//a@`, which no single removal
    // reaches, `[::` and `[:]` being no host at all).
    let mut at = 0;
    while at < current.len() && *left > 0 {
        let close = (bracket(&current[at]) == Some(true))
            .then(|| current[at..].iter().position(|t| bracket(t) == Some(false)))
            .flatten();
        match close {
            Some(n) => {
                match first_kept(
                    1,
                    |_| without(&current, at, at + n + 1),
                    &mut kept,
                    window,
                    left,
                )
                .await
                {
                    Some((_, candidate)) => current = candidate,
                    None => at += 1,
                }
            }
            None => at += 1,
        }
    }
    // Single items to a fixed point: sweeps of one item until one removes nothing.
    while sweep(&mut current, 1, &mut kept, window, left).await && *left > 0 {}
    current
}

/// `v` without its items `from..to` (`to` past the end: to the end).
fn without<T: Clone>(v: &[T], from: usize, to: usize) -> Vec<T> {
    let mut c = v[..from].to_vec();
    c.extend_from_slice(&v[to.min(v.len())..]);
    c
}

/// One sweep of `current` from its start: each run of `chunk` items removed in turn, the first
/// removal that keeps taken and the cursor staying there (what is behind it was tried at this
/// size), within the budget `left`. Whether anything was removed.
async fn sweep<T: Clone>(
    current: &mut Vec<T>,
    chunk: usize,
    kept: &mut impl AsyncFnMut(&[Vec<T>]) -> Vec<bool>,
    window: usize,
    left: &mut usize,
) -> bool {
    let mut removed = false;
    let mut at = 0;
    while at < current.len() && *left > 0 {
        let starts: Vec<usize> = (at..current.len()).step_by(chunk).collect();
        let found = first_kept(
            starts.len(),
            |k| without(current, starts[k], starts[k] + chunk),
            kept,
            window,
            left,
        )
        .await;
        match found {
            Some((k, candidate)) => {
                *current = candidate;
                at = starts[k];
                removed = true;
            }
            None => break,
        }
    }
    removed
}

/// The first of `count` candidates (`make(k)` builds the k-th) that `kept` keeps, tried in
/// order, in batches of at most `window` candidates and [`BATCH_BYTES`] items, with its index.
/// A candidate is tried only while budget is `left`, and costs [`cost`] of its length; the
/// candidates after the first kept one in its batch are speculation, never charged, so the
/// outcome and the budget left are those of trying the candidates one by one.
async fn first_kept<T>(
    count: usize,
    make: impl Fn(usize) -> Vec<T>,
    kept: &mut impl AsyncFnMut(&[Vec<T>]) -> Vec<bool>,
    window: usize,
    left: &mut usize,
) -> Option<(usize, Vec<T>)> {
    let mut k = 0;
    while k < count && *left > 0 {
        // The batch: the candidates one-by-one trying would reach with the budget left.
        let mut batch: Vec<Vec<T>> = Vec::new();
        let (mut charged, mut items) = (0usize, 0usize);
        while k + batch.len() < count
            && batch.len() < window
            && charged < *left
            && (batch.is_empty() || items < BATCH_BYTES)
        {
            let candidate = make(k + batch.len());
            charged += cost(candidate.len());
            items += candidate.len();
            batch.push(candidate);
        }
        let answers = kept(&batch).await;
        let tried = batch.len();
        for (j, candidate) in batch.into_iter().enumerate() {
            *left = left.saturating_sub(cost(candidate.len()));
            if answers.get(j).copied().unwrap_or(false) {
                return Some((k + j, candidate));
            }
        }
        k += tried;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Class;
    use crate::model::{Component, ComponentSet, OpSet, Outcome, Parsed, Rejection};
    use crate::subjects::{self, Ctx, Kind, Subject, SubjectInfo};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// [`shrink`] with a `kept` that answers at once.
    fn shrink_now<T: Clone>(
        items: Vec<T>,
        alnum: impl Fn(&T) -> bool,
        bracket: impl Fn(&T) -> Option<bool>,
        mut kept: impl FnMut(&[Vec<T>]) -> Vec<bool>,
        window: usize,
        left: &mut usize,
    ) -> Vec<T> {
        at_once(shrink(
            items,
            alnum,
            bracket,
            async |b: &[Vec<T>]| kept(b),
            window,
            left,
        ))
    }

    /// `keeps` on each candidate of a batch.
    fn each(keeps: impl Fn(&[u8]) -> bool) -> impl FnMut(&[Vec<u8>]) -> Vec<bool> {
        move |batch| batch.iter().map(|c| keeps(c)).collect()
    }

    #[test]
    fn an_alignment_keeps_both_operands_and_shares_their_common_bytes() {
        let (a, b) = (b"ab*cd".as_slice(), b"ab%2acd".as_slice());
        let cols = align(a, b);
        assert_eq!(unalign(&cols), (a.to_vec(), b.to_vec()));
        let shared = cols
            .iter()
            .filter(|c| c.0.is_some() && c.1.is_some())
            .count();
        assert_eq!(shared, 4);
        // Far apart: still both operands, whatever the alignment.
        let (x, y) = (vec![b'x'; 1_500], vec![b'y'; 1_500]);
        assert_eq!(unalign(&align(&x, &y)), (x, y));
    }

    #[test]
    fn the_sweeps_do_not_try_again_what_failed_behind_their_cursor() {
        // "%" and "*" far apart in 64 bytes: the chunks before the one removed have failed at
        // this size, and the sweep goes on from where it removed. ddmin's complements, each
        // removal starting over from the first chunk, tried 33 candidates here, and the single
        // removals 2 more.
        let input = [&[b'a'; 20][..], b"%", &[b'b'; 20], b"*", &[b'c'; 22]].concat();
        let keeps = |v: &[u8]| v.contains(&b'%') && v.contains(&b'*');
        let tried = std::cell::Cell::new(0);
        let mut left = 1_000;
        let out = shrink_now(
            input,
            u8::is_ascii_alphanumeric,
            |_| None,
            |batch: &[Vec<u8>]| {
                tried.set(tried.get() + batch.len());
                batch.iter().map(|c| keeps(c)).collect()
            },
            1,
            &mut left,
        );
        assert_eq!(out, b"%*");
        assert!(tried.get() <= 26, "{} candidates", tried.get());
    }

    #[test]
    fn shrinking_reaches_one_minimal_within_its_budget() {
        // Keep while it holds a "%" and a "*": the minimum is those two.
        let keeps = |v: &[u8]| v.contains(&b'%') && v.contains(&b'*');
        let mut left = 1_000;
        let out = shrink_now(
            b"abc%def*ghi".to_vec(),
            u8::is_ascii_alphanumeric,
            |_| None,
            each(keeps),
            1,
            &mut left,
        );
        assert_eq!(out, b"%*");
        assert!(left < 1_000);
        // No budget: nothing tried, nothing removed.
        let mut none = 0;
        let same = shrink_now(
            b"abc%*".to_vec(),
            u8::is_ascii_alphanumeric,
            |_| None,
            each(keeps),
            1,
            &mut none,
        );
        assert_eq!(same, b"abc%*");
    }

    #[test]
    fn a_bracketed_group_goes_whole() {
        // Kept while it has an "@" and "[::]" whole or none of its bytes: single removals stop
        // at "@[::]", the group goes whole.
        let keeps = |v: &[u8]| {
            let literal = v.windows(4).any(|w| w == b"[::]");
            let loose = v.iter().any(|b| b"[]:".contains(b));
            v.contains(&b'@') && (literal || !loose)
        };
        let square = |b: &u8| match b {
            b'[' => Some(true),
            b']' => Some(false),
            _ => None,
        };
        let mut left = 1_000;
        let out = shrink_now(
            b"a@[::]".to_vec(),
            |_| false,
            square,
            each(keeps),
            1,
            &mut left,
        );
        assert_eq!(out, b"@");
        // Without the group pass, it stops at "@[::]".
        let mut left = 1_000;
        let stuck = shrink_now(
            b"a@[::]".to_vec(),
            |_| false,
            |_| None,
            each(keeps),
            1,
            &mut left,
        );
        assert_eq!(stuck, b"@[::]");
    }

    #[test]
    fn batches_take_what_one_by_one_takes_and_charge_the_same() {
        // Predicates with a fixed point reached by every pass, and budgets that run out midway.
        type Keeps = fn(&[u8]) -> bool;
        let cases: [(&[u8], Keeps); 3] = [
            (b"http://EX%41MPLE.com:80/a/b?q#f", |v| {
                v.contains(&b'%') && v.contains(&b':')
            }),
            (b"//a@[::1]:8080/x", |v| v.contains(&b'@') && v.len() > 3),
            (b"abcabcabcabcabc-xyz", |v| {
                v.iter().filter(|b| **b == b'c').count() >= 2
            }),
        ];
        for (input, keeps) in cases {
            for budget in [3, 10, 25, 1_000] {
                let run = |window: usize| {
                    let calls = std::cell::Cell::new(0);
                    let mut left = budget;
                    let out = shrink_now(
                        input.to_vec(),
                        u8::is_ascii_alphanumeric,
                        |b: &u8| match b {
                            b'[' => Some(true),
                            b']' => Some(false),
                            _ => None,
                        },
                        |batch: &[Vec<u8>]| {
                            calls.set(calls.get() + 1);
                            batch.iter().map(|c| keeps(c)).collect()
                        },
                        window,
                        &mut left,
                    );
                    (out, left, calls.get())
                };
                let (one, left_one, calls_one) = run(1);
                let (many, left_many, calls_many) = run(ROUND);
                assert_eq!(one, many, "{input:?} with {budget}");
                assert_eq!(left_one, left_many, "{input:?} with {budget}");
                assert!(calls_many <= calls_one, "batches are fewer round trips");
            }
        }
    }

    /// A test double's description: a parser of the `rfc3986` profile, of `kind`, that parses.
    fn double(name: &str, kind: Kind) -> SubjectInfo {
        SubjectInfo {
            wraps: None,
            name: name.into(),
            version: "1".into(),
            profile: "rfc3986".into(),
            kind,
            library: "test".into(),
            operations: OpSet::of(&[Op::Parse]),
            components: ComponentSet::of(&[Component::Host, Component::Path]),
            decides_validity: true,
            edition_fields: false,
            editions: Vec::new(),
        }
    }

    /// A test double: impl, but rejecting an input of `limit` bytes or more (a parser with a
    /// length cap), counting the bytes it is given.
    struct Capped {
        info: SubjectInfo,
        limit: usize,
        given: AtomicUsize,
    }

    impl Subject for Capped {
        fn info(&self) -> &SubjectInfo {
            &self.info
        }
        fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
            self.given.fetch_add(input.len(), Ordering::Relaxed);
            if input.len() >= self.limit {
                return Outcome::Rejected(Rejection::message("too long"));
            }
            subjects::Spec::get().parse(input, ctx)
        }
    }

    #[test]
    fn a_megabyte_input_is_minimized_within_a_bounded_amount_of_parsing() {
        // One cap the minimizer can come down to (a few KiB), one it can barely approach: either
        // way the bytes parsed are bounded by the budget, not by the input's length squared.
        // A path of path characters in no period (a periodic one makes most candidates equal).
        let mut input = b"http://a/".to_vec();
        let mut x: u32 = 1;
        while input.len() < 1 << 20 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            input.push(b"abcxyz0123-._~/"[(x >> 16) as usize % 15]);
        }
        for limit in [4_096, 1_000_000] {
            let capped = Arc::new(Capped {
                info: double("capped", Kind::InProcess),
                limit,
                given: AtomicUsize::new(0),
            });
            let engine = Engine::new(vec![capped.clone()]);
            let i = engine.position("capped").expect("the subject");
            let task = Task::parse(input.clone(), "test");
            let finding = engine
                .findings_of_subject(i, &task)
                .into_iter()
                .find(|f| f.signature.class == Class::TooStrict)
                .expect("a too-strict finding on the whole input");
            capped.given.store(0, Ordering::Relaxed);
            let base = 200;
            let started = std::time::Instant::now();
            let example = minimize(
                &engine,
                &Memo::default(),
                &task,
                &finding.signature,
                finding.reason.as_deref(),
                base,
            )
            .expect("the class reproduces");
            let elapsed = started.elapsed();
            // Still the class, and no longer than it came.
            assert!(example.input.len() >= limit && example.input.len() <= input.len());
            assert!(engine
                .findings_of_subject(i, &example)
                .iter()
                .any(|f| f.signature.class == Class::TooStrict));
            // The low cap is reached: 1-minimal, not a byte more than the cap.
            if limit == 4_096 {
                assert_eq!(example.input.len(), limit);
            }
            // The bytes parsed: the input once, then at most a unit's bytes per unit of budget
            // (the last candidate may overrun what was left by its own cost).
            let bound = input.len() + (budget_for(base, input.len()) + cost(input.len())) * UNIT;
            let given = capped.given.load(Ordering::Relaxed);
            assert!(given <= bound, "{given} bytes parsed, bound {bound}");
            eprintln!(
                "cap {limit}: {} bytes, {given} bytes parsed, {elapsed:?}",
                example.input.len()
            );
        }
    }

    /// A test double of a worker (pipelined): impl, but refusing an input that holds a "%" or
    /// whose path holds "x", counting the batches it is asked.
    struct Picky {
        info: SubjectInfo,
        batches: AtomicUsize,
    }

    impl Subject for Picky {
        fn info(&self) -> &SubjectInfo {
            &self.info
        }
        fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
            let parsed = subjects::Spec::get().parse(input, ctx);
            let x_in_path = matches!(&parsed, Outcome::Accepted(p)
                if p.components.get(Component::Path).is_some_and(|p| p.contains('x')));
            if input.contains(&b'%') || x_in_path {
                return Outcome::Rejected(Rejection::message("picky"));
            }
            parsed
        }
        fn run_batch(&self, jobs: &[subjects::Job<'_>]) -> Vec<Outcome<crate::model::Answer>> {
            self.batches.fetch_add(1, Ordering::Relaxed);
            jobs.iter().map(|job| subjects::run(self, job)).collect()
        }
    }

    #[test]
    fn minimizations_driven_together_find_what_each_finds_alone_in_fewer_round_trips() {
        let picky = Arc::new(Picky {
            info: double("picky", Kind::External),
            batches: AtomicUsize::new(0),
        });
        let engine = Engine::new(vec![picky.clone()]);
        let i = engine.position("picky").expect("the subject");
        assert!(engine.subjects()[i].pipelined());
        let inputs = [
            "http://a/b%41c?q#f",
            "x%2Fy",
            "//host/%2F/p",
            "http://example.com/a/b/xyz",
            "mailto:x@y",
            "a:b/c/d?%25",
        ];
        let work: Vec<(Task, crate::engine::Finding)> = inputs
            .iter()
            .map(|input| {
                let task = Task::parse(input.as_bytes().to_vec(), "test");
                let finding = (engine.findings_of_subject(i, &task).into_iter())
                    .find(|f| f.signature.class == Class::TooStrict)
                    .expect("a too-strict finding");
                (task, finding)
            })
            .collect();
        let count = |f: &dyn Fn() -> Vec<Option<Task>>| {
            picky.batches.store(0, Ordering::Relaxed);
            let out = f();
            (out, picky.batches.load(Ordering::Relaxed))
        };
        let (alone, alone_batches) = count(&|| {
            (work.iter())
                .map(|(t, f)| {
                    let memo = Memo::default();
                    minimize(&engine, &memo, t, &f.signature, f.reason.as_deref(), 120)
                })
                .collect()
        });
        let (driven, driven_batches) = count(&|| {
            let refs: Vec<_> = (work.iter())
                .map(|(t, f)| (t, &f.signature, f.reason.as_deref()))
                .collect();
            minimize_many(&engine, &Memo::default(), i, &refs, 120)
        });
        assert_eq!(alone, driven);
        let inputs: Vec<_> = driven.iter().flatten().map(|t| t.input.clone()).collect();
        // Each 1-minimal: a percent-encoding ("%41") or an "x".
        assert!(inputs.iter().all(|input| input.len() <= 3), "{inputs:?}");
        assert!(
            driven_batches * 2 < alone_batches,
            "{driven_batches} batches driven, {alone_batches} alone"
        );
    }
}
