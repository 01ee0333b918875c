//! The crate's error pair, [`OracleError`] and [`OracleErrorKind`].
//!
//! Unlike the spec crate's errors these are not `Copy`: an unknown rule's error carries the
//! list of defined rules, which is what a user needs to fix the call (cheap errors matter on a hot
//! path; the oracle is off it and prefers helpful ones).

use crate::grammar::GrammarError;
use crate::EDITIONS;

/// An error from the oracle: an unknown edition or rule, or an edition without an Appendix B
/// expression.
///
/// # Examples
///
/// ```
/// use uri_oracle::{grammar::Grammar, OracleErrorKind};
///
/// let err = Grammar::for_edition("rfc2396").unwrap_err();
/// assert!(matches!(err.kind(), OracleErrorKind::UnknownEdition { .. }));
/// assert!(err.to_string().contains("rfc3986"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct OracleError {
    kind: OracleErrorKind,
}

impl OracleError {
    pub(crate) fn new(kind: OracleErrorKind) -> Self {
        OracleError { kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &OracleErrorKind {
        &self.kind
    }
}

/// The kinds of [`OracleError`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OracleErrorKind {
    /// The edition id is not one of [`EDITIONS`]; the message lists them.
    /// Triggered by `Grammar::for_edition("rfc2396")`.
    #[error("unknown edition `{edition}` (valid: {})", EDITIONS.join(", "))]
    UnknownEdition {
        /// The id that was given.
        edition: String,
    },
    /// The edition prints no Appendix B expression, so it names no components.
    /// Triggered by `appendix_b::components("draft-ietf-uri-url-06", ..)`.
    #[error("edition `{edition}` prints no Appendix B expression and names no components")]
    NoExpression {
        /// The edition id.
        edition: &'static str,
    },
    /// The rule is not defined by the grammar; the message lists the defined rules.
    /// Triggered by `recognize(Some("URI"), ..)` on the 1994 grammar.
    #[error("unknown rule `{rule}` in grammar `{grammar}` (defined: {})", .defined.join(", "))]
    UnknownRule {
        /// The grammar's name.
        grammar: String,
        /// The rule that was asked for.
        rule: String,
        /// Every rule the grammar defines, in definition order.
        defined: Vec<String>,
    },
    /// An embedded grammar file failed to parse (a bug in `oracle/grammars/`; the tests parse
    /// every file, so this is not expected outside development).
    #[error("embedded grammar: {0}")]
    Grammar(GrammarError),
}

impl From<GrammarError> for OracleError {
    fn from(e: GrammarError) -> Self {
        OracleError::new(OracleErrorKind::Grammar(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_rule_message_lists_rules() {
        let e = OracleError::new(OracleErrorKind::UnknownRule {
            grammar: "g".into(),
            rule: "x".into(),
            defined: vec!["a".into(), "b".into()],
        });
        assert_eq!(
            e.to_string(),
            "unknown rule `x` in grammar `g` (defined: a, b)"
        );
    }
}
