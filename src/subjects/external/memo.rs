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

use std::hash::{BuildHasher, Hasher};
use std::ops::Range;

use hashbrown::HashTable;

use crate::model::{Answer, Op, Outcome};
use crate::subjects::Job;

/// The answers one generation holds.
pub(super) const GENERATION: usize = 1024;

/// The bytes of the jobs a generation's store keeps its room for once emptied (1,024 inputs of
/// 63 bytes, the mean of `uridiff bench`'s realistic corpus, hold 65 KB): past this, the room
/// made for a few long inputs is given back at the turn, so that 27 workers' memos hold a few
/// MB, not what their longest inputs once took.
const STORE_KEPT: usize = 1 << 18;

/// One kept answer: the job's operation, where its input and second operand lie in the
/// generation's store, and the answer.
#[derive(Debug)]
struct Entry {
    hash: u64,
    op: Op,
    input: Range<usize>,
    second: Option<Range<usize>>,
    answer: Outcome<Answer>,
}

/// One generation: its entries, hashed by job, and the jobs' bytes one after another, so that
/// keeping an answer allocates nothing once the generation's room is made (a key of its own
/// was an allocation per request sent, and a free per answer dropped).
#[derive(Debug, Default)]
struct Generation {
    table: HashTable<Entry>,
    store: Vec<u8>,
}

impl Generation {
    /// Where `job`'s entry is, if kept.
    fn find(&self, hash: u64, job: &Job<'_>) -> Option<&Entry> {
        self.table.find(hash, |e| is(&self.store, e, job))
    }

    /// `bytes` put in the store: where they lie.
    fn put(&mut self, bytes: &[u8]) -> Range<usize> {
        let at = self.store.len();
        self.store.extend_from_slice(bytes);
        at..self.store.len()
    }

    /// Emptied, keeping the table's room (a table grown again from nothing rehashed every
    /// entry at each doubling: a third of what keeping an answer cost) and the store's, up to
    /// [`STORE_KEPT`].
    fn clear(&mut self) {
        self.table.clear();
        self.store.clear();
        self.store.shrink_to(STORE_KEPT);
    }
}

/// Whether `e`, its bytes in `store`, is `job`'s entry.
fn is(store: &[u8], e: &Entry, job: &Job<'_>) -> bool {
    e.op == job.op
        && store[e.input.clone()] == *job.input
        && e.second.clone().map(|r| &store[r]) == job.second
}

/// The recent answers, by job (its operation, input and second operand), hashed with foldhash:
/// every request is looked up and every answer kept, and SipHash (std's default) was most of
/// what a look-up cost; the jobs are the run's own, and foldhash's seed is drawn per memo.
#[derive(Debug, Default)]
pub(super) struct Memo {
    hasher: foldhash::fast::RandomState,
    newer: Generation,
    older: Generation,
}

impl Memo {
    /// A job's hash: its operation, its input's length (so that pairs of input and second
    /// operand that cut one byte string in different places do not hash alike), the input, and
    /// the second operand where there is one. Entries are told apart by their bytes ([`is`]).
    fn hash(&self, job: &Job<'_>) -> u64 {
        let mut h = self.hasher.build_hasher();
        h.write_u8(job.op as u8);
        h.write_usize(job.input.len());
        h.write(job.input);
        if let Some(second) = job.second {
            h.write_u8(1);
            h.write(second);
        }
        h.finish()
    }

    /// The answer kept for `job`; one found in the older generation moves to the newer.
    pub(super) fn get(&mut self, job: &Job<'_>) -> Option<Outcome<Answer>> {
        let hash = self.hash(job);
        if let Some(found) = self.newer.find(hash, job) {
            return Some(found.answer.clone());
        }
        let Generation { table, store } = &mut self.older;
        let (found, _) = table.find_entry(hash, |e| is(store, e, job)).ok()?.remove();
        self.keep_owned(hash, job, found.answer.clone());
        Some(found.answer)
    }

    /// Keeps `answer` to `job` when it is an answer in step.
    pub(super) fn keep(&mut self, job: &Job<'_>, answer: &Outcome<Answer>) {
        if matches!(answer, Outcome::Accepted(_) | Outcome::Rejected(_)) {
            let hash = self.hash(job);
            self.keep_owned(hash, job, answer.clone());
        }
    }

    fn keep_owned(&mut self, hash: u64, job: &Job<'_>, answer: Outcome<Answer>) {
        if self.newer.table.len() >= GENERATION {
            // The older generation becomes the newer, emptied but keeping its room.
            std::mem::swap(&mut self.newer, &mut self.older);
            self.newer.clear();
        }
        // Room for the whole generation at once (nothing to do once made).
        let newer = &mut self.newer;
        newer
            .table
            .reserve(GENERATION - newer.table.len(), |e| e.hash);
        let Generation { table, store } = newer;
        if let Some(kept) = table.find_mut(hash, |e| is(store, e, job)) {
            kept.answer = answer;
            return;
        }
        let input = newer.put(job.input);
        let second = job.second.map(|s| newer.put(s));
        newer.table.insert_unique(
            hash,
            Entry {
                hash,
                op: job.op,
                input,
                second,
                answer,
            },
            |e| e.hash,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Crash, CrashKind};
    use std::sync::Arc;

    fn accepted() -> Outcome<Answer> {
        Outcome::Accepted(Answer::Parsed(Arc::default()))
    }

    fn text(s: &str) -> Outcome<Answer> {
        Outcome::Accepted(Answer::Text(s.into()))
    }

    #[test]
    fn jobs_are_told_apart_by_operation_input_and_operand() {
        let mut memo = Memo::default();
        let normalize = Job {
            op: Op::Normalize,
            ..Job::parse(b"ab")
        };
        let jobs = [
            Job::parse(b"ab"),
            normalize,
            Job::parse(b"a"),
            Job::resolve(b"ab", b"c"),
            Job::resolve(b"a", b"bc"),
            Job::resolve(b"", b""),
            Job::parse(b""),
        ];
        for (n, job) in jobs.iter().enumerate() {
            memo.keep(job, &text(&n.to_string()));
        }
        for (n, job) in jobs.iter().enumerate() {
            assert_eq!(memo.get(job), Some(text(&n.to_string())), "{n}");
        }
        // A job kept again keeps its newer answer, once.
        memo.keep(&Job::parse(b"ab"), &text("again"));
        assert_eq!(memo.get(&Job::parse(b"ab")), Some(text("again")));
        assert_eq!(memo.newer.table.len(), jobs.len());
        assert_eq!(memo.get(&Job::parse(b"abc")), None);
    }

    #[test]
    fn only_answers_in_step_are_kept() {
        let mut memo = Memo::default();
        let crash = Crash {
            kind: CrashKind::Exit,
            message: String::new(),
        };
        memo.keep(&Job::parse(b"crash"), &Outcome::Crashed(crash));
        memo.keep(
            &Job::parse(b"unsupported"),
            &Outcome::Unsupported("no".into()),
        );
        memo.keep(&Job::parse(b"accepted"), &accepted());
        assert_eq!(memo.get(&Job::parse(b"crash")), None);
        assert_eq!(memo.get(&Job::parse(b"unsupported")), None);
        assert_eq!(memo.get(&Job::parse(b"accepted")), Some(accepted()));
    }

    #[test]
    fn what_was_used_lately_stays_and_the_rest_goes() {
        let mut memo = Memo::default();
        let numbered: Vec<Vec<u8>> = (0..GENERATION).map(|k| k.to_le_bytes().to_vec()).collect();
        for k in &numbered {
            memo.keep(&Job::parse(k), &accepted());
        }
        // The newer generation is full: the next one starts another, the first 1,024 older.
        memo.keep(&Job::parse(b"next"), &accepted());
        // Used again: moved to the newer generation, so it outlives the next turn.
        assert!(memo.get(&Job::parse(&numbered[0])).is_some());
        for k in 0..GENERATION {
            memo.keep(&Job::parse(format!("more {k}").as_bytes()), &accepted());
        }
        assert!(memo.get(&Job::parse(&numbered[0])).is_some(), "used lately");
        assert!(
            memo.get(&Job::parse(&numbered[1])).is_none(),
            "two turns old"
        );
        assert!(memo.newer.table.len() + memo.older.table.len() <= 2 * GENERATION);
    }

    #[test]
    fn a_new_generation_starts_with_room_for_all_of_it() {
        let mut memo = Memo::default();
        memo.keep(&Job::parse(b"first"), &accepted());
        assert!(memo.newer.table.capacity() >= GENERATION);
        for k in 0..3 * GENERATION {
            memo.keep(&Job::parse(&k.to_le_bytes()), &accepted());
            // Never grown (and rehashed) once made.
            assert!(memo.newer.table.capacity() >= GENERATION, "after {k}");
        }
    }

    #[test]
    fn a_turn_gives_back_the_room_long_inputs_took() {
        let mut memo = Memo::default();
        let long = vec![b'a'; 4 * STORE_KEPT];
        memo.keep(&Job::parse(&long), &accepted());
        assert_eq!(memo.get(&Job::parse(&long)), Some(accepted()));
        // Two turns: the generation that held the long input is emptied.
        for k in 0..2 * GENERATION {
            memo.keep(&Job::parse(&k.to_le_bytes()), &accepted());
        }
        assert!(memo.get(&Job::parse(&long)).is_none());
        assert!(memo.newer.store.capacity() <= STORE_KEPT.max(8 * GENERATION));
        assert!(memo.older.store.capacity() <= STORE_KEPT.max(8 * GENERATION));
    }
}
