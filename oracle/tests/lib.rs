//! The oracle's integration tests, one module per area.

// Appendix B: the documents' example and component naming across editions.
mod appendix_b;
// The grammar recognizer: per-edition valid and invalid inputs, readings, bounds, errors.
mod grammar;
