//! The subject contract: every parser uridiff compares, in-process or external, is a [`Subject`]
//! that declares what it is and what it can do ([`SubjectInfo`]) and answers with the shared
//! [`crate::model`].
//!
//! The engine, not the adapter, decides whether a job fits a subject ([`run`]): a job for an
//! operation the subject does not declare, an edition it does not speak, or a rule of an edition
//! grammar it has no notion of is `Unsupported` before the subject is called, and never counts as
//! a difference. Panics are caught per call from any thread, with one hook installed once
//! ([`catch`]).
//!
//! The parsers uridiff ships are the cards of [`crate::parsers::CARDS`]; [`builtin`] makes a
//! subject of each. Adding an in-process parser: one file in this folder implementing
//! [`Subject`] (with [`Subject::direct`], its benchmark entry), its [`Adapter`] and its line in
//! [`adapter`], and its card.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Once};
use std::time::Duration;

use serde::Serialize;
use uri_spec::Edition;

use crate::model::{Answer, ComponentSet, Crash, CrashKind, Op, OpSet, Outcome, Parsed};
use crate::parsers::{Adapter, Card, Runs, CARDS};

#[cfg(feature = "ada")]
mod ada;
mod adapt;
pub mod covered;
pub mod direct;
pub mod external;
mod fluent_uri;
mod http;
mod iref;
mod iri_string;
pub mod lenient;
mod oracle;
mod oxiri;
pub mod profile;
pub mod reproduce;
mod spec;
mod uriparse;
mod url;

#[cfg(feature = "ada")]
pub use self::ada::Ada;
pub use self::fluent_uri::FluentUri;
pub use self::http::HttpUri;
pub use self::iref::Iref;
pub use self::iri_string::IriString;
pub use self::oxiri::Oxiri;
pub use self::uriparse::Uriparse;
pub use self::url::UrlCrate;
pub use lenient::Lenient;
pub use oracle::{appendix_b_groups, OracleGrammar, OracleRegex};
pub use spec::Spec;

/// Whether a subject runs inside uridiff or as a worker process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A library linked into uridiff.
    InProcess,
    /// A worker process speaking the JSON-lines protocol.
    External,
}

/// What a subject is and what it can do.
#[derive(Clone, Debug, Serialize)]
pub struct SubjectInfo {
    /// A short stable name (`impl`, `url`, `python-urllib`, ...).
    pub name: String,
    /// The library's version, read from the crate or the runtime.
    pub version: String,
    /// The standard or family it follows (`rfc3986`, `whatwg-url`, `rfc2396`, ...): what its
    /// differences are judged by.
    pub profile: String,
    /// In-process or external.
    pub kind: Kind,
    /// The library and entry points it calls, for people.
    pub library: String,
    /// The operations it has.
    pub operations: OpSet,
    /// The components its parse reports.
    pub components: ComponentSet,
    /// Whether its parse ever rejects an input (the Appendix B expression never does).
    pub decides_validity: bool,
    /// Whether its parse reports each edition's own fields beside the common components (1994's
    /// `url-path`, `user`, ...).
    pub edition_fields: bool,
    /// The editions it speaks; empty for a parser with no notion of editions, which answers
    /// every job under its profile.
    #[serde(serialize_with = "edition_ids")]
    pub editions: Vec<Edition>,
    /// The parser uridiff ships whose library this one calls, when it is not that parser
    /// itself (a maintainer's worker of the library at their own commit: its handshake's
    /// `wraps`, or `--external NAME=...` under a shipped parser's name): it takes that
    /// parser's by-design rules, and has no reproduce line of that parser's (one would call
    /// the library uridiff installs, not this worker's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wraps: Option<String>,
}

fn edition_ids<S: serde::Serializer>(e: &[Edition], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(e.iter().map(|e| e.id()))
}

impl SubjectInfo {
    /// Whether the subject speaks editions (only impl and the oracles do).
    pub fn speaks_editions(&self) -> bool {
        !self.editions.is_empty()
    }

    /// The name its by-design rules are filed under, beside its profile's: the parser it
    /// [wraps](SubjectInfo::wraps), else its own.
    pub fn rules_owner(&self) -> &str {
        self.wraps.as_deref().unwrap_or(&self.name)
    }
}

/// The setting of a job beyond its operands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ctx<'a> {
    /// The edition whose rules apply (subjects without editions ignore it).
    pub edition: Edition,
    /// An edition grammar rule to parse as (`None`: the edition's URI-reference rule).
    pub rule: Option<&'a str>,
    /// `resolve`: false for the non-strict reading of RFC 3986 5.2.2.
    pub non_strict: bool,
}

/// One job: an operation, its operands and its setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job<'a> {
    /// The operation.
    pub op: Op,
    /// The input (the reference, for `resolve`; the text, for `extract`).
    pub input: &'a [u8],
    /// `resolve`: the base; `equivalent`: the other operand.
    pub second: Option<&'a [u8]>,
    /// The setting.
    pub ctx: Ctx<'a>,
}

impl<'a> Job<'a> {
    /// A `parse` job under RFC 3986.
    ///
    /// ```
    /// let j = uridiff::subjects::Job::parse(b"http://a");
    /// assert_eq!(j.op, uridiff::model::Op::Parse);
    /// ```
    pub fn parse(input: &'a [u8]) -> Job<'a> {
        Job {
            op: Op::Parse,
            input,
            second: None,
            ctx: Ctx::default(),
        }
    }

    /// A `resolve` job under RFC 3986.
    pub fn resolve(base: &'a [u8], reference: &'a [u8]) -> Job<'a> {
        Job {
            op: Op::Resolve,
            input: reference,
            second: Some(base),
            ctx: Ctx::default(),
        }
    }

    /// The same job under `edition`.
    #[must_use]
    pub fn edition(mut self, edition: Edition) -> Job<'a> {
        self.ctx.edition = edition;
        self
    }
}

/// A URI parser under test.
///
/// Each method has a default that says "unsupported"; [`run`] never calls a method whose
/// operation the subject does not declare, so an adapter writes only the ones it has.
pub trait Subject: Send + Sync {
    /// What the subject is and can do.
    fn info(&self) -> &SubjectInfo;

    /// Whether it can run here (`Err` says why not: a missing interpreter, a feature not
    /// compiled in, a worker that failed its handshake).
    ///
    /// # Errors
    ///
    /// The reason the subject cannot run.
    fn available(&self) -> Result<(), String> {
        Ok(())
    }

    /// Asks the subject to record the coverage of its library's code with each answer in
    /// `tally` from now on (workers/README.md, "Coverage"), where it can: a worker whose
    /// handshake declares coverage. The default, for a subject that gives none, does nothing.
    fn watch_coverage(&self, tally: &Arc<crate::coverage::Tally>) {
        let _ = tally;
    }

    /// Lets the subject answer a batch ([`Subject::run_batch`]) with up to `processes`
    /// processes at once, each a part of the batch: a worker's pool, which the engine grows
    /// for a worker dearer than a core's share of the run (`engine::pool`). The default, for a
    /// subject that is no process,
    /// does nothing.
    ///
    /// ```
    /// use uridiff::subjects::{Job, Spec, Subject};
    /// Spec::get().spread(4);
    /// assert_eq!(Spec::get().run_batch(&[Job::parse(b"http://a")]).len(), 1);
    /// ```
    fn spread(&self, processes: usize) {
        let _ = processes;
    }

    /// Whether the engine gives it its jobs in batches ([`Subject::run_batch`], a thread of its
    /// own) rather than one at a time over the cores: where a round trip to a process is the
    /// cost, the batch keeps requests in flight. A worker's are; an in-process subject's are
    /// while a covered build answers beside it (`covered`).
    ///
    /// ```
    /// use uridiff::subjects::{Spec, Subject};
    /// assert!(!Spec::get().pipelined());
    /// ```
    fn pipelined(&self) -> bool {
        self.info().kind == Kind::External
    }

    /// Parses `input`.
    fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
        let _ = (input, ctx);
        Outcome::Unsupported("parse".into())
    }

    /// Resolves `reference` against `base`.
    fn resolve(&self, base: &[u8], reference: &[u8], ctx: &Ctx<'_>) -> Outcome<String> {
        let _ = (base, reference, ctx);
        Outcome::Unsupported("resolve".into())
    }

    /// Normalizes `input` (syntax-based, RFC 3986 6.2.2, or the library's own).
    fn normalize(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<String> {
        let _ = (input, ctx);
        Outcome::Unsupported("normalize".into())
    }

    /// Whether `a` and `b` are equivalent.
    fn equivalent(&self, a: &[u8], b: &[u8], ctx: &Ctx<'_>) -> Outcome<bool> {
        let _ = (a, b, ctx);
        Outcome::Unsupported("equivalent".into())
    }

    /// The URIs a running text contains.
    fn extract(&self, text: &[u8], ctx: &Ctx<'_>) -> Outcome<Vec<String>> {
        let _ = (text, ctx);
        Outcome::Unsupported("extract".into())
    }

    /// Runs every job, with [`run`]'s filter and checks, and returns the outcomes in job order.
    /// The default runs one job at a time; a subject with a cheaper way to answer many (an
    /// external worker, which pipelines its requests) overrides it.
    ///
    /// ```
    /// use uridiff::subjects::{Job, Spec, Subject};
    /// let out = Spec::get().run_batch(&[Job::parse(b"http://a"), Job::parse(b"%")]);
    /// assert!(out[0].is_accepted() && !out[1].is_accepted());
    /// ```
    fn run_batch(&self, jobs: &[Job<'_>]) -> Vec<Outcome<Answer>> {
        jobs.iter().map(|job| run(self, job)).collect()
    }

    /// The library's own entry points, called directly (not through this adapter) by
    /// `uridiff bench` and the criterion benches; `None` for a worker process or a library not
    /// compiled in. Each in-process adapter writes its own beside its mapping, so that the one
    /// list of parsers ([`crate::parsers::CARDS`]) is also the list of libraries measured.
    ///
    /// ```
    /// use uridiff::subjects::{Subject, UrlCrate};
    /// let peer = UrlCrate::get().direct().unwrap();
    /// assert_eq!(peer.name, UrlCrate::get().info().name);
    /// ```
    fn direct(&self) -> Option<direct::Peer> {
        None
    }
}

/// Why a job does not fit a subject, or `None` when it does: the engine's capability filter.
///
/// ```
/// use uridiff::subjects::{fits, Job, Spec, Subject, OracleRegex};
/// assert_eq!(fits(Spec::get().info(), &Job::resolve(b"http://a/", b"g")), None);
/// assert!(fits(OracleRegex::get().info(), &Job::resolve(b"http://a/", b"g")).is_some());
/// ```
pub fn fits(info: &SubjectInfo, job: &Job<'_>) -> Option<String> {
    if !info.operations.contains(job.op) {
        return Some(format!("{} has no {} operation", info.name, job.op));
    }
    if info.speaks_editions() {
        if !info.editions.contains(&job.ctx.edition) {
            return Some(format!(
                "{} does not speak {}",
                info.name,
                job.ctx.edition.id()
            ));
        }
    } else {
        if let Some(rule) = job.ctx.rule {
            return Some(format!(
                "{} has no notion of the grammar rule {rule}",
                info.name
            ));
        }
        if job.ctx.non_strict {
            return Some(format!(
                "{} has no non-strict resolution reading",
                info.name
            ));
        }
    }
    None
}

/// Runs `job` on `subject`: the capability filter, the availability check, then the call with
/// its panic caught.
///
/// # Examples
///
/// ```
/// use uridiff::model::{Answer, Outcome};
/// use uridiff::subjects::{run, Job, Spec};
/// let out = run(Spec::get(), &Job::resolve(b"http://a/b/c/d;p?q", b"../g"));
/// assert_eq!(out, Outcome::Accepted(Answer::Text("http://a/b/g".into())));
/// ```
pub fn run<S: Subject + ?Sized>(subject: &S, job: &Job<'_>) -> Outcome<Answer> {
    if let Some(why) = fits(subject.info(), job) {
        return Outcome::Unsupported(why);
    }
    if let Err(why) = subject.available() {
        return Outcome::Unsupported(format!("{} is not available: {why}", subject.info().name));
    }
    let ctx = &job.ctx;
    let second = job.second.unwrap_or_default();
    catch(|| match job.op {
        Op::Parse => subject
            .parse(job.input, ctx)
            .map(|p| Answer::Parsed(Arc::new(p))),
        Op::Resolve => subject.resolve(second, job.input, ctx).map(Answer::Text),
        Op::Normalize => subject.normalize(job.input, ctx).map(Answer::Text),
        Op::Equivalent => subject.equivalent(job.input, second, ctx).map(Answer::Bool),
        Op::Extract => subject.extract(job.input, ctx).map(Answer::List),
    })
}

/// Each subject's [`Subject::available`], in order, the subjects checked at the same time: a
/// worker's check starts its process and waits for its handshake (a JVM, a Python import), so
/// one after another the starts add up; at once they take about the slowest one's time.
///
/// ```
/// use uridiff::subjects::{availability, in_process};
/// let subjects = in_process();
/// let found = availability(&subjects);
/// assert_eq!(found.len(), subjects.len());
/// assert!(found.iter().all(Result::is_ok));
/// ```
pub fn availability(subjects: &[Arc<dyn Subject>]) -> Vec<Result<(), String>> {
    std::thread::scope(|scope| {
        let checks: Vec<_> = subjects
            .iter()
            .map(|s| scope.spawn(move || s.available()))
            .collect();
        checks
            .into_iter()
            .zip(subjects)
            .map(|(check, s)| {
                // A check that panics is that subject's failure, not the run's.
                check.join().unwrap_or_else(|_| {
                    Err(format!(
                        "{}: its availability check panicked",
                        s.info().name
                    ))
                })
            })
            .collect()
    })
}

/// Runs every job on `subject` through its [`Subject::run_batch`], with a panic caught: a
/// subject that panics on a batch has a crash for each of its jobs.
///
/// ```
/// use uridiff::subjects::{run_batch, Job, Spec};
/// let out = run_batch(Spec::get(), &[Job::parse(b"http://a"), Job::resolve(b"http://a/b", b"c")]);
/// assert_eq!(out.len(), 2);
/// assert!(out.iter().all(|o| o.is_accepted()));
/// ```
pub fn run_batch(subject: &dyn Subject, jobs: &[Job<'_>]) -> Vec<Outcome<Answer>> {
    // No job, no call: a worker's batch takes its lock and checks its process even when empty,
    // and callers pass the re-parses of a batch whether there are any or not.
    if jobs.is_empty() {
        return Vec::new();
    }
    match catch(|| Outcome::Accepted(subject.run_batch(jobs))) {
        Outcome::Accepted(outcomes) if outcomes.len() == jobs.len() => outcomes,
        Outcome::Accepted(outcomes) => {
            let crash = Crash {
                kind: CrashKind::Protocol,
                message: format!(
                    "{} answered {} jobs of a batch of {}",
                    subject.info().name,
                    outcomes.len(),
                    jobs.len()
                ),
            };
            jobs.iter()
                .map(|_| Outcome::Crashed(crash.clone()))
                .collect()
        }
        other => {
            let other = other.map(|_| Answer::Bool(false));
            jobs.iter().map(|_| other.clone()).collect()
        }
    }
}

thread_local! {
    /// Set while [`catch`] runs on this thread: the hook keeps the message instead of printing.
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    /// The last caught panic's message and location on this thread.
    static CAUGHT: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

/// Installs, once for the process, a panic hook that stays silent for panics inside [`catch`]
/// (recording their message and location) and hands every other panic to the hook that was
/// there before.
fn install_hook() {
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if CATCHING.with(Cell::get) {
                let msg = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a non-string payload".to_owned());
                let at = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                CAUGHT.with(|c| *c.borrow_mut() = Some(format!("{msg}{at}")));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, turning a panic into a [`CrashKind::Panic`] crash with its message. Safe to call
/// from any number of threads at once: the process's hook is installed once and never swapped.
///
/// # Examples
///
/// ```
/// use uridiff::{model::{CrashKind, Outcome}, subjects::catch};
/// let out: Outcome<()> = catch(|| panic!("boom"));
/// let Outcome::Crashed(c) = out else { panic!() };
/// assert_eq!(c.kind, CrashKind::Panic);
/// assert!(c.message.starts_with("boom"));
/// ```
pub fn catch<T>(f: impl FnOnce() -> Outcome<T>) -> Outcome<T> {
    install_hook();
    let was = CATCHING.with(|c| c.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(was));
    result.unwrap_or_else(|_| {
        let message = CAUGHT
            .with(|c| c.borrow_mut().take())
            .unwrap_or_else(|| "panicked".to_owned());
        Outcome::Crashed(Crash {
            kind: CrashKind::Panic,
            message,
        })
    })
}

/// A subject that could not be compiled into this build: listed, never run.
#[derive(Debug)]
pub struct NotCompiled {
    info: SubjectInfo,
    why: &'static str,
}

impl NotCompiled {
    /// A placeholder for `name`, with the reason.
    pub fn new(name: &str, profile: &str, why: &'static str) -> NotCompiled {
        NotCompiled {
            info: SubjectInfo {
                wraps: None,
                name: name.to_owned(),
                version: "-".to_owned(),
                profile: profile.to_owned(),
                kind: Kind::InProcess,
                library: "-".to_owned(),
                operations: OpSet::of(&[Op::Parse]),
                components: ComponentSet::NONE,
                decides_validity: true,
                edition_fields: false,
                editions: Vec::new(),
            },
            why,
        }
    }
}

impl Subject for NotCompiled {
    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn available(&self) -> Result<(), String> {
        Err(self.why.to_owned())
    }
}

/// The subject of `card`; `timeout` is the per-request timeout of an external worker (the
/// in-process parsers ignore it).
///
/// ```
/// use std::time::Duration;
/// use uridiff::subjects::{make, Subject};
/// let url = make(uridiff::parsers::card("url").unwrap(), Duration::from_secs(1));
/// assert_eq!(url.info().name, "url");
/// ```
pub fn make(card: &'static Card, timeout: Duration) -> Arc<dyn Subject> {
    match &card.runs {
        Runs::InProcess(a, None) => adapter(*a, card),
        Runs::InProcess(a, Some(_)) => Arc::new(covered::Covered::new(adapter(*a, card), card)),
        Runs::Worker(w) => Arc::new(external::External::of_worker(card, w).timeout(timeout)),
    }
}

/// The in-process adapter `a`, for `card` (named when the library is not compiled in).
fn adapter(a: Adapter, card: &Card) -> Arc<dyn Subject> {
    match a {
        Adapter::Spec => Arc::new(Spec::new()),
        Adapter::OracleRegex => Arc::new(OracleRegex::new()),
        Adapter::OracleGrammar => Arc::new(OracleGrammar::new()),
        Adapter::Url => Arc::new(UrlCrate::new()),
        Adapter::Http => Arc::new(HttpUri::new()),
        Adapter::FluentUri => Arc::new(FluentUri::new()),
        Adapter::IriString => Arc::new(IriString::new()),
        Adapter::Oxiri => Arc::new(Oxiri::new()),
        Adapter::Iref => Arc::new(Iref::new()),
        Adapter::Uriparse => Arc::new(Uriparse::new()),
        #[cfg(feature = "ada")]
        Adapter::Ada => {
            let _ = card;
            Arc::new(Ada::new())
        }
        #[cfg(not(feature = "ada"))]
        Adapter::Ada => Arc::new(NotCompiled::new(
            card.name,
            card.profile,
            "built without the `ada` feature",
        )),
    }
}

/// Every built-in subject, in the cards' order.
///
/// ```
/// let all = uridiff::subjects::builtin();
/// assert_eq!(all[0].info().name, "impl");
/// ```
pub fn builtin() -> Vec<Arc<dyn Subject>> {
    builtin_with_timeout(external::DEFAULT_TIMEOUT)
}

/// Every built-in subject, in the cards' order, the external workers with `timeout` per request
/// (the command line's `--timeout-ms`).
///
/// ```
/// use std::time::Duration;
/// let all = uridiff::subjects::builtin_with_timeout(Duration::from_millis(750));
/// assert_eq!(all.len(), uridiff::subjects::builtin().len());
/// ```
pub fn builtin_with_timeout(timeout: Duration) -> Vec<Arc<dyn Subject>> {
    CARDS.iter().map(|card| make(card, timeout)).collect()
}

/// The built-in subjects that run inside uridiff (no worker process is started).
///
/// ```
/// let all = uridiff::subjects::in_process();
/// assert!(all.iter().all(|s| s.info().kind == uridiff::subjects::Kind::InProcess));
/// ```
pub fn in_process() -> Vec<Arc<dyn Subject>> {
    builtin()
        .into_iter()
        .filter(|s| s.info().kind == Kind::InProcess)
        .collect()
}

/// A name that is no subject.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown parser {name:?}; valid parsers: {valid}")]
pub struct UnknownSubject {
    /// The name asked for.
    pub name: String,
    /// The valid names, comma-separated.
    pub valid: String,
}

/// The subjects named `names` among `all`, in the order asked.
///
/// # Errors
///
/// [`UnknownSubject`] listing the valid names.
///
/// ```
/// let all = uridiff::subjects::builtin();
/// let got = uridiff::subjects::select(&all, &["oracle-regex".to_owned()]).unwrap();
/// assert_eq!(got[0].info().name, "oracle-regex");
/// let err = uridiff::subjects::select(&all, &["x".to_owned()]).err().unwrap();
/// assert!(err.to_string().contains("oracle-grammar"));
/// ```
pub fn select(
    all: &[Arc<dyn Subject>],
    names: &[String],
) -> Result<Vec<Arc<dyn Subject>>, UnknownSubject> {
    names
        .iter()
        .map(|n| {
            all.iter()
                .find(|s| &s.info().name == n)
                .cloned()
                .ok_or_else(|| UnknownSubject {
                    name: n.clone(),
                    valid: all
                        .iter()
                        .map(|s| s.info().name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                })
        })
        .collect()
}

/// The WHATWG reference: Ada, which passes every entry of the WHATWG's URL test data in the
/// copy its crate ships (`uridiff suite --whatwg` measures it); the `url` crate where uridiff is
/// built without a C++ compiler (`--no-default-features`).
pub fn whatwg_reference() -> std::sync::Arc<dyn Subject> {
    #[cfg(feature = "ada")]
    return std::sync::Arc::new(Ada::new());
    #[cfg(not(feature = "ada"))]
    return std::sync::Arc::new(UrlCrate::new());
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Panicky(SubjectInfo);

    impl Subject for Panicky {
        fn info(&self) -> &SubjectInfo {
            &self.0
        }
        fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
            if input.starts_with(b"boom") {
                panic!("panicky subject: {}", String::from_utf8_lossy(input));
            }
            Outcome::Accepted(Parsed::default())
        }
    }

    fn panicky() -> Panicky {
        Panicky(SubjectInfo {
            wraps: None,
            name: "panicky".into(),
            version: "0".into(),
            profile: "test".into(),
            kind: Kind::InProcess,
            library: "test".into(),
            operations: OpSet::of(&[Op::Parse]),
            components: ComponentSet::NONE,
            decides_validity: false,
            edition_fields: false,
            editions: Vec::new(),
        })
    }

    #[test]
    fn panics_are_outcomes_from_many_threads_and_the_hook_survives() {
        let s = panicky();
        let before = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for t in 0..8 {
                let s = &s;
                let before = &before;
                scope.spawn(move || {
                    for i in 0..200 {
                        let input = if i % 2 == 0 {
                            format!("boom{t}-{i}")
                        } else {
                            "ok".into()
                        };
                        let out = run(s, &Job::parse(input.as_bytes()));
                        if i % 2 == 0 {
                            let Outcome::Crashed(c) = out else {
                                panic!("expected a crash, got {out:?}")
                            };
                            assert_eq!(c.kind, CrashKind::Panic);
                            assert!(c.message.contains(&input), "{}", c.message);
                        } else {
                            assert!(out.is_accepted());
                        }
                        before.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                });
            }
        });
        assert_eq!(before.into_inner(), 1600);
        // A panic outside `catch` still reaches a hook (the previous one): catch_unwind sees it.
        let r = panic::catch_unwind(|| panic!("outside"));
        assert!(r.is_err());
    }

    #[test]
    fn the_engine_filters_jobs_by_capability() {
        let s = panicky();
        let out = run(&s, &Job::resolve(b"http://a/", b"g"));
        assert!(matches!(out, Outcome::Unsupported(ref w) if w.contains("no resolve")));
        let mut j = Job::parse(b"ftp://h/x");
        j.ctx.rule = Some("ftpurl");
        assert!(matches!(run(&s, &j), Outcome::Unsupported(_)));
        // An edition-less subject answers jobs of every edition under its profile.
        let j = Job::parse(b"ok").edition(Edition::UrlSyntax00);
        assert!(run(&s, &j).is_accepted());
    }

    #[test]
    fn each_subject_is_what_its_card_says() {
        let all = builtin();
        assert_eq!(all.len(), CARDS.len());
        for (s, card) in all.iter().zip(CARDS) {
            let info = s.info();
            assert_eq!(info.name, card.name);
            assert_eq!(info.profile, card.profile, "{}", card.name);
            if s.available().is_err() {
                continue; // a library not compiled in says so, and nothing else
            }
            match (&card.runs, card.version) {
                (Runs::InProcess(..), crate::parsers::Version::Crate { version, .. }) => {
                    assert_eq!(info.kind, Kind::InProcess, "{}", card.name);
                    assert_eq!(info.version, version, "{}", card.name);
                    assert_eq!(info.library, card.library, "{}", card.name);
                }
                (Runs::Worker(w), crate::parsers::Version::Handshake { .. }) => {
                    assert_eq!(info.kind, Kind::External, "{}", card.name);
                    assert_eq!(info.operations, OpSet::of(w.operations), "{}", card.name);
                }
                (runs, version) => panic!("{}: {runs:?} with {version:?}", card.name),
            }
        }
    }

    #[test]
    fn not_compiled_is_listed_and_never_run() {
        let s = NotCompiled::new("ada-url", "whatwg-url", "built without the `ada` feature");
        assert!(s.available().is_err());
        let out = run(&s, &Job::parse(b"http://a"));
        assert!(matches!(out, Outcome::Unsupported(ref w) if w.contains("ada")));
    }
}
