//! The worker side of uridiff's protocol, `uridiff-worker/1` (uridiff's `workers/README.md`,
//! "The protocol"), for a URI parser written in Rust: give the parser's operations as closures,
//! and [`Worker::run`] answers uridiff's requests on stdin and stdout, one JSON object per line,
//! pipelined requests included (they are answered in order, each flushed).
//!
//! A crate adds it as a dev-dependency:
//!
//! ```toml
//! [dev-dependencies]
//! uridiff-worker = "0.2"
//! ```
//!
//! and puts its own working tree under uridiff's gate with one example binary, run by
//! `uridiff check --external mine='cargo run -q --example uridiff_worker' --under-test mine`:
//!
//! ```no_run
//! use uridiff_worker::{Components, Rejected, Worker};
//!
//! fn main() -> std::io::Result<()> {
//!     Worker::new("mine", "rfc3986")
//!         // The version uridiff shows: this crate's, marked as a local working tree.
//!         .version(uridiff_worker::local_version!())
//!         .components(&["scheme", "host", "path", "query", "fragment"])
//!         .decides_validity(true)
//!         .parse(|input| {
//!             let text = std::str::from_utf8(input).map_err(|e| Rejected::new(e).code("not-utf8"))?;
//!             let uri = fluent_uri::UriRef::parse(text).map_err(|e| Rejected::new(e))?;
//!             Ok(Components::new()
//!                 .set("scheme", uri.scheme().map(|s| s.as_str()))
//!                 .set("host", uri.authority().map(|a| a.host()))
//!                 .set("path", Some(uri.path().as_str()))
//!                 .set("query", uri.query().map(|q| q.as_str()))
//!                 .set("fragment", uri.fragment().map(|f| f.as_str())))
//!         })
//!         .run()
//! }
//! ```
//!
//! What the answers mean is uridiff's to judge: a component set to `None` is undefined (RFC 3986
//! 5.3's word: the input has no such component), `Some("")` is empty, a component never set is
//! not reported (not compared). `decides_validity(true)` says the parser means to tell valid
//! references from invalid ones, so uridiff compares its rejections with the reference's; a
//! splitter that takes nearly anything says `false` and is compared on what it accepts only. The
//! name given here must be the `NAME` of `--external NAME=COMMAND`, and the profile one of
//! uridiff's known profiles (`uridiff parsers` lists them; `rfc3986` for an RFC 3986 parser).
//!
//! Only an `Err(Rejected)` is the parser refusing the input (`rejected`). A panic is never a
//! rejection: a panic in the worker's own code (its glue around the parser) is answered
//! `crashed` with the panic's message and place, which uridiff reports as a crash of the worker
//! (class `crash-worker`), and the worker goes on. A panic inside the parser's call, marked with
//! [`library`], is the parser's own crash: it ends the worker as it always did, and uridiff
//! records the request as a crash of the parser and starts the worker again. Where the parser
//! has no answer for an input (an operation it offers for some inputs only), the closure returns
//! [`Rejected::no_answer`]: answered `unsupported`, never judged as a refusal.

#![forbid(unsafe_code)]

use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};

use base64::Engine as _;
use serde_json::{json, Map, Value};

/// The protocol's name and version, the handshake's `protocol`.
pub const PROTOCOL: &str = "uridiff-worker/1";

/// The components the protocol knows, in RFC 3986 section 3's order.
pub const COMPONENTS: [&str; 8] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
];

/// The version of the crate that calls it, marked as a local working tree, so `uridiff
/// parsers` and a baseline's header never pass it off as a published release: `"0.3.1 (local
/// working tree)"`. It names no folder, so a baseline written on a maintainer's machine holds
/// in CI.
///
/// ```
/// let v = uridiff_worker::local_version!();
/// assert_eq!(v, concat!(env!("CARGO_PKG_VERSION"), " (local working tree)"));
/// ```
#[macro_export]
macro_rules! local_version {
    () => {
        concat!(env!("CARGO_PKG_VERSION"), " (local working tree)")
    };
}

thread_local! {
    /// Whether a panic unwinding now began inside [`library`]: the parser's own crash.
    static IN_LIBRARY: Cell<bool> = const { Cell::new(false) };
}

/// Marks the parser's call: a panic inside `f` is the parser's own crash, which ends the worker
/// (uridiff records the request as a crash of the parser, as for any crash of a library),
/// whereas a panic anywhere else in a closure is the worker's failure, answered `crashed`.
/// Returns what `f` returns.
///
/// ```
/// let n: usize = uridiff_worker::library(|| "a/b".split('/').count());
/// assert_eq!(n, 2);
/// ```
pub fn library<T>(f: impl FnOnce() -> T) -> T {
    match panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(payload) => {
            IN_LIBRARY.with(|c| c.set(true));
            panic::resume_unwind(payload)
        }
    }
}

/// A panic's message, as `panic!` and the standard library give it.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

/// A parse's answer: each reported component (`None` undefined, `Some` its text), and
/// optionally the parser's own serialization and a note.
///
/// ```
/// let c = uridiff_worker::Components::new().set("scheme", Some("http")).set("query", None);
/// assert_eq!(c.get("scheme"), Some(Some(&b"http"[..])));
/// assert_eq!(c.get("query"), Some(None));
/// assert_eq!(c.get("host"), None); // not reported
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components {
    parts: BTreeMap<&'static str, Option<Vec<u8>>>,
    serialization: Option<Vec<u8>>,
    note: Option<String>,
}

impl Components {
    /// No component reported yet.
    pub fn new() -> Components {
        Components::default()
    }

    /// Reports `name` (one of [`COMPONENTS`]) as `value`: `None` for undefined.
    ///
    /// # Panics
    ///
    /// When `name` is not a component of the protocol: a mistake in the worker, found the
    /// first time it runs.
    #[must_use]
    pub fn set(self, name: &str, value: Option<&str>) -> Components {
        self.set_bytes(name, value.map(str::as_bytes))
    }

    /// [`Components::set`] for a component the parser gives as bytes.
    ///
    /// # Panics
    ///
    /// When `name` is not a component of the protocol.
    #[must_use]
    pub fn set_bytes(mut self, name: &str, value: Option<&[u8]>) -> Components {
        let Some(known) = COMPONENTS.iter().find(|c| **c == name) else {
            panic!(
                "uridiff-worker: {name:?} is not a component; the protocol's are {COMPONENTS:?}"
            );
        };
        self.parts.insert(known, value.map(<[u8]>::to_vec));
        self
    }

    /// The parser's own serialization of what it read (uridiff parses it again with the same
    /// parser: the round trip).
    #[must_use]
    pub fn serialization(mut self, text: impl Into<Vec<u8>>) -> Components {
        self.serialization = Some(text.into());
        self
    }

    /// A note for the response (`"undefined reported as empty"` where the parser cannot tell).
    #[must_use]
    pub fn note(mut self, note: impl Into<String>) -> Components {
        self.note = Some(note.into());
        self
    }

    /// What was reported for `name`: `None` when not reported, `Some(None)` when undefined.
    pub fn get(&self, name: &str) -> Option<Option<&[u8]>> {
        self.parts.get(name).map(Option::as_deref)
    }
}

/// The parser refused the input: its error's text, and optionally a code (the error's kind) and
/// the byte offset it blames.
///
/// ```
/// let r = uridiff_worker::Rejected::new("bad port").code("InvalidPort").offset(7);
/// assert_eq!(r.message, "bad port");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    /// The error's text.
    pub message: String,
    /// The error's kind, where the parser has kinds.
    pub code: Option<String>,
    /// The byte offset the parser blames, where it says.
    pub offset: Option<usize>,
    /// Not a refusal: the parser has no answer for this input ([`Rejected::no_answer`]).
    no_answer: bool,
}

impl Rejected {
    /// A refusal with the error's text.
    pub fn new(message: impl Display) -> Rejected {
        Rejected {
            message: message.to_string(),
            code: None,
            offset: None,
            no_answer: false,
        }
    }

    /// Not a refusal: the parser has no answer for this input (an operation it offers for some
    /// inputs only, a resolution whose base it cannot take as one). Answered `unsupported`,
    /// which uridiff never judges, unlike a rejection.
    ///
    /// ```
    /// let r = uridiff_worker::Rejected::no_answer("no resolution without an absolute base");
    /// assert!(r.is_no_answer());
    /// assert!(!uridiff_worker::Rejected::new("bad port").is_no_answer());
    /// ```
    pub fn no_answer(message: impl Display) -> Rejected {
        Rejected {
            no_answer: true,
            ..Rejected::new(message)
        }
    }

    /// Whether this is [`Rejected::no_answer`] rather than a refusal.
    pub fn is_no_answer(&self) -> bool {
        self.no_answer
    }

    /// The error's kind.
    #[must_use]
    pub fn code(mut self, code: impl Into<String>) -> Rejected {
        self.code = Some(code.into());
        self
    }

    /// The byte offset the parser blames.
    #[must_use]
    pub fn offset(mut self, offset: usize) -> Rejected {
        self.offset = Some(offset);
        self
    }
}

type ParseFn<'a> = Box<dyn Fn(&[u8]) -> Result<Components, Rejected> + 'a>;
type TextFn<'a> = Box<dyn Fn(&[u8], &[u8]) -> Result<Vec<u8>, Rejected> + 'a>;
type NormalizeFn<'a> = Box<dyn Fn(&[u8]) -> Result<Vec<u8>, Rejected> + 'a>;
type EquivalentFn<'a> = Box<dyn Fn(&[u8], &[u8]) -> Result<bool, Rejected> + 'a>;

/// How a worker sees which of its library's code an answer ran (uridiff's `workers/README.md`,
/// "Coverage"): what its handshake declares, and the two calls around each request that asks.
struct Coverage<'a> {
    kind: String,
    total: Option<u64>,
    reset: Box<dyn Fn() + 'a>,
    read: Box<dyn Fn() -> Vec<u32> + 'a>,
}

/// A worker: what its handshake declares and the closures that answer.
///
/// ```
/// use uridiff_worker::{Components, Worker};
/// let w = Worker::new("mine", "rfc3986")
///     .version("1.0")
///     .components(&["path"])
///     .parse(|input| Ok(Components::new().set_bytes("path", Some(input))));
/// let mut out = Vec::new();
/// w.serve(&b"{\"id\":1,\"op\":\"parse\",\"input\":\"a/b\"}\n"[..], &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.lines().nth(1).unwrap().contains("\"path\":\"a/b\""));
/// ```
pub struct Worker<'a> {
    name: String,
    version: String,
    profile: String,
    library: Option<String>,
    notes: Vec<String>,
    components: Vec<&'static str>,
    decides_validity: bool,
    parse: Option<ParseFn<'a>>,
    resolve: Option<TextFn<'a>>,
    normalize: Option<NormalizeFn<'a>>,
    equivalent: Option<EquivalentFn<'a>>,
    coverage: Option<Coverage<'a>>,
}

impl<'a> Worker<'a> {
    /// A worker named `name` (the `NAME` of `--external NAME=COMMAND`) judged under `profile`.
    /// It reports every component and decides validity until told otherwise.
    pub fn new(name: &str, profile: &str) -> Worker<'a> {
        Worker {
            name: name.to_owned(),
            version: "unknown".to_owned(),
            profile: profile.to_owned(),
            library: None,
            notes: Vec::new(),
            components: COMPONENTS.to_vec(),
            decides_validity: true,
            parse: None,
            resolve: None,
            normalize: None,
            equivalent: None,
            coverage: None,
        }
    }

    /// The parser's version (see [`local_version!`] for a working tree).
    #[must_use]
    pub fn version(mut self, version: &str) -> Worker<'a> {
        self.version = version.to_owned();
        self
    }

    /// The library, for people.
    #[must_use]
    pub fn library(mut self, library: &str) -> Worker<'a> {
        self.library = Some(library.to_owned());
        self
    }

    /// A note on what the mapping blurs, for people (`uridiff parsers` shows it).
    #[must_use]
    pub fn note(mut self, note: &str) -> Worker<'a> {
        self.notes.push(note.to_owned());
        self
    }

    /// The components the parse reports (of [`COMPONENTS`]; unknown names are dropped).
    #[must_use]
    pub fn components(mut self, names: &[&str]) -> Worker<'a> {
        self.components = COMPONENTS
            .iter()
            .copied()
            .filter(|c| names.contains(c))
            .collect();
        self
    }

    /// Whether the parser means to tell valid references from invalid ones.
    #[must_use]
    pub fn decides_validity(mut self, decides: bool) -> Worker<'a> {
        self.decides_validity = decides;
        self
    }

    /// The parse: the input's bytes to its components, or a refusal.
    #[must_use]
    pub fn parse(mut self, f: impl Fn(&[u8]) -> Result<Components, Rejected> + 'a) -> Worker<'a> {
        self.parse = Some(Box::new(f));
        self
    }

    /// The resolution of a reference against a base (RFC 3986 5.2): `f(base, reference)`.
    #[must_use]
    pub fn resolve(
        mut self,
        f: impl Fn(&[u8], &[u8]) -> Result<Vec<u8>, Rejected> + 'a,
    ) -> Worker<'a> {
        self.resolve = Some(Box::new(f));
        self
    }

    /// The normalization (RFC 3986 6.2.2).
    #[must_use]
    pub fn normalize(mut self, f: impl Fn(&[u8]) -> Result<Vec<u8>, Rejected> + 'a) -> Worker<'a> {
        self.normalize = Some(Box::new(f));
        self
    }

    /// The equivalence of two references (RFC 3986 6).
    #[must_use]
    pub fn equivalent(
        mut self,
        f: impl Fn(&[u8], &[u8]) -> Result<bool, Rejected> + 'a,
    ) -> Worker<'a> {
        self.equivalent = Some(Box::new(f));
        self
    }

    /// Coverage of the library's code (uridiff's `workers/README.md`, "Coverage"): the
    /// handshake declares `kind` (`"edges"`, `"lines"`: a short lowercase name) and, when
    /// known, `total`, the number of ids the instrumentation can report. For a request that
    /// asks (`"coverage": true`), `reset` is called before the closure that answers it and
    /// `read` after, and the answer carries what `read` gives: the ids of the library's code
    /// that ran, the same code having the same id in every run. A request that does not ask
    /// calls neither, and its answer is what it would be without coverage.
    ///
    /// ```
    /// use std::cell::Cell;
    /// use uridiff_worker::{Components, Worker};
    /// let hits = Cell::new(0u32);
    /// let w = Worker::new("mine", "rfc3986")
    ///     .components(&["path"])
    ///     .parse(|i| {
    ///         hits.set(hits.get() + 1);
    ///         Ok(Components::new().set_bytes("path", Some(i)))
    ///     })
    ///     .coverage("edges", Some(8), || hits.set(0), || vec![hits.get()]);
    /// let mut out = Vec::new();
    /// w.serve(&b"{\"id\":1,\"op\":\"parse\",\"input\":\"a\",\"coverage\":true}\n"[..], &mut out)
    ///     .unwrap();
    /// let text = String::from_utf8(out).unwrap();
    /// assert!(text.lines().next().unwrap().contains("\"coverage\":\"edges\""));
    /// assert!(text.lines().nth(1).unwrap().contains("\"coverage\":[1]"));
    /// ```
    #[must_use]
    pub fn coverage(
        mut self,
        kind: &str,
        total: Option<u64>,
        reset: impl Fn() + 'a,
        read: impl Fn() -> Vec<u32> + 'a,
    ) -> Worker<'a> {
        self.coverage = Some(Coverage {
            kind: kind.to_owned(),
            total,
            reset: Box::new(reset),
            read: Box::new(read),
        });
        self
    }

    /// The handshake line's object.
    pub fn handshake(&self) -> Value {
        let ops: Vec<&str> = [
            ("parse", self.parse.is_some()),
            ("resolve", self.resolve.is_some()),
            ("normalize", self.normalize.is_some()),
            ("equivalent", self.equivalent.is_some()),
        ]
        .into_iter()
        .filter_map(|(op, has)| has.then_some(op))
        .collect();
        let mut h = json!({
            "protocol": PROTOCOL,
            "name": self.name,
            "version": self.version,
            "profile": self.profile,
            "operations": ops,
            "components": self.components,
            "decides_validity": self.decides_validity,
            "notes": self.notes,
        });
        if let Some(library) = &self.library {
            h["library"] = json!(library);
        }
        if let Some(c) = &self.coverage {
            h["coverage"] = json!(c.kind);
            if let Some(total) = c.total {
                h["coverage_total"] = json!(total);
            }
        }
        h
    }

    /// Serves the protocol on stdin and stdout until the end of the input.
    ///
    /// # Errors
    ///
    /// When stdin cannot be read or stdout written (uridiff went away).
    pub fn run(&self) -> io::Result<()> {
        let stdin = io::stdin();
        let stdout = io::stdout();
        self.serve(stdin.lock(), stdout.lock())
    }

    /// Serves the protocol on `input` and `output`: the handshake, then one response per
    /// request line, in order, each flushed; blank lines are skipped; a `shutdown` request or
    /// the end of the input ends it.
    ///
    /// # Errors
    ///
    /// When `input` cannot be read or `output` written.
    pub fn serve(&self, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        writeln!(output, "{}", self.handshake())?;
        output.flush()?;
        let mut line = Vec::new();
        loop {
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                return Ok(());
            }
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let request: Result<Value, String> =
                serde_json::from_slice(&line).map_err(|e| format!("not JSON: {e}"));
            if let Ok(r) = &request
                && r.get("op").and_then(Value::as_str) == Some("shutdown")
            {
                return Ok(());
            }
            let response = match request {
                Ok(r) => self.answer(&r),
                Err(message) => json!({"id": null, "outcome": "error", "message": message}),
            };
            writeln!(output, "{response}")?;
            output.flush()?;
        }
    }

    /// The response to one request.
    fn answer(&self, request: &Value) -> Value {
        let id = request.get("id").cloned().unwrap_or(Value::Null);
        let error = |message: String| json!({"id": id, "outcome": "error", "message": message});
        let Some(op) = request.get("op").and_then(Value::as_str) else {
            return error("a request needs an \"op\"".into());
        };
        let field = |name: &str| -> Result<Vec<u8>, String> {
            take_bytes(request.get(name).unwrap_or(&Value::Null))
                .map_err(|e| format!("{op}: field {name:?}: {e}"))
        };
        let unsupported = || {
            json!({"id": id, "outcome": "unsupported",
                   "message": format!("{} does not offer {op}", self.name)})
        };
        // Only a request that asks is measured; one that does not is answered as without.
        let coverage = self
            .coverage
            .as_ref()
            .filter(|_| request.get("coverage") == Some(&Value::Bool(true)));
        if let Some(c) = coverage {
            (c.reset)();
        }
        // A panic of the closure is the worker's own failure unless it began in `library`.
        IN_LIBRARY.with(|c| c.set(false));
        let answered = panic::catch_unwind(AssertUnwindSafe(|| self.outcome(op, &field)));
        let ids = coverage.map(|c| (c.read)());
        let outcome = match answered {
            Ok(outcome) => outcome,
            Err(payload) => {
                if IN_LIBRARY.with(Cell::get) {
                    // The parser's own crash: it ends the worker, as a crash of a library does.
                    panic::resume_unwind(payload);
                }
                return json!({"id": id, "outcome": "crashed", "message": format!(
                    "panicked outside uridiff_worker::library(): {}",
                    panic_text(payload.as_ref())
                )});
            }
        };
        let mut response = match outcome {
            Err(Unanswered::NotOffered) => return unsupported(),
            Err(Unanswered::Malformed(message)) => return error(message),
            Ok(Ok(fields)) => fields,
            Ok(Err(r)) if r.no_answer => {
                let mut m = Map::new();
                m.insert("outcome".into(), json!("unsupported"));
                m.insert("message".into(), json!(r.message));
                m
            }
            Ok(Err(r)) => {
                let mut m = Map::new();
                m.insert("outcome".into(), json!("rejected"));
                m.insert("message".into(), json!(r.message));
                m.insert("code".into(), json!(r.code));
                m.insert("offset".into(), json!(r.offset));
                m
            }
        };
        response.insert("id".into(), id);
        if let Some(ids) = ids {
            response.insert("coverage".into(), json!(ids));
        }
        Value::Object(response)
    }

    /// One request's outcome: the closure's answer, or why the request is not answered.
    fn outcome(
        &self,
        op: &str,
        field: &dyn Fn(&str) -> Result<Vec<u8>, String>,
    ) -> Result<Result<Map<String, Value>, Rejected>, Unanswered> {
        let unsupported = || Err(Unanswered::NotOffered);
        let field = |name: &str| field(name).map_err(Unanswered::Malformed);
        match op {
            "parse" => match &self.parse {
                None => unsupported(),
                Some(f) => field("input").map(|i| f(&i).map(|c| accepted_parse(&c))),
            },
            "resolve" => match &self.resolve {
                None => unsupported(),
                Some(f) => field("base").and_then(|b| {
                    field("input").map(|i| f(&b, &i).map(|v| accepted(give_bytes(&v))))
                }),
            },
            "normalize" => match &self.normalize {
                None => unsupported(),
                Some(f) => field("input").map(|i| f(&i).map(|v| accepted(give_bytes(&v)))),
            },
            "equivalent" => match &self.equivalent {
                None => unsupported(),
                Some(f) => field("input").and_then(|a| {
                    field("other").map(|b| f(&a, &b).map(|v| accepted(Value::Bool(v))))
                }),
            },
            other => Err(Unanswered::Malformed(format!("unknown op {other:?}"))),
        }
    }
}

/// Why a request is not answered by a closure.
enum Unanswered {
    /// The worker does not offer the operation (`unsupported`).
    NotOffered,
    /// The request is malformed (`error`).
    Malformed(String),
}

fn accepted(value: Value) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("outcome".into(), json!("accepted"));
    m.insert("value".into(), value);
    m
}

fn accepted_parse(c: &Components) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("outcome".into(), json!("accepted"));
    let parts: Map<String, Value> = c
        .parts
        .iter()
        .map(|(k, v)| {
            (
                (*k).to_owned(),
                v.as_deref().map_or(Value::Null, give_bytes),
            )
        })
        .collect();
    m.insert("components".into(), Value::Object(parts));
    if let Some(s) = &c.serialization {
        m.insert("serialization".into(), give_bytes(s));
    }
    if let Some(n) = &c.note {
        m.insert("note".into(), json!(n));
    }
    m
}

/// A protocol byte string: a JSON string, or `{"b64": ...}` for bytes that are not UTF-8.
fn take_bytes(v: &Value) -> Result<Vec<u8>, String> {
    match v {
        Value::String(s) => Ok(s.as_bytes().to_vec()),
        Value::Object(o) => match o.get("b64").and_then(Value::as_str) {
            Some(b) => base64::engine::general_purpose::STANDARD
                .decode(b)
                .map_err(|e| format!("bad base64: {e}")),
            None => Err("an object byte string needs \"b64\"".into()),
        },
        Value::Null => Err("missing".into()),
        _ => Err("a byte string is a JSON string or {\"b64\": ...}".into()),
    }
}

/// Bytes back to the protocol: text when they are UTF-8, else base64.
fn give_bytes(b: &[u8]) -> Value {
    match std::str::from_utf8(b) {
        Ok(s) => json!(s),
        Err(_) => json!({"b64": base64::engine::general_purpose::STANDARD.encode(b)}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn echo() -> Worker<'static> {
        Worker::new("echo", "rfc3986")
            .version("1")
            .components(&["path", "query"])
            .parse(|input| {
                if input.contains(&b' ') {
                    return Err(Rejected::new("space")
                        .code("Space")
                        .offset(input.iter().position(|&b| b == b' ').unwrap_or_default()));
                }
                Ok(Components::new()
                    .set_bytes("path", Some(input))
                    .set("query", None))
            })
            .resolve(|base, reference| Ok([base, reference].concat()))
    }

    fn lines(requests: &str) -> Vec<Value> {
        lines_of(echo(), requests)
    }

    /// The handshake and answers `worker` writes for `requests`, one JSON value a line.
    fn lines_of(worker: Worker<'_>, requests: &str) -> Vec<Value> {
        let mut out = Vec::new();
        worker.serve(requests.as_bytes(), &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn handshake_declares_what_the_worker_offers() {
        let h = &lines("")[0];
        assert_eq!(h["protocol"], PROTOCOL);
        assert_eq!(h["operations"], json!(["parse", "resolve"]));
        assert_eq!(h["components"], json!(["path", "query"]));
        assert_eq!(h["decides_validity"], true);
    }

    #[test]
    fn pipelined_requests_are_answered_in_order_with_their_ids() {
        let got = lines(concat!(
            "{\"id\":1,\"op\":\"parse\",\"input\":\"a\"}\n",
            "\n",
            "{\"id\":2,\"op\":\"parse\",\"input\":{\"b64\":\"gA==\"}}\n",
            "{\"id\":3,\"op\":\"parse\",\"input\":\"a b\"}\n",
            "{\"id\":4,\"op\":\"resolve\",\"base\":\"x/\",\"input\":\"y\"}\n",
            "{\"id\":5,\"op\":\"normalize\",\"input\":\"y\"}\n",
            "{\"id\":6,\"op\":\"resolve\",\"input\":\"y\"}\n",
            "not json\n",
            "{\"id\":8,\"op\":\"shutdown\"}\n",
            "{\"id\":9,\"op\":\"parse\",\"input\":\"never\"}\n",
        ));
        assert_eq!(got.len(), 8, "{got:#?}");
        assert_eq!(got[1]["id"], 1);
        assert_eq!(got[1]["components"], json!({"path": "a", "query": null}));
        assert_eq!(got[2]["components"]["path"], json!({"b64": "gA=="}));
        assert_eq!(
            (&got[3]["outcome"], &got[3]["code"], &got[3]["offset"]),
            (&json!("rejected"), &json!("Space"), &json!(1))
        );
        assert_eq!(got[4]["value"], "x/y");
        assert_eq!(got[5]["outcome"], "unsupported");
        assert_eq!(
            (&got[6]["id"], &got[6]["outcome"]),
            (&json!(6), &json!("error"))
        );
        assert_eq!(
            (&got[7]["id"], &got[7]["outcome"]),
            (&Value::Null, &json!("error"))
        );
    }

    /// A worker whose parse panics in its own code on "glue", inside `library` on "lib", and
    /// has no answer for "none".
    fn fragile() -> Worker<'static> {
        Worker::new("fragile", "rfc3986")
            .components(&["path"])
            .parse(|input| match input {
                b"glue" => {
                    let parts: Vec<&[u8]> = input.split(|&b| b == b'/').collect();
                    // The worker's own mistake: there is no second part.
                    Ok(Components::new().set_bytes("path", Some(parts[1])))
                }
                b"lib" => library(|| panic!("the parser's own crash")),
                b"none" => Err(Rejected::no_answer("no reading of this input")),
                _ => Err(Rejected::new("refused").code("Refused")),
            })
    }

    fn fragile_lines(requests: &str) -> Vec<Value> {
        lines_of(fragile(), requests)
    }

    #[test]
    fn a_panic_in_the_workers_own_code_is_crashed_with_its_message_and_the_worker_goes_on() {
        let got = fragile_lines(concat!(
            "{\"id\":1,\"op\":\"parse\",\"input\":\"glue\"}\n",
            "{\"id\":2,\"op\":\"parse\",\"input\":\"x\"}\n",
            "{\"id\":3,\"op\":\"parse\",\"input\":\"none\"}\n",
        ));
        assert_eq!(got.len(), 4, "{got:#?}");
        assert_eq!(
            (&got[1]["id"], &got[1]["outcome"]),
            (&json!(1), &json!("crashed"))
        );
        let message = got[1]["message"].as_str().unwrap();
        assert!(message.contains("index out of bounds"), "{message}");
        // A refusal the closure returns stays the parser's answer.
        assert_eq!(
            (&got[2]["outcome"], &got[2]["code"]),
            (&json!("rejected"), &json!("Refused"))
        );
        assert_eq!(
            (&got[3]["outcome"], &got[3]["message"]),
            (&json!("unsupported"), &json!("no reading of this input"))
        );
    }

    #[test]
    fn a_panic_inside_library_is_the_parsers_crash_and_ends_the_worker() {
        let ended = panic::catch_unwind(|| {
            fragile_lines("{\"id\":1,\"op\":\"parse\",\"input\":\"lib\"}\n")
        });
        let payload = ended.expect_err("the worker ends");
        assert_eq!(panic_text(payload.as_ref()), "the parser's own crash");
    }

    #[test]
    fn coverage_is_measured_and_sent_only_for_a_request_that_asks() {
        let calls = std::cell::RefCell::new(Vec::new());
        let w = echo().coverage(
            "edges",
            None,
            || calls.borrow_mut().push("reset"),
            || {
                calls.borrow_mut().push("read");
                vec![7, 3]
            },
        );
        let got = lines_of(
            w,
            concat!(
                "{\"id\":1,\"op\":\"parse\",\"input\":\"a\"}\n",
                "{\"id\":2,\"op\":\"parse\",\"input\":\"a b\",\"coverage\":true}\n",
                "{\"id\":3,\"op\":\"parse\",\"input\":\"a\",\"coverage\":false}\n",
            ),
        );
        assert_eq!(got[0]["coverage"], "edges");
        assert_eq!(got[0].get("coverage_total"), None);
        assert_eq!(got[1].get("coverage"), None, "not asked");
        // A refusal is the library's answer too: what it ran is sent.
        assert_eq!(
            (&got[2]["outcome"], &got[2]["coverage"]),
            (&json!("rejected"), &json!([7, 3]))
        );
        assert_eq!(got[3].get("coverage"), None, "asked with false");
        drop(got);
        assert_eq!(*calls.borrow(), ["reset", "read"]);
    }

    #[test]
    #[should_panic(expected = "not a component")]
    fn an_unknown_component_is_the_workers_mistake() {
        let _ = Components::new().set("hostname", Some("a"));
    }
}
