//! The wire protocol `uridiff-worker/1` (`workers/README.md`, "Requests" and "Responses";
//! `workers/protocol.schema.json`): the request, handshake and response lines, and byte strings
//! as JSON strings when UTF-8, `{"b64": ...}` otherwise.

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine as _;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::coverage::MAX_IDS_PER_ANSWER;
use crate::model::{
    CompactString, Component, ComponentSet, Crash, CrashKind, Op, Outcome, Parsed, Rejection,
};

/// The protocol a worker's handshake must name.
pub const PROTOCOL: &str = "uridiff-worker/1";

/// A byte string on the wire: a JSON string when UTF-8, else `{"b64": ...}`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Wire<'a>(pub(super) &'a [u8]);

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
pub(super) fn bytes_value(v: Value) -> Result<Option<String>, String> {
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

/// A byte string of a response, read straight from the line (no [`Value`] in between: a
/// response is read for every answer of every worker): the text (`None` for `null`), or why it
/// is not a byte string, by [`bytes_value`]'s rules.
#[derive(Debug)]
pub(super) struct WireText(Result<Option<CompactString>, String>);

impl WireText {
    /// A plain string's text, or `None` for `null`.
    pub(super) fn plain(text: Option<CompactString>) -> WireText {
        WireText(Ok(text))
    }

    /// A value that is not a plain string, by [`bytes_value`]'s rules.
    fn of(v: Value) -> WireText {
        WireText(bytes_value(v).map(|text| text.map(CompactString::from)))
    }
}

impl<'de> Deserialize<'de> for WireText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(WireTextVisitor)
    }
}

struct WireTextVisitor;

impl<'de> Visitor<'de> for WireTextVisitor {
    type Value = WireText;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a byte string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<WireText, E> {
        // Inline when short: no allocation for most components.
        Ok(WireText(Ok(Some(CompactString::new(v)))))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<WireText, E> {
        Ok(WireText(Ok(Some(v.into()))))
    }
    fn visit_unit<E: de::Error>(self) -> Result<WireText, E> {
        Ok(WireText(Ok(None)))
    }
    fn visit_none<E: de::Error>(self) -> Result<WireText, E> {
        Ok(WireText(Ok(None)))
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<WireText, D::Error> {
        WireText::deserialize(d)
    }
    // The rest is rare (`{"b64": ...}`) or wrong: read as a value and judged as one.
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<WireText, E> {
        Ok(WireText::of(Value::from(v)))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<WireText, E> {
        Ok(WireText::of(Value::from(v)))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<WireText, E> {
        Ok(WireText::of(Value::from(v)))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<WireText, E> {
        Ok(WireText::of(Value::from(v)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<WireText, A::Error> {
        let v = Value::deserialize(de::value::SeqAccessDeserializer::new(seq))?;
        Ok(WireText::of(v))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<WireText, A::Error> {
        let v = Value::deserialize(de::value::MapAccessDeserializer::new(map))?;
        Ok(WireText::of(v))
    }
}

/// A response's `components`, read straight from the line: each key's component (or the
/// error naming an unknown one) and its text, a key given twice taken the last time as a JSON
/// object would; `None` when it is not an object.
#[derive(Debug)]
pub(super) struct WireComponents(Option<Vec<(Result<Component, String>, WireText)>>);

impl WireComponents {
    /// An object's entries, each key's component (or why it is none) and its text.
    pub(super) fn of(entries: Vec<(Result<Component, String>, WireText)>) -> WireComponents {
        WireComponents(Some(entries))
    }
}

impl<'de> Deserialize<'de> for WireComponents {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(WireComponentsVisitor)
    }
}

struct WireComponentsVisitor;

/// A component's name as a key: borrowed from the line where it can be, never kept.
struct ComponentKey;

impl<'de> DeserializeSeed<'de> for ComponentKey {
    type Value = Result<Component, String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for ComponentKey {
    type Value = Result<Component, String>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a component's name")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(v.parse()
            .map_err(|e: crate::model::UnknownComponent| e.to_string()))
    }
}

impl<'de> Visitor<'de> for WireComponentsVisitor {
    type Value = WireComponents;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a components object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<WireComponents, A::Error> {
        // Room for every component at once: grown from empty, a full answer's nine took three
        // allocations, and an answer is read for every parser-input.
        let mut entries: Vec<(Result<Component, String>, WireText)> =
            Vec::with_capacity(Component::ALL.len());
        while let Some(key) = map.next_key_seed(ComponentKey)? {
            let text: WireText = map.next_value()?;
            match entries.iter_mut().find(|(k, _)| *k == key) {
                Some(entry) => entry.1 = text,
                None => entries.push((key, text)),
            }
        }
        Ok(WireComponents(Some(entries)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<WireComponents, A::Error> {
        while seq.next_element::<de::IgnoredAny>()?.is_some() {}
        Ok(WireComponents(None))
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<WireComponents, D::Error> {
        WireComponents::deserialize(d)
    }
    fn visit_none<E: de::Error>(self) -> Result<WireComponents, E> {
        Ok(WireComponents(None))
    }
    fn visit_unit<E: de::Error>(self) -> Result<WireComponents, E> {
        Ok(WireComponents(None))
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<WireComponents, E> {
        Ok(WireComponents(None))
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<WireComponents, E> {
        Ok(WireComponents(None))
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<WireComponents, E> {
        Ok(WireComponents(None))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<WireComponents, E> {
        Ok(WireComponents(None))
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<WireComponents, E> {
        Ok(WireComponents(None))
    }
}

/// A response's `coverage`, read straight from the line (workers/README.md, "Coverage"): a list
/// of ids, integers from 0 to 2^32 - 1, at most [`MAX_IDS_PER_ANSWER`] of them, or why it is
/// not one. Whatever it holds, the line is read to its end: a malformed coverage never makes
/// the response unreadable, only its coverage dropped.
#[derive(Debug)]
pub(super) struct WireCoverage(pub(super) Result<Vec<u32>, String>);

impl<'de> Deserialize<'de> for WireCoverage {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(WireCoverageVisitor)
    }
}

struct WireCoverageVisitor;

/// One element of a coverage list: an id, or `None` for anything else (read and dropped).
struct CoverageId(Option<u32>);

impl<'de> Deserialize<'de> for CoverageId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(CoverageIdVisitor)
    }
}

struct CoverageIdVisitor;

impl<'de> Visitor<'de> for CoverageIdVisitor {
    type Value = CoverageId;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a coverage id")
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<CoverageId, E> {
        Ok(CoverageId(u32::try_from(v).ok()))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<CoverageId, E> {
        Ok(CoverageId(u32::try_from(v).ok()))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<CoverageId, E> {
        Ok(CoverageId(None))
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<CoverageId, E> {
        Ok(CoverageId(None))
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<CoverageId, E> {
        Ok(CoverageId(None))
    }
    fn visit_unit<E: de::Error>(self) -> Result<CoverageId, E> {
        Ok(CoverageId(None))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CoverageId, A::Error> {
        while seq.next_element::<de::IgnoredAny>()?.is_some() {}
        Ok(CoverageId(None))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<CoverageId, A::Error> {
        while map
            .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
            .is_some()
        {}
        Ok(CoverageId(None))
    }
}

impl<'de> Visitor<'de> for WireCoverageVisitor {
    type Value = WireCoverage;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a list of coverage ids")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<WireCoverage, A::Error> {
        let mut ids = Vec::new();
        let mut fault = None;
        let mut count = 0usize;
        while let Some(CoverageId(id)) = seq.next_element()? {
            count += 1;
            match id {
                _ if fault.is_some() => {}
                Some(_) if count > MAX_IDS_PER_ANSWER => {
                    fault = Some(format!("more than {MAX_IDS_PER_ANSWER} ids in one answer"));
                    ids = Vec::new();
                }
                Some(id) => ids.push(id),
                None => {
                    fault = Some(format!(
                        "element {count} is not an integer from 0 to {}",
                        u32::MAX
                    ));
                    ids = Vec::new();
                }
            }
        }
        Ok(WireCoverage(fault.map_or(Ok(ids), Err)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<WireCoverage, A::Error> {
        while map
            .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
            .is_some()
        {}
        Ok(WireCoverage(Err("an object, not a list of ids".to_owned())))
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<WireCoverage, D::Error> {
        WireCoverage::deserialize(d)
    }
    fn visit_none<E: de::Error>(self) -> Result<WireCoverage, E> {
        Ok(WireCoverage(Ok(Vec::new())))
    }
    fn visit_unit<E: de::Error>(self) -> Result<WireCoverage, E> {
        Ok(WireCoverage(Ok(Vec::new())))
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<WireCoverage, E> {
        Ok(WireCoverage(Err("a boolean, not a list of ids".to_owned())))
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<WireCoverage, E> {
        Ok(WireCoverage(Err("a number, not a list of ids".to_owned())))
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<WireCoverage, E> {
        Ok(WireCoverage(Err("a number, not a list of ids".to_owned())))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<WireCoverage, E> {
        Ok(WireCoverage(Err("a number, not a list of ids".to_owned())))
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<WireCoverage, E> {
        Ok(WireCoverage(Err("a string, not a list of ids".to_owned())))
    }
}

/// One request line.
#[derive(Clone, Copy, Debug, Serialize)]
pub(super) struct Request<'a> {
    pub(super) id: u64,
    pub(super) op: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) base: Option<Wire<'a>>,
    pub(super) input: Wire<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) other: Option<Wire<'a>>,
    /// Asks for the answer's coverage (workers/README.md, "Coverage"): sent only to a worker
    /// whose handshake declared coverage, in a campaign that wants it; left out otherwise, so
    /// that a request is what it was without coverage, byte for byte.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) coverage: bool,
}

impl<'a> Request<'a> {
    pub(super) fn new(op: Op, input: &'a [u8]) -> Request<'a> {
        Request {
            id: 0,
            op: op.name(),
            base: None,
            input: Wire(input),
            other: None,
            coverage: false,
        }
    }
}

/// The handshake line.
#[derive(Debug, Deserialize)]
pub(super) struct Handshake {
    pub(super) protocol: String,
    pub(super) name: String,
    pub(super) version: String,
    pub(super) profile: String,
    pub(super) operations: Vec<String>,
    pub(super) components: Vec<String>,
    pub(super) decides_validity: bool,
    /// The kind of coverage the worker can send (`"lines"`); read leniently (a value that is no
    /// kind is never asked for, and never fails the handshake), see [`Handshake::coverage_kind`].
    #[serde(default)]
    pub(super) coverage: Option<Value>,
    /// How many ids the worker's instrumentation of the library can report (its instrumented
    /// lines or statements): what a campaign's reach is counted out of. Read leniently, see
    /// [`Handshake::coverage_total`].
    #[serde(default)]
    pub(super) coverage_total: Option<Value>,
    #[serde(default)]
    pub(super) library: Option<String>,
    #[serde(default)]
    pub(super) notes: Vec<String>,
    #[serde(default)]
    pub(super) wraps: Option<String>,
}

/// A response's `outcome` (workers/README.md, "Responses"), read from the line without a copy:
/// every answer has one, and five names are all there are.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum OutcomeName {
    Accepted,
    Rejected,
    Unsupported,
    Crashed,
    Error,
    /// A name the protocol does not have: a protocol crash, which says it.
    Other(String),
}

impl<'de> Deserialize<'de> for OutcomeName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(OutcomeNameVisitor)
    }
}

struct OutcomeNameVisitor;

impl Visitor<'_> for OutcomeNameVisitor {
    type Value = OutcomeName;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<OutcomeName, E> {
        Ok(OutcomeName::of(v))
    }
}

impl OutcomeName {
    /// The outcome a response names.
    pub(super) fn of(name: &str) -> OutcomeName {
        match name {
            "accepted" => OutcomeName::Accepted,
            "rejected" => OutcomeName::Rejected,
            "unsupported" => OutcomeName::Unsupported,
            "crashed" => OutcomeName::Crashed,
            "error" => OutcomeName::Error,
            other => OutcomeName::Other(other.to_owned()),
        }
    }
}

/// One response line.
#[derive(Debug, Deserialize)]
pub(super) struct Response {
    pub(super) id: Option<u64>,
    pub(super) outcome: OutcomeName,
    #[serde(default)]
    pub(super) components: Option<WireComponents>,
    #[serde(default)]
    pub(super) serialization: Option<WireText>,
    #[serde(default)]
    pub(super) value: Option<Value>,
    #[serde(default)]
    pub(super) message: Option<String>,
    #[serde(default)]
    pub(super) code: Option<String>,
    #[serde(default)]
    pub(super) offset: Option<usize>,
    /// The ids of the library code the answer executed, when asked for (see [`WireCoverage`]).
    #[serde(default)]
    pub(super) coverage: Option<WireCoverage>,
}

impl Response {
    /// One response line read: checked to be UTF-8 once, as a whole, then read as text. Read as
    /// bytes, serde_json checks each string on its own, and a response is mostly short strings
    /// (the components), each check with its fixed cost: that was a quarter of what reading an
    /// answer cost. A line that is not UTF-8 is no response either way.
    ///
    /// The error says why the line is no response.
    pub(super) fn read(line: &[u8]) -> Result<Response, String> {
        let text = std::str::from_utf8(line).map_err(|e| format!("not UTF-8: {e}"))?;
        // The usual shapes by hand; anything else, and every error, by serde_json.
        if let Some(response) = super::wire_line::read(text) {
            return Ok(response);
        }
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}

impl Handshake {
    /// The coverage kind declared: `Ok(None)` for none, `Err` for a value that is no kind
    /// (the worker is then never asked; [`crate::coverage::kind`] says why).
    pub(super) fn coverage_kind(&self) -> Result<Option<String>, String> {
        match &self.coverage {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => crate::coverage::kind(s).map(|k| Some(k.to_owned())),
            Some(other) => Err(format!("coverage {other} is not a kind's name")),
        }
    }

    /// The number of ids the instrumentation can report: an integer from 1 to 2^32 (the ids'
    /// range), or `None` for anything else (left out, never a failed handshake).
    pub(super) fn coverage_total(&self) -> Option<u64> {
        self.coverage_total
            .as_ref()
            .and_then(Value::as_u64)
            .filter(|&n| (1..=1 << 32).contains(&n))
    }
}

impl Response {
    /// A parse's outcome: its components (each declared one left out is "not reported") and
    /// its serialization.
    pub(super) fn parsed(self, declared: ComponentSet) -> Outcome<Parsed> {
        self.outcome(|r| {
            let Some(WireComponents(Some(entries))) = r.components else {
                return Err("an accepted parse without a \"components\" object".to_owned());
            };
            let mut parsed = Parsed::default();
            let mut not_reported = declared;
            for (c, WireText(value)) in entries {
                let c = c?;
                let value = value.map_err(|e| format!("component {}: {e}", c.name()))?;
                parsed.components.put(c, value);
                not_reported = not_reported.without(c);
            }
            parsed.not_reported = not_reported;
            parsed.serialization = match r.serialization {
                None => None,
                Some(WireText(v)) => v
                    .map_err(|e| format!("serialization: {e}"))?
                    .map(CompactString::into_string),
            };
            Ok(parsed)
        })
    }

    /// A byte-string answer's outcome (resolve, normalize).
    pub(super) fn text(self) -> Outcome<String> {
        self.outcome(|r| match r.value.map(bytes_value) {
            Some(Ok(Some(text))) => Ok(text),
            _ => Err("an accepted answer without a byte-string \"value\"".to_owned()),
        })
    }

    /// A boolean answer's outcome (equivalent).
    pub(super) fn boolean(self) -> Outcome<bool> {
        self.outcome(|r| match r.value {
            Some(Value::Bool(b)) => Ok(b),
            _ => Err("an accepted answer without a boolean \"value\"".to_owned()),
        })
    }

    /// The outcome; an `accepted` answer is read by `accept`. A response that breaks the
    /// protocol in its content (its line and id were right, so the worker is still in step) is
    /// a protocol crash, without a restart.
    pub(super) fn outcome<T>(
        self,
        accept: impl FnOnce(Response) -> Result<T, String>,
    ) -> Outcome<T> {
        let protocol = |message: String| {
            Outcome::Crashed(Crash {
                kind: CrashKind::Protocol,
                message,
            })
        };
        let id = self.id.unwrap_or_default();
        match &self.outcome {
            OutcomeName::Accepted => match accept(self) {
                Ok(value) => Outcome::Accepted(value),
                Err(why) => protocol(format!("request {id}: {why}")),
            },
            OutcomeName::Rejected => Outcome::Rejected(Rejection {
                message: self.message.unwrap_or_default(),
                code: self.code,
                offset: self.offset,
            }),
            // The worker has no answer for this operation, or for this input (an operation
            // its library offers for some inputs only): never a difference.
            OutcomeName::Unsupported => Outcome::Unsupported(self.message.unwrap_or_default()),
            // The worker's own code failed, not the library's call: never read as the library
            // refusing the input (a `TypeError` in glue code is no rejection).
            OutcomeName::Crashed => Outcome::Crashed(Crash {
                kind: CrashKind::Worker,
                message: format!(
                    "request {id}: the worker's own code failed, not the library's call: {}",
                    self.message.unwrap_or_default()
                ),
            }),
            OutcomeName::Error => protocol(format!(
                "the worker called the request malformed: {}",
                self.message.unwrap_or_default()
            )),
            OutcomeName::Other(other) => protocol(format!("unknown outcome {other:?}")),
        }
    }
}

/// The declared components a response left out: "not reported", where its library has no
/// such reading for this input (workers/README.md, "Responses"), as against `null`, undefined.
/// (tests/external.rs checks it through a worker that leaves a key out.)
#[cfg(test)]
mod tests {
    use super::*;

    fn coverage(line: &str) -> Option<Result<Vec<u32>, String>> {
        let r: Response =
            serde_json::from_str(line).expect("a response is read, whatever its coverage");
        r.coverage.map(|WireCoverage(c)| c)
    }

    #[test]
    fn a_line_is_read_as_utf8_text_or_is_no_response() {
        let line = r#"{"id":1,"outcome":"accepted","components":{"host":"b\u00e9","path":"/é"}}"#;
        let r = Response::read(line.as_bytes()).expect("a response");
        let Outcome::Accepted(p) = r.parsed(ComponentSet::NONE) else {
            panic!("accepted")
        };
        assert_eq!(p.components.get(Component::Host), Some("bé"));
        assert_eq!(p.components.get(Component::Path), Some("/é"));
        // A byte that is not UTF-8, in a string or out of one.
        let bad = b"{\"id\":1,\"outcome\":\"rejected\",\"message\":\"\xff\"}";
        assert!(Response::read(bad).unwrap_err().contains("UTF-8"));
        assert!(Response::read(b"\xff{}").unwrap_err().contains("UTF-8"));
        // Not JSON, or not a response: serde_json's reason.
        assert!(Response::read(b"{").is_err());
        assert!(Response::read(b"[]").is_err());
    }

    #[test]
    fn a_request_asks_for_coverage_only_when_told_and_is_otherwise_unchanged() {
        let mut r = Request::new(Op::Parse, b"http://a/");
        r.id = 3;
        let plain = serde_json::to_string(&r).expect("serializes");
        assert_eq!(plain, r#"{"id":3,"op":"parse","input":"http://a/"}"#);
        r.coverage = true;
        assert_eq!(
            serde_json::to_string(&r).expect("serializes"),
            r#"{"id":3,"op":"parse","input":"http://a/","coverage":true}"#
        );
    }

    #[test]
    fn coverage_is_a_bounded_list_of_ids_or_dropped_with_a_reason() {
        let base = r#"{"id":1,"outcome":"accepted","value":"x""#;
        assert_eq!(coverage(&format!("{base}}}")), None);
        assert_eq!(
            coverage(&format!(r#"{base},"coverage":[3,1,4294967295]}}"#)),
            Some(Ok(vec![3, 1, u32::MAX]))
        );
        for (bad, why) in [
            (r#"[1,-2]"#, "element 2"),
            (r#"[1,4294967296]"#, "element 2"),
            (r#"[1,"a",[2],{"b":3}]"#, "element 2"),
            (r#"[1.5]"#, "element 1"),
            (r#"{"a":[1]}"#, "an object"),
            (r#""1,2""#, "a string"),
            (r#"true"#, "a boolean"),
            (r#"7"#, "a number"),
        ] {
            let got = coverage(&format!(r#"{base},"coverage":{bad}}}"#));
            match got {
                Some(Err(e)) => assert!(e.contains(why), "{bad}: {e}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
        let huge: Vec<String> = (0..=MAX_IDS_PER_ANSWER).map(|i| i.to_string()).collect();
        let line = format!(r#"{base},"coverage":[{}],"note":"after"}}"#, huge.join(","));
        let r: Response = serde_json::from_str(&line).expect("read to its end");
        match &r.coverage {
            Some(WireCoverage(Err(e))) => assert!(e.contains("more than 65536"), "{e}"),
            other => panic!("{other:?}"),
        }
        // The answer itself still counts.
        assert_eq!(r.text(), Outcome::Accepted("x".to_owned()));
    }

    #[test]
    fn a_handshake_declares_a_kind_or_none_and_never_fails_on_it() {
        let h = |extra: &str| -> Handshake {
            serde_json::from_str(&format!(
                r#"{{"protocol":"uridiff-worker/1","name":"w","version":"1","profile":"rfc3986","operations":[],"components":[],"decides_validity":true{extra}}}"#
            ))
            .expect("a handshake")
        };
        assert_eq!(h("").coverage_kind(), Ok(None));
        assert_eq!(
            h(r#","coverage":"lines""#).coverage_kind(),
            Ok(Some("lines".to_owned()))
        );
        assert!(h(r#","coverage":true"#).coverage_kind().is_err());
        assert!(h(r#","coverage":"LINES OF CODE""#).coverage_kind().is_err());
    }
}
