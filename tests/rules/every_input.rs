//! The cases of the rules that judging every parser on every input needed: a rejection of what
//! the reference accepts is judged for a parser that does not decide validity too, so a
//! documented refusal must be a rule (urllib's out-of-range port), with a one-step-off refusal
//! that stays a finding.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Class, Engine, Task};
use uridiff::model::{Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, plays, rejected};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![(urllib_port_range(), "//h:65536")]
}

/// `urlsplit(x).port` raises ValueError on a port above 65535; the double refuses every input
/// whose port has five or more digits, in range or not.
fn urllib_port_range() -> Arc<dyn Subject> {
    plays(
        "python-urllib",
        "python-urllib",
        Edition::Rfc3986,
        refuses_long_ports,
    )
}

fn refuses_long_ports(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    let port = input.rsplit(|&b| b == b':').next().unwrap_or_default();
    if port.len() >= 5 && port.iter().all(u8::is_ascii_digit) {
        rejected()
    } else {
        o
    }
}

#[test]
fn an_out_of_range_port_refused_is_by_design_and_an_in_range_one_is_not() {
    let rules = fired(urllib_port_range(), "//h:65536");
    assert_eq!(rules.len(), 1, "{rules:?}");
    assert!(
        rules[0].starts_with("python-urllib: a port outside 0-65535"),
        "{rules:?}"
    );
    // One step off: 65535 is a port; refusing it is a finding no rule explains.
    assert!(fired(urllib_port_range(), "//h:65535").is_empty());
    let engine = Engine::new(vec![urllib_port_range()]);
    let found = engine.findings(&engine.run_one(&Task::parse(b"//h:65535".to_vec(), "t")));
    assert!(
        found
            .iter()
            .any(|f| f.signature.class == Class::TooStrict && f.rule.is_none()),
        "{found:?}"
    );
}
