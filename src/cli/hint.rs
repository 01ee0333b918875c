//! Hints for parse errors: why an IP literal is not one (RFC 3986 section 3.2.2, and RFC 6874
//! for zone ids), and that bytes outside ASCII are percent-encoded (section 2.1).
//!
//! The implementation reports where and by which rule an input failed; a hint says what the
//! user likely meant, from the input around the error. Shown in text output and as the error's
//! `hint` in JSON.

use uri_spec::{ParseError, ParseErrorKind};

/// A hint for `error` in `input`, when there is something useful to say.
pub fn hint(input: &[u8], error: &ParseError) -> Option<String> {
    let at = input.get(error.index()).copied();
    match error.kind() {
        ParseErrorKind::IpLiteral => Some(ip_literal(input, error.index())),
        _ if at.is_some_and(|b| !b.is_ascii()) => Some(
            "bytes outside ASCII must be percent-encoded as UTF-8 (\"é\" is %C3%A9; RFC 3986 2.1)"
                .to_owned(),
        ),
        _ if at == Some(b' ') => Some("a space must be percent-encoded as %20".to_owned()),
        _ => None,
    }
}

/// Why the IP literal around `index` is not an `IPv6address` or `IPvFuture`.
fn ip_literal(input: &[u8], index: usize) -> String {
    let head = input
        .get(..=index.min(input.len().saturating_sub(1)))
        .unwrap_or_default();
    let open = head.iter().rposition(|&b| b == b'[').map_or(0, |i| i + 1);
    let rest = input.get(open..).unwrap_or_default();
    let literal = &rest[..rest.iter().position(|&b| b == b']').unwrap_or(rest.len())];
    let text = String::from_utf8_lossy(literal);
    let reason = ipv6_reason(&text);
    format!("an IP literal is an IPv6 address or \"v\" HEXDIG \".\" ... (IPvFuture): {reason}")
}

fn ipv6_reason(text: &str) -> String {
    if text.contains('%') {
        return "a zone id (\"%25\" and an interface name) is RFC 6874's extension, not part of \
                RFC 3986's IP-literal"
            .to_owned();
    }
    if text.starts_with(['v', 'V']) {
        return "IPvFuture is \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )"
            .to_owned();
    }
    if text.is_empty() {
        return "the brackets are empty".to_owned();
    }
    if let Some(c) = text
        .chars()
        .find(|c| !c.is_ascii_hexdigit() && *c != ':' && *c != '.')
    {
        return format!("{c:?} is not a hex digit, ':' or '.'");
    }
    if text.matches("::").count() > 1 {
        return "\"::\" may appear only once".to_owned();
    }
    let (head, tail) = match text.rsplit_once(':') {
        Some((h, t)) if t.contains('.') => (h, Some(t)),
        _ => (text, None),
    };
    if let Some(v4) = tail {
        let ok = v4.split('.').count() == 4
            && v4.split('.').all(|o| {
                !o.is_empty()
                    && o.len() <= 3
                    && o.bytes().all(|b| b.is_ascii_digit())
                    && (o == "0" || !o.starts_with('0'))
                    && o.parse::<u16>().is_ok_and(|n| n <= 255)
            });
        if !ok {
            return format!(
                "the IPv4 tail {v4:?} is not four decimal octets 0-255 without leading zeros"
            );
        }
    } else if text.contains('.') {
        return "a '.' may appear only in an IPv4 tail after the last ':'".to_owned();
    }
    let pieces = |s: &str| -> Vec<String> {
        if s.is_empty() {
            Vec::new()
        } else {
            s.split(':').map(str::to_owned).collect()
        }
    };
    if let Some(p) = pieces(&head.replace("::", ":"))
        .iter()
        .find(|p| p.len() > 4)
    {
        return format!("the piece {p:?} has more than four hex digits");
    }
    let v4_pieces = usize::from(tail.is_some()) * 2;
    if text.contains("::") {
        let (l, r) = head.split_once("::").unwrap_or((head, ""));
        let n = pieces(l).len() + pieces(r).len() + v4_pieces;
        if pieces(l).iter().chain(&pieces(r)).any(String::is_empty) {
            return "a single ':' cannot begin or end the address, or stand next to \"::\""
                .to_owned();
        }
        if n > 7 {
            return format!("{n} pieces and \"::\": at most 7 pieces around \"::\"");
        }
    } else {
        let p = pieces(head);
        if p.iter().any(String::is_empty) {
            return "a single ':' cannot begin or end the address".to_owned();
        }
        let n = p.len() + v4_pieces;
        if n != 8 {
            return format!("{n} pieces without \"::\": exactly 8 are needed");
        }
    }
    "not an IPv6address of RFC 3986 3.2.2".to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hint_of(input: &str) -> String {
        let e = uri_spec::parse(input.as_bytes()).expect_err(input);
        hint(input.as_bytes(), &e).unwrap_or_default()
    }

    #[test]
    fn ip_literal_errors_say_why() {
        assert!(hint_of("http://[fe80::1%25eth0]/").contains("RFC 6874"));
        assert!(hint_of("http://[1::2::3]/").contains("only once"));
        assert!(hint_of("http://[12345::]/").contains("more than four"));
        assert!(hint_of("http://[1:2:3]/").contains("exactly 8"));
        assert!(hint_of("http://[::1.2.3.256]/").contains("IPv4 tail"));
        assert!(hint_of("http://[g::]/").contains("not a hex digit"));
        assert!(hint_of("http://[v1]/").contains("IPvFuture"));
    }

    #[test]
    fn non_ascii_and_space_get_a_percent_encoding_hint() {
        assert!(hint_of("http://a/é").contains("%C3%A9"));
        assert!(hint_of("http://a/b c").contains("%20"));
        assert_eq!(hint_of("http://a/%zz"), "");
    }
}
