//! Every rule's own examples (`Rule::examples`), run by one table: for each example, a double of
//! the rule's owner answers the job as the example's `Reply` says (the profile's reference's
//! reading with components replaced, a refusal, a target, an equivalence), the job goes through
//! the engine the report uses (`Engine::run_one`, then `findings`), and the rule must name a
//! finding (an example that fires) or name none (an example one step off).
//!
//! The owner decides the double: a rule filed under a shipped parser's name is played by a
//! double of that name and the parser's profile (its card's), a rule of a profile by a double of
//! that profile, a rule of every profile (`*`) by a double of `rfc3986`.

use std::sync::Arc;

use uridiff::engine::{Class, Example, Reply, Rule};
use uridiff::model::{ComponentSet, Op, Outcome, Parsed};
use uridiff::subjects::profile::{profile, Reference};
use uridiff::subjects::{self, Ctx, Subject, SubjectInfo};

use super::{double, split_with, task};

/// The rules of a profile some shipped parser uses that have no example that fires yet. Their
/// cases are still doubles in this folder's other files; the count may only go down (a new rule
/// comes with its examples).
const WITHOUT_EXAMPLES: usize = 2;

/// A library played from an example: the reply to the example's job, the reference's answers
/// (or the lowest rung of RFC 3986 6.2's ladder) to anything else.
struct Plays {
    info: SubjectInfo,
    reference: Reference,
    job: uridiff::engine::Task,
    reply: Reply,
}

impl Plays {
    /// The reply, when `op` on `input` (and `second`) is the example's job.
    fn reply_to(&self, op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Reply> {
        (self.job.op == op && self.job.input == input && self.job.second.as_deref() == second)
            .then_some(self.reply)
    }

    fn reference_reading(&self, input: &[u8]) -> Outcome<Parsed> {
        match self.reference {
            Reference::Whatwg => subjects::Ada::get().parse(input, &Ctx::default()),
            Reference::Edition(edition) => subjects::Spec::get().parse(
                input,
                &Ctx {
                    edition,
                    ..Ctx::default()
                },
            ),
            Reference::JobEdition | Reference::Lenient => {
                subjects::Spec::get().parse(input, &Ctx::default())
            }
        }
    }
}

fn refusal<T>() -> Outcome<T> {
    Outcome::rejected("an example's refusal")
}

impl Subject for Plays {
    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn parse(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
        let reading = self.reference_reading(input);
        // The parse of the example's input, and the parse of anything the engine reads again
        // (a serialization), answer alike: the double is one library.
        let reply = (self.job.op == Op::Parse).then_some(self.reply);
        match reply {
            Some(Reply::Rejected) => refusal(),
            Some(Reply::Reads(with)) => reading.map(|mut p| {
                for &(c, v) in with {
                    p.components.set(c, v);
                }
                p
            }),
            Some(Reply::Splits(with)) => split_with(input, with),
            Some(Reply::Serializes(text)) => reading.map(|mut p| {
                p.serialization = Some(text.to_owned());
                p
            }),
            Some(Reply::SplitSerializes(text)) => split_with(input, &[]).map(|mut p| {
                p.serialization = Some(text.to_owned());
                p
            }),
            _ => reading,
        }
    }

    fn normalize(&self, input: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        match self.reply_to(Op::Normalize, input, None) {
            Some(Reply::Text(text)) => Outcome::Accepted(text.to_owned()),
            Some(Reply::Rejected) => refusal(),
            _ => Outcome::Accepted(String::from_utf8_lossy(input).into_owned()),
        }
    }

    fn equivalent(&self, a: &[u8], b: &[u8], _: &Ctx<'_>) -> Outcome<bool> {
        match self.reply_to(Op::Equivalent, a, Some(b)) {
            Some(Reply::Equivalent(same)) => Outcome::Accepted(same),
            Some(Reply::Rejected) => refusal(),
            _ => Outcome::Accepted(a == b),
        }
    }

    fn resolve(&self, base: &[u8], reference: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        match self.reply_to(Op::Resolve, reference, Some(base)) {
            Some(Reply::Text(text)) => Outcome::Accepted(text.to_owned()),
            Some(Reply::Rejected) => refusal(),
            _ => Outcome::Unsupported("no resolve".into()),
        }
    }
}

/// The parser a rule's double plays: its name and profile, `None` when no shipped parser takes
/// the rule. A rule filed under a parser's name is played by that parser; a rule of a profile
/// by the one parser of that profile where there is one (it reports what that parser reports),
/// else by a double of the profile named after no parser; a rule of every profile by a double of
/// `rfc3986`.
fn owner_played(rule: &Rule) -> Option<(&'static str, &'static str)> {
    let cards = uridiff::parsers::CARDS;
    if rule.profile == "*" {
        return Some(("double", "rfc3986"));
    }
    if let Some(card) = cards.iter().find(|c| c.name == rule.profile) {
        return Some((card.name, card.profile));
    }
    let mut of_profile = cards.iter().filter(|c| c.profile == rule.profile);
    match (of_profile.next(), of_profile.next()) {
        (Some(only), None) => Some((only.name, only.profile)),
        (Some(_), Some(_)) => Some(("double", rule.profile)),
        (None, _) => None,
    }
}

/// Why `example`'s reply cannot answer its job, if it cannot.
fn misfit(example: &Example) -> Option<&'static str> {
    let op = task(example.job).op;
    let fits = match example.reply {
        Reply::Rejected => true,
        Reply::Reads(_) | Reply::Splits(_) | Reply::Serializes(_) | Reply::SplitSerializes(_) => {
            op == Op::Parse
        }
        Reply::Text(_) => matches!(op, Op::Normalize | Op::Resolve),
        Reply::Equivalent(_) => op == Op::Equivalent,
    };
    (!fits).then_some("the reply does not answer the job's operation")
}

/// The double that plays `example` for a library named `name` of `profile_name`, declaring
/// the operations a library of that kind offers (a parser the parse's neighbours too) and, for a
/// shipped parser, the components it reports.
fn played(name: &str, profile_name: &str, example: &Example) -> Arc<dyn Subject> {
    let job = task(example.job);
    let (ops, components): (&[Op], _) = match job.op {
        Op::Parse => (
            &[Op::Parse, Op::Normalize, Op::Equivalent],
            ComponentSet::ALL,
        ),
        Op::Resolve => (&[Op::Resolve], ComponentSet::ALL),
        Op::Normalize => (&[Op::Normalize], ComponentSet::NONE),
        _ => (&[Op::Equivalent], ComponentSet::NONE),
    };
    let reference = profile(profile_name)
        .unwrap_or_else(|e| panic!("{e}"))
        .reference;
    let mut info = double(name, profile_name, ops, components);
    // A parser reports the components its library has (its card's worker, or the in-process
    // adapter's declaration): the others are not judged.
    if job.op == Op::Parse {
        if let Some(worker) = uridiff::parsers::card(name).and_then(|c| c.worker()) {
            info.components = ComponentSet::of(worker.components);
        } else if let Some(own) = subjects::in_process()
            .into_iter()
            .find(|s| s.info().name == name)
        {
            info.components = own.info().components;
        }
    }
    Arc::new(Plays {
        info,
        reference,
        job,
        reply: example.reply,
    })
}

/// The class of each finding of `subject` on `job` and the rule that explains it, `None` for a
/// finding no rule explains.
fn findings(subject: Arc<dyn Subject>, job: &str) -> Vec<(Class, Option<&'static Rule>)> {
    let engine = uridiff::engine::Engine::new(vec![subject]);
    let row = engine.run_one(&task(job));
    engine
        .findings(&row)
        .into_iter()
        .map(|f| (f.signature.class, f.rule))
        .collect()
}

/// Whether `class` says whether the library takes the input (too lax, too strict), rather
/// than what it reads from it.
fn validity(class: Class) -> bool {
    matches!(class, Class::TooLax | Class::TooStrict)
}

/// Whether the report could hold a finding of `class` for a shipped parser that takes `rule`: a
/// worker that does not decide validity is never judged too lax (the double decides it, so that
/// the rules of validity can be played at all).
fn judged(rule: &Rule, class: Class) -> bool {
    let decides = uridiff::parsers::CARDS
        .iter()
        .filter(|c| rule.profile == "*" || c.name == rule.profile || c.profile == rule.profile)
        .any(|c| c.worker().is_none_or(|w| w.decides_validity));
    decides || class != Class::TooLax
}

/// An example that fires leaves no finding unexplained that the report could hold for the
/// library, of the kind the rule explains (whether the library takes the input, or what it
/// reads): the rule accounts for that whole answer. One step off, the rule names no finding,
/// and the answer, where it differs at all, stays a finding no rule explains.
#[test]
fn every_example_holds() {
    let mut failures = Vec::new();
    for rule in uridiff::engine::rules() {
        if rule.examples.is_empty() {
            continue;
        }
        let Some((name, profile_name)) = owner_played(rule) else {
            failures.push(format!(
                "{}: examples, but no shipped parser takes it",
                rule.id
            ));
            continue;
        };
        for example in rule.examples {
            if let Some(why) = misfit(example) {
                failures.push(format!("{} on {:?}: {why}", rule.id, example.job));
                continue;
            }
            let findings = findings(played(name, profile_name, example), example.job);
            let named: Vec<&str> = findings
                .iter()
                .filter_map(|(_, r)| *r)
                .map(|r| r.id)
                .collect();
            // What the report could hold, and of that what no rule explains: of the kinds of
            // finding the rule explains where it fires (whether the library takes the input,
            // what it reads), of every kind one step off.
            let held: Vec<&(Class, Option<&Rule>)> = findings
                .iter()
                .filter(|(class, _)| judged(rule, *class))
                .collect();
            let kinds: Vec<bool> = findings
                .iter()
                .filter(|(_, r)| r.is_some_and(|r| r.id == rule.id))
                .map(|(class, _)| validity(*class))
                .collect();
            let unexplained = held
                .iter()
                .filter(|(class, r)| {
                    r.is_none() && (!example.fires || kinds.contains(&validity(*class)))
                })
                .count();
            if example.fires && unexplained > 0 {
                failures.push(format!(
                    "{} on {:?} ({:?}): {unexplained} findings left unexplained (the others name {named:?})",
                    rule.id, example.job, example.reply,
                ));
            } else if !example.fires && !held.is_empty() && unexplained == 0 {
                failures.push(format!(
                    "{} on {:?} ({:?}): one step off, every finding is explained (by {named:?})",
                    rule.id, example.job, example.reply,
                ));
            } else if named.contains(&rule.id) != example.fires {
                failures.push(format!(
                    "{} on {:?} ({:?}): {} (the findings name {named:?})",
                    rule.id,
                    example.job,
                    example.reply,
                    if example.fires {
                        "does not fire"
                    } else {
                        "fires one step off"
                    },
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn every_rule_a_shipped_parser_takes_has_an_example_that_fires() {
    let without: Vec<&str> = uridiff::engine::rules()
        .filter(|r| owner_played(r).is_some() && !r.examples.iter().any(|e| e.fires))
        .map(|r| r.id)
        .collect();
    assert!(
        without.len() <= WITHOUT_EXAMPLES,
        "{} rules without an example that fires, {WITHOUT_EXAMPLES} allowed: give a new rule its examples: {without:#?}",
        without.len()
    );
    assert!(
        without.len() == WITHOUT_EXAMPLES,
        "{} rules without an example that fires: lower WITHOUT_EXAMPLES to that; still without: {without:#?}",
        without.len()
    );
}
