//! Questions to one subject asked by several minimizations at once, answered as one batch: the
//! minimizations of a worker's classes run on threads of their own, each a [`Member`] of the
//! subject's [`Gather`] while it runs; once every member is waiting with a question, the last to
//! ask runs them all as one batch and hands each asker its answers.
//!
//! Why: a minimization asks its worker a round of a few candidates at a time, and each round
//! is a round trip through two pipes (a write, a wake-up and a read on both sides) that costs
//! more than the candidates' parses. Taking only the questions waiting when the pipe is free
//! (flat combining) gathered about two rounds a batch over a 3,000-input report: the others
//! were still being woken. Waiting for every member gathered about four (members that end
//! leave, and a round the memo answers asks nothing). A member between questions only builds
//! candidates or judges answers, and asks no member to wait for it in turn, so the members
//! always meet. Only a worker's minimizations gather (the memo's `kept_batch`): an in-process
//! subject's run on rayon's threads, where a round costs no round trip.
//!
//! Every answer is the one its question alone would have had: an asker's result does not depend
//! on what else went in its batch.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// The questions waiting and the answers not yet taken.
#[derive(Debug)]
struct State<Q, A> {
    /// A batch is under way.
    busy: bool,
    /// A batch panicked: its askers would wait for ever, so each panics in turn.
    broken: bool,
    /// The members: threads that will ask again before they leave.
    members: usize,
    waiting: Vec<(u64, Q)>,
    done: HashMap<u64, A>,
    next: u64,
}

impl<Q, A> State<Q, A> {
    /// Whether the questions waiting can go as a batch: none is under way, and every member
    /// (and every asker that is none) is waiting with one.
    fn can_go(&self) -> bool {
        !self.busy && !self.waiting.is_empty() && self.waiting.len() >= self.members
    }
}

/// One subject's gathering point ([`Gather::ask`]); the tests below show it in use.
#[derive(Debug)]
pub(super) struct Gather<Q, A> {
    state: Mutex<State<Q, A>>,
    ready: Condvar,
}

impl<Q, A> Default for Gather<Q, A> {
    fn default() -> Self {
        Gather {
            state: Mutex::new(State {
                busy: false,
                broken: false,
                members: 0,
                waiting: Vec::new(),
                done: HashMap::new(),
                next: 0,
            }),
            ready: Condvar::new(),
        }
    }
}

/// Marks the batch ended when the one running it stops, by returning or by a panic.
struct Running<'a, Q, A> {
    gather: &'a Gather<Q, A>,
    finished: bool,
}

impl<Q, A> Drop for Running<'_, Q, A> {
    fn drop(&mut self) {
        let mut s = self.gather.lock();
        s.busy = false;
        s.broken |= !self.finished;
        drop(s);
        self.gather.ready.notify_all();
    }
}

/// A thread's membership of a [`Gather`] ([`Gather::member`]), until dropped.
pub(super) struct Member<Q, A> {
    gather: Arc<Gather<Q, A>>,
}

impl<Q, A> Drop for Member<Q, A> {
    fn drop(&mut self) {
        let mut s = self.gather.lock();
        s.members -= 1;
        // The members left may all be waiting now: then one of them runs their batch, any one
        // (each waiter holds its batch), so one is woken, not all: waking every waiter as each
        // minimization left was a fifth of uridiff's thread switches in a 3,000-input report
        // (131,000; now 106,000). While a batch is under way, its end wakes them all anyway.
        let ready = s.can_go();
        drop(s);
        if ready {
            self.gather.ready.notify_one();
        }
    }
}

impl<Q, A> Gather<Q, A> {
    /// Makes the calling thread a member until the guard is dropped: no batch goes out while
    /// it is a member and not waiting with a question. The thread must ask or drop the guard
    /// without waiting on the other members.
    pub(super) fn member(self: &Arc<Self>) -> Member<Q, A> {
        self.lock().members += 1;
        Member {
            gather: Arc::clone(self),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<Q, A>> {
        // A poisoned state is only left by a panic in this module's few lines under the lock,
        // none of which can leave it half changed.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The answer to `question`: waited for while a batch is under way or a member has not
    /// asked yet; then run by `batch` (which answers its questions in order, one answer each)
    /// together with every question waiting. An asker that is no member is counted as one
    /// for its question.
    ///
    /// # Panics
    ///
    /// Where a batch panicked (uridiff's own bug), each asker panics in turn rather than wait
    /// for an answer that will not come.
    pub(super) fn ask(&self, question: Q, batch: impl FnOnce(Vec<Q>) -> Vec<A>) -> A {
        let mut s = self.lock();
        let ticket = s.next;
        s.next += 1;
        s.waiting.push((ticket, question));
        let mut batch = Some(batch);
        loop {
            if let Some(answer) = s.done.remove(&ticket) {
                return answer;
            }
            assert!(!s.broken, "a gathered batch panicked");
            if s.can_go()
                && let Some(run) = batch.take()
            {
                s.busy = true;
                let taken = std::mem::take(&mut s.waiting);
                drop(s);
                let mut running = Running {
                    gather: self,
                    finished: false,
                };
                let (tickets, questions): (Vec<u64>, Vec<Q>) = taken.into_iter().unzip();
                let answers = run(questions);
                assert_eq!(answers.len(), tickets.len(), "one answer per question");
                s = self.lock();
                s.done.extend(tickets.into_iter().zip(answers));
                running.finished = true;
                drop(s);
                // Ends the batch and wakes the askers whose answers came.
                drop(running);
                s = self.lock();
                continue;
            }
            s = self.ready.wait(s).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Barrier;

    #[test]
    fn questions_asked_before_every_member_asked_go_together_and_each_asker_gets_its_own() {
        let gather: Arc<Gather<usize, usize>> = Arc::default();
        let batches = AtomicUsize::new(0);
        let threads = 8;
        std::thread::scope(|scope| {
            for t in 0..threads {
                let (gather, batches) = (&gather, &batches);
                let member = gather.member();
                scope.spawn(move || {
                    // Member t asks t + 1 rounds, then leaves: the others go on without it.
                    for r in 0..=t {
                        let q = t * 1_000 + r;
                        let a = gather.ask(q, |qs| {
                            batches.fetch_add(1, Ordering::Relaxed);
                            qs.iter().map(|q| q * 3 + 1).collect()
                        });
                        assert_eq!(a, q * 3 + 1);
                    }
                    drop(member);
                });
            }
        });
        // Round r went out once, with every member still there.
        assert_eq!(batches.into_inner(), threads);
        assert_eq!(gather.lock().members, 0);
    }

    #[test]
    fn an_asker_that_is_no_member_is_answered_at_once() {
        let gather: Arc<Gather<usize, usize>> = Arc::default();
        assert_eq!(gather.ask(2, |qs| qs.iter().map(|q| q + 1).collect()), 3);
        let member = gather.member();
        assert_eq!(gather.ask(5, |qs| qs.iter().map(|q| q + 1).collect()), 6);
        drop(member);
    }

    #[test]
    fn a_batch_that_panics_makes_its_askers_panic_not_wait() {
        let gather: Arc<Gather<usize, usize>> = Arc::default();
        let inside = Barrier::new(2);
        let outcomes: Vec<bool> = std::thread::scope(|scope| {
            let leader = scope.spawn(|| {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    gather.ask(1, |_| {
                        inside.wait();
                        // The other asker is waiting (or about to) while this batch runs.
                        std::thread::sleep(std::time::Duration::from_millis(50));
                        panic!("a bug");
                    })
                }))
                .is_err()
            });
            inside.wait();
            let other =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| gather.ask(2, |qs| qs)));
            vec![leader.join().unwrap_or(false), other.is_err()]
        });
        assert_eq!(outcomes, vec![true, true]);
    }
}
