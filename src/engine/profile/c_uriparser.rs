//! Rules of uriparser (`c-uriparser`, profile `rfc3986`), each from its documentation (the
//! comments of `uriparser/Uri.h`, 0.9.7):
//! - `UriUriA.hostText` is the "Host text (set for all hosts, excluding square brackets)": an
//!   IP literal's host is `::1` where RFC 3986 3.2.2's `host` is `[::1]`.

use super::{host_unbracketed, Rule};
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[Rule {
    profile: "c-uriparser",
    id: "c-uriparser/host-unbracketed",
    name: "an IP literal's host is given without its square brackets (UriUriA.hostText: \"excluding square brackets\")",
    explains: |e| {
        e.component() == Some(Component::Host)
            && host_unbracketed(e)
    },
}];
