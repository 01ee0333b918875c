//! Coverage of the documents: every example printed in the five source documents appears in
//! some suite case, so a missed example is a red test.
//!
//! The test scans each document's example blocks (resolution tables, example lists, artwork)
//! and fails when an example found there appears in no suite case. The documents are read from
//! `suites/documents/`, verbatim copies of the seed files (see its README.md for which file is
//! which document).
//!
//! Each document has its own scanner, because each has its own shape (an HTML page with line
//! numbers, a plain text, a mail with context diffs, a diff flattened to one line, an XML
//! source); the rules are in the doc comment of each `scan_00N`. The scanners are precise rather
//! than greedy: they take URIs from the places the documents print examples, through
//! [`uri_spec::extract`] (which only takes delimited or scheme-led URIs, never prose words), and
//! table rows by their exact layout. A string that such a rule finds but that is not an example
//! goes in [`NOT_EXAMPLES`], with the reason.
//!
//! What "appears in a suite case" means depends on the example (see [`Kind`]): a URI must be the
//! whole value of a case field (`input`, `base`, `other`, `expect`, `corrected`, anywhere inside
//! them; `note` does not count); a resolution row needs a `resolve` case with that reference (and
//! base, where the document prints it) whose `expect` or `corrected` is the printed result.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

use serde_yaml::Value;
use uri_spec::{extract, extract_detailed, Edition};

/// draft-fielding-uri-syntax-01 -> -02, a context diff flattened to one line.
const SEED_000: &str = "000_44d5094173f62639.txt";
/// draft-ietf-uri-url-06 (1994), an HTML page with line numbers.
const SEED_001: &str = "001_125afa1a0ff42e43.txt";
/// A mail with context diffs of draft-fielding-url-syntax-02 (1996).
const SEED_002: &str = "002_e31aebc3ff851503.txt";
/// draft-ietf-url-syntax-00 (1996), plain text.
const SEED_003: &str = "003_40ccf06026a91cc0.txt";
/// draft-fielding-uri-rfc2396bis-02 (2003), XML.
const SEED_004: &str = "004_21fe64aed2724a55.txt";

/// Strings a scanning rule finds that are not examples: (seed, string, why).
const NOT_EXAMPLES: &[(&str, &str, &str)] = &[
    // 001 3.4.8 prints the form of a Gopher+ view string with placeholder names ("would be in
    // the form:"); the example follows it ("+application/postscript%20Es_ES").
    (
        SEED_001,
        "+view_name%20language_name",
        "a template with placeholder names",
    ),
    // 004 4.5: 'a URI prefix of "http://"' names a prefix, not a URI.
    (SEED_004, "http://", "a prefix named in prose"),
    // 004 3.2.1: 'Some URI schemes use the format "user:password" in the userinfo field': a
    // userinfo layout, not a URI.
    (
        SEED_004,
        "user:password",
        "a userinfo layout named in prose",
    ),
];

/// What a document example is, and so what a suite must hold for it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// A URI or reference: some case field holds exactly this string.
    Uri(String),
    /// Part of a URI (a Gopher+ string): some case field contains it.
    Part(String),
    /// A row of a resolution table: a `resolve` case with this input (and this base, when the
    /// document prints one) whose `expect` or `corrected` is the printed result (when printed).
    Resolve {
        base: Option<String>,
        input: String,
        result: Option<String>,
    },
    /// A line of the Appendix B example: a `regex` case with this input whose `expect` maps the
    /// group to the value (`None`: "<undefined>", `null` in the suite).
    Group {
        input: String,
        group: String,
        value: Option<String>,
    },
    /// A running-text example of a delimiting appendix: an `extract` case with this input, with
    /// runs of whitespace counted as one space (the suites drop the indentation of artwork).
    Text(String),
}

/// One example found in a document.
#[derive(Clone, Debug)]
struct Example {
    seed: &'static str,
    /// 1-based line in the seed file.
    line: usize,
    /// 1-based column, for the one-line seed 000 (0 elsewhere).
    col: usize,
    /// `old` or `new` for the diffs.
    side: Option<&'static str>,
    kind: Kind,
}

impl fmt::Display for Example {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.seed, self.line)?;
        if self.col > 0 {
            write!(f, ":{}", self.col)?;
        }
        if let Some(side) = self.side {
            write!(f, " ({side} side)")?;
        }
        match &self.kind {
            Kind::Uri(s) => write!(f, ": {s:?}"),
            Kind::Part(s) => write!(f, ": part of a URI {s:?}"),
            Kind::Resolve {
                base,
                input,
                result,
            } => {
                write!(f, ": resolve {input:?}")?;
                if let Some(base) = base {
                    write!(f, " against {base:?}")?;
                }
                if let Some(result) = result {
                    write!(f, " = {result:?}")?;
                }
                Ok(())
            }
            Kind::Group {
                input,
                group,
                value,
            } => write!(f, ": regex {input:?} {group} = {value:?}"),
            Kind::Text(t) => write!(f, ": extract from the text {:?}", shorten(t)),
        }
    }
}

/// The first 60 characters of `t`.
fn shorten(t: &str) -> String {
    let mut s: String = t.chars().take(60).collect();
    if s.len() < t.len() {
        s.push_str("...");
    }
    s
}

// ---------------------------------------------------------------------------------------------
// The suites

/// One suite case, as far as coverage needs it.
#[derive(Debug)]
struct Case {
    /// The document it was transcribed from: the case's `source`, or its file's.
    source: String,
    op: String,
    input: Option<String>,
    base: Option<String>,
    expect: Value,
    corrected: Value,
}

/// Every case of every suite, and every string their checked fields hold, by source document.
///
/// An example counts only when a case transcribed from the same document holds it: a 1994 case
/// with the same string does not cover a 2003 example.
#[derive(Debug, Default)]
struct Index {
    strings: HashMap<String, HashSet<String>>,
    cases: Vec<Case>,
}

/// The fields whose strings count; `note`, `section`, `source`, `erratum` and `skip` do not.
const CASE_FIELDS: [&str; 5] = ["input", "base", "other", "expect", "corrected"];

impl Index {
    /// Loads every `*.yaml` and `*.yml` under `dir`, recursively.
    fn load(dir: &Path) -> Index {
        let mut index = Index::default();
        let mut files = Vec::new();
        yaml_files(dir, &mut files);
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let doc: Value =
                serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let source = doc["source"].as_str().unwrap_or_default().to_owned();
            for case in doc["cases"].as_sequence().into_iter().flatten() {
                index.add(&source, case);
            }
        }
        index
    }

    fn add(&mut self, file_source: &str, case: &Value) {
        let string = |key: &str| case[key].as_str().map(str::to_owned);
        let source = string("source").unwrap_or_else(|| file_source.to_owned());
        let strings = self.strings.entry(source.clone()).or_default();
        for field in CASE_FIELDS {
            collect_strings(&case[field], strings);
        }
        self.cases.push(Case {
            source,
            op: string("op").unwrap_or_default(),
            input: string("input"),
            base: string("base"),
            expect: case["expect"].clone(),
            corrected: case["corrected"].clone(),
        });
    }

    /// Whether some case holds `example`.
    fn covers(&self, example: &Example) -> bool {
        let empty = HashSet::new();
        let strings = self.strings.get(example.seed).unwrap_or(&empty);
        let mut cases = self.cases.iter().filter(|c| c.source == example.seed);
        match &example.kind {
            Kind::Uri(s) => strings.contains(s),
            Kind::Part(s) => strings.iter().any(|t| t.contains(s.as_str())),
            Kind::Resolve {
                base,
                input,
                result,
            } => cases.any(|c| {
                c.op == "resolve"
                    && c.input.as_deref() == Some(input)
                    && base.as_ref().is_none_or(|b| c.base.as_ref() == Some(b))
                    && result.as_ref().is_none_or(|r| {
                        c.expect.as_str() == Some(r) || c.corrected.as_str() == Some(r)
                    })
            }),
            Kind::Group {
                input,
                group,
                value,
            } => cases.any(|c| {
                let got = &c.expect[group.as_str()];
                c.op == "regex"
                    && c.input.as_deref() == Some(input)
                    && match value {
                        None => got.is_null(),
                        Some(v) => got.as_str() == Some(v),
                    }
            }),
            Kind::Text(t) => {
                let t = squeeze(t);
                cases.any(|c| {
                    c.op == "extract" && c.input.as_deref().map(squeeze).as_deref() == Some(&t)
                })
            }
        }
    }
}

/// Every string inside `v` (mapping values, not keys).
fn collect_strings(v: &Value, out: &mut HashSet<String>) {
    match v {
        Value::String(s) => {
            out.insert(s.clone());
        }
        Value::Sequence(items) => items.iter().for_each(|i| collect_strings(i, out)),
        Value::Mapping(m) => m.values().for_each(|i| collect_strings(i, out)),
        Value::Tagged(t) => collect_strings(&t.value, out),
        _ => {}
    }
}

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("readable directory entry").path();
        if path.is_dir() {
            yaml_files(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml")
        ) {
            out.push(path);
        }
    }
}

/// Runs of whitespace as one space, trimmed.
fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------------------------------------
// Text helpers

/// The five predefined XML entities (and the HTML page's), `&amp;` last.
fn decode_entities(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// `s` without its markup tags (`<...>`); line breaks inside a tag are kept, so line numbers
/// stay right.
fn strip_tags(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            '\n' => out.push('\n'),
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// Numbered lines (1-based) joined by '\n', and the byte offset where each starts.
struct Lines {
    text: String,
    starts: Vec<(usize, usize)>,
}

impl Lines {
    fn new<'a>(lines: impl IntoIterator<Item = (usize, &'a str)>) -> Lines {
        let mut text = String::new();
        let mut starts = Vec::new();
        for (n, line) in lines {
            starts.push((text.len(), n));
            text.push_str(line);
            text.push('\n');
        }
        Lines { text, starts }
    }

    /// The line number of byte `at`.
    fn line_of(&self, at: usize) -> usize {
        let i = self.starts.partition_point(|&(start, _)| start <= at);
        self.starts.get(i.saturating_sub(1)).map_or(0, |&(_, n)| n)
    }

    /// Every URI `extract` finds in the text, with its line.
    fn uris(&self, edition: Edition) -> Vec<(usize, String)> {
        extract_detailed(&self.text, edition)
            .into_iter()
            .map(|f| (self.line_of(f.span.start), f.uri))
            .collect()
    }
}

/// The strings quoted right after "e.g., " (`(e.g., "this:that")`) that look like a URI or a
/// reference: one word holding one of `:/?#@`. Others are words (`"parent"`) or phrases.
fn eg_quoted(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("e.g., \"") {
        rest = &rest[i + "e.g., \"".len()..];
        if let Some(end) = rest.find('"') {
            let q = &rest[..end];
            if !q.contains(char::is_whitespace) && q.contains([':', '/', '?', '#', '@']) {
                out.push(q.to_owned());
            }
            rest = &rest[end..];
        }
    }
    out
}

/// A line `$N = value` of an Appendix B example: the group and its value (`None` for
/// "<undefined>").
fn group_line(line: &str) -> Option<(String, Option<String>)> {
    let (group, value) = line.trim().split_once(" = ")?;
    let digits = group.strip_prefix('$')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = value.trim();
    let value = (value != "<undefined>").then(|| value.to_owned());
    Some((group.to_owned(), value))
}

/// The values of `href="..."` in a line of HTML.
fn hrefs(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.to_ascii_lowercase().find("href=\"") {
        rest = &rest[i + "href=\"".len()..];
        if let Some(end) = rest.find('"') {
            out.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    out
}

/// The examples of one line of an HTML BASE example (003 Appendix D, 004 Appendix C): each
/// `href` is a URI; the `<BASE>` element's becomes the base, and every later `href` a reference
/// resolved against it.
fn html_examples(found: &mut Found, n: usize, line: &str, html_base: &mut Option<String>) {
    for href in hrefs(line) {
        found.push(n, Kind::Uri(href.clone()));
        if line.trim_start().to_ascii_uppercase().starts_with("<BASE") {
            *html_base = Some(href);
        } else if let Some(b) = html_base.as_ref() {
            found.push(
                n,
                Kind::Resolve {
                    base: Some(b.clone()),
                    input: href,
                    result: None,
                },
            );
        }
    }
}

/// Bare percent-encoding examples of one line, with their byte offsets: a triplet quoted alone
/// (`"%20"`, `"%7e"`), or triplets and ranges making up a parenthesis (`(%2D)`, `(%41-%5A and
/// %61-%7A)`, `(%09)`): each triplet, a range by both its ends. Each must be the whole `input` or
/// `other` of a case of its document (so a `%20` inside some URL does not count).
fn bare_pct(line: &str) -> Vec<(usize, String)> {
    let is_triplet = |t: &str| t.len() == 3 && has_pct_encoded(t);
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = line[at..].find('"') {
        let start = at + i + 1;
        let Some(len) = line[start..].find('"') else {
            break;
        };
        let q = &line[start..start + len];
        if is_triplet(q) {
            out.push((start, q.to_owned()));
        }
        at = start + len + 1;
    }
    let mut at = 0;
    while let Some(i) = line[at..].find('(') {
        let start = at + i + 1;
        let Some(len) = line[start..].find(')') else {
            break;
        };
        let inside = &line[start..start + len];
        let mut triplets = Vec::new();
        let all = inside.split_whitespace().all(|w| {
            let ends: Vec<&str> = w.split('-').collect();
            if matches!(w, "and" | "or") {
                true
            } else if ends.len() <= 2 && ends.iter().all(|e| is_triplet(e)) {
                triplets.extend(ends.iter().map(|e| (*e).to_owned()));
                true
            } else {
                false
            }
        });
        if all {
            for t in triplets {
                let offset = start + inside.find(t.as_str()).unwrap_or(0);
                out.push((offset, t));
            }
        }
        at = start + len;
    }
    out
}

/// Whether `s` holds a percent-encoded octet.
fn has_pct_encoded(s: &str) -> bool {
    s.as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

/// A builder for one seed's examples.
struct Found {
    seed: &'static str,
    examples: Vec<Example>,
    /// The strings of [`NOT_EXAMPLES`] the rules found.
    excused: Vec<String>,
}

impl Found {
    fn new(seed: &'static str) -> Found {
        Found {
            seed,
            examples: Vec::new(),
            excused: Vec::new(),
        }
    }

    fn push(&mut self, line: usize, kind: Kind) {
        self.push_at(line, 0, None, kind);
    }

    fn push_at(&mut self, line: usize, col: usize, side: Option<&'static str>, kind: Kind) {
        let text = match &kind {
            Kind::Uri(s) | Kind::Part(s) => Some(s.as_str()),
            _ => None,
        };
        let listed = |t: &str| {
            NOT_EXAMPLES
                .iter()
                .any(|&(seed, s, _)| seed == self.seed && s == t)
        };
        if let Some(t) = text.filter(|t| listed(t)) {
            self.excused.push(t.to_owned());
            return;
        }
        let example = Example {
            seed: self.seed,
            line,
            col,
            side,
            kind,
        };
        // The same example printed twice on one line (or found by two rules) counts once.
        if !self
            .examples
            .iter()
            .any(|e| e.line == line && e.col == col && e.kind == example.kind)
        {
            self.examples.push(example);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The scanners

/// Seed 001, draft-ietf-uri-url-06 (1994), an HTML page of a mail archive.
///
/// Document lines are the lines numbered `NN. `; tags are removed, then the number, then
/// entities decoded. Page chrome (unnumbered lines) is not the document.
///
/// - Every URL that `extract` (1994 edition: the `<URL:...>` wrapper) finds before
///   "REFERENCES": section 1's archive, 3.1's `<URL:ftp://@host.com/>` trio, 3.2.2, 3.6's
///   `<URL:news:*>`, 3.10's VMS file, 3.11's prospero URL, the Appendix examples. The references
///   are citations (where a cited document lives), not examples.
/// - The Appendix "Examples" paragraph as an `extract` text.
/// - Section 3.4 (Gopher): Gopher+ strings, quoted or on a line of their own, that hold a
///   percent-encoded octet or begin with "!+" (`"!+ABSTRACT"`, `"!+ABSTRACT%20+SMELL"`, ...);
///   layout forms with `<placeholders>` are not examples.
fn scan_001(raw: &str) -> Found {
    let mut found = Found::new(SEED_001);
    let mut doc: Vec<(usize, String)> = Vec::new();
    for (i, line) in raw.lines().enumerate() {
        let stripped = strip_tags(line);
        let t = stripped.trim_start();
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            continue;
        }
        let Some(rest) = t[digits..]
            .strip_prefix(". ")
            .or(t[digits..].strip_prefix('.'))
        else {
            continue;
        };
        doc.push((i + 1, decode_entities(rest)));
    }
    let references = doc
        .iter()
        .position(|(_, l)| l.trim() == "REFERENCES")
        .unwrap_or(doc.len());
    let body = &doc[..references];

    let lines = Lines::new(body.iter().map(|(n, l)| (*n, l.as_str())));
    for (line, uri) in lines.uris(Edition::UriUrl06) {
        found.push(line, Kind::Uri(uri));
    }
    // 1994 has no relative references, so "%09" cannot stand alone: its bare triplet is the
    // separator of a gopher URL (3.4), and a case holding it inside a gopher URL covers it.
    for (n, l) in body {
        for (_, t) in bare_pct(l) {
            found.push(*n, Kind::Part(t));
        }
    }

    // The Appendix examples.
    if let Some(start) = body.iter().position(|(_, l)| l.trim() == "Examples") {
        let block: Vec<&str> = body[start + 1..].iter().map(|(_, l)| l.as_str()).collect();
        if let Some((line, _)) = body.get(start + 1) {
            found.push(*line, Kind::Text(block.join("\n")));
        }
    }

    // Section 3.4, Gopher+ strings.
    let gopher = body
        .iter()
        .skip_while(|(_, l)| !l.starts_with("3.4. GOPHER"))
        .take_while(|(_, l)| !l.starts_with("3.5"));
    for (line, text) in gopher {
        let mut candidates: Vec<String> = text
            .split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect();
        let t = text.trim();
        if !t.is_empty() && !t.contains(char::is_whitespace) {
            candidates.push(t.to_owned());
        }
        for c in candidates {
            if !c.contains('<') && (has_pct_encoded(&c) || c.starts_with("!+")) {
                found.push(*line, Kind::Part(c));
            }
        }
    }
    found
}

/// Seed 003, draft-ietf-url-syntax-00 (1996), plain text.
///
/// - Every URL that `extract` (1996 edition: quotes, angle brackets, whitespace) finds outside
///   Appendix C: open issue 6's `http://4kids/blah`, the 1.2 example list, `<ftp://@host.com/>`
///   and friends, the Content-Base examples, Appendix B's URL, Appendix D's and E's URLs, F.2's
///   `<foo:/bar>`.
/// - Strings quoted after "e.g., " (`"this:that"`, `"./this:that"`).
/// - Appendix C: each row `reference = result` (the reference one word; `<>` is the empty
///   reference, as the text says), against the last `Content-Base:` before it.
/// - Appendix B: each `$N = value` line, for the URL it follows.
/// - Appendix D: the `href="..."` values, and the `A` reference against the `BASE`.
/// - Appendix E: the "Examples:" paragraph as an `extract` text.
fn scan_003(raw: &str) -> Found {
    let mut found = Found::new(SEED_003);
    let numbered: Vec<(usize, &str)> = raw.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    // Appendix C's rows are resolution examples (below); read as running text, "g." would lose
    // its dot to the punctuation rule.
    let heading = |h: &str| numbered.iter().position(|(_, l)| l.starts_with(h));
    let (c_start, c_end) = (heading("C. Examples of Resolving"), heading("D. Embedding"));
    let appendix_c = |n: usize| matches!((c_start, c_end), (Some(s), Some(e)) if s < n && n <= e);
    let lines = Lines::new(numbered.iter().copied());
    for (line, uri) in lines.uris(Edition::UrlSyntax00) {
        if !appendix_c(line) {
            found.push(line, Kind::Uri(uri));
        }
    }
    for &(n, line) in &numbered {
        for q in eg_quoted(line) {
            found.push(n, Kind::Uri(q));
        }
        for (_, t) in bare_pct(line) {
            found.push(n, Kind::Uri(t));
        }
    }

    let mut base: Option<String> = None;
    let mut last_uri: Option<String> = None;
    let mut in_tables = false;
    let mut html_base: Option<String> = None;
    for &(n, line) in &numbered {
        let t = line.trim();
        if let Some(b) = t.strip_prefix("Content-Base: ") {
            base = Some(b.to_owned());
        }
        if t.starts_with("C. Examples of Resolving") {
            in_tables = true;
        } else if t.starts_with("D. Embedding") {
            in_tables = false;
        }
        if in_tables && let Some((x, y)) = t.split_once(" = ") {
            let x = if x == "<>" { "" } else { x };
            if !x.contains(char::is_whitespace) && !x.starts_with('$') {
                found.push(
                    n,
                    Kind::Resolve {
                        base: base.clone(),
                        input: x.to_owned(),
                        result: Some(y.to_owned()),
                    },
                );
            }
        }
        if let (Some((group, value)), Some(input)) = (group_line(t), &last_uri) {
            found.push(
                n,
                Kind::Group {
                    input: input.clone(),
                    group,
                    value,
                },
            );
        }
        if !t.is_empty() && !t.contains(char::is_whitespace) && t.contains("://") {
            last_uri = Some(t.to_owned());
        }
        html_examples(&mut found, n, t, &mut html_base);
    }

    // Appendix E.
    if let Some(start) = numbered.iter().position(|(_, l)| l.trim() == "Examples:") {
        let block: Vec<&str> = numbered[start + 1..]
            .iter()
            .map(|(_, l)| *l)
            .take_while(|l| !l.starts_with("F. Summary"))
            .collect();
        found.push(start + 2, Kind::Text(block.join("\n")));
    }
    found
}

/// Seed 002, a mail with context diffs of draft-fielding-url-syntax-02 (December 1996).
///
/// Inside the hunks (after the first `***************`), every line's text (after its two
/// marker columns: `! `, `+ `, `- ` or context) is read with `extract` (1996 edition); the side
/// is `old` between `*** a,b ****` and `--- c,d ----`, `new` after. This takes the 1.2 example
/// lists of both sides; the grammar lines hold no URL.
fn scan_002(raw: &str) -> Found {
    let mut found = Found::new(SEED_002);
    let mut side: Option<&'static str> = None;
    for (i, line) in raw.lines().enumerate() {
        if line == "***************" {
            side = None;
            continue;
        }
        if line.starts_with("*** ") && line.ends_with(" ****") {
            side = Some("old");
            continue;
        }
        if line.starts_with("--- ") && line.ends_with(" ----") {
            side = Some("new");
            continue;
        }
        let Some(side) = side else { continue };
        let Some(text) = line.get(2..) else { continue };
        if !matches!(line.as_bytes().first(), Some(b'!' | b'+' | b'-' | b' ')) {
            continue;
        }
        for uri in extract(text, Edition::UrlSyntax00) {
            found.push_at(i + 1, 0, Some(side), Kind::Uri(uri));
        }
        for (_, t) in bare_pct(text) {
            found.push_at(i + 1, 0, Some(side), Kind::Uri(t));
        }
    }
    found
}

/// Seed 000, the context diff draft-fielding-uri-syntax-01 -> -02, flattened to one line with
/// every `<...>` token stripped (so no `extract` here: its delimiters are gone).
///
/// The line is split into words; `***************` starts a hunk, `*** a,b ****` its old side
/// and `--- c,d ----` its new side.
///
/// - Resolution rows: a word, `=`, and a result beginning with `http:` (the marker `!`, `+` or
///   `-` before the row is not part of it). The base URI line is outside the hunks, so the base
///   is not checked; the printed result is.
/// - Appendix F's abbreviated reference: the word after "such as" when it holds a "/".
fn scan_000(raw: &str) -> Found {
    let mut found = Found::new(SEED_000);
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut at = 0;
    for w in raw.split_whitespace() {
        let i = at + raw[at..].find(w).unwrap_or(0);
        words.push((i, w));
        at = i + w.len();
    }
    let col = |byte: usize| raw[..byte].chars().count() + 1;
    let mut side: Option<&'static str> = None;
    for (k, &(i, w)) in words.iter().enumerate() {
        let next = |d: usize| words.get(k + d).map_or("", |&(_, w)| w);
        if w == "***************" {
            side = None;
        } else if w == "***" && next(2) == "****" {
            side = Some("old");
        } else if w == "---" && next(2) == "----" {
            side = Some("new");
        }
        let Some(s) = side else { continue };
        for (_, t) in bare_pct(w) {
            found.push_at(1, col(i), Some(s), Kind::Uri(t));
        }
        let marker = matches!(w, "!" | "+" | "-" | "***" | "---" | "=");
        if !marker && !w.starts_with('$') && next(1) == "=" && next(2).starts_with("http:") {
            found.push_at(
                1,
                col(i),
                Some(s),
                Kind::Resolve {
                    base: None,
                    input: w.to_owned(),
                    result: Some(next(2).to_owned()),
                },
            );
        }
        if w == "such" && next(1) == "as" && next(2).contains('/') {
            let j = words.get(k + 2).map_or(0, |&(j, _)| j);
            let uri = next(2).trim_end_matches(['.', ',', ';']);
            found.push_at(1, col(j), Some(s), Kind::Uri(uri.to_owned()));
        }
    }
    found
}

/// One `<artwork>` of seed 004.
struct Artwork {
    abnf: bool,
    lines: Vec<(usize, String)>,
}

/// Seed 004, the XML source of draft-fielding-uri-rfc2396bis-02 (2003). Entities are decoded.
///
/// Artwork (`<artwork>` blocks, except `type="abnf"`):
/// - a line that is one word with a letter in it (not the Appendix B expression, which begins
///   with `^`): a URI example, without `<...>` around it (1.1.2's list, 1.2.3's
///   `www.w3.org/Addressing/`, the base URI, 6.2's, 7.6's, Appendix B's, C's, D's results);
///   the last such line is the base of the resolution tables that follow it;
/// - `"reference"  =  "result"` rows (5.4.1, 5.4.2) and their `/  "result"` alternatives;
/// - `$N = value` lines (Appendix B), for the URI line before them;
/// - HTML (Appendix C): the `href="..."` values, and the `A` reference against the `BASE`;
/// - running text, an artwork with a line of words holding a URI (Appendix D's "Yes, Jim"):
///   the whole text as an `extract` text, and each URI `extract` finds in it.
///
/// Prose (everything outside artwork from `<middle>` on, tags removed; the front matter holds
/// the authors' home pages and the issue list's address, no example): every URI `extract`
/// (2003 edition) finds, and strings quoted after "e.g., ".
fn scan_004(raw: &str) -> Found {
    let mut found = Found::new(SEED_004);
    let mut artworks: Vec<Artwork> = Vec::new();
    let mut prose = String::new();
    let mut current: Option<Artwork> = None;
    let middle = raw
        .lines()
        .position(|l| l.contains("<middle>"))
        .map_or(0, |i| i + 1);
    for (i, line) in raw.lines().enumerate() {
        let n = i + 1;
        let mut rest = line;
        let mut prose_line = String::new();
        loop {
            match current.as_mut() {
                None => match rest.find("<artwork") {
                    Some(start) => {
                        prose_line.push_str(&rest[..start]);
                        let tag_end = rest[start..]
                            .find('>')
                            .map_or(rest.len(), |e| start + e + 1);
                        let abnf = rest[start..tag_end].contains("type=\"abnf\"");
                        current = Some(Artwork {
                            abnf,
                            lines: Vec::new(),
                        });
                        rest = &rest[tag_end..];
                    }
                    None => {
                        prose_line.push_str(rest);
                        break;
                    }
                },
                Some(art) => match rest.find("</artwork>") {
                    Some(end) => {
                        let text = &rest[..end];
                        if !text.trim().is_empty() {
                            art.lines.push((n, decode_entities(text)));
                        }
                        artworks.extend(current.take());
                        rest = &rest[end + "</artwork>".len()..];
                    }
                    None => {
                        art.lines.push((n, decode_entities(rest)));
                        break;
                    }
                },
            }
        }
        // The front matter (title, authors' addresses, abstract, notes) holds no example.
        if n > middle {
            prose.push_str(&prose_line);
        }
        prose.push('\n');
    }

    // Prose.
    let prose = strip_tags(&prose);
    let decoded: Vec<(usize, String)> = prose
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, decode_entities(l)))
        .collect();
    let lines = Lines::new(decoded.iter().map(|(n, l)| (*n, l.as_str())));
    for (line, uri) in lines.uris(Edition::Rfc2396bis02) {
        found.push(line, Kind::Uri(uri));
    }
    for (n, line) in &decoded {
        for q in eg_quoted(line) {
            found.push(*n, Kind::Uri(q));
        }
        for (_, t) in bare_pct(line) {
            found.push(*n, Kind::Uri(t));
        }
    }

    // Artwork.
    let mut base: Option<String> = None;
    for art in artworks.iter().filter(|a| !a.abnf) {
        let first = art.lines.iter().find(|(_, l)| !l.trim().is_empty());
        let Some((first_line, first_text)) = first else {
            continue;
        };
        if first_text
            .trim_start()
            .to_ascii_lowercase()
            .starts_with("<!doctype")
        {
            let mut html_base = None;
            for (n, l) in &art.lines {
                html_examples(&mut found, *n, l, &mut html_base);
            }
            continue;
        }
        // Pseudocode (5.2.2, 5.2.4, 5.3): its statements end in ";".
        if art.lines.iter().any(|(_, l)| l.trim_end().ends_with(';')) {
            continue;
        }
        let running = art.lines.iter().any(|(_, l)| {
            let t = l.trim();
            table_row(t).is_none()
                && alternative_row(t).is_none()
                && t.split_whitespace().count() > 1
                && !extract(t, Edition::Rfc2396bis02).is_empty()
        });
        if running {
            let text: Vec<&str> = art.lines.iter().map(|(_, l)| l.as_str()).collect();
            let text = text.join("\n");
            found.push(*first_line, Kind::Text(text.clone()));
            for uri in extract(&text, Edition::Rfc2396bis02) {
                found.push(*first_line, Kind::Uri(uri));
            }
            continue;
        }
        let mut last_input: Option<String> = None;
        for (n, l) in &art.lines {
            let t = l.trim();
            if let Some((x, y)) = table_row(t) {
                found.push(
                    *n,
                    Kind::Resolve {
                        base: base.clone(),
                        input: x.clone(),
                        result: Some(y),
                    },
                );
                last_input = Some(x);
            } else if let (Some(y), Some(x)) = (alternative_row(t), &last_input) {
                found.push(
                    *n,
                    Kind::Resolve {
                        base: base.clone(),
                        input: x.clone(),
                        result: Some(y),
                    },
                );
            } else if let Some((group, value)) = group_line(t) {
                if let Some(input) = &base {
                    found.push(
                        *n,
                        Kind::Group {
                            input: input.clone(),
                            group,
                            value,
                        },
                    );
                }
            } else if !t.is_empty()
                && !t.contains(char::is_whitespace)
                && t.contains(|c: char| c.is_ascii_alphabetic())
                && !t.starts_with('^')
            {
                let uri = t
                    .strip_prefix('<')
                    .and_then(|u| u.strip_suffix('>'))
                    .unwrap_or(t);
                found.push(*n, Kind::Uri(uri.to_owned()));
                base = Some(uri.to_owned());
            }
        }
    }
    found
}

/// The two quoted strings of a row `"reference"  =  "result"` (a `; comment` may follow).
fn table_row(t: &str) -> Option<(String, String)> {
    let rest = t.strip_prefix('"')?;
    let (x, rest) = rest.split_once('"')?;
    let rest = rest.trim_start().strip_prefix('=')?.trim_start();
    let rest = rest.strip_prefix('"')?;
    let (y, _) = rest.split_once('"')?;
    Some((x.to_owned(), y.to_owned()))
}

/// The result of an alternative row `/  "result"` (a `; comment` may follow).
fn alternative_row(t: &str) -> Option<String> {
    let rest = t.strip_prefix('/')?.trim_start().strip_prefix('"')?;
    let (y, _) = rest.split_once('"')?;
    Some(y.to_owned())
}

// ---------------------------------------------------------------------------------------------
// The tests

fn documents() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("suites/documents")
}

fn read(seed: &str) -> String {
    let path = documents().join(seed);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every seed's findings, with the least number of examples a working scanner finds in it.
fn all_found() -> Vec<(usize, Found)> {
    vec![
        (10, scan_000(&read(SEED_000))),
        (15, scan_001(&read(SEED_001))),
        (8, scan_002(&read(SEED_002))),
        (60, scan_003(&read(SEED_003))),
        (60, scan_004(&read(SEED_004))),
    ]
}

/// Every seed's examples, with the least number a working scanner finds in it.
fn all_examples() -> Vec<(&'static str, usize, Vec<Example>)> {
    all_found()
        .into_iter()
        .map(|(least, f)| (f.seed, least, f.examples))
        .collect()
}

#[test]
fn every_document_example_is_in_a_suite() {
    let index = Index::load(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("suites"));
    // URIDIFF_COVERAGE_LIST=1 lists every example found, to review the scanners.
    let list = std::env::var_os("URIDIFF_COVERAGE_LIST").is_some();
    let mut missing = Vec::new();
    for (seed, least, examples) in all_examples() {
        let absent: Vec<&Example> = examples.iter().filter(|e| !index.covers(e)).collect();
        if list {
            for e in &examples {
                println!("example: {e}");
            }
        }
        println!(
            "coverage: {seed}: {} examples, {} missing",
            examples.len(),
            absent.len()
        );
        assert!(
            examples.len() >= least,
            "{seed}: the scanner found only {} examples",
            examples.len()
        );
        missing.extend(absent.into_iter().map(ToString::to_string));
    }
    for m in &missing {
        println!("missing: {m}");
    }
    assert!(
        missing.is_empty(),
        "{} document examples are in no suite case:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn the_allow_list_names_strings_the_scanners_find() {
    // A stale entry hides nothing, but it misleads: each one must still be found by a rule.
    let found = all_found();
    for &(seed, text, why) in NOT_EXAMPLES {
        let excused = found
            .iter()
            .any(|(_, f)| f.seed == seed && f.excused.iter().any(|t| t == text));
        assert!(excused, "{seed}: {text:?} ({why}) is found by no rule");
    }
}

#[test]
fn an_example_counts_only_in_a_case_from_its_document() {
    let yaml = |source: &str, cases: &str| -> Value {
        serde_yaml::from_str(&format!("source: {source}\ncases:\n{cases}")).unwrap()
    };
    let mut index = Index::default();
    let suites = [
        yaml(
            SEED_004,
            "  - {op: resolve, input: g, base: 'http://a/b/c/d;p?q', expect: 'http://a/b/c/g'}\n  \
             - {op: parse, input: 'http://a/', note: 'see ftp://x/'}\n  \
             - {op: regex, input: 'http://a/', expect: {$1: 'http:', $6: null}}\n  \
             - {op: extract, input: \"see <http://a/\\n  b>\", expect: ['http://a/b']}\n",
        ),
        yaml(SEED_003, "  - {op: parse, input: 'mailto:x@y'}\n"),
    ];
    for doc in &suites {
        let source = doc["source"].as_str().unwrap();
        for case in doc["cases"].as_sequence().unwrap() {
            index.add(source, case);
        }
    }
    let example = |kind: Kind| Example {
        seed: SEED_004,
        line: 1,
        col: 0,
        side: None,
        kind,
    };
    let uri = |s: &str| example(Kind::Uri(s.into()));
    let resolve = |result: &str| {
        example(Kind::Resolve {
            base: Some("http://a/b/c/d;p?q".into()),
            input: "g".into(),
            result: Some(result.into()),
        })
    };
    let group = |g: &str, v: Option<&str>| {
        example(Kind::Group {
            input: "http://a/".into(),
            group: g.into(),
            value: v.map(Into::into),
        })
    };
    assert!(index.covers(&uri("http://a/")));
    assert!(index.covers(&uri("http://a/b")), "inside an expect list");
    assert!(!index.covers(&uri("ftp://x/")), "a note does not count");
    assert!(
        !index.covers(&uri("mailto:x@y")),
        "a case of another document"
    );
    assert!(index.covers(&resolve("http://a/b/c/g")));
    assert!(!index.covers(&resolve("http://a/g")), "another result");
    assert!(index.covers(&group("$1", Some("http:"))));
    assert!(index.covers(&group("$6", None)));
    assert!(!index.covers(&group("$1", None)));
    assert!(index.covers(&example(Kind::Text("see\n<http://a/ b>".into()))));
    assert!(index.covers(&example(Kind::Part("//a".into()))));
}

#[test]
fn scanners_find_the_known_examples() {
    let examples = all_examples();
    let has = |seed: &str, kind: &Kind| {
        examples
            .iter()
            .filter(|(s, _, _)| *s == seed)
            .flat_map(|(_, _, e)| e)
            .any(|e| &e.kind == kind)
    };
    let uri = |s: &str| Kind::Uri(s.to_owned());
    let resolve = |base: Option<&str>, input: &str, result: &str| Kind::Resolve {
        base: base.map(str::to_owned),
        input: input.to_owned(),
        result: Some(result.to_owned()),
    };
    let base = Some("http://a/b/c/d;p?q");
    assert!(has(SEED_001, &uri("ftp://myname@host.dom//etc/motd")));
    assert!(has(SEED_001, &Kind::Part("!+ABSTRACT%20+SMELL".into())));
    assert!(has(SEED_002, &uri("mailto:masinter@parc.xerox.com")));
    assert!(has(SEED_003, &resolve(base, "../../../g", "http://a/../g")));
    assert!(has(SEED_003, &resolve(base, "", "(current document)")));
    assert!(has(
        SEED_003,
        &uri("news:comp.infosystems.www.servers.unix")
    ));
    assert!(has(
        SEED_000,
        &resolve(None, "g?y/./x", "http://a/b/c/g?y/./x")
    ));
    assert!(has(
        SEED_000,
        &resolve(None, "g?y/./x", "http://a/b/c/g?y/x")
    ));
    assert!(has(SEED_000, &uri("www.w3.org/Addressing/")));
    assert!(has(SEED_004, &resolve(base, "../../../g", "http://a/g")));
    assert!(has(SEED_004, &resolve(base, "http:g", "http://a/b/c/g")));
    assert!(has(SEED_004, &uri("mailto:fred@example.com")));
    assert!(has(
        SEED_004,
        &Kind::Group {
            input: "http://www.ics.uci.edu/pub/ietf/uri/#Related".into(),
            group: "$6".into(),
            value: None
        }
    ));
    // Precision: no prose word, BNF rule or layout form is taken for an example.
    for (seed, _, found) in &examples {
        for e in found {
            if let Kind::Uri(s) = &e.kind {
                assert!(!s.contains(['<', '>', ' ']), "{e}");
                assert!(!s.is_empty(), "{seed}: {e}");
            }
        }
    }
}
