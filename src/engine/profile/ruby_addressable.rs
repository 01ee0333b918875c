//! Rules of Ruby's Addressable (`ruby-addressable`, profile `rfc3987-iri`), each from its
//! documentation (Addressable::URI, 2.8.1). None yet.

use super::Rule;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[];
