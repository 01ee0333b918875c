//! Finding and reading suite files, defensively: folders are walked once each (symlink loops
//! end), each file is read once, a symlink that leads outside the named folder is not followed,
//! sizes and flow nesting are bounded before the YAML parser sees the text, alias expansion
//! before the text is read into the schema's types (`aliases.rs`), and every error
//! names `file:line:column` with at most a short excerpt of the file.
//!
//! The schema itself (what a case may hold) is `schema.rs`; see `suites/README.md`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::schema;
use super::Suite;

/// The largest suite file read, in bytes (the largest suite shipped is under 100 KB).
pub const MAX_FILE_BYTES: u64 = 8 << 20;

/// The deepest nesting of flow collections (`[`, `{`) accepted. The YAML parser takes time
/// quadratic in this depth; the suites nest two deep.
pub const MAX_FLOW_DEPTH: usize = 32;

/// The longest message quoted from the YAML parser, in characters: a message can hold a whole
/// scalar of the file.
const MAX_MESSAGE: usize = 1000;

/// A suite file that could not be read or does not follow the schema.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    /// The file or folder could not be read (the message is the path; the cause is the error's source, shown once after it by
    /// `{:#}` or [`crate::files::Causes`]).
    #[error("{path}")]
    Io {
        /// The path.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error("{path}: {bytes} bytes, more than the {MAX_FILE_BYTES} a suite file may have")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
    },
    /// Not a regular file (a FIFO, a device, ...).
    #[error("{path}: {what}, not a regular file (give a suite file or a folder of them)")]
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is.
        what: &'static str,
    },
    /// The file is not YAML, or does not follow the schema.
    #[error("{path}:{line}:{column}: {message} (see suites/README.md for the schema)")]
    Malformed {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
}

/// The 1-based line where each item of the top-level `cases:` block sequence begins: the lines
/// that hold a `-` entry indicator at the first item's indentation (YAML 1.2 section 8.2.1,
/// "Block Sequences"), up to the next line indented less or a top-level key. The lines of a
/// block scalar or a multi-line flow scalar inside an entry are indented more than the entry's
/// `-`, so they are never taken for one. `None` when the text
/// does not hold `count` entries so (a flow sequence, `cases: [...]`): a line is never guessed.
///
/// ```
/// let text = "suite: s\ncases:\n  # one\n  - op: parse\n    note: |\n      - a\n  - {op: parse}\nx: 1\n";
/// assert_eq!(uridiff::suite::case_lines(text, 2), Some(vec![4, 7]));
/// assert_eq!(uridiff::suite::case_lines(text, 3), None);
/// assert_eq!(uridiff::suite::case_lines("cases: [{op: parse}]\n", 1), None);
/// ```
pub fn case_lines(text: &str, count: usize) -> Option<Vec<usize>> {
    let mut lines = text.lines().enumerate();
    lines.find(|(_, l)| {
        l.strip_prefix("cases:")
            .is_some_and(|rest| rest.trim().is_empty() || rest.trim_start().starts_with('#'))
    })?;
    let entry = |t: &str| t == "-" || t.starts_with("- ") || t.starts_with("-\t");
    let mut indent = None;
    let mut out = Vec::new();
    for (i, l) in lines {
        let t = l.trim_start_matches(' ');
        if t.trim().is_empty() || t.starts_with('#') {
            continue;
        }
        let n = l.len() - t.len();
        match indent {
            None if entry(t) => {
                indent = Some(n);
                out.push(i + 1);
            }
            None => return None,
            Some(k) if n == k && entry(t) => out.push(i + 1),
            Some(k) if n <= k => break,
            Some(_) => {}
        }
    }
    (out.len() == count).then_some(out)
}

/// Expands `paths` into suite files: a file is taken as is, a folder gives its `*.yaml` and
/// `*.yml` files, recursively, in name order.
///
/// Each folder is walked once and each file given once, however many links lead to it; inside a
/// named folder, a symbolic link is followed only when its target lies inside that folder too
/// (a link outside is not followed: a suite folder cannot make `uridiff suite` read the rest of
/// the file system).
///
/// # Errors
///
/// [`SuiteError::Io`] for a path that does not exist or a folder that cannot be read.
///
/// # Examples
///
/// ```
/// let files = uridiff::suite::collect(&["suites".into()]).unwrap();
/// assert!(files.iter().any(|f| f.ends_with("rfc3986.yaml")));
/// ```
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, SuiteError> {
    let mut files = Vec::new();
    let mut seen_files = HashSet::new();
    let mut seen_dirs = HashSet::new();
    for path in paths {
        let io = |source| SuiteError::Io {
            path: path.clone(),
            source,
        };
        let real = std::fs::canonicalize(path).map_err(io)?;
        if real.is_dir() {
            let mut found = Vec::new();
            walk(path, &real, &mut seen_dirs, &mut found).map_err(io)?;
            found.sort();
            for (shown, real) in found {
                if seen_files.insert(real) {
                    files.push(shown);
                }
            }
        } else if seen_files.insert(real) {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// Walks `dir` (whose canonical form lies under `root`), collecting `(path, canonical path)` of
/// each suite file.
fn walk(
    dir: &Path,
    root: &Path,
    seen_dirs: &mut HashSet<PathBuf>,
    out: &mut Vec<(PathBuf, PathBuf)>,
) -> std::io::Result<()> {
    if !seen_dirs.insert(std::fs::canonicalize(dir)?) {
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for path in entries {
        // A dangling link, or one that leads outside the named folder, is not followed.
        let Ok(real) = std::fs::canonicalize(&path) else {
            continue;
        };
        if !real.starts_with(root) {
            continue;
        }
        if real.is_dir() {
            walk(&path, root, seen_dirs, out)?;
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml")
        ) {
            out.push((path, real));
        }
    }
    Ok(())
}

/// Loads one suite file.
///
/// # Errors
///
/// [`SuiteError`] naming the file: unreadable, too large, or malformed with the line and
/// column.
///
/// # Examples
///
/// ```
/// let err = uridiff::suite::parse_str("x.yaml", "suite: t\ncases:\n  - {op: parse, input: a, expect: 3}\n")
///     .unwrap_err();
/// assert!(err.to_string().starts_with("x.yaml:3:"), "{err}");
/// ```
pub fn load(path: &Path) -> Result<Suite, SuiteError> {
    let io = |source| SuiteError::Io {
        path: path.to_owned(),
        source,
    };
    let bytes = crate::files::read_limited(path, MAX_FILE_BYTES).map_err(|e| match e {
        crate::files::ReadError::NotRegular { what, .. } => SuiteError::NotRegular {
            path: path.to_owned(),
            what,
        },
        crate::files::ReadError::TooLarge { bytes, .. } => SuiteError::TooLarge {
            path: path.to_owned(),
            bytes,
        },
        crate::files::ReadError::Io { source, .. } => io(source),
    })?;
    parse_bytes(path, &bytes)
}

/// Reads a suite from `bytes`, which must be UTF-8 (a byte order mark is skipped).
///
/// # Errors
///
/// [`SuiteError::Malformed`]; for bytes that are not UTF-8, at the first such byte, with its
/// offset.
///
/// ```
/// let err = uridiff::suite::parse_bytes("x.yaml", b"suite: t\n\xff").unwrap_err();
/// assert!(err.to_string().starts_with("x.yaml:2:1: not UTF-8: byte 0xff at offset 9"), "{err}");
/// ```
pub fn parse_bytes(path: impl Into<PathBuf>, bytes: &[u8]) -> Result<Suite, SuiteError> {
    let path = path.into();
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_str(path, text),
        Err(e) => {
            let offset = e.valid_up_to();
            let (line, column) = line_column(bytes, offset);
            Err(SuiteError::Malformed {
                path,
                line,
                column,
                message: format!(
                    "not UTF-8: byte {:#04x} at offset {offset}",
                    bytes.get(offset).copied().unwrap_or(0)
                ),
            })
        }
    }
}

/// Reads a suite from `text`, naming it `path` in errors. A leading byte order mark is skipped.
///
/// # Errors
///
/// [`SuiteError::Malformed`] with the line and column of the problem.
pub fn parse_str(path: impl Into<PathBuf>, text: &str) -> Result<Suite, SuiteError> {
    let path = path.into();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some((offset, c)) = first_unprintable(text) {
        // The YAML parser refuses it too, but names no line (a byte offset at best).
        let (line, column) = line_column(text.as_bytes(), offset);
        return Err(SuiteError::Malformed {
            path,
            line,
            column,
            message: format!(
                "the control character U+{0:04X} is not allowed in YAML: write it as the escape \
                 \"\\u{0:04x}\" in a double-quoted string",
                u32::from(c)
            ),
        });
    }
    if let Err((line, column)) = check_flow_depth(text) {
        return Err(SuiteError::Malformed {
            path,
            line,
            column,
            message: format!("flow collections nested more than {MAX_FLOW_DEPTH} deep"),
        });
    }
    if let Err((line, column, message)) = super::aliases::check(text) {
        return Err(SuiteError::Malformed {
            path,
            line,
            column,
            message,
        });
    }
    match schema::from_str(text) {
        Ok(file) if file.cases.is_empty() => {
            // Where the top-level `cases:` key is.
            let line = text
                .lines()
                .position(|l| l.starts_with("cases:"))
                .map_or(1, |i| i + 1);
            Err(SuiteError::Malformed {
                path,
                line,
                column: 1,
                message: "`cases` is empty: a suite checks at least one case".to_owned(),
            })
        }
        Ok(file) => {
            let lines = case_lines(text, file.cases.len()).unwrap_or_default();
            Ok(Suite { path, file, lines })
        }
        Err(e) => {
            let (mut line, mut column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            // serde_yaml places an error raised by a field's own check at the start of the
            // mapping that holds the field: 1:1 for the file's `edition:` whatever its line.
            if (line, column) == (1, 1) && schema::file_edition_is_unknown(text) {
                (line, column) = top_level_value(text, "edition").unwrap_or((1, 1));
            }
            // serde_yaml appends " at line L column C" to some messages; the prefix says it.
            let message = e.to_string();
            let message = message.split(" at line ").next().unwrap_or(&message);
            // A field's own check is placed at its case's start: the field's key says more.
            if let Some(at) = field_key(text, line, message) {
                (line, column) = at;
            }
            let message = with_tab_named(message, text, line, column);
            Err(SuiteError::Malformed {
                path,
                line,
                column,
                message: excerpt(&message),
            })
        }
    }
}

/// Where the key a field check names lies, for an error the YAML reader places at the start of
/// the list of cases (`line`, 1-based, the first item's "- "): the first backquoted name of
/// `message` (serde's ``unknown field `hots` ``, the schema's ``the value of `port` must be
/// ...``) as a key, in the item the message's ``cases[N]`` names, else the one item holding such
/// a key. `None` when the message names no field, or the key is in no item, or in several and
/// the message does not say which: the reader's place stays.
fn field_key(text: &str, line: usize, message: &str) -> Option<(usize, usize)> {
    let name = message.split('`').nth(1).filter(|n| !n.is_empty())?;
    let item = message
        .split_once("cases[")
        .and_then(|(_, rest)| rest.split_once(']')?.0.parse::<usize>().ok());
    let mut lines = text
        .lines()
        .enumerate()
        .skip(line.checked_sub(1)?)
        .peekable();
    let first = lines.peek()?.1;
    // The items' own indentation: a later line left of it ends the list.
    let indent = first.len() - first.trim_start_matches(' ').len();
    // The name as a key: at the line's start, after a list's "- ", or in a flow mapping
    // (`{scheme: "http", port: [1, 2]}`), followed by its ":".
    let key_at = |l: &str| {
        l.match_indices(name).find_map(|(at, _)| {
            let before = l[..at].chars().next_back();
            let after = l[at + name.len()..].trim_start_matches(' ');
            (matches!(before, None | Some(' ' | '{' | ',' | '-')) && after.starts_with(':'))
                .then_some(at + 1)
        })
    };
    let mut found = Vec::new();
    let mut n = None::<usize>;
    for (i, l) in lines {
        let body = l.trim_start_matches(' ');
        let at = l.len() - body.len();
        if !body.is_empty() && !body.starts_with('#') && at < indent {
            break;
        }
        if at == indent && body.starts_with("- ") {
            n = Some(n.map_or(0, |n| n + 1));
        }
        if let (Some(n), Some(column)) = (n, key_at(l)) {
            found.push((n, i + 1, column));
        }
    }
    let mut of = found
        .iter()
        .filter(|(k, ..)| item.is_none_or(|item| *k == item));
    let &(_, line, column) = of.next()?;
    // Without the message's index, a key in several cases does not say which one is wrong.
    if item.is_none() && of.next().is_some() {
        return None;
    }
    Some((line, column))
}

/// A reader's message about an unexpected character, with what the character is when it is a
/// tab: YAML indents with spaces only ([YAML 1.2, 6.1]), and libyaml's words ("found character
/// that cannot start any token") do not say which character it found.
///
/// [YAML 1.2, 6.1]: https://yaml.org/spec/1.2.2/#61-indentation-spaces
fn with_tab_named(message: &str, text: &str, line: usize, column: usize) -> String {
    let found = (text.lines().nth(line.saturating_sub(1)))
        .and_then(|l| l.get(column.saturating_sub(1)..))
        .is_some_and(|rest| rest.starts_with('\t'));
    if found && message.contains("cannot start any token") {
        format!("{message}: a tab (YAML indents with spaces, never tabs)")
    } else {
        message.to_owned()
    }
}

/// `message`, cut to [`MAX_MESSAGE`] characters.
fn excerpt(message: &str) -> String {
    match message.char_indices().nth(MAX_MESSAGE) {
        None => message.to_owned(),
        Some((cut, _)) => format!(
            "{}... ({} more bytes left out)",
            &message[..cut],
            message.len() - cut
        ),
    }
}

/// The byte offset and the character of the first character YAML does not allow in a stream
/// ([YAML 1.2, 5.1]: `c-printable`, which is what the YAML parser checks: tab, line feed,
/// carriage return, the printable ASCII, U+0085, and from U+00A0 all but the surrogates and
/// U+FFFE, U+FFFF).
///
/// [YAML 1.2, 5.1]: https://yaml.org/spec/1.2.2/#51-character-set
fn first_unprintable(text: &str) -> Option<(usize, char)> {
    text.char_indices().find(|&(_, c)| {
        !matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{a0}'..='\u{d7ff}'
            | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
    })
}

/// The 1-based line and column of the value of the top-level block mapping key `key` (a line
/// that starts with `key:`), if there is one.
fn top_level_value(text: &str, key: &str) -> Option<(usize, usize)> {
    text.lines().enumerate().find_map(|(i, l)| {
        let after = l.strip_prefix(key)?.trim_start_matches([' ', '\t']);
        let value = after.strip_prefix(':')?;
        let skipped = value.len() - value.trim_start_matches([' ', '\t']).len();
        Some((i + 1, l.len() - value.len() + skipped + 1))
    })
}

/// The 1-based line and column of byte `offset`. A line ends at a line feed, a carriage return,
/// or both (CR LF), as YAML reads a line break ([YAML 1.2, 5.4]) and as the YAML parser numbers
/// the lines of its own errors.
///
/// [YAML 1.2, 5.4]: https://yaml.org/spec/1.2.2/#54-line-break-characters
fn line_column(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = bytes.get(..offset).unwrap_or(bytes);
    let (mut line, mut start) = (1, 0);
    for (i, &b) in before.iter().enumerate() {
        // A CR followed by an LF ends its line at the LF.
        if b == b'\n' || (b == b'\r' && before.get(i + 1) != Some(&b'\n')) {
            line += 1;
            start = i + 1;
        }
    }
    (line, offset.saturating_sub(start) + 1)
}

/// Checks that flow collections nest at most [`MAX_FLOW_DEPTH`] deep, in one pass over the
/// text, before the YAML parser sees it; `Err` holds the line and column where the limit is
/// passed.
///
/// Outside quotes and comments, inside a flow collection every `[` and `{` opens one and every
/// `]` and `}` closes one; in block context a `[` or `{` opens one only where a node starts
/// (after indentation, `- `, `: `, `? `), since a plain scalar may hold them (`a[b`).
fn check_flow_depth(text: &str) -> Result<(), (usize, usize)> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    // The last byte that was not a space, on this line (None at a line start), and whether a
    // space came after it: `:`, `-` and `?` are indicators only when a space follows them
    // (`a:{b` is one plain scalar), flow punctuation is one with or without.
    let mut prev: Option<u8> = None;
    let mut spaced = false;
    while let Some(&b) = bytes.get(i) {
        let indicator_before = match prev {
            None => true,
            Some(b',' | b'[' | b'{') => depth > 0,
            Some(b':' | b'-' | b'?') => spaced,
            _ => false,
        };
        match b {
            b'\n' => {
                prev = None;
                spaced = false;
            }
            b'#' if prev.is_none() || spaced => {
                // A comment runs to the end of the line.
                while bytes.get(i + 1).is_some_and(|&c| c != b'\n') {
                    i += 1;
                }
            }
            b'"' | b'\'' if indicator_before => {
                // A quoted scalar: skip to its closing quote ("\" escapes in double quotes;
                // '' is a quote in single quotes).
                i += 1;
                while let Some(&c) = bytes.get(i) {
                    if c == b'\\' && b == b'"' {
                        i += 1;
                    } else if c == b {
                        if b == b'\'' && bytes.get(i + 1) == Some(&b'\'') {
                            i += 1;
                        } else {
                            break;
                        }
                    }
                    i += 1;
                }
                prev = Some(b);
                spaced = false;
            }
            b'&' | b'!' if indicator_before => {
                // A node's anchor or tag (`&a`, `!!seq`, `!<tag:x>`): the node it belongs to
                // starts after it, so what came before it still decides (`x: &a [[...` opens).
                while bytes
                    .get(i + 1)
                    .is_some_and(|&c| !matches!(c, b' ' | b'\t' | b'\r' | b'\n'))
                {
                    i += 1;
                }
            }
            b'[' | b'{' if depth > 0 || indicator_before => {
                depth += 1;
                if depth > MAX_FLOW_DEPTH {
                    return Err(line_column(bytes, i));
                }
                prev = Some(b);
                spaced = false;
            }
            b']' | b'}' if depth > 0 => {
                depth -= 1;
                prev = Some(b);
                spaced = false;
            }
            b' ' | b'\t' | b'\r' => spaced = true,
            _ => {
                prev = Some(b);
                spaced = false;
            }
        }
        i += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// Where `parse_str` places the error of `text`, and its message.
    fn malformed(text: &str) -> (usize, usize, String) {
        match super::parse_str("t.yaml", text) {
            Err(super::SuiteError::Malformed {
                line,
                column,
                message,
                ..
            }) => (line, column, message),
            other => panic!("not malformed: {other:?}"),
        }
    }

    #[test]
    fn a_field_check_is_placed_at_the_fields_key_and_a_tab_is_named() {
        let head = "suite: t\nedition: rfc3986\ncases:\n  - op: parse\n    input: http://a/\n";
        // A key the schema does not know, on a line of its own.
        let (line, column, m) = malformed(&format!("{head}    expcet: {{scheme: http}}\n"));
        assert_eq!((line, column), (6, 5), "{m}");
        assert!(m.contains("unknown field `expcet`"), "{m}");
        // A value of the wrong type inside a flow mapping, in the second case.
        let text = format!(
            "{head}    expect: {{scheme: http}}\n  - op: parse\n    input: x\n    \
             expect: {{scheme: x, port: [1, 2]}}\n"
        );
        let (line, column, m) = malformed(&text);
        assert_eq!((line, column), (9, 25), "{m}");
        assert!(m.contains("`port`"), "{m}");
        // Two cases with that key, and the message does not say which: the reader's place.
        let text = format!(
            "{head}    expect: {{port: \"80\"}}\n  - op: parse\n    input: x\n    \
             expect: {{scheme: x, port: [1, 2]}}\n"
        );
        assert_eq!(malformed(&text).0, 4);
        // A message that names no key of the case stays where the reader put it.
        let (line, _, m) = malformed(&format!(
            "{head}    expect: {{scheme: http}}\n  - op: pasre\n"
        ));
        assert_eq!(line, 7, "{m}");
        // A tab where YAML wants spaces is named.
        let (line, column, m) = malformed("suite: t\ncases:\n\t- op: parse\n");
        assert_eq!((line, column), (3, 1), "{m}");
        assert!(
            m.ends_with("a tab (YAML indents with spaces, never tabs)"),
            "{m}"
        );
    }

    #[test]
    fn every_built_in_case_has_its_line() {
        for suite in crate::suite::builtin() {
            let suite = suite.expect("a built-in suite reads");
            let name = suite.path.display().to_string();
            let file = name.replace(crate::suite::BUILTIN_DIR, "");
            let (_, text) = crate::suite::BUILTIN
                .iter()
                .find(|(n, _)| format!("/{n}") == file)
                .expect("its text");
            assert_eq!(suite.lines.len(), suite.file.cases.len(), "{name}");
            let lines: Vec<&str> = text.lines().collect();
            for (case, &line) in suite.file.cases.iter().zip(&suite.lines) {
                // The case's entry begins there, and its input is written within its first lines.
                let entry = lines[line - 1].trim_start();
                assert!(entry.starts_with("- "), "{name}:{line}: {entry}");
                if case
                    .input
                    .bytes()
                    .all(|b| b.is_ascii_graphic() && b != b'\\' && b != b'"')
                {
                    let head = lines[line - 1..]
                        .iter()
                        .take(4)
                        .copied()
                        .collect::<String>();
                    assert!(
                        head.contains(&case.input),
                        "{name}:{line}: not {}",
                        case.input
                    );
                }
            }
        }
    }

    #[test]
    fn case_lines_take_no_guess() {
        // Two cases, one of them in a block scalar that holds "- " lines, then another key.
        let text = "cases:\n- op: parse\n  note: |\n    - not a case\n- {op: parse}\nsuite: x\n";
        assert_eq!(case_lines(text, 2), Some(vec![2, 5]));
        // A count that does not match, a flow sequence, no `cases:` at all: no lines.
        assert_eq!(case_lines(text, 1), None);
        assert_eq!(case_lines("cases: [{op: parse}, {op: parse}]\n", 2), None);
        assert_eq!(case_lines("suite: x\n", 0), None);
        // A comment after the key, comments and blank lines between the entries.
        let text = "cases: # the cases\n\n  # one\n  - {op: parse}\n\n  - {op: parse}\n";
        assert_eq!(case_lines(text, 2), Some(vec![4, 6]));
    }

    use super::*;

    #[test]
    fn flow_depth_counts_collections_not_brackets_in_scalars() {
        assert!(check_flow_depth("a: [[1], {b: [2]}]\n").is_ok());
        assert!(check_flow_depth(&"x: a[b\n".repeat(100)).is_ok());
        // `:` and `-` inside a plain scalar are no indicators: no collection opens.
        assert!(check_flow_depth(&"x: a:{b\n- -[c\ny: it's [\n".repeat(100)).is_ok());
        assert!(check_flow_depth(&format!("x: \"{}\"\n", "[".repeat(100))).is_ok());
        assert!(check_flow_depth(&format!("x: '{}'\n", "{".repeat(100))).is_ok());
        assert!(check_flow_depth(&format!("# {}\n", "[".repeat(100))).is_ok());
        // An anchor or a tag before the node changes nothing.
        assert!(check_flow_depth("x: &a [[1]]\ny: !!seq [2]\n").is_ok());
        for prefix in ["x: &a ", "!!seq ", "- !<tag:x> ", "x: &a !!seq "] {
            let deep = format!("{prefix}{}", "[".repeat(40_000));
            assert!(check_flow_depth(&deep).is_err(), "{prefix}");
        }
        let deep = format!("x:\n  {}", "[".repeat(MAX_FLOW_DEPTH + 1));
        assert_eq!(check_flow_depth(&deep), Err((2, 3 + MAX_FLOW_DEPTH)));
    }

    #[test]
    fn line_and_column_of_an_offset() {
        assert_eq!(line_column(b"ab\ncd", 4), (2, 2));
        assert_eq!(line_column(b"ab", 0), (1, 1));
        // CR, LF and CR LF each end one line (the fuzz target found a CR-only file numbered
        // as one line while the YAML parser counted three).
        assert_eq!(line_column(b"a\rb\r\nc", 5), (3, 1));
        assert_eq!(line_column(b"\r \r", 3), (3, 1));
    }

    #[test]
    fn excerpt_keeps_messages_short() {
        let long = "x".repeat(10_000);
        let e = excerpt(&long);
        assert!(e.len() < MAX_MESSAGE + 50, "{}", e.len());
        assert_eq!(excerpt("short"), "short");
    }
}
