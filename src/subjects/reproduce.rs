//! Reproduce lines: for a parser and an input, one shell command in the parser's own language
//! that shows what its library answers, without uridiff: every class carries one, so a reader can
//! check the verdict by calling the library directly.
//!
//! A line calls the entry points the subject's worker calls (workers/README.md, "The shipped
//! workers"; each worker's head comment) and prints, one per line as `name=value`, the
//! components the worker reports, in the worker's order, with the worker's own mapping where
//! it has one (Go's host with its brackets, curl's zone id put back), so that the output reads
//! against uridiff's answer. An undefined component shows as the language prints its nothing
//! (`None`, `null`, `<nil>`, `nil`, `undef`). For the in-process Rust crates the line is a
//! statement to paste into a `main`; for impl and the oracles, which are uridiff itself, there
//! is none.
//!
//! Quoting has two layers: the input becomes a string literal of the language (its own
//! escapes for control characters and, in the languages whose strings hold bytes, for bytes
//! that are not UTF-8), and the whole program becomes one shell word in single quotes. A
//! library that takes only text gets no line for an input that is not UTF-8: its worker refuses
//! such an input itself (code `not-utf8`), without calling the library.

use crate::model::Op;
use crate::parsers::{DebianCall, Reproduce, RustCall};
use crate::text::{literal, rust_bytes, sh_quote, Lang};

/// uridiff's folder of pinned packages (`src/subjects/external/packages.rs`), written for `sh`:
/// `$URIDIFF_PACKAGES`, else the user's cache folder. The lines name it so, not by the path it
/// has on the machine that wrote the report, so a report read elsewhere still runs there.
const PACKAGES: &str = "${URIDIFF_PACKAGES:-${XDG_CACHE_HOME:-$HOME/.cache}/uridiff/packages}";

// The workers of PyPI packages, run with the venv's interpreter.
mod pypi;
// The Node.js workers calling npm packages, in a room of their own.
mod npm;
// Debian 12's parsers (uriparser, Boost.URL, libwget, Addressable, Mojo::URL, OkHttp).
mod debian;

/// A one-line shell command, in the language of `subject`'s library, that prints what the
/// library answers for `op` on `input` (`second`: the base for `resolve`, the other operand for
/// `equivalent`); `None` when there is none (impl and the oracles, an operation the subject
/// lacks, text that a text-only library cannot take).
///
/// # Examples
///
/// ```
/// use uridiff::model::Op;
/// use uridiff::subjects::reproduce::reproduce;
/// let line = reproduce("php-parse-url", Op::Parse, b"http://a/b", None).unwrap();
/// assert!(line.starts_with("php -r '") && line.contains("parse_url(\"http://a/b\")"));
/// let line = reproduce("python-urllib", Op::Resolve, b"../g", Some(b"http://a/b/c")).unwrap();
/// assert!(line.contains("urljoin(\"http://a/b/c\", \"../g\")"));
/// // A PyPI package's line runs the interpreter of uridiff's venv of pinned packages.
/// let line = reproduce("python-yarl", Op::Resolve, b"g", Some(b"http://a/")).unwrap();
/// assert!(line.contains("yarl.URL(\"http://a/\").join(yarl.URL(\"g\"))"), "{line}");
/// assert_eq!(reproduce("impl", Op::Parse, b"http://a/", None), None);
/// ```
pub fn reproduce(subject: &str, op: Op, input: &[u8], second: Option<&[u8]>) -> Option<String> {
    let card = crate::parsers::card(subject)?;
    line(card.reproduce, op, input, second)
}

/// The line of the template `template` (a card's [`Card::reproduce`](crate::parsers::Card)).
///
/// ```
/// use uridiff::model::Op;
/// use uridiff::parsers::Reproduce;
/// use uridiff::subjects::reproduce::line;
/// let l = line(Reproduce::RubyUri, Op::Resolve, b"g", Some(b"http://a/")).unwrap();
/// assert!(l.starts_with("ruby -ruri -e '"), "{l}");
/// assert_eq!(line(Reproduce::None, Op::Parse, b"http://a/", None), None);
/// ```
pub fn line(template: Reproduce, op: Op, input: &[u8], second: Option<&[u8]>) -> Option<String> {
    match template {
        Reproduce::Rust(call) => rust(call, op, input, second),
        _ => program(template, op, input, second).map(|p| p.line()),
    }
}

/// One shell command that runs the programs of `subject` for every `(op, input, second)` of
/// `samples` in one process (one interpreter started, one source file built), each program's
/// output followed by a line [`SEPARATOR`]: what [`reproduce`]'s lines print, one after the
/// other, for a reader checking many inputs of one library. `None` where one sample has no
/// line, and for the in-process Rust crates (their lines are statements for a `main`).
///
/// A program that stops its process (an exception, a rejection that exits) leaves the
/// separators of it and of the samples after it unprinted.
///
/// # Examples
///
/// ```
/// use uridiff::model::Op;
/// use uridiff::subjects::reproduce::{batch, SEPARATOR};
/// let both = batch(
///     "python-urllib",
///     &[(Op::Parse, b"http://a/b", None), (Op::Resolve, b"g", Some(b"http://a/"))],
/// )
/// .unwrap();
/// assert!(both.starts_with("python3 -c '"), "{both}");
/// assert!(both.contains("urlsplit(\"http://a/b\")") && both.contains(SEPARATOR), "{both}");
/// assert_eq!(batch("impl", &[(Op::Parse, b"http://a/", None)]), None);
/// ```
pub fn batch(subject: &str, samples: &[Sample<'_>]) -> Option<String> {
    let card = crate::parsers::card(subject)?;
    let programs = samples
        .iter()
        .map(|(op, input, second)| program(card.reproduce, *op, input, *second))
        .collect::<Option<Vec<Program>>>()?;
    Program::batch(&programs)
}

/// One sample of a [`batch`]: the operation, the input, and the base of `resolve` or the other
/// operand of `equivalent`.
pub type Sample<'a> = (Op, &'a [u8], Option<&'a [u8]>);

/// The line a batch's program prints after each sample's output ([`batch`]).
pub const SEPARATOR: &str = "--- uridiff: end of sample ---";

/// How a reproduce program runs, and its source: kept apart from the shell line so that the
/// programs of one library can be run as one ([`batch`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Program {
    /// An interpreter given its program as one shell word: `command 'source'`.
    Inline {
        /// The command before the program (`python3 -c`, `NODE_PATH=... node -e`).
        command: String,
        /// The program's language, for the separator's statement.
        lang: Lang,
        /// The program.
        source: String,
    },
    /// A single-file Java source program (JEP 330) whose `main` runs `body`, with `o` a UTF-8
    /// `PrintStream` on standard output.
    Java {
        /// The class, and the file's name.
        class: &'static str,
        /// `-cp ...` and a space, or nothing.
        classpath: &'static str,
        /// The statements of `main`.
        body: String,
    },
    /// A Go `main` body (`fmt`, `net/url` and `strings` imported) run by `go run`.
    Go {
        /// The statements of `main`.
        body: String,
    },
    /// A C or C++ `main` body, written to a source file, built, then run.
    Built {
        /// The headers included.
        includes: &'static [&'static str],
        /// The compiler and its options before `-o`.
        compiler: &'static str,
        /// The source file's extension (`c`, `cpp`).
        ext: &'static str,
        /// The libraries linked.
        libs: &'static str,
        /// The statements of `main`, before its `return 0;`.
        body: String,
    },
}

impl Program {
    /// The one-line shell command that runs this program alone.
    pub(crate) fn line(&self) -> String {
        match self {
            Program::Inline {
                command, source, ..
            } => format!("{command} {}", sh_quote(source)),
            Program::Java {
                class,
                classpath,
                body,
            } => java_line(class, classpath, body),
            Program::Go { body } => go_line(body),
            Program::Built {
                includes,
                compiler,
                ext,
                libs,
                body,
            } => built_line(
                includes,
                &format!("int main(void) {{ {body} return 0; }}"),
                compiler,
                ext,
                libs,
            ),
        }
    }

    /// One shell command running `programs` (all of one library, so of one kind and command)
    /// one after the other in one process, [`SEPARATOR`] printed after each; each program in
    /// a scope of its own (a block, a closure, a function), so that their names do not clash.
    fn batch(programs: &[Program]) -> Option<String> {
        let first = programs.first()?;
        let same = |f: &dyn Fn(&Program) -> bool| programs.iter().all(f).then_some(());
        match first {
            Program::Inline { command, lang, .. } => {
                let mut sources = Vec::new();
                for p in programs {
                    let Program::Inline {
                        command: c,
                        lang: l,
                        source,
                    } = p
                    else {
                        return None;
                    };
                    (c == command && l == lang).then_some(())?;
                    sources.push(source.as_str());
                }
                let sep = SEPARATOR;
                // Python's statements and Ruby's one per line; a block each elsewhere.
                let source = match lang {
                    Lang::Python => sources
                        .iter()
                        .map(|s| format!("{s}\nprint(\"{sep}\")\n"))
                        .collect::<String>(),
                    Lang::Ruby => sources
                        .iter()
                        .map(|s| format!("{s}\nputs \"{sep}\"\n"))
                        .collect(),
                    Lang::Js => sources
                        .iter()
                        .map(|s| format!("{{ {s} }} console.log(\"{sep}\");\n"))
                        .collect(),
                    Lang::Perl => sources
                        .iter()
                        .map(|s| format!("{{ {s} }} print \"{sep}\\n\";\n"))
                        .collect(),
                    Lang::Php => sources
                        .iter()
                        .map(|s| format!("{s} echo \"{sep}\\n\";\n"))
                        .collect(),
                    _ => return None,
                };
                Some(
                    Program::Inline {
                        command: command.clone(),
                        lang: *lang,
                        source,
                    }
                    .line(),
                )
            }
            Program::Java {
                class, classpath, ..
            } => {
                same(
                    &|p| matches!(p, Program::Java { class: c, classpath: k, .. } if c == class && k == classpath),
                )?;
                let body = programs
                    .iter()
                    .filter_map(|p| match p {
                        Program::Java { body, .. } => {
                            Some(format!("{{ {body} }} o.println(\"{SEPARATOR}\"); "))
                        }
                        _ => None,
                    })
                    .collect::<String>();
                Some(java_line(class, classpath, &body))
            }
            Program::Go { .. } => {
                same(&|p| matches!(p, Program::Go { .. }))?;
                let body = programs
                    .iter()
                    .filter_map(|p| match p {
                        // A closure each: a body's `return` ends its sample only.
                        Program::Go { body } => Some(format!(
                            "func() {{ {body} }}(); fmt.Println(\"{SEPARATOR}\"); "
                        )),
                        _ => None,
                    })
                    .collect::<String>();
                Some(go_line(&body))
            }
            Program::Built {
                includes,
                compiler,
                ext,
                libs,
                ..
            } => {
                same(&|p| {
                    matches!(p, Program::Built { includes: i, compiler: c, ext: e, libs: l, .. }
                        if i == includes && c == compiler && e == ext && l == libs)
                })?;
                // A function each: a body's `return 1;` ends its sample only.
                let mut source = String::new();
                let mut calls = String::new();
                for (n, p) in programs.iter().enumerate() {
                    if let Program::Built { body, .. } = p {
                        source.push_str(&format!(
                            "static int sample{n}(void) {{ {body} return 0; }} "
                        ));
                        calls.push_str(&format!("sample{n}(); puts(\"{SEPARATOR}\"); "));
                    }
                }
                source.push_str(&format!("int main(void) {{ {calls}return 0; }}"));
                let mut with_stdio = includes.to_vec();
                if !with_stdio.contains(&"stdio.h") {
                    with_stdio.push("stdio.h");
                }
                Some(built_line(&with_stdio, &source, compiler, ext, libs))
            }
        }
    }
}

/// The program of `template` for `op` on `input` (see [`line`]); `None` for the Rust crates.
fn program(template: Reproduce, op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Program> {
    let two = |lang| Some((literal(lang, second?)?, literal(lang, input)?));
    match template {
        Reproduce::None | Reproduce::Rust(_) => None,
        Reproduce::PythonUrllib => python_urllib(op, input, second),
        Reproduce::PythonRfc3986 => python_rfc3986(op, input, second),
        Reproduce::PyPi(call) => pypi::program(call, op, input, second),
        Reproduce::NodeWhatwg => node_whatwg(op, input, two(Lang::Js)),
        Reproduce::NodeLegacyUrl => node_legacy(op, input, two(Lang::Js)),
        Reproduce::Npm(call) => npm::program(call, op, input, second),
        Reproduce::JavaUri => java(op, input, two(Lang::Java)),
        Reproduce::GoNetUrl => go(op, input, two(Lang::Go)),
        Reproduce::PhpParseUrl => (op == Op::Parse).then(|| php(input)),
        Reproduce::RubyUri => ruby(op, input, two(Lang::Ruby)),
        Reproduce::PerlUri => perl(op, input, second),
        Reproduce::CurlUrl => curl(op, input, second),
        Reproduce::Debian(call) => match call {
            DebianCall::Uriparser => debian::uriparser(op, input, second),
            DebianCall::BoostUrl => debian::boost_url(op, input, second),
            DebianCall::Libwget => debian::libwget(op, input, second),
            DebianCall::Addressable => debian::addressable(op, input, second),
            DebianCall::MojoUrl => debian::mojo_url(op, input, second),
            DebianCall::OkHttp => debian::okhttp(op, input, second),
        },
    }
}

/// A shell line writing `program` (after `includes`) to a source file in a folder of its own
/// (`mktemp -d`, so that two lines run at once do not build over each other), building it with
/// `compiler` and `libs`, and running it.
fn built_line(includes: &[&str], program: &str, compiler: &str, ext: &str, libs: &str) -> String {
    let includes: Vec<String> = includes
        .iter()
        .map(|i| sh_quote(&format!("#include <{i}>")))
        .collect();
    format!(
        "d=$(mktemp -d) && printf '%s\\n' {} {} > \"$d/urirepro.{ext}\" && {compiler} -o \
         \"$d/urirepro\" \"$d/urirepro.{ext}\" {libs} && \"$d/urirepro\"",
        includes.join(" "),
        sh_quote(program)
    )
}

/// A shell line writing the class `class` whose `main` runs `body` to `CLASS.java` and running it
/// as a single-file source program.
fn java_line(class: &str, classpath: &str, body: &str) -> String {
    let program = format!(
        "public class {class} {{ public static void main(String[] a) throws Exception {{ \
         java.io.PrintStream o = new java.io.PrintStream(System.out, true, \"UTF-8\"); {body} }} }}"
    );
    format!(
        "d=$(mktemp -d) && printf '%s\\n' {} > \"$d/{class}.java\" && java {classpath}\"$d/{class}.java\"",
        sh_quote(&program)
    )
}

/// A shell line writing a Go `main` running `body` to a file and running it with `go run`.
fn go_line(body: &str) -> String {
    let program = format!(
        "package main; import (\"fmt\"; \"net/url\"; \"strings\"); func main() {{ {body} }}"
    );
    format!(
        "d=$(mktemp -d) && printf '%s\\n' {} > \"$d/urirepro.go\" && go run \"$d/urirepro.go\"",
        sh_quote(&program)
    )
}

/// `name=value` lines of Python: `pairs` is `(name, expression)`.
fn py_print(pairs: &[(&str, &str)]) -> String {
    let names: Vec<String> = pairs.iter().map(|(n, _)| format!("{n:?}")).collect();
    let values: Vec<&str> = pairs.iter().map(|(_, v)| *v).collect();
    format!(
        "print(\"\\n\".join(\"%s=%s\" % kv for kv in zip([{}], [{}])))",
        names.join(", "),
        values.join(", ")
    )
}

/// python-urllib: `urlsplit`, `urljoin` (workers/python-urllib.py).
fn python_urllib(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Program> {
    let program = match op {
        Op::Parse => {
            let x = literal(Lang::Python, input)?;
            format!(
                "from urllib.parse import urlsplit; u = urlsplit({x}); {}",
                py_print(&[
                    ("scheme", "u.scheme"),
                    ("authority", "u.netloc"),
                    (
                        "userinfo",
                        "None if u.username is None else u.username if u.password is None \
                         else u.username + \":\" + u.password"
                    ),
                    ("host", "u.hostname"),
                    ("port", "u.port"),
                    ("path", "u.path"),
                    ("query", "u.query"),
                    ("fragment", "u.fragment"),
                ])
            )
        }
        Op::Resolve => {
            let base = second?;
            // urljoin refuses to mix str and bytes; the worker passes both as bytes then.
            let mixed = std::str::from_utf8(base).is_ok() != std::str::from_utf8(input).is_ok();
            let lit = |b: &[u8]| match literal(Lang::Python, b) {
                Some(l) if mixed && !l.starts_with('b') => Some(format!("{l}.encode()")),
                l => l,
            };
            format!(
                "from urllib.parse import urljoin; print(urljoin({}, {}))",
                lit(base)?,
                lit(input)?
            )
        }
        _ => return None,
    };
    Some(inline("python3 -c", Lang::Python, program))
}

/// python-rfc3986: `uri_reference`, its validator (of a resolution's operands too),
/// `resolve_with`, `normalize`, `==`
/// (workers/python-rfc3986.py). It takes text.
fn python_rfc3986(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Program> {
    let text = |b: &[u8]| std::str::from_utf8(b).ok().and(literal(Lang::Python, b));
    let x = text(input)?;
    let program = match op {
        Op::Parse => format!(
            "from rfc3986 import uri_reference, validators; r = uri_reference({x}); \
             i = r.authority_info(); validators.Validator().check_validity_of(\"scheme\", \
             \"userinfo\", \"host\", \"port\", \"path\", \"query\", \"fragment\").validate(r); {}",
            py_print(&[
                ("scheme", "r.scheme"),
                ("authority", "r.authority"),
                ("userinfo", "i[\"userinfo\"]"),
                ("host", "i[\"host\"]"),
                ("port", "i[\"port\"]"),
                ("path", "r.path"),
                ("query", "r.query"),
                ("fragment", "r.fragment"),
            ])
        ),
        Op::Resolve => format!(
            "from rfc3986 import uri_reference, validators; \
             v = validators.Validator().check_validity_of(\"scheme\", \"userinfo\", \"host\", \
             \"port\", \"path\", \"query\", \"fragment\"); \
             c = lambda s: (lambda r: (r.authority_info(), v.validate(r), r)[2])(uri_reference(s)); \
             print(c({x}).resolve_with(c({})).unsplit())",
            text(second?)?
        ),
        Op::Normalize => format!(
            "from rfc3986 import uri_reference; print(uri_reference({x}).normalize().unsplit())"
        ),
        Op::Equivalent => format!(
            "from rfc3986 import uri_reference; print(uri_reference({x}) == uri_reference({}))",
            text(second?)?
        ),
        Op::Extract => return None,
    };
    // The `rfc3986` package is in the venv of pinned packages (workers/python/requirements.txt).
    Some(inline(
        format!("{} -c", pypi::python()),
        Lang::Python,
        program,
    ))
}

/// `name=value` lines of JavaScript.
fn js_print(pairs: &[(&str, &str)]) -> String {
    let items: Vec<String> = pairs
        .iter()
        .map(|(n, v)| format!("\"{n}=\" + ({v})"))
        .collect();
    format!("console.log([{}].join(\"\\n\"))", items.join(", "))
}

/// node-whatwg: `new URL(input[, base])` (workers/node-whatwg.js).
fn node_whatwg(op: Op, input: &[u8], two: Option<(String, String)>) -> Option<Program> {
    let program = match op {
        Op::Parse => format!(
            "const u = new URL({}); {}",
            literal(Lang::Js, input)?,
            js_print(&[
                ("scheme", "u.protocol.replace(/:$/, \"\")"),
                (
                    "userinfo",
                    "u.username === \"\" && u.password === \"\" ? null : u.password === \"\" \
                     ? u.username : u.username + \":\" + u.password"
                ),
                ("host", "u.hostname"),
                ("port", "u.port === \"\" ? null : u.port"),
                ("path", "u.pathname"),
                ("query", "u.search.replace(/^\\?/, \"\")"),
                ("fragment", "u.hash.replace(/^#/, \"\")"),
            ])
        ),
        Op::Resolve => {
            let (base, reference) = two?;
            format!("console.log(new URL({reference}, {base}).href)")
        }
        _ => return None,
    };
    Some(inline("node -e", Lang::Js, program))
}

/// node-legacy-url: `url.parse`, `url.resolve` (workers/node-legacy-url.js).
fn node_legacy(op: Op, input: &[u8], two: Option<(String, String)>) -> Option<Program> {
    let program = match op {
        Op::Parse => format!(
            "const u = require(\"url\").parse({}); {}",
            literal(Lang::Js, input)?,
            js_print(&[
                ("scheme", "u.protocol && u.protocol.replace(/:$/, \"\")"),
                ("userinfo", "u.auth"),
                (
                    "host",
                    "u.host !== null && u.port !== null && u.host.endsWith(\":\" + u.port) \
                     ? u.host.slice(0, -u.port.length - 1) : u.host"
                ),
                ("port", "u.port"),
                ("path", "u.pathname"),
                ("query", "u.search && u.search.replace(/^\\?/, \"\")"),
                ("fragment", "u.hash && u.hash.replace(/^#/, \"\")"),
            ])
        ),
        Op::Resolve => {
            let (base, reference) = two?;
            format!("console.log(require(\"url\").resolve({base}, {reference}))")
        }
        _ => return None,
    };
    Some(inline("node -e", Lang::Js, program))
}

/// java-uri: `new URI`, `resolve`, `normalize`, `equals` (workers/java-uri.java), as a
/// single-file source program written by printf.
fn java(op: Op, input: &[u8], two: Option<(String, String)>) -> Option<Program> {
    let x = literal(Lang::Java, input)?;
    let body = match op {
        Op::Parse => format!(
            "java.net.URI u = new java.net.URI({x}); o.println(\"scheme=\" + u.getScheme() + \
             \"\\nauthority=\" + u.getRawAuthority() + \"\\nuserinfo=\" + u.getRawUserInfo() + \
             \"\\nhost=\" + u.getHost() + \"\\nport=\" + (u.getPort() < 0 ? null : u.getPort()) \
             + \"\\npath=\" + u.getRawPath() + \"\\nquery=\" + u.getRawQuery() + \
             \"\\nfragment=\" + u.getRawFragment());"
        ),
        Op::Resolve => {
            let (base, reference) = two?;
            format!("o.println(new java.net.URI({base}).resolve(new java.net.URI({reference})));")
        }
        Op::Normalize => format!("o.println(new java.net.URI({x}).normalize());"),
        Op::Equivalent => {
            let (other, x) = two?;
            format!("o.println(new java.net.URI({x}).equals(new java.net.URI({other})));")
        }
        Op::Extract => return None,
    };
    Some(Program::Java {
        class: "UriRepro",
        classpath: "",
        body,
    })
}

/// go-net-url: `url.Parse`, `ResolveReference` (workers/go-net-url.go), as a file written by
/// printf and run by `go run`. The host is the worker's: `Hostname()` in the brackets that
/// `URL.Host` holds; `opaque=` shows where an opaque URL keeps what is not its path.
fn go(op: Op, input: &[u8], two: Option<(String, String)>) -> Option<Program> {
    let body = match op {
        Op::Parse => format!(
            "u, err := url.Parse({}); if err != nil {{ fmt.Println(err); return }}; \
             h := u.Hostname(); if strings.HasPrefix(u.Host, \"[\") {{ h = \"[\" + h + \"]\" }}; \
             fmt.Printf(\"scheme=%s\\nuserinfo=%v\\nhost=%s\\nport=%s\\npath=%s\\nopaque=%s\\n\
             query=%s\\nfragment=%s\\n\", u.Scheme, u.User, h, u.Port(), u.EscapedPath(), \
             u.Opaque, u.RawQuery, u.EscapedFragment())",
            literal(Lang::Go, input)?
        ),
        Op::Resolve => {
            let (base, reference) = two?;
            format!(
                "b, err := url.Parse({base}); if err != nil {{ fmt.Println(err); return }}; \
                 r, err := url.Parse({reference}); if err != nil {{ fmt.Println(err); return }}; \
                 fmt.Println(b.ResolveReference(r)); _ = strings.HasPrefix"
            )
        }
        _ => return None,
    };
    Some(Program::Go { body })
}

/// php-parse-url: `parse_url` (workers/php-parse-url.php); userinfo is user[":" pass].
fn php(input: &[u8]) -> Program {
    let program = format!(
        "$p = parse_url({}); if ($p === false) {{ echo \"false\\n\"; exit(1); }} \
         $u = isset($p[\"user\"]) ? $p[\"user\"] . (isset($p[\"pass\"]) ? \":\" . $p[\"pass\"] : \"\") : null; \
         foreach ([\"scheme\" => $p[\"scheme\"] ?? null, \"userinfo\" => $u, \"host\" => $p[\"host\"] ?? null, \
         \"port\" => $p[\"port\"] ?? null, \"path\" => $p[\"path\"] ?? null, \"query\" => $p[\"query\"] ?? null, \
         \"fragment\" => $p[\"fragment\"] ?? null] as $k => $v) {{ echo \"$k=\", $v ?? \"null\", \"\\n\"; }}",
        literal(Lang::Php, input).unwrap_or_default()
    );
    inline("php -r", Lang::Php, program)
}

/// ruby-uri: `URI.parse`, `URI.join` (workers/ruby-uri.rb).
fn ruby(op: Op, input: &[u8], two: Option<(String, String)>) -> Option<Program> {
    let program = match op {
        Op::Parse => format!(
            "u = URI.parse({}); [[\"scheme\", u.scheme], [\"userinfo\", u.userinfo], \
             [\"host\", u.host], [\"port\", u.port], [\"path\", u.path], [\"opaque\", u.opaque], \
             [\"query\", u.query], [\"fragment\", u.fragment]].each {{ |k, v| \
             puts \"#{{k}}=#{{v.nil? ? \"nil\" : v}}\" }}",
            literal(Lang::Ruby, input)?
        ),
        Op::Resolve => {
            let (base, reference) = two?;
            format!("puts URI.join({base}, {reference})")
        }
        _ => return None,
    };
    Some(inline("ruby -ruri -e", Lang::Ruby, program))
}

/// perl-uri: `URI->new`, `new_abs`, `canonical`, `URI::eq` (workers/perl-uri.pl). A method the
/// object's class lacks prints as such (the worker does not report it).
fn perl(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Program> {
    // As workers/perl-uri.pl hands them over: a text that is UTF-8 (and not ASCII) decoded
    // first, URI->new taking characters; other bytes as they are.
    let text = |b: &[u8]| {
        let x = literal(Lang::Perl, b)?;
        Some(if !b.is_ascii() && std::str::from_utf8(b).is_ok() {
            format!("Encode::decode(\"UTF-8\", {x})")
        } else {
            x
        })
    };
    let x = text(input)?;
    let two = || Some((text(second?)?, x.clone()));
    let program = match op {
        Op::Parse => format!(
            "my $u = URI->new({x}); for my $m (qw(scheme authority userinfo host port path \
             query fragment)) {{ my $v = $m eq \"path\" && $u->isa(\"URI::_generic\") ? \
             URI::_generic::path($u) : $u->can($m) ? $u->$m : undef; print \"$m=\", ($u->can($m) \
             ? $v // \"undef\" : \"(no such method)\"), \"\\n\" }}"
        ),
        Op::Resolve => {
            let (base, reference) = two()?;
            format!("print URI->new_abs({reference}, {base})->as_string, \"\\n\"")
        }
        Op::Normalize => format!("print URI->new({x})->canonical->as_string, \"\\n\""),
        Op::Equivalent => {
            let (other, x) = two()?;
            format!("print URI::eq({x}, {other}) ? \"true\" : \"false\", \"\\n\"")
        }
        Op::Extract => return None,
    };
    Some(inline("perl -MURI -MEncode -e", Lang::Perl, program))
}

/// curl-url: `curl_url_set` with `CURLU_NON_SUPPORT_SCHEME`, then `curl_url_get` for each
/// part (workers/curl-url.c), as a C file written by printf and built with `cc -lcurl`
/// (Debian has no `trurl` in this release). The host gets its zone id back, as the worker's.
fn curl(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Program> {
    if input.contains(&0) || second.is_some_and(|s| s.contains(&0)) {
        return None; // a C string cannot hold it; the worker refuses it (code "nul-byte")
    }
    let set = |x: &[u8]| {
        format!(
            "rc = curl_url_set(h, CURLUPART_URL, {}, CURLU_NON_SUPPORT_SCHEME); \
             if (rc) {{ printf(\"%s\\n\", curl_url_strerror(rc)); return 1; }}",
            literal(Lang::C, x).unwrap_or_default()
        )
    };
    let body = match op {
        Op::Parse => format!(
            "{} const char *n[] = {{\"scheme\", \"user\", \"password\", \"host\", \"port\", \
             \"path\", \"query\", \"fragment\"}}; CURLUPart p[] = {{CURLUPART_SCHEME, \
             CURLUPART_USER, CURLUPART_PASSWORD, CURLUPART_HOST, CURLUPART_PORT, CURLUPART_PATH, \
             CURLUPART_QUERY, CURLUPART_FRAGMENT}}; for (int i = 0; i < 8; i++) {{ char *v = 0, \
             *z = 0; if (curl_url_get(h, p[i], &v, 0)) {{ printf(\"%s=(none)\\n\", n[i]); \
             continue; }} size_t l = strlen(v); if (p[i] == CURLUPART_HOST && \
             !curl_url_get(h, CURLUPART_ZONEID, &z, 0) && l > 1 && v[l - 1] == 93) \
             printf(\"host=%.*s%%25%s]\\n\", (int)l - 1, v, z); else printf(\"%s=%s\\n\", n[i], \
             v); curl_free(v); curl_free(z); }}",
            set(input)
        ),
        Op::Resolve => format!(
            "{} {} char *v = 0; curl_url_get(h, CURLUPART_URL, &v, 0); printf(\"%s\\n\", v);",
            set(second?),
            set(input)
        ),
        _ => return None,
    };
    Some(Program::Built {
        includes: &["curl/curl.h", "stdio.h", "string.h"],
        compiler: "cc",
        ext: "c",
        libs: "-lcurl",
        body: format!("CURLU *h = curl_url(); CURLUcode rc; {body}"),
    })
}

/// An interpreter's program given as one shell word after `command`.
fn inline(command: impl Into<String>, lang: Lang, source: String) -> Program {
    Program::Inline {
        command: command.into(),
        lang,
        source,
    }
}

/// The in-process Rust crates: a statement to paste into a `main`, calling what the adapter
/// calls (src/subjects/<crate>.rs). An operand the library refuses stops it at `unwrap`, with
/// the library's error in the message (checked by compiling every line against the crates
/// uridiff pins).
fn rust(call: RustCall, op: Op, input: &[u8], second: Option<&[u8]>) -> Option<String> {
    let s = |b: &[u8]| literal(Lang::Rust, b);
    let expr = match (call, op) {
        (RustCall::Url, Op::Parse) => format!("url::Url::parse({})", s(input)?),
        (RustCall::Url, Op::Resolve) => format!(
            "url::Url::parse({}).and_then(|b| b.join({}))",
            s(second?)?,
            s(input)?
        ),
        (RustCall::AdaUrl, Op::Parse) => format!("ada_url::Url::parse({}, None)", s(input)?),
        (RustCall::AdaUrl, Op::Resolve) => format!(
            "ada_url::Url::parse({}, Some({}))",
            s(input)?,
            s(second?)?
        ),
        (RustCall::Http, Op::Parse) => format!("http::Uri::try_from(&{}[..])", rust_bytes(input)),
        (RustCall::FluentUri, Op::Parse) => format!("fluent_uri::UriRef::parse({})", s(input)?),
        (RustCall::FluentUri, Op::Resolve) => format!(
            "fluent_uri::UriRef::parse({}).unwrap().resolve_against(&fluent_uri::Uri::parse({}).unwrap())",
            s(input)?,
            s(second?)?
        ),
        (RustCall::FluentUri, Op::Normalize) => format!(
            "fluent_uri::UriRef::parse({}).map(|u| u.normalize())",
            s(input)?
        ),
        (RustCall::IriString, Op::Parse) => {
            format!("iri_string::types::UriReferenceStr::new({})", s(input)?)
        }
        (RustCall::IriString, Op::Resolve) => format!(
            "iri_string::types::UriReferenceStr::new({}).unwrap().resolve_against(iri_string::types::UriStr::new({}).unwrap().to_absolute()).to_string()",
            s(input)?,
            s(second?)?
        ),
        (RustCall::IriString, Op::Normalize) => format!(
            "iri_string::types::UriStr::new({}).unwrap().normalize().to_string()",
            s(input)?
        ),
        (RustCall::Oxiri, Op::Parse) => format!("oxiri::IriRef::parse({})", s(input)?),
        (RustCall::Oxiri, Op::Resolve) => format!(
            "oxiri::Iri::parse({}).unwrap().resolve(&oxiri::IriRef::parse({}).unwrap())",
            s(second?)?,
            s(input)?
        ),
        (RustCall::Iref, Op::Parse) => format!("iref::IriRef::new({})", s(input)?),
        (RustCall::Iref, Op::Resolve) => format!(
            "iref::IriRef::new({}).unwrap().resolved(iref::Iri::new({}).unwrap())",
            s(input)?,
            s(second?)?
        ),
        (RustCall::Iref, Op::Equivalent) => format!(
            "iref::IriRef::new({}).unwrap() == iref::IriRef::new({}).unwrap()",
            s(input)?,
            s(second?)?
        ),
        (RustCall::Uriparse, Op::Parse) => {
            format!("uriparse::URIReference::try_from(&{}[..])", rust_bytes(input))
        }
        (RustCall::Uriparse, Op::Normalize) => format!(
            "{{ let mut u = uriparse::URIReference::try_from(&{}[..]).unwrap(); u.normalize(); u.to_string() }}",
            rust_bytes(input)
        ),
        _ => return None,
    };
    Some(format!("println!(\"{{:#?}}\", {expr});"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quote_in_the_input_leaves_the_line_one_shell_word_per_program() {
        let line = reproduce("node-whatwg", Op::Parse, b"http://a/'x", None).unwrap();
        assert!(line.starts_with("node -e '"), "{line}");
        assert!(line.contains(r"http://a/'\''x"), "{line}");
    }

    /// A line of a packaged worker names uridiff's packages folder by its variables, not by the
    /// path it has where the report was written: the same line runs on a reader's machine.
    #[test]
    fn packaged_workers_lines_find_the_packages_where_they_run() {
        for name in ["python-furl", "python-rfc3986", "node-url-parse"] {
            let line = reproduce(name, Op::Parse, b"http://a/", None).unwrap();
            assert!(line.contains(&format!("{PACKAGES}/")), "{line}");
            let here = crate::subjects::external::packages_dir();
            if let Some(here) = here.filter(|d| d.is_absolute()) {
                assert!(!line.contains(&*here.to_string_lossy()), "{line}");
            }
        }
    }

    #[test]
    fn every_shipped_worker_has_parse_and_resolve_lines_and_impl_has_none() {
        for c in crate::parsers::workers() {
            for op in c.worker().unwrap().operations {
                assert!(
                    reproduce(c.name, *op, b"http://a/b", Some(b"http://c/d")).is_some(),
                    "{} {op}",
                    c.name
                );
            }
        }
        for name in ["impl", "oracle-regex", "oracle-grammar", "no-such-parser"] {
            assert_eq!(reproduce(name, Op::Parse, b"http://a/", None), None);
        }
        // A text-only library has no line for bytes that are not UTF-8; a byte one has.
        assert_eq!(
            reproduce("java-uri", Op::Parse, b"http://a/\xff", None),
            None
        );
        assert!(reproduce("go-net-url", Op::Parse, b"http://a/\xff", None).is_some());
    }
}
