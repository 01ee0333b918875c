//! uridiff: differential conformance testing of URI parsers against every edition of the URI
//! specification.
//!
//! The library behind the `uridiff` command: one component model ([`model`]), the parser cards
//! ([`parsers`]), the subject contract and adapters ([`subjects`]), and the YAML suites ([`suite`]). The spec implementation
//! itself is the `uri-spec` crate (`impl/`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bench;
pub mod campaign;
pub mod coverage;
pub mod engine;
pub mod files;
pub mod gate;
pub mod generate;
pub mod model;
pub mod parsers;
pub mod present;
pub mod report;
pub mod report_model;
pub mod run;
pub mod subjects;
pub mod suite;
pub mod text;
