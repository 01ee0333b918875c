//! Profile `go-net-url`: Go's `net/url`. `URL`'s documentation: an empty host or fragment is the
//! empty string, as is none (`ForceQuery` and `RawFragment` aside).

use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[Rule {
    profile: "go-net-url",
    name: "an empty host or fragment cannot be told from none",
    explains: |e| {
        matches!(
            e.class,
            Class::UndefinedVsEmpty(Component::Host | Component::Fragment | Component::Authority)
        )
    },
}];
