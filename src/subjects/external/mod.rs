//! External workers: a parser in any language, run as one persistent process that speaks the
//! JSON-lines worker protocol (`uridiff-worker/1`, documented with a worked example in
//! `workers/README.md` and as a JSON Schema in `workers/protocol.schema.json`), and the
//! launching of the workers uridiff ships (their cards: [`crate::parsers::workers`]).
//!
//! The Rust side of the protocol, in order:
//! - **Start**: the command comes only from the command line ([`External::from_command`], run by
//!   `sh -c`) or from a parser's card ([`External::shipped`], whose sources are embedded in
//!   the binary and written to a cache directory under the system temp dir at first use, so the
//!   binary does not need the repository). The worker runs in its own process group, so killing
//!   it kills what it started (`go run` runs the compiled program as its child).
//! - **Handshake**: the worker's first line declares name, version, profile, operations,
//!   components and whether it decides validity. A worker that cannot start, or whose
//!   handshake is missing or wrong twice in a row, is unavailable with a one-line reason.
//! - **Requests**: one line each way, ids in order, pipelined: [`Subject::run_batch`] keeps up
//!   to a window of requests in flight ([`DEFAULT_WINDOW`], [`External::window`]; the `feeder`
//!   room). One process per subject; a `Mutex` makes the subject `Send + Sync` (parallel callers
//!   take turns, a batch at a time).
//! - **Isolation**: each request has a timeout ([`DEFAULT_TIMEOUT`], or the one given to
//!   [`External::timeout`]; carried by the subject, never global).
//!   A timeout, an exit, or a line that is not the answer to the pending request becomes a
//!   [`Timeout`](crate::model::CrashKind::Timeout), [`Exit`](crate::model::CrashKind::Exit) or
//!   [`Protocol`](crate::model::CrashKind::Protocol) crash outcome for that
//!   request, carrying the worker's last stderr lines; the worker is killed and started again
//!   (re-reading its handshake) for the next request, and the rest of the window is sent again.
//!   A worker that closes its stdout and keeps running is a protocol error too. A worker that
//!   answers `crashed` (its own code failed, not its library's call) is a
//!   [`Worker`](crate::model::CrashKind::Worker) crash and stays running: it is in step.
//! - **Giving up**: a run of requests failed in a row ([`GIVE_UP_AFTER`] that are not exits, or
//!   [`GIVE_UP_AFTER_EXITS`] of any kind) ends the worker for the run: that request is a
//!   [`Dead`](crate::model::CrashKind::Dead) crash with the reason, and the worker is
//!   unavailable from then on with the same reason (the `verdict` room).
//! - **Ending**: a worker is killed with its whole process tree, descendants that left its
//!   group or session included, and, once the program asked for it ([`adopt_orphans`]: the
//!   `uridiff` command does), what it detached with an emptied environment is ended as the
//!   program's orphan ([`end_orphans`]; the `tree` room).
//!
//! The rooms: `launch` (a shipped worker's command line), `cache` (where their sources are
//! written), `packages` (the folder of the pinned PyPI and npm packages), `process` (spawn,
//! read, kill), `tree` (ending a worker's descendants), `wire` (the protocol's lines), `feeder`
//! (the window of requests in flight), `verdict` (when a worker is given up on).
//!
//! Byte strings travel as JSON strings when they are UTF-8 and as `{"b64": ...}` otherwise. The
//! shared model holds text, so a non-UTF-8 byte string a worker returns is kept with U+FFFD in
//! place of the bytes that are not UTF-8.

mod cache;
mod cpu;
mod feeder;
mod launch;
pub(crate) use launch::first_error;
mod memo;
mod packages;
mod pipes;
mod process;
mod tree;
mod verdict;
mod wire;
mod wire_line;
// The protocol reader on bytes alone, for the fuzz target of the worker protocol.
pub mod wire_check;

use std::fmt::Write as _;
use std::io;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

pub use self::cache::{cache_dir, SUPPORT};
pub use self::cpu::worker_cpu;
pub use self::feeder::DEFAULT_WINDOW;
use self::feeder::{Reply, Take};
use self::launch::shipped_command;
pub use self::launch::{argv, env};
pub use self::packages::{packages_dir, venv_python, PACKAGES_ENV};
use self::process::{shorten, ReadError, Worker};
pub use self::tree::{adopt_orphans, end_orphans};
pub use self::verdict::{GIVE_UP_AFTER, GIVE_UP_AFTER_EXITS};
pub use self::wire::PROTOCOL;
use self::wire::{Handshake, Request, Wire, WireCoverage};
use super::{Ctx, Job, Kind, Subject, SubjectInfo};
use crate::model::{Answer, Component, ComponentSet, Op, OpSet, Outcome, Parsed};
use crate::parsers::{self, Card, ALL_EIGHT, FOUR_OPS};

/// The time a worker has to answer one request unless [`External::timeout`] says otherwise (the
/// command line's `--timeout-ms` sets it for every worker it runs).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_millis(5000);

/// The time a worker has to print its handshake: generous, because `java File.java` compiles
/// the worker and `go run` may build it first.
pub const DEFAULT_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(60);

/// `NAME=COMMAND`, the value of `--external`: a worker the user starts.
///
/// ```
/// use uridiff::subjects::external::ExternalSpec;
/// let spec: ExternalSpec = "mine=python3 my_worker.py".parse().unwrap();
/// assert_eq!(spec.name, "mine");
/// assert_eq!(spec.command, "python3 my_worker.py");
/// assert!("=x".parse::<ExternalSpec>().is_err());
/// assert!("mine".parse::<ExternalSpec>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The subject's name.
    pub name: String,
    /// The shell command that starts the worker (run by `sh -c`).
    pub command: String,
}

/// A malformed `NAME=COMMAND`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected NAME=COMMAND (NAME of letters, digits, '-', '_' or '.'), got {0:?}")]
pub struct ExternalSpecError(pub String);

impl std::str::FromStr for ExternalSpec {
    type Err = ExternalSpecError;

    fn from_str(s: &str) -> Result<ExternalSpec, ExternalSpecError> {
        let bad = || ExternalSpecError(s.to_owned());
        let (name, command) = s.split_once('=').ok_or_else(bad)?;
        let name_ok = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
        if !name_ok || command.trim().is_empty() {
            return Err(bad());
        }
        Ok(ExternalSpec {
            name: name.to_owned(),
            command: command.to_owned(),
        })
    }
}

/// Where a worker comes from: the three places allowed to start a process.
#[derive(Debug)]
enum Launch {
    /// A command line given by the user (`--external NAME=COMMAND`), run by `sh -c`.
    Command(String),
    /// A program uridiff built, with its arguments: the covered build of an in-process parser
    /// (`subjects::covered`).
    Program(std::path::PathBuf, Vec<String>),
    /// A shipped worker, by its card.
    Shipped(&'static Card, &'static parsers::Worker),
}

/// An external worker as a [`Subject`].
///
/// Nothing starts when it is created: [`Subject::available`] or the first request starts the
/// worker and reads its handshake. Until then [`Subject::info`] is what uridiff declares for it
/// (for a shipped worker: its card, version `-`); from then on it is what the
/// worker said.
///
/// # Examples
///
/// ```no_run
/// use uridiff::model::Outcome;
/// use uridiff::subjects::{external::External, run, Job, Subject};
/// let worker = External::from_command("mine", "python3 workers/python-urllib.py");
/// worker.available().expect("python3 runs the worker");
/// let out = run(&worker, &Job::parse(b"http://a/b?c"));
/// assert!(out.is_accepted());
/// ```
#[derive(Debug)]
pub struct External {
    declared: SubjectInfo,
    spoken: OnceLock<SubjectInfo>,
    launch: Launch,
    timeout: Duration,
    handshake_timeout: Duration,
    window: usize,
    /// The worker's processes: the first answers alone until [`Subject::spread`] allows more
    /// ([`External::processes`]); a batch is then cut into as many parts, one to each.
    slots: Box<[Mutex<Slot>]>,
    processes: AtomicUsize,
    /// The most processes [`Subject::spread`] may give it ([`External::max_processes`]).
    most: usize,
    /// The answers it gave lately (the `memo` room): a batch sends only what is not there.
    memo: Mutex<memo::Memo>,
    /// Why the worker is unavailable for the rest of the run, once one of its processes could
    /// not start or was given up on: every process then stops at its next start or window.
    given_up: OnceLock<String>,
    /// The CPU time its processes spent (the `cpu` room), listed under its name.
    cpu: Arc<cpu::Meter>,
    /// Coverage: the kind the handshake declared (or why its value is none), and the tally a
    /// campaign that wants it gave ([`Subject::watch_coverage`]); asked for only with both.
    coverage: Coverage,
}

/// A worker's coverage (workers/README.md, "Coverage").
#[derive(Debug, Default)]
struct Coverage {
    kind: OnceLock<Result<Option<String>, String>>,
    /// The handshake's `coverage_total`, set before [`Coverage::kind`].
    total: OnceLock<Option<u64>>,
    tally: OnceLock<Arc<crate::coverage::Tally>>,
}

/// The mutable part of one of the worker's processes: the running process, or why there is none.
#[derive(Debug, Default)]
struct Slot {
    worker: Option<Worker>,
    unavailable: Option<String>,
    next_id: u64,
    /// The requests failed in a row (the `verdict` room).
    failures: verdict::Failures,
}

impl External {
    /// A worker started by `sh -c COMMAND`, named `name`. It declares every operation and
    /// component until its handshake says what it has.
    pub fn from_command(name: &str, command: &str) -> External {
        External::new(
            SubjectInfo {
                wraps: None,
                name: name.to_owned(),
                version: "-".to_owned(),
                profile: "-".to_owned(),
                kind: Kind::External,
                library: format!("external worker `{command}`"),
                operations: OpSet::of(FOUR_OPS),
                components: ComponentSet::of(ALL_EIGHT),
                decides_validity: true,
                edition_fields: false,
                editions: Vec::new(),
            },
            Launch::Command(command.to_owned()),
        )
    }

    /// A worker uridiff built itself, run as `program args...` (no shell), named `name`: the
    /// covered build of an in-process parser (`subjects::covered`), whose handshake must give
    /// that name.
    pub(crate) fn from_program(
        name: &str,
        program: std::path::PathBuf,
        args: Vec<String>,
    ) -> External {
        let mut e = External::from_command(name, "-");
        e.declared.library = format!("the covered build {}", program.display());
        e.launch = Launch::Program(program, args);
        e.most = crate::engine::MAX_PROCESSES;
        e
    }

    /// The worker of an [`ExternalSpec`] (`--external NAME=COMMAND`).
    pub fn from_spec(spec: &ExternalSpec) -> External {
        External::from_command(&spec.name, &spec.command)
    }

    /// The worker of a parser's card; `None` for a card of a parser that runs in process.
    ///
    /// ```
    /// use uridiff::subjects::{external::External, Subject};
    /// let yarl = External::shipped(uridiff::parsers::card("python-yarl").unwrap()).unwrap();
    /// assert_eq!(yarl.info().profile, "python-yarl");
    /// assert!(External::shipped(uridiff::parsers::card("url").unwrap()).is_none());
    /// ```
    pub fn shipped(card: &'static Card) -> Option<External> {
        card.worker().map(|w| External::of_worker(card, w))
    }

    /// The worker `worker` of `card` (a card's own worker, [`Card::worker`]).
    pub fn of_worker(card: &'static Card, worker: &'static parsers::Worker) -> External {
        External::new(
            SubjectInfo {
                wraps: None,
                name: card.name.to_owned(),
                version: "-".to_owned(),
                profile: card.profile.to_owned(),
                kind: Kind::External,
                library: card.library.to_owned(),
                operations: OpSet::of(worker.operations),
                components: ComponentSet::of(worker.components),
                decides_validity: worker.decides_validity,
                edition_fields: false,
                editions: Vec::new(),
            },
            Launch::Shipped(card, worker),
        )
    }

    fn new(declared: SubjectInfo, launch: Launch) -> External {
        // A command line's worker may write files or keep state that copies of it would share
        // (`tee LOG | worker`): one process unless its user says more. A worker uridiff ships
        // or builds answers each request from that request alone.
        let most = match launch {
            Launch::Command(_) => 1,
            Launch::Shipped(..) | Launch::Program(..) => crate::engine::MAX_PROCESSES,
        };
        External {
            spoken: OnceLock::new(),
            launch,
            timeout: DEFAULT_TIMEOUT,
            handshake_timeout: DEFAULT_HANDSHAKE_TIMEOUT,
            window: DEFAULT_WINDOW,
            slots: (0..crate::engine::MAX_PROCESSES)
                .map(|_| Mutex::default())
                .collect(),
            processes: AtomicUsize::new(1),
            most,
            memo: Mutex::default(),
            given_up: OnceLock::new(),
            cpu: cpu::Meter::listed(&declared.name),
            coverage: Coverage::default(),
            declared,
        }
    }

    /// The same worker with another per-request timeout.
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> External {
        self.timeout = timeout;
        self
    }

    /// The same worker taking the place of the shipped parser `name` (see
    /// [`SubjectInfo::wraps`]), whatever its handshake says it wraps.
    #[must_use]
    pub fn wrapping(mut self, name: &str) -> External {
        self.declared.wraps = Some(name.to_owned());
        self
    }

    /// The same worker with another handshake timeout.
    #[must_use]
    pub fn handshake_timeout(mut self, timeout: Duration) -> External {
        self.handshake_timeout = timeout;
        self
    }

    /// The same worker with at most `window` requests in flight (at least 1; 1 is one request
    /// at a time).
    ///
    /// ```
    /// use uridiff::subjects::external::External;
    /// let one_at_a_time = External::from_command("mine", "python3 my_worker.py").window(1);
    /// # let _ = one_at_a_time;
    /// ```
    #[must_use]
    pub fn window(mut self, window: usize) -> External {
        self.window = window.max(1);
        self
    }

    /// The worker's process id while one is running (tests use it to see a restart).
    pub fn pid(&self) -> Option<u32> {
        self.lock().worker.as_ref().map(|w| w.child.id())
    }

    /// The CPU time (user and system) every process this worker ran spent so far: each
    /// worker process with its descendants, restarts included (the `cpu` room; also by name,
    /// [`worker_cpu`]). `None` elsewhere than on Linux.
    pub fn cpu(&self) -> Option<Duration> {
        self.cpu.spent()
    }

    /// The same worker answering a batch with up to `processes` processes at once (at least
    /// 1, at most [`crate::engine::MAX_PROCESSES`]): a batch is cut into that many parts in
    /// order, each sent to a process of its own, and the answers come back in the batch's
    /// order. The engine sets it from what the worker costs against the cores it has
    /// ([`Subject::spread`]).
    ///
    /// ```
    /// use uridiff::subjects::external::External;
    /// let two = External::from_command("mine", "python3 my_worker.py").processes(2);
    /// # let _ = two;
    /// ```
    #[must_use]
    pub fn processes(mut self, processes: usize) -> External {
        self.most = self.most.max(processes.clamp(1, self.slots.len()));
        self.spread(processes);
        self
    }

    /// The same worker allowed up to `most` processes when the engine finds it dear
    /// ([`Subject::spread`]; at most [`crate::engine::MAX_PROCESSES`]). A worker started from
    /// a command line is allowed one unless said here: its command may write files or keep
    /// state its copies would share. A shipped worker is allowed the most.
    ///
    /// ```
    /// use uridiff::subjects::external::External;
    /// let mine = External::from_command("mine", "python3 my_worker.py").max_processes(4);
    /// # let _ = mine;
    /// ```
    #[must_use]
    pub fn max_processes(mut self, most: usize) -> External {
        self.most = most.clamp(1, self.slots.len());
        self
    }

    /// The first process's slot.
    fn lock(&self) -> MutexGuard<'_, Slot> {
        self.lock_at(0)
    }

    fn lock_at(&self, k: usize) -> MutexGuard<'_, Slot> {
        // A panic while the lock was held leaves at worst a worker to restart.
        self.slots[k].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts the worker if none runs: two tries (one when the first said nothing by the
    /// handshake deadline), then unavailable for good.
    fn ensure(&self, slot: &mut Slot) -> Result<(), String> {
        if let Some(why) = self.given_up.get() {
            slot.worker = None;
            return Err(slot.unavailable.get_or_insert_with(|| why.clone()).clone());
        }
        if let Some(why) = &slot.unavailable {
            return Err(why.clone());
        }
        if slot.worker.is_some() {
            return Ok(());
        }
        let mut last = String::new();
        for _ in 0..2 {
            match self.start() {
                Ok((worker, info)) => {
                    slot.worker = Some(worker);
                    let _ = self.spoken.set(info);
                    return Ok(());
                }
                Err(Failure::Final(why)) => {
                    last = why;
                    break;
                }
                Err(Failure::Retry(why)) => last = why,
            }
        }
        if let Launch::Shipped(_, w) = self.launch
            && !last.contains("workers/install.sh")
        {
            // A worker that starts but dies at once mostly lacks its library. The note
            // goes on the first line, before the worker's stderr lines.
            let at = last.find(process::STDERR_HEAD).unwrap_or(last.len());
            last.insert_str(
                at,
                &format!(" (needs {}; workers/install.sh installs it)", w.needs),
            );
        }
        slot.unavailable = Some(last.clone());
        let _ = self.given_up.set(last.clone());
        Err(last)
    }

    /// Spawns the worker and reads its handshake.
    fn start(&self) -> Result<(Worker, SubjectInfo), Failure> {
        let (mut command, shown) = match &self.launch {
            Launch::Command(line) => {
                let mut c = Command::new("sh");
                c.arg("-c").arg(line);
                (c, line.clone())
            }
            Launch::Shipped(card, _) => shipped_command(card).map_err(Failure::Final)?,
            Launch::Program(program, args) => {
                let mut c = Command::new(program);
                c.args(args);
                (c, format!("{} {}", program.display(), args.join(" ")))
            }
        };
        let mut worker = Worker::spawn(&mut command).map_err(|e| {
            if e.kind() == io::ErrorKind::NotFound {
                let program = command.get_program().to_string_lossy().into_owned();
                Failure::Final(match &self.launch {
                    Launch::Shipped(_, w) => format!(
                        "`{program}` not found on PATH (needs {}; workers/install.sh installs it)",
                        w.needs
                    ),
                    Launch::Command(_) | Launch::Program(..) => {
                        format!("`{program}` not found on PATH")
                    }
                })
            } else {
                Failure::Final(format!("cannot start `{shown}`: {e}"))
            }
        })?;
        worker.metered(Arc::clone(&self.cpu));
        let line = match worker.read_line(std::time::Instant::now() + self.handshake_timeout) {
            // Kept: the worker is asked more below (a handshake is read once per start).
            Ok(line) => line.to_vec(),
            Err(e) => {
                if matches!(e, ReadError::Closed) {
                    // Let it finish exiting, so that its own exit status is the one reported.
                    worker.exits_within(process::EXIT_GRACE);
                }
                let status = worker.kill();
                // A worker that says its library is missing (`missing: ...`, its last stderr
                // line; workers/README.md, "Set-up") is unavailable for that one reason: no
                // second start, no compile error or traceback of the runtime.
                if matches!(e, ReadError::Closed)
                    && let Some(what) = missing_library(&worker.stderr_tail())
                {
                    return Err(Failure::Final(match &self.launch {
                        Launch::Shipped(_, w) => {
                            format!("{what} (needs {}; workers/install.sh installs it)", w.needs)
                        }
                        Launch::Command(_) | Launch::Program(..) => what,
                    }));
                }
                let timed_out = matches!(e, ReadError::Timeout);
                let why = match e {
                    ReadError::Timeout => {
                        format!("nothing within {} ms", self.handshake_timeout.as_millis())
                    }
                    ReadError::Closed => status.map_or_else(
                        || "the worker exited".to_owned(),
                        |s| format!("the worker exited ({s})"),
                    ),
                    ReadError::Broken(why) => why,
                };
                let why = format!("no handshake: {why}{}", worker.stderr_block());
                // A worker silent for the whole deadline is not started again: a second wait
                // as long would double the time before the run goes on without it (two
                // minutes at the default), and a start that slow is no passing hitch.
                return Err(match timed_out {
                    true => Failure::Final(why),
                    false => Failure::Retry(why),
                });
            }
        };
        match self.handshake(&line) {
            Ok(info) => Ok((worker, info)),
            Err(why) => {
                worker.kill();
                Err(Failure::Retry(format!("bad handshake: {why}")))
            }
        }
    }

    /// Checks a handshake line and turns it into the subject's info.
    fn handshake(&self, line: &[u8]) -> Result<SubjectInfo, String> {
        let h: Handshake = serde_json::from_slice(line)
            .map_err(|e| format!("{e} in {}", shorten(&String::from_utf8_lossy(line))))?;
        if h.protocol != PROTOCOL {
            return Err(format!("protocol {:?}, expected {PROTOCOL:?}", h.protocol));
        }
        let expected = match &self.launch {
            Launch::Shipped(card, _) => Some(card.name),
            Launch::Program(..) => Some(self.declared.name.as_str()),
            Launch::Command(_) => None,
        };
        if let Some(expected) = expected
            && h.name != expected
        {
            return Err(format!("name {:?}, expected {expected:?}", h.name));
        }
        if h.version.trim().is_empty() {
            return Err("an empty version".to_owned());
        }
        // The profile decides what the worker is judged against: only the closed list's names.
        super::profile::profile(&h.profile).map_err(|e| e.to_string())?;
        let mut ops = Vec::new();
        for name in &h.operations {
            let op = Op::ALL
                .into_iter()
                .find(|o| o.name() == name)
                .ok_or_else(|| format!("unknown operation {name:?}"))?;
            ops.push(op);
        }
        let mut components = Vec::new();
        for name in &h.components {
            components.push(name.parse::<Component>().map_err(|e| e.to_string())?);
        }
        // The first handshake's coverage kind is the worker's (a restarted one says it again).
        let _ = self.coverage.total.set(h.coverage_total());
        if self.coverage.kind.set(h.coverage_kind()).is_ok() {
            self.declare_coverage();
        }
        let mut library = h.library.unwrap_or_else(|| self.declared.library.clone());
        if matches!(self.launch, Launch::Command(_)) && h.name != self.declared.name {
            let _ = write!(library, " (calls itself {})", h.name);
        }
        for note in &h.notes {
            let _ = write!(library, "; {note}");
        }
        // A worker of a library uridiff ships takes that parser's rules: only a card's name.
        if let Some(w) = &h.wraps
            && crate::parsers::card(w).is_none()
        {
            return Err(format!(
                "wraps {w:?}, which is no parser uridiff ships (`uridiff parsers` lists them)"
            ));
        }
        let wraps = self.declared.wraps.clone().or(h.wraps);
        Ok(SubjectInfo {
            wraps,
            name: self.declared.name.clone(),
            version: h.version,
            profile: h.profile,
            kind: Kind::External,
            library,
            operations: OpSet::of(&ops),
            components: ComponentSet::of(&components),
            decides_validity: h.decides_validity,
            edition_fields: false,
            editions: Vec::new(),
        })
    }

    /// One job as a batch of one ([`Subject::run_batch`]: the memo, the feeder, coverage).
    fn one(&self, job: &Job<'_>) -> Outcome<Answer> {
        let mut out = self.run_batch(std::slice::from_ref(job));
        out.pop()
            .unwrap_or_else(|| Outcome::Unsupported("no answer".into()))
    }

    /// The parse answer of a response.
    fn parsed(&self, reply: Reply) -> Outcome<Parsed> {
        match reply {
            Ok(r) => r.parsed(self.info().components),
            Err(out) => out.map(|()| Parsed::default()),
        }
    }

    /// The byte-string answer of a response (resolve, normalize).
    fn text(reply: Reply) -> Outcome<String> {
        match reply {
            Ok(r) => r.text(),
            Err(out) => out.map(|()| String::new()),
        }
    }

    /// The boolean answer of a response (equivalent).
    fn boolean(reply: Reply) -> Outcome<bool> {
        match reply {
            Ok(r) => r.boolean(),
            Err(out) => out.map(|()| false),
        }
    }

    /// Tells the tally, once both are known, what coverage the handshake declared.
    fn declare_coverage(&self) {
        let (Some(tally), Some(kind)) = (self.coverage.tally.get(), self.coverage.kind.get())
        else {
            return;
        };
        match kind {
            Ok(Some(kind)) => {
                let total = self.coverage.total.get().copied().flatten();
                tally.declare(&self.declared.name, kind, total);
            }
            Ok(None) => {}
            Err(why) => tally.dropped(&self.declared.name, why),
        }
    }

    /// The tally to record coverage in, when the worker is to be asked for it.
    fn coverage_tally(&self) -> Option<&crate::coverage::Tally> {
        match self.coverage.kind.get() {
            Some(Ok(Some(_))) => self.coverage.tally.get().map(|t| &**t),
            _ => None,
        }
    }

    /// Records the coverage an answer to `input` carried, when it was asked for (a worker that
    /// sends it unasked is not heard); a malformed one is dropped with the worker's one warning.
    fn note_coverage(
        &self,
        tally: Option<&crate::coverage::Tally>,
        input: &[u8],
        coverage: Option<WireCoverage>,
    ) {
        let Some(tally) = tally else {
            return;
        };
        match coverage {
            None => {}
            Some(WireCoverage(Ok(ids))) => {
                tally.record(&self.declared.name, input, &ids);
            }
            Some(WireCoverage(Err(why))) => tally.dropped(&self.declared.name, &why),
        }
    }

    /// The answer of `reply` to a request of operation `op`, in the shared model's form.
    fn answer(&self, op: Op, reply: Reply) -> Outcome<Answer> {
        match op {
            Op::Parse => self.parsed(reply).map(|p| Answer::Parsed(Arc::new(p))),
            Op::Resolve | Op::Normalize => External::text(reply).map(Answer::Text),
            Op::Equivalent => External::boolean(reply).map(Answer::Bool),
            // The protocol has no extract request (workers/README.md, "Requests").
            Op::Extract => Outcome::Unsupported("extract".into()),
        }
    }
}

/// The request line of a job (its id is given when it is sent).
fn request<'a>(job: &Job<'a>) -> Request<'a> {
    let mut request = Request::new(job.op, job.input);
    match job.op {
        Op::Resolve => request.base = job.second.map(Wire),
        Op::Equivalent => request.other = job.second.map(Wire),
        _ => {}
    }
    request
}

impl Subject for External {
    fn info(&self) -> &SubjectInfo {
        self.spoken.get().unwrap_or(&self.declared)
    }

    fn available(&self) -> Result<(), String> {
        let mut slot = self.lock();
        self.ensure(&mut slot)
    }

    // One request each, through the batch path; `answer` gives each operation its kind of
    // answer, so the other arms are never taken.
    fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
        self.one(&Job::parse(input)).map(|a| match a {
            Answer::Parsed(p) => Arc::unwrap_or_clone(p),
            _ => Parsed::default(),
        })
    }

    fn resolve(&self, base: &[u8], reference: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        self.one(&Job::resolve(base, reference)).map(|a| match a {
            Answer::Text(t) => t,
            _ => String::new(),
        })
    }

    fn normalize(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        let job = Job {
            op: Op::Normalize,
            ..Job::parse(input)
        };
        self.one(&job).map(|a| match a {
            Answer::Text(t) => t,
            _ => String::new(),
        })
    }

    fn equivalent(&self, a: &[u8], b: &[u8], _: &Ctx<'_>) -> Outcome<bool> {
        let job = Job {
            op: Op::Equivalent,
            second: Some(b),
            ..Job::parse(a)
        };
        self.one(&job).map(|a| matches!(a, Answer::Bool(true)))
    }

    fn spread(&self, processes: usize) {
        let processes = processes.clamp(1, self.most);
        self.processes.store(processes, Ordering::Relaxed);
    }

    fn watch_coverage(&self, tally: &Arc<crate::coverage::Tally>) {
        if self.coverage.tally.set(Arc::clone(tally)).is_ok() {
            self.declare_coverage();
        }
    }

    /// The jobs through the pipelined feeder (the `feeder` room): the worker is held
    /// for the whole batch, with up to its window of requests in flight.
    fn run_batch(&self, jobs: &[Job<'_>]) -> Vec<Outcome<Answer>> {
        let (at, mut slot) = self.slot_for(jobs.len());
        if let Err(why) = self.ensure(&mut slot) {
            let why = format!("{} is not available: {why}", self.declared.name);
            return jobs
                .iter()
                .map(|_| Outcome::Unsupported(why.clone()))
                .collect();
        }
        // Each job: answered already (does not fit, or kept in the memo), or sent (its answer
        // then kept in the memo). A job repeated within the batch is sent each time: the first's
        // answer is not known yet, and a failure costs each request its own (the `verdict`
        // room counts failures in a row).
        enum Due {
            Done(Outcome<Answer>),
            Sent,
        }
        let mut due = Vec::with_capacity(jobs.len());
        let mut batch = Vec::new();
        let tally = self.coverage_tally();
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        for job in jobs {
            if let Some(why) = super::fits(self.info(), job) {
                due.push(Due::Done(Outcome::Unsupported(why)));
                continue;
            }
            if let Some(kept) = memo.get(job) {
                due.push(Due::Done(kept));
            } else {
                let mut request = request(job);
                request.coverage = tally.is_some();
                batch.push((job.op, request));
                due.push(Due::Sent);
            }
        }
        drop(memo);
        // Each reply made into its answer as it is read (the coverage it carried kept aside),
        // the coverage noted below in the batch's order, whatever the parts' timing.
        let take = |i: usize, mut reply: Reply| {
            let coverage = match (tally, &mut reply) {
                (Some(_), Ok(response)) => response.coverage.take(),
                _ => None,
            };
            (self.answer(batch[i].0, reply), coverage)
        };
        let mut replies = self.feed_parts(at, slot, &batch, &take).into_iter();
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        let mut out: Vec<Outcome<Answer>> = Vec::with_capacity(jobs.len());
        for (due, job) in due.into_iter().zip(jobs) {
            let answer = match due {
                Due::Done(answer) => answer,
                Due::Sent => {
                    let (answer, coverage) = replies.next().expect("one reply per request sent");
                    self.note_coverage(tally, job.input, coverage);
                    memo.keep(job, &answer);
                    answer
                }
            };
            out.push(answer);
        }
        out
    }
}

impl External {
    /// How many parts a batch of `jobs` jobs is cut into: one per process, none of less than
    /// a window (a part of less keeps its process waiting on round trips more than it saves).
    fn parts(&self, jobs: usize) -> usize {
        let by_window = jobs.div_ceil(self.window.max(1));
        self.processes.load(Ordering::Relaxed).min(by_window).max(1)
    }

    /// The process to send a batch of `jobs` jobs through, held: the first, for a batch to be
    /// cut into parts (its parts' processes are locked while it is held); for a batch of one
    /// part, the first idle process of the pool, so that callers at the same time (the
    /// minimizations of a worker's classes) are answered at the same time, else the first.
    fn slot_for(&self, jobs: usize) -> (usize, MutexGuard<'_, Slot>) {
        let processes = self.processes.load(Ordering::Relaxed);
        if processes > 1 && self.parts(jobs) == 1 {
            for k in 0..processes {
                match self.slots[k].try_lock() {
                    Ok(slot) => return (k, slot),
                    Err(std::sync::TryLockError::Poisoned(e)) => return (k, e.into_inner()),
                    Err(std::sync::TryLockError::WouldBlock) => {}
                }
            }
        }
        (0, self.lock())
    }

    /// Sends `batch` through the worker's processes and returns the replies in order: through
    /// the held process `at` alone, or, when that is the first, cut into up to
    /// [`External::processes`] parts in order, one per process, each part fed on a thread of
    /// its own.
    ///
    /// Every process is a worker of its own, restarted on its own; a process given up on
    /// (the `verdict` room) ends the worker for the run, every process with the same reason,
    /// as one process would be (`given_up`). The processes past the first are only waited on
    /// while the first is held, so two callers cannot wait on each other.
    fn feed_parts<T: Send>(
        &self,
        at: usize,
        mut first: MutexGuard<'_, Slot>,
        batch: &[(Op, Request<'_>)],
        take: &Take<'_, T>,
    ) -> Vec<T> {
        let parts = self.parts(batch.len());
        if parts == 1 || at != 0 {
            return self.feed(&mut first, batch, take);
        }
        let size = batch.len().div_ceil(parts);
        let mut chunks = batch.chunks(size);
        let head = chunks.next().unwrap_or_default();
        let replies = std::thread::scope(|scope| {
            let others: Vec<_> = chunks
                .enumerate()
                .map(|(k, part)| {
                    scope.spawn(move || {
                        let mut slot = self.lock_at(k + 1);
                        // The part's requests are the batch's from (k + 1) * size on.
                        let start = (k + 1) * size;
                        self.feed(&mut slot, part, &|i, reply| take(start + i, reply))
                    })
                })
                .collect();
            let mut replies = self.feed(&mut first, head, take);
            for other in others {
                // `feed` does not panic on a worker's behaviour; one here is uridiff's own bug.
                replies.extend(
                    other
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                );
            }
            replies
        });
        // A process given up on during its part ended the worker: the first stops now.
        if self.given_up.get().is_some() {
            let _ = self.ensure(&mut first);
        }
        replies
    }
}

/// Why a start failed: worth one more try, or not.
enum Failure {
    /// The handshake was missing or wrong: the protocol allows a second try.
    Retry(String),
    /// Nothing to retry: the interpreter is missing, the worker cannot be built.
    Final(String),
}

/// What a worker that exited before its handshake says is missing: its last stderr line when
/// that is `missing: WHAT` (the convention of the shipped workers and the SDKs, for a library
/// that cannot be loaded), without the prefix.
fn missing_library(stderr: &[String]) -> Option<String> {
    let last = stderr.last()?;
    let what = last.strip_prefix("missing: ")?.trim();
    (!what.is_empty()).then(|| what.to_owned())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_workers_missing_line_is_its_reason() {
        let lines = |l: &[&str]| l.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            super::missing_library(&lines(&["noise", "missing: Perl module Mojo::URL"])),
            Some("Perl module Mojo::URL".to_owned())
        );
        assert_eq!(
            super::missing_library(&lines(&["missing: x", "Traceback"])),
            None
        );
        assert_eq!(super::missing_library(&lines(&["missing: "])), None);
        assert_eq!(super::missing_library(&[]), None);
    }
}
