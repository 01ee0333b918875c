//! Rules of Boost.URL (`cpp-boost-url`, profile `rfc3986`), each from its documentation
//! (Boost 1.81's Boost.URL reference). None yet: every difference the comparison finds is
//! left to be read as a deviation from RFC 3986, which its documentation claims.

use super::Rule;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[];
