//! When a worker is given up on for the run (`workers/README.md`, "uridiff's side"): a worker
//! that fails request after request (no answer in time, a line that is not the answer due, a
//! closed pipe, an exit) is restarted for each one, and without an end to that a worker that
//! fails every time costs a timeout and a start for every request of the run, and again for
//! every run of the minimizer. So the failures in a row are counted, and a run of them that
//! reaches a bound ends the worker for the run: the request that reached it is a
//! [`CrashKind::Dead`] crash saying why, the worker is unavailable from then on with the same
//! reason (its later requests are not sent; a campaign records it as a death), and a request
//! answered in step in between starts the count again.
//!
//! Why two bounds: an exit is often a crash of the library on that input (a segfault on one
//! kind of byte), which a run of similar inputs repeats, and each is a finding worth keeping;
//! it costs a start, not a timeout. A `crashed` answer (the worker's own code failed, it says
//! so and stays in step) counts as an exit does: a worker whose glue fails on every input is
//! given up on after [`GIVE_UP_AFTER_EXITS`] of them, one line saying why, instead of a run of
//! its non-answers. A timeout, a protocol error or a closed pipe says the
//! worker itself is broken, and a timeout costs the whole timeout.

use std::fmt::Write as _;

use crate::model::CrashKind;

/// A run of this many failed requests that are not exits ends the worker for the run.
pub const GIVE_UP_AFTER: usize = 3;

/// A run of this many failed requests of any kind (exits included) ends the worker for the run.
pub const GIVE_UP_AFTER_EXITS: usize = 10;

/// The requests failed in a row since the last answer in step.
#[derive(Debug, Default)]
pub(super) struct Failures {
    /// The kinds of the failures in a row, oldest first.
    kinds: Vec<CrashKind>,
}

impl Failures {
    /// A request was answered in step: the run is broken.
    pub(super) fn answered(&mut self) {
        self.kinds.clear();
    }

    /// A request failed with `kind`; when that ends the worker for the run, the verdict's
    /// reason (one line: how many failed and of which kinds).
    pub(super) fn failed(&mut self, kind: CrashKind) -> Option<String> {
        self.kinds.push(kind);
        // A crash the worker reports itself (its own code failed on this input) costs no
        // restart and, like an exit, often repeats on a run of similar inputs: it counts
        // with the exits.
        let not_exits = self
            .kinds
            .iter()
            .filter(|&&k| !matches!(k, CrashKind::Exit | CrashKind::Worker))
            .count();
        if not_exits < GIVE_UP_AFTER && self.kinds.len() < GIVE_UP_AFTER_EXITS {
            return None;
        }
        let mut why = format!(
            "given up on for the rest of the run: {} requests in a row failed (",
            self.kinds.len()
        );
        for (k, kind) in self.kinds.iter().enumerate() {
            let _ = write!(why, "{}{}", if k > 0 { ", " } else { "" }, kind.name());
        }
        why.push(')');
        Some(why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_timeouts_or_protocol_errors_in_a_row_end_the_worker() {
        let mut f = Failures::default();
        assert_eq!(f.failed(CrashKind::Timeout), None);
        assert_eq!(f.failed(CrashKind::Protocol), None);
        let why = f.failed(CrashKind::Timeout).expect("the third ends it");
        assert_eq!(
            why,
            "given up on for the rest of the run: 3 requests in a row failed \
             (timeout, protocol, timeout)"
        );
    }

    #[test]
    fn an_answer_in_step_starts_the_count_again() {
        let mut f = Failures::default();
        for _ in 0..100 {
            assert_eq!(f.failed(CrashKind::Timeout), None);
            assert_eq!(f.failed(CrashKind::Protocol), None);
            f.answered();
        }
    }

    #[test]
    fn crashes_the_worker_reports_count_as_exits() {
        let mut f = Failures::default();
        for k in 1..GIVE_UP_AFTER_EXITS {
            assert_eq!(f.failed(CrashKind::Worker), None, "worker crash {k}");
        }
        let why = f.failed(CrashKind::Worker).expect("the tenth ends it");
        assert!(
            why.contains("10 requests in a row failed (worker, worker"),
            "{why}"
        );
    }

    #[test]
    fn exits_alone_count_longer_and_count_with_the_others() {
        let mut f = Failures::default();
        for k in 1..GIVE_UP_AFTER_EXITS {
            assert_eq!(f.failed(CrashKind::Exit), None, "exit {k}");
        }
        let why = f.failed(CrashKind::Exit).expect("the tenth exit ends it");
        assert!(
            why.contains("10 requests in a row failed (exit, exit"),
            "{why}"
        );
        // Two exits then three timeouts: the third timeout ends it, the exits counted in.
        let mut f = Failures::default();
        f.failed(CrashKind::Exit);
        f.failed(CrashKind::Exit);
        assert_eq!(f.failed(CrashKind::Timeout), None);
        assert_eq!(f.failed(CrashKind::Timeout), None);
        let why = f.failed(CrashKind::Timeout).expect("the third non-exit");
        assert!(why.contains("5 requests in a row"), "{why}");
    }
}
