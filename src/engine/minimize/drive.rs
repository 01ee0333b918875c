//! Many minimizations of one worker's classes on one thread: each is a future that, for every
//! round of candidates it needs the worker's answers to, leaves the round in a [`Mailbox`] and
//! waits; [`drive`] polls every minimization until each waits or is done, has every round left
//! in the mailbox answered as one batch, and polls them again.
//!
//! Why: a round is a few candidates, and each round trip through a worker's pipes (a write, a
//! wake-up and a read on both sides) costs more than their parses. The rounds of many
//! minimizations going as one batch make one round trip of many, and one thread waiting for
//! it, where a thread per minimization meeting the others at a lock woke every one of them for
//! each batch (the thread switches were a sixth of what minimizing cost uridiff).
//!
//! Every answer is the one its question alone would have had: a minimization's result does not
//! depend on what else went in its batch.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

/// Where the minimizations a [`drive`] runs leave their questions, and find their answers.
#[derive(Debug)]
pub(crate) struct Mailbox<Q, A> {
    asked: RefCell<Vec<(u64, Q)>>,
    answered: RefCell<HashMap<u64, A>>,
    next: Cell<u64>,
}

impl<Q, A> Default for Mailbox<Q, A> {
    fn default() -> Self {
        Mailbox {
            asked: RefCell::default(),
            answered: RefCell::default(),
            next: Cell::new(0),
        }
    }
}

impl<Q, A> Mailbox<Q, A> {
    /// The answer to `question`, once the [`drive`] running the caller has it answered with
    /// the others waiting.
    pub(crate) async fn ask(&self, question: Q) -> A {
        let ticket = self.next.get();
        self.next.set(ticket + 1);
        self.asked.borrow_mut().push((ticket, question));
        std::future::poll_fn(|_| match self.answered.borrow_mut().remove(&ticket) {
            Some(answer) => Poll::Ready(answer),
            None => Poll::Pending,
        })
        .await
    }
}

/// A minimization run by [`drive`].
pub(crate) type Run<'a, R> = Pin<Box<dyn Future<Output = R> + 'a>>;

/// Runs `runs` to their ends on this thread, at most `at_once` at a time (the others start as
/// those end, in order), and gives their results in `runs`' order. Whenever every one running
/// waits for an answer, `answer` answers every question left in `mailbox` (in order, one answer
/// each) as one batch.
///
/// # Panics
///
/// Where a run waits on something else than `mailbox` (none here does: it would wait for ever),
/// or `answer` gives another number of answers than questions: uridiff's own bugs.
pub(crate) fn drive<'a, Q, A, R>(
    mailbox: &Mailbox<Q, A>,
    runs: impl IntoIterator<Item = Run<'a, R>>,
    at_once: usize,
    mut answer: impl FnMut(Vec<Q>) -> Vec<A>,
) -> Vec<R> {
    let mut waiting = runs.into_iter().enumerate();
    let mut running: Vec<(usize, Run<'a, R>)> = Vec::new();
    let mut done: Vec<(usize, R)> = Vec::new();
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        // Each run goes on until it waits or ends; one that ends makes room for the next.
        let mut k = 0;
        loop {
            if k == running.len() {
                if running.len() >= at_once.max(1) {
                    break;
                }
                match waiting.next() {
                    Some(run) => running.push(run),
                    None => break,
                }
            }
            match running[k].1.as_mut().poll(&mut cx) {
                Poll::Ready(r) => done.push((running.swap_remove(k).0, r)),
                Poll::Pending => k += 1,
            }
        }
        if running.is_empty() {
            break;
        }
        let (tickets, questions): (Vec<u64>, Vec<Q>) =
            std::mem::take(&mut *mailbox.asked.borrow_mut())
                .into_iter()
                .unzip();
        assert!(!questions.is_empty(), "a minimization waits on no question");
        let answers = answer(questions);
        assert_eq!(answers.len(), tickets.len(), "one answer per question");
        mailbox
            .answered
            .borrow_mut()
            .extend(tickets.into_iter().zip(answers));
    }
    done.sort_by_key(|(k, _)| *k);
    done.into_iter().map(|(_, r)| r).collect()
}

/// `future`'s output, where it never waits (a minimization whose questions are answered where
/// they are asked).
///
/// # Panics
///
/// Where `future` waits: uridiff's own bug (nothing would wake it).
pub(crate) fn at_once<R>(future: impl Future<Output = R>) -> R {
    let mut future = std::pin::pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(r) => r,
        Poll::Pending => panic!("a minimization answered where asked waited"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_questions_of_every_run_go_as_one_batch_and_each_gets_its_own_answer() {
        let mailbox: Mailbox<usize, usize> = Mailbox::default();
        let mut batches = Vec::new();
        // Run t asks t + 1 questions, one after another, and adds up the answers.
        let runs = (0..4usize).map(|t| {
            let mailbox = &mailbox;
            Box::pin(async move {
                let mut sum = 0;
                for r in 0..=t {
                    sum += mailbox.ask(t * 100 + r).await;
                }
                sum
            }) as Run<'_, usize>
        });
        let sums = drive(&mailbox, runs, 8, |qs| {
            batches.push(qs.len());
            qs.iter().map(|q| q * 2).collect()
        });
        assert_eq!(sums, vec![0, 2 * 201, 2 * 603, 2 * 1206]);
        // Every run still going asked in each batch: 4, then 3, 2 and 1.
        assert_eq!(batches, vec![4, 3, 2, 1]);
    }

    #[test]
    fn at_most_at_once_run_together_and_results_keep_their_order() {
        let mailbox: Mailbox<usize, usize> = Mailbox::default();
        let mut batches = Vec::new();
        let runs = (0..5usize).map(|t| {
            let mailbox = &mailbox;
            Box::pin(async move { mailbox.ask(t).await + mailbox.ask(t).await }) as Run<'_, usize>
        });
        let out = drive(&mailbox, runs, 2, |qs| {
            batches.push(qs.clone());
            qs
        });
        assert_eq!(out, vec![0, 2, 4, 6, 8]);
        assert!(batches.iter().all(|b| b.len() <= 2), "{batches:?}");
        // A run that needs no answer ends without a batch.
        let none: Vec<Run<'_, u8>> = vec![Box::pin(async { 7 })];
        assert_eq!(drive(&mailbox, none, 2, |qs| qs), vec![7]);
    }

    #[test]
    fn a_future_that_does_not_wait_is_run_at_once() {
        assert_eq!(at_once(async { 3 }), 3);
        let waits = std::panic::catch_unwind(|| {
            at_once(std::future::pending::<()>());
        });
        assert!(waits.is_err());
    }
}
