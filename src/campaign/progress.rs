//! What a running campaign says about itself: the classes it knows by severity, its rate and the
//! time it has left, as one line. On a terminal the line is an indicatif progress bar's message;
//! off a terminal (a CI log, a pipe) the same line is printed every [`STATUS_EVERY`], paced by a
//! [`Pacer`], so a log shows the campaign alive without a line per batch. The time left follows
//! the two budgets `uridiff fuzz` takes: `--seconds` (a deadline) and `--inputs` (a count, whose
//! time left is estimated from the rate so far); the campaign stops at whichever comes first.

use std::fmt;
use std::time::{Duration, Instant};

/// How often a campaign off a terminal prints its status line.
pub const STATUS_EVERY: Duration = Duration::from_secs(30);

/// Classes counted by severity (the `severity` field of a findings line).
///
/// ```
/// use uridiff::campaign::progress::Severities;
/// let mut s = Severities::default();
/// s.add("critical");
/// s.add("low");
/// s.add("low");
/// assert_eq!((s.critical, s.low), (1, 2));
/// assert_eq!(s.to_string(), "1 critical, 0 high, 0 medium, 2 low");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Severities {
    /// Critical classes (crashes; scheme, authority, userinfo, host or port).
    pub critical: usize,
    /// High (validity, path, host kind, resolution).
    pub high: usize,
    /// Medium (query, fragment, normalization, equivalence).
    pub medium: usize,
    /// Low (undefined against empty).
    pub low: usize,
    /// A severity this build does not know (a line from another uridiff).
    pub other: usize,
}

impl Severities {
    /// Counts one class of severity `name`.
    pub fn add(&mut self, name: &str) {
        match name {
            "critical" => self.critical += 1,
            "high" => self.high += 1,
            "medium" => self.medium += 1,
            "low" => self.low += 1,
            _ => self.other += 1,
        }
    }
}

impl fmt::Display for Severities {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} critical, {} high, {} medium, {} low",
            self.critical, self.high, self.medium, self.low
        )?;
        if self.other > 0 {
            write!(f, ", {} other", self.other)?;
        }
        Ok(())
    }
}

/// What a campaign run was given to spend: `--seconds` and, if given, `--inputs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The deadline, in seconds from the start.
    pub seconds: u64,
    /// The inputs to run at most, if bounded.
    pub inputs: Option<u64>,
}

impl Budget {
    /// The time left after `elapsed` with `done` inputs run: the deadline's, or, when fewer
    /// inputs than that remain at the rate so far, theirs.
    ///
    /// ```
    /// use std::time::Duration;
    /// use uridiff::campaign::progress::Budget;
    /// let b = Budget { seconds: 60, inputs: Some(1000) };
    /// // 100 inputs in 10 s: 900 more take 90 s, past the deadline's 50 s.
    /// assert_eq!(b.left(Duration::from_secs(10), 100), Duration::from_secs(50));
    /// // 500 inputs in 10 s: 500 more take 10 s.
    /// assert_eq!(b.left(Duration::from_secs(10), 500), Duration::from_secs(10));
    /// ```
    pub fn left(&self, elapsed: Duration, done: u64) -> Duration {
        let deadline = Duration::from_secs(self.seconds).saturating_sub(elapsed);
        match self.inputs {
            Some(limit) if done > 0 => {
                let rest = limit.saturating_sub(done) as f64;
                let per_input = elapsed.as_secs_f64() / done as f64;
                deadline.min(Duration::from_secs_f64(rest * per_input))
            }
            _ => deadline,
        }
    }

    /// How far the run is, from 0 to 1: the larger of the time spent and the inputs run.
    ///
    /// ```
    /// use std::time::Duration;
    /// use uridiff::campaign::progress::Budget;
    /// let b = Budget { seconds: 100, inputs: Some(1000) };
    /// assert_eq!(b.fraction(Duration::from_secs(10), 500), 0.5);
    /// assert_eq!(b.fraction(Duration::from_secs(200), 0), 1.0);
    /// ```
    pub fn fraction(&self, elapsed: Duration, done: u64) -> f64 {
        let by_time = elapsed.as_secs_f64() / (self.seconds.max(1) as f64);
        let by_inputs = self.inputs.map_or(0.0, |n| done as f64 / (n.max(1) as f64));
        by_time.max(by_inputs).clamp(0.0, 1.0)
    }
}

/// Writes a duration as `1h02m03s`, `2m03s` or `3s`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}h{m:02}m{s:02}s")
    } else if m > 0 {
        format!("{m}m{s:02}s")
    } else {
        format!("{s}s")
    }
}

/// The status line of a campaign run: inputs, rate, time left, and the classes it knows (new in
/// this run, then by severity).
///
/// ```
/// use std::time::Duration;
/// use uridiff::campaign::progress::{status_line, Budget, Severities};
/// use uridiff::campaign::Progress;
/// let mut by_severity = Severities::default();
/// by_severity.add("high");
/// let p = Progress { inputs: 200, classes: 1, new: 1, minimized: 3, next: 200, by_severity };
/// let line = status_line(&p, Duration::from_secs(4), &Budget { seconds: 64, inputs: None });
/// assert_eq!(line, "200 inputs, 50/s, 1m00s left; 1 classes (1 new): 0 critical, 1 high, 0 medium, 0 low");
/// ```
pub fn status_line(p: &super::Progress, elapsed: Duration, budget: &Budget) -> String {
    let rate = p.inputs as f64 / elapsed.as_secs_f64().max(1e-3);
    format!(
        "{} inputs, {rate:.0}/s, {} left; {} classes ({} new): {}",
        p.inputs,
        clock(budget.left(elapsed, p.inputs)),
        p.classes,
        p.new,
        p.by_severity
    )
}

/// Says when a status line is due: at most one per interval, the first an interval after the
/// start (a run shorter than the interval prints none: its summary says it all).
///
/// ```
/// use std::time::{Duration, Instant};
/// use uridiff::campaign::progress::Pacer;
/// let start = Instant::now();
/// let mut pacer = Pacer::new(Duration::from_secs(30), start);
/// assert!(!pacer.due(start + Duration::from_secs(29)));
/// assert!(pacer.due(start + Duration::from_secs(31)));
/// assert!(!pacer.due(start + Duration::from_secs(32)));
/// assert!(pacer.due(start + Duration::from_secs(61)));
/// ```
#[derive(Debug)]
pub struct Pacer {
    every: Duration,
    last: Instant,
}

impl Pacer {
    /// A pacer of one line per `every`, counted from `start`.
    pub fn new(every: Duration, start: Instant) -> Pacer {
        Pacer { every, last: start }
    }

    /// Whether a line is due at `now`; if so, the next is due an interval later.
    pub fn due(&mut self, now: Instant) -> bool {
        if now.saturating_duration_since(self.last) >= self.every {
            self.last = now;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::Progress;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn time_left_follows_the_budget_that_ends_first() {
        let time_only = Budget {
            seconds: 90,
            inputs: None,
        };
        assert_eq!(time_only.left(secs(30), 10), secs(60));
        assert_eq!(time_only.left(secs(120), 10), Duration::ZERO);
        let inputs = Budget {
            seconds: 3600,
            inputs: Some(300),
        };
        // Nothing run yet: no rate, so the deadline is all that is known.
        assert_eq!(inputs.left(secs(1), 0), secs(3599));
        // 100 inputs in 20 s: the 200 left take 40 s.
        assert_eq!(inputs.left(secs(20), 100), secs(40));
        // Past the count (a batch overshoots): nothing left.
        assert_eq!(inputs.left(secs(20), 320), Duration::ZERO);
    }

    #[test]
    fn the_status_line_says_rate_time_left_and_each_severity() {
        let mut by_severity = Severities::default();
        for s in ["critical", "critical", "medium", "low", "nonsense"] {
            by_severity.add(s);
        }
        let p = Progress {
            inputs: 4500,
            classes: 5,
            new: 3,
            minimized: 7,
            next: 9001,
            by_severity,
        };
        let line = status_line(
            &p,
            secs(90),
            &Budget {
                seconds: 3700,
                inputs: None,
            },
        );
        assert_eq!(
            line,
            "4500 inputs, 50/s, 1h00m10s left; 5 classes (3 new): 2 critical, 0 high, 1 medium, 1 low, 1 other"
        );
        assert!(!line.contains('\n'), "one line");
    }

    #[test]
    fn the_pacer_gives_one_line_per_interval_however_often_asked() {
        let start = Instant::now();
        let mut pacer = Pacer::new(secs(30), start);
        let due: Vec<u64> = (0..=100).filter(|&t| pacer.due(start + secs(t))).collect();
        assert_eq!(due, vec![30, 60, 90]);
        let mut every_time = Pacer::new(Duration::ZERO, start);
        assert!(every_time.due(start) && every_time.due(start));
    }

    #[test]
    fn clock_writes_hours_minutes_and_seconds() {
        assert_eq!(clock(secs(0)), "0s");
        assert_eq!(clock(secs(59)), "59s");
        assert_eq!(clock(secs(61)), "1m01s");
        assert_eq!(clock(secs(3600)), "1h00m00s");
    }
}
