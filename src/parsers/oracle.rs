//! The two oracles as [`Parser`]s: `oracle-regex` (the Appendix B expression: components only,
//! it accepts every input) and `oracle-grammar` (the grammar recognizer: a verdict only, in the
//! document's reading, with the document's first-match rules).

use uri_oracle::appendix_b;
use uri_oracle::grammar::{Grammar, Reading, Verdict};
use uri_spec::Edition;

use super::{guarded, Parser};
use crate::model::{Components, Outcome};

/// The Appendix B regular expression, as printed in 1996, 1998 and 2003.
///
/// # Examples
///
/// ```
/// use uridiff::parsers::{OracleRegex, Parser};
/// use uridiff::model::Outcome;
/// let Outcome::Accepted(c) = OracleRegex.parse(b"http://a/b?c", uri_spec::Edition::Rfc3986, None) else { panic!() };
/// assert_eq!(c.authority.as_deref(), Some("a"));
/// assert_eq!(c.host, None); // the expression does not split the authority
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct OracleRegex;

/// The components Appendix B gives, by the common names.
pub const REGEX_COMPONENTS: [&str; 5] = ["scheme", "authority", "path", "query", "fragment"];

fn text(b: Option<&[u8]>) -> Option<String> {
    b.map(|b| String::from_utf8_lossy(b).into_owned())
}

impl Parser for OracleRegex {
    fn name(&self) -> &str {
        "oracle-regex"
    }

    fn parse(&self, input: &[u8], edition: Edition, _rule: Option<&str>) -> Outcome<Components> {
        guarded(|| {
            let groups = appendix_b::captures(input);
            match appendix_b::components(edition.id(), &groups) {
                Ok(c) => Outcome::Accepted(Components {
                    scheme: text(c.scheme),
                    authority: text(c.authority),
                    path: text(c.path),
                    query: text(c.query),
                    fragment: text(c.fragment),
                    ..Components::default()
                }),
                Err(e) => Outcome::Unsupported(e.to_string()),
            }
        })
    }

    fn provides(&self, component: &str) -> bool {
        REGEX_COMPONENTS.contains(&component)
    }

    fn decides_validity(&self) -> bool {
        false
    }

    fn resolve(&self, _: &[u8], _: &[u8], _: Edition, _: bool) -> Outcome<String> {
        Outcome::Unsupported("the Appendix B expression does not resolve references".into())
    }

    fn normalize(&self, _: &[u8], _: Edition) -> Outcome<String> {
        Outcome::Unsupported("the Appendix B expression does not normalize".into())
    }

    fn equivalent(&self, _: &[u8], _: &[u8], _: Edition) -> Outcome<bool> {
        Outcome::Unsupported("the Appendix B expression does not compare".into())
    }
}

/// The Appendix B groups `$1`..`$9` of `input` (`None` = the group did not match).
///
/// ```
/// let g = uridiff::parsers::appendix_b_groups(b"http://www.ics.uci.edu/pub/ietf/uri/#Related");
/// assert_eq!(g[0].as_deref(), Some("http:"));
/// assert_eq!(g[5], None);
/// ```
pub fn appendix_b_groups(input: &[u8]) -> [Option<String>; 9] {
    let g = appendix_b::captures(input);
    std::array::from_fn(|i| text(g.get(i + 1)))
}

/// The grammar recognizer, in the document's reading (first match wins where the document says
/// so): it answers valid or invalid, never components.
///
/// ```
/// use uridiff::parsers::{OracleGrammar, Parser};
/// let out = OracleGrammar.parse(b"http://a b/", uri_spec::Edition::Rfc3986, None);
/// assert!(!out.is_accepted());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct OracleGrammar;

impl Parser for OracleGrammar {
    fn name(&self) -> &str {
        "oracle-grammar"
    }

    fn parse(&self, input: &[u8], edition: Edition, rule: Option<&str>) -> Outcome<Components> {
        guarded(|| {
            let grammar = match Grammar::for_edition(edition.id()) {
                Ok(g) => g,
                Err(e) => return Outcome::Unsupported(e.to_string()),
            };
            match grammar.recognize(rule, input, Reading::Document) {
                Ok(Verdict::Valid) => Outcome::Accepted(Components::default()),
                Ok(Verdict::Invalid) => {
                    Outcome::Rejected(format!("not a {}", rule.unwrap_or(grammar.default_rule())))
                }
                Ok(Verdict::TooLong) => Outcome::Unsupported("too long for the recognizer".into()),
                Err(e) => Outcome::Unsupported(e.to_string()),
            }
        })
    }

    fn provides(&self, _component: &str) -> bool {
        false
    }

    fn resolve(&self, _: &[u8], _: &[u8], _: Edition, _: bool) -> Outcome<String> {
        Outcome::Unsupported("the grammar recognizer does not resolve references".into())
    }

    fn normalize(&self, _: &[u8], _: Edition) -> Outcome<String> {
        Outcome::Unsupported("the grammar recognizer does not normalize".into())
    }

    fn equivalent(&self, _: &[u8], _: &[u8], _: Edition) -> Outcome<bool> {
        Outcome::Unsupported("the grammar recognizer does not compare".into())
    }
}
