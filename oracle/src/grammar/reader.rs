//! Readers for the two notations of the documents: RFC 822-style BNF (1994, 1996, 1998) and
//! RFC 2234 ABNF (2003, RFC 3986), and the oracle's `#` notes and `#!` directives.
//!
//! Both notations share one lexer and one recursive-descent parser; where they differ, the
//! [`Notation`] decides:
//!
//! | | RFC 822-style BNF | RFC 2234 ABNF |
//! |---|---|---|
//! | alternatives | `\|` | `/` |
//! | a bare `/` | the literal `"/"` (1994's gopherurl lost its quotes) | alternatives |
//! | `"abc"` | case-sensitive | case-insensitive (RFC 2234 Section 2.3) |
//! | `"""` | the literal `"` (1994's punctuation) | an error |
//! | `n*[ x ]` | `n*( x )`: brackets "around optional or repeated elements" (1994 Section 5) | `n*` of an optional `x` |
//! | `%x41-5A`, `%d65.66` | an error | byte values and ranges |
//! | `=/` | an error | incremental alternatives |
//! | rule names | a letter, then letters, digits, `-`, `_`, `+` | a letter, then letters, digits, `-` |
//!
//! Shared: `name = definition`; grouping `( )`; optional `[ ]`; repetition `n*m`, `n*`, `*m`,
//! `*`, `n` (RFC 822 Sections 2.5 to 2.7, RFC 2234 Section 3.6 and 3.7); `;` comments to the
//! end of the line; prose values `<...>`, which must be given a meaning by a `#! prose`
//! directive; rule names compared without regard to case (RFC 2234 Section 2.1; the 822-style
//! grammars never rely on case to tell two rules apart).
//!
//! Layout: a line whose first token is a rule name followed by `=` (or `=/`) starts a rule;
//! every other non-blank line continues the rule above. This is RFC 2234's "continuation
//! lines are indented" and RFC 822's "indentation is used to continue a rule" for listings
//! whose indentation is uniform or lost (the seeds of 1994, 1996 and 1998 lost it).
//!
//! Oracle lines (never document text): a line starting with `#` is a transcription note; a
//! line starting with `#!` is a directive:
//!
//! - `#! default RULE`: the rule recognized when none is named (else the first rule);
//! - `#! first-match RULE`: every alternation written in RULE is an ordered choice under
//!   [`Reading::Document`](super::Reading::Document);
//! - `#! prefer RULE`: RULE's alternatives are preferred in order for the same span, which
//!   decides naming but never membership (recorded, no effect on verdicts);
//! - `#! prose <TEXT> = EXPR`: the prose value `<TEXT>` means EXPR (in the grammar's notation).
//! - `#! exclude-at-start RULE = EXPR`: under [`super::Reading::Document`], RULE called at the
//!   input's first byte matches no span that EXPR matches from there. It states a document's
//!   prose rule on a reference that begins with RULE, such as "a path segment that contains a
//!   colon character ... cannot be used as the first segment of a relative-path reference"
//!   (draft-fielding-uri-rfc2396bis-02 4.2): a relative-path reference is the one reference
//!   whose path begins the input.

use std::collections::HashMap;

use super::{GrammarError, GrammarErrorKind, Node, Notation, Rule};

/// How deeply groups may nest in a grammar text before the reader refuses it (a bound on the
/// reader's recursion; the documents nest at most 5 deep).
const MAX_NESTING: usize = 64;

/// An expression before rule names are resolved.
#[derive(Debug, Clone)]
enum Ast {
    Name {
        name: String,
        line: usize,
    },
    Prose {
        text: String,
        line: usize,
    },
    Bytes {
        bytes: Vec<u8>,
        fold_case: bool,
    },
    Range(u8, u8),
    Seq(Vec<Ast>),
    Alt(Vec<Ast>),
    Rep {
        min: u32,
        max: Option<u32>,
        ast: Box<Ast>,
    },
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Name(String),
    Eq,
    EqSlash,
    Alt,
    LParen,
    RParen,
    LBrack,
    RBrack,
    /// A literal: quoted string or, in 822-style BNF, a bare `/`.
    Str {
        bytes: Vec<u8>,
        fold_case: bool,
    },
    /// An ABNF num-val: a byte range or a byte string.
    Num(NumVal),
    Prose(String),
    Repeat(u32, Option<u32>),
}

#[derive(Debug, Clone, PartialEq)]
enum NumVal {
    Range(u8, u8),
    Bytes(Vec<u8>),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    line: usize,
    first_on_line: bool,
}

/// A directive line, kept for after the rules are read.
struct Directive {
    line: usize,
    text: String,
}

/// The parsed rules of one text, before core rules are added and names resolved.
struct RawRule {
    name: String,
    line: usize,
    body: Ast,
}

/// The result of reading a grammar text: rules with resolved references, and directives.
pub(super) struct Read {
    pub(super) rules: Vec<Rule>,
    pub(super) default: usize,
}

/// Reads `text` in `notation`; for ABNF, adds the core rules of RFC 2234 Section 6.1 that the
/// text does not define itself.
pub(super) fn read(name: &str, text: &str, notation: Notation) -> Result<Read, GrammarError> {
    let (mut raw, directives) = read_rules(name, text, notation)?;
    if notation == Notation::Abnf {
        let (core, _) = read_rules("rfc2234-core", super::CORE_RULES, Notation::Abnf)?;
        for rule in core {
            if !raw.iter().any(|r| r.name.eq_ignore_ascii_case(&rule.name)) {
                raw.push(rule);
            }
        }
    }
    if raw.is_empty() {
        return Err(GrammarError::new(name, 1, None, GrammarErrorKind::NoRules));
    }
    let index: HashMap<String, usize> = raw
        .iter()
        .enumerate()
        .map(|(i, r)| (r.name.to_ascii_lowercase(), i))
        .collect();

    // Directives.
    let mut default = 0;
    let mut first_match = vec![false; raw.len()];
    let mut prefer = vec![false; raw.len()];
    let mut prose: HashMap<String, (Ast, usize)> = HashMap::new();
    let mut exclude: HashMap<usize, Ast> = HashMap::new();
    for d in &directives {
        let err = |kind| GrammarError::new(name, d.line, None, kind);
        let body = d.text.trim();
        let (word, rest) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        let rest = rest.trim();
        let rule_of = |rest: &str| {
            index
                .get(&rest.to_ascii_lowercase())
                .copied()
                .ok_or_else(|| err(GrammarErrorKind::UndefinedRule(rest.to_owned())))
        };
        match word {
            "default" => default = rule_of(rest)?,
            "first-match" => first_match[rule_of(rest)?] = true,
            "prefer" => prefer[rule_of(rest)?] = true,
            "prose" => {
                let Some(close) = rest.find('>').filter(|_| rest.starts_with('<')) else {
                    return Err(err(GrammarErrorKind::BadDirective(body.to_owned())));
                };
                let key = normalize_prose(&rest[1..close]);
                let Some(expr) = rest[close + 1..].trim_start().strip_prefix('=') else {
                    return Err(err(GrammarErrorKind::BadDirective(body.to_owned())));
                };
                prose.insert(key, (expression(name, expr, notation, d.line)?, d.line));
            }
            "exclude-at-start" => {
                let Some((rule, expr)) = rest.split_once('=') else {
                    return Err(err(GrammarErrorKind::BadDirective(body.to_owned())));
                };
                let rule = rule_of(rule.trim())?;
                exclude.insert(rule, expression(name, expr, notation, d.line)?);
            }
            _ => return Err(err(GrammarErrorKind::BadDirective(body.to_owned()))),
        }
    }

    // Resolve names and prose values.
    let mut rules = Vec::with_capacity(raw.len());
    for (i, r) in raw.iter().enumerate() {
        let resolver = Resolver {
            name,
            rule: &r.name,
            index: &index,
            prose: &prose,
            ordered: first_match[i],
        };
        let body = resolver.resolve(&r.body, false)?;
        let exclude_at_start = exclude
            .get(&i)
            .map(|ast| resolver.resolve(ast, false))
            .transpose()?;
        rules.push(Rule {
            name: r.name.clone(),
            line: r.line,
            body,
            first_match: first_match[i],
            prefer: prefer[i],
            exclude_at_start,
        });
    }
    check_left_recursion(name, &rules)?;
    Ok(Read { rules, default })
}

/// An expression of a directive (`#! prose ... = EXPR`, `#! exclude-at-start RULE = EXPR`), read
/// in the grammar's notation as a rule's definition is.
fn expression(
    name: &str,
    expr: &str,
    notation: Notation,
    line: usize,
) -> Result<Ast, GrammarError> {
    let tokens: Vec<Token> = lex(name, expr, notation, line)?
        .into_iter()
        .map(|t| Token { line, ..t })
        .collect();
    Parser {
        name,
        rule: None,
        tokens: &tokens,
        pos: 0,
        notation,
        end_line: line,
    }
    .parse_definition()
}

/// Prose text compared with runs of white space collapsed to one space.
fn normalize_prose(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

struct Resolver<'a> {
    name: &'a str,
    rule: &'a str,
    index: &'a HashMap<String, usize>,
    prose: &'a HashMap<String, (Ast, usize)>,
    ordered: bool,
}

impl Resolver<'_> {
    fn resolve(&self, ast: &Ast, in_prose: bool) -> Result<Node, GrammarError> {
        Ok(match ast {
            Ast::Name { name, line } => match self.index.get(&name.to_ascii_lowercase()) {
                Some(&id) => Node::Rule(id),
                None => {
                    return Err(GrammarError::new(
                        self.name,
                        *line,
                        Some(self.rule),
                        GrammarErrorKind::UndefinedRule(name.clone()),
                    ))
                }
            },
            Ast::Prose { text, line } => match self.prose.get(&normalize_prose(text)) {
                Some((meaning, _)) if !in_prose => self.resolve(meaning, true)?,
                _ => {
                    return Err(GrammarError::new(
                        self.name,
                        *line,
                        Some(self.rule),
                        GrammarErrorKind::ProseWithoutMeaning(text.clone()),
                    ))
                }
            },
            Ast::Bytes { bytes, fold_case } => Node::Bytes {
                bytes: bytes.clone().into(),
                fold_case: *fold_case,
            },
            Ast::Range(lo, hi) => Node::Range(*lo, *hi),
            Ast::Seq(items) => Node::Seq(
                items
                    .iter()
                    .map(|a| self.resolve(a, in_prose))
                    .collect::<Result<_, _>>()?,
            ),
            Ast::Alt(items) => Node::Alt {
                alts: items
                    .iter()
                    .map(|a| self.resolve(a, in_prose))
                    .collect::<Result<_, _>>()?,
                ordered: self.ordered,
            },
            Ast::Rep { min, max, ast } => Node::Rep {
                min: *min,
                max: *max,
                node: Box::new(self.resolve(ast, in_prose)?),
            },
        })
    }
}

/// Lexes and groups one text into rules; returns them with the directive lines.
fn read_rules(
    name: &str,
    text: &str,
    notation: Notation,
) -> Result<(Vec<RawRule>, Vec<Directive>), GrammarError> {
    let mut directives = Vec::new();
    let mut tokens = Vec::new();
    let mut rule: Option<String> = None;
    // Lex line by line so that notes and directives are seen at line starts; a prose value
    // may run over lines, so lines are joined while one is open.
    let mut pending = String::new();
    let mut pending_line = 0;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if pending.is_empty() {
            if let Some(d) = line.strip_prefix("#!") {
                directives.push(Directive {
                    line: n,
                    text: d.to_owned(),
                });
                continue;
            }
            if line.starts_with('#') {
                continue;
            }
            pending_line = n;
        } else {
            pending.push('\n');
        }
        pending.push_str(line);
        match lex_line(name, &pending, notation, pending_line, &mut rule) {
            Ok(mut toks) => {
                tokens.append(&mut toks);
                pending.clear();
            }
            Err(LexError::OpenProse) => {}
            Err(LexError::Grammar(e)) => return Err(e),
        }
    }
    if !pending.is_empty() {
        return Err(GrammarError::new(
            name,
            pending_line,
            rule.as_deref(),
            GrammarErrorKind::UnterminatedProse,
        ));
    }

    // Group tokens into rules.
    let mut rules: Vec<RawRule> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let Some(t) = tokens.get(i) else { break };
        let starts = match (&t.tok, tokens.get(i + 1).map(|t| &t.tok)) {
            (Tok::Name(rule), Some(Tok::Eq)) if t.first_on_line => Some((rule.clone(), false)),
            (Tok::Name(rule), Some(Tok::EqSlash)) if t.first_on_line => Some((rule.clone(), true)),
            _ => None,
        };
        let Some((rule_name, incremental)) = starts else {
            return Err(GrammarError::new(
                name,
                t.line,
                None,
                GrammarErrorKind::TextOutsideRule,
            ));
        };
        let line = t.line;
        let mut end = i + 2;
        while let Some(next) = tokens.get(end) {
            let starts_rule = next.first_on_line
                && matches!(next.tok, Tok::Name(_))
                && matches!(
                    tokens.get(end + 1).map(|t| &t.tok),
                    Some(Tok::Eq | Tok::EqSlash)
                );
            if starts_rule {
                break;
            }
            end += 1;
        }
        let body_tokens = tokens.get(i + 2..end).unwrap_or(&[]);
        let end_line = body_tokens.last().map_or(line, |t| t.line);
        if body_tokens.is_empty() {
            return Err(GrammarError::new(
                name,
                line,
                Some(&rule_name),
                GrammarErrorKind::EmptyDefinition,
            ));
        }
        let body = Parser {
            name,
            rule: Some(&rule_name),
            tokens: body_tokens,
            pos: 0,
            notation,
            end_line,
        }
        .parse_definition()?;
        let existing = rules
            .iter_mut()
            .find(|r| r.name.eq_ignore_ascii_case(&rule_name));
        match (existing, incremental) {
            (None, false) => rules.push(RawRule {
                name: rule_name,
                line,
                body,
            }),
            (Some(r), true) => {
                let old = std::mem::replace(&mut r.body, Ast::Seq(Vec::new()));
                let mut alts = match old {
                    Ast::Alt(a) => a,
                    other => vec![other],
                };
                match body {
                    Ast::Alt(mut a) => alts.append(&mut a),
                    other => alts.push(other),
                }
                r.body = Ast::Alt(alts);
            }
            (Some(_), false) => {
                return Err(GrammarError::new(
                    name,
                    line,
                    Some(&rule_name),
                    GrammarErrorKind::DuplicateRule,
                ));
            }
            (None, true) => {
                return Err(GrammarError::new(
                    name,
                    line,
                    Some(&rule_name),
                    GrammarErrorKind::IncrementalWithoutRule,
                ));
            }
        }
        i = end;
    }
    Ok((rules, directives))
}

enum LexError {
    /// A prose value is still open at the end of the text: join the next line.
    OpenProse,
    Grammar(GrammarError),
}

/// Lexes an expression that is not at a line start (a `#! prose` meaning).
fn lex(
    name: &str,
    text: &str,
    notation: Notation,
    line: usize,
) -> Result<Vec<Token>, GrammarError> {
    let mut rule = None;
    match lex_line(name, text, notation, line, &mut rule) {
        Ok(mut t) => {
            if let Some(first) = t.first_mut() {
                first.first_on_line = false;
            }
            Ok(t)
        }
        Err(LexError::OpenProse) => Err(GrammarError::new(
            name,
            line,
            None,
            GrammarErrorKind::UnterminatedProse,
        )),
        Err(LexError::Grammar(e)) => Err(e),
    }
}

/// Lexes `text` (one line, or several joined while a prose value was open), starting at
/// line `line`. `rule` tracks the rule being defined, for error messages.
fn lex_line(
    name: &str,
    text: &str,
    notation: Notation,
    line: usize,
    rule: &mut Option<String>,
) -> Result<Vec<Token>, LexError> {
    let bytes = text.as_bytes();
    let mut out: Vec<Token> = Vec::new();
    let mut pos = 0;
    let mut line_no = line;
    let mut first_on_line = true;
    let abnf = notation == Notation::Abnf;
    let err = |line_no: usize, rule: &Option<String>, kind| {
        LexError::Grammar(GrammarError::new(name, line_no, rule.as_deref(), kind))
    };
    while let Some(&c) = bytes.get(pos) {
        let start = pos;
        let tok = match c {
            b'\n' => {
                line_no += 1;
                first_on_line = true;
                pos += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                pos += 1;
                continue;
            }
            b';' => {
                // A comment runs to the end of the line.
                while bytes.get(pos).is_some_and(|&b| b != b'\n') {
                    pos += 1;
                }
                continue;
            }
            b'=' => {
                pos += 1;
                if abnf && bytes.get(pos) == Some(&b'/') {
                    pos += 1;
                    Tok::EqSlash
                } else {
                    if let Some(Token {
                        tok: Tok::Name(n),
                        first_on_line: true,
                        ..
                    }) = out.last()
                    {
                        *rule = Some(n.clone());
                    }
                    Tok::Eq
                }
            }
            b'|' if !abnf => {
                pos += 1;
                Tok::Alt
            }
            b'/' => {
                pos += 1;
                if abnf {
                    Tok::Alt
                } else {
                    Tok::Str {
                        bytes: b"/".to_vec(),
                        fold_case: false,
                    }
                }
            }
            b'(' => {
                pos += 1;
                Tok::LParen
            }
            b')' => {
                pos += 1;
                Tok::RParen
            }
            b'[' => {
                pos += 1;
                Tok::LBrack
            }
            b']' => {
                pos += 1;
                Tok::RBrack
            }
            b'"' => {
                let after = bytes.get(pos + 3).copied();
                if !abnf
                    && bytes.get(pos..pos + 3) == Some(b"\"\"\"")
                    && after
                        .is_none_or(|b| b.is_ascii_whitespace() || matches!(b, b'|' | b')' | b']'))
                {
                    pos += 3;
                    Tok::Str {
                        bytes: b"\"".to_vec(),
                        fold_case: false,
                    }
                } else {
                    let body_start = pos + 1;
                    let Some(len) = bytes
                        .get(body_start..)
                        .and_then(|rest| rest.iter().position(|&b| b == b'"' || b == b'\n'))
                    else {
                        return Err(err(line_no, rule, GrammarErrorKind::UnterminatedString));
                    };
                    if bytes.get(body_start + len) != Some(&b'"') {
                        return Err(err(line_no, rule, GrammarErrorKind::UnterminatedString));
                    }
                    pos = body_start + len + 1;
                    Tok::Str {
                        bytes: bytes
                            .get(body_start..body_start + len)
                            .unwrap_or(&[])
                            .to_vec(),
                        fold_case: abnf,
                    }
                }
            }
            b'<' => {
                let Some(len) = bytes
                    .get(pos + 1..)
                    .and_then(|rest| rest.iter().position(|&b| b == b'>'))
                else {
                    return Err(LexError::OpenProse);
                };
                let body = text.get(pos + 1..pos + 1 + len).unwrap_or("");
                pos += len + 2;
                let t = Tok::Prose(body.to_owned());
                out.push(Token {
                    tok: t,
                    line: line_no,
                    first_on_line,
                });
                line_no += body.matches('\n').count();
                first_on_line = false;
                continue;
            }
            b'%' if abnf => {
                pos += 1;
                let (tok, next) = num_val(bytes, pos).ok_or_else(|| {
                    let shown = text
                        .get(start..)
                        .unwrap_or("")
                        .split_whitespace()
                        .next()
                        .unwrap_or("%");
                    err(line_no, rule, GrammarErrorKind::BadNumVal(shown.to_owned()))
                })?;
                pos = next;
                Tok::Num(tok)
            }
            b'0'..=b'9' | b'*' => {
                let (min, p) = digits(bytes, pos);
                pos = p;
                let repeat = if bytes.get(pos) == Some(&b'*') {
                    let (max, p) = digits(bytes, pos + 1);
                    pos = p;
                    (min.unwrap_or(Some(0)), max.unwrap_or(None))
                } else {
                    let n = min.flatten();
                    (n, n)
                };
                match repeat {
                    (Some(min), max) if max.is_none_or(|m| m >= min) => Tok::Repeat(min, max),
                    _ => {
                        let shown = text.get(start..pos).unwrap_or("").to_owned();
                        return Err(err(line_no, rule, GrammarErrorKind::BadRepeat(shown)));
                    }
                }
            }
            c if c.is_ascii_alphabetic() => {
                while bytes.get(pos).is_some_and(|&b| {
                    b.is_ascii_alphanumeric() || b == b'-' || (!abnf && (b == b'_' || b == b'+'))
                }) {
                    pos += 1;
                }
                Tok::Name(text.get(start..pos).unwrap_or("").to_owned())
            }
            _ => {
                let ch = text
                    .get(pos..)
                    .and_then(|s| s.chars().next())
                    .unwrap_or('\u{fffd}');
                return Err(err(line_no, rule, GrammarErrorKind::UnexpectedChar(ch)));
            }
        };
        out.push(Token {
            tok,
            line: line_no,
            first_on_line,
        });
        first_on_line = false;
    }
    Ok(out)
}

/// Reads decimal digits at `pos`: `(None, pos)` if there are none, `(Some(None), _)` on
/// overflow, `(Some(Some(n)), next)` otherwise.
fn digits(bytes: &[u8], mut pos: usize) -> (Option<Option<u32>>, usize) {
    let start = pos;
    let mut n: Option<u32> = Some(0);
    while let Some(d) = bytes.get(pos).filter(|b| b.is_ascii_digit()) {
        n = n
            .and_then(|n| n.checked_mul(10))
            .and_then(|n| n.checked_add(u32::from(d - b'0')));
        pos += 1;
    }
    if pos == start {
        (None, pos)
    } else {
        (Some(n), pos)
    }
}

/// Reads an ABNF num-val after its `%` (RFC 2234 Section 2.3 and 3.4): `x41`, `x41-5A`,
/// `d13.10`, `b1010`. Values must fit a byte: the oracle matches bytes.
fn num_val(bytes: &[u8], pos: usize) -> Option<(NumVal, usize)> {
    let radix = match bytes.get(pos)?.to_ascii_lowercase() {
        b'x' => 16,
        b'd' => 10,
        b'b' => 2,
        _ => return None,
    };
    let value = |pos: usize| -> Option<(u8, usize)> {
        let mut end = pos;
        while bytes.get(end).is_some_and(|b| (*b as char).is_digit(radix)) {
            end += 1;
        }
        let s = std::str::from_utf8(bytes.get(pos..end)?).ok()?;
        Some((u8::from_str_radix(s, radix).ok()?, end))
    };
    let (first, mut p) = value(pos + 1)?;
    match bytes.get(p) {
        Some(b'-') => {
            let (last, p) = value(p + 1)?;
            (last >= first).then_some((NumVal::Range(first, last), p))
        }
        Some(b'.') => {
            let mut all = vec![first];
            while bytes.get(p) == Some(&b'.') {
                let (v, next) = value(p + 1)?;
                all.push(v);
                p = next;
            }
            Some((NumVal::Bytes(all), p))
        }
        _ => Some((NumVal::Range(first, first), p)),
    }
}

/// Recursive descent over one rule's tokens.
struct Parser<'a> {
    name: &'a str,
    rule: Option<&'a str>,
    tokens: &'a [Token],
    pos: usize,
    notation: Notation,
    /// The line of the last token, for "expected an element" at the end.
    end_line: usize,
}

impl Parser<'_> {
    fn err(&self, kind: GrammarErrorKind) -> GrammarError {
        let line = self.tokens.get(self.pos).map_or(self.end_line, |t| t.line);
        GrammarError::new(self.name, line, self.rule, kind)
    }

    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|t| &t.tok)
    }

    fn parse_definition(mut self) -> Result<Ast, GrammarError> {
        let ast = self.alternation(0)?;
        match self.peek() {
            None => Ok(ast),
            Some(Tok::RParen) => Err(self.err(GrammarErrorKind::Unbalanced(')'))),
            Some(Tok::RBrack) => Err(self.err(GrammarErrorKind::Unbalanced(']'))),
            Some(_) => Err(self.err(GrammarErrorKind::ExpectedElement)),
        }
    }

    fn alternation(&mut self, depth: usize) -> Result<Ast, GrammarError> {
        if depth > MAX_NESTING {
            return Err(self.err(GrammarErrorKind::TooDeep));
        }
        let mut alts = vec![self.concatenation(depth)?];
        while self.peek() == Some(&Tok::Alt) {
            self.pos += 1;
            alts.push(self.concatenation(depth)?);
        }
        Ok(if alts.len() == 1 {
            alts.pop().unwrap_or(Ast::Seq(Vec::new()))
        } else {
            Ast::Alt(alts)
        })
    }

    fn concatenation(&mut self, depth: usize) -> Result<Ast, GrammarError> {
        let mut items = Vec::new();
        while let Some(t) = self.peek() {
            if matches!(t, Tok::Alt | Tok::RParen | Tok::RBrack) {
                break;
            }
            items.push(self.repetition(depth)?);
        }
        match items.len() {
            0 => Err(self.err(GrammarErrorKind::ExpectedElement)),
            1 => Ok(items.pop().unwrap_or(Ast::Seq(Vec::new()))),
            _ => Ok(Ast::Seq(items)),
        }
    }

    fn repetition(&mut self, depth: usize) -> Result<Ast, GrammarError> {
        if let Some(Tok::Repeat(min, max)) = self.peek().cloned() {
            self.pos += 1;
            // RFC 822-style: "n*[ x ]" repeats the bracketed group (1994 Section 5: brackets
            // "are used around optional or repeated elements").
            let ast = if self.notation == Notation::Rfc822Bnf && self.peek() == Some(&Tok::LBrack) {
                self.pos += 1;
                self.group(depth, Tok::RBrack, ']')?
            } else {
                self.element(depth)?
            };
            return Ok(Ast::Rep {
                min,
                max,
                ast: Box::new(ast),
            });
        }
        self.element(depth)
    }

    fn group(&mut self, depth: usize, close: Tok, c: char) -> Result<Ast, GrammarError> {
        let inner = self.alternation(depth + 1)?;
        if self.peek() != Some(&close) {
            return Err(self.err(GrammarErrorKind::Unclosed(c)));
        }
        self.pos += 1;
        Ok(inner)
    }

    fn element(&mut self, depth: usize) -> Result<Ast, GrammarError> {
        let Some(token) = self.tokens.get(self.pos) else {
            return Err(self.err(GrammarErrorKind::ExpectedElement));
        };
        let line = token.line;
        self.pos += 1;
        Ok(match &token.tok {
            Tok::Name(name) => Ast::Name {
                name: name.clone(),
                line,
            },
            Tok::Str { bytes, fold_case } => Ast::Bytes {
                bytes: bytes.clone(),
                fold_case: *fold_case,
            },
            Tok::Num(NumVal::Range(lo, hi)) => Ast::Range(*lo, *hi),
            Tok::Num(NumVal::Bytes(b)) => Ast::Bytes {
                bytes: b.clone(),
                fold_case: false,
            },
            Tok::Prose(text) => Ast::Prose {
                text: text.clone(),
                line,
            },
            Tok::LParen => self.group(depth, Tok::RParen, ')')?,
            Tok::LBrack => Ast::Rep {
                min: 0,
                max: Some(1),
                ast: Box::new(self.group(depth, Tok::RBrack, ']')?),
            },
            Tok::RParen => {
                self.pos -= 1;
                return Err(self.err(GrammarErrorKind::Unbalanced(')')));
            }
            Tok::RBrack => {
                self.pos -= 1;
                return Err(self.err(GrammarErrorKind::Unbalanced(']')));
            }
            Tok::Eq | Tok::EqSlash | Tok::Alt | Tok::Repeat(..) => {
                self.pos -= 1;
                return Err(self.err(GrammarErrorKind::ExpectedElement));
            }
        })
    }
}

/// Refuses left recursion (a rule reachable from itself without consuming input): the
/// recognizer descends top-down and would not terminate on it. None of the documents'
/// grammars is left-recursive.
fn check_left_recursion(name: &str, rules: &[Rule]) -> Result<(), GrammarError> {
    // Which rules derive the empty string: a fixpoint.
    let mut nullable = vec![false; rules.len()];
    loop {
        let mut changed = false;
        for (i, r) in rules.iter().enumerate() {
            if !nullable[i] && r.body.nullable(&nullable) {
                nullable[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Edges: rule -> rules it may call at its own start position.
    let edges: Vec<Vec<usize>> = rules
        .iter()
        .map(|r| {
            let mut out = Vec::new();
            r.body.left_calls(&nullable, &mut out);
            out
        })
        .collect();
    // Depth-first search for a cycle (iterative: no recursion on grammar size).
    let mut state = vec![0u8; rules.len()]; // 0 new, 1 on stack, 2 done
    for root in 0..rules.len() {
        if state[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        state[root] = 1;
        while let Some((node, next)) = stack.last().copied() {
            if let Some(&to) = edges[node].get(next) {
                if let Some(top) = stack.last_mut() {
                    top.1 += 1;
                }
                match state[to] {
                    0 => {
                        state[to] = 1;
                        stack.push((to, 0));
                    }
                    1 => {
                        let r = &rules[to];
                        return Err(GrammarError::new(
                            name,
                            r.line,
                            Some(&r.name),
                            GrammarErrorKind::LeftRecursive,
                        ));
                    }
                    _ => {}
                }
            } else {
                state[node] = 2;
                stack.pop();
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bnf(text: &str) -> Result<Read, GrammarError> {
        read("t", text, Notation::Rfc822Bnf)
    }

    fn abnf(text: &str) -> Result<Read, GrammarError> {
        read("t", text, Notation::Abnf)
    }

    fn kind(r: Result<Read, GrammarError>) -> GrammarErrorKind {
        match r {
            Ok(_) => panic!("expected an error"),
            Err(e) => e.kind().clone(),
        }
    }

    #[test]
    fn num_vals() {
        assert_eq!(num_val(b"x41-5A", 0), Some((NumVal::Range(0x41, 0x5a), 6)));
        assert_eq!(
            num_val(b"d13.10", 0),
            Some((NumVal::Bytes(vec![13, 10]), 6))
        );
        assert_eq!(num_val(b"b101", 0), Some((NumVal::Range(5, 5), 4)));
        assert_eq!(num_val(b"x100", 0), None);
        assert_eq!(num_val(b"x5A-41", 0), None);
        assert_eq!(num_val(b"q1", 0), None);
    }

    #[test]
    fn layout_continuation_and_comments() {
        let r = abnf("a = \"x\" ; comment / \"y\"\n    / b\nb = %x30-39\n")
            .ok()
            .unwrap();
        assert_eq!(
            r.rules
                .iter()
                .filter(|r| !r.name.chars().all(|c| c.is_ascii_uppercase()))
                .count(),
            2
        );
    }

    #[test]
    fn errors_name_line_and_rule() {
        let e = bnf("a = \"x\"\nb = ( \"y\"\n").err().unwrap();
        assert_eq!((e.line(), e.rule()), (2, Some("b")));
        assert_eq!(e.kind(), &GrammarErrorKind::Unclosed(')'));
        assert_eq!(kind(bnf("a = \"x\" ]")), GrammarErrorKind::Unbalanced(']'));
        assert_eq!(kind(bnf("a = \"x")), GrammarErrorKind::UnterminatedString);
        assert_eq!(kind(bnf("a = <x")), GrammarErrorKind::UnterminatedProse);
        assert_eq!(
            kind(bnf("a = <x>")),
            GrammarErrorKind::ProseWithoutMeaning("x".into())
        );
        assert_eq!(
            kind(bnf("a = b")),
            GrammarErrorKind::UndefinedRule("b".into())
        );
        assert_eq!(
            kind(bnf("a = \"x\"\na = \"y\"")),
            GrammarErrorKind::DuplicateRule
        );
        assert_eq!(kind(bnf("a = ")), GrammarErrorKind::EmptyDefinition);
        assert_eq!(kind(bnf("\"x\"")), GrammarErrorKind::TextOutsideRule);
        assert_eq!(kind(bnf("a = %x41")), GrammarErrorKind::UnexpectedChar('%'));
        assert_eq!(
            kind(abnf("a = \"x\" | \"y\"")),
            GrammarErrorKind::UnexpectedChar('|')
        );
        assert_eq!(
            kind(abnf("a =/ \"x\"")),
            GrammarErrorKind::IncrementalWithoutRule
        );
        assert_eq!(
            kind(abnf("a = 3*2\"x\"")),
            GrammarErrorKind::BadRepeat("3*2".into())
        );
        assert_eq!(
            kind(abnf("a = 99999999999\"x\"")),
            GrammarErrorKind::BadRepeat("99999999999".into())
        );
        assert_eq!(
            kind(abnf("a = %x1FF")),
            GrammarErrorKind::BadNumVal("%x1FF".into())
        );
        assert_eq!(
            kind(abnf("a = [b] a\nb = \"x\"")),
            GrammarErrorKind::LeftRecursive
        );
        assert_eq!(kind(abnf("a = \"x\" /")), GrammarErrorKind::ExpectedElement);
        assert_eq!(
            kind(bnf("#! frobnicate a\na = \"x\"")),
            GrammarErrorKind::BadDirective("frobnicate a".into())
        );
        assert_eq!(
            kind(bnf("#! default b\na = \"x\"")),
            GrammarErrorKind::UndefinedRule("b".into())
        );
        assert_eq!(kind(bnf("")), GrammarErrorKind::NoRules);
        let deep = format!("a = {}\"x\"{}", "(".repeat(100), ")".repeat(100));
        assert_eq!(kind(bnf(&deep)), GrammarErrorKind::TooDeep);
    }

    #[test]
    fn multi_line_prose_and_meaning() {
        let r =
            bnf("#! prose <any character not in\n#! x> = \"y\"\na = <any\n  character not in x>\n");
        // The directive is one line; its prose text is cut at the line end, so it does not match.
        assert!(r.is_err());
        let r = bnf(
            "#! prose <any character not in x> = \"y\" | \"z\"\na = <any\n  character not in x>\n",
        );
        assert!(r.is_ok());
    }
}
