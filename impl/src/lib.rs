//! A spec-faithful implementation of the URI generic syntax, for every edition of the document
//! from the 1994 URL draft to RFC 3986.
//!
//! It parses bytes as a `URI-reference` into components borrowed from the input (undefined is
//! not empty), recomposes them, resolves references against a base, normalizes and compares.
//! Each rule cites the section of the document it follows.
//!
//! # Examples
//!
//! ```
//! use uri_spec::{parse, resolve, normalize};
//!
//! let c = parse(b"http://a/b/c/d;p?q").unwrap();
//! assert_eq!(c.host_str(), Some("a"));
//! assert_eq!(resolve("http://a/b/c/d;p?q", "../g").unwrap(), "http://a/b/g");
//! assert_eq!(normalize("HTTP://www.EXAMPLE.com/").unwrap(), "http://www.example.com/");
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod chars;
mod components;
mod cursor;
mod edition;
mod error;
mod extract;
pub mod host;
mod normalize;
mod parse;
mod resolve;
mod resolve_editions;
mod rule;
pub mod schemes1994;
mod syntax;

pub use components::{recompose, Components, Extras, Host, HostKind};
pub use edition::{Edition, UnknownEdition};
pub use error::{ParseError, ParseErrorKind};
pub use extract::{extract, extract_detailed, Delimiter, Extracted};
pub use normalize::{
    equivalent, equivalent_in, normalize, normalize_in, normalize_scheme_based,
    normalize_scheme_based_in, percent_encoding_normalize, NormalizeError,
};
pub use parse::{parse, Parser};
pub use resolve::{merge, remove_dot_segments, resolve, Base, ResolveError, Resolver};
pub use resolve_editions::{AbsolutePathReading, LeftoverDotDot};
pub use rule::{Rule, UnknownRule};
