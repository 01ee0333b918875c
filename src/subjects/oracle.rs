//! The two oracles as subjects: `oracle-regex` (the Appendix B expression: components only, it
//! accepts every input) and `oracle-grammar` (the grammar recognizer: a verdict only, in the
//! document's reading, with the document's first-match rules).

use std::hint::black_box;
use std::sync::LazyLock;

use uri_oracle::appendix_b;
use uri_oracle::grammar::{Grammar, Reading, Verdict};
use uri_spec::Edition;

use super::adapt::card_info;
use super::direct::Peer;
use super::{Ctx, Subject, SubjectInfo};
use crate::model::{Component, ComponentSet, Components, Op, OpSet, Outcome, Parsed};
use crate::parsers::{oracle_grammar, oracle_regex};

/// The Appendix B regular expression, as printed in 1996, 1998 and 2003 (1994 prints none).
///
/// # Examples
///
/// ```
/// use uridiff::model::{Component, Outcome};
/// use uridiff::subjects::{Ctx, OracleRegex, Subject};
/// let Outcome::Accepted(p) = OracleRegex::get().parse(b"http://a/b?c", &Ctx::default()) else { panic!() };
/// assert_eq!(p.components.get(Component::Authority), Some("a"));
/// assert_eq!(p.components.get(Component::Host), None); // the expression does not split the authority
/// ```
#[derive(Debug)]
pub struct OracleRegex {
    info: SubjectInfo,
}

static REGEX: LazyLock<OracleRegex> = LazyLock::new(OracleRegex::new);

impl OracleRegex {
    /// The subject.
    pub fn new() -> OracleRegex {
        OracleRegex {
            info: SubjectInfo {
                operations: OpSet::of(&[Op::Parse]),
                components: ComponentSet::of(&[
                    Component::Scheme,
                    Component::Authority,
                    Component::Path,
                    Component::Query,
                    Component::Fragment,
                ]),
                decides_validity: false,
                edition_fields: false,
                editions: Edition::ALL
                    .into_iter()
                    .filter(|e| *e != Edition::UriUrl06)
                    .collect(),
                ..card_info(&oracle_regex::CARD)
            },
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static OracleRegex {
        &REGEX
    }
}

impl Default for OracleRegex {
    fn default() -> OracleRegex {
        OracleRegex::new()
    }
}

fn text(b: Option<&[u8]>) -> Option<String> {
    b.map(|b| String::from_utf8_lossy(b).into_owned())
}

impl Subject for OracleRegex {
    /// The library called directly, for the benches ([`crate::bench`]).
    fn direct(&self) -> Option<Peer> {
        Some(Peer::new(oracle_regex::CARD.name).parse(|| {
            Box::new(|i| {
                black_box(uri_oracle::appendix_b::captures(i));
                true
            })
        }))
    }

    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
        let groups = appendix_b::captures(input);
        match appendix_b::components(ctx.edition.id(), &groups) {
            Ok(c) => {
                let mut out = Components::default();
                for (component, value) in [
                    (Component::Scheme, c.scheme),
                    (Component::Authority, c.authority),
                    (Component::Path, c.path),
                    (Component::Query, c.query),
                    (Component::Fragment, c.fragment),
                ] {
                    out.set(component, text(value).as_deref());
                }
                Outcome::Accepted(out.into())
            }
            Err(e) => Outcome::Unsupported(e.to_string()),
        }
    }
}

/// The Appendix B groups `$1`..`$9` of `input` (`None` = the group did not match).
///
/// ```
/// let g = uridiff::subjects::appendix_b_groups(b"http://www.ics.uci.edu/pub/ietf/uri/#Related");
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
/// use uridiff::subjects::{Ctx, OracleGrammar, Subject};
/// let out = OracleGrammar::get().parse(b"http://a b/", &Ctx::default());
/// assert!(!out.is_accepted());
/// ```
#[derive(Debug)]
pub struct OracleGrammar {
    info: SubjectInfo,
}

static GRAMMAR: LazyLock<OracleGrammar> = LazyLock::new(OracleGrammar::new);

impl OracleGrammar {
    /// The subject.
    pub fn new() -> OracleGrammar {
        OracleGrammar {
            info: SubjectInfo {
                operations: OpSet::of(&[Op::Parse]),
                components: ComponentSet::NONE,
                decides_validity: true,
                edition_fields: false,
                editions: Edition::ALL.to_vec(),
                ..card_info(&oracle_grammar::CARD)
            },
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static OracleGrammar {
        &GRAMMAR
    }
}

impl Default for OracleGrammar {
    fn default() -> OracleGrammar {
        OracleGrammar::new()
    }
}

impl Subject for OracleGrammar {
    /// The library called directly, for the benches ([`crate::bench`]).
    fn direct(&self) -> Option<Peer> {
        Some(
            Peer::new(oracle_grammar::CARD.name).parse(|| match Grammar::for_edition("rfc3986") {
                Ok(g) => Box::new(move |i| {
                    matches!(
                        black_box(g.recognize(None, i, Reading::Document)),
                        Ok(Verdict::Valid)
                    )
                }),
                Err(_) => Box::new(|_| false),
            }),
        )
    }

    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
        let grammar = match Grammar::for_edition(ctx.edition.id()) {
            Ok(g) => g,
            Err(e) => return Outcome::Unsupported(e.to_string()),
        };
        match grammar.recognize(ctx.rule, input, Reading::Document) {
            Ok(Verdict::Valid) => Outcome::Accepted(Parsed::default()),
            Ok(Verdict::Invalid) => Outcome::rejected(format!(
                "not a {}",
                ctx.rule.unwrap_or(grammar.default_rule())
            )),
            Ok(Verdict::TooLong) => Outcome::Unsupported("too long for the recognizer".into()),
            Err(e) => Outcome::Unsupported(e.to_string()),
        }
    }
}
