//! Delta minimization over bytes (Zeller's ddmin, complement-only; then runs of letters and
//! digits with their delimiter; then single-byte removals to a fixed point): the smallest input found on which the same subject still shows the same class
//! of difference from its reference. Only that subject and its reference are re-run, through the
//! same contract.
//!
//! The result is 1-minimal (no single byte can be removed keeping the class) whenever the budget
//! allows; [`budget_for`] grows the budget with the input's length.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{Class, Engine, Signature, Task};
use crate::model::Op;

/// What a candidate must keep: the subject's class of difference, operation and verdict.
type Kept = (Class, Op, bool);

/// What the memo holds: per subject and task, the classes shown.
type Seen = HashMap<(usize, Task), Arc<Vec<Kept>>>;

/// The memo's bound: past it the memo is emptied (a cache, not a record).
const MEMO_ENTRIES: usize = 200_000;

/// The classes each subject shows on each task tried, shared by every class minimized in one
/// run: the candidates of classes first seen on the same input are mostly the same.
#[derive(Debug, Default)]
pub struct Memo {
    seen: Mutex<Seen>,
}

impl Memo {
    /// What subject `i` of `engine` shows on `task`, computed once.
    pub fn kept(&self, engine: &Engine, i: usize, task: &Task) -> Arc<Vec<Kept>> {
        let key = (i, task.clone());
        if let Some(s) = self.lock().get(&key) {
            return Arc::clone(s);
        }
        let found: Arc<Vec<Kept>> = Arc::new(
            engine
                .findings_of_subject(i, task)
                .into_iter()
                .map(|f| (f.signature.class, f.signature.op, f.signature.by_design))
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
/// operation, same verdict) against its reference, within [`budget_for`]`(budget, len)` runs.
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
/// assert!(minimize(&engine, &Default::default(), &task, &sig, 100).is_none());
/// ```
pub fn minimize(
    engine: &Engine,
    memo: &Memo,
    task: &Task,
    signature: &Signature,
    budget: usize,
) -> Option<Task> {
    let i = engine.position(&signature.subject)?;
    let want = (signature.class, signature.op, signature.by_design);
    let keeps = |input: &[u8]| {
        memo.kept(engine, i, &task.with_input(input.to_vec()))
            .contains(&want)
    };
    if !keeps(&task.input) {
        return None;
    }
    let budget = budget_for(budget, task.input.len());
    let mut current = task.input.clone();
    let mut tried = 0usize;
    // ddmin, complements only: remove one of n chunks, halving the chunks when none goes.
    let mut n = 2usize;
    while current.len() > 1 && tried < budget {
        let len = current.len();
        let chunk = len.div_ceil(n);
        let mut reduced = false;
        for start in (0..len).step_by(chunk) {
            if tried >= budget {
                break;
            }
            let mut candidate = current[..start].to_vec();
            candidate.extend_from_slice(&current[(start + chunk).min(len)..]);
            tried += 1;
            if keeps(&candidate) {
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
    while at < current.len() && tried < budget {
        let end = at
            + current[at..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric())
                .count();
        if end == at {
            at += 1;
            continue;
        }
        let mut removed = false;
        for cut in [end + 1, end] {
            if cut > current.len() || tried >= budget {
                continue;
            }
            let mut candidate = current[..at].to_vec();
            candidate.extend_from_slice(&current[cut..]);
            tried += 1;
            if keeps(&candidate) {
                current = candidate;
                removed = true;
                break;
            }
        }
        if !removed {
            at = end;
        }
    }
    // Single bytes to a fixed point: 1-minimal when the budget allows.
    loop {
        let mut removed = false;
        let mut at = 0;
        while at < current.len() && tried < budget {
            let mut candidate = current.clone();
            candidate.remove(at);
            tried += 1;
            if keeps(&candidate) {
                current = candidate;
                removed = true;
            } else {
                at += 1;
            }
        }
        if !removed || tried >= budget {
            break;
        }
    }
    Some(task.with_input(current))
}
