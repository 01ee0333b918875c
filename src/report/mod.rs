//! One report model ([`Report`]) and one writer per format, each generic over `io::Write`:
//! `discrepancies.json` ([`json`]), `summary.md` ([`markdown`]), `index.html` ([`html`]),
//! `junit.xml` ([`junit`]); and for CI systems `--sarif` ([`sarif`]) and the Markdown step
//! summary ([`summary`]), of a report and of a check ([`crate::gate::verdict`]). The CI gate's
//! baseline is [`crate::gate`]'s.
//!
//! The model itself is [`crate::report_model`]'s (re-exported here); the writers only read it.

pub mod html;
mod html_cards;
mod html_focus;
mod html_text;
pub mod json;
pub mod junit;
pub mod markdown;
mod reach;
pub mod sarif;
pub mod summary;

// The writers below show bytes as the text module does.
use crate::text::show;

/// The byte serializers the writers and the CLI use.
pub use crate::model::{bytes, edition, opt_bytes};

pub use crate::report_model::coverage;
pub use crate::report_model::{
    area, brief, partition_shape, rollup, Agreement, ConfusionClass, ConfusionRank, MatrixCell,
    MatrixRow, ParserReach, ReadingGroup, Report, RootCause, Side, SubjectEntry, SubjectSummary,
    Timing, WhatwgScore, AREAS, REPORT_SCHEMA,
};

/// How a writer writes text of one kind: bytes as code, a name as text, or text already shown
/// (`brief`'s answers) as code.
pub(crate) struct Escapes {
    code: fn(&[u8]) -> String,
    text: fn(&str) -> String,
    shown: fn(&str) -> String,
}

/// One parser's side of a root cause, in a writer's `escapes`: its answer against its
/// reference's, on its own example where that is not the root cause's `example`. The answers
/// are already shown (`brief`): they go through `shown`, never shown again.
pub(crate) fn side_text(side: &Side, example: &[u8], escapes: &Escapes) -> String {
    let own = if side.input == example {
        String::new()
    } else {
        format!(" on {}", (escapes.code)(&side.input))
    };
    format!(
        "{}{own}: {}; {} reads {}",
        (escapes.text)(&side.parser),
        (escapes.shown)(&side.answer),
        (escapes.text)(&side.reference),
        (escapes.shown)(&side.reference_answer)
    )
}

/// Whose example the root cause's `example` (the smallest of its sides') is, as the writers say
/// it beside the example: "c-libwget's example", "the example of a, b", or "every parser's
/// example". Another parser of the cause may not differ on it, only on its own.
///
/// ```
/// let report = uridiff::run::tests_support::tiny();
/// for c in &report.root_causes {
///     assert!(uridiff::report::whose_example(c).ends_with("example")
///         || uridiff::report::whose_example(c).starts_with("the example of"));
/// }
/// ```
pub fn whose_example(c: &RootCause) -> String {
    let owners: Vec<&str> = c
        .sides
        .iter()
        .filter(|s| s.input == c.example.input)
        .map(|s| s.parser.as_str())
        .collect();
    match owners.as_slice() {
        _ if owners.len() == c.sides.len() && owners.len() > 1 => "every parser's example".into(),
        [one] => format!("{one}'s example"),
        many => format!("the example of {}", many.join(", ")),
    }
}

/// A root cause's side whose answer is a host of one backslash and whose reference reads a host
/// holding a tab, as `brief` writes them: what the writers' tests read.
#[cfg(test)]
pub(crate) fn side_of_a_backslash_host() -> Side {
    use crate::model::{Answer, Component, Components, Outcome, Parsed};
    let class = crate::engine::Class::Lenient(Component::Host);
    let at = |host: &str| {
        Outcome::Accepted(Answer::Parsed(std::sync::Arc::new(Parsed::from(
            Components::default().with(Component::Host, Some(host)),
        ))))
    };
    Side {
        parser: "p".into(),
        input: b"a:\\".to_vec(),
        answer: brief(&at("\\"), class),
        reference: "lenient".into(),
        reference_answer: brief(&at("a\tb"), class),
        reproduce: None,
    }
}
