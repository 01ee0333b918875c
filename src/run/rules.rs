//! How often each profile rule explains a finding on a run: what `uridiff parsers --rules`
//! lists, so that a rule no input of the default run reaches (a dead rule, or one whose inputs
//! the generator never makes) is visible beside those that do the work.
//!
//! A rule fires when it is the rule a finding records ([`crate::engine::Finding::rule`]): the
//! first rule of the subject's profile, or of the library itself, or of every profile, that
//! reproduces the subject's answer from its reference's (the engine's `explain_for`). The jobs
//! are the report's main run (the suites' cases and the generated jobs, as
//! [`super::build`] takes them); the minimizer's runs and the conformance matrix's comparison
//! with RFC 3986 are not counted.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{jobs, RunError, ROWS_PER_CHUNK};
use crate::engine::{rules, Engine, Rule, Task};

/// One rule and how often it fired.
#[derive(Clone, Debug, Serialize)]
pub struct RuleCount {
    /// The rule's id, `<owner>/<slug>` ([`Rule::id`]).
    pub id: &'static str,
    /// Its owner as the rule names it: a profile, one library's name, or `*` for every profile.
    pub profile: &'static str,
    /// What it says.
    pub name: &'static str,
    /// Where the library documents it ([`Rule::cites`]).
    pub cites: &'static str,
    /// What it computes: its kind's name ([`crate::engine::Explains::kind`]), `custom` for a
    /// rule's own predicate.
    pub kind: &'static str,
    /// How many findings it explained: one per job and parser it reproduced the answer of.
    pub fired: usize,
    /// The parsers of the run it applies to (its owner is their profile or their name, or it is
    /// every profile's): none when no parser of its owner ran, so that its zero says nothing.
    pub applies_to: Vec<String>,
}

/// Every rule of [`rules`], in order, with the findings it explained when `engine` ran the
/// suites' cases and `tasks` ([`super::build`]'s main run, without its folds).
///
/// # Errors
///
/// None today (the jobs come from memory); [`RunError`] as [`super::build`] for the same jobs.
///
/// # Examples
///
/// ```
/// use uridiff::engine::{Engine, Task};
/// use uridiff::run::rule_firings;
/// use uridiff::subjects::in_process;
/// let engine = Engine::new(in_process());
/// // PHP's parse_url is a worker, not in process: its rules apply to no parser here.
/// let counts = rule_firings(&engine, &[], vec![Task::parse(b"HTTP://a".to_vec(), "doc")], &|| ())?;
/// let php = counts.iter().find(|c| c.id == "php-parse-url/control-as-underscore").unwrap();
/// assert!(php.applies_to.is_empty() && php.fired == 0);
/// # Ok::<(), uridiff::run::RunError>(())
/// ```
pub fn rule_firings(
    engine: &Engine,
    suites: &[crate::suite::Suite],
    tasks: Vec<Task>,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<RuleCount>, RunError> {
    let (tasks, _) = jobs(suites, tasks, &[])?;
    let mut fired: BTreeMap<&'static str, usize> = BTreeMap::new();
    for chunk in tasks.chunks(ROWS_PER_CHUNK) {
        for row in engine.run(chunk, progress) {
            for f in engine.findings(&row) {
                if let Some(rule) = f.rule {
                    *fired.entry(rule.id).or_default() += 1;
                }
            }
        }
    }
    // A subject that cannot run answers nothing: no rule applies to it here.
    let ran: Vec<_> = engine
        .subjects()
        .iter()
        .filter(|s| s.available().is_ok())
        .map(|s| s.info())
        .collect();
    Ok(rules()
        .map(|r| RuleCount {
            id: r.id,
            profile: r.profile,
            name: r.name,
            cites: r.cites,
            kind: r.explains.kind(),
            fired: fired.get(r.id).copied().unwrap_or(0),
            applies_to: ran
                .iter()
                .filter(|s| applies(r, &s.profile, &s.name))
                .map(|s| s.name.clone())
                .collect(),
        })
        .collect())
}

/// Whether `rule` may explain a finding of the subject `name` under `profile` (as the engine's
/// `explain_for` chooses them).
fn applies(rule: &Rule, profile: &str, name: &str) -> bool {
    rule.profile == profile || rule.profile == name || rule.profile == "*"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subjects::in_process;

    #[test]
    fn a_rule_fires_on_its_input_and_no_other() {
        let engine = Engine::new(in_process());
        let count = |input: &[u8]| {
            let counts = rule_firings(&engine, &[], vec![Task::parse(input.to_vec(), "t")], &|| ())
                .expect("runs");
            assert_eq!(counts.len(), rules().count());
            counts
                .into_iter()
                .find(|c| c.id == "any/scheme-lowercased")
                .expect("the rule is listed")
        };
        // Every in-process parser that lowercases the scheme fires it once on "HTTP://a".
        let upper = count(b"HTTP://a");
        assert!(upper.fired > 0, "{upper:?}");
        let lower = count(b"http://a");
        assert_eq!(lower.fired, 0, "{lower:?}");
        // A rule of every profile applies to every parser that ran.
        assert_eq!(lower.applies_to.len(), engine.subjects().len());
    }

    #[test]
    fn a_rule_applies_to_its_profile_its_library_and_every_profile() {
        let r = |profile: &'static str| Rule {
            profile,
            id: "x/y",
            name: "",
            cites: "",
            explains: crate::engine::Explains::Custom(|_| false),
            examples: &[],
        };
        assert!(applies(&r("rfc3986"), "rfc3986", "url"));
        assert!(applies(&r("url"), "whatwg-url", "url"));
        assert!(applies(&r("*"), "whatwg-url", "url"));
        assert!(!applies(&r("rfc2396"), "rfc3986", "url"));
    }
}
