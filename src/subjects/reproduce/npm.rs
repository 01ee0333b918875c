//! Reproduce lines of the Node.js workers that call npm packages (`workers/node-*.js` for
//! whatwg-url, url-parse, urijs, fast-uri and uri-js): each runs `node -e` with `NODE_PATH` set to
//! uridiff's own packages folder, where `workers/install.sh` puts them
//! (`src/subjects/external/packages.rs`), and prints what the worker reports, mapped as the
//! worker's head comment says.

use super::{inline, js_print, Program};
use crate::model::Op;
use crate::parsers::NpmCall;
use crate::text::{literal, Lang};

/// `NODE_PATH` as uridiff sets it for these workers, in its packages folder ([`super::PACKAGES`]).
fn node_path() -> String {
    format!("NODE_PATH=\"{}/node/node_modules\"", super::PACKAGES)
}

/// The line of `call` (an npm worker's card's template), `None` for an operation its worker
/// lacks (reached through [`super::reproduce`]).
pub(super) fn program(
    call: NpmCall,
    op: Op,
    input: &[u8],
    second: Option<&[u8]>,
) -> Option<Program> {
    let x = || literal(Lang::Js, input);
    let two = || Some((literal(Lang::Js, second?)?, x()?));
    let program = match (call, op) {
        (NpmCall::WhatwgUrl, Op::Parse) => format!(
            "const w = require(\"whatwg-url\"); const u = w.parseURL({}); \
             if (u === null) console.log(\"failure\"); else {}",
            x()?,
            js_print(&[
                ("scheme", "u.scheme"),
                (
                    "userinfo",
                    "u.username === \"\" && u.password === \"\" ? null : u.password === \"\" \
                     ? u.username : u.username + \":\" + u.password"
                ),
                ("host", "u.host === null ? null : w.serializeHost(u.host)"),
                ("port", "u.port"),
                ("path", "w.serializePath(u)"),
                ("query", "u.query"),
                ("fragment", "u.fragment"),
            ])
        ),
        (NpmCall::WhatwgUrl, Op::Resolve) => {
            let (base, reference) = two()?;
            format!(
                "const w = require(\"whatwg-url\"); \
                 console.log(w.serializeURL(w.parseURL({reference}, {{ baseURL: w.parseURL({base}) }})))"
            )
        }
        (NpmCall::UrlParse, Op::Parse) => format!(
            "const u = new (require(\"url-parse\"))({}, {{}}); {}",
            x()?,
            js_print(&[
                (
                    "scheme",
                    "u.protocol === \"\" ? null : u.protocol.replace(/:$/, \"\")"
                ),
                ("userinfo", "u.auth === \"\" ? null : u.auth"),
                (
                    "host",
                    "u.hostname !== \"\" || (u.protocol !== \"\" && u.slashes) ? u.hostname : null"
                ),
                ("port", "u.port === \"\" ? null : u.port"),
                ("path", "u.pathname"),
                (
                    "query",
                    "u.query === \"\" ? null : u.query.replace(/^\\?/, \"\")"
                ),
                (
                    "fragment",
                    "u.hash === \"\" ? null : u.hash.replace(/^#/, \"\")"
                ),
            ])
        ),
        (NpmCall::UrlParse, Op::Resolve) => {
            let (base, reference) = two()?;
            format!("console.log(new (require(\"url-parse\"))({reference}, {base}).href)")
        }
        (NpmCall::Urijs, Op::Parse) => format!(
            "const URI = require(\"urijs\"); const x = {}; URI(x); const p = URI.parse(x); {}",
            x()?,
            js_print(&[
                ("scheme", "p.protocol"),
                (
                    "userinfo",
                    "p.username == null && p.password == null ? null : p.password == null \
                     ? p.username : (p.username || \"\") + \":\" + p.password"
                ),
                ("host", "p.hostname"),
                ("port", "p.port"),
                ("path", "p.path"),
                ("query", "p.query"),
                ("fragment", "p.fragment"),
            ])
        ),
        (NpmCall::Urijs, Op::Resolve) => {
            let (base, reference) = two()?;
            format!("console.log(require(\"urijs\")({reference}).absoluteTo({base}).href())")
        }
        (NpmCall::Urijs, Op::Normalize) => {
            format!(
                "console.log(require(\"urijs\")({}).normalize().href())",
                x()?
            )
        }
        (NpmCall::Urijs, Op::Equivalent) => {
            let (other, x) = two()?;
            format!("console.log(require(\"urijs\")({x}).equals({other}))")
        }
        (NpmCall::UriJsFamily(package), _) => match op {
            Op::Parse => format!(
                "const r = require(\"{package}\").parse({}); {}",
                x()?,
                js_print(&[
                    ("error", "r.error"),
                    ("scheme", "r.scheme"),
                    ("userinfo", "r.userinfo"),
                    ("host", "r.host"),
                    ("port", "r.port"),
                    ("path", "r.path"),
                    ("query", "r.query"),
                    ("fragment", "r.fragment"),
                ])
            ),
            Op::Resolve => {
                let (base, reference) = two()?;
                format!("console.log(require(\"{package}\").resolve({base}, {reference}))")
            }
            Op::Normalize => {
                format!("console.log(require(\"{package}\").normalize({}))", x()?)
            }
            Op::Equivalent => {
                let (other, x) = two()?;
                format!("console.log(require(\"{package}\").equal({x}, {other}))")
            }
            Op::Extract => return None,
        },
        _ => return None,
    };
    Some(inline(
        format!("{} node -e", node_path()),
        Lang::Js,
        program,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(call: NpmCall, op: Op, input: &[u8], second: Option<&[u8]>) -> Option<String> {
        program(call, op, input, second).map(|p| p.line())
    }

    #[test]
    fn each_line_sets_node_path_and_calls_its_package() {
        for (subject, package) in [
            (NpmCall::WhatwgUrl, "whatwg-url"),
            (NpmCall::UrlParse, "url-parse"),
            (NpmCall::Urijs, "urijs"),
            (NpmCall::UriJsFamily("fast-uri"), "fast-uri"),
            (NpmCall::UriJsFamily("uri-js"), "uri-js"),
        ] {
            let parse = line(subject, Op::Parse, b"http://a/", None).unwrap();
            assert!(parse.starts_with("NODE_PATH=\""), "{parse}");
            assert!(
                parse.contains(&format!("require(\"{package}\")")),
                "{parse}"
            );
            let resolve = line(subject, Op::Resolve, b"../g", Some(b"http://a/b/c")).unwrap();
            assert!(resolve.contains("\"../g\"") && resolve.contains("\"http://a/b/c\""));
        }
        // whatwg-url and url-parse offer no normalize; a text-only library takes no bytes.
        assert_eq!(line(NpmCall::UrlParse, Op::Normalize, b"a", None), None);
        assert_eq!(
            line(NpmCall::UriJsFamily("fast-uri"), Op::Parse, b"\xff", None),
            None
        );
    }
}
