//! The pipelined feeder: one worker's requests of a batch, up to a window of them in flight at
//! once, their answers read in order and checked by id (`workers/README.md`, "End of input" and
//! "uridiff's side": requests may be pipelined, ids in order).
//!
//! Why a window: a worker answers one request at a time, and a round trip through two pipes for
//! each costs far more than most parsers' own work; with requests queued ahead the worker never
//! waits for uridiff. Why bounded: a worker that stops answering must not make uridiff queue
//! without end.
//!
//! Isolation stays per request. Each request has the full timeout from the moment it is due
//! (the later of its sending and the previous answer's arrival: a worker answers in order). A
//! timeout, an exit or a line that is not the answer due (not JSON, another id: out of order, a
//! second answer, an answer skipped) is a crash outcome for the request due; the worker is
//! killed and started again, and the rest of the window is sent again to the new one. A run of
//! such failures in a row ends the worker for the run (the `verdict` room): the rest of the
//! batch, and every later request, is not sent.

use std::collections::VecDeque;
use std::time::Instant;

use super::process::{shorten, Fault, ReadError, Worker};
use super::wire::{OutcomeName, Request, Response};
use super::{External, Slot};
use crate::model::{Crash, CrashKind, Op, Outcome};
use crate::subjects::Subject;

/// How many requests one worker has in flight at most, unless [`External::window`] says
/// otherwise.
pub const DEFAULT_WINDOW: usize = 64;

/// One request's answer, or the outcome that stands for it (unsupported, crashed).
pub(super) type Reply = Result<Response, Outcome<()>>;

/// What a batch's caller makes of the reply to its request `i` ([`External::feed`]).
pub(super) type Take<'t, T> = dyn Fn(usize, Reply) -> T + Sync + 't;

impl External {
    /// Sends every request of `batch` through the worker of `slot` (started or restarted as
    /// needed), at most `self.window` in flight, and returns what `take` makes of their replies,
    /// in order.
    ///
    /// Each reply goes to `take` as soon as it is read, so that what is held until the batch
    /// ends is only what the caller keeps: a batch's responses held whole (up to 1,024, each
    /// with its components read into a vector of their own) took fresh pages every batch and
    /// gave them back at its end, 7% of the page faults of a 10,000-input report (every
    /// process's: 571,000 -> 532,000).
    pub(super) fn feed<T>(
        &self,
        slot: &mut Slot,
        batch: &[(Op, Request<'_>)],
        take: &Take<'_, T>,
    ) -> Vec<T> {
        let mut replies: Vec<Option<T>> = (0..batch.len()).map(|_| None).collect();
        // Indices into `batch` not yet sent, and (index, id) of those in flight, oldest first.
        let mut queue: VecDeque<usize> = (0..batch.len()).collect();
        let mut flight: VecDeque<(usize, u64)> = VecDeque::new();
        // When the oldest request in flight became due.
        let mut due = Instant::now();
        while !queue.is_empty() || !flight.is_empty() {
            if flight.is_empty()
                && let Err(why) = self.ensure(slot)
            {
                let why = format!("{} is not available: {why}", self.declared.name);
                for i in queue.drain(..) {
                    replies[i] = Some(take(i, Err(Outcome::Unsupported(why.clone()))));
                }
                break;
            }
            let operations = self.info().operations;
            let Slot {
                worker,
                next_id,
                failures,
                unavailable,
            } = &mut *slot;
            let Some(running) = worker.as_mut() else {
                // `ensure` started one; a worker is dropped only with the window emptied.
                continue;
            };
            // The window is refilled once half of it has been answered, the new requests
            // written as one block: one write for many requests, and a worker that reads its
            // input buffered takes them in one read.
            let window = self.window.max(1);
            let mut block = Vec::new();
            while flight.len() < window && (flight.len() <= window / 2 || !block.is_empty()) {
                let Some(i) = queue.pop_front() else { break };
                let (op, request) = &batch[i];
                if !operations.contains(*op) {
                    let why = format!("{} has no {op} operation", self.declared.name);
                    replies[i] = Some(take(i, Err(Outcome::Unsupported(why))));
                    continue;
                }
                *next_id += 1;
                let request = Request {
                    id: *next_id,
                    ..*request
                };
                super::wire_line::write_request(&mut block, &request);
                block.push(b'\n');
                if flight.is_empty() {
                    due = Instant::now();
                }
                flight.push_back((i, request.id));
            }
            if !block.is_empty() {
                // A worker whose stdin is gone shows it by exiting or by not answering.
                let _ = running.send(&block);
            }
            let Some(&(i, id)) = flight.front() else {
                continue;
            };
            match answer(running, id, due + self.timeout) {
                // A `crashed` answer is in step (the worker goes on) but a failure all the
                // same: its own code failed, not the library's call.
                Ok(response) if response.outcome == OutcomeName::Crashed => {
                    flight.pop_front();
                    due = Instant::now();
                    let reported = response.outcome(|_| Ok(()));
                    let reply = match failures.failed(CrashKind::Worker) {
                        None => Err(reported),
                        Some(why) => {
                            // Given up on: what is in flight is not answered by this worker.
                            while let Some((j, _)) = flight.pop_back() {
                                queue.push_front(j);
                            }
                            *worker = None;
                            let message = match reported {
                                Outcome::Crashed(c) => c.message,
                                _ => String::new(),
                            };
                            let ended = format!("{why}; the last: {message}");
                            let _ = self.given_up.set(ended.clone());
                            *unavailable = Some(ended);
                            Err(Outcome::Crashed(Crash {
                                kind: CrashKind::Dead,
                                message: format!("{why}; this one: {message}"),
                            }))
                        }
                    };
                    replies[i] = Some(take(i, reply));
                }
                Ok(response) => {
                    replies[i] = Some(take(i, Ok(response)));
                    flight.pop_front();
                    due = Instant::now();
                    failures.answered();
                }
                Err(fault) => {
                    let mut crash = fault.crash(running, batch[i].0, id, self.timeout);
                    flight.pop_front();
                    // The rest of the window goes again, in order, to the next worker; unless
                    // this failure ends the worker for the run, and then none is started.
                    while let Some((j, _)) = flight.pop_back() {
                        queue.push_front(j);
                    }
                    *worker = None;
                    if let Some(why) = failures.failed(crash.kind) {
                        let ended = format!("{why}; the last: {}", crash.message);
                        let _ = self.given_up.set(ended.clone());
                        *unavailable = Some(ended);
                        crash = Crash {
                            kind: CrashKind::Dead,
                            message: format!("{why}; this one: {}", crash.message),
                        };
                    }
                    replies[i] = Some(take(i, Err(Outcome::Crashed(crash))));
                }
            }
        }
        replies
            .into_iter()
            .map(|r| r.expect("every request of the batch has its reply"))
            .collect()
    }
}

/// Reads the answer to request `id` by `deadline`, straight from the line as the read buffer
/// holds it.
fn answer(worker: &mut Worker, id: u64, deadline: Instant) -> Result<Response, Fault> {
    let line = worker.read_line(deadline).map_err(|e| match e {
        ReadError::Timeout => Fault::Timeout,
        ReadError::Closed => Fault::Exited,
        ReadError::Broken(why) => Fault::Protocol(why),
    })?;
    let response = Response::read(line).map_err(|e| {
        Fault::Protocol(format!(
            "not a response ({e}): {}",
            shorten(&String::from_utf8_lossy(line))
        ))
    })?;
    if response.id != Some(id) {
        // Ids are given in increasing order and answered in order: a smaller one was answered
        // (or given up on) already, a larger one jumped the queue.
        let what = match response.id {
            Some(other) if other < id => {
                format!(" (request {other} was answered already: a second answer)")
            }
            Some(other) => format!(" (out of order: request {other} before request {id})"),
            None => String::new(),
        };
        return Err(Fault::Protocol(format!(
            "the answer carries id {}, not {id}{what}: {}",
            response.id.map_or("null".to_owned(), |i| i.to_string()),
            shorten(&String::from_utf8_lossy(line))
        )));
    }
    Ok(response)
}
