//! The editions of the URI generic syntax that this crate implements, named by the ids that the
//! CLI and the YAML suites use.
//!
//! Each edition is one document: its grammar, its component names and its resolution procedure.
//! They disagree on purpose (the reserved set moves, `reg_name` comes and goes, `../../../g`
//! resolves differently in 1996 and 2003), and each is implemented as written. The differences are
//! data ([`crate::chars`]) and small branches over one engine ([`crate::parse`]).

use core::fmt;
use core::str::FromStr;

/// One edition of the URI syntax, from the 1994 URL draft to RFC 3986.
///
/// # Examples
///
/// ```
/// use uri_spec::Edition;
///
/// let e: Edition = "draft-ietf-url-syntax-00".parse().unwrap();
/// assert_eq!(e.year(), 1996);
/// assert_eq!(Edition::default(), Edition::Rfc3986);
/// assert_eq!(Edition::Rfc3986.id(), "rfc3986");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edition {
    /// `draft-ietf-uri-url-06` (August 1994), which became RFC 1738.
    UriUrl06,
    /// `draft-ietf-url-syntax-00` (December 1996), generic syntax and relative resolution.
    UrlSyntax00,
    /// `draft-fielding-uri-syntax-01` (November 1997), the old side of seed 000.
    UriSyntax01,
    /// `draft-fielding-uri-syntax-02` (March 1998), the new side of seed 000; became RFC 2396.
    UriSyntax02,
    /// `draft-fielding-uri-rfc2396bis-02` (May 2003), which became RFC 3986.
    Rfc2396bis02,
    /// RFC 3986 (January 2005), the default.
    #[default]
    Rfc3986,
}

impl Edition {
    /// Every edition, oldest first.
    pub const ALL: [Edition; 6] = [
        Edition::UriUrl06,
        Edition::UrlSyntax00,
        Edition::UriSyntax01,
        Edition::UriSyntax02,
        Edition::Rfc2396bis02,
        Edition::Rfc3986,
    ];

    /// The edition's id, as used by the CLI's `--edition` and the suites' `edition:`.
    ///
    /// ```
    /// assert_eq!(uri_spec::Edition::UriSyntax02.id(), "draft-fielding-uri-syntax-02");
    /// ```
    pub const fn id(self) -> &'static str {
        match self {
            Edition::UriUrl06 => "draft-ietf-uri-url-06",
            Edition::UrlSyntax00 => "draft-ietf-url-syntax-00",
            Edition::UriSyntax01 => "draft-fielding-uri-syntax-01",
            Edition::UriSyntax02 => "draft-fielding-uri-syntax-02",
            Edition::Rfc2396bis02 => "draft-fielding-uri-rfc2396bis-02",
            Edition::Rfc3986 => "rfc3986",
        }
    }

    /// The year the edition's document was published.
    ///
    /// ```
    /// assert_eq!(uri_spec::Edition::Rfc2396bis02.year(), 2003);
    /// ```
    pub const fn year(self) -> u16 {
        match self {
            Edition::UriUrl06 => 1994,
            Edition::UrlSyntax00 => 1996,
            Edition::UriSyntax01 => 1997,
            Edition::UriSyntax02 => 1998,
            Edition::Rfc2396bis02 => 2003,
            Edition::Rfc3986 => 2005,
        }
    }

    /// The RFC the edition's document became, where it became one.
    ///
    /// ```
    /// use uri_spec::Edition;
    /// assert_eq!(Edition::UriSyntax02.became(), Some("RFC 2396"));
    /// assert_eq!(Edition::UrlSyntax00.became(), None);
    /// ```
    pub const fn became(self) -> Option<&'static str> {
        match self {
            Edition::UriUrl06 => Some("RFC 1738"),
            Edition::UriSyntax02 => Some("RFC 2396"),
            Edition::Rfc2396bis02 => Some("RFC 3986"),
            Edition::UrlSyntax00 | Edition::UriSyntax01 | Edition::Rfc3986 => None,
        }
    }

    /// The title of the document that defines the edition.
    ///
    /// ```
    /// assert!(uri_spec::Edition::Rfc3986.title().contains("Generic Syntax"));
    /// ```
    pub const fn title(self) -> &'static str {
        match self {
            Edition::UriUrl06 => "Uniform Resource Locators (URL), draft-ietf-uri-url-06",
            Edition::UrlSyntax00 => "Uniform Resource Locators (URL), draft-ietf-url-syntax-00",
            Edition::UriSyntax01 => {
                "URI Generic Syntax and Semantics, draft-fielding-uri-syntax-01"
            }
            Edition::UriSyntax02 => {
                "URI Generic Syntax and Semantics, draft-fielding-uri-syntax-02"
            }
            Edition::Rfc2396bis02 => "URI Generic Syntax, draft-fielding-uri-rfc2396bis-02",
            Edition::Rfc3986 => "RFC 3986, Uniform Resource Identifier (URI): Generic Syntax",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The error of [`Edition::from_str`]: the id names no edition. Where the id is one written
/// another way (`RFC3986`) or names the RFC an edition became (`rfc2396`), the message says
/// which id is meant.
///
/// ```
/// let err = "rfc2396".parse::<uri_spec::Edition>().unwrap_err();
/// assert!(err.to_string().contains("draft-fielding-uri-syntax-02"));
/// assert!(err.to_string().contains("rfc3986"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown edition {given:?}{}; valid editions: {}",
    hint(given),
    valid_ids()
)]
pub struct UnknownEdition {
    given: String,
}

/// The valid ids, comma-separated, for error messages.
fn valid_ids() -> String {
    Edition::ALL.map(Edition::id).join(", ")
}

/// Letters and digits only, lowercased: `RFC 2396`, `rfc-2396` and `rfc2396` alike.
fn loose(s: &str) -> String {
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// What `given` most likely means, as a clause of [`UnknownEdition`]'s message, or nothing.
fn hint(given: &str) -> String {
    let g = loose(given);
    if let Some(e) = Edition::ALL.into_iter().find(|e| loose(e.id()) == g) {
        return format!(" (ids are written exactly: did you mean {}?)", e.id());
    }
    match Edition::ALL
        .into_iter()
        .find(|e| e.became().is_some_and(|rfc| loose(rfc) == g))
    {
        Some(e) => format!(
            " ({} is no edition here; {}, the draft that became it, is)",
            e.became().unwrap_or_default(),
            e.id()
        ),
        None => String::new(),
    }
}

impl FromStr for Edition {
    type Err = UnknownEdition;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Edition::ALL
            .into_iter()
            .find(|e| e.id() == s)
            .ok_or_else(|| UnknownEdition {
                given: s.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for e in Edition::ALL {
            assert_eq!(e.id().parse::<Edition>(), Ok(e));
            assert_eq!(e.to_string(), e.id());
        }
    }

    #[test]
    fn editions_are_in_date_order() {
        let years = Edition::ALL.map(Edition::year);
        assert!(years.windows(2).all(|w| w[0] < w[1]), "{years:?}");
    }

    #[test]
    fn an_id_written_another_way_or_an_rfc_says_which_id_is_meant() {
        let msg = |s: &str| s.parse::<Edition>().unwrap_err().to_string();
        assert!(
            msg("RFC3986").contains("did you mean rfc3986?"),
            "{}",
            msg("RFC3986")
        );
        assert!(msg("Draft-IETF-URI-URL-06").contains("did you mean draft-ietf-uri-url-06?"));
        assert!(msg("RFC 2396").contains("draft-fielding-uri-syntax-02, the draft that became it"));
        assert!(msg("rfc1738").contains("draft-ietf-uri-url-06, the draft that became it"));
        // Nothing is guessed for what is no edition and no RFC one became.
        assert!(!msg("rfc1808").contains('('), "{}", msg("rfc1808"));
    }

    #[test]
    fn unknown_edition_lists_the_valid_ones() {
        let msg = "RFC3986".parse::<Edition>().unwrap_err().to_string();
        for e in Edition::ALL {
            assert!(msg.contains(e.id()), "{msg}");
        }
    }
}
