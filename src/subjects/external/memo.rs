//! The answers a worker gave lately, so that a request it answered a moment ago is not sent
//! again: a report sends one worker the same request many times over (the empty string, parsed
//! again as the serialization of every input a library empties; a resolution's base, parsed
//! for each finding that needs its operands), and a worker spends as much CPU on the repeat as
//! on the first. A 3,000-input report sent python-furl 37,623 requests, 4,985 of them repeats,
//! 3,518 of those within the 4,096 requests before.
//!
//! Only answers in step are kept (accepted or rejected): a crash, a timeout or an unsupported
//! operation is asked again. What a worker answers must follow from the request alone
//! (workers/README.md, "uridiff's side"), so a kept answer is the answer. Bounded: two
//! generations of at most [`GENERATION`] answers each; when the newer is full it becomes the
//! older and the older is dropped, so what was used lately stays and memory does not grow.

use std::collections::HashMap;

use crate::model::{Answer, Outcome};
use crate::subjects::Job;

/// The answers one generation holds.
pub(super) const GENERATION: usize = 1024;

/// A job's key: its operation, input and second operand, as one byte string.
pub(super) fn key(job: &Job<'_>) -> Vec<u8> {
    let second = job.second.unwrap_or_default();
    let mut key = Vec::with_capacity(10 + job.input.len() + second.len());
    key.push(job.op as u8);
    // The input's length first, so that no two (input, second) pairs give one key.
    key.extend_from_slice(&(job.input.len() as u64).to_le_bytes());
    key.extend_from_slice(job.input);
    key.push(u8::from(job.second.is_some()));
    key.extend_from_slice(second);
    key
}

/// Answers by [`key`], hashed with foldhash: every request is looked up and every answer kept,
/// and SipHash (std's default) was most of what a look-up cost; the keys are the run's own
/// jobs, and foldhash's seed is drawn per map.
type ByKey = HashMap<Vec<u8>, Outcome<Answer>, foldhash::fast::RandomState>;

/// The recent answers, by [`key`].
#[derive(Debug, Default)]
pub(super) struct Memo {
    newer: ByKey,
    older: ByKey,
}

impl Memo {
    /// The answer kept for `key`; one found in the older generation moves to the newer.
    pub(super) fn get(&mut self, key: &[u8]) -> Option<Outcome<Answer>> {
        if let Some(found) = self.newer.get(key) {
            return Some(found.clone());
        }
        let (key, found) = self.older.remove_entry(key)?;
        self.keep_owned(key, found.clone());
        Some(found)
    }

    /// Keeps `answer` to `key` when it is an answer in step.
    pub(super) fn keep(&mut self, key: Vec<u8>, answer: &Outcome<Answer>) {
        if matches!(answer, Outcome::Accepted(_) | Outcome::Rejected(_)) {
            self.keep_owned(key, answer.clone());
        }
    }

    fn keep_owned(&mut self, key: Vec<u8>, answer: Outcome<Answer>) {
        if self.newer.len() >= GENERATION {
            // The older generation's table becomes the newer, emptied but keeping its room: a
            // table grown again from nothing rehashed every key it held at each doubling (a
            // third of what keeping an answer cost, 2% of a 30,000-input report's uridiff).
            std::mem::swap(&mut self.newer, &mut self.older);
            self.newer.clear();
        }
        // Room for the whole generation at once (nothing to do once made).
        self.newer.reserve(GENERATION - self.newer.len());
        self.newer.insert(key, answer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Crash, CrashKind, Op};
    use std::sync::Arc;

    fn accepted() -> Outcome<Answer> {
        Outcome::Accepted(Answer::Parsed(Arc::default()))
    }

    #[test]
    fn keys_tell_operations_inputs_and_operands_apart() {
        let a = key(&Job::parse(b"ab"));
        let normalize = Job {
            op: Op::Normalize,
            ..Job::parse(b"ab")
        };
        assert_ne!(a, key(&normalize));
        assert_ne!(a, key(&Job::parse(b"a")));
        assert_ne!(
            key(&Job::resolve(b"ab", b"c")),
            key(&Job::resolve(b"a", b"bc"))
        );
        assert_ne!(key(&Job::resolve(b"", b"")), key(&Job::parse(b"")));
        assert_eq!(a, key(&Job::parse(b"ab")));
    }

    #[test]
    fn only_answers_in_step_are_kept() {
        let mut memo = Memo::default();
        let crash = Crash {
            kind: CrashKind::Exit,
            message: String::new(),
        };
        memo.keep(b"crash".to_vec(), &Outcome::Crashed(crash));
        memo.keep(b"unsupported".to_vec(), &Outcome::Unsupported("no".into()));
        memo.keep(b"accepted".to_vec(), &accepted());
        assert_eq!(memo.get(b"crash"), None);
        assert_eq!(memo.get(b"unsupported"), None);
        assert_eq!(memo.get(b"accepted"), Some(accepted()));
    }

    #[test]
    fn what_was_used_lately_stays_and_the_rest_goes() {
        let mut memo = Memo::default();
        for k in 0..GENERATION {
            memo.keep(k.to_le_bytes().to_vec(), &accepted());
        }
        // The newer generation is full: the next one starts another, the first 1,024 older.
        memo.keep(b"next".to_vec(), &accepted());
        // Used again: moved to the newer generation, so it outlives the next turn.
        assert!(memo.get(&0usize.to_le_bytes()).is_some());
        for k in 0..GENERATION {
            memo.keep(format!("more {k}").into_bytes(), &accepted());
        }
        assert!(memo.get(&0usize.to_le_bytes()).is_some(), "used lately");
        assert!(memo.get(&1usize.to_le_bytes()).is_none(), "two turns old");
        assert!(memo.newer.len() + memo.older.len() <= 2 * GENERATION);
    }

    #[test]
    fn a_new_generation_starts_with_room_for_all_of_it() {
        let mut memo = Memo::default();
        memo.keep(b"first".to_vec(), &accepted());
        assert!(memo.newer.capacity() >= GENERATION);
        for k in 0..3 * GENERATION {
            memo.keep(k.to_le_bytes().to_vec(), &accepted());
            // Never grown (and rehashed) once made.
            assert!(memo.newer.capacity() >= GENERATION, "after {k}");
        }
    }
}
