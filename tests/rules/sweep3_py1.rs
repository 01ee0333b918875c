//! A case of the rules the third sweep of the `rfc3986` package's, hyperlink's and furl's
//! unexplained classes added or widened that an example does not express (an answer one step
//! off that the rule explains in part); the others are the rules' own examples.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Class, Engine, Task};
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{plays, split_with};

/// The `rfc3986` package on `o://a\b`: the authority ended at the backslash (release notes
/// 1.4.0), the rest the path, percent-encoded (`%5Cb`) when `encoded`, else as written.
fn rfc3986_backslash(encoded: bool) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> = if encoded {
        |input, _| ended_at_backslash(input, "%5Cb")
    } else {
        |input, _| ended_at_backslash(input, "\\b")
    };
    plays("python-rfc3986", "rfc3986", Edition::Rfc3986, change)
}

fn ended_at_backslash(input: &[u8], path: &'static str) -> Outcome<Parsed> {
    split_with(
        input,
        &[
            (Component::Authority, Some("a")),
            (Component::Host, Some("a")),
            (Component::Path, Some(path)),
        ],
    )
}

/// Whether some finding of `subject` on the parse of `input` about what it read is left
/// unexplained. Its acceptance itself is not looked at: a double decides validity, and what a
/// library accepts that RFC 3986 rejects is a class of its own (too lax).
fn unexplained(subject: Arc<dyn Subject>, input: &str) -> bool {
    let engine = Engine::new(vec![subject]);
    let found = engine.findings(&engine.run_one(&Task::parse(input.as_bytes().to_vec(), "t")));
    found
        .iter()
        .any(|f| f.rule.is_none() && f.signature.class != Class::TooLax)
}

#[test]
fn rfc3986_backslash_moved_but_not_encoded_stays_a_finding() {
    // The package's reading is its rule's example; the backslash moved to the path but not
    // percent-encoded is one step off, which the rule explains in part only.
    assert!(!unexplained(rfc3986_backslash(true), "o://a\\b"));
    assert!(unexplained(rfc3986_backslash(false), "o://a\\b"));
}
