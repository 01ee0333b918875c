//! Profile `curl-url`: libcurl's URL API (`curl_url_set`, "RFC 3986+"). Its documentation of
//! `curl_url_set`: the URL's path has its dot segments removed when it is set ("dot dot and dot
//! sequences in the path are normalized", unless CURLU_PATH_AS_IS, which the worker does not
//! set).

use super::Rule;
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[Rule {
    profile: "curl-url",
    name: "dot segments are removed from the path when it is set (curl_url_set without CURLU_PATH_AS_IS)",
    explains: |e| {
        e.class == Class::Component(Component::Path)
            && e.spec.map(uri_spec::remove_dot_segments).as_deref() == e.got
    },
}];
