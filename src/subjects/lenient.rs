//! The lenient reading: where a browser, or a splitter that does not validate, routes an input
//! that a parser's own reference rejects.
//!
//! A parser that accepts an input its reference (RFC 3986, RFC 2396) rejects is still judged on
//! what it reads from it, because that is where URL-confusion bugs live: two `@` in an
//! authority, a backslash, whitespace. The reading it is compared with is this one:
//!
//! 1. **The browsers' reading for the special schemes.** When the WHATWG reference (the URL
//!    Standard's basic URL parser, [`crate::subjects::whatwg_reference`]) accepts the input and
//!    its scheme is one the URL Standard calls special (`ftp`, `file`, `http`, `https`, `ws`,
//!    `wss`; URL Standard, "special scheme"), the answer is its reading: C0 controls and spaces
//!    stripped at the ends, tabs and newlines removed, backslashes read as `/`, the host after
//!    the last `@`. One exception keeps the judging of invalid input consistent with that of
//!    valid input: the URL Standard reads an authority after any number of slashes (`http:a`,
//!    `http:/a`, `http:///a` all have host `a`), where RFC 3986 reads a path, or an empty host,
//!    and a valid input of that shape is judged by the RFC alone. So the browsers' reading is
//!    taken only where what follows the scheme's `:` is exactly two slashes, or a run of slashes
//!    with a backslash in it (`http:\a`, `http:/`: no RFC reading exists there, and the
//!    backslash is the confusion); elsewhere the split below is the reading.
//! 2. **A documented lenient split for everything else**, written here so that a reader can
//!    check it by hand:
//!    - a scheme is RFC 3986 3.1's `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` before the first
//!      `:` (anything else: no scheme, as the URL Standard's scheme state also decides);
//!    - the rest is split as RFC 3986 Appendix B's regular expression splits it: an authority
//!      after `//` up to the first `/`, `?` or `#`; the path up to the first `?` or `#`; the
//!      query up to the first `#`; the fragment after the first `#`, whatever follows it;
//!    - the authority is split as the URL Standard's authority state and most libraries do: the
//!      userinfo is everything before its **last** `@`; in what follows, an IP literal is the
//!      text from `[` to the first `]`: after a literal, the port is everything after the `:`
//!      that follows it (a literal followed by anything but `:` is all host); without one, the
//!      port is what follows the **last** `:`. A port that is not digits (RFC 3986 3.2.3's
//!      `*DIGIT`) leaves the authority naming no place: `engine::lenient` then judges no host,
//!      port or path against it.
//!
//! A reference is resolved the same way: against a base of a special scheme as the URL Standard
//! resolves it (the basic URL parser given a base), else by RFC 3986 5.2.2's transform over the
//! split components of both, with 5.2.4's `remove_dot_segments` and 5.3's recomposition.
//!
//! Input that is not UTF-8 has no lenient reading (`Unsupported`): the components of the shared
//! model are text. The split reports no host kind; differences are judged on the scheme, userinfo,
//! host, port, path, query and fragment (see `engine::lenient`).

use std::sync::{Arc, LazyLock};

use super::{Ctx, Kind, Subject, SubjectInfo};
use crate::model::{Component, ComponentSet, Components, Op, OpSet, Outcome, Parsed};

/// The URL Standard's special schemes ("special scheme", with their default ports).
pub const SPECIAL_SCHEMES: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// The lenient reading as a [`Subject`] (`parse` and `resolve`), used as a reference, never as a
/// subject under test.
///
/// # Examples
///
/// ```
/// use uridiff::model::{Component, Outcome};
/// use uridiff::subjects::{Ctx, Lenient, Subject};
/// // RFC 3986 rejects two `@`; the browsers read the host after the last one.
/// let Outcome::Accepted(p) = Lenient::get().parse(b"http://a@b@c/", &Ctx::default()) else {
///     panic!()
/// };
/// assert_eq!(p.components.get(Component::Host), Some("c"));
/// // A scheme the URL Standard does not call special: the documented split.
/// let Outcome::Accepted(p) = Lenient::get().parse(b"foo://a@b@c:1:2/p#f#g", &Ctx::default()) else {
///     panic!()
/// };
/// assert_eq!(p.components.get(Component::Userinfo), Some("a@b"));
/// assert_eq!(p.components.get(Component::Host), Some("c:1"));
/// assert_eq!(p.components.get(Component::Port), Some("2"));
/// assert_eq!(p.components.get(Component::Fragment), Some("f#g"));
/// ```
pub struct Lenient {
    info: SubjectInfo,
    whatwg: Arc<dyn Subject>,
}

static SHARED: LazyLock<Lenient> = LazyLock::new(Lenient::new);

impl Lenient {
    /// The reading, with the engine's WHATWG reference for the special schemes.
    pub fn new() -> Lenient {
        Lenient {
            info: SubjectInfo {
                wraps: None,
                name: "lenient".to_owned(),
                version: env!("CARGO_PKG_VERSION").to_owned(),
                profile: "rfc3986".to_owned(),
                kind: Kind::InProcess,
                library: "uridiff's lenient reading: the WHATWG reading for special schemes, \
                          else Appendix B split at the last @, the port after a literal's : or the last :"
                    .to_owned(),
                operations: OpSet::of(&[Op::Parse, Op::Resolve]),
                components: ComponentSet::ALL,
                decides_validity: false,
                edition_fields: false,
                editions: Vec::new(),
            },
            whatwg: crate::subjects::whatwg_reference(),
        }
    }

    /// The one shared instance.
    pub fn get() -> &'static Lenient {
        &SHARED
    }
}

impl Default for Lenient {
    fn default() -> Lenient {
        Lenient::new()
    }
}

impl std::fmt::Debug for Lenient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lenient").finish_non_exhaustive()
    }
}

impl Subject for Lenient {
    fn info(&self) -> &SubjectInfo {
        &self.info
    }

    fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
        let Ok(text) = std::str::from_utf8(input) else {
            return Outcome::Unsupported("the lenient reading reads UTF-8 text only".into());
        };
        // 1. The browsers' reading, for a special scheme followed by "//" or a backslash.
        if let Outcome::Accepted(p) = self.whatwg.parse(input, ctx) {
            let special = p
                .components
                .get(Component::Scheme)
                .is_some_and(|s| SPECIAL_SCHEMES.contains(&s));
            if special && authority_marked(text) {
                return Outcome::Accepted(p);
            }
        }
        // 2. The documented split.
        Outcome::Accepted(Parsed::from(split(text)))
    }

    fn resolve(&self, base: &[u8], reference: &[u8], ctx: &Ctx<'_>) -> Outcome<String> {
        let (Ok(base_text), Ok(reference_text)) =
            (std::str::from_utf8(base), std::str::from_utf8(reference))
        else {
            return Outcome::Unsupported("the lenient reading reads UTF-8 text only".into());
        };
        // 1. The browsers' resolution, against a base of a special scheme.
        if let Outcome::Accepted(target) = self.whatwg.resolve(base, reference, ctx) {
            let special = SPECIAL_SCHEMES.iter().any(|s| {
                target.len() > s.len()
                    && target.starts_with(s)
                    && target[s.len()..].starts_with(':')
            });
            if special {
                return Outcome::Accepted(target);
            }
        }
        // 2. RFC 3986 5.2.2 over the split components; a base needs a scheme (5.2.1).
        match resolve(&split(base_text), &split(reference_text)) {
            Some(target) => Outcome::Accepted(target),
            None => Outcome::Unsupported(
                "the lenient reading resolves against a base with a scheme".into(),
            ),
        }
    }
}

/// RFC 3986 5.2.2's transform of reference `r` against base `b` (both split), recomposed as 5.3
/// says; `None` when the base has no scheme.
///
/// ```
/// use uridiff::subjects::lenient::{resolve, split};
/// assert_eq!(resolve(&split("foo://a/b/c"), &split("../d e")).as_deref(), Some("foo://a/d e"));
/// assert_eq!(resolve(&split("a/b"), &split("c")), None);
/// ```
pub fn resolve(b: &Components, r: &Components) -> Option<String> {
    use Component::{Authority, Fragment, Path, Query, Scheme};
    let b_scheme = b.get(Scheme)?;
    let (r_path, b_path) = (r.get(Path).unwrap_or(""), b.get(Path).unwrap_or(""));
    let (t_scheme, t_authority, t_path, t_query);
    if let Some(s) = r.get(Scheme) {
        // "if defined(R.scheme) then T.scheme = R.scheme; T.authority = R.authority;
        //  T.path = remove_dot_segments(R.path); T.query = R.query;"
        (t_scheme, t_authority) = (s, r.get(Authority));
        (t_path, t_query) = (remove_dot_segments(r_path), r.get(Query));
    } else {
        t_scheme = b_scheme;
        if r.get(Authority).is_some() {
            (t_authority, t_path, t_query) =
                (r.get(Authority), remove_dot_segments(r_path), r.get(Query));
        } else {
            t_authority = b.get(Authority);
            if r_path.is_empty() {
                // "T.path = Base.path; if defined(R.query) then T.query = R.query; else
                //  T.query = Base.query;"
                t_path = b_path.to_owned();
                t_query = r.get(Query).or(b.get(Query));
            } else {
                t_query = r.get(Query);
                t_path = if r_path.starts_with('/') {
                    remove_dot_segments(r_path)
                } else {
                    // 5.2.3 "Merge Paths".
                    let merged = if b.get(Authority).is_some() && b_path.is_empty() {
                        format!("/{r_path}")
                    } else {
                        let keep = b_path.rfind('/').map_or(0, |i| i + 1);
                        format!("{}{r_path}", &b_path[..keep])
                    };
                    remove_dot_segments(&merged)
                };
            }
        }
    }
    // 5.3 "Component Recomposition".
    let mut out = format!("{t_scheme}:");
    if let Some(a) = t_authority {
        out.push_str("//");
        out.push_str(a);
    }
    out.push_str(&t_path);
    if let Some(q) = t_query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = r.get(Fragment) {
        out.push('#');
        out.push_str(f);
    }
    Some(out)
}

/// RFC 3986 5.2.4 `remove_dot_segments`, on text.
fn remove_dot_segments(input: &str) -> String {
    let mut input = input;
    let mut output = String::with_capacity(input.len());
    while !input.is_empty() {
        // A. "If the input buffer begins with a prefix of "../" or "./", then remove that
        //    prefix from the input buffer"
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            input = rest;
        // B. "if the input buffer begins with a prefix of "/./" or "/.", where "." is a
        //    complete path segment, then replace that prefix with "/""
        } else if input.starts_with("/./") {
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        // C. "/../" or "/..": replace with "/" and remove the last segment of the output.
        } else if input.starts_with("/../") || input == "/.." {
            input = if input == "/.." { "/" } else { &input[3..] };
            let cut = output.rfind('/').unwrap_or(0);
            output.truncate(cut);
        // D. "if the input buffer consists only of "." or "..", then remove that"
        } else if input == "." || input == ".." {
            input = "";
        // E. "move the first path segment in the input buffer to the end of the output
        //    buffer"
        } else {
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| start + i);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

/// Whether what follows the scheme's ":" of `input`, read as the URL Standard reads it (C0
/// controls and spaces stripped at the ends, tabs and newlines removed), is a run of slashes
/// that RFC 3986 would read as no authority only if it were valid: exactly two `/`, or any run
/// of `/` and `\` with a backslash in it.
fn authority_marked(input: &str) -> bool {
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let mut after_colon = trimmed
        .split_once(':')
        .map(|(_, rest)| rest)
        .unwrap_or_default()
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'));
    let (mut slashes, mut backslash) = (0, false);
    for c in after_colon.by_ref() {
        match c {
            '/' => slashes += 1,
            '\\' => backslash = true,
            _ => break,
        }
    }
    backslash || slashes == 2
}

/// The documented lenient split of `input` (the module's second reading).
///
/// ```
/// use uridiff::model::Component;
/// let c = uridiff::subjects::lenient::split("http://[::1]:80x/p?q");
/// assert_eq!(c.get(Component::Host), Some("[::1]"));
/// assert_eq!(c.get(Component::Port), Some("80x"));
/// let c = uridiff::subjects::lenient::split("1a:b");
/// assert_eq!(c.get(Component::Scheme), None);
/// assert_eq!(c.get(Component::Path), Some("1a:b"));
/// ```
pub fn split(input: &str) -> Components {
    let mut c = Components::default();
    let mut rest = input;
    // RFC 3986 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), ended by ":".
    if let Some(colon) = input.find(':') {
        let scheme = &input[..colon];
        let mut bytes = scheme.bytes();
        let first_alpha = bytes.next().is_some_and(|b| b.is_ascii_alphabetic());
        if first_alpha
            && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        {
            c.set(Component::Scheme, Some(scheme));
            rest = &input[colon + 1..];
        }
    }
    // Appendix B: `(#(.*))?` takes everything after the first "#".
    if let Some(hash) = rest.find('#') {
        c.set(Component::Fragment, Some(&rest[hash + 1..]));
        rest = &rest[..hash];
    }
    // `(\?([^#]*))?`
    if let Some(q) = rest.find('?') {
        c.set(Component::Query, Some(&rest[q + 1..]));
        rest = &rest[..q];
    }
    // `(//([^/?#]*))?`
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find('/').unwrap_or(after.len());
        let authority = &after[..end];
        rest = &after[end..];
        c.set(Component::Authority, Some(authority));
        split_authority(authority, &mut c);
    }
    c.set(Component::Path, Some(rest));
    c
}

/// The authority's userinfo (before the last `@`), host and port (after the `:` that follows an
/// IP literal, else after the last `:`).
fn split_authority(authority: &str, c: &mut Components) {
    let host_port = match authority.rfind('@') {
        Some(at) => {
            c.set(Component::Userinfo, Some(&authority[..at]));
            &authority[at + 1..]
        }
        None => authority,
    };
    let (host, port) = match host_port.find(']').filter(|_| host_port.starts_with('[')) {
        Some(close) => match host_port[close + 1..].strip_prefix(':') {
            Some(port) => (&host_port[..=close], Some(port)),
            None => (host_port, None),
        },
        None => match host_port.rfind(':') {
            Some(colon) => (&host_port[..colon], Some(&host_port[colon + 1..])),
            None => (host_port, None),
        },
    };
    c.set(Component::Host, Some(host));
    c.set(Component::Port, port);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(input: &str) -> Components {
        match Lenient::get().parse(input.as_bytes(), &Ctx::default()) {
            Outcome::Accepted(p) => p.components,
            other => panic!("{input:?}: {other:?}"),
        }
    }

    #[test]
    fn special_schemes_are_read_as_browsers_read_them() {
        // Backslashes are slashes in a special URL: the host ends at the first one.
        let c = get("http://evil.example\\@good.example/");
        assert_eq!(c.get(Component::Host), Some("evil.example"));
        // Leading spaces are stripped, tabs removed.
        let c = get(" http://a\tb/");
        assert_eq!(c.get(Component::Scheme), Some("http"));
        assert_eq!(c.get(Component::Host), Some("ab"));
        // Backslashes among the slashes: the browsers' reading.
        assert_eq!(get("http:/\\x/y").get(Component::Host), Some("x"));
        assert_eq!(get("http:\\\\x").get(Component::Host), Some("x"));
        // One or three slashes, or none: RFC 3986's structure, as for a valid input.
        assert_eq!(get("http:///x/y").get(Component::Host), Some(""));
        assert_eq!(get("http:/x/y").get(Component::Host), None);
        assert_eq!(get("http:[::]").get(Component::Host), None);
        assert_eq!(get("http:[::]").get(Component::Path), Some("[::]"));
    }

    #[test]
    fn the_split_takes_the_last_at_and_the_last_colon_outside_a_literal() {
        let c = split("foo://u:p@q@h:1/p");
        assert_eq!(c.get(Component::Userinfo), Some("u:p@q"));
        assert_eq!(c.get(Component::Host), Some("h"));
        assert_eq!(c.get(Component::Port), Some("1"));
        assert_eq!(c.get(Component::Path), Some("/p"));
        let c = split("foo://[v1.x:y]:9");
        assert_eq!(c.get(Component::Host), Some("[v1.x:y]"));
        assert_eq!(c.get(Component::Port), Some("9"));
        let c = split("foo://[::1]x");
        assert_eq!(c.get(Component::Host), Some("[::1]x"));
        assert_eq!(c.get(Component::Port), None);
        let c = split("foo://h:");
        assert_eq!(c.get(Component::Port), Some(""));
        // After a literal, the port starts after the `:` that follows it.
        let c = split("foo://[::]::");
        assert_eq!(c.get(Component::Host), Some("[::]"));
        assert_eq!(c.get(Component::Port), Some(":"));
    }

    #[test]
    fn the_split_follows_appendix_b_for_path_query_and_fragment() {
        let c = split("a b?c?d#e#f");
        assert_eq!(c.get(Component::Scheme), None);
        assert_eq!(c.get(Component::Path), Some("a b"));
        assert_eq!(c.get(Component::Query), Some("c?d"));
        assert_eq!(c.get(Component::Fragment), Some("e#f"));
        assert_eq!(c.get(Component::Host), None);
        let c = split("//a/b");
        assert_eq!(c.get(Component::Host), Some("a"));
        assert_eq!(c.get(Component::Path), Some("/b"));
        // A non-special scheme is split, not read by the URL Standard.
        let c = get("foo://a b/");
        assert_eq!(c.get(Component::Host), Some("a b"));
    }

    #[test]
    fn references_resolve_as_browsers_do_or_by_rfc_3986_5_2() {
        let resolved = |base: &str, r: &str| match Lenient::get().resolve(
            base.as_bytes(),
            r.as_bytes(),
            &Ctx::default(),
        ) {
            Outcome::Accepted(t) => t,
            other => panic!("{base} {r}: {other:?}"),
        };
        // A special base: the URL Standard's resolution (a backslash is a slash there).
        assert_eq!(resolved("http://a/b/c", r"\\evil/x"), "http://evil/x");
        // Another scheme: RFC 3986 5.2.2 over the split, with its examples' dot segments.
        assert_eq!(resolved("foo://a/b/c/d;p?q", "../../g h"), "foo://a/g h");
        assert_eq!(
            resolved("foo://a/b/c/d;p?q", "?y#s#t"),
            "foo://a/b/c/d;p?y#s#t"
        );
        assert_eq!(resolved("foo://a/b/c/d;p?q", "//x@y@z/p"), "foo://x@y@z/p");
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    }

    #[test]
    fn non_utf8_has_no_lenient_reading() {
        assert!(matches!(
            Lenient::get().parse(b"http://\xff/", &Ctx::default()),
            Outcome::Unsupported(_)
        ));
    }
}
