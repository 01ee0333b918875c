//! Profile `python-furl`: furl's `furl` objects. Its documentation (README, "API") says: the
//! port is "the default port for the scheme" where none is written (`furl('http://a').port` is
//! 80), the username and password are held decoded, and the query and fragment are `Query`
//! and `Fragment` objects that are empty where the URL has none (`str(furl('http://a').query)`
//! is `''`).

use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "python-furl",
        name: "the scheme's default port is reported when none is written",
        explains: default_port_reported,
    },
    Rule {
        profile: "python-furl",
        name: "an absent query or fragment is the empty string",
        explains: |e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(Component::Query | Component::Fragment)
            ) && e.spec.is_none()
                && e.got == Some("")
        },
    },
    Rule {
        profile: "python-furl",
        name: "the username and password are percent-decoded",
        explains: |e| {
            e.component() == Some(Component::Userinfo)
                && e.spec.map(pct_decode_exact).as_deref() == e.got
        },
    },
];
