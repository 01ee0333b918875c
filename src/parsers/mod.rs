//! The adapter contract: every parser uridiff compares, in-process or external, implements
//! [`Parser`] and answers with the shared [`crate::model`].
//!
//! Panic catching lives here, in one place for all in-process adapters ([`guarded`]): a panic in
//! a parser is an outcome (`Crashed`), never a crash of the harness.

use std::panic::{self, AssertUnwindSafe};

use uri_spec::Edition;

use crate::model::{Components, Outcome};

mod oracle;
mod spec;

pub use oracle::{appendix_b_groups, OracleGrammar, OracleRegex, REGEX_COMPONENTS};
pub use spec::Spec;

/// The parsers `uridiff suite --parser` knows, by name.
pub const PARSERS: [&str; 3] = ["impl", "oracle-regex", "oracle-grammar"];

/// The parser named `name`.
///
/// # Errors
///
/// A message listing the valid names.
///
/// ```
/// assert_eq!(uridiff::parsers::by_name("impl").unwrap().name(), "impl");
/// assert!(uridiff::parsers::by_name("x").err().is_some_and(|e| e.contains("oracle-grammar")));
/// ```
pub fn by_name(name: &str) -> Result<&'static dyn Parser, String> {
    match name {
        "impl" => Ok(&Spec),
        "oracle-regex" => Ok(&OracleRegex),
        "oracle-grammar" => Ok(&OracleGrammar),
        other => Err(format!(
            "unknown parser {other:?}; valid parsers: {}",
            PARSERS.join(", ")
        )),
    }
}

/// A URI parser under test.
pub trait Parser {
    /// A short stable name (`impl`, `oracle-regex`, `url`, ...).
    fn name(&self) -> &str;

    /// Parses `input` under `edition`, as `rule` (the edition's rule name) or the edition's
    /// URI-reference rule.
    fn parse(&self, input: &[u8], edition: Edition, rule: Option<&str>) -> Outcome<Components>;

    /// Whether the parser gives `component` (a common name or an edition's field); the runner
    /// checks only those. Most parsers give all.
    fn provides(&self, component: &str) -> bool {
        let _ = component;
        true
    }

    /// Whether the parser tells valid from invalid input; one that does not (the Appendix B
    /// expression matches every string) is checked only on the cases whose input is valid.
    fn decides_validity(&self) -> bool {
        true
    }

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
