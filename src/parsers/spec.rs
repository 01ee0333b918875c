//! The adapter for `uri-spec`, the project's own spec implementation (`impl/`), named `impl`.

use uri_spec::{Edition, ParseErrorKind, Resolver, Rule};

use super::{guarded, Parser};
use crate::model::{Components, Outcome};

/// The spec implementation as a [`Parser`].
///
/// # Examples
///
/// ```
/// use uridiff::parsers::{Parser, Spec};
/// use uri_spec::Edition;
///
/// let out = Spec.resolve(b"http://a/b/c/d;p?q", b"../g", Edition::Rfc3986, true);
/// assert_eq!(out, uridiff::model::Outcome::Accepted("http://a/b/g".to_owned()));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Spec;

/// An error of impl as an outcome: an edition it does not implement is `Unsupported`.
fn rejected<T>(e: uri_spec::ParseError) -> Outcome<T> {
    if e.kind() == ParseErrorKind::EditionNotImplemented {
        Outcome::Unsupported(e.to_string())
    } else {
        Outcome::Rejected(e.to_string())
    }
}

impl Parser for Spec {
    fn name(&self) -> &str {
        "impl"
    }

    fn parse(&self, input: &[u8], edition: Edition, rule: Option<&str>) -> Outcome<Components> {
        guarded(|| {
            let rule = match rule.map(|name| Rule::from_name(edition, name)).transpose() {
                Ok(rule) => rule.unwrap_or_default(),
                Err(e) => return Outcome::Unsupported(e.to_string()),
            };
            match uri_spec::Parser::new()
                .edition(edition)
                .rule(rule)
                .parse(input)
            {
                Ok(c) => Outcome::Accepted(Components::from_spec(&c)),
                Err(e) => rejected(e),
            }
        })
    }

    fn resolve(
        &self,
        base: &[u8],
        reference: &[u8],
        edition: Edition,
        strict: bool,
    ) -> Outcome<String> {
        guarded(|| {
            match Resolver::new()
                .edition(edition)
                .strict(strict)
                .resolve(base, reference)
            {
                Ok(t) => Outcome::Accepted(t),
                Err(uri_spec::ResolveError::Base(e) | uri_spec::ResolveError::Reference(e))
                    if e.kind() == ParseErrorKind::EditionNotImplemented =>
                {
                    Outcome::Unsupported(e.to_string())
                }
                Err(e) => Outcome::Rejected(e.to_string()),
            }
        })
    }

    fn normalize(&self, input: &[u8], edition: Edition) -> Outcome<String> {
        guarded(|| match uri_spec::normalize_in(edition, input) {
            Ok(n) => Outcome::Accepted(n),
            Err(e) => rejected(e.parse_error()),
        })
    }

    fn equivalent(&self, a: &[u8], b: &[u8], edition: Edition) -> Outcome<bool> {
        guarded(|| match uri_spec::equivalent_in(edition, a, b) {
            Ok(eq) => Outcome::Accepted(eq),
            Err(e) if e.parse_error().kind() == ParseErrorKind::EditionNotImplemented => {
                Outcome::Unsupported(e.to_string())
            }
            Err(e) => Outcome::Rejected(e.to_string()),
        })
    }

    fn extract(&self, text: &str, edition: Edition) -> Outcome<Vec<String>> {
        guarded(|| Outcome::Accepted(uri_spec::extract(text, edition)))
    }
}
