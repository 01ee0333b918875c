//! draft-ietf-uri-url-06 (August 1994, seed 001): `<scheme>:<scheme-specific-part>`, the Common
//! Internet Scheme Syntax, and the scheme-specific grammars of its section 5.
//!
//! (Being written: until it is, this edition answers `EditionNotImplemented`.)

use crate::components::Components;
use crate::error::{ParseError, ParseErrorKind};
use crate::Rule;

/// The rule names of the 1994 BNF that a parse can be asked to match.
pub const RULES: &[&str] = &[];

/// Parses `input` under the 1994 grammar, as `rule`.
pub(crate) fn parse(_input: &[u8], rule: Rule) -> Result<Components<'_>, ParseError> {
    Err(ParseError::new(
        0,
        ParseErrorKind::EditionNotImplemented,
        rule.name(),
    ))
}
