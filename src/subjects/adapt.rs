//! What every in-process library adapter needs, written once: the `SubjectInfo` of an edition-less
//! library, the `not-utf8` rejection of a library that takes `&str`, and the error kind out of a
//! library's `Debug` text when the kind itself is private.

use std::fmt;

use super::{Kind, SubjectInfo};
use crate::model::{ComponentSet, Op, OpSet, Outcome, Rejection};
use crate::parsers::Card;

/// The description of an in-process library that has no notion of editions, decides validity and
/// reports no edition fields (every adapter in this folder but impl and the oracles): its name,
/// version, profile and library from its card, what it can do from its adapter.
pub(crate) fn library_info(
    card: &Card,
    operations: &[Op],
    components: ComponentSet,
) -> SubjectInfo {
    SubjectInfo {
        kind: Kind::InProcess,
        operations: OpSet::of(operations),
        components,
        decides_validity: true,
        edition_fields: false,
        editions: Vec::new(),
        ..card_info(card)
    }
}

/// The part of a subject's description its card gives: name, version, profile and library.
pub(crate) fn card_info(card: &Card) -> SubjectInfo {
    SubjectInfo {
        wraps: None,
        name: card.name.to_owned(),
        version: card.version.known().unwrap_or("-").to_owned(),
        profile: card.profile.to_owned(),
        kind: Kind::InProcess,
        library: card.library.to_owned(),
        operations: OpSet::of(&[]),
        components: ComponentSet::NONE,
        decides_validity: true,
        edition_fields: false,
        editions: Vec::new(),
    }
}

/// `input` as text, or the rejection of a library whose entry point takes `&str`: bytes that are
/// not UTF-8 are outside its contract, so they are a rejection with code `not-utf8` at the first
/// bad byte, not a crash.
pub(crate) fn utf8(input: &[u8]) -> Result<&str, Rejection> {
    std::str::from_utf8(input).map_err(|e| Rejection {
        message: format!("not UTF-8: {e}"),
        code: Some("not-utf8".to_owned()),
        offset: Some(e.valid_up_to()),
    })
}

/// A rejection with the library's message, its error kind as `code`, and the offset it blames.
pub(crate) fn rejection(
    message: impl fmt::Display,
    code: impl Into<String>,
    offset: Option<usize>,
) -> Rejection {
    Rejection {
        message: message.to_string(),
        code: Some(code.into()),
        offset,
    }
}

/// The rejection of a `resolve` whose base the library refuses.
pub(crate) fn invalid_base<T>(why: impl fmt::Display) -> Outcome<T> {
    Outcome::Rejected(rejection(
        format!("invalid base: {why}"),
        "invalid-base",
        None,
    ))
}

/// The identifier that follows the first `after` in `debug` (the name of a private error-kind
/// variant inside a public error's `Debug` text), or the whole text when there is none:
/// `InvalidUri(InvalidPort)` after "(" gives `InvalidPort`.
pub(crate) fn kind_after(debug: &str, after: &str) -> String {
    let Some(start) = debug.find(after).map(|i| i + after.len()) else {
        return debug.to_owned();
    };
    let rest = &debug[start..];
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    if end == 0 {
        debug.to_owned()
    } else {
        rest[..end].to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_after_finds_the_variant_or_keeps_the_text() {
        assert_eq!(kind_after("InvalidUri(InvalidPort)", "("), "InvalidPort");
        assert_eq!(
            kind_after(
                "IriParseError { kind: InvalidHostCharacter('x') }",
                "kind: "
            ),
            "InvalidHostCharacter"
        );
        assert_eq!(kind_after("Opaque", "("), "Opaque");
        assert_eq!(kind_after("X(())", "("), "X(())");
    }

    #[test]
    fn non_utf8_is_a_rejection_at_the_first_bad_byte() {
        let r = utf8(b"ab\xffc").unwrap_err();
        assert_eq!(r.code.as_deref(), Some("not-utf8"));
        assert_eq!(r.offset, Some(2));
        assert_eq!(utf8(b"abc").unwrap(), "abc");
    }
}
