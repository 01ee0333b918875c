//! Profile `perl-uri`: Perl's `URI` (RFC 2396, updated by RFC 2732). Its `port` method documents
//! that the scheme's default port is returned when none is written.

use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[Rule {
    profile: "perl-uri",
    name: "the scheme's default port is reported when none is written",
    explains: |e| default_port_reported(e),
}];
