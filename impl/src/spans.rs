//! Component boundaries as byte ranges of the input: what the one walk of [`crate::parse`]
//! produces for every edition, and how the ranges become [`Components`], slices of the input.
//!
//! The common components are those of RFC 3986 section 3; the older editions add their own
//! names beside them as [`Extras`] (1996's `server` and `user`, 1998's `site` and `reg_name`,
//! 1994's per-scheme parts, which [`crate::schemes1994`] adds on top of these).

use core::ops::Range;

use crate::components::{Components, Extras, Host, HostKind};

/// Component boundaries as byte ranges of the input.
///
/// # Invariants
///
/// Every range lies within the input the walk read, and no range ends before it starts.
#[derive(Clone, Debug, Default)]
pub(crate) struct Spans {
    pub scheme: Option<Range<usize>>,
    pub authority: Option<Range<usize>>,
    pub userinfo: Option<Range<usize>>,
    pub host: Option<(Range<usize>, HostKind)>,
    pub port: Option<Range<usize>>,
    /// Always defined, possibly empty (RFC 3986 section 3.3: "A path is always defined").
    pub path: Range<usize>,
    pub query: Option<Range<usize>>,
    pub fragment: Option<Range<usize>>,
    /// 1994's and 1996's `user` and `password`, the two halves of the user information.
    pub user: Option<Range<usize>>,
    pub password: Option<Range<usize>>,
    /// The authority matched `-02`'s registry-based alternative, `reg_name`, rather than
    /// `server`.
    pub reg_name: bool,
}

impl Spans {
    /// The components of an RFC 3986 reference (which has no fields beyond the common ones),
    /// as slices of `text`, the input the walk accepted.
    ///
    /// The text is cut front to back, once at each component's end, and stepped over each
    /// delimiter between them, which the walk saw there (section 3: `scheme ":" ["//"
    /// authority] path ["?" query] ["#" fragment]`; section 3.2: `[userinfo "@"] host [":"
    /// port]`): each cut is one test that it falls between characters, where slicing out each
    /// component from its start to its end made two, and a delimiter is stepped over by
    /// comparing one byte. Every byte of a valid reference is ASCII, so no cut fails; if one did
    /// (an internal bug), a component would come out wrong, never a panic.
    #[inline(always)]
    pub(crate) fn components_3986(self, text: &str) -> Components<'_> {
        let mut cut = Cut { rest: text, at: 0 };
        let scheme = self.scheme.map(|s| {
            let scheme = cut.to(s.end);
            cut.past(":");
            scheme
        });
        let (authority, userinfo, host, port) = match self.authority {
            Some(a) => {
                cut.past("//");
                let authority = cut.to(a.end);
                let mut inner = Cut {
                    rest: authority,
                    at: a.start,
                };
                let userinfo = self.userinfo.map(|u| {
                    let userinfo = inner.to(u.end);
                    inner.past("@");
                    userinfo
                });
                let host = self.host.map(|(h, kind)| Host {
                    text: inner.to(h.end),
                    kind,
                });
                let port = self.port.map(|_| {
                    inner.past(":");
                    inner.rest
                });
                (Some(authority), userinfo, host, port)
            }
            None => (None, None, None, None),
        };
        let path = Some(cut.to(self.path.end));
        let query = self.query.map(|q| {
            cut.past("?");
            cut.to(q.end)
        });
        let fragment = self.fragment.map(|_| {
            cut.past("#");
            cut.rest
        });
        Components {
            scheme,
            authority,
            userinfo,
            host,
            port,
            path,
            query,
            fragment,
            extras: Extras::default(),
        }
    }

    /// The common components as slices of `text`, each cut out from its start to its end (the
    /// older editions' spans, which do not all follow RFC 3986's delimiters).
    #[inline]
    pub(crate) fn components_sliced(self, text: &str) -> Components<'_> {
        let slice = |r: Range<usize>| text.get(r).unwrap_or_default();
        Components {
            scheme: self.scheme.map(slice),
            authority: self.authority.map(slice),
            userinfo: self.userinfo.map(slice),
            host: self.host.map(|(r, kind)| Host {
                text: slice(r),
                kind,
            }),
            port: self.port.map(slice),
            path: Some(slice(self.path)),
            query: self.query.map(slice),
            fragment: self.fragment.map(slice),
            extras: Extras::default(),
        }
    }

    /// The components of an older edition's reference: the common ones, and the edition's own
    /// names beside them: `authority_name` for the authority where the edition calls it
    /// otherwise (1996's `server`, `-01`'s `site`), `-02`'s `reg_name`, `user`, `password`.
    #[inline]
    pub(crate) fn into_components<'a>(
        self,
        text: &'a str,
        authority_name: &'static str,
    ) -> Components<'a> {
        let slice = |r: Range<usize>| text.get(r).unwrap_or_default();
        let mut extras = Extras::default();
        if let Some(a) = self.authority.clone() {
            if authority_name != "authority" {
                extras.push(authority_name, slice(a.clone()));
            }
            if self.reg_name {
                extras.push("reg_name", slice(a));
            }
        }
        if let Some(u) = self.user.clone() {
            extras.push("user", slice(u));
        }
        if let Some(p) = self.password.clone() {
            extras.push("password", slice(p));
        }
        Components {
            extras,
            ..self.components_sliced(text)
        }
    }
}

/// A cut of a text, moving front to back: the text from the cut on, and the cut's offset.
struct Cut<'a> {
    rest: &'a str,
    at: usize,
}

impl<'a> Cut<'a> {
    /// The text from the cut to `end` (an offset at or after the cut), the cut moved there.
    #[inline(always)]
    fn to(&mut self, end: usize) -> &'a str {
        let (head, tail) = self
            .rest
            .split_at_checked(end.saturating_sub(self.at))
            .unwrap_or((self.rest, ""));
        self.rest = tail;
        self.at = end;
        head
    }

    /// Moves the cut past `delimiter`, which the walk saw there.
    #[inline(always)]
    fn past(&mut self, delimiter: &str) {
        if let Some(tail) = self.rest.strip_prefix(delimiter) {
            self.rest = tail;
            self.at += delimiter.len();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undefined_stays_undefined_and_the_old_names_are_added() {
        let text = "http://u@h/p";
        let spans = Spans {
            scheme: Some(0..4),
            authority: Some(7..10),
            userinfo: Some(7..8),
            user: Some(7..8),
            path: 10..12,
            ..Spans::default()
        };
        let c = spans.into_components(text, "server");
        assert_eq!(c.query, None);
        assert_eq!(c.path, Some("/p"));
        assert_eq!(c.extras.get("server"), Some("u@h"));
        assert_eq!(c.extras.get("user"), Some("u"));
        assert_eq!(c.extras.get("reg_name"), None);
    }
}
