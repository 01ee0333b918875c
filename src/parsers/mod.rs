//! The adapter contract: every parser uridiff compares, in-process or external, implements
//! [`Parser`] and answers with the shared [`crate::model`].
//!
//! Panic catching lives here, in one place for all in-process adapters ([`guarded`]): a panic in
//! a parser is an outcome (`Crashed`), never a crash of the harness.

use std::panic::{self, AssertUnwindSafe};

use uri_spec::Edition;

use crate::model::{Components, Outcome};

mod spec;

pub use spec::Spec;

/// A URI parser under test.
pub trait Parser {
    /// A short stable name (`impl`, `oracle-regex`, `url`, ...).
    fn name(&self) -> &str;

    /// Parses `input` under `edition`, as `rule` (the edition's rule name) or the edition's
    /// URI-reference rule.
    fn parse(&self, input: &[u8], edition: Edition, rule: Option<&str>) -> Outcome<Components>;

    /// Resolves `reference` against `base`.
    fn resolve(
        &self,
        base: &[u8],
        reference: &[u8],
        edition: Edition,
        strict: bool,
    ) -> Outcome<String>;

    /// Syntax-based normalization (RFC 3986 section 6.2.2).
    fn normalize(&self, input: &[u8], edition: Edition) -> Outcome<String>;

    /// Equivalence after syntax- and scheme-based normalization (sections 6.2.2 and 6.2.3).
    fn equivalent(&self, a: &[u8], b: &[u8], edition: Edition) -> Outcome<bool>;

    /// The URIs a running text contains (1996 Appendix E, 2003 "Delimiting a URI in Context").
    /// Most parsers have no such operation: the default says so.
    fn extract(&self, text: &str, edition: Edition) -> Outcome<Vec<String>> {
        let _ = (text, edition);
        Outcome::Unsupported(format!("{} does not extract URIs from text", self.name()))
    }
}

/// Runs `f`, turning a panic into [`Outcome::Crashed`] with the panic's message.
///
/// # Examples
///
/// ```
/// use uridiff::{model::Outcome, parsers::guarded};
/// let out: Outcome<()> = guarded(|| panic!("boom"));
/// assert_eq!(out, Outcome::Crashed("panicked: boom".into()));
/// ```
pub fn guarded<T>(f: impl FnOnce() -> Outcome<T>) -> Outcome<T> {
    // The default hook would print to stderr for every caught panic; keep the run's output clean.
    let previous = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    panic::set_hook(previous);
    result.unwrap_or_else(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a non-string payload".to_owned());
        Outcome::Crashed(format!("panicked: {msg}"))
    })
}
