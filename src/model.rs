//! The owned, comparable form of what a parser says about an input: one component model shared by
//! every subject, the engine, the suite runner and the reports.
//!
//! Component names are the common ones (RFC 3986 section 3) whatever an edition calls them, and
//! they exist as text only at the edges (JSON, YAML): inside the harness a component is a
//! [`Component`]. Undefined (`None`) is kept apart from empty (`Some("")`) everywhere, in JSON as
//! `null`.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

pub use compact_str::CompactString;
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

/// Version of every JSON document uridiff writes (`"schema": 1`).
pub const JSON_SCHEMA: u32 = 1;

/// A component of a reference (RFC 3986 section 3), plus the host's kind (section 3.2.2).
///
/// # Examples
///
/// ```
/// use uridiff::model::Component;
/// assert_eq!(Component::Host.name(), "host");
/// assert_eq!("host_kind".parse::<Component>(), Ok(Component::HostKind));
/// assert!("hots".parse::<Component>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Component {
    /// `scheme`, without its ":".
    Scheme,
    /// `authority`, without its "//".
    Authority,
    /// `userinfo`, without its "@".
    Userinfo,
    /// `host` (an IP literal keeps its brackets).
    Host,
    /// The kind of host: `ipv4`, `ipv6`, `ipvfuture`, `reg-name`, `hostname`, `empty`.
    HostKind,
    /// `port`, without its ":".
    Port,
    /// `path`, with its leading "/" if any.
    Path,
    /// `query`, without its "?".
    Query,
    /// `fragment`, without its "#".
    Fragment,
}

impl Component {
    /// Every component, in the order they are shown.
    pub const ALL: [Component; 9] = [
        Component::Scheme,
        Component::Authority,
        Component::Userinfo,
        Component::Host,
        Component::HostKind,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The name used in YAML suites and JSON output: the one place component names are written.
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Authority => "authority",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::HostKind => "host_kind",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }

    /// Whether a disagreement on this component can change where a request goes or what a URL
    /// filter decides (the URL-confusion classes: scheme, userinfo, host, port).
    pub const fn routes(self) -> bool {
        matches!(
            self,
            Component::Scheme
                | Component::Authority
                | Component::Userinfo
                | Component::Host
                | Component::Port
        )
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl Serialize for Component {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a component.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown component {0:?}; valid components: scheme, authority, userinfo, host, host_kind, port, path, query, fragment")]
pub struct UnknownComponent(pub String);

impl std::str::FromStr for Component {
    type Err = UnknownComponent;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Component::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| UnknownComponent(s.to_owned()))
    }
}

/// A set of components: what a subject reports.
///
/// ```
/// use uridiff::model::{Component, ComponentSet};
/// let s = ComponentSet::of(&[Component::Scheme, Component::Path]);
/// assert!(s.contains(Component::Path) && !s.contains(Component::Host));
/// assert_eq!(s.iter().count(), 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ComponentSet(u16);

impl ComponentSet {
    /// Every component.
    pub const ALL: ComponentSet = ComponentSet(0x1ff);
    /// No component (a subject that only decides validity).
    pub const NONE: ComponentSet = ComponentSet(0);

    /// The set of `components`.
    pub const fn of(components: &[Component]) -> ComponentSet {
        let mut bits = 0;
        let mut i = 0;
        while i < components.len() {
            bits |= components[i].bit();
            i += 1;
        }
        ComponentSet(bits)
    }

    /// This set without `c`.
    pub const fn without(self, c: Component) -> ComponentSet {
        ComponentSet(self.0 & !c.bit())
    }

    /// Whether the set has no component.
    pub const fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// Whether `c` is in the set.
    pub const fn contains(self, c: Component) -> bool {
        self.0 & c.bit() != 0
    }

    /// The components in the set, in [`Component::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Component> {
        Component::ALL
            .into_iter()
            .filter(move |c| self.contains(*c))
    }
}

impl Serialize for ComponentSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for c in self.iter() {
            seq.serialize_element(c.name())?;
        }
        seq.end()
    }
}

/// The components of a reference, owned.
///
/// # Examples
///
/// ```
/// use uridiff::model::{Component, Components};
/// let c = Components::from_spec(&uri_spec::parse(b"http://a/b").unwrap());
/// assert_eq!(c.get(Component::Host), Some("a"));
/// assert_eq!(c.get(Component::Query), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Components {
    /// Each value inline when it fits in 24 bytes, on the heap otherwise: a parser-input's
    /// answer is read into one of these for every parser, most values are short, and a heap
    /// string per defined component was most of what reading an answer allocated.
    values: [Option<CompactString>; 9],
    /// Edition-specific fields (for example 1994's `url-path`), by the edition's names.
    pub extra: BTreeMap<String, Option<String>>,
}

impl Components {
    /// Copies the components the spec implementation returned.
    pub fn from_spec(c: &uri_spec::Components<'_>) -> Components {
        let mut out = Components::default();
        out.set(Component::Scheme, c.scheme);
        out.set(Component::Authority, c.authority);
        out.set(Component::Userinfo, c.userinfo);
        out.set(Component::Host, c.host_str());
        out.set(Component::HostKind, c.host.map(|h| h.kind.name()));
        out.set(Component::Port, c.port);
        out.set(Component::Path, c.path);
        out.set(Component::Query, c.query);
        out.set(Component::Fragment, c.fragment);
        out.extra = c
            .extras
            .iter()
            .map(|(k, v)| (k.to_owned(), Some(v.to_owned())))
            .collect();
        out
    }

    /// A component's value (`None` = undefined).
    pub fn get(&self, c: Component) -> Option<&str> {
        self.values[c as usize].as_deref()
    }

    /// Sets a component (`None` = undefined).
    pub fn set(&mut self, c: Component, value: Option<&str>) {
        self.values[c as usize] = value.map(CompactString::new);
    }

    /// Sets a component to a value already owned (`None` = undefined): [`Components::set`]
    /// without a copy (a `String` keeps its heap buffer when it does not fit inline).
    ///
    /// ```
    /// use uridiff::model::{Component, Components};
    /// let mut c = Components::default();
    /// c.put(Component::Host, Some("h".into()));
    /// assert_eq!(c.get(Component::Host), Some("h"));
    /// ```
    pub fn put(&mut self, c: Component, value: Option<CompactString>) {
        self.values[c as usize] = value;
    }

    /// Builder form of [`Components::set`].
    ///
    /// ```
    /// use uridiff::model::{Component, Components};
    /// let c = Components::default().with(Component::Path, Some(""));
    /// assert_eq!(c.get(Component::Path), Some(""));
    /// ```
    #[must_use]
    pub fn with(mut self, c: Component, value: Option<&str>) -> Components {
        self.set(c, value);
        self
    }

    /// A field by its name at an edge (YAML, JSON): a common component or an extra field.
    /// `Some(None)` when it is undefined, `None` when the name is neither.
    pub fn get_named(&self, name: &str) -> Option<Option<&str>> {
        match name.parse::<Component>() {
            Ok(c) => Some(self.get(c)),
            Err(_) => self.extra.get(name).map(Option::as_deref),
        }
    }
}

impl Serialize for Components {
    /// Every common component by name (`null` when undefined), then the extra fields.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for c in Component::ALL {
            map.serialize_entry(c.name(), &self.get(c))?;
        }
        if !self.extra.is_empty() {
            map.serialize_entry("extra", &self.extra)?;
        }
        map.end()
    }
}

/// What a parser made of an input it accepted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Parsed {
    /// The components it reports.
    pub components: Components,
    /// The parser's own serialization of what it parsed, where it has one (WHATWG's `href`,
    /// `http::Uri`'s `Display`): what it changed on the way shows against the input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub serialization: Option<String>,
    /// The components the subject declares but did not report for this input: its library has
    /// no such reading here (Perl's `URI::_foreign` has no `host` method, Go's opaque URL has
    /// no path). Distinct from undefined (`None` in [`Components`]), which is an answer. A
    /// worker says so by leaving the key out (`workers/README.md`, "Responses").
    ///
    /// ```
    /// use uridiff::model::{Component, ComponentSet, Parsed};
    /// let p = Parsed { not_reported: ComponentSet::of(&[Component::Host]), ..Parsed::default() };
    /// assert!(p.not_reported.contains(Component::Host));
    /// assert!(serde_json::to_string(&Parsed::default()).unwrap().find("not_reported").is_none());
    /// ```
    #[serde(skip_serializing_if = "ComponentSet::is_empty")]
    pub not_reported: ComponentSet,
}

impl Parsed {
    /// Whether this parse reports `c`: a worker may say a component is not reported for one
    /// input ([`Parsed::not_reported`]), and such a component is compared with nothing.
    ///
    /// ```
    /// use uridiff::model::{Component, ComponentSet, Parsed};
    /// let p = Parsed { not_reported: ComponentSet::of(&[Component::Path]), ..Parsed::default() };
    /// assert!(p.reports(Component::Host) && !p.reports(Component::Path));
    /// ```
    pub fn reports(&self, c: Component) -> bool {
        !self.not_reported.contains(c)
    }
}

impl From<Components> for Parsed {
    fn from(components: Components) -> Parsed {
        Parsed {
            components,
            ..Parsed::default()
        }
    }
}

/// Why a parser refused an input: its message, and its code or offset where it gives one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Rejection {
    /// The parser's message.
    pub message: String,
    /// The parser's error code or kind (`pct-encoded`, `InvalidPort`, `ValueError`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The byte offset the parser blames, where it says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
}

impl Rejection {
    /// A rejection with a message only.
    pub fn message(message: impl Into<String>) -> Rejection {
        Rejection {
            message: message.into(),
            ..Rejection::default()
        }
    }
}

/// How a parser failed to answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CrashKind {
    /// An in-process parser panicked.
    Panic,
    /// An external worker did not answer in time.
    Timeout,
    /// An external worker exited.
    Exit,
    /// An external worker answered something that is not the protocol.
    Protocol,
    /// An external worker failed a run of requests in a row (each a timeout, an exit or a
    /// protocol error) and was given up on for the rest of the run: the request that ended the
    /// run carries this kind, the worker's later requests are not sent.
    Dead,
    /// An external worker answered that its own code failed (its glue around the library, not
    /// the library's call: `workers/README.md`, "Responses", outcome `crashed`), with the
    /// exception and its traceback. The worker stays in step; a run of them in a row ends the
    /// worker for the run as a run of exits does.
    Worker,
}

impl CrashKind {
    /// The kind's name in reports.
    pub const fn name(self) -> &'static str {
        match self {
            CrashKind::Panic => "panic",
            CrashKind::Timeout => "timeout",
            CrashKind::Exit => "exit",
            CrashKind::Protocol => "protocol",
            CrashKind::Dead => "dead",
            CrashKind::Worker => "worker",
        }
    }
}

/// A crash: its kind and what was seen.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Crash {
    /// How it failed.
    pub kind: CrashKind,
    /// The panic message, exit status or offending line, and the worker's last stderr lines.
    pub message: String,
}

/// What a parser did with one operation: the four outcomes every subject reports.
///
/// ```
/// use uridiff::model::{Outcome, Rejection};
/// let o: Outcome<String> = Outcome::Rejected(Rejection::message("bad"));
/// assert!(!o.is_accepted());
/// assert_eq!(o.name(), "rejected");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "outcome", content = "value", rename_all = "lowercase")]
pub enum Outcome<T> {
    /// The input was accepted, with this result.
    Accepted(T),
    /// The input was rejected.
    Rejected(Rejection),
    /// The subject cannot do this job (an operation, edition or rule it does not have); never a
    /// difference.
    Unsupported(String),
    /// The parser panicked, crashed or hung.
    Crashed(Crash),
}

impl<T> Outcome<T> {
    /// Whether the input was accepted.
    pub fn is_accepted(&self) -> bool {
        matches!(self, Outcome::Accepted(_))
    }

    /// `accepted`, `rejected`, `unsupported` or `crashed`.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Accepted(_) => "accepted",
            Outcome::Rejected(_) => "rejected",
            Outcome::Unsupported(_) => "unsupported",
            Outcome::Crashed(_) => "crashed",
        }
    }

    /// Maps the accepted value.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
        match self {
            Outcome::Accepted(v) => Outcome::Accepted(f(v)),
            Outcome::Rejected(r) => Outcome::Rejected(r),
            Outcome::Unsupported(s) => Outcome::Unsupported(s),
            Outcome::Crashed(c) => Outcome::Crashed(c),
        }
    }

    /// A rejection with a message only.
    pub fn rejected(message: impl Into<String>) -> Outcome<T> {
        Outcome::Rejected(Rejection::message(message))
    }
}

/// The operations a subject may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// Parse into components (or reject).
    Parse,
    /// Resolve a reference against a base (RFC 3986 5.2).
    Resolve,
    /// Syntax-based normalization (6.2.2).
    Normalize,
    /// Equivalence (6.2.2 and 6.2.3).
    Equivalent,
    /// URIs out of running text.
    Extract,
}

impl Op {
    /// Every operation.
    pub const ALL: [Op; 5] = [
        Op::Parse,
        Op::Resolve,
        Op::Normalize,
        Op::Equivalent,
        Op::Extract,
    ];

    /// The name used in suites, JSON and the worker protocol.
    pub const fn name(self) -> &'static str {
        match self {
            Op::Parse => "parse",
            Op::Resolve => "resolve",
            Op::Normalize => "normalize",
            Op::Equivalent => "equivalent",
            Op::Extract => "extract",
        }
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of operations.
///
/// ```
/// use uridiff::model::{Op, OpSet};
/// let s = OpSet::of(&[Op::Parse, Op::Resolve]);
/// assert!(s.contains(Op::Resolve) && !s.contains(Op::Normalize));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OpSet(u8);

impl OpSet {
    /// The set of `ops`.
    pub const fn of(ops: &[Op]) -> OpSet {
        let mut bits = 0;
        let mut i = 0;
        while i < ops.len() {
            bits |= 1 << ops[i] as u8;
            i += 1;
        }
        OpSet(bits)
    }

    /// Whether `op` is in the set.
    pub const fn contains(self, op: Op) -> bool {
        self.0 & (1 << op as u8) != 0
    }

    /// The ops in the set.
    pub fn iter(self) -> impl Iterator<Item = Op> {
        Op::ALL.into_iter().filter(move |o| self.contains(*o))
    }
}

impl Serialize for OpSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for o in self.iter() {
            seq.serialize_element(o.name())?;
        }
        seq.end()
    }
}

/// The answer of any operation: what the engine compares.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// `parse`. Shared: an answer is kept by the worker's memo of recent answers and by the
    /// minimizer's memo as well as handed to the engine, and a copy of the components
    /// (up to nine strings and the edition's extras) for each was a tenth of uridiff's CPU.
    Parsed(Arc<Parsed>),
    /// `resolve`, `normalize`: a reference.
    Text(String),
    /// `equivalent`.
    Bool(bool),
    /// `extract`: the URIs, in order.
    List(Vec<String>),
}

/// Bytes as JSON: a string when they are UTF-8, else `{"b64": ...}` (the worker protocol's form).
///
/// # Errors
///
/// The serializer's.
pub fn bytes<S: serde::Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
    match std::str::from_utf8(b) {
        Ok(t) => s.serialize_str(t),
        Err(_) => {
            use base64::Engine as _;
            let mut m = std::collections::BTreeMap::new();
            m.insert("b64", base64::engine::general_purpose::STANDARD.encode(b));
            m.serialize(s)
        }
    }
}

/// [`bytes`] for an optional value.
///
/// # Errors
///
/// The serializer's.
pub fn opt_bytes<S: serde::Serializer>(b: &Option<Vec<u8>>, s: S) -> Result<S::Ok, S::Error> {
    match b {
        Some(b) => bytes(b, s),
        None => s.serialize_none(),
    }
}

/// An edition by its id.
///
/// # Errors
///
/// The serializer's.
pub fn edition<S: serde::Serializer>(e: &uri_spec::Edition, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(e.id())
}

/// Bytes that serialize as [`bytes`] does: for a type that serializes a byte field without
/// naming a function in an attribute.
///
/// ```
/// let v = serde_json::to_value(uridiff::model::ShowBytes(b"a\xff")).unwrap();
/// assert_eq!(v["b64"], "Yf8=");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ShowBytes<'a>(pub &'a [u8]);

impl Serialize for ShowBytes<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        bytes(self.0, s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn component_names_round_trip() {
        for c in Component::ALL {
            assert_eq!(c.name().parse::<Component>(), Ok(c));
        }
        assert_eq!(ComponentSet::of(&Component::ALL), ComponentSet::ALL);
    }

    #[test]
    fn json_keeps_undefined_apart_from_empty() {
        let c = Components::default()
            .with(Component::Path, Some(""))
            .with(Component::Scheme, Some("a"));
        let v = serde_json::to_value(&c).unwrap();
        assert_eq!(v["path"], "");
        assert!(v["query"].is_null());
        assert_eq!(v["scheme"], "a");
        assert!(v.get("extra").is_none());
    }

    #[test]
    fn outcome_json_is_tagged() {
        let o: Outcome<bool> = Outcome::Crashed(Crash {
            kind: CrashKind::Timeout,
            message: "5000 ms".into(),
        });
        let v = serde_json::to_value(&o).unwrap();
        assert_eq!(v["outcome"], "crashed");
        assert_eq!(v["value"]["kind"], "timeout");
    }
}
