//! External workers: a parser in any language, run as one persistent process that speaks the
//! JSON-lines worker protocol (`uridiff-worker/1`, documented with a worked example in
//! `workers/README.md` and as a JSON Schema in `workers/protocol.schema.json`), plus the
//! built-in list of the workers uridiff ships ([`SHIPPED`]). Issue 9 item 3 and issue 13 item 1.
//!
//! The Rust side of the protocol, in order:
//! - **Start**: the command comes only from the command line ([`External::from_command`], run by
//!   `sh -c`) or from the built-in list ([`External::shipped`], whose sources are embedded in
//!   the binary and written to a cache directory under the system temp dir at first use, so the
//!   binary does not need the repository). The worker runs in its own process group, so killing
//!   it kills what it started (`go run` runs the compiled program as its child).
//! - **Handshake**: the worker's first line declares name, version, profile, operations,
//!   components and whether it decides validity. A worker that cannot start, or whose
//!   handshake is missing or wrong twice in a row, is unavailable with a one-line reason.
//! - **Requests**: one line each way, ids in order. One process per subject; a `Mutex` makes
//!   the subject `Send + Sync` (parallel callers take turns).
//! - **Isolation**: each request has a timeout ([`DEFAULT_TIMEOUT`], [`set_default_timeout`]).
//!   A timeout, an exit, or a line that is not the answer to the pending request becomes a
//!   [`CrashKind::Timeout`], [`CrashKind::Exit`] or [`CrashKind::Protocol`] outcome for that
//!   request, carrying the worker's last stderr lines; the worker is killed and started again
//!   (re-reading its handshake) for the next request.
//!
//! Byte strings travel as JSON strings when they are UTF-8 and as `{"b64": ...}` otherwise. The
//! shared model holds text, so a non-UTF-8 byte string a worker returns is kept with U+FFFD in
//! place of the bytes that are not UTF-8.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine as _;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

use super::{Ctx, Kind, Subject, SubjectInfo};

// The protocol reader on bytes alone, for the fuzz target (issue 20, item 15).
pub mod wire_check;
use crate::model::{
    Component, ComponentSet, Crash, CrashKind, Op, OpSet, Outcome, Parsed, Rejection,
};

/// The protocol a worker's handshake must name.
pub const PROTOCOL: &str = "uridiff-worker/1";

/// The time a worker has to answer one request, unless set otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_millis(5000);

/// The time a worker has to print its handshake: generous, because `java File.java` compiles
/// the worker and `go run` may build it first.
pub const DEFAULT_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(60);

/// How many of the worker's last stderr lines a crash keeps.
const STDERR_LINES: usize = 20;

/// The longest line a worker may print (a longer one is a protocol error).
const MAX_LINE: u64 = 64 << 20;

/// The stdout lines read ahead of the requests: a worker that prints faster than it is asked
/// waits on its pipe (bounded memory), it is not buffered without end.
const LINES_AHEAD: usize = 4;

/// The blank stdout lines a request may be answered after: more is a flood, a protocol error.
const MAX_BLANK_LINES: usize = 10_000;

/// The longest stderr line kept (the rest of a longer one is read and dropped).
const MAX_STDERR_LINE: usize = 4096;

static TIMEOUT_MS: AtomicU64 = AtomicU64::new(5000);

/// Sets the per-request timeout of every external subject created afterwards (`--timeout-ms`).
///
/// ```
/// use std::time::Duration;
/// use uridiff::subjects::external::{default_timeout, set_default_timeout, DEFAULT_TIMEOUT};
/// set_default_timeout(Duration::from_millis(750));
/// assert_eq!(default_timeout(), Duration::from_millis(750));
/// set_default_timeout(DEFAULT_TIMEOUT);
/// ```
pub fn set_default_timeout(timeout: Duration) {
    let ms = u64::try_from(timeout.as_millis())
        .unwrap_or(u64::MAX)
        .max(1);
    TIMEOUT_MS.store(ms, Ordering::Relaxed);
}

/// The per-request timeout new external subjects get ([`DEFAULT_TIMEOUT`] unless set).
pub fn default_timeout() -> Duration {
    Duration::from_millis(TIMEOUT_MS.load(Ordering::Relaxed))
}

/// A worker uridiff ships: its source (embedded in the binary), the interpreter that runs it,
/// and what it declares, so that it can be listed without being started.
#[derive(Debug)]
pub struct Shipped {
    /// The subject's name (also the name its handshake must give).
    pub name: &'static str,
    /// The profile it declares.
    pub profile: &'static str,
    /// The operations it declares.
    pub operations: &'static [Op],
    /// The components its parse reports.
    pub components: &'static [Component],
    /// Whether its parse is meant to tell valid from invalid.
    pub decides_validity: bool,
    /// The library it calls, for people (the handshake's own text replaces it once started).
    pub library: &'static str,
    /// The source's file name in `workers/` and in the cache directory.
    pub file: &'static str,
    /// The source text.
    pub source: &'static str,
    /// How it is run.
    pub run: Run,
    /// What installs its runtime, for the reason shown when it is unavailable.
    pub needs: &'static str,
}

/// How a shipped worker is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Run {
    /// `PROGRAM ARGS... SOURCE`: an interpreter given the cached source file.
    Interpreted {
        /// The interpreter, looked up on `PATH`.
        program: &'static str,
        /// Arguments before the source file.
        args: &'static [&'static str],
    },
    /// Compiled once into the cache directory with `cc -O2 -o BINARY SOURCE LIBS...`, then run.
    Compiled {
        /// Libraries to link (`-lcurl`).
        libs: &'static [&'static str],
    },
}

const ALL_BUT_AUTHORITY: &[Component] = &[
    Component::Scheme,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];
const ALL_EIGHT: &[Component] = &[
    Component::Scheme,
    Component::Authority,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];
const PARSE_RESOLVE: &[Op] = &[Op::Parse, Op::Resolve];
const FOUR_OPS: &[Op] = &[Op::Parse, Op::Resolve, Op::Normalize, Op::Equivalent];

const fn interpreted(program: &'static str) -> Run {
    Run::Interpreted { program, args: &[] }
}

/// The shipped workers, in the order they are listed (sources in `workers/`).
pub const SHIPPED: &[Shipped] = &[
    Shipped {
        name: "python-urllib",
        profile: "python-urllib",
        operations: PARSE_RESOLVE,
        components: ALL_EIGHT,
        decides_validity: false,
        library: "urllib.parse: urlsplit, urljoin (CPython)",
        file: "python-urllib.py",
        source: include_str!("../../workers/python-urllib.py"),
        run: interpreted("python3"),
        needs: "python3",
    },
    Shipped {
        name: "python-rfc3986",
        profile: "rfc3986",
        operations: FOUR_OPS,
        components: ALL_EIGHT,
        decides_validity: true,
        library: "rfc3986 (PyPI): uri_reference, resolve_with, normalize",
        file: "python-rfc3986.py",
        source: include_str!("../../workers/python-rfc3986.py"),
        run: interpreted("python3"),
        needs: "python3 and `pip install rfc3986`",
    },
    Shipped {
        name: "node-whatwg",
        profile: "whatwg-url",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "WHATWG URL (Node.js): new URL(input[, base])",
        file: "node-whatwg.js",
        source: include_str!("../../workers/node-whatwg.js"),
        run: interpreted("node"),
        needs: "node (Debian: nodejs)",
    },
    Shipped {
        name: "node-legacy-url",
        profile: "node-legacy-url",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        library: "url.parse, url.resolve (Node.js)",
        file: "node-legacy-url.js",
        source: include_str!("../../workers/node-legacy-url.js"),
        run: interpreted("node"),
        needs: "node (Debian: nodejs)",
    },
    Shipped {
        name: "java-uri",
        profile: "rfc2396",
        operations: FOUR_OPS,
        components: ALL_EIGHT,
        decides_validity: true,
        library: "java.net.URI: new URI, resolve, normalize, equals",
        file: "java-uri.java",
        source: include_str!("../../workers/java-uri.java"),
        run: interpreted("java"),
        needs: "java 11 or later (Debian: default-jdk-headless)",
    },
    Shipped {
        name: "go-net-url",
        profile: "go-net-url",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "net/url: Parse, ResolveReference (Go)",
        file: "go-net-url.go",
        source: include_str!("../../workers/go-net-url.go"),
        run: Run::Interpreted {
            program: "go",
            args: &["run"],
        },
        needs: "go (Debian: golang-go)",
    },
    Shipped {
        name: "php-parse-url",
        profile: "php-parse-url",
        operations: &[Op::Parse],
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        library: "parse_url (PHP)",
        file: "php-parse-url.php",
        source: include_str!("../../workers/php-parse-url.php"),
        run: interpreted("php"),
        needs: "php (Debian: php-cli)",
    },
    Shipped {
        name: "ruby-uri",
        profile: "ruby-uri",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "URI.parse, URI.join (Ruby)",
        file: "ruby-uri.rb",
        source: include_str!("../../workers/ruby-uri.rb"),
        run: interpreted("ruby"),
        needs: "ruby (Debian: ruby)",
    },
    Shipped {
        name: "perl-uri",
        profile: "perl-uri",
        operations: FOUR_OPS,
        components: ALL_EIGHT,
        decides_validity: false,
        library: "URI->new, new_abs, canonical, URI::eq (Perl)",
        file: "perl-uri.pl",
        source: include_str!("../../workers/perl-uri.pl"),
        run: interpreted("perl"),
        needs: "perl with the URI module (Debian: liburi-perl)",
    },
    Shipped {
        name: "curl-url",
        profile: "curl-url",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "libcurl URL API: curl_url_set, curl_url_get",
        file: "curl-url.c",
        source: include_str!("../../workers/curl-url.c"),
        run: Run::Compiled { libs: &["-lcurl"] },
        needs: "cc and libcurl's headers (Debian: gcc, libcurl4-openssl-dev)",
    },
];

/// The shipped worker `name` as a registry entry (one line each in [`super::REGISTRY`]).
///
/// # Panics
///
/// When `name` is not in [`SHIPPED`]: the registry names shipped workers only, so that is a
/// bug in the registry, caught by its tests.
pub(crate) fn shipped(name: &str) -> Arc<dyn Subject> {
    let worker = SHIPPED
        .iter()
        .find(|w| w.name == name)
        .unwrap_or_else(|| panic!("{name} is not a shipped worker"));
    Arc::new(External::shipped(worker))
}

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

/// Where a worker comes from: the two places allowed to start a process.
#[derive(Debug)]
enum Launch {
    /// A command line given by the user (`--external NAME=COMMAND`), run by `sh -c`.
    Command(String),
    /// A shipped worker.
    Shipped(&'static Shipped),
}

/// An external worker as a [`Subject`].
///
/// Nothing starts when it is created: [`Subject::available`] or the first request starts the
/// worker and reads its handshake. Until then [`Subject::info`] is what uridiff declares for it
/// (for a shipped worker: its entry in [`SHIPPED`], version `-`); from then on it is what the
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
    slot: Mutex<Slot>,
}

/// The mutable part: the running worker, or why there is none.
#[derive(Debug, Default)]
struct Slot {
    worker: Option<Worker>,
    unavailable: Option<String>,
    next_id: u64,
}

impl External {
    /// A worker started by `sh -c COMMAND`, named `name`. It declares every operation and
    /// component until its handshake says what it has.
    pub fn from_command(name: &str, command: &str) -> External {
        External::new(
            SubjectInfo {
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

    /// The worker of an [`ExternalSpec`] (`--external NAME=COMMAND`).
    pub fn from_spec(spec: &ExternalSpec) -> External {
        External::from_command(&spec.name, &spec.command)
    }

    /// A shipped worker.
    pub fn shipped(worker: &'static Shipped) -> External {
        External::new(
            SubjectInfo {
                name: worker.name.to_owned(),
                version: "-".to_owned(),
                profile: worker.profile.to_owned(),
                kind: Kind::External,
                library: worker.library.to_owned(),
                operations: OpSet::of(worker.operations),
                components: ComponentSet::of(worker.components),
                decides_validity: worker.decides_validity,
                edition_fields: false,
                editions: Vec::new(),
            },
            Launch::Shipped(worker),
        )
    }

    fn new(declared: SubjectInfo, launch: Launch) -> External {
        External {
            declared,
            spoken: OnceLock::new(),
            launch,
            timeout: default_timeout(),
            handshake_timeout: DEFAULT_HANDSHAKE_TIMEOUT,
            slot: Mutex::new(Slot::default()),
        }
    }

    /// The same worker with another per-request timeout.
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> External {
        self.timeout = timeout;
        self
    }

    /// The same worker with another handshake timeout.
    #[must_use]
    pub fn handshake_timeout(mut self, timeout: Duration) -> External {
        self.handshake_timeout = timeout;
        self
    }

    /// The worker's process id while one is running (tests use it to see a restart).
    pub fn pid(&self) -> Option<u32> {
        self.lock().worker.as_ref().map(|w| w.child.id())
    }

    fn lock(&self) -> MutexGuard<'_, Slot> {
        // A panic while the lock was held leaves at worst a worker to restart.
        self.slot.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts the worker if none runs: two tries, then unavailable for good.
    fn ensure(&self, slot: &mut Slot) -> Result<(), String> {
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
        if let Launch::Shipped(w) = self.launch {
            if !last.contains("workers/install.sh") {
                // A worker that starts but dies at once mostly lacks its library.
                let _ = write!(last, " (needs {}; workers/install.sh installs it)", w.needs);
            }
        }
        slot.unavailable = Some(last.clone());
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
            Launch::Shipped(w) => shipped_command(w).map_err(Failure::Final)?,
        };
        let mut worker = Worker::spawn(&mut command).map_err(|e| {
            if e.kind() == io::ErrorKind::NotFound {
                let program = command.get_program().to_string_lossy().into_owned();
                Failure::Final(match &self.launch {
                    Launch::Shipped(w) => format!(
                        "`{program}` not found on PATH (needs {}; workers/install.sh installs it)",
                        w.needs
                    ),
                    Launch::Command(_) => format!("`{program}` not found on PATH"),
                })
            } else {
                Failure::Final(format!("cannot start `{shown}`: {e}"))
            }
        })?;
        let line = match worker.read_line(self.handshake_timeout) {
            Ok(line) => line,
            Err(e) => {
                if matches!(e, ReadError::Closed) {
                    // Let it finish exiting, so that its own exit status is the one reported.
                    std::thread::sleep(Duration::from_millis(20));
                }
                let status = worker.kill();
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
                return Err(Failure::Retry(match worker.stderr_tail().last() {
                    Some(l) => format!("no handshake: {why}; stderr: {l}"),
                    None => format!("no handshake: {why}"),
                }));
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
        if let Launch::Shipped(w) = self.launch {
            if h.name != w.name {
                return Err(format!("name {:?}, expected {:?}", h.name, w.name));
            }
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
        let mut library = h.library.unwrap_or_else(|| self.declared.library.clone());
        if matches!(self.launch, Launch::Command(_)) && h.name != self.declared.name {
            let _ = write!(library, " (calls itself {})", h.name);
        }
        for note in &h.notes {
            let _ = write!(library, "; {note}");
        }
        Ok(SubjectInfo {
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

    /// Sends one request and reads its response: the one place requests are made.
    fn call(&self, op: Op, request: Request<'_>) -> Result<Response, Outcome<()>> {
        let mut slot = self.lock();
        if let Err(why) = self.ensure(&mut slot) {
            return Err(Outcome::Unsupported(format!(
                "{} is not available: {why}",
                self.declared.name
            )));
        }
        if !self.info().operations.contains(op) {
            return Err(Outcome::Unsupported(format!(
                "{} has no {op} operation",
                self.declared.name
            )));
        }
        slot.next_id += 1;
        let id = slot.next_id;
        let request = Request { id, ..request };
        let Some(worker) = slot.worker.as_mut() else {
            unreachable!("ensure started a worker")
        };
        match worker.exchange(&request, self.timeout) {
            Ok(response) => Ok(response),
            Err(fault) => {
                let crash = fault.crash(worker, op, id, self.timeout);
                // The next request starts a new worker.
                slot.worker = None;
                Err(Outcome::Crashed(crash))
            }
        }
    }

    /// A request whose answer is a byte string (resolve, normalize).
    fn text_call(&self, op: Op, request: Request<'_>) -> Outcome<String> {
        let response = match self.call(op, request) {
            Ok(r) => r,
            Err(out) => return out.map(|()| String::new()),
        };
        response.outcome(|r| match r.value.map(bytes_value) {
            Some(Ok(Some(text))) => Ok(text),
            _ => Err("an accepted answer without a byte-string \"value\"".to_owned()),
        })
    }
}

impl Subject for External {
    fn info(&self) -> &SubjectInfo {
        self.spoken.get().unwrap_or(&self.declared)
    }

    fn available(&self) -> Result<(), String> {
        let mut slot = self.lock();
        self.ensure(&mut slot)
    }

    fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
        let response = match self.call(Op::Parse, Request::new(Op::Parse, input)) {
            Ok(r) => r,
            Err(out) => return out.map(|()| Parsed::default()),
        };
        response.outcome(|r| {
            let Some(Value::Object(map)) = r.components else {
                return Err("an accepted parse without a \"components\" object".to_owned());
            };
            let mut parsed = Parsed::default();
            let mut reported = Vec::with_capacity(map.len());
            for (name, value) in map {
                let c: Component = name
                    .parse()
                    .map_err(|e: crate::model::UnknownComponent| e.to_string())?;
                let value = bytes_value(value).map_err(|e| format!("component {name}: {e}"))?;
                parsed.components.set(c, value.as_deref());
                reported.push(c);
            }
            parsed.not_reported = not_reported(self.info().components, &reported);
            parsed.serialization = match r.serialization {
                None => None,
                Some(v) => bytes_value(v).map_err(|e| format!("serialization: {e}"))?,
            };
            Ok(parsed)
        })
    }

    fn resolve(&self, base: &[u8], reference: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        let mut request = Request::new(Op::Resolve, reference);
        request.base = Some(Wire(base));
        self.text_call(Op::Resolve, request)
    }

    fn normalize(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        self.text_call(Op::Normalize, Request::new(Op::Normalize, input))
    }

    fn equivalent(&self, a: &[u8], b: &[u8], _: &Ctx<'_>) -> Outcome<bool> {
        let mut request = Request::new(Op::Equivalent, a);
        request.other = Some(Wire(b));
        match self.call(Op::Equivalent, request) {
            Ok(r) => r.outcome(|r| match r.value {
                Some(Value::Bool(b)) => Ok(b),
                _ => Err("an accepted answer without a boolean \"value\"".to_owned()),
            }),
            Err(out) => out.map(|()| false),
        }
    }
}

/// The declared components a response left out: "not reported", where its library has no
/// such reading for this input (workers/README.md, "Responses"), as against `null`, undefined.
/// (tests/external.rs checks it through a worker that leaves a key out.)
fn not_reported(declared: ComponentSet, reported: &[Component]) -> ComponentSet {
    reported.iter().fold(declared, |left, c| left.without(*c))
}

/// Why a start failed: worth one more try, or not.
enum Failure {
    /// The handshake was missing or wrong: the protocol allows a second try.
    Retry(String),
    /// Nothing to retry: the interpreter is missing, the worker cannot be built.
    Final(String),
}

impl Shipped {
    /// The command line that runs this worker from the cache directory ([`cache_dir`]),
    /// building it first if it is compiled: what uridiff starts, for running it by hand.
    ///
    /// # Errors
    ///
    /// When the cache directory cannot be written or the worker cannot be built.
    ///
    /// ```
    /// let urllib = &uridiff::subjects::external::SHIPPED[0];
    /// let argv = urllib.argv().unwrap();
    /// assert_eq!(argv[0], "python3");
    /// assert!(argv[1].to_string_lossy().ends_with("python-urllib.py"));
    /// ```
    pub fn argv(&self) -> Result<Vec<OsString>, String> {
        let dir = cache_dir()?;
        let source = dir.join(self.file);
        Ok(match self.run {
            Run::Interpreted { program, args } => std::iter::once(program)
                .chain(args.iter().copied())
                .map(OsString::from)
                .chain([source.into_os_string()])
                .collect(),
            Run::Compiled { libs } => vec![build(self, dir, &source, libs)?.into_os_string()],
        })
    }
}

/// The command that runs a shipped worker, and how it is shown in messages.
fn shipped_command(w: &Shipped) -> Result<(Command, String), String> {
    let argv = w.argv()?;
    let mut c = Command::new(&argv[0]);
    c.args(&argv[1..]);
    if matches!(w.run, Run::Interpreted { program: "go", .. }) {
        go_environment(&mut c, cache_dir()?);
    }
    let shown = argv
        .iter()
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ");
    Ok((c, shown))
}

/// `go run` needs a build cache; where the environment names none, one in the cache directory.
/// `GOTOOLCHAIN=local`: never fetch another Go.
fn go_environment(c: &mut Command, dir: &Path) {
    let named = ["GOCACHE", "XDG_CACHE_HOME", "HOME"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()));
    if !named {
        c.env("GOCACHE", dir.join("go-build"));
    }
    c.env("GOTOOLCHAIN", "local");
}

/// Builds a compiled worker into the cache directory once (the directory's name carries the
/// sources' hash, so a binary there always matches its source).
fn build(w: &Shipped, dir: &Path, source: &Path, libs: &[&str]) -> Result<PathBuf, String> {
    let binary = dir.join(w.name);
    if binary.is_file() {
        return Ok(binary);
    }
    let partial = dir.join(format!("{}.{}.partial", w.name, std::process::id()));
    let out = Command::new("cc")
        .arg("-O2")
        .arg("-o")
        .arg(&partial)
        .arg(source)
        .args(libs)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| {
            if e.kind() == io::ErrorKind::NotFound {
                format!(
                    "`cc` not found on PATH (needs {}; workers/install.sh installs it)",
                    w.needs
                )
            } else {
                format!("cannot run cc: {e}")
            }
        })?;
    if !out.status.success() {
        let _ = std::fs::remove_file(&partial);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let first = stderr
            .lines()
            .find(|l| l.contains("error"))
            .or_else(|| stderr.lines().next())
            .unwrap_or("no message");
        return Err(format!(
            "cannot build {} with cc ({}): {} (needs {})",
            w.name,
            out.status,
            first.trim(),
            w.needs
        ));
    }
    std::fs::rename(&partial, &binary)
        .map_err(|e| format!("cannot place {}: {e}", binary.display()))?;
    Ok(binary)
}

/// The cache directory holding the shipped workers' sources (and built binaries):
/// `<user cache>/uridiff/workers-<version>-<hash of the sources>`, where the user cache is
/// `$XDG_CACHE_HOME` or `$HOME/.cache`, written at first use; where there is no such folder, or
/// it is not this user's own (a link, another owner, writable by others), a folder of a random
/// name created for this process in the system's temporary folder.
///
/// Nothing is ever opened for writing in a folder uridiff did not check or create: a worker's
/// source is written to a temporary of a random name created exclusively beside it and renamed
/// into place, so another local user can neither plant a link nor disable or replace a worker.
///
/// # Errors
///
/// When no folder can be created or written.
pub fn cache_dir() -> Result<&'static Path, String> {
    static DIR: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    DIR.get_or_init(make_cache_dir)
        .as_ref()
        .map(PathBuf::as_path)
        .map_err(Clone::clone)
}

fn make_cache_dir() -> Result<PathBuf, String> {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for w in SHIPPED {
        (w.file, w.source).hash(&mut hasher);
    }
    let name = format!(
        "workers-{}-{:016x}",
        env!("CARGO_PKG_VERSION"),
        hasher.finish()
    );
    let user_cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME")
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
                .map(|h| h.join(".cache"))
        });
    if let Some(root) = user_cache {
        let dir = root.join("uridiff").join(&name);
        if std::fs::create_dir_all(&dir).is_ok() && own_private_dir(&dir) {
            if let Ok(()) = write_sources(&dir) {
                return Ok(dir);
            }
        }
    }
    // No user cache of ours: a folder of a random name, created for this process alone.
    let dir = tempfile::Builder::new()
        .prefix("uridiff-workers-")
        .tempdir()
        .map_err(|e| format!("cannot create a folder for the workers: {e}"))?
        .keep();
    write_sources(&dir)?;
    Ok(dir)
}

/// Writes each shipped worker's source into `dir` (a folder checked to be this user's own)
/// where it is not there already, through an exclusive temporary renamed into place.
fn write_sources(dir: &Path) -> Result<(), String> {
    let fail = |what: &str, e: io::Error| format!("cannot {what} {}: {e}", dir.display());
    for w in SHIPPED {
        let path = dir.join(w.file);
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_file())
            && std::fs::read(&path).is_ok_and(|have| have == w.source.as_bytes())
        {
            continue;
        }
        let mut tmp = tempfile::Builder::new()
            .prefix(".partial.")
            .tempfile_in(dir)
            .map_err(|e| fail("write into", e))?;
        tmp.write_all(w.source.as_bytes())
            .map_err(|e| fail("write into", e))?;
        tmp.persist(&path)
            .map_err(|e| fail("write into", e.error))?;
    }
    Ok(())
}

/// Whether `dir` is a folder (not a link to one) of this user's, writable by nobody else: its
/// owner is the owner of a file this process creates in it (exclusively, no link followed).
#[cfg(unix)]
fn own_private_dir(dir: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::symlink_metadata(dir) else {
        return false;
    };
    if !meta.file_type().is_dir() {
        return false;
    }
    let Ok(probe) = tempfile::Builder::new().prefix(".owner.").tempfile_in(dir) else {
        return false;
    };
    let Ok(mine) = probe.as_file().metadata().map(|m| m.uid()) else {
        return false;
    };
    if meta.uid() != mine {
        return false;
    }
    // Ours: make it private if it is not (a folder made by create_dir_all has the umask's mode).
    meta.mode() & 0o022 == 0 || private(dir).is_ok()
}

#[cfg(not(unix))]
fn own_private_dir(dir: &Path) -> bool {
    dir.is_dir()
}

#[cfg(unix)]
fn private(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
}

/// Reads `stderr` to its end, keeping its last [`STDERR_LINES`] lines in `tail`, each cut to
/// [`MAX_STDERR_LINE`] bytes: a worker that writes without end, or one line without a newline,
/// costs bounded memory.
fn keep_tail(mut stderr: impl BufRead, tail: &Mutex<VecDeque<String>>) {
    let mut line = Vec::new();
    loop {
        line.clear();
        // At most MAX_STDERR_LINE bytes of the line; then the rest of it, dropped.
        let Ok(n) = (&mut stderr)
            .take(MAX_STDERR_LINE as u64)
            .read_until(b'\n', &mut line)
        else {
            break;
        };
        if n == 0 {
            break;
        }
        if line.last() != Some(&b'\n') {
            while let Ok(buf) = stderr.fill_buf() {
                if buf.is_empty() {
                    break;
                }
                let (used, end) = match buf.iter().position(|&b| b == b'\n') {
                    Some(i) => (i + 1, true),
                    None => (buf.len(), false),
                };
                stderr.consume(used);
                if end {
                    break;
                }
            }
        }
        let text = String::from_utf8_lossy(&line).trim_end().to_owned();
        let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
        if tail.len() == STDERR_LINES {
            tail.pop_front();
        }
        tail.push_back(shorten(&text));
    }
}

/// A running worker: the process, its stdin, and the threads reading its stdout and stderr.
#[derive(Debug)]
struct Worker {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_done: Receiver<()>,
    /// Set once the process is reaped: its pid may then be reused, so it is never signalled
    /// again.
    status: Option<ExitStatus>,
}

/// What the stdout reader saw: a line (without its '\n'), or the end.
type Line = Result<Vec<u8>, String>;

/// Why no line came.
enum ReadError {
    Timeout,
    /// The stdout pipe closed (the worker exited or closed it).
    Closed,
    /// A read error or an overlong line.
    Broken(String),
}

impl Worker {
    fn spawn(command: &mut Command) -> io::Result<Worker> {
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (line_tx, lines) = mpsc::sync_channel(LINES_AHEAD);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut line) {
                    Ok(0) => break,
                    Ok(_) if line.last() == Some(&b'\n') => {
                        line.pop();
                        if line.last() == Some(&b'\r') {
                            line.pop();
                        }
                        if line_tx.send(Ok(line)).is_err() {
                            break;
                        }
                    }
                    Ok(n) if n as u64 >= MAX_LINE => {
                        let _ = line_tx.send(Err(format!("a line longer than {MAX_LINE} bytes")));
                        break;
                    }
                    Ok(_) => {
                        // A last line without '\n', then the end.
                        let _ = line_tx.send(Ok(line));
                        break;
                    }
                    Err(e) => {
                        let _ = line_tx.send(Err(format!("cannot read its stdout: {e}")));
                        break;
                    }
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let (done_tx, stderr_done) = mpsc::channel();
        let keep = Arc::clone(&tail);
        std::thread::spawn(move || {
            keep_tail(BufReader::new(stderr), &keep);
            let _ = done_tx.send(());
        });
        Ok(Worker {
            child,
            stdin,
            lines,
            stderr: tail,
            stderr_done,
            status: None,
        })
    }

    /// The next non-empty stdout line, within `timeout`.
    fn read_line(&mut self, timeout: Duration) -> Result<Vec<u8>, ReadError> {
        let deadline = Instant::now() + timeout;
        let mut blank = 0usize;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Ok(line)) if line.iter().all(u8::is_ascii_whitespace) => {
                    blank += 1;
                    if blank > MAX_BLANK_LINES {
                        return Err(ReadError::Broken(format!(
                            "more than {MAX_BLANK_LINES} blank lines where an answer was due"
                        )));
                    }
                }
                Ok(Ok(line)) => return Ok(line),
                Ok(Err(e)) => return Err(ReadError::Broken(e)),
                Err(RecvTimeoutError::Timeout) => return Err(ReadError::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(ReadError::Closed),
            }
        }
    }

    /// Writes one request and reads the response to it.
    fn exchange(&mut self, request: &Request<'_>, timeout: Duration) -> Result<Response, Fault> {
        let mut line = serde_json::to_vec(request).expect("a request always serializes");
        line.push(b'\n');
        let stdin = self.stdin.as_mut().ok_or(Fault::Exited)?;
        if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
            return Err(Fault::Exited);
        }
        let answer = self.read_line(timeout).map_err(|e| match e {
            ReadError::Timeout => Fault::Timeout,
            ReadError::Closed => Fault::Exited,
            ReadError::Broken(why) => Fault::Protocol(why),
        })?;
        let response: Response = serde_json::from_slice(&answer).map_err(|e| {
            Fault::Protocol(format!(
                "not a response ({e}): {}",
                shorten(&String::from_utf8_lossy(&answer))
            ))
        })?;
        if response.id != Some(request.id) {
            return Err(Fault::Protocol(format!(
                "the answer carries id {}, not {}: {}",
                response.id.map_or("null".to_owned(), |i| i.to_string()),
                request.id,
                shorten(&String::from_utf8_lossy(&answer))
            )));
        }
        Ok(response)
    }

    /// The worker's last stderr lines, once its stderr is closed (or after a short wait).
    fn stderr_tail(&self) -> Vec<String> {
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(500));
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        tail.iter().cloned().collect()
    }

    /// Kills the worker's process group, then reaps the worker: the group is signalled while
    /// the worker (at worst a zombie) still holds its pid, so the signal cannot reach a process
    /// that reused the pid. Returns the exit status: the worker's own if it had already exited.
    fn kill(&mut self) -> Option<ExitStatus> {
        self.stdin = None;
        if self.status.is_none() {
            #[cfg(unix)]
            if let Ok(pid) = i32::try_from(self.child.id()) {
                use nix::sys::signal::{killpg, Signal};
                use nix::unistd::Pid;
                let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
            }
            let _ = self.child.kill();
            self.status = self.child.wait().ok();
        }
        self.status
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.kill();
    }
}

/// What went wrong with one request.
enum Fault {
    Timeout,
    Exited,
    Protocol(String),
}

impl Fault {
    /// The crash outcome of request `id`, with the worker's last stderr lines. The worker is
    /// killed: one that timed out, exited or lost the thread of the conversation is not trusted
    /// with the next request.
    fn crash(&self, worker: &mut Worker, op: Op, id: u64, timeout: Duration) -> Crash {
        let (kind, mut message) = match self {
            Fault::Timeout => {
                worker.kill();
                (
                    CrashKind::Timeout,
                    format!(
                        "no answer to request {id} ({op}) within {} ms; the worker was killed",
                        timeout.as_millis()
                    ),
                )
            }
            Fault::Exited => {
                // Let it finish exiting, so that its own exit status is the one reported.
                std::thread::sleep(Duration::from_millis(20));
                let status = worker.kill().map_or_else(
                    || "its stdout closed".to_owned(),
                    |s| format!("it exited ({s})"),
                );
                (
                    CrashKind::Exit,
                    format!("the worker stopped during request {id} ({op}): {status}"),
                )
            }
            Fault::Protocol(why) => {
                worker.kill();
                (
                    CrashKind::Protocol,
                    format!("request {id} ({op}): {why}; the worker was killed"),
                )
            }
        };
        let tail = worker.stderr_tail();
        if !tail.is_empty() {
            message.push_str("\nstderr:\n");
            message.push_str(&tail.join("\n"));
        }
        Crash { kind, message }
    }
}

/// Clips a line for a message.
fn shorten(s: &str) -> String {
    const MAX: usize = 300;
    if s.len() <= MAX {
        return s.to_owned();
    }
    let mut end = MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

/// A byte string on the wire: a JSON string when UTF-8, else `{"b64": ...}`.
#[derive(Clone, Copy, Debug)]
struct Wire<'a>(&'a [u8]);

impl Serialize for Wire<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match std::str::from_utf8(self.0) {
            Ok(text) => s.serialize_str(text),
            Err(_) => {
                use serde::ser::SerializeMap;
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("b64", &BASE64.encode(self.0))?;
                map.end()
            }
        }
    }
}

/// A byte string from the wire (`null` is undefined). Bytes that are not UTF-8 become U+FFFD:
/// the shared model holds text.
fn bytes_value(v: Value) -> Result<Option<String>, String> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s)),
        Value::Object(map) => match map.get("b64") {
            Some(Value::String(b64)) if map.len() == 1 => BASE64
                .decode(b64)
                .map(|bytes| Some(String::from_utf8_lossy(&bytes).into_owned()))
                .map_err(|e| format!("bad base64: {e}")),
            _ => Err("an object that is not {\"b64\": ...}".to_owned()),
        },
        other => Err(format!("{other} is not a byte string")),
    }
}

/// One request line.
#[derive(Debug, Serialize)]
struct Request<'a> {
    id: u64,
    op: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<Wire<'a>>,
    input: Wire<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    other: Option<Wire<'a>>,
}

impl<'a> Request<'a> {
    fn new(op: Op, input: &'a [u8]) -> Request<'a> {
        Request {
            id: 0,
            op: op.name(),
            base: None,
            input: Wire(input),
            other: None,
        }
    }
}

/// The handshake line.
#[derive(Debug, Deserialize)]
struct Handshake {
    protocol: String,
    name: String,
    version: String,
    profile: String,
    operations: Vec<String>,
    components: Vec<String>,
    decides_validity: bool,
    #[serde(default)]
    library: Option<String>,
    #[serde(default)]
    notes: Vec<String>,
}

/// One response line.
#[derive(Debug, Deserialize)]
struct Response {
    id: Option<u64>,
    outcome: String,
    #[serde(default)]
    components: Option<Value>,
    #[serde(default)]
    serialization: Option<Value>,
    #[serde(default)]
    value: Option<Value>,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    offset: Option<usize>,
}

impl Response {
    /// The outcome; an `accepted` answer is read by `accept`. A response that breaks the
    /// protocol in its content (its line and id were right, so the worker is still in step) is
    /// a protocol crash, without a restart.
    fn outcome<T>(self, accept: impl FnOnce(Response) -> Result<T, String>) -> Outcome<T> {
        let protocol = |message: String| {
            Outcome::Crashed(Crash {
                kind: CrashKind::Protocol,
                message,
            })
        };
        let id = self.id.unwrap_or_default();
        match self.outcome.as_str() {
            "accepted" => match accept(self) {
                Ok(value) => Outcome::Accepted(value),
                Err(why) => protocol(format!("request {id}: {why}")),
            },
            "rejected" => Outcome::Rejected(Rejection {
                message: self.message.unwrap_or_default(),
                code: self.code,
                offset: self.offset,
            }),
            "unsupported" => Outcome::Unsupported(self.message.unwrap_or_default()),
            "error" => protocol(format!(
                "the worker called the request malformed: {}",
                self.message.unwrap_or_default()
            )),
            other => protocol(format!("unknown outcome {other:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stderr_without_newlines_costs_bounded_memory() {
        let mut text = vec![b'x'; 10 << 20];
        text.extend_from_slice(b"\nlast line\n");
        let tail = Mutex::new(VecDeque::new());
        keep_tail(std::io::Cursor::new(text), &tail);
        let tail = tail.into_inner().unwrap();
        assert_eq!(
            tail.len(),
            2,
            "{:?}",
            tail.iter().map(String::len).collect::<Vec<_>>()
        );
        assert!(tail[0].len() <= MAX_STDERR_LINE, "{}", tail[0].len());
        assert_eq!(tail[1], "last line");
    }
}
