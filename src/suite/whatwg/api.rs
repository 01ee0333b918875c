//! The one mapping between the attributes of the URL Standard's `URL` class (section "URL class":
//! the `href`, `protocol`, ... getters) and uridiff's shared model ([`Components`] and
//! [`Parsed::serialization`]).
//!
//! Each getter is written from the Standard's getter steps, applied to the components a subject
//! reports; the Standard's URL record (section "URL representation") has a scheme, a
//! username, a password, a host (or null), a port (or null), a path, a query (or null) and a
//! fragment (or null), and the model has the same with the username and password joined as
//! `userinfo` (`username[:password]`, as RFC 3986 section 3.2.1 writes it). Username and password
//! are told apart at the first ":", which the Standard never leaves unencoded in a username (the
//! userinfo percent-encode set, section "Percent-encoded bytes", holds ":").
//!
//! A getter is computed only from components the subject declares
//! ([`SubjectInfo::components`](crate::subjects::SubjectInfo)); `origin` is never computed: it is
//! not a part of the URL record but the result of the URL's origin algorithm (section "Origin",
//! over the HTML Standard's origins), and the components it derives from are judged themselves.

use crate::model::{Component, ComponentSet, Parsed};

/// An attribute of the `URL` class, as the test data names it.
///
/// ```
/// use uridiff::suite::whatwg::Attribute;
/// assert_eq!(Attribute::Pathname.name(), "pathname");
/// assert_eq!(Attribute::ALL.len(), 11);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Attribute {
    /// `href`: the URL serialized (section "URL serializing").
    Href,
    /// `origin`: the URL's origin, serialized. Never compared (see the module documentation).
    Origin,
    /// `protocol`: the scheme and ":".
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host`: the host and, when there is a port, ":" and the port.
    Host,
    /// `hostname`: the host.
    Hostname,
    /// `port`.
    Port,
    /// `pathname`: the path serialized.
    Pathname,
    /// `search`: "?" and the query, or "".
    Search,
    /// `hash`: "#" and the fragment, or "".
    Hash,
}

impl Attribute {
    /// Every attribute, in the order the test data writes them.
    pub const ALL: [Attribute; 11] = [
        Attribute::Href,
        Attribute::Origin,
        Attribute::Protocol,
        Attribute::Username,
        Attribute::Password,
        Attribute::Host,
        Attribute::Hostname,
        Attribute::Port,
        Attribute::Pathname,
        Attribute::Search,
        Attribute::Hash,
    ];

    /// The attribute's name in the `URL` class and the test data.
    pub const fn name(self) -> &'static str {
        match self {
            Attribute::Href => "href",
            Attribute::Origin => "origin",
            Attribute::Protocol => "protocol",
            Attribute::Username => "username",
            Attribute::Password => "password",
            Attribute::Host => "host",
            Attribute::Hostname => "hostname",
            Attribute::Port => "port",
            Attribute::Pathname => "pathname",
            Attribute::Search => "search",
            Attribute::Hash => "hash",
        }
    }

    /// The components (and whether the serialization) a getter reads; `None` for `origin`.
    const fn needs(self) -> Option<&'static [Component]> {
        Some(match self {
            Attribute::Href => &[],
            Attribute::Origin => return None,
            Attribute::Protocol => &[Component::Scheme],
            Attribute::Username | Attribute::Password => &[Component::Userinfo],
            Attribute::Host => &[Component::Host, Component::Port],
            Attribute::Hostname => &[Component::Host],
            Attribute::Port => &[Component::Port],
            Attribute::Pathname => &[Component::Path],
            Attribute::Search => &[Component::Query],
            Attribute::Hash => &[Component::Fragment],
        })
    }
}

impl std::fmt::Display for Attribute {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The `URL` class's getters over what a subject answered.
///
/// # Examples
///
/// ```
/// use uridiff::model::{ComponentSet, Outcome};
/// use uridiff::subjects::{Ctx, Subject, UrlCrate};
/// use uridiff::suite::whatwg::{Attribute, Getters};
/// let Outcome::Accepted(p) = UrlCrate::get().parse(b"HTTP://u:p@A:81/b?", &Ctx::default()) else { panic!() };
/// let g = Getters::new(&p, ComponentSet::ALL);
/// assert_eq!(g.get(Attribute::Protocol).as_deref(), Some("http:"));
/// assert_eq!(g.get(Attribute::Password).as_deref(), Some("p"));
/// assert_eq!(g.get(Attribute::Host).as_deref(), Some("a:81"));
/// assert_eq!(g.get(Attribute::Search).as_deref(), Some(""));
/// assert_eq!(g.get(Attribute::Origin), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Getters<'a> {
    parsed: &'a Parsed,
    declared: ComponentSet,
}

impl<'a> Getters<'a> {
    /// The getters over `parsed`, a subject's answer, reading only the `declared` components.
    pub fn new(parsed: &'a Parsed, declared: ComponentSet) -> Getters<'a> {
        Getters { parsed, declared }
    }

    /// What the getter of `attr` returns, or `None` when it cannot be told from what the subject
    /// declares (a component it does not report, no serialization) and for `origin`.
    pub fn get(&self, attr: Attribute) -> Option<String> {
        let needs = attr.needs()?;
        if !needs.iter().all(|c| self.declared.contains(*c)) {
            return None;
        }
        let c = &self.parsed.components;
        let or_empty = |v: Option<&str>| v.unwrap_or_default().to_owned();
        let userinfo = c.get(Component::Userinfo);
        Some(match attr {
            // "The href getter steps are to return the serialization of this's URL."
            Attribute::Href => self.parsed.serialization.clone()?,
            Attribute::Origin => return None,
            // "The protocol getter steps are to return this's URL's scheme, followed by U+003A (:)."
            Attribute::Protocol => format!("{}:", or_empty(c.get(Component::Scheme))),
            // "The username getter steps are to return this's URL's username."
            Attribute::Username => {
                or_empty(userinfo.map(|u| u.split_once(':').map_or(u, |(user, _)| user)))
            }
            // "The password getter steps are to return this's URL's password."
            Attribute::Password => {
                or_empty(userinfo.and_then(|u| u.split_once(':').map(|(_, pw)| pw)))
            }
            // "1. If url's host is null, then return the empty string.
            //  2. If url's port is null, return url's host, serialized.
            //  3. Return url's host, serialized, followed by U+003A (:) and url's port, serialized."
            Attribute::Host => match (c.get(Component::Host), c.get(Component::Port)) {
                (None, _) => String::new(),
                (Some(h), None) => h.to_owned(),
                (Some(h), Some(p)) => format!("{h}:{p}"),
            },
            // "1. If this's URL's host is null, then return the empty string.
            //  2. Return this's URL's host, serialized."
            Attribute::Hostname => or_empty(c.get(Component::Host)),
            // "1. If this's URL's port is null, then return the empty string.
            //  2. Return this's URL's port, serialized."
            Attribute::Port => or_empty(c.get(Component::Port)),
            // "The pathname getter steps are to return the result of URL path serializing this's
            // URL."
            Attribute::Pathname => or_empty(c.get(Component::Path)),
            // "1. If this's URL's query is either null or the empty string, then return the empty
            //  string. 2. Return U+003F (?), followed by this's URL's query."
            Attribute::Search => prefixed('?', c.get(Component::Query)),
            // "1. If this's URL's fragment is either null or the empty string, then return the
            //  empty string. 2. Return U+0023 (#), followed by this's URL's fragment."
            Attribute::Hash => prefixed('#', c.get(Component::Fragment)),
        })
    }
}

/// `mark` and `v`, or "" when `v` is null or empty (the `search` and `hash` getters).
fn prefixed(mark: char, v: Option<&str>) -> String {
    match v {
        None | Some("") => String::new(),
        Some(v) => format!("{mark}{v}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Components;

    fn parsed(pairs: &[(Component, &str)], href: Option<&str>) -> Parsed {
        let mut c = Components::default();
        for (k, v) in pairs {
            c.set(*k, Some(v));
        }
        Parsed {
            components: c,
            serialization: href.map(str::to_owned),
            ..Parsed::default()
        }
    }

    #[track_caller]
    fn check(p: &Parsed, want: &[(Attribute, &str)]) {
        let g = Getters::new(p, ComponentSet::ALL);
        for (attr, v) in want {
            assert_eq!(g.get(*attr).as_deref(), Some(*v), "{attr}");
        }
    }

    #[test]
    fn getters_follow_the_url_class() {
        use Attribute::*;
        use Component as C;
        // Everything present.
        let p = parsed(
            &[
                (C::Scheme, "https"),
                (C::Userinfo, "u:p:q"),
                (C::Host, "[::1]"),
                (C::Port, "8443"),
                (C::Path, "/a"),
                (C::Query, "q"),
                (C::Fragment, "f"),
            ],
            Some("https://u:p%3Aq@[::1]:8443/a?q#f"),
        );
        check(
            &p,
            &[
                (Href, "https://u:p%3Aq@[::1]:8443/a?q#f"),
                (Protocol, "https:"),
                (Username, "u"),
                (Password, "p:q"),
                (Host, "[::1]:8443"),
                (Hostname, "[::1]"),
                (Port, "8443"),
                (Pathname, "/a"),
                (Search, "?q"),
                (Hash, "#f"),
            ],
        );
        // Null host, port, query and fragment, and no userinfo: every getter is "".
        let p = parsed(&[(C::Scheme, "mailto"), (C::Path, "x@y")], None);
        check(
            &p,
            &[
                (Protocol, "mailto:"),
                (Username, ""),
                (Password, ""),
                (Host, ""),
                (Hostname, ""),
                (Port, ""),
                (Pathname, "x@y"),
                (Search, ""),
                (Hash, ""),
            ],
        );
        // An empty query and fragment read as "", like null ones; a password without username.
        let p = parsed(
            &[
                (C::Scheme, "http"),
                (C::Userinfo, ":pw"),
                (C::Host, "a"),
                (C::Query, ""),
                (C::Fragment, ""),
            ],
            None,
        );
        check(
            &p,
            &[
                (Username, ""),
                (Password, "pw"),
                (Host, "a"),
                (Search, ""),
                (Hash, ""),
            ],
        );
    }

    #[test]
    fn only_what_the_subject_declares_is_read() {
        let p = parsed(&[(Component::Host, "a"), (Component::Port, "1")], None);
        let g = Getters::new(&p, ComponentSet::of(&[Component::Host]));
        assert_eq!(g.get(Attribute::Hostname).as_deref(), Some("a"));
        // `host` needs the port too; `href` needs a serialization; origin is never computed.
        assert_eq!(g.get(Attribute::Host), None);
        assert_eq!(g.get(Attribute::Port), None);
        assert_eq!(g.get(Attribute::Href), None);
        let all = Getters::new(&p, ComponentSet::ALL);
        assert_eq!(all.get(Attribute::Host).as_deref(), Some("a:1"));
        assert_eq!(all.get(Attribute::Origin), None);
    }
}
