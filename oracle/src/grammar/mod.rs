//! Each edition's grammar, read from its text as printed, and a recognizer that decides
//! whether an input matches a named rule.
//!
//! The grammars live in `oracle/grammars/*.txt`, transcribed from the documents (every
//! transcription choice is written at the top of its file) and embedded with `include_str!`:
//!
//! | edition | file | notation | default rule |
//! |---|---|---|---|
//! | `draft-ietf-uri-url-06` | Section 5 | RFC 822-style BNF | `url` |
//! | `draft-ietf-url-syntax-00` | Appendix A | RFC 822-style BNF | `URL-reference` |
//! | `draft-fielding-uri-syntax-01` | Appendix A, completed | RFC 822-style BNF | `URI-reference` |
//! | `draft-fielding-uri-syntax-02` | Appendix A, completed | RFC 822-style BNF | `URI-reference` |
//! | `draft-fielding-uri-rfc2396bis-02` | Sections 2 to 4 | RFC 2234 ABNF | `URI-reference` |
//! | `rfc3986` | Appendix A | RFC 2234 ABNF | `URI-reference` |
//!
//! ABNF grammars also get the core rules of RFC 2234 Section 6.1 (`rfc2234-core.txt`).
//!
//! # Two readings
//!
//! [`Reading::Membership`] asks whether any derivation of the rule yields the input.
//! [`Reading::Document`] asks the same under the document's own disambiguation: at the rules
//! the document names (`#! first-match` in the grammar files), an alternation is an ordered
//! choice, and the first alternative that matches any prefix wins. They differ where a
//! document says that a "//" makes a net-path or "the server component wins": under
//! draft-fielding-uri-rfc2396bis-02 `http://a_b/` is a member of URI-reference (the path
//! `//a_b/` is an abs-path) but the document reads `//` as the start of a net-path, whose
//! host cannot hold `_`.
//!
//! The notations' details are in the reader's docs; the recognizer's bounds are
//! [`MAX_INPUT`], [`MAX_DEPTH`] and [`MAX_STEPS`].

use std::fmt;
use std::sync::OnceLock;

use crate::{edition_index, OracleError, OracleErrorKind, EDITIONS};

mod derive;
mod reader;
mod recognize;

/// The longest input the recognizer accepts, in bytes; longer inputs get
/// [`Verdict::TooLong`] without any work.
///
/// 4096 bytes is twice the 2,000-character length beyond which URIs stop working in common
/// software, so every realistic test input fits. At this length the memo table is a few
/// megabytes per call, and the hardest inputs the tests build for the editions' grammars (runs
/// of labels, label characters, colons, slashes) take at most about 1.3 million steps, a
/// sixteenth of [`MAX_STEPS`] (about 0.2 s in a debug build).
pub const MAX_INPUT: usize = 4096;

/// The deepest nesting of rule calls the recognizer follows before giving up with
/// [`Verdict::TooLong`]. The documents' grammars nest about 15 deep and are not recursive;
/// a recursive grammar given to [`Grammar::parse`] could otherwise nest once per input byte
/// and overflow the stack.
pub const MAX_DEPTH: usize = 256;

/// The most basic steps one recognition may take before giving up with [`Verdict::TooLong`]:
/// a bound on time for any grammar, not only the documents'. A step is one expression visit
/// or one end position copied; the budget is a few seconds in a debug build and well under
/// one in a release build.
pub const MAX_STEPS: u64 = 20_000_000;

/// The RFC 2234 Section 6.1 core rules, added to every ABNF grammar.
const CORE_RULES: &str = include_str!("../../grammars/rfc2234-core.txt");

/// The grammar texts, in the order of [`EDITIONS`].
const TEXTS: [(&str, Notation); 6] = [
    (
        include_str!("../../grammars/draft-ietf-uri-url-06.txt"),
        Notation::Rfc822Bnf,
    ),
    (
        include_str!("../../grammars/draft-ietf-url-syntax-00.txt"),
        Notation::Rfc822Bnf,
    ),
    (
        include_str!("../../grammars/draft-fielding-uri-syntax-01.txt"),
        Notation::Rfc822Bnf,
    ),
    (
        include_str!("../../grammars/draft-fielding-uri-syntax-02.txt"),
        Notation::Rfc822Bnf,
    ),
    (
        include_str!("../../grammars/draft-fielding-uri-rfc2396bis-02.txt"),
        Notation::Abnf,
    ),
    (include_str!("../../grammars/rfc3986.txt"), Notation::Abnf),
];

/// The notation a grammar text is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Notation {
    /// RFC 822-style BNF with `|` for alternatives, as in draft-ietf-uri-url-06 Section 5 and
    /// draft-ietf-url-syntax-00 Section 1.4.
    Rfc822Bnf,
    /// ABNF of RFC 2234, as in draft-fielding-uri-rfc2396bis-02 and RFC 3986.
    Abnf,
}

/// The answer for one input.
///
/// `Display` writes `valid`, `invalid` or `too-long`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The input matches the rule.
    Valid,
    /// The input does not match the rule.
    Invalid,
    /// No verdict: the input is longer than [`MAX_INPUT`], or recognizing it would nest rule
    /// calls deeper than [`MAX_DEPTH`] or take more than [`MAX_STEPS`] steps.
    TooLong,
}

impl Verdict {
    /// `valid`, `invalid` or `too-long`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Valid => "valid",
            Verdict::Invalid => "invalid",
            Verdict::TooLong => "too-long",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which question the recognizer answers.
///
/// `Display` writes `membership` or `document`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Pure membership: does any derivation of the rule yield the input?
    Membership,
    /// The document's reading: membership with the document's ordered choices (its
    /// "first-match-wins" or "greedy" rules) at the rules it names.
    Document,
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reading::Membership => "membership",
            Reading::Document => "document",
        })
    }
}

/// A grammar expression with rule references resolved to indices.
#[derive(Debug, Clone)]
pub(crate) enum Node {
    /// A literal byte string; `fold_case` compares ASCII letters without regard to case.
    Bytes { bytes: Box<[u8]>, fold_case: bool },
    /// One byte in an inclusive range.
    Range(u8, u8),
    /// A call of rule number n.
    Rule(usize),
    /// Concatenation.
    Seq(Box<[Node]>),
    /// Alternatives; `ordered` when written in a `first-match` rule.
    Alt { alts: Box<[Node]>, ordered: bool },
    /// `min` to `max` (unbounded if `None`) repetitions.
    Rep {
        min: u32,
        max: Option<u32>,
        node: Box<Node>,
    },
}

impl Node {
    /// Whether the node derives the empty string, given which rules do.
    fn nullable(&self, rules: &[bool]) -> bool {
        match self {
            Node::Bytes { bytes, .. } => bytes.is_empty(),
            Node::Range(..) => false,
            Node::Rule(r) => rules.get(*r).copied().unwrap_or(false),
            Node::Seq(items) => items.iter().all(|n| n.nullable(rules)),
            Node::Alt { alts, .. } => alts.iter().any(|n| n.nullable(rules)),
            Node::Rep { min, node, .. } => *min == 0 || node.nullable(rules),
        }
    }

    /// The rules this node may call at its own start position.
    fn left_calls(&self, nullable: &[bool], out: &mut Vec<usize>) {
        match self {
            Node::Bytes { .. } | Node::Range(..) => {}
            Node::Rule(r) => out.push(*r),
            Node::Seq(items) => {
                for n in items.iter() {
                    n.left_calls(nullable, out);
                    if !n.nullable(nullable) {
                        break;
                    }
                }
            }
            Node::Alt { alts, .. } => alts.iter().for_each(|n| n.left_calls(nullable, out)),
            Node::Rep { max, node, .. } => {
                if *max != Some(0) {
                    node.left_calls(nullable, out);
                }
            }
        }
    }
}

/// One rule of a grammar.
#[derive(Debug, Clone)]
pub(crate) struct Rule {
    name: String,
    line: usize,
    body: Node,
    /// `#! first-match`: the rule's alternations are ordered under [`Reading::Document`].
    first_match: bool,
    /// `#! prefer`: recorded only; a same-span preference changes no verdict.
    prefer: bool,
    /// `#! exclude-at-start`: under [`Reading::Document`], the rule called at the input's
    /// first byte matches no span this node matches there.
    exclude_at_start: Option<Node>,
}

/// A grammar read from text: its rules, its default rule, and the document's ordered choices.
///
/// # Invariants
///
/// Every rule reference resolves to a rule of the grammar, every prose value has a stated
/// meaning, and no rule is left-recursive.
#[derive(Debug, Clone)]
pub struct Grammar {
    name: String,
    notation: Notation,
    rules: Vec<Rule>,
    default: usize,
    /// The length of each rule's shortest derivation (see [`Grammar::derive`]).
    shortest: Vec<u32>,
    /// The rules compiled for the recognizer.
    compiled: recognize::Compiled,
}

impl Grammar {
    /// The grammar of `edition`, read from its embedded text once and kept for the life of the
    /// process.
    ///
    /// # Errors
    ///
    /// [`OracleErrorKind::UnknownEdition`] (listing the valid ids) for an id not in
    /// [`EDITIONS`]; [`OracleErrorKind::Grammar`] if the embedded text does not parse (a bug
    /// the tests rule out).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_oracle::grammar::Grammar;
    ///
    /// let g = Grammar::for_edition("draft-ietf-uri-url-06")?;
    /// assert_eq!(g.default_rule(), "url");
    /// assert!(g.rules().any(|r| r == "gopherurl"));
    /// # Ok::<(), uri_oracle::OracleError>(())
    /// ```
    pub fn for_edition(edition: &str) -> Result<&'static Grammar, OracleError> {
        static GRAMMARS: [OnceLock<Result<Grammar, GrammarError>>; 6] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let index = edition_index(edition)?;
        let (Some(cell), Some((text, notation)), Some(name)) =
            (GRAMMARS.get(index), TEXTS.get(index), EDITIONS.get(index))
        else {
            return Err(OracleError::new(OracleErrorKind::UnknownEdition {
                edition: edition.to_owned(),
            }));
        };
        match cell.get_or_init(|| Grammar::parse(name, text, *notation)) {
            Ok(g) => Ok(g),
            Err(e) => Err(e.clone().into()),
        }
    }

    /// Reads a grammar from `text` in `notation`. `name` appears in error messages.
    ///
    /// The text may carry the oracle's `#` notes and `#!` directives (`default`,
    /// `first-match`, `prefer`, `prose`, `exclude-at-start`); see the `grammars/*.txt` files.
    ///
    /// # Errors
    ///
    /// A [`GrammarError`] naming the line and, where there is one, the rule: a lexical or
    /// syntax error, an undefined or duplicated rule, a prose value without a stated meaning,
    /// left recursion, or a bad directive.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_oracle::grammar::{Grammar, Notation, Reading, Verdict};
    ///
    /// let g = Grammar::parse("tiny", "greeting = \"hi\" *( \",\" name )\nname = 1*ALPHA\n", Notation::Abnf)?;
    /// assert_eq!(g.recognize(None, b"HI,you", Reading::Membership).unwrap(), Verdict::Valid);
    ///
    /// let err = Grammar::parse("bad", "a = \"x\"\nb = ( \"y\"\n", Notation::Rfc822Bnf).unwrap_err();
    /// assert_eq!((err.line(), err.rule()), (2, Some("b")));
    /// # Ok::<(), uri_oracle::grammar::GrammarError>(())
    /// ```
    pub fn parse(name: &str, text: &str, notation: Notation) -> Result<Grammar, GrammarError> {
        let read = reader::read(name, text, notation)?;
        let shortest = derive::shortest(&read.rules);
        let compiled = recognize::compile(&read.rules);
        Ok(Grammar {
            name: name.to_owned(),
            notation,
            rules: read.rules,
            default: read.default,
            shortest,
            compiled,
        })
    }

    /// The grammar's name: the edition id for the editions' grammars.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The notation the grammar was read in.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// The rule recognized when none is named: the edition's URI-reference rule (`url` in
    /// 1994, which has no relative references).
    pub fn default_rule(&self) -> &str {
        self.rules.get(self.default).map_or("", |r| r.name.as_str())
    }

    /// Every rule's name, in definition order (ABNF core rules last).
    pub fn rules(&self) -> impl Iterator<Item = &str> {
        self.rules.iter().map(|r| r.name.as_str())
    }

    /// The rules whose alternations are ordered choices under [`Reading::Document`].
    ///
    /// # Examples
    ///
    /// ```
    /// let g = uri_oracle::grammar::Grammar::for_edition("draft-fielding-uri-rfc2396bis-02")?;
    /// assert_eq!(g.first_match_rules().collect::<Vec<_>>(), ["hier-part", "URI-reference"]);
    /// # Ok::<(), uri_oracle::OracleError>(())
    /// ```
    pub fn first_match_rules(&self) -> impl Iterator<Item = &str> {
        self.rules
            .iter()
            .filter(|r| r.first_match)
            .map(|r| r.name.as_str())
    }

    /// The rules with a same-span preference among their alternatives (`#! prefer`), recorded
    /// from the documents; such a preference never changes a verdict.
    pub fn preferred_rules(&self) -> impl Iterator<Item = &str> {
        self.rules
            .iter()
            .filter(|r| r.prefer)
            .map(|r| r.name.as_str())
    }

    /// Decides whether `input` matches `rule` (the [default rule](Self::default_rule) if
    /// `None`), under `reading`. Rule names are compared without regard to case.
    ///
    /// # Errors
    ///
    /// [`OracleErrorKind::UnknownRule`], listing the defined rules, if the grammar has no
    /// such rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_oracle::grammar::{Grammar, Reading, Verdict, MAX_INPUT};
    ///
    /// let g = Grammar::for_edition("rfc3986")?;
    /// assert_eq!(g.recognize(None, b"a:b/c?d#e", Reading::Membership)?, Verdict::Valid);
    /// assert_eq!(g.recognize(None, b"%zz", Reading::Membership)?, Verdict::Invalid);
    /// assert_eq!(g.recognize(None, &vec![b'a'; MAX_INPUT + 1], Reading::Membership)?, Verdict::TooLong);
    /// assert!(g.recognize(Some("url"), b"x", Reading::Membership).is_err());
    /// # Ok::<(), uri_oracle::OracleError>(())
    /// ```
    pub fn recognize(
        &self,
        rule: Option<&str>,
        input: &[u8],
        reading: Reading,
    ) -> Result<Verdict, OracleError> {
        let index = self.rule_index(rule)?;
        Ok(recognize::recognize(self, index, input, reading))
    }

    /// Writes a member of `rule`'s language (the [default rule](Self::default_rule) if
    /// `None`) by expanding the grammar, asking `choose(n)` for every choice: which
    /// alternative, how many repetitions beyond the minimum (fewer than six), which byte of a
    /// range, the case of a case-insensitive literal. `choose` answers an index below `n`
    /// (larger answers are taken modulo `n`).
    ///
    /// Once the output reaches `budget` bytes, every later choice takes the shortest way out,
    /// so the result ends soon after the budget. The result is always a member of the rule by
    /// [`Reading::Membership`]; the document's reading may refuse it (a `//` that starts a
    /// path, say), and that edge is where the tests look.
    ///
    /// # Errors
    ///
    /// [`OracleErrorKind::UnknownRule`], listing the defined rules, if the grammar has no
    /// such rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_oracle::grammar::{Grammar, Reading, Verdict};
    ///
    /// let g = Grammar::for_edition("rfc3986")?;
    /// let mut state = 7u64;
    /// let mut choose = |n: usize| {
    ///     state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    ///     (state >> 33) as usize % n
    /// };
    /// let s = g.derive(Some("URI"), 40, &mut choose)?;
    /// assert!(s.contains(&b':'));
    /// assert_eq!(g.recognize(Some("URI"), &s, Reading::Membership)?, Verdict::Valid);
    /// # Ok::<(), uri_oracle::OracleError>(())
    /// ```
    pub fn derive(
        &self,
        rule: Option<&str>,
        budget: usize,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Vec<u8>, OracleError> {
        let index = self.rule_index(rule)?;
        let mut d = derive::Deriver {
            grammar: self,
            budget,
            choose,
            out: Vec::new(),
            depth: 0,
        };
        d.rule(index);
        Ok(d.out)
    }

    /// The index of `rule` (compared without regard to case), or the default rule's.
    fn rule_index(&self, rule: Option<&str>) -> Result<usize, OracleError> {
        match rule {
            None => Ok(self.default),
            Some(name) => self
                .rules
                .iter()
                .position(|r| r.name.eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    OracleError::new(OracleErrorKind::UnknownRule {
                        grammar: self.name.clone(),
                        rule: name.to_owned(),
                        defined: self.rules().map(str::to_owned).collect(),
                    })
                }),
        }
    }
}

/// An error in a grammar text, naming the grammar, the line and (where known) the rule.
///
/// `Display` reads `NAME:LINE: rule `RULE`: MESSAGE`.
///
/// # Examples
///
/// ```
/// use uri_oracle::grammar::{Grammar, GrammarErrorKind, Notation};
///
/// let err = Grammar::parse("g", "a = b\n", Notation::Abnf).unwrap_err();
/// assert_eq!(err.kind(), &GrammarErrorKind::UndefinedRule("b".into()));
/// assert_eq!(err.to_string(), "g:1: rule `a`: undefined rule `b`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{grammar}:{line}: {}{kind}", .rule.as_ref().map(|r| format!("rule `{r}`: ")).unwrap_or_default())]
pub struct GrammarError {
    grammar: String,
    line: usize,
    rule: Option<String>,
    kind: GrammarErrorKind,
}

impl GrammarError {
    pub(crate) fn new(
        grammar: &str,
        line: usize,
        rule: Option<&str>,
        kind: GrammarErrorKind,
    ) -> Self {
        GrammarError {
            grammar: grammar.to_owned(),
            line,
            rule: rule.map(str::to_owned),
            kind,
        }
    }

    /// The grammar's name, as given to [`Grammar::parse`].
    pub fn grammar(&self) -> &str {
        &self.grammar
    }

    /// The 1-based line of the text where the error was found.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The rule being defined where the error was found, if any.
    pub fn rule(&self) -> Option<&str> {
        self.rule.as_deref()
    }

    /// What went wrong.
    pub fn kind(&self) -> &GrammarErrorKind {
        &self.kind
    }
}

/// The kinds of [`GrammarError`]. Each variant's doc gives a text that triggers it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GrammarErrorKind {
    /// A character the notation has no use for: `a = %x41` in RFC 822-style BNF.
    #[error("unexpected character {0:?}")]
    UnexpectedChar(char),
    /// A quoted literal not closed on its line: `a = "x`.
    #[error("unterminated quoted string")]
    UnterminatedString,
    /// A prose value `<...>` never closed: `a = <x`.
    #[error("unterminated prose value")]
    UnterminatedProse,
    /// A prose value with no `#! prose` directive giving its meaning: `a = <x>`.
    #[error("prose value <{0}> has no stated meaning (add a `#! prose <...> = ...` directive)")]
    ProseWithoutMeaning(String),
    /// A malformed ABNF num-val, or one beyond a byte: `a = %x1FF`.
    #[error("bad numeric value `{0}`")]
    BadNumVal(String),
    /// A repetition whose minimum exceeds its maximum, or too large: `a = 3*2"x"`.
    #[error("bad repetition `{0}`")]
    BadRepeat(String),
    /// An element was expected: `a = "x" /`.
    #[error("expected an element")]
    ExpectedElement,
    /// A group not closed: `a = ( "x"`.
    #[error("unclosed group: expected {0:?}")]
    Unclosed(char),
    /// A closing bracket without its opening one: `a = "x" ]`.
    #[error("unbalanced {0:?}")]
    Unbalanced(char),
    /// Groups nested too deeply for the reader.
    #[error("groups nested too deeply")]
    TooDeep,
    /// `name =` with nothing after it: `a = `.
    #[error("empty definition")]
    EmptyDefinition,
    /// Text before the first rule: `"x"`.
    #[error("text outside any rule")]
    TextOutsideRule,
    /// A second `=` definition of a rule: `a = "x"` twice.
    #[error("rule defined twice")]
    DuplicateRule,
    /// `=/` for a rule not defined above: `a =/ "x"`.
    #[error("incremental alternative for an undefined rule")]
    IncrementalWithoutRule,
    /// A reference to a rule the text does not define: `a = b`.
    #[error("undefined rule `{0}`")]
    UndefinedRule(String),
    /// A rule that can call itself without consuming input: `a = [ "x" ] a`.
    #[error("left-recursive rule")]
    LeftRecursive,
    /// A `#!` line the reader does not know: `#! frobnicate a`.
    #[error("bad directive `{0}`")]
    BadDirective(String),
    /// A text without any rule.
    #[error("no rules")]
    NoRules,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(edition: &str) -> &'static Grammar {
        match Grammar::for_edition(edition) {
            Ok(g) => g,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn an_exclusion_at_the_start_holds_only_there_and_only_in_the_documents_reading() {
        let text = "#! exclude-at-start seg = *\"a\" \":\" *OCTET\nref = seg / 1*DIGIT \":\" seg\n\
                    seg = *( ALPHA / \":\" )\n#! default ref\n";
        let g = match Grammar::parse("t", text, Notation::Abnf) {
            Ok(g) => g,
            Err(e) => panic!("{e}"),
        };
        let v = |input: &[u8], reading| g.recognize(None, input, reading).ok();
        // A first segment with ":" is excluded where `seg` begins the input ...
        assert_eq!(v(b"aa:b", Reading::Document), Some(Verdict::Invalid));
        assert_eq!(v(b"aa:b", Reading::Membership), Some(Verdict::Valid));
        // ... and only the spans the expression matches: "ab:" does not begin with `*"a" ":"`.
        assert_eq!(v(b"ab:c", Reading::Document), Some(Verdict::Valid));
        // Called after a scheme, the rule is not at the start: no exclusion.
        assert_eq!(v(b"1:aa:b", Reading::Document), Some(Verdict::Valid));
        // A directive without "=" is refused, naming its line.
        let bad = Grammar::parse(
            "t",
            "#! exclude-at-start seg\nseg = \"a\"\n",
            Notation::Abnf,
        );
        assert!(bad.is_err_and(|e| e.line() == 1));
    }

    #[test]
    fn the_first_segment_of_a_relative_path_reference_holds_no_colon() {
        // draft-fielding-uri-syntax-02 (draft-ietf-url-syntax-00 5) and
        // draft-fielding-uri-rfc2396bis-02 4.2 by prose; RFC 3986 by its grammar
        // (path-noscheme).
        for e in [
            "draft-fielding-uri-syntax-02",
            "draft-fielding-uri-rfc2396bis-02",
            "rfc3986",
        ] {
            let v = |input: &[u8]| g(e).recognize(None, input, Reading::Document).ok();
            assert_eq!(v(b"1a:b"), Some(Verdict::Invalid), "{e}");
            for fine in [&b"./1a:b"[..], b"1a/b:c", b"?a:b", b"a:1a:b", b"/1a:b"] {
                assert_eq!(v(fine), Some(Verdict::Valid), "{e} {fine:?}");
            }
        }
        // 1996 section 5's rule, which -01 and -02 keep: also after a byte no scheme holds (what
        // a differential fuzzer found the grammars admitting, impl refusing).
        for e in [
            "draft-ietf-url-syntax-00",
            "draft-fielding-uri-syntax-01",
            "draft-fielding-uri-syntax-02",
        ] {
            let v = |input: &[u8]| g(e).recognize(None, input, Reading::Document).ok();
            for colon in [&b"a_b:c"[..], b"h;tp://g", b"h%74tp://a/"] {
                assert_eq!(v(colon), Some(Verdict::Invalid), "{e} {colon:?}");
                let member = g(e).recognize(None, colon, Reading::Membership).ok();
                assert_eq!(
                    member,
                    Some(Verdict::Valid),
                    "{e} {colon:?}: the grammar alone"
                );
            }
        }
    }

    #[test]
    fn every_edition_parses() {
        for e in EDITIONS {
            let grammar = g(e);
            assert_eq!(grammar.name(), *e);
            assert!(grammar.rules().count() > 10, "{e}");
        }
    }

    #[test]
    fn default_rules() {
        let defaults: Vec<_> = EDITIONS.iter().map(|e| g(e).default_rule()).collect();
        assert_eq!(
            defaults,
            [
                "url",
                "URL-reference",
                "URI-reference",
                "URI-reference",
                "URI-reference",
                "URI-reference"
            ]
        );
    }

    #[test]
    fn verdict_and_reading_display() {
        assert_eq!(Verdict::Valid.to_string(), "valid");
        assert_eq!(Verdict::Invalid.to_string(), "invalid");
        assert_eq!(Verdict::TooLong.to_string(), "too-long");
        assert_eq!(Reading::Membership.to_string(), "membership");
        assert_eq!(Reading::Document.to_string(), "document");
    }

    #[test]
    fn error_display_names_line_and_rule() {
        let e = GrammarError::new("g", 3, Some("r"), GrammarErrorKind::Unclosed(')'));
        assert_eq!(e.to_string(), "g:3: rule `r`: unclosed group: expected ')'");
        let e = GrammarError::new("g", 1, None, GrammarErrorKind::NoRules);
        assert_eq!(e.to_string(), "g:1: no rules");
    }
}
