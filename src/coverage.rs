//! The coverage a campaign gathers from its parsers: for each worker that declares coverage in
//! its handshake and is asked for it (`workers/README.md`, "Coverage"), the ids of the library
//! code its answers executed (lines of the library's own files, interned by the worker), the
//! inputs whose answers reached ids not seen before, and the one warning a worker gets when its
//! coverage is malformed, too large, or grows past its cap.
//!
//! A [`Tally`] is shared (`Arc`) between the campaign, which reads what is new after each batch
//! ([`Tally::take_novel`]) and what each parser reached ([`Tally::reach`]), and the subjects,
//! which record each answer's ids ([`Tally::record`]). Everything in it is bounded: at most
//! [`MAX_IDS_PER_ANSWER`] ids are read from one answer and at most [`MAX_IDS_PER_WORKER`] are
//! kept for one worker (a library that generates code would otherwise grow it without end).

use std::collections::{BTreeMap, HashSet};
use std::sync::Mutex;

/// The most ids one answer may carry: a parse of a URI runs a few hundred lines of a library;
/// an answer with more is dropped (its outcome still counts) with the worker's one warning.
pub const MAX_IDS_PER_ANSWER: usize = 1 << 16;

/// The most distinct ids kept for one worker over a campaign; past it, new ids are dropped with
/// the worker's one warning, and what was kept still guides the campaign.
pub const MAX_IDS_PER_WORKER: usize = 1 << 20;

/// The longest coverage kind a handshake may declare (`"lines"`, `"edges"`).
pub const MAX_KIND_LEN: usize = 32;

/// A handshake's `coverage` value as a kind: a short name of lowercase letters, digits and
/// `-`, or why it is not one.
///
/// ```
/// use uridiff::coverage::kind;
/// assert_eq!(kind("lines"), Ok("lines"));
/// assert!(kind("").is_err());
/// assert!(kind("Lines of code").is_err());
/// ```
///
/// # Errors
///
/// The text is empty, longer than [`MAX_KIND_LEN`], or holds another character.
pub fn kind(text: &str) -> Result<&str, String> {
    let ok = !text.is_empty()
        && text.len() <= MAX_KIND_LEN
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if ok {
        Ok(text)
    } else {
        Err(format!(
            "coverage kind {text:?} is not a name of at most {MAX_KIND_LEN} lowercase letters, digits and '-'"
        ))
    }
}

/// What one parser's answers reached.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// The kind its handshake declared (`lines`).
    pub kind: String,
    /// The distinct ids reached.
    pub ids: usize,
    /// How many ids its instrumentation can report, when its handshake said
    /// (`coverage_total`): what [`Reach::ids`] is counted out of.
    pub instrumented: Option<u64>,
    /// Whether new ids were dropped at [`MAX_IDS_PER_WORKER`].
    pub capped: bool,
}

impl Reach {
    /// The share of the instrumented ids reached, in percent, when the total is known
    /// ([`share`]).
    pub fn percent(&self) -> Option<f64> {
        share(self.ids, self.instrumented)
    }
}

/// `reached` ids out of `instrumented`, in percent; `None` when the total is unknown (or 0).
///
/// ```
/// assert_eq!(uridiff::coverage::share(25, Some(200)), Some(12.5));
/// assert_eq!(uridiff::coverage::share(25, None), None);
/// ```
pub fn share(reached: usize, instrumented: Option<u64>) -> Option<f64> {
    instrumented
        .filter(|&n| n > 0)
        .map(|n| 100.0 * reached as f64 / n as f64)
}

/// An input whose answer, from one parser, reached ids no earlier answer of that parser had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Novel {
    /// The input (a parse's input; a resolution's reference).
    pub input: Vec<u8>,
    /// The parser.
    pub parser: String,
    /// The ids first reached, in increasing order.
    pub ids: Vec<u32>,
}

#[derive(Debug, Default)]
struct Worker {
    kind: String,
    instrumented: Option<u64>,
    seen: HashSet<u32>,
    capped: bool,
    warned: bool,
}

#[derive(Debug, Default)]
struct Inner {
    workers: BTreeMap<String, Worker>,
    novel: Vec<Novel>,
    warnings: Vec<String>,
}

/// The coverage of a campaign's parsers, shared between the campaign and its subjects.
///
/// ```
/// use uridiff::coverage::Tally;
/// let t = Tally::default();
/// t.declare("w", "lines", None);
/// assert_eq!(t.record("w", b"http://a", &[3, 1, 3]), 2);
/// assert_eq!(t.record("w", b"http://b", &[1, 3]), 0);
/// let novel = t.take_novel();
/// assert_eq!((novel.len(), novel[0].ids.clone()), (1, vec![1, 3]));
/// assert_eq!(t.reach()["w"].ids, 2);
/// ```
#[derive(Debug, Default)]
pub struct Tally {
    inner: Mutex<Inner>,
}

impl Tally {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while it was held leaves at worst a count short.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Notes that `worker` gives coverage of `kind` (its handshake said so), out of
    /// `instrumented` ids when its handshake said how many.
    pub fn declare(&self, worker: &str, kind: &str, instrumented: Option<u64>) {
        let mut inner = self.lock();
        let w = inner.workers.entry(worker.to_owned()).or_default();
        kind.clone_into(&mut w.kind);
        w.instrumented = instrumented;
    }

    /// Whether no worker declared coverage, sent any, or had any restored: a campaign that
    /// holds such a tally is blind.
    ///
    /// ```
    /// let t = uridiff::coverage::Tally::default();
    /// assert!(t.is_empty());
    /// t.declare("w", "lines", None);
    /// assert!(!t.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.lock().workers.is_empty()
    }

    /// Whether `worker` declared coverage.
    pub fn declared(&self, worker: &str) -> bool {
        self.lock().workers.contains_key(worker)
    }

    /// Records the ids one answer of `worker` to `input` reached; returns how many were new.
    /// Ids past [`MAX_IDS_PER_WORKER`] are dropped with the worker's one warning.
    pub fn record(&self, worker: &str, input: &[u8], ids: &[u32]) -> usize {
        let mut guard = self.lock();
        let inner = &mut *guard;
        let w = inner.workers.entry(worker.to_owned()).or_default();
        let mut new = Vec::new();
        for &id in ids {
            if w.seen.contains(&id) {
                continue;
            }
            if w.seen.len() >= MAX_IDS_PER_WORKER {
                w.capped = true;
                break;
            }
            w.seen.insert(id);
            new.push(id);
        }
        if w.capped && !w.warned {
            w.warned = true;
            inner.warnings.push(format!(
                "{worker}: its coverage reached {MAX_IDS_PER_WORKER} ids, the most kept for one worker; new ones are dropped"
            ));
        }
        let count = new.len();
        if count > 0 {
            new.sort_unstable();
            inner.novel.push(Novel {
                input: input.to_vec(),
                parser: worker.to_owned(),
                ids: new,
            });
        }
        count
    }

    /// Ids reached before (a resumed campaign's corpus): counted as seen, never novel.
    pub fn restore(&self, worker: &str, ids: &[u32]) {
        let mut inner = self.lock();
        let w = inner.workers.entry(worker.to_owned()).or_default();
        for &id in ids {
            if w.seen.len() >= MAX_IDS_PER_WORKER {
                w.capped = true;
                break;
            }
            w.seen.insert(id);
        }
    }

    /// Notes why one answer's coverage of `worker` was dropped: the first time for this worker
    /// it becomes a warning (see [`Tally::take_warnings`]), later times are silent.
    pub fn dropped(&self, worker: &str, why: &str) {
        let mut guard = self.lock();
        let inner = &mut *guard;
        let w = inner.workers.entry(worker.to_owned()).or_default();
        if !w.warned {
            w.warned = true;
            inner.warnings.push(format!(
                "{worker}: coverage dropped ({why}); its answers still count, and later coverage faults are not reported"
            ));
        }
    }

    /// Notes a warning about coverage that is no worker's answer (a covered build that could
    /// not be made), given with the others ([`Tally::take_warnings`]); it declares nothing.
    ///
    /// ```
    /// let t = uridiff::coverage::Tally::default();
    /// t.warn("url: no coverage: cargo not found".to_owned());
    /// assert_eq!(t.take_warnings().len(), 1);
    /// assert!(t.is_empty());
    /// ```
    pub fn warn(&self, warning: String) {
        self.lock().warnings.push(warning);
    }

    /// The inputs that reached new ids since the last call, in the order they were recorded.
    pub fn take_novel(&self) -> Vec<Novel> {
        std::mem::take(&mut self.lock().novel)
    }

    /// The warnings since the last call, one per worker at most over the tally's life.
    pub fn take_warnings(&self) -> Vec<String> {
        std::mem::take(&mut self.lock().warnings)
    }

    /// What each parser that declared coverage (or sent some) reached, by name.
    pub fn reach(&self) -> BTreeMap<String, Reach> {
        self.lock()
            .workers
            .iter()
            .map(|(name, w)| {
                (
                    name.clone(),
                    Reach {
                        kind: w.kind.clone(),
                        ids: w.seen.len(),
                        instrumented: w.instrumented,
                        capped: w.capped,
                    },
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_novel_only_for_ids_its_parser_has_not_reached() {
        let t = Tally::default();
        assert_eq!(t.record("a", b"x", &[5, 2]), 2);
        // Another parser's ids are its own: the same ids are new to it.
        assert_eq!(t.record("b", b"x", &[5]), 1);
        assert_eq!(t.record("a", b"y", &[2, 5, 9]), 1);
        let novel = t.take_novel();
        let got: Vec<(&[u8], &str, &[u32])> = novel
            .iter()
            .map(|n| (n.input.as_slice(), n.parser.as_str(), n.ids.as_slice()))
            .collect();
        assert_eq!(
            got,
            vec![
                (&b"x"[..], "a", &[2, 5][..]),
                (&b"x"[..], "b", &[5][..]),
                (&b"y"[..], "a", &[9][..]),
            ]
        );
        assert!(t.take_novel().is_empty(), "taken twice");
    }

    #[test]
    fn restored_ids_are_seen_but_never_novel() {
        let t = Tally::default();
        t.restore("a", &[1, 2]);
        assert_eq!(t.record("a", b"x", &[1, 2]), 0);
        assert!(t.take_novel().is_empty());
        assert_eq!(t.reach()["a"].ids, 2);
    }

    #[test]
    fn a_worker_is_warned_about_once_whatever_goes_wrong() {
        let t = Tally::default();
        t.dropped("w", "not a list of integers");
        t.dropped("w", "more than 65536 ids");
        t.dropped("v", "not a list of integers");
        let warnings = t.take_warnings();
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].starts_with("w: coverage dropped (not a list"));
        assert!(warnings[1].starts_with("v: "));
        assert!(t.take_warnings().is_empty());
    }

    #[test]
    fn a_worker_stops_growing_at_its_cap() {
        let t = Tally::default();
        let ids: Vec<u32> = (0..u32::try_from(MAX_IDS_PER_WORKER).unwrap() + 10).collect();
        for chunk in ids.chunks(MAX_IDS_PER_ANSWER) {
            t.record("big", b"x", chunk);
        }
        let reach = &t.reach()["big"];
        assert_eq!(reach.ids, MAX_IDS_PER_WORKER);
        assert!(reach.capped);
        let warnings = t.take_warnings();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("big: its coverage reached"));
    }

    #[test]
    fn kinds_are_short_lowercase_names() {
        assert_eq!(kind("edges-v8"), Ok("edges-v8"));
        assert!(kind(&"a".repeat(MAX_KIND_LEN + 1)).is_err());
        assert!(kind("lines\n").is_err());
    }
}
