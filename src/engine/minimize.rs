//! Delta minimization over bytes (Zeller's ddmin, complement-only): the smallest input found that
//! still shows the same [`Signature`], re-running the subjects through the same contract.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{Engine, Signature, Task};

/// The signatures found on each task tried, shared by every class minimized in one run: the
/// candidates of classes first seen on the same input are mostly the same, and each costs a run
/// of every subject.
#[derive(Debug, Default)]
pub struct Memo {
    seen: Mutex<HashMap<Task, Arc<Vec<Signature>>>>,
}

impl Memo {
    /// The signatures `engine` finds on `task`, computed once.
    pub fn signatures(&self, engine: &Engine, task: &Task) -> Arc<Vec<Signature>> {
        if let Some(s) = self.lock().get(task) {
            return Arc::clone(s);
        }
        let row = engine.run_one(task);
        let found: Arc<Vec<Signature>> = Arc::new(
            engine
                .findings(&row)
                .into_iter()
                .map(|f| f.signature)
                .collect(),
        );
        self.lock().insert(task.clone(), Arc::clone(&found));
        found
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Task, Arc<Vec<Signature>>>> {
        // A poisoned memo only loses cached answers; they are recomputed.
        self.seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Shrinks `task`'s input while the engine still finds `signature` on it, trying at most
/// `budget` candidates. `None` when the signature does not reproduce on the task itself (a
/// subject that answers differently from one run to the next).
///
/// # Examples
///
/// ```
/// use uridiff::engine::{minimize::minimize, Class, Engine, Partition, Signature, Task};
/// use uridiff::model::Op;
/// let engine = Engine::new(uridiff::subjects::in_process());
/// let task = Task::parse(b"http://a/b".to_vec(), "test");
/// // impl and both oracles agree on this input: no signature to keep.
/// assert!(engine.findings(&engine.run_one(&task)).is_empty());
/// let sig = Signature { class: Class::TooLax, op: Op::Parse, partition: Partition(vec![]), by_design: false };
/// assert!(minimize(&engine, &Default::default(), &task, &sig, 100).is_none());
/// ```
pub fn minimize(
    engine: &Engine,
    memo: &Memo,
    task: &Task,
    signature: &Signature,
    budget: usize,
) -> Option<Task> {
    let keeps = |input: &[u8]| {
        memo.signatures(engine, &task.with_input(input.to_vec()))
            .contains(signature)
    };
    if !keeps(&task.input) {
        return None;
    }
    let mut current = task.input.clone();
    let mut n = 2usize;
    let mut tried = 0usize;
    while !current.is_empty() && tried < budget {
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
    Some(task.with_input(current))
}
