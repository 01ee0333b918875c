//! The owned, comparable form of what a parser says about an input: one component model shared by
//! every adapter, the engine, the suite runner and the reports.
//!
//! Component names are the common ones (RFC 3986 section 3) whatever an edition calls them;
//! undefined (`None`) is kept apart from empty (`Some("")`) everywhere, in JSON as `null`.

use std::collections::BTreeMap;

use serde::Serialize;

/// Version of every JSON document uridiff writes (`"schema": 1`).
pub const JSON_SCHEMA: u32 = 1;

/// The components of a reference, owned.
///
/// # Examples
///
/// ```
/// let c = uridiff::model::Components::from_spec(&uri_spec::parse(b"http://a/b").unwrap());
/// assert_eq!(c.get("host"), Some(Some("a")));
/// assert_eq!(c.get("query"), Some(None));
/// assert_eq!(c.get("nonsense"), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Components {
    /// `scheme`, without its ":".
    pub scheme: Option<String>,
    /// `authority`, without its "//".
    pub authority: Option<String>,
    /// `userinfo`, without its "@".
    pub userinfo: Option<String>,
    /// `host` (an IP literal keeps its brackets).
    pub host: Option<String>,
    /// The kind of host: `ipv4`, `ipv6`, `ipvfuture`, `reg-name`, ...
    pub host_kind: Option<String>,
    /// `port`, without its ":".
    pub port: Option<String>,
    /// `path`, with its leading "/".
    pub path: Option<String>,
    /// `query`, without its "?".
    pub query: Option<String>,
    /// `fragment`, without its "#".
    pub fragment: Option<String>,
    /// Edition-specific fields (for example 1994's `url-path`), by the edition's names.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub extra: BTreeMap<String, Option<String>>,
}

/// The names of the common components, in the order they are shown.
pub const COMPONENT_NAMES: [&str; 9] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
];

impl Components {
    /// Copies the components the spec implementation returned.
    pub fn from_spec(c: &uri_spec::Components<'_>) -> Components {
        let own = |s: Option<&str>| s.map(str::to_owned);
        Components {
            scheme: own(c.scheme),
            authority: own(c.authority),
            userinfo: own(c.userinfo),
            host: own(c.host_str()),
            host_kind: c.host.map(|h| h.kind.name().to_owned()),
            port: own(c.port),
            path: own(c.path),
            query: own(c.query),
            fragment: own(c.fragment),
            extra: c
                .extras
                .iter()
                .map(|(k, v)| (k.to_owned(), Some(v.to_owned())))
                .collect(),
        }
    }

    /// A component by name: `Some(None)` when the component is undefined, `None` when the name is
    /// neither a common component nor an extra field this value has.
    pub fn get(&self, name: &str) -> Option<Option<&str>> {
        let field = match name {
            "scheme" => &self.scheme,
            "authority" => &self.authority,
            "userinfo" => &self.userinfo,
            "host" => &self.host,
            "host_kind" => &self.host_kind,
            "port" => &self.port,
            "path" => &self.path,
            "query" => &self.query,
            "fragment" => &self.fragment,
            other => return self.extra.get(other).map(Option::as_deref),
        };
        Some(field.as_deref())
    }
}

/// What a parser did with one operation: the four outcomes every adapter reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", content = "value", rename_all = "lowercase")]
pub enum Outcome<T> {
    /// The input was accepted, with this result.
    Accepted(T),
    /// The input was rejected, with the parser's reason.
    Rejected(String),
    /// The parser does not implement this operation or configuration.
    Unsupported(String),
    /// The parser panicked, crashed or hung; the message says how.
    Crashed(String),
}

impl<T> Outcome<T> {
    /// Whether the input was accepted.
    pub fn is_accepted(&self) -> bool {
        matches!(self, Outcome::Accepted(_))
    }
}
