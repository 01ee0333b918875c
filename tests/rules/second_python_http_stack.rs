//! urllib3's reading of `@@` one step off (the userinfo's "@" left unencoded), which its rule
//! explains in part and an example does not express; the rules of that fix are their own
//! examples.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Class, Engine, Task};
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{plays, set};

/// The same library were it to leave the userinfo's "@" unencoded: no documented behaviour.
fn urllib3_unencoded(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    urllib3_reads(input, o, "@@", "@")
}

fn urllib3_reads(
    input: &[u8],
    o: Outcome<Parsed>,
    authority: &'static str,
    userinfo: &'static str,
) -> Outcome<Parsed> {
    if input != b"@@" {
        return o;
    }
    let o = set(Component::Authority, Some(authority))(o);
    let o = set(Component::Userinfo, Some(userinfo))(o);
    let o = set(Component::Host, Some(""))(o);
    set(Component::Path, None)(o)
}

/// The rule each finding of `subject` on `input` names, by class.
fn rules_by_class(subject: Arc<dyn Subject>, input: &[u8]) -> Vec<(Class, Option<String>)> {
    let engine = Engine::new(vec![subject]);
    let row = engine.run_one(&Task::parse(input.to_vec(), "rules"));
    engine
        .findings(&row)
        .into_iter()
        .map(|f| (f.signature.class, f.rule.map(|r| r.label())))
        .collect()
}

/// The userinfo's "@" left as it is: a difference stays unexplained (the engine reports it as
/// the authority's).
#[test]
fn urllib3_userinfo_left_unencoded_stays_unexplained() {
    let found = rules_by_class(
        plays(
            "python-urllib3",
            "python-urllib3",
            Edition::Rfc3986,
            urllib3_unencoded,
        ),
        b"@@",
    );
    assert!(found.iter().any(|(_, r)| r.is_none()), "{found:?}");
}
