//! One report model ([`Report`]) and one writer per format, each generic over `io::Write`:
//! `discrepancies.json` ([`json`]), `summary.md` ([`markdown`]), `index.html` ([`html`]),
//! `junit.xml` ([`junit`]); and for CI systems `--sarif` ([`sarif`]) and the Markdown step
//! summary ([`summary`]), of a report and of a check ([`crate::gate::verdict`]). The CI gate's
//! baseline is [`crate::gate`]'s.
//!
//! The model itself is [`crate::report_model`]'s (re-exported here); the writers only read it.

pub mod html;
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
