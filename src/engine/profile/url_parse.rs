//! Profile `url-parse`: the npm package `url-parse`, a string-chopping URL parser with the
//! properties of Node's `url` and of the browser's `URL`, which names no standard (its README:
//! "exposes two different API interfaces"); read against RFC 3986.
//!
//! Its README, on `Url.set`: "It's aware of default ports so you cannot set a port 80 on an URL
//! which has `http` as protocol": the port of a URL is dropped when it is its scheme's default
//! (its `port` is '', which the worker reports as none; the defaults are those of the
//! `requires-port` package it calls: http and ws 80, https and wss 443, ftp 21, gopher 70).

use super::Rule;
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[Rule {
    profile: "url-parse",
    name: "the scheme's default port is dropped (README: \"It's aware of default ports\")",
    explains: |e| {
        let default = match e.scheme().as_deref() {
            Some("http" | "ws") => "80",
            Some("https" | "wss") => "443",
            Some("ftp") => "21",
            Some("gopher") => "70",
            _ => return false,
        };
        e.class == Class::Component(Component::Port)
            && e.got.is_none()
            && e.spec.is_some_and(|p| p.trim_start_matches('0') == default)
    },
}];
