//! Delta minimization over bytes (Zeller's ddmin, complement-only): the smallest input found that
//! still shows the same [`Signature`], re-running the subjects through the same contract.

use super::{Engine, Signature, Task};

/// Shrinks `task`'s input while the engine still finds `signature` on it, trying at most
/// `budget` candidates. `None` when the signature does not reproduce on the task itself (a
/// subject that answers differently from one run to the next).
///
/// # Examples
///
/// ```
/// use uridiff::engine::{minimize::minimize, Class, Engine, Partition, Signature, Task};
/// use uridiff::model::Op;
/// let engine = Engine::new(uridiff::subjects::builtin());
/// let task = Task::parse(b"http://a/b".to_vec(), "test");
/// // impl and both oracles agree on this input: no signature to keep.
/// assert!(engine.findings(&engine.run_one(&task)).is_empty());
/// let sig = Signature { class: Class::TooLax, op: Op::Parse, partition: Partition(vec![]), by_design: false };
/// assert!(minimize(&engine, &task, &sig, 100).is_none());
/// ```
pub fn minimize(
    engine: &Engine,
    task: &Task,
    signature: &Signature,
    budget: usize,
) -> Option<Task> {
    let keeps = |input: &[u8]| {
        let row = engine.run_one(&task.with_input(input.to_vec()));
        engine
            .findings(&row)
            .iter()
            .any(|f| f.signature == *signature)
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
