//! The integration tests: one binary, one module per area.

// Every YAML suite under suites/, run against impl.
mod suites;
// The uridiff command, run as a user runs it.
mod cli;
// The uridiff command under hostile inputs and full output devices: no panic.
#[cfg(unix)]
mod cli_hostile;
// Every example of the five documents is in some suite case.
mod coverage;
// impl against the Appendix B expression and the grammar recognizer.
mod oracle;
// The differential engine: parsers, diff, report, check.
mod engine;
// The external workers: the shipped ones on a shared table, isolation with a misbehaving one.
mod external;
