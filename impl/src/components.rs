//! The components of a parsed reference, borrowed from the input (RFC 3986 section 3), and their
//! recomposition (section 5.3).
//!
//! Undefined is not empty: a component is `None` when its delimiter is absent and `Some("")`
//! when the delimiter is present with nothing after it (section 5.2.1's remark on "undefined").

use core::fmt;

/// The kind of a host (RFC 3986 section 3.2.2).
///
/// # Examples
///
/// ```
/// use uri_spec::{parse, HostKind};
///
/// let host = |s: &str| parse(s.as_bytes()).unwrap().host.unwrap().kind;
/// assert_eq!(host("http://1.2.3.4/"), HostKind::Ipv4);
/// assert_eq!(host("http://1.2.3.256/"), HostKind::RegName);
/// assert_eq!(host("http://[::1]/"), HostKind::Ipv6);
/// assert_eq!(host("http://[v7.x]/"), HostKind::IpvFuture);
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `IPv4address`: four `dec-octet`s.
    Ipv4,
    /// `IPv6address` inside `IP-literal` brackets.
    Ipv6,
    /// `IPvFuture` inside `IP-literal` brackets.
    IpvFuture,
    /// `reg-name`, possibly empty.
    RegName,
    /// `hostname` of the 1996, 1998 and 2003 grammars (labels, no reg-name).
    Hostname,
    /// An empty host where the grammar allows one without a reg-name (2003's optional `host`).
    Empty,
}

impl HostKind {
    /// The name used in YAML suites and JSON output.
    ///
    /// ```
    /// assert_eq!(uri_spec::HostKind::RegName.name(), "reg-name");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
            HostKind::RegName => "reg-name",
            HostKind::Hostname => "hostname",
            HostKind::Empty => "empty",
        }
    }
}

impl fmt::Display for HostKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A host as written (an `IP-literal` keeps its brackets) and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Host<'a> {
    /// The host's text, a slice of the input.
    pub text: &'a str,
    /// Which alternative of the `host` rule it matched.
    pub kind: HostKind,
}

/// Edition-specific fields beside the common components (for example 1994's `user`,
/// `password`, `url-path` and `type`), each a slice of the input, without allocation.
///
/// # Examples
///
/// ```
/// let mut x = uri_spec::Extras::default();
/// x.push("url-path", "pub/a");
/// assert_eq!(x.get("url-path"), Some("pub/a"));
/// assert_eq!(x.iter().count(), 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Extras<'a> {
    /// `None` until the first field is added: an RFC 3986 parse, which adds none, writes one
    /// tag here and not the twelve slots (every parse builds a `Components`).
    fields: Option<[Option<(&'static str, &'a str)>; Extras::CAPACITY]>,
}

impl<'a> Extras<'a> {
    /// How many fields an `Extras` holds; no grammar of the documents names more per rule.
    pub const CAPACITY: usize = 12;

    /// Adds a field. A field past [`Extras::CAPACITY`] is dropped (an internal limit that the
    /// grammars never reach; a test checks every rule against it).
    pub fn push(&mut self, name: &'static str, value: &'a str) {
        let fields = self.fields.get_or_insert([None; Extras::CAPACITY]);
        if let Some(slot) = fields.iter_mut().find(|f| f.is_none()) {
            *slot = Some((name, value));
        }
    }

    /// The value of the field `name`, if present.
    pub fn get(&self, name: &str) -> Option<&'a str> {
        self.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The fields, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &'a str)> + '_ {
        self.fields.iter().flatten().map_while(|f| *f)
    }
}

/// The components of a URI reference, each a slice of the input (`None` = undefined).
///
/// # Invariants
///
/// For a value returned by the parser, [`Components::recompose`] gives back the input, and
/// `userinfo`, `host` and `port` are defined only when `authority` is.
///
/// # Examples
///
/// ```
/// let c = uri_spec::parse(b"foo://example.com:8042/over/there?name=ferret#nose").unwrap();
/// assert_eq!(c.scheme, Some("foo"));
/// assert_eq!(c.authority, Some("example.com:8042"));
/// assert_eq!(c.userinfo, None);
/// assert_eq!(c.host.map(|h| h.text), Some("example.com"));
/// assert_eq!(c.port, Some("8042"));
/// assert_eq!(c.path, Some("/over/there"));
/// assert_eq!(c.query, Some("name=ferret"));
/// assert_eq!(c.fragment, Some("nose"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Components<'a> {
    /// `scheme` (section 3.1), without its `:`.
    pub scheme: Option<&'a str>,
    /// `authority` (section 3.2), without its `//`.
    pub authority: Option<&'a str>,
    /// `userinfo` (section 3.2.1), without its `@`.
    pub userinfo: Option<&'a str>,
    /// `host` (section 3.2.2).
    pub host: Option<Host<'a>>,
    /// `port` (section 3.2.3), without its `:`.
    pub port: Option<&'a str>,
    /// `path` (section 3.3), with its leading `/` if it has one. Always defined in RFC 3986.
    pub path: Option<&'a str>,
    /// `query` (section 3.4), without its `?`.
    pub query: Option<&'a str>,
    /// `fragment` (section 3.5), without its `#`.
    pub fragment: Option<&'a str>,
    /// Fields that only some editions or rules define, by the edition's names.
    pub extras: Extras<'a>,
}

impl<'a> Components<'a> {
    /// The host's text, if there is a host.
    ///
    /// ```
    /// let c = uri_spec::parse(b"ldap://[2001:db8::7]/c=GB").unwrap();
    /// assert_eq!(c.host_str(), Some("[2001:db8::7]"));
    /// ```
    pub fn host_str(&self) -> Option<&'a str> {
        self.host.map(|h| h.text)
    }

    /// Recomposes the reference: RFC 3986 section 5.3, "Component Recomposition".
    ///
    /// ```
    /// let input = "http://u@a:8/p?q#f";
    /// assert_eq!(uri_spec::parse(input.as_bytes()).unwrap().recompose(), input);
    /// ```
    pub fn recompose(&self) -> String {
        recompose(
            self.scheme,
            self.authority,
            self.path.unwrap_or(""),
            self.query,
            self.fragment,
        )
    }
}

/// Section 5.3 of RFC 3986, over separate parts: the one place a reference is put together.
///
/// ```
/// let s = uri_spec::recompose(Some("http"), Some("a"), "/b", None, Some(""));
/// assert_eq!(s, "http://a/b#");
/// ```
pub fn recompose(
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let len = scheme.map_or(0, |s| s.len() + 1)
        + authority.map_or(0, |a| a.len() + 2)
        + path.len()
        + query.map_or(0, |q| q.len() + 1)
        + fragment.map_or(0, |f| f.len() + 1);
    let mut result = String::with_capacity(len);
    // "if defined(scheme) then append scheme to result; append ":" to result;"
    if let Some(scheme) = scheme {
        result.push_str(scheme);
        result.push(':');
    }
    // "if defined(authority) then append "//" to result; append authority to result;"
    if let Some(authority) = authority {
        result.push_str("//");
        result.push_str(authority);
    }
    // "append path to result;"
    result.push_str(path);
    // "if defined(query) then append "?" to result; append query to result;"
    if let Some(query) = query {
        result.push('?');
        result.push_str(query);
    }
    // "if defined(fragment) then append "#" to result; append fragment to result;"
    if let Some(fragment) = fragment {
        result.push('#');
        result.push_str(fragment);
    }
    result
}
