//! The error of a parse that failed: the byte offset, what went wrong, and the grammar rule
//! whose production the input left there.

use core::fmt;

/// A parse failure: where ([`ParseError::index`]), what ([`ParseError::kind`]) and under which
/// grammar rule ([`ParseError::rule`], named as the document names it).
///
/// # Examples
///
/// ```
/// use uri_spec::{parse, ParseErrorKind};
///
/// let err = parse(b"http://a/b c").unwrap_err();
/// assert_eq!(err.index(), 10);
/// assert_eq!(err.kind(), ParseErrorKind::UnexpectedByte { byte: b' ' });
/// assert_eq!(err.rule(), "path-abempty");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    index: usize,
    kind: ParseErrorKind,
    rule: &'static str,
}

impl ParseError {
    pub(crate) const fn new(index: usize, kind: ParseErrorKind, rule: &'static str) -> Self {
        ParseError { index, kind, rule }
    }

    /// The byte offset in the input where the failure was detected.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// What went wrong.
    pub const fn kind(&self) -> ParseErrorKind {
        self.kind
    }

    /// The grammar rule that failed (for example `IPv6address`, `port`, `segment-nz-nc`).
    pub const fn rule(&self) -> &'static str {
        self.rule
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte {} (rule {})",
            self.kind, self.index, self.rule
        )
    }
}

impl std::error::Error for ParseError {}

/// What went wrong in a [`ParseError`].
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// A byte the rule does not allow there: `http://a/b c` (a space), `http://a/é`.
    #[error("unexpected byte '{}'", byte.escape_ascii())]
    UnexpectedByte {
        /// The byte found.
        byte: u8,
    },
    /// The input ended where the rule needs more: `ftp://host/a;type=` under 1994's `ftpurl`.
    #[error("unexpected end of input")]
    UnexpectedEnd,
    /// A `%` not followed by two hexadecimal digits: `http://a/%zz`, `%2`.
    #[error("'%' not followed by two hexadecimal digits")]
    PctEncoded,
    /// A bracketed host that is neither an `IPv6address` nor an `IPvFuture`: `http://[1::2::3]/`.
    #[error("invalid IP literal")]
    IpLiteral,
    /// A `[` without its `]`: `http://[::1/`.
    #[error("'[' without a closing ']'")]
    UnclosedBracket,
    /// A host that matches none of the edition's `host` alternatives: `http://a_b/` under
    /// draft-ietf-url-syntax-00, whose `host = hostname | hostnumber`.
    #[error("not a host of this edition's grammar")]
    Host,
    /// A colon in the first segment of a relative-path reference: `1a:b` (section 4.2).
    #[error("':' in the first segment of a relative-path reference")]
    ColonInFirstSegment,
    /// The rule needs a scheme and there is none: `//a/b` as a `URI`.
    #[error("missing scheme")]
    MissingScheme,
    /// The rule allows no fragment: `http://a#f` as an `absolute-URI`.
    #[error("a fragment is not allowed here")]
    FragmentNotAllowed,
    /// The edition defines no relative references: `../g` under draft-ietf-uri-url-06.
    #[error("this edition defines no relative references")]
    RelativeNotDefined,
    /// The edition is not implemented yet.
    #[error("this edition is not implemented")]
    EditionNotImplemented,
}

impl ParseErrorKind {
    /// A stable kebab-case name for JSON output and reports.
    ///
    /// ```
    /// assert_eq!(uri_spec::ParseErrorKind::PctEncoded.code(), "pct-encoded");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            ParseErrorKind::UnexpectedByte { .. } => "unexpected-byte",
            ParseErrorKind::UnexpectedEnd => "unexpected-end",
            ParseErrorKind::PctEncoded => "pct-encoded",
            ParseErrorKind::IpLiteral => "ip-literal",
            ParseErrorKind::Host => "host",
            ParseErrorKind::UnclosedBracket => "unclosed-bracket",
            ParseErrorKind::ColonInFirstSegment => "colon-in-first-segment",
            ParseErrorKind::MissingScheme => "missing-scheme",
            ParseErrorKind::FragmentNotAllowed => "fragment-not-allowed",
            ParseErrorKind::RelativeNotDefined => "relative-not-defined",
            ParseErrorKind::EditionNotImplemented => "edition-not-implemented",
        }
    }
}
