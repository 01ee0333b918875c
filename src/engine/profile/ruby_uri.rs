//! Profile `ruby-uri`: Ruby's `URI` (RFC3986_Parser). `URI::Generic#port` documents that the
//! scheme's default port is returned when none is written.

use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[Rule {
    profile: "ruby-uri",
    name: "the scheme's default port is reported when none is written",
    explains: |e| default_port_reported(e),
}];
