//! The page's text helpers, shared by `index.html`'s sections ([`super::html`] and its opening
//! sections in `html_focus`): every input, parser output and message goes through
//! [`super::show`] (control characters, invisible characters and non-UTF-8 bytes escaped) and
//! then [`esc`] (HTML), so nothing raw reaches the page.

use super::show;

/// Escapes text for HTML, in element content and in quoted attribute values.
///
/// ```
/// assert_eq!(uridiff::report::html::esc("<a href='x'>&\""), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;");
/// ```
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Text for the page: [`show`] then [`esc`].
pub(super) fn t(s: &str) -> String {
    esc(&show(s.as_bytes()))
}

/// Shown values longer than this many characters are folded: their start, then all of it in a
/// `<details>`.
const LONG: usize = 160;

/// Prose for the page (a parser's message, a reason, a rule): like [`t`], but a backslash stays
/// one backslash, since a message is read, not copied as an input.
pub(super) fn prose(s: &str) -> String {
    let parts: Vec<String> = s.split('\\').map(|p| show(p.as_bytes())).collect();
    esc(&parts.join("\\"))
}

/// Bytes for the page as a code span; an empty value says so (an empty code span is invisible),
/// and a long one is folded.
pub(super) fn code(b: &[u8]) -> String {
    if b.is_empty() {
        return "<span class=\"empty\">(empty)</span>".to_owned();
    }
    shown_code(&show(b), b.len())
}

/// Text already shown with [`show`] (a short answer of the report model, `brief`'s) as a code
/// span, as [`code`] writes bytes: shown again, every backslash of it would double.
pub(super) fn shown_code(shown: &str, bytes: usize) -> String {
    if shown.chars().count() <= LONG {
        return format!("<code>{}</code>", esc(shown));
    }
    let head: String = shown.chars().take(LONG / 2).collect();
    format!(
        "<details class=\"long\"><summary><code>{}</code>… ({} bytes: show all)</summary><code>{}</code></details>",
        esc(&head),
        bytes,
        esc(shown)
    )
}

/// A component's value: undefined is kept apart from empty.
pub(super) fn reading(v: Option<&str>) -> String {
    match v {
        None => "<i>undefined</i>".to_owned(),
        Some(s) => code(s.as_bytes()),
    }
}
