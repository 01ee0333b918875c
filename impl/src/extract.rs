//! URIs out of running text: the documents' recommendations for delimiting a URI in context.
//!
//! Three documents give them, and they mostly agree:
//!
//! - draft-ietf-uri-url-06 (1994, seed 001), "APPENDIX: Recommendations for URLs in Context":
//!   the `<URL:...>` wrapper, whitespace ignored inside it.
//! - draft-ietf-url-syntax-00 (1996, seed 003), "Appendix E. Recommendations for Delimiting URLs
//!   in Context": double quotes, angle brackets or whitespace; the `URL:` prefix optional;
//!   whitespace ignored; the hyphen at a line break.
//! - draft-fielding-uri-rfc2396bis-02 (2003, seed 004), Appendix D "Delimiting a URI in Context"
//!   (anchor `delimiting`): the 1996 text, with the `URL:` prefix "no longer recommended".
//!   RFC 3986 Appendix C keeps that text.
//!
//! The two diffs (seeds 000 and 002) have no hunk in that appendix. draft-fielding-uri-syntax-01
//! and -02 come between 003 and 004, which agree on every rule used here, so those editions
//! follow them.
//!
//! Where the editions differ (see [`Rules::of`]): 1994 knows only the `<URL:...>` wrapper and the
//! `URL:` prefix, and says nothing about quotes, bare URLs or hyphens. Its scheme rule, like
//! 1996's and draft-fielding-uri-syntax-01's, lets a scheme start with a digit.
//!
//! The scan is one pass from left to right. Each search for a closing delimiter stops at the next
//! opening one, so no byte is searched twice by the same kind of delimiter, and the time is linear
//! in the length of the text.

use core::ops::Range;

use crate::edition::Edition;

/// How a URI was delimited in the text.
///
/// # Examples
///
/// ```
/// use uri_spec::{extract_detailed, Delimiter, Edition};
///
/// let found = extract_detailed(r#"see "http://a/" or <http://b/>"#, Edition::Rfc3986);
/// assert_eq!(found[0].delimiter, Delimiter::DoubleQuotes);
/// assert_eq!(found[1].delimiter, Delimiter::AngleBrackets);
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Delimiter {
    /// `<http://test.com/>`, or `<URL:http://test.com/>`.
    AngleBrackets,
    /// `"http://test.com/"` (not in the 1994 edition).
    DoubleQuotes,
    /// `http://test.com/` between whitespace (1994 only with the `URL:` prefix).
    Whitespace,
}

/// One URI found in a text by [`extract_detailed`].
///
/// # Examples
///
/// ```
/// use uri_spec::{extract_detailed, Edition};
///
/// let text = "Find it at <URL:ftp://ds.inter\nnic.net/rfc>.";
/// let found = &extract_detailed(text, Edition::UriUrl06)[0];
/// assert_eq!(found.uri, "ftp://ds.internic.net/rfc");
/// assert_eq!(&text[found.span.clone()], "<URL:ftp://ds.inter\nnic.net/rfc>");
/// assert!(found.url_prefix);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extracted {
    /// The URI, without its delimiters, its `URL:` prefix and the whitespace inside it.
    pub uri: String,
    /// The bytes of the text it was read from, delimiters and prefix included.
    pub span: Range<usize>,
    /// How it was delimited.
    pub delimiter: Delimiter,
    /// Whether it carried the `URL:` prefix.
    pub url_prefix: bool,
    /// Byte offsets in [`Extracted::uri`] of each hyphen that stood right before a line break.
    /// The documents keep the hyphen, but say it "may or may not actually be part of the URI";
    /// a reader who wants the other reading removes the hyphens at these offsets.
    pub hyphen_breaks: Vec<usize>,
}

/// The URIs that `text` contains, in order, by the delimiting recommendations of `edition`'s
/// document. See [`extract_detailed`] for the rules and where each comes from.
///
/// # Examples
///
/// ```
/// use uri_spec::{extract, Edition};
///
/// // draft-ietf-url-syntax-00, Appendix E
/// let text = "Yes, Jim, I found it under \"http://www.w3.org/pub/WWW/\",\n\
///             but you can probably pick it up from <ftp://ds.internic.\n\
///             net/rfc/>. Note the warning in <http://ds.internic.net/\n\
///             instructions/overview.html#WARNING>.";
/// assert_eq!(
///     extract(text, Edition::UrlSyntax00),
///     [
///         "http://www.w3.org/pub/WWW/",
///         "ftp://ds.internic.net/rfc/",
///         "http://ds.internic.net/instructions/overview.html#WARNING",
///     ]
/// );
/// ```
pub fn extract(text: &str, edition: Edition) -> Vec<String> {
    extract_detailed(text, edition)
        .into_iter()
        .map(|found| found.uri)
        .collect()
}

/// The URIs that `text` contains, in order, with where and how each was delimited.
///
/// The rules, with the sentences they follow (1996 is seed 003, Appendix E; 2003 is seed 004,
/// Appendix D; 1994 is seed 001, the Appendix):
///
/// - **Delimiters.** 1996/2003: "In practice, URLs are delimited in a variety of ways, but usually
///   within double-quotes "http://test.com/", angle brackets <http://test.com/>, or just using
///   whitespace [...] These wrappers do not form part of the URL." 1994 recommends one wrapper
///   only: "it is recommended that angle brackets ("<" and ">"), along with the prefix "URL:", be
///   used to delimit the boundaries of the URL. This wrapper does not form part of the URL", so in
///   the 1994 edition `<...>` without `URL:` and `"..."` delimit nothing, and a bare word is a URL
///   only when it carries the prefix ("it is recommended that URLs be preceeded with a prefix
///   consisting of the characters "URL:"", which is how a URL is told from other data there).
/// - **The `URL:` prefix** is removed: 1996 "The prefix "URL:" (with or without a trailing space)
///   was recommended as a way to used to help distinguish a URL from other bracketed
///   designators"; 2003 calls it "formerly recommended [...] no longer recommended", but also
///   says "software that accepts user-typed URI should attempt to recognize and strip both
///   delimiters and embedded whitespace", so it is removed in every edition. It is matched in
///   upper case, as printed.
/// - **Whitespace inside angle brackets** is removed: 1994 "The whitespace is ignored when
///   extracting the URL"; 1996/2003 "extra whitespace (spaces, line-breaks, tabs, etc.) may need
///   to be added to break a long URI across lines. The whitespace should be ignored when
///   extracting the URI". Whitespace is anything [`char::is_whitespace`] accepts.
/// - **Whitespace inside double quotes** is not removed; a quoted string with whitespace in it is
///   prose, not a URI. Decision: 1996/2003 add "Using <> angle brackets around each URL is
///   especially recommended as a delimiting style for URLs that contain whitespace", and every
///   example that breaks a URL across lines brackets it. The exception is the hyphen at a line
///   break, below.
/// - **The hyphen at a line break** (1996/2003 only; 1994 is silent): "No whitespace should be
///   introduced after a hyphen ("-") character. Because some typesetters and printers may
///   (erroneously) introduce a hyphen at the end of line when breaking a line, the interpreter of
///   a URI containing a line break immediately after a hyphen should ignore all unescaped
///   whitespace around the line break, and should be aware that the hyphen may or may not
///   actually be part of the URI." So a hyphen, optional spaces or tabs, one line break and
///   optional spaces or tabs join the two lines, inside quotes and in a bare URI too (a bare URI
///   otherwise ends at whitespace). The hyphen is kept: the text can't say which reading is
///   right, and dropping a character is a guess; [`Extracted::hyphen_breaks`] gives its offset,
///   which is how we stay "aware" of it.
/// - **What counts as a URI.** Decision (the documents are silent): the delimited text must begin
///   with a scheme and ":", by the edition's `scheme` rule (upper case allowed: every edition asks
///   programs to treat it as lower case). Relative references are not extracted: every example
///   in the sections is an absolute URI (or URL reference with a fragment: "the fragment would be
///   placed within the brackets as well"), and a relative reference cannot be told from prose
///   (`<timbl@info.cern.ch>` is a mail address, `<hsoname>` a placeholder). In quotes and bare
///   text, at least one character must follow the ":" (`"URL:"`, `Examples:` are words).
/// - **Bare URIs and punctuation.** 1996/2003: "it is important to be able to delimit the URL from
///   the rest of the text, and in particular from punctuation marks that might be mistaken for
///   part of the URL." Decision: a bare URI is a run of printable ASCII other than `<`, `>` and
///   `"` (characters that are "excluded because they are often used as the delimiters around URLs
///   in text documents", 1996 2.3.3); an opening `(`, `[` or `'` before it and the sentence marks
///   `.` `,` `;` `:` `!` `?` `'` after it are not part of it, nor is a closing `)` or `]` that has
///   no opening partner inside it. Without the `URL:` prefix its scheme must begin with a letter,
///   even where the edition's grammar allows a digit, so that times and ratios (`10:30`) in prose
///   are not taken for URLs.
/// - **Validity.** Decision: the extracted strings are not checked against the edition's grammar.
///   Extraction is the delimiting step only; call [`crate::parse`] on each result. The documents'
///   own examples need this: 1994's `http://ds.internic.net/instructions/overview.html#WARNING`
///   has a fragment its BNF does not allow, yet its Appendix puts the fragment inside the
///   brackets.
///
/// # Examples
///
/// ```
/// use uri_spec::{extract_detailed, Delimiter, Edition};
///
/// let found = extract_detailed("Get http://example.com/draft-\n  ietf.txt, soon.", Edition::Rfc3986);
/// assert_eq!(found[0].uri, "http://example.com/draft-ietf.txt");
/// assert_eq!(found[0].delimiter, Delimiter::Whitespace);
/// assert_eq!(found[0].hyphen_breaks, [24]);
/// ```
pub fn extract_detailed(text: &str, edition: Edition) -> Vec<Extracted> {
    let rules = Rules::of(edition);
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut pos = 0;
    // The closing quote of a quoted string that held no URI: it closes, it does not open.
    let mut spent_quote = None;
    while let Some(&b) = bytes.get(pos) {
        let next = match b {
            b'<' => match angle_brackets(text, pos, rules) {
                Some(found) => {
                    let end = found.span.end;
                    out.push(found);
                    end
                }
                None => pos + 1,
            },
            b'"' if rules.quotes && spent_quote != Some(pos) => match find_quote(bytes, pos + 1) {
                Some(close) => match double_quotes(text, pos, close, rules) {
                    Some(found) => {
                        out.push(found);
                        close + 1
                    }
                    None => {
                        spent_quote = Some(close);
                        pos + 1
                    }
                },
                None => pos + 1,
            },
            _ if is_bare(b) => {
                let (end, found) = bare(text, pos, rules);
                out.extend(found);
                end
            }
            _ => pos + 1,
        };
        // INVARIANT: every branch moves forward, so the loop ends.
        debug_assert!(next > pos);
        pos = next;
    }
    out
}

/// What the edition's document recommends; see [`extract_detailed`].
#[derive(Clone, Copy, Debug)]
struct Rules {
    /// 1994: only `<URL:...>` and `URL:...` delimit a URL.
    url_prefix_required: bool,
    /// 1996 and later: `"..."` delimits a URI.
    quotes: bool,
    /// 1996 and later: a line break right after a hyphen joins the lines.
    hyphen_join: bool,
    /// The `scheme` rule lets a scheme begin with a digit: 1994
    /// `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`, 1996 and
    /// draft-fielding-uri-syntax-01 `scheme = 1*( alpha | digit | "+" | "-" | "." )`.
    /// draft-fielding-uri-syntax-02 and later: `scheme = alpha *( alpha | digit | "+" | "-" | "." )`.
    scheme_digit_first: bool,
}

impl Rules {
    /// The rules of `edition`'s document.
    fn of(edition: Edition) -> Rules {
        let v1994 = edition == Edition::UriUrl06;
        Rules {
            url_prefix_required: v1994,
            quotes: !v1994,
            hyphen_join: !v1994,
            scheme_digit_first: matches!(
                edition,
                Edition::UriUrl06 | Edition::UrlSyntax00 | Edition::UriSyntax01
            ),
        }
    }
}

/// The prefix that 1994 recommends and 1996 and 2003 strip: "URL:".
const URL_PREFIX: &str = "URL:";

/// A byte that can be part of a bare URI: printable ASCII but the delimiters `<`, `>` and `"`.
fn is_bare(b: u8) -> bool {
    b.is_ascii_graphic() && !matches!(b, b'<' | b'>' | b'"')
}

/// The index of the next `"` at or after `from`.
fn find_quote(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    rest.iter().position(|&b| b == b'"').map(|i| from + i)
}

/// The length of a hyphen's line break at `at`: spaces or tabs, one line break (CR LF, LF or CR),
/// spaces or tabs. `None` when the bytes at `at` are not one.
fn line_break_len(bytes: &[u8], at: usize) -> Option<usize> {
    let rest = bytes.get(at..)?;
    let blank = |s: &[u8]| s.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    let before = blank(rest);
    let brk = match rest.get(before..)? {
        [b'\r', b'\n', ..] => 2,
        [b'\n' | b'\r', ..] => 1,
        _ => return None,
    };
    let after = blank(rest.get(before + brk..)?);
    Some(before + brk + after)
}

/// Whether `s` begins with a scheme and ":" (with at least one byte after it when
/// `need_more`). The first character is a letter, or, when `digit_first`, any scheme character.
fn begins_with_scheme(s: &str, digit_first: bool, need_more: bool) -> bool {
    let bytes = s.as_bytes();
    let Some(colon) = bytes.iter().position(|&b| b == b':') else {
        return false;
    };
    let Some((&first, rest)) = bytes.get(..colon).and_then(<[u8]>::split_first) else {
        return false;
    };
    let scheme_char = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.');
    let first_ok = first.is_ascii_alphabetic() || (digit_first && scheme_char(first));
    first_ok && rest.iter().all(|&b| scheme_char(b)) && (!need_more || bytes.len() > colon + 1)
}

/// Removes the `URL:` prefix: the rest, and whether it was there.
fn strip_url_prefix(s: &str) -> (&str, bool) {
    match s.strip_prefix(URL_PREFIX) {
        Some(rest) => (rest, true),
        None => (s, false),
    }
}

/// `<...>` at `open`: 1994 "angle brackets ("<" and ">"), along with the prefix "URL:"", 1996
/// "angle brackets <http://test.com/>", with the whitespace inside removed.
fn angle_brackets(text: &str, open: usize, rules: Rules) -> Option<Extracted> {
    let bytes = text.as_bytes();
    // The search stops at the next "<" (where the next search starts) and at '"' (a tag's
    // attribute, `<a href="...">`: the quotes are the delimiters there).
    let close = open
        + 1
        + bytes
            .get(open + 1..)?
            .iter()
            .position(|&b| matches!(b, b'>' | b'<' | b'"'))?;
    if bytes.get(close) != Some(&b'>') {
        return None;
    }
    let inner = text.get(open + 1..close)?;
    // "The whitespace should be ignored when extracting the URI."
    let inner_bytes = inner.as_bytes();
    let mut compact = String::with_capacity(inner.len());
    let mut hyphen_breaks = Vec::new();
    for (i, c) in inner.char_indices() {
        if !c.is_whitespace() {
            compact.push(c);
        } else if follows_hyphen(inner_bytes, i) && line_break_len(inner_bytes, i).is_some() {
            // The hyphen was the last character pushed.
            hyphen_breaks.push(compact.len().saturating_sub(1));
        }
    }
    let (uri, url_prefix) = strip_url_prefix(&compact);
    if rules.url_prefix_required && !url_prefix {
        return None;
    }
    if !begins_with_scheme(uri, rules.scheme_digit_first, false) {
        return None;
    }
    let shift = compact.len() - uri.len();
    Some(Extracted {
        uri: uri.to_owned(),
        span: open..close + 1,
        delimiter: Delimiter::AngleBrackets,
        url_prefix,
        hyphen_breaks: hyphen_breaks
            .into_iter()
            .filter_map(|h| h.checked_sub(shift))
            .collect(),
    })
}

/// Whether the byte before `i` is a hyphen.
fn follows_hyphen(bytes: &[u8], i: usize) -> bool {
    i.checked_sub(1).and_then(|h| bytes.get(h)) == Some(&b'-')
}

/// `"..."` from `open` to `close`: 1996 "within double-quotes "http://test.com/"". No whitespace
/// inside, except around a line break after a hyphen.
fn double_quotes(text: &str, open: usize, close: usize, rules: Rules) -> Option<Extracted> {
    let inner = text.get(open + 1..close)?;
    let bytes = inner.as_bytes();
    let mut uri = String::with_capacity(inner.len());
    let mut hyphen_breaks = Vec::new();
    // The end of a hyphen's line break being skipped.
    let mut skip_to = 0;
    for (i, c) in inner.char_indices() {
        if i < skip_to {
            continue;
        }
        if c == '<' || c == '>' {
            // Angle brackets inside: they are the delimiters, and the scan finds them next.
            return None;
        }
        if !c.is_whitespace() {
            uri.push(c);
            continue;
        }
        match line_break_len(bytes, i) {
            Some(len) if rules.hyphen_join && follows_hyphen(bytes, i) => {
                hyphen_breaks.push(uri.len().saturating_sub(1));
                skip_to = i + len;
            }
            _ => return None,
        }
    }
    let (body, url_prefix) = strip_url_prefix(&uri);
    if rules.url_prefix_required && !url_prefix {
        return None;
    }
    if !begins_with_scheme(body, rules.scheme_digit_first, true) {
        return None;
    }
    let shift = uri.len() - body.len();
    Some(Extracted {
        uri: body.to_owned(),
        span: open..close + 1,
        delimiter: Delimiter::DoubleQuotes,
        url_prefix,
        hyphen_breaks: hyphen_breaks
            .into_iter()
            .filter_map(|h| h.checked_sub(shift))
            .collect(),
    })
}

/// A bare URI starting at `start` ("or just using whitespace"): the end of the word (where the
/// scan goes on) and the URI, if the word is one.
fn bare(text: &str, start: usize, rules: Rules) -> (usize, Option<Extracted>) {
    let bytes = text.as_bytes();
    let run_end = |from: usize| {
        from + bytes
            .get(from..)
            .map_or(0, |rest| rest.iter().take_while(|&&b| is_bare(b)).count())
    };
    let mut word = String::new();
    let mut hyphen_breaks = Vec::new();
    let mut i = start;
    loop {
        let end = run_end(i);
        word.push_str(text.get(i..end).unwrap_or_default());
        i = end;
        // 1996: "The prefix "URL:" (with or without a trailing space)".
        let bare_word = word.trim_start_matches(['(', '[', '\'']);
        if bare_word == URL_PREFIX
            && bytes.get(i) == Some(&b' ')
            && bytes.get(i + 1).copied().is_some_and(is_bare)
        {
            i += 1;
            continue;
        }
        // "the interpreter of a URI containing a line break immediately after a hyphen should
        // ignore all unescaped whitespace around the line break"
        if rules.hyphen_join
            && word.ends_with('-')
            && let Some(len) = line_break_len(bytes, i)
            && bytes.get(i + len).copied().is_some_and(is_bare)
        {
            hyphen_breaks.push(word.len() - 1);
            i += len;
            continue;
        }
        break;
    }
    let end = i;
    let none = (end, None);

    // The word without the punctuation around it.
    let w = word.as_bytes();
    let lead = w
        .iter()
        .take_while(|&&b| matches!(b, b'(' | b'[' | b'\''))
        .count();
    let open_paren = w.iter().skip(lead).filter(|&&b| b == b'(').count();
    let mut close_paren = w.iter().skip(lead).filter(|&&b| b == b')').count();
    let open_bracket = w.iter().skip(lead).filter(|&&b| b == b'[').count();
    let mut close_bracket = w.iter().skip(lead).filter(|&&b| b == b']').count();
    let mut trail = w.len();
    while trail > lead {
        let strip = match w.get(trail - 1) {
            Some(b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'') => true,
            Some(b')') if close_paren > open_paren => {
                close_paren -= 1;
                true
            }
            Some(b']') if close_bracket > open_bracket => {
                close_bracket -= 1;
                true
            }
            _ => false,
        };
        if !strip {
            break;
        }
        trail -= 1;
    }
    let Some(trimmed) = word.get(lead..trail) else {
        return none;
    };
    let (uri, url_prefix) = strip_url_prefix(trimmed);
    if rules.url_prefix_required && !url_prefix {
        return none;
    }
    // Without the prefix, a letter first: see extract_detailed.
    let digit_first = url_prefix && rules.scheme_digit_first;
    if !begins_with_scheme(uri, digit_first, true) {
        return none;
    }
    let shift = lead + (trimmed.len() - uri.len());
    let found = Extracted {
        uri: uri.to_owned(),
        span: start + lead..end - (w.len() - trail),
        delimiter: Delimiter::Whitespace,
        url_prefix,
        hyphen_breaks: hyphen_breaks
            .into_iter()
            .filter(|&h| h < trail)
            .filter_map(|h| h.checked_sub(shift))
            .collect(),
    };
    (end, Some(found))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(edition: Edition, text: &str, expect: &[&str]) {
        assert_eq!(extract(text, edition), expect, "{text:?}");
    }

    // draft-ietf-uri-url-06 (seed 001), APPENDIX: Recommendations for URLs in Context, Examples.
    #[test]
    fn appendix_example_1994() {
        let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc\n\
                    ;type=d> but you can probably pick it up from <URL:ftp://ds.inter\n\
                    nic.net/rfc>. Note the warning in <URL:http://ds.internic.net/\n\
                    instructions/overview.html#WARNING>.";
        let expect = [
            "ftp://info.cern.ch/pub/www/doc;type=d",
            "ftp://ds.internic.net/rfc",
            "http://ds.internic.net/instructions/overview.html#WARNING",
        ];
        check(Edition::UriUrl06, text, &expect);
        // The later documents strip the prefix too.
        check(Edition::Rfc3986, text, &expect);
    }

    // Seed 001, section 1 (mail addresses in brackets) and 3.2.2 (a URL broken after "ftp:").
    #[test]
    fn running_text_1994() {
        let text = "Tim Berners-Lee <timbl@info.cern.ch>, or to the URI-WG\n\
                    <uri@bunyip.com>. Discussions of the group are archived at\n\
                    <URL:http://www.acl.lanl.gov/URI/archive/uri-archive.index.html>";
        let expect = ["http://www.acl.lanl.gov/URI/archive/uri-archive.index.html"];
        check(Edition::UriUrl06, text, &expect);
        check(Edition::Rfc3986, text, &expect);
        let text = "For example, the URL <URL:ftp://myname@host.dom/%2Fetc/motd> is\n\
                    interpreted by FTP-ing to \"host.dom\", logging in as \"myname\"\n\
                    (prompting for a password if it is asked for), and then executing\n\
                    \"CWD /etc\" and then \"RETR motd\". This has a different meaning from\n\
                    <URL:ftp://myname@host.dom/etc/motd> which would \"CWD etc\",\n\
                    relative to the default directory for \"myname\", or <URL:ftp:\n\
                    //myname@host.dom//etc/motd>, which would \"CWD \" with a null\n\
                    argument and then \"RETR motd\".";
        let expect = [
            "ftp://myname@host.dom/%2Fetc/motd",
            "ftp://myname@host.dom/etc/motd",
            "ftp://myname@host.dom//etc/motd",
        ];
        check(Edition::UriUrl06, text, &expect);
        check(Edition::Rfc3986, text, &expect);
        // 1994 recommends angle brackets "along with the prefix "URL:"" and nothing else.
        check(
            Edition::UriUrl06,
            "<http://a/> \"http://b/\" http://c/",
            &[],
        );
        check(
            Edition::UriUrl06,
            "(URL:http://a/b), URL: http://c/",
            &["http://a/b", "http://c/"],
        );
    }

    // draft-ietf-url-syntax-00 (seed 003), Appendix E.
    #[test]
    fn appendix_e_1996() {
        let text = "In practice, URLs are delimited in a variety of ways, but usually\n\
                    within double-quotes \"http://test.com/\", angle brackets\n\
                    <http://test.com/>, or just using whitespace\n\
                    http://test.com/\n\
                    These wrappers do not form part of the URL.";
        check(Edition::UrlSyntax00, text, &["http://test.com/"; 3]);
        let text = "Yes, Jim, I found it under \"http://www.w3.org/pub/WWW/\",\n\
                    but you can probably pick it up from <ftp://ds.internic.\n\
                    net/rfc/>. Note the warning in <http://ds.internic.net/\n\
                    instructions/overview.html#WARNING>.";
        let expect = [
            "http://www.w3.org/pub/WWW/",
            "ftp://ds.internic.net/rfc/",
            "http://ds.internic.net/instructions/overview.html#WARNING",
        ];
        for edition in Edition::ALL {
            let expect: &[&str] = if edition == Edition::UriUrl06 {
                &[]
            } else {
                &expect
            };
            check(edition, text, expect);
        }
    }

    // Seed 003, Appendix C (the HTML example) and F.2 ("<foo:/bar> and <foo:bar>").
    #[test]
    fn other_bracketed_urls_1996() {
        let text = "<BASE href=\"http://www.ics.uci.edu/Test/a/b/c\">\n\
                    </HEAD><BODY>\n\
                    ... <A href=\"../x\">a hypertext anchor</A> ...\n\
                    relative URL \"../x\" as representing the absolute URL\n\
                    <http://www.ics.uci.edu/Test/a/x>";
        let expect = [
            "http://www.ics.uci.edu/Test/a/b/c",
            "http://www.ics.uci.edu/Test/a/x",
        ];
        check(Edition::UrlSyntax00, text, &expect);
        check(
            Edition::UrlSyntax00,
            "<foo:/bar> and <foo:bar>",
            &["foo:/bar", "foo:bar"],
        );
    }

    // draft-fielding-uri-rfc2396bis-02 (seed 004), Appendix D "Delimiting a URI in Context".
    #[test]
    fn delimiting_2003() {
        let e = Edition::Rfc2396bis02;
        let text = "In practice, URI are delimited in a variety of ways, but usually\n\
                    within double-quotes \"http://example.com/\", angle brackets\n\
                    <http://example.com/>, or just using whitespace";
        check(e, text, &["http://example.com/"; 2]);
        check(e, "   http://example.com/\n", &["http://example.com/"]);
        // The artwork, indentation kept.
        let text = "   Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n   \
                    but you can probably pick it up from <ftp://ds.internic.\n   \
                    net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n   \
                    ietf/uri/historical.html#WARNING>.\n";
        let expect = [
            "http://www.w3.org/Addressing/",
            "ftp://ds.internic.net/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ];
        check(e, text, &expect);
        check(Edition::Rfc3986, text, &expect);
        // The "URL:" prefix, "with or without a trailing space".
        check(
            e,
            "<URL: http://a/> URL: http://b/ \"URL:http://c/\"",
            &["http://a/", "http://b/", "http://c/"],
        );
    }

    // "the interpreter of a URI containing a line break immediately after a hyphen should ignore
    // all unescaped whitespace around the line break, and should be aware that the hyphen may or
    // may not actually be part of the URI."
    #[test]
    fn hyphen_at_a_line_break() {
        let e = Edition::Rfc3986;
        for text in [
            "<http://a/b-\n   c>",
            "\"http://a/b-\n   c\"",
            "\"http://a/b- \r\n\tc\"",
            "see http://a/b-\n   c here",
        ] {
            let found = extract_detailed(text, e);
            assert_eq!(found.len(), 1, "{text:?}");
            assert_eq!(found[0].uri, "http://a/b-c", "{text:?}");
            assert_eq!(found[0].hyphen_breaks, [10], "{text:?}");
        }
        // Whitespace without a hyphen: quotes and bare text stop there.
        check(e, "\"http://a/b\n c\"", &["http://a/b"]);
        check(e, "see http://a/b\n c", &["http://a/b"]);
        // One line break only: a blank line is a paragraph break.
        check(e, "see http://a/b-\n\nc", &["http://a/b-"]);
        check(e, "\"http://a/b-\n\nc\"", &["http://a/b-"]);
        // 1994 says nothing of hyphens; its bare URLs (with the prefix) end at whitespace.
        check(Edition::UriUrl06, "URL:http://a/b-\nc", &["http://a/b-"]);
        check(Edition::UriUrl06, "<URL:http://a/b-\nc>", &["http://a/b-c"]);
        // The offsets survive the prefix.
        let found = extract_detailed("<URL: http://a/b-\n c>", e);
        assert_eq!(found[0].hyphen_breaks, [10]);
    }

    // "in particular from punctuation marks that might be mistaken for part of the URL"
    #[test]
    fn bare_uris_and_punctuation() {
        let e = Edition::Rfc3986;
        check(
            e,
            "See http://a/b. And (http://a/c), or http://w/Foo_(bar). [http://x/y];",
            &[
                "http://a/b",
                "http://a/c",
                "http://w/Foo_(bar)",
                "http://x/y",
            ],
        );
        check(e, "'mailto:a@b.c'? urn:x:y!", &["mailto:a@b.c", "urn:x:y"]);
        // Prose: words ending in ":", times, mail addresses, placeholders.
        let prose = "Examples: at 10:30, e.g.: <timbl@info.cern.ch> <hsoname> \"URL:\" \"HTTP\"";
        for edition in Edition::ALL {
            check(edition, prose, &[]);
        }
        // Inside delimiters the edition's own scheme rule applies.
        check(Edition::UrlSyntax00, "<3com:x>", &["3com:x"]);
        check(Edition::UriSyntax01, "<3com:x>", &["3com:x"]);
        check(Edition::UriSyntax02, "<3com:x>", &[]);
        check(Edition::Rfc3986, "<3com:x>", &[]);
        check(Edition::UriUrl06, "<URL:3com:x>", &["3com:x"]);
    }

    #[test]
    fn spans_and_delimiters() {
        let text = "a \"http://q/\" <URL:http://b/> (http://c/).";
        let found = extract_detailed(text, Edition::Rfc3986);
        let spans: Vec<&str> = found.iter().map(|f| &text[f.span.clone()]).collect();
        assert_eq!(spans, ["\"http://q/\"", "<URL:http://b/>", "http://c/"]);
        let kinds: Vec<Delimiter> = found.iter().map(|f| f.delimiter).collect();
        assert_eq!(
            kinds,
            [
                Delimiter::DoubleQuotes,
                Delimiter::AngleBrackets,
                Delimiter::Whitespace
            ]
        );
        assert_eq!(
            found.iter().map(|f| f.url_prefix).collect::<Vec<_>>(),
            [false, true, false]
        );
    }

    #[test]
    fn whitespace_that_is_not_ascii() {
        let e = Edition::Rfc3986;
        check(e, "<http://a/\u{3000}b\u{a0}c>", &["http://a/bc"]);
        // A quoted string with whitespace in it is prose; the bare URI in it ends at the space.
        check(e, "\"http://a/\u{2003}b\"", &["http://a/"]);
        check(e, "\u{e9}http://a/\u{2014}x", &["http://a/"]);
    }

    #[test]
    fn no_panic_at_any_cut() {
        let text =
            "\u{e9}<URL:h\u{3000}ttp://a/b-\r\n c> \"x\u{e9}:y-\n z\" (http://q/\u{e9}). \"<";
        for edition in Edition::ALL {
            for (i, _) in text.char_indices() {
                let _ = extract_detailed(&text[i..], edition);
                let _ = extract_detailed(&text[..i], edition);
            }
        }
    }

    // Linear time: inputs that make a naive search for the closing delimiter quadratic.
    #[test]
    fn linear_on_adversarial_input() {
        let n = 50_000;
        for text in [
            "<".repeat(n),
            "\"".repeat(n),
            "<a".repeat(n),
            "\"a ".repeat(n),
            "a-\n".repeat(n),
            "(".repeat(n) + "http://a/" + &")".repeat(n),
            format!("<{}", "x".repeat(n)),
            format!("\"{}", "<URL:".repeat(n)),
        ] {
            for edition in Edition::ALL {
                let _ = extract(&text, edition);
            }
        }
    }
}
