//! Reproduce lines of the workers of PyPI packages (workers/python-*.py, the packages of
//! workers/python/requirements.txt): each runs the venv's own interpreter
//! ([`crate::subjects::external::venv_python`]), where the pinned packages are, and calls what
//! the worker calls, printing the components with the worker's mapping. The libraries take text
//! only: an input that is not UTF-8 has no line.

use super::{inline, py_print, Program};
use crate::model::Op;
use crate::parsers::PyPiCall;
use crate::text::{literal, Lang};

/// The interpreter of the venv of pinned packages (`workers/install.sh` makes it in uridiff's
/// packages folder, [`super::PACKAGES`]), as a shell word that finds it on the machine that runs
/// the line, as the Node.js lines find their packages.
pub(super) fn python() -> String {
    format!("\"{}/python/bin/python3\"", super::PACKAGES)
}

/// A Python string literal of `input` when it is UTF-8 (the libraries take text).
fn text(input: &[u8]) -> Option<String> {
    std::str::from_utf8(input).ok()?;
    literal(Lang::Python, input)
}

/// The line of `call` (a PyPI worker's card's template), `None` for an operation the worker
/// lacks.
pub(super) fn program(
    call: PyPiCall,
    op: Op,
    input: &[u8],
    second: Option<&[u8]>,
) -> Option<Program> {
    let x = text(input)?;
    let y = || second.and_then(text);
    let program = match (call, op) {
        (PyPiCall::Urllib3, Op::Parse) => format!(
            "from urllib3.util import parse_url; u = parse_url({x}); {}",
            py_print(&[
                ("scheme", "u.scheme"),
                ("authority", "u.authority"),
                ("userinfo", "u.auth"),
                ("host", "u.host"),
                ("port", "u.port"),
                ("path", "u.path"),
                ("query", "u.query"),
                ("fragment", "u.fragment"),
            ])
        ),
        (PyPiCall::Yarl, Op::Parse) => format!(
            "import yarl; u = yarl.URL({x}); {}",
            py_print(&[
                ("scheme", "u.scheme"),
                ("authority", "u.raw_authority"),
                (
                    "userinfo",
                    "None if u.raw_user is None and u.raw_password is None else u.raw_user \
                     if u.raw_password is None else (u.raw_user or \"\") + \":\" + u.raw_password",
                ),
                ("host", "u.raw_host"),
                ("port", "u.explicit_port"),
                ("path", "u.raw_path"),
                ("query", "u.raw_query_string"),
                ("fragment", "u.raw_fragment"),
            ])
        ),
        (PyPiCall::Yarl, Op::Resolve) => {
            format!("import yarl; print(yarl.URL({}).join(yarl.URL({x})))", y()?)
        }
        (PyPiCall::Hyperlink, Op::Parse) => format!(
            "import hyperlink; u = hyperlink.parse({x}, decoded=False); {}",
            py_print(&[
                ("scheme", "u.scheme"),
                ("userinfo", "u.userinfo"),
                ("host", "u.host"),
                ("port", "u.port"),
                ("path", "(\"/\" if u.rooted else \"\") + \"/\".join(u.path)"),
                (
                    "query",
                    "\"&\".join(k if v is None else k + \"=\" + v for k, v in u.query)",
                ),
                ("fragment", "u.fragment"),
            ])
        ),
        (PyPiCall::Hyperlink, Op::Resolve) => format!(
            "import hyperlink; print(hyperlink.parse({}, decoded=False).click({x})\
             .to_text(with_password=True))",
            y()?
        ),
        (PyPiCall::Hyperlink, Op::Normalize) => format!(
            "import hyperlink; print(hyperlink.parse({x}, decoded=False).normalize()\
             .to_text(with_password=True))"
        ),
        (PyPiCall::Furl, Op::Parse) => format!(
            "import furl; f = furl.furl({x}); {}",
            py_print(&[
                ("scheme", "f.scheme"),
                ("authority", "f.netloc"),
                (
                    "userinfo",
                    "None if f.username is None and f.password is None else f.username \
                     if f.password is None else (f.username or \"\") + \":\" + f.password",
                ),
                ("host", "f.host"),
                ("port", "f.port"),
                ("path", "str(f.path)"),
                ("query", "str(f.query)"),
                ("fragment", "str(f.fragment)"),
            ])
        ),
        (PyPiCall::Furl, Op::Resolve) => {
            format!("import furl; print(furl.furl({}).join({x}).url)", y()?)
        }
        (PyPiCall::Rfc3987, Op::Parse) => format!(
            "import rfc3987; p = rfc3987.parse({x}, rule=\"URI_reference\"); {}",
            py_print(&[
                ("scheme", "p[\"scheme\"]"),
                ("authority", "p[\"authority\"]"),
                ("path", "p[\"path\"]"),
                ("query", "p[\"query\"]"),
                ("fragment", "p[\"fragment\"]"),
            ])
        ),
        (PyPiCall::Rfc3987, Op::Resolve) => {
            let base = y()?;
            format!(
                "import rfc3987; rfc3987.parse({base}, rule=\"URI_reference\"); \
                 rfc3987.parse({x}, rule=\"URI_reference\"); print(rfc3987.resolve({base}, {x}))"
            )
        }
        (PyPiCall::Uritools, Op::Parse) => format!(
            "import uritools; u = uritools.urisplit({x}); {}",
            py_print(&[
                ("scheme", "u.scheme"),
                ("authority", "u.authority"),
                ("userinfo", "u.userinfo"),
                ("host", "u.host"),
                ("port", "u.port"),
                ("path", "u.path"),
                ("query", "u.query"),
                ("fragment", "u.fragment"),
            ])
        ),
        (PyPiCall::Uritools, Op::Resolve) => {
            format!("import uritools; print(uritools.urijoin({}, {x}))", y()?)
        }
        _ => return None,
    };
    Some(inline(format!("{} -c", python()), Lang::Python, program))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(call: PyPiCall, op: Op, input: &[u8], second: Option<&[u8]>) -> Option<String> {
        program(call, op, input, second).map(|p| p.line())
    }

    const WORKERS: &[PyPiCall] = &[
        PyPiCall::Urllib3,
        PyPiCall::Yarl,
        PyPiCall::Hyperlink,
        PyPiCall::Furl,
        PyPiCall::Rfc3987,
        PyPiCall::Uritools,
    ];

    #[test]
    fn every_pypi_worker_has_a_parse_line_and_none_for_bytes_it_cannot_take() {
        for w in WORKERS {
            let l = line(*w, Op::Parse, b"http://a/it's", None).unwrap_or_else(|| panic!("{w:?}"));
            assert!(l.contains(" -c '") && l.contains(r"it'\''s"), "{w:?}: {l}");
            assert_eq!(line(*w, Op::Parse, b"http://a/\x80", None), None, "{w:?}");
        }
        // Operations a worker lacks have no line.
        assert_eq!(
            line(PyPiCall::Urllib3, Op::Resolve, b"g", Some(b"http://a/")),
            None
        );
        assert_eq!(
            line(PyPiCall::Furl, Op::Normalize, b"http://a/", None),
            None
        );
    }
}
