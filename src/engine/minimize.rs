//! Delta minimization (Zeller's ddmin, complement-only; then runs of letters and digits with
//! their delimiter; then single-byte removals to a fixed point): the smallest job found on which
//! the same subject still shows the same class of difference from its reference. Only that
//! subject and its reference are re-run, through the same contract.
//!
//! A parse or normalization shrinks its input; a resolution its reference (its base kept, so the
//! example does not drift to another behaviour of opaque or empty bases); an equivalence test
//! both operands together, over an alignment of the two (a byte they share is
//! removed from both at once, so `x*y` against `x%2Ay` comes down to `*` against `%2A`).
//!
//! The result is 1-minimal (no single byte can be removed keeping the class) whenever the budget
//! allows; [`budget_for`] grows the budget with the input's length.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{Class, Engine, Signature, Task};
use crate::model::Op;

/// What a candidate must keep: the subject's class of difference, operation, verdict, and the
/// reason of a validity difference ([`super::Finding::reason`]).
type Kept = (Class, Op, bool, Option<String>);

/// What the memo holds: per subject and task, the classes shown.
type Seen = HashMap<(usize, Task), Arc<Vec<Kept>>>;

/// The memo's bound: past it the memo is emptied (a cache, not a record).
const MEMO_ENTRIES: usize = 200_000;

/// The classes each subject shows on each task tried, shared by every class minimized in one
/// run: the candidates of classes first seen on the same input are mostly the same.
#[derive(Debug, Default)]
pub struct Memo {
    seen: Mutex<Seen>,
    /// The subjects' parses of operands, for attribution ([`super::attribute`]).
    pub(super) operands: super::attribute::Operands,
}

impl Memo {
    /// What subject `i` of `engine` shows on `task` as classes count it (a candidate whose
    /// difference belongs to the parse of an operand does not keep a resolution's class:
    /// [`super::attribute`]), computed once.
    pub fn kept(&self, engine: &Engine, i: usize, task: &Task) -> Arc<Vec<Kept>> {
        let key = (i, task.clone());
        if let Some(s) = self.lock().get(&key) {
            return Arc::clone(s);
        }
        let found = engine.findings_of_subject(i, task);
        let (found, _) = super::attribute::attribute(engine, &self.operands, i, task, found);
        let found: Arc<Vec<Kept>> = Arc::new(
            found
                .into_iter()
                .map(|f| {
                    (
                        f.signature.class,
                        f.signature.op,
                        f.signature.by_design,
                        f.reason,
                    )
                })
                .collect(),
        );
        let mut seen = self.lock();
        if seen.len() >= MEMO_ENTRIES {
            seen.clear();
        }
        seen.insert(key, Arc::clone(&found));
        found
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Seen> {
        // A poisoned memo only loses cached answers; they are recomputed.
        self.seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The runs a minimization of an input of `len` bytes may take: at least `base`, and enough for
/// ddmin and a few single-byte passes over a long input (capped, so a megabyte stops in time).
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
    let i = engine.position(&signature.subject)?;
    let want = (
        signature.class,
        signature.op,
        signature.by_design,
        reason.map(str::to_owned),
    );
    let keeps = |candidate: &Task| memo.kept(engine, i, candidate).contains(&want);
    if !keeps(task) {
        return None;
    }
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
                |cs| keeps(&build(cs)),
                &mut left,
            );
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
                |b| keeps(&task.with_input(b.to_vec())),
                &mut left,
            );
            Some(task.with_input(input))
        }
    }
}

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

/// Shrinks `items` while `keeps` holds, spending at most `left` runs of it: ddmin (complements
/// only), then runs of letters and digits with the item after them, then single items to a
/// fixed point (1-minimal when the budget allows).
fn shrink<T: Clone>(
    mut current: Vec<T>,
    alnum: impl Fn(&T) -> bool,
    bracket: impl Fn(&T) -> Option<bool>,
    mut keeps: impl FnMut(&[T]) -> bool,
    left: &mut usize,
) -> Vec<T> {
    let mut try_keep = |candidate: &[T], left: &mut usize| {
        *left = left.saturating_sub(1);
        keeps(candidate)
    };
    let without = |v: &[T], from: usize, to: usize| {
        let mut c = v[..from].to_vec();
        c.extend_from_slice(&v[to.min(v.len())..]);
        c
    };
    // ddmin, complements only: remove one of n chunks, halving the chunks when none goes.
    let mut n = 2usize;
    while current.len() > 1 && *left > 0 {
        let len = current.len();
        let chunk = len.div_ceil(n);
        let mut reduced = false;
        for start in (0..len).step_by(chunk) {
            if *left == 0 {
                break;
            }
            let candidate = without(&current, start, start + chunk);
            if try_keep(&candidate, left) {
                current = candidate;
                n = (n - 1).max(2);
                reduced = true;
                break;
            }
        }
        if !reduced {
            if n >= len {
                break;
            }
            n = (n * 2).min(len);
        }
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
        let mut removed = false;
        for cut in [end + 1, end] {
            if cut > current.len() || *left == 0 {
                continue;
            }
            let candidate = without(&current, at, cut);
            if try_keep(&candidate, left) {
                current = candidate;
                removed = true;
                break;
            }
        }
        if !removed {
            at = end;
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
                let candidate = without(&current, at, at + n + 1);
                if try_keep(&candidate, left) {
                    current = candidate;
                } else {
                    at += 1;
                }
            }
            None => at += 1,
        }
    }
    // Single items to a fixed point.
    loop {
        let mut removed = false;
        let mut at = 0;
        while at < current.len() && *left > 0 {
            let candidate = without(&current, at, at + 1);
            if try_keep(&candidate, left) {
                current = candidate;
                removed = true;
            } else {
                at += 1;
            }
        }
        if !removed || *left == 0 {
            break;
        }
    }
    current
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn shrinking_reaches_one_minimal_within_its_budget() {
        // Keep while it holds a "%" and a "*": the minimum is those two.
        let keeps = |v: &[u8]| v.contains(&b'%') && v.contains(&b'*');
        let mut left = 1_000;
        let out = shrink(
            b"abc%def*ghi".to_vec(),
            u8::is_ascii_alphanumeric,
            |_| None,
            keeps,
            &mut left,
        );
        assert_eq!(out, b"%*");
        assert!(left < 1_000);
        // No budget: nothing tried, nothing removed.
        let mut none = 0;
        let same = shrink(
            b"abc%*".to_vec(),
            u8::is_ascii_alphanumeric,
            |_| None,
            keeps,
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
        let out = shrink(b"a@[::]".to_vec(), |_| false, square, keeps, &mut left);
        assert_eq!(out, b"@");
        // Without the group pass, it stops at "@[::]".
        let mut left = 1_000;
        let stuck = shrink(b"a@[::]".to_vec(), |_| false, |_| None, keeps, &mut left);
        assert_eq!(stuck, b"@[::]");
    }
}
