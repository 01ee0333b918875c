//! The grammar rules a reference can be parsed as: RFC 3986 section 4 (`URI-reference`, `URI`,
//! `absolute-URI`, `relative-ref`), named as each edition's grammar names them.

use core::fmt;

use crate::edition::Edition;

/// The top-level rule the input must match.
///
/// # Examples
///
/// ```
/// use uri_spec::{Edition, Rule};
///
/// let rule = Rule::from_name(Edition::Rfc3986, "absolute-URI").unwrap();
/// assert_eq!(rule, Rule::AbsoluteUri);
/// assert_eq!(Rule::default(), Rule::UriReference);
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rule {
    /// `URI-reference = URI / relative-ref` (section 4.1): the default.
    #[default]
    UriReference,
    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` (section 3).
    Uri,
    /// `absolute-URI = scheme ":" hier-part [ "?" query ]` (section 4.3).
    AbsoluteUri,
    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]` (section 4.2).
    RelativeRef,
    /// A rule of draft-ietf-uri-url-06's BNF, by its name there (`httpurl`, `ftpurl`, ...): see
    /// [`crate::schemes1994::RULES`].
    Url1994(&'static str),
}

impl Rule {
    /// Every rule, in the order error messages list them.
    pub const ALL: [Rule; 4] = [
        Rule::UriReference,
        Rule::Uri,
        Rule::AbsoluteUri,
        Rule::RelativeRef,
    ];

    /// The rule's name in the RFC 3986 grammar.
    ///
    /// ```
    /// assert_eq!(uri_spec::Rule::RelativeRef.name(), "relative-ref");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Url1994(name) => name,
            Rule::UriReference => "URI-reference",
            Rule::Uri => "URI",
            Rule::AbsoluteUri => "absolute-URI",
            Rule::RelativeRef => "relative-ref",
        }
    }

    /// The rule's name in `edition`'s grammar (RFC 3986's name where the edition has no such
    /// rule).
    ///
    /// ```
    /// use uri_spec::{Edition, Rule};
    /// assert_eq!(Rule::AbsoluteUri.name_in(Edition::UrlSyntax00), "absoluteURL");
    /// assert_eq!(Rule::RelativeRef.name_in(Edition::Rfc2396bis02), "relative-URI");
    /// ```
    pub fn name_in(self, edition: Edition) -> &'static str {
        names_of(edition)
            .iter()
            .find(|(_, r)| *r == self)
            .map_or(self.name(), |(n, _)| n)
    }

    /// Whether the rule requires a scheme.
    pub(crate) const fn needs_scheme(self) -> bool {
        matches!(self, Rule::Uri | Rule::AbsoluteUri)
    }

    /// Whether the rule admits a scheme.
    pub(crate) const fn admits_scheme(self) -> bool {
        !matches!(self, Rule::RelativeRef)
    }

    /// Finds a rule by its name in `edition`'s grammar.
    ///
    /// # Errors
    ///
    /// [`UnknownRule`], whose message lists the rules the edition defines.
    ///
    /// ```
    /// use uri_spec::{Edition, Rule};
    /// let err = Rule::from_name(Edition::Rfc3986, "uri").unwrap_err();
    /// assert!(err.to_string().contains("URI-reference"));
    /// ```
    pub fn from_name(edition: Edition, name: &str) -> Result<Rule, UnknownRule> {
        let found = if edition == Edition::UriUrl06 {
            crate::schemes1994::RULES
                .iter()
                .find(|r| **r == name)
                .map(|r| Rule::Url1994(r))
        } else {
            names_of(edition)
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, r)| *r)
        };
        found.ok_or_else(|| UnknownRule {
            given: name.to_owned(),
            edition,
        })
    }

    /// The names `from_name` accepts for `edition`.
    ///
    /// ```
    /// use uri_spec::{Edition, Rule};
    /// assert!(Rule::names(Edition::Rfc3986).contains(&"relative-ref"));
    /// ```
    pub fn names(edition: Edition) -> Vec<&'static str> {
        if edition == Edition::UriUrl06 {
            crate::schemes1994::RULES.to_vec()
        } else {
            names_of(edition).iter().map(|(n, _)| *n).collect()
        }
    }
}

/// Each generic edition's names for its top-level rules.
fn names_of(edition: Edition) -> &'static [(&'static str, Rule)] {
    match edition {
        // 1996, Appendix A: `URL-reference`, `absoluteURL`, `relativeURL`.
        Edition::UrlSyntax00 => &[
            ("URL-reference", Rule::UriReference),
            ("absoluteURL", Rule::AbsoluteUri),
            ("relativeURL", Rule::RelativeRef),
        ],
        // 1998: `URI-reference`, `absoluteURI`, `relativeURI`.
        Edition::UriSyntax01 | Edition::UriSyntax02 => &[
            ("URI-reference", Rule::UriReference),
            ("absoluteURI", Rule::AbsoluteUri),
            ("relativeURI", Rule::RelativeRef),
        ],
        // 2003: `URI-reference`, `URI`, `absolute-URI`, `relative-URI`.
        Edition::Rfc2396bis02 => &[
            ("URI-reference", Rule::UriReference),
            ("URI", Rule::Uri),
            ("absolute-URI", Rule::AbsoluteUri),
            ("relative-URI", Rule::RelativeRef),
        ],
        Edition::UriUrl06 | Edition::Rfc3986 => &[
            ("URI-reference", Rule::UriReference),
            ("URI", Rule::Uri),
            ("absolute-URI", Rule::AbsoluteUri),
            ("relative-ref", Rule::RelativeRef),
        ],
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Rule::from_name`]: the edition's grammar has no rule of that name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule {given:?} for edition {edition}; valid rules: {}", Rule::names(*edition).join(", "))]
pub struct UnknownRule {
    given: String,
    edition: Edition,
}
