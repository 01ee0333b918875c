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
    let two = |lang| Some((literal(lang, second?)?, literal(lang, input)?));
    match template {
        Reproduce::None => None,
        Reproduce::Rust(call) => rust(call, op, input, second),
        Reproduce::PythonUrllib => python_urllib(op, input, second),
        Reproduce::PythonRfc3986 => python_rfc3986(op, input, second),
        Reproduce::PyPi(call) => pypi::line(call, op, input, second),
        Reproduce::NodeWhatwg => node_whatwg(op, input, two(Lang::Js)),
        Reproduce::NodeLegacyUrl => node_legacy(op, input, two(Lang::Js)),
        Reproduce::Npm(call) => npm::line(call, op, input, second),
        Reproduce::JavaUri => java(op, input, two(Lang::Java)),
        Reproduce::GoNetUrl => go(op, input, two(Lang::Go)),
        Reproduce::PhpParseUrl => (op == Op::Parse).then(|| php(input)),
        Reproduce::RubyUri => ruby(op, input, two(Lang::Ruby)),
        Reproduce::PerlUri => perl(op, input, two(Lang::Perl)),
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
fn python_urllib(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<String> {
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
    Some(format!("python3 -c {}", sh_quote(&program)))
}

/// python-rfc3986: `uri_reference`, its validator (of a resolution's operands too),
/// `resolve_with`, `normalize`, `==`
/// (workers/python-rfc3986.py). It takes text.
fn python_rfc3986(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<String> {
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
    Some(format!("{} -c {}", pypi::python(), sh_quote(&program)))
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
fn node_whatwg(op: Op, input: &[u8], two: Option<(String, String)>) -> Option<String> {
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
    Some(format!("node -e {}", sh_quote(&program)))
}

/// node-legacy-url: `url.parse`, `url.resolve` (workers/node-legacy-url.js).
fn node_legacy(op: Op, input: &[u8], two: Option<(String, String)>) -> Option<String> {
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
    Some(format!("node -e {}", sh_quote(&program)))
}

/// java-uri: `new URI`, `resolve`, `normalize`, `equals` (workers/java-uri.java), as a
/// single-file source program written by printf.
fn java(op: Op, input: &[u8], two: Option<(String, String)>) -> Option<String> {
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
    let program = format!(
        "public class UriRepro {{ public static void main(String[] a) throws Exception {{ \
         java.io.PrintStream o = new java.io.PrintStream(System.out, true, \"UTF-8\"); {body} }} }}"
    );
    Some(format!(
        "d=$(mktemp -d) && printf '%s\\n' {} > \"$d/UriRepro.java\" && java \"$d/UriRepro.java\"",
        sh_quote(&program)
    ))
}

/// go-net-url: `url.Parse`, `ResolveReference` (workers/go-net-url.go), as a file written by
/// printf and run by `go run`. The host is the worker's: `Hostname()` in the brackets that
/// `URL.Host` holds; `opaque=` shows where an opaque URL keeps what is not its path.
fn go(op: Op, input: &[u8], two: Option<(String, String)>) -> Option<String> {
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
    let program = format!(
        "package main; import (\"fmt\"; \"net/url\"; \"strings\"); func main() {{ {body} }}"
    );
    Some(format!(
        "d=$(mktemp -d) && printf '%s\\n' {} > \"$d/urirepro.go\" && go run \"$d/urirepro.go\"",
        sh_quote(&program)
    ))
}

/// php-parse-url: `parse_url` (workers/php-parse-url.php); userinfo is user[":" pass].
fn php(input: &[u8]) -> String {
    let program = format!(
        "$p = parse_url({}); if ($p === false) {{ echo \"false\\n\"; exit(1); }} \
         $u = isset($p[\"user\"]) ? $p[\"user\"] . (isset($p[\"pass\"]) ? \":\" . $p[\"pass\"] : \"\") : null; \
         foreach ([\"scheme\" => $p[\"scheme\"] ?? null, \"userinfo\" => $u, \"host\" => $p[\"host\"] ?? null, \
         \"port\" => $p[\"port\"] ?? null, \"path\" => $p[\"path\"] ?? null, \"query\" => $p[\"query\"] ?? null, \
         \"fragment\" => $p[\"fragment\"] ?? null] as $k => $v) {{ echo \"$k=\", $v ?? \"null\", \"\\n\"; }}",
        literal(Lang::Php, input).unwrap_or_default()
    );
    format!("php -r {}", sh_quote(&program))
}

/// ruby-uri: `URI.parse`, `URI.join` (workers/ruby-uri.rb).
fn ruby(op: Op, input: &[u8], two: Option<(String, String)>) -> Option<String> {
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
    Some(format!("ruby -ruri -e {}", sh_quote(&program)))
}

/// perl-uri: `URI->new`, `new_abs`, `canonical`, `URI::eq` (workers/perl-uri.pl). A method the
/// object's class lacks prints as such (the worker does not report it).
fn perl(op: Op, input: &[u8], two: Option<(String, String)>) -> Option<String> {
    let x = literal(Lang::Perl, input)?;
    let program = match op {
        Op::Parse => format!(
            "my $u = URI->new({x}); for my $m (qw(scheme authority userinfo host port path \
             query fragment)) {{ my $v = $m eq \"path\" && $u->isa(\"URI::_generic\") ? \
             URI::_generic::path($u) : $u->can($m) ? $u->$m : undef; print \"$m=\", ($u->can($m) \
             ? $v // \"undef\" : \"(no such method)\"), \"\\n\" }}"
        ),
        Op::Resolve => {
            let (base, reference) = two?;
            format!("print URI->new_abs({reference}, {base})->as_string, \"\\n\"")
        }
        Op::Normalize => format!("print URI->new({x})->canonical->as_string, \"\\n\""),
        Op::Equivalent => {
            let (other, x) = two?;
            format!("print URI::eq({x}, {other}) ? \"true\" : \"false\", \"\\n\"")
        }
        Op::Extract => return None,
    };
    Some(format!("perl -MURI -e {}", sh_quote(&program)))
}

/// curl-url: `curl_url_set` with `CURLU_NON_SUPPORT_SCHEME`, then `curl_url_get` for each
/// part (workers/curl-url.c), as a C file written by printf and built with `cc -lcurl`
/// (Debian has no `trurl` in this release). The host gets its zone id back, as the worker's.
fn curl(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<String> {
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
    let program =
        format!("int main(void) {{ CURLU *h = curl_url(); CURLUcode rc; {body} return 0; }}");
    Some(format!(
        "d=$(mktemp -d) && printf '%s\\n' '#include <curl/curl.h>' '#include <stdio.h>' \
         '#include <string.h>' {} > \"$d/urirepro.c\" && cc -o \"$d/urirepro\" \"$d/urirepro.c\" \
         -lcurl && \"$d/urirepro\"",
        sh_quote(&program)
    ))
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
