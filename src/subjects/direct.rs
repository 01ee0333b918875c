//! The direct entry of each in-process library, for the benches: a [`Peer`] runs the library's
//! own entry points on an input, not the adapter's filling of the shared model, so a speed
//! figure is the library's own. Each adapter gives its peer beside itself
//! ([`crate::subjects::Subject::direct`]), so the one list of parsers is also the list measured.

use std::hint::black_box;

use crate::model::Op;

/// The operations measured, in the order they are shown.
pub const OPS: [Op; 3] = [Op::Parse, Op::Resolve, Op::Normalize];

/// The base every `resolve` measurement resolves against (RFC 3986 section 5.4's).
pub const BASE: &str = "http://a/b/c/d;p?q";

/// One operation of one library, ready to run on an input: answers whether the library
/// accepted it (the result itself goes through [`black_box`]).
pub type Run<'a> = Box<dyn Fn(&[u8]) -> bool + 'a>;

/// Makes a `parse` or `normalize` run.
pub type MakeRun = fn() -> Run<'static>;

/// Makes a `resolve` run against a base (`None` when the library rejects the base).
pub type MakeResolve = fn(&str) -> Option<Run<'_>>;

/// An in-process parser as the benches call it: its library's own entry points.
///
/// ```
/// use uridiff::subjects::direct::{keep_ok, Peer};
/// use uridiff::model::Op;
/// let p = Peer::new("impl").parse(|| Box::new(|i| keep_ok(&uri_spec::parse(i))));
/// assert!(p.has(Op::Parse) && !p.has(Op::Resolve));
/// assert!(p.op(Op::Parse, "").unwrap()(b"http://a/"));
/// ```
pub struct Peer {
    /// The subject name (`impl`, `url`, ...), as `uridiff parsers` lists it.
    pub name: &'static str,
    parse: Option<MakeRun>,
    resolve: Option<MakeResolve>,
    normalize: Option<MakeRun>,
    /// What a `resolve` measurement covers, for the reader of the figures.
    pub resolve_note: &'static str,
}

impl std::fmt::Debug for Peer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Peer").field("name", &self.name).finish()
    }
}

impl Peer {
    /// A peer named `name` with no operation yet.
    pub fn new(name: &'static str) -> Peer {
        Peer {
            name,
            parse: None,
            resolve: None,
            normalize: None,
            resolve_note: "",
        }
    }

    /// With `parse`.
    #[must_use]
    pub fn parse(mut self, make: MakeRun) -> Peer {
        self.parse = Some(make);
        self
    }

    /// With `resolve`, and what it covers (is the base parsed once?).
    #[must_use]
    pub fn resolve(mut self, make: MakeResolve, note: &'static str) -> Peer {
        self.resolve = Some(make);
        self.resolve_note = note;
        self
    }

    /// With `normalize`.
    #[must_use]
    pub fn normalize(mut self, make: MakeRun) -> Peer {
        self.normalize = Some(make);
        self
    }

    /// Whether the library has `op`.
    pub fn has(&self, op: Op) -> bool {
        match op {
            Op::Parse => self.parse.is_some(),
            Op::Resolve => self.resolve.is_some(),
            Op::Normalize => self.normalize.is_some(),
            _ => false,
        }
    }

    /// The operation `op`, ready to run (`resolve`: against `base`, parsed once where the
    /// library can hold a parsed base); `None` when the library lacks it or rejects `base`.
    ///
    /// ```
    /// use uridiff::{bench, model::Op};
    /// let fluent = bench::peers().into_iter().find(|p| p.name == "fluent-uri").unwrap();
    /// let resolve = fluent.op(Op::Resolve, bench::BASE).unwrap();
    /// assert!(resolve(b"../g"));
    /// let parse = fluent.op(Op::Parse, "").unwrap();
    /// assert!(!parse(b"http://a b"));
    /// ```
    pub fn op<'a>(&self, op: Op, base: &'a str) -> Option<Run<'a>> {
        match op {
            Op::Parse => self.parse.map(|f| f()),
            Op::Resolve => self.resolve.and_then(|f| f(base)),
            Op::Normalize => self.normalize.map(|f| f()),
            _ => None,
        }
    }
}

/// The input as text, for a library that takes `&str` (`None`: not UTF-8, which such a library
/// cannot be given and so does not accept).
///
/// ```
/// assert_eq!(uridiff::subjects::direct::text(b"a"), Some("a"));
/// assert_eq!(uridiff::subjects::direct::text(b"\xff"), None);
/// ```
pub fn text(input: &[u8]) -> Option<&str> {
    std::str::from_utf8(input).ok()
}

/// Passes `value` through [`black_box`] by reference, so that the result is built where it
/// lies and not moved again (a move of a large result would be the harness's cost, not the
/// library's), and says whether it is `Some`.
///
/// ```
/// assert!(uridiff::subjects::direct::keep(Some(1)));
/// assert!(!uridiff::subjects::direct::keep(None::<u8>));
/// ```
pub fn keep<T>(value: Option<T>) -> bool {
    black_box(&value).is_some()
}

/// [`keep`] for a library's own `Result`, passed by reference without converting it.
///
/// ```
/// assert!(!uridiff::subjects::direct::keep_ok(&"x".parse::<u8>()));
/// ```
pub fn keep_ok<T, E>(value: &Result<T, E>) -> bool {
    black_box(value).is_ok()
}
