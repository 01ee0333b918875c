//! The subject for `uri-spec`, the project's own spec implementation (`impl/`), named `impl`:
//! every edition, every operation, every component.

use std::sync::LazyLock;

use uri_spec::{Edition, ParseError, ParseErrorKind, Resolver, Rule};

use super::adapt::card_info;
use super::direct::{keep_ok, Peer};
use super::{Ctx, Subject, SubjectInfo};
use crate::model::{ComponentSet, Components, Op, OpSet, Outcome, Parsed, Rejection};
use crate::parsers::spec::CARD;

/// The spec implementation as a [`Subject`].
///
/// # Examples
///
/// ```
/// use uridiff::subjects::{Ctx, Spec, Subject};
/// let out = Spec::get().resolve(b"http://a/b/c/d;p?q", b"../g", &Ctx::default());
/// assert_eq!(out, uridiff::model::Outcome::Accepted("http://a/b/g".to_owned()));
/// ```
#[derive(Debug)]
pub struct Spec {
    info: SubjectInfo,
}

static SPEC: LazyLock<Spec> = LazyLock::new(Spec::new);

impl Spec {
    /// The subject.
    pub fn new() -> Spec {
        Spec {
            info: SubjectInfo {
                operations: OpSet::of(&Op::ALL),
                components: ComponentSet::ALL,
                decides_validity: true,
                edition_fields: true,
                editions: Edition::ALL.to_vec(),
                ..card_info(&CARD)
            },
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static Spec {
        &SPEC
    }
}

impl Default for Spec {
    fn default() -> Spec {
        Spec::new()
    }
}

/// impl's error as a rejection: message, kind code and offset.
pub(crate) fn rejection(e: &ParseError) -> Rejection {
    Rejection {
        message: e.to_string(),
        code: Some(e.kind().code().to_owned()),
        offset: Some(e.index()),
    }
}

/// An error of impl as an outcome: an edition it does not implement is `Unsupported`.
fn rejected<T>(e: &ParseError) -> Outcome<T> {
    if e.kind() == ParseErrorKind::EditionNotImplemented {
        Outcome::Unsupported(e.to_string())
    } else {
        Outcome::Rejected(rejection(e))
    }
}

impl Subject for Spec {
    /// The library called directly, for the benches ([`crate::bench`]).
    fn direct(&self) -> Option<Peer> {
        Some(
            Peer::new(CARD.name)
                .parse(|| Box::new(|i| keep_ok(&uri_spec::parse(i))))
                .resolve(
                    |base| {
                        let base = uri_spec::Resolver::new().base(base.as_bytes()).ok()?;
                        Some(Box::new(move |r| keep_ok(&base.resolve(r))))
                    },
                    "base parsed once (`Resolver::base`, then `Base::resolve`)",
                )
                .normalize(|| Box::new(|i| keep_ok(&uri_spec::normalize(i)))),
        )
    }

    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
        let rule = match ctx.rule.map(|name| Rule::from_name(ctx.edition, name)) {
            None => Rule::default(),
            Some(Ok(rule)) => rule,
            Some(Err(e)) => return Outcome::Unsupported(e.to_string()),
        };
        match uri_spec::Parser::new()
            .edition(ctx.edition)
            .rule(rule)
            .parse(input)
        {
            Ok(c) => Outcome::Accepted(Components::from_spec(&c).into()),
            Err(e) => rejected(&e),
        }
    }

    fn resolve(&self, base: &[u8], reference: &[u8], ctx: &Ctx<'_>) -> Outcome<String> {
        match Resolver::new()
            .edition(ctx.edition)
            .strict(!ctx.non_strict)
            .resolve(base, reference)
        {
            Ok(t) => Outcome::Accepted(t),
            Err(err) => match &err {
                uri_spec::ResolveError::Base(e) | uri_spec::ResolveError::Reference(e) => {
                    if e.kind() == ParseErrorKind::EditionNotImplemented {
                        Outcome::Unsupported(err.to_string())
                    } else {
                        Outcome::Rejected(Rejection {
                            message: err.to_string(),
                            ..rejection(e)
                        })
                    }
                }
                _ => Outcome::Rejected(Rejection::message(err.to_string())),
            },
        }
    }

    fn normalize(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<String> {
        match uri_spec::normalize_in(ctx.edition, input) {
            Ok(n) => Outcome::Accepted(n),
            Err(e) => rejected(&e.parse_error()),
        }
    }

    fn equivalent(&self, a: &[u8], b: &[u8], ctx: &Ctx<'_>) -> Outcome<bool> {
        match uri_spec::equivalent_in(ctx.edition, a, b) {
            Ok(eq) => Outcome::Accepted(eq),
            Err(e) => rejected(&e.parse_error()),
        }
    }

    fn extract(&self, text: &[u8], ctx: &Ctx<'_>) -> Outcome<Vec<String>> {
        Outcome::Accepted(uri_spec::extract(
            &String::from_utf8_lossy(text),
            ctx.edition,
        ))
    }
}
