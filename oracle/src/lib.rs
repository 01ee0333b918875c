//! Two readings of the URI documents that share no code with the spec implementation
//! (`impl/`): the Appendix B regular expression, and a recognizer driven by each edition's
//! grammar as printed.
//!
//! uridiff compares parsers against the documents. The spec crate is one reading of them; this
//! crate is a second, deliberately naive one, built from the documents' own text:
//!
//! - [`appendix_b`]: the expression of Appendix B ("Parsing a URI Reference with a Regular
//!   Expression" in [draft-ietf-url-syntax-00], [draft-fielding-uri-rfc2396bis-02] and
//!   [RFC 3986]), character for character as printed, with $1..$9, each edition's component
//!   names and the recomposition of Section 5.3.
//! - [`grammar`]: readers for the two notations the documents use (RFC 822-style BNF and
//!   RFC 2234 ABNF), each edition's grammar transcribed into `grammars/*.txt` (embedded at
//!   build time; nothing is read from disk at run time), and a recognizer that explores every
//!   ambiguity and answers both pure membership and the document's own first-match reading.
//! - [`resolution`]: Section 5.2 of RFC 3986 (strict) transcribed literally over the Appendix B
//!   components: the pseudocode, `merge`, the two-buffer `remove_dot_segments` and 5.3.
//!
//! # Editions
//!
//! The edition ids are plain strings, listed in [`EDITIONS`] (oldest first);
//! [`DEFAULT_EDITION`] is `rfc3986`.
//!
//! | id | document | grammar | Appendix B |
//! |---|---|---|---|
//! | `draft-ietf-uri-url-06` | Aug 1994 (seed 001) | Section 5 BNF | none printed |
//! | `draft-ietf-url-syntax-00` | Dec 1996 (seed 003) | Appendix A BNF | `server` |
//! | `draft-fielding-uri-syntax-01` | Nov 1997 (seed 000, old side) | Appendix A BNF, completed | `site` |
//! | `draft-fielding-uri-syntax-02` | Mar 1998 (seed 000, new side) | Appendix A BNF, completed | `authority` |
//! | `draft-fielding-uri-rfc2396bis-02` | May 2003 (seed 004) | ABNF of Sections 2-4 | `authority` |
//! | `rfc3986` | Jan 2005 | Appendix A ABNF | `authority` |
//!
//! # API at a glance
//!
//! ```text
//! EDITIONS: &[&str]                     the six ids, oldest first; DEFAULT_EDITION = "rfc3986"
//! OracleError / OracleErrorKind         UnknownEdition, NoExpression, UnknownRule, Grammar
//!
//! appendix_b::PATTERN                   the expression as printed
//! appendix_b::captures(&[u8]) -> Groups          always matches; Groups::get(n) is $n or None
//! appendix_b::components(edition, &Groups) -> Result<NamedComponents, OracleError>
//!                                       scheme/authority/path/query/fragment + authority_name
//!                                       ("server", "site", "authority"); 1994 -> NoExpression
//! appendix_b::recompose(&NamedComponents) -> Vec<u8>   Section 5.3 of RFC 3986
//!
//! grammar::Grammar::for_edition(edition) -> Result<&'static Grammar, OracleError>
//! grammar::Grammar::parse(name, text, Notation) -> Result<Grammar, GrammarError>
//! Grammar::{name, notation, default_rule, rules, first_match_rules, preferred_rules}
//! Grammar::recognize(Option<&str>, &[u8], Reading) -> Result<Verdict, OracleError>
//! grammar::{Verdict (valid | invalid | too-long), Reading (membership | document), Notation}
//! Grammar::derive(Option<&str>, budget, &mut dyn FnMut(usize) -> usize) -> Result<Vec<u8>, _>
//! grammar::{MAX_INPUT = 4096 bytes, MAX_DEPTH = 256 rule calls, MAX_STEPS = 20,000,000}
//!
//! resolution::resolve(base, reference) -> Option<Vec<u8>>   5.2.2 strict; None: base has no scheme
//! resolution::remove_dot_segments(&[u8]) -> Vec<u8>        5.2.4's two-buffer loop
//! grammar::GrammarError (grammar, line, rule, kind) / GrammarErrorKind
//! ```
//!
//! # Examples
//!
//! The Appendix B example, and its recomposition:
//!
//! ```
//! use uri_oracle::appendix_b;
//!
//! let g = appendix_b::captures(b"http://www.ics.uci.edu/pub/ietf/uri/#Related");
//! assert_eq!(g.get(4), Some(&b"www.ics.uci.edu"[..]));
//! assert_eq!(g.get(6), None); // <undefined>
//! let c = appendix_b::components("draft-ietf-url-syntax-00", &g)?;
//! assert_eq!(c.authority_name, "server");
//! assert_eq!(appendix_b::recompose(&c), b"http://www.ics.uci.edu/pub/ietf/uri/#Related");
//! # Ok::<(), uri_oracle::OracleError>(())
//! ```
//!
//! The grammar recognizer, by membership and by the document's reading:
//!
//! ```
//! use uri_oracle::grammar::{Grammar, Reading, Verdict};
//!
//! let g = Grammar::for_edition("draft-fielding-uri-rfc2396bis-02")?;
//! assert_eq!(g.default_rule(), "URI-reference");
//! // "_" is no hostname character, so "//a_b/" fails as a net-path; the path "//a_b/" is
//! // still a member of abs-path, but the document says a "//" prefix makes a net-path.
//! assert_eq!(g.recognize(None, b"http://a_b/", Reading::Membership)?, Verdict::Valid);
//! assert_eq!(g.recognize(None, b"http://a_b/", Reading::Document)?, Verdict::Invalid);
//!
//! let g = Grammar::for_edition("rfc3986")?;
//! assert_eq!(g.recognize(Some("IPv6address"), b"::1", Reading::Membership)?, Verdict::Valid);
//! # Ok::<(), uri_oracle::OracleError>(())
//! ```
//!
//! [draft-ietf-url-syntax-00]: https://datatracker.ietf.org/doc/html/draft-ietf-url-syntax-00
//! [draft-fielding-uri-rfc2396bis-02]: https://datatracker.ietf.org/doc/html/draft-fielding-uri-rfc2396bis-02
//! [RFC 3986]: https://datatracker.ietf.org/doc/html/rfc3986
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::missing_errors_doc)]

pub mod appendix_b;
mod error;
pub mod grammar;
pub mod resolution;

pub use error::{OracleError, OracleErrorKind};

/// The edition ids, oldest first. The same strings as the spec crate's and the CLI's.
///
/// # Examples
///
/// ```
/// assert_eq!(uri_oracle::EDITIONS.len(), 6);
/// assert_eq!(uri_oracle::EDITIONS.last(), Some(&uri_oracle::DEFAULT_EDITION));
/// ```
pub const EDITIONS: &[&str] = &[
    "draft-ietf-uri-url-06",
    "draft-ietf-url-syntax-00",
    "draft-fielding-uri-syntax-01",
    "draft-fielding-uri-syntax-02",
    "draft-fielding-uri-rfc2396bis-02",
    "rfc3986",
];

/// The edition used when none is named: RFC 3986.
pub const DEFAULT_EDITION: &str = "rfc3986";

/// Index of `edition` in [`EDITIONS`], or an [`OracleErrorKind::UnknownEdition`] error.
pub(crate) fn edition_index(edition: &str) -> Result<usize, OracleError> {
    EDITIONS.iter().position(|e| *e == edition).ok_or_else(|| {
        OracleError::new(OracleErrorKind::UnknownEdition {
            edition: edition.to_owned(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edition_ids_are_the_contract() {
        assert_eq!(
            EDITIONS,
            [
                "draft-ietf-uri-url-06",
                "draft-ietf-url-syntax-00",
                "draft-fielding-uri-syntax-01",
                "draft-fielding-uri-syntax-02",
                "draft-fielding-uri-rfc2396bis-02",
                "rfc3986",
            ]
        );
        assert_eq!(edition_index("rfc3986").ok(), Some(5));
    }

    #[test]
    fn unknown_edition_lists_the_valid_ids() {
        let e = edition_index("rfc2396").unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("rfc2396"), "{msg}");
        for id in EDITIONS {
            assert!(msg.contains(id), "{msg}");
        }
    }
}
