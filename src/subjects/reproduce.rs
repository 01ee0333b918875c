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
    let two = |lang| Some((literal(lang, second?)?, literal(lang, input)?));
    match subject {
        "python-urllib" => python_urllib(op, input, second),
        "python-rfc3986" => python_rfc3986(op, input, second),
        "python-urllib3" | "python-yarl" | "python-hyperlink" | "python-furl"
        | "python-rfc3987" | "python-uritools" => pypi::line(subject, op, input, second),
        "node-whatwg" => node_whatwg(op, input, two(Lang::Js)),
        "node-legacy-url" => node_legacy(op, input, two(Lang::Js)),
        "java-uri" => java(op, input, two(Lang::Java)),
        "go-net-url" => go(op, input, two(Lang::Go)),
        "php-parse-url" => (op == Op::Parse).then(|| php(input)),
        "ruby-uri" => ruby(op, input, two(Lang::Ruby)),
        "perl-uri" => perl(op, input, two(Lang::Perl)),
        "curl-url" => curl(op, input, second),
        "node-whatwg-url" | "node-url-parse" | "node-urijs" | "node-fast-uri" | "node-uri-js" => {
            npm::line(subject, op, input, second)
        }
        "c-uriparser" => debian::uriparser(op, input, second),
        "cpp-boost-url" => debian::boost_url(op, input, second),
        "c-libwget" => debian::libwget(op, input, second),
        "ruby-addressable" => debian::addressable(op, input, second),
        "perl-mojo-url" => debian::mojo_url(op, input, second),
        "java-okhttp" => debian::okhttp(op, input, second),
        _ => rust(subject, op, input, second),
    }
}

/// `s` as one shell word: single quotes, a quote inside written `'\''` (POSIX sh, 2.2.2: "A
/// single-quote cannot occur within single-quotes").
///
/// ```
/// use uridiff::subjects::reproduce::sh_quote;
/// assert_eq!(sh_quote("it's"), r"'it'\''s'");
/// ```
pub fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// `bytes` as one shell word that reads back as exactly these bytes and is safe to print on a
/// terminal: [`sh_quote`]'s single quotes when every character shows as itself (what
/// [`crate::report::show`] leaves as it is), else ANSI-C quotes, `$'...'` (bash, zsh, ksh;
/// POSIX.1-2024 sh, 2.2.4 "Dollar-Single-Quotes"), where `\\` and `\'` stand for a backslash and
/// a quote, and every control character, invisible character and byte that is not UTF-8 is
/// written `\xNN`, byte by byte (a tab, a line feed and a carriage return as `\t`, `\n`, `\r`).
///
/// ```
/// use uridiff::subjects::reproduce::shell_word;
/// assert_eq!(shell_word(b"http:\\a"), r"'http:\a'");
/// assert_eq!(shell_word(b"a\x1bb\\'\xff"), r"$'a\x1bb\\\'\xff'");
/// assert_eq!(shell_word("a\u{202e}b".as_bytes()), r"$'a\xe2\x80\xaeb'");
/// ```
pub fn shell_word(bytes: &[u8]) -> String {
    if let Ok(text) = std::str::from_utf8(bytes) {
        if text.chars().all(shows_as_itself) {
            return sh_quote(text);
        }
    }
    let mut out = String::from("$'");
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\'' => out.push_str("\\'"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                c if shows_as_itself(c) => out.push(c),
                c => {
                    // At most two hex digits follow `\x` in `$'...'`, so a hex digit after an
                    // escape is never read into it (unlike C's `\x`).
                    for b in c.encode_utf8(&mut [0; 4]).bytes() {
                        out.push_str(&format!("\\x{b:02x}"));
                    }
                }
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out.push('\'');
    out
}

/// `bytes` as a format for POSIX `printf` (XCU "printf": `\ddd` is the byte of octal value
/// `ddd`, `%%` a percent sign), single-quoted: `printf` writes exactly these bytes in any POSIX
/// shell, where `$'...'` ([`shell_word`]) needs one of POSIX.1-2024 (dash 0.5.12, Debian's
/// `sh`, reads it as a dollar sign and a quoted word). Printable ASCII stands for itself; a
/// quote, every other byte, a backslash and a leading `-` (else read as an option) are escaped
/// (three octal digits each, so a digit after one is never read into it).
///
/// ```
/// use uridiff::subjects::reproduce::printf_word;
/// assert_eq!(printf_word(b"a'%\\\n\xff1"), r"'a\047%%\\\012\3771'");
/// assert_eq!(printf_word(b"-x-"), r"'\055x-'");
/// ```
#[must_use]
pub fn printf_word(bytes: &[u8]) -> String {
    let mut out = String::from("'");
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            // A format starting with `-` would be read as an option.
            b'-' if i == 0 => out.push_str("\\055"),
            b'%' => out.push_str("%%"),
            b'\\' => out.push_str("\\\\"),
            b'\'' => out.push_str("\\047"),
            0x20..=0x7e => out.push(char::from(b)),
            _ => out.push_str(&format!("\\{b:03o}")),
        }
    }
    out.push('\'');
    out
}

/// Whether `c` reaches a terminal as itself: what [`crate::report::show`] does not escape, the
/// backslash aside (which it doubles so its own escapes stay unambiguous).
fn shows_as_itself(c: char) -> bool {
    c == '\\' || crate::report::show(c.encode_utf8(&mut [0; 4]).as_bytes()).starts_with(c)
}

/// A language whose string literals [`literal`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Python 3: a `str` for UTF-8, else a `bytes` literal (`b"\xff"`).
    Python,
    /// JavaScript (Node.js): text only.
    Js,
    /// Java: text only; every non-ASCII character as `\uXXXX` (the source's encoding is the
    /// platform's), controls in octal (a `\u000a` would end the line before lexing).
    Java,
    /// Go: strings hold bytes; `\xNN`.
    Go,
    /// PHP, in double quotes: bytes; `\xNN`, and `$` escaped.
    Php,
    /// Ruby, in double quotes: `\xNN`, `#` escaped; `.b` (binary) where not UTF-8.
    Ruby,
    /// Perl, in double quotes, without `use utf8`: bytes; `\xNN`, `$` and `@` escaped.
    Perl,
    /// C: bytes; octal escapes (a hex escape in C runs on over every hex digit after it).
    C,
    /// Rust: a `&str` literal for UTF-8, else `None` (see [`rust_bytes`] for byte literals).
    Rust,
}

/// `input` as a string literal of `lang`, escaped so that the literal holds exactly these
/// bytes; `None` when `lang` takes only text and `input` is not UTF-8.
///
/// ```
/// use uridiff::subjects::reproduce::{literal, Lang};
/// assert_eq!(literal(Lang::Go, b"a\"\\\n\xff").unwrap(), r#""a\"\\\x0a\xff""#);
/// assert_eq!(literal(Lang::Python, b"\xff").unwrap(), r#"b"\xff""#);
/// assert_eq!(literal(Lang::Js, b"\xff"), None);
/// ```
pub fn literal(lang: Lang, input: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(input).ok();
    let mut out = String::from("\"");
    match lang {
        Lang::Rust => return text.map(|t| format!("{t:?}")),
        Lang::Js | Lang::Java | Lang::Python if text.is_some() => {
            for c in text.unwrap_or_default().chars() {
                match c {
                    '"' | '\\' => {
                        out.push('\\');
                        out.push(c);
                    }
                    c if lang == Lang::Java && (c.is_control() || !c.is_ascii()) => {
                        if c.is_ascii() {
                            out.push_str(&format!("\\{:03o}", c as u32));
                        } else {
                            let mut units = [0; 2];
                            for unit in c.encode_utf16(&mut units) {
                                out.push_str(&format!("\\u{unit:04x}"));
                            }
                        }
                    }
                    c if c.is_control() && (c as u32) < 0x100 => {
                        out.push_str(&format!("\\x{:02x}", c as u32));
                    }
                    c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
                    c => out.push(c),
                }
            }
        }
        Lang::Js | Lang::Java => return None,
        Lang::Python => {
            out.insert(0, 'b');
            bytes_into(&mut out, input, b"\"\\", |b| format!("\\x{b:02x}"));
        }
        Lang::Go => bytes_into(&mut out, input, b"\"\\", |b| format!("\\x{b:02x}")),
        Lang::Php => bytes_into(&mut out, input, b"\"\\$", |b| format!("\\x{b:02x}")),
        Lang::Perl => bytes_into(&mut out, input, b"\"\\$@", |b| format!("\\x{b:02x}")),
        Lang::Ruby => bytes_into(&mut out, input, b"\"\\#", |b| format!("\\x{b:02x}")),
        Lang::C => bytes_into(&mut out, input, b"\"\\?", |b| format!("\\{b:03o}")),
    }
    out.push('"');
    if lang == Lang::Ruby && text.is_none() {
        // The worker hands Ruby such bytes as a binary string.
        out.push_str(".b");
    }
    Some(out)
}

/// Appends `input`: printable ASCII as is (a byte of `special` after a backslash), any other
/// byte by `escape`.
fn bytes_into(out: &mut String, input: &[u8], special: &[u8], escape: impl Fn(u8) -> String) {
    for &b in input {
        if special.contains(&b) {
            out.push('\\');
            out.push(char::from(b));
        } else if b.is_ascii_graphic() || b == b' ' {
            out.push(char::from(b));
        } else {
            out.push_str(&escape(b));
        }
    }
}

/// `input` as a Rust byte-string literal (`b"..."`), for the crates that take bytes.
///
/// ```
/// assert_eq!(uridiff::subjects::reproduce::rust_bytes(b"a\xff\""), r#"b"a\xff\"""#);
/// ```
pub fn rust_bytes(input: &[u8]) -> String {
    format!("b\"{}\"", input.escape_ascii())
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
fn rust(subject: &str, op: Op, input: &[u8], second: Option<&[u8]>) -> Option<String> {
    let s = |b: &[u8]| literal(Lang::Rust, b);
    let expr = match (subject, op) {
        ("url", Op::Parse) => format!("url::Url::parse({})", s(input)?),
        ("url", Op::Resolve) => format!(
            "url::Url::parse({}).and_then(|b| b.join({}))",
            s(second?)?,
            s(input)?
        ),
        ("ada-url", Op::Parse) => format!("ada_url::Url::parse({}, None)", s(input)?),
        ("ada-url", Op::Resolve) => format!(
            "ada_url::Url::parse({}, Some({}))",
            s(input)?,
            s(second?)?
        ),
        ("http", Op::Parse) => format!("http::Uri::try_from(&{}[..])", rust_bytes(input)),
        ("fluent-uri", Op::Parse) => format!("fluent_uri::UriRef::parse({})", s(input)?),
        ("fluent-uri", Op::Resolve) => format!(
            "fluent_uri::UriRef::parse({}).unwrap().resolve_against(&fluent_uri::Uri::parse({}).unwrap())",
            s(input)?,
            s(second?)?
        ),
        ("fluent-uri", Op::Normalize) => format!(
            "fluent_uri::UriRef::parse({}).map(|u| u.normalize())",
            s(input)?
        ),
        ("iri-string", Op::Parse) => {
            format!("iri_string::types::UriReferenceStr::new({})", s(input)?)
        }
        ("iri-string", Op::Resolve) => format!(
            "iri_string::types::UriReferenceStr::new({}).unwrap().resolve_against(iri_string::types::UriStr::new({}).unwrap().to_absolute()).to_string()",
            s(input)?,
            s(second?)?
        ),
        ("iri-string", Op::Normalize) => format!(
            "iri_string::types::UriStr::new({}).unwrap().normalize().to_string()",
            s(input)?
        ),
        ("oxiri", Op::Parse) => format!("oxiri::IriRef::parse({})", s(input)?),
        ("oxiri", Op::Resolve) => format!(
            "oxiri::Iri::parse({}).unwrap().resolve(&oxiri::IriRef::parse({}).unwrap())",
            s(second?)?,
            s(input)?
        ),
        ("iref", Op::Parse) => format!("iref::IriRef::new({})", s(input)?),
        ("iref", Op::Resolve) => format!(
            "iref::IriRef::new({}).unwrap().resolved(iref::Iri::new({}).unwrap())",
            s(input)?,
            s(second?)?
        ),
        ("iref", Op::Equivalent) => format!(
            "iref::IriRef::new({}).unwrap() == iref::IriRef::new({}).unwrap()",
            s(input)?,
            s(second?)?
        ),
        ("uriparse", Op::Parse) => {
            format!("uriparse::URIReference::try_from(&{}[..])", rust_bytes(input))
        }
        ("uriparse", Op::Normalize) => format!(
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

    /// Runs `sh -c LINE`'s quoting through the shell's own reading: `printf %s WORD` prints
    /// the word as the shell took it.
    fn shell_reads(word: &str) -> Vec<u8> {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("printf %s {word}"))
            .output()
            .expect("sh runs");
        out.stdout
    }

    /// What bash reads `word` as, when there is a bash (`$'...'` is not in every `sh`).
    fn bash_reads(word: &str) -> Option<Vec<u8>> {
        let out = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("printf %s {word}"))
            .output()
            .ok()?;
        Some(out.stdout)
    }

    #[test]
    fn shell_word_reads_back_as_the_same_bytes() {
        let inputs: [&[u8]; 9] = [
            b"http:\\a",
            b"it's",
            b"",
            b"a\x1b[31mb",
            b"\xff\xfe'\\x41",
            b"x\ny\tz\r",
            "a\u{202e}b\u{200b}c\u{a0}".as_bytes(),
            "caf\u{e9} $HOME `id`".as_bytes(),
            // (A NUL byte cannot be passed in an argument at all: no word for it is tried.)
            b"\x01\x7f\\xff",
        ];
        for input in inputs {
            let word = shell_word(input);
            // Nothing a terminal would act on or hide.
            assert!(
                !word.chars().any(|c| c.is_control())
                    && crate::report::show(word.as_bytes()) == word.replace('\\', "\\\\"),
                "{word}"
            );
            if let Ok(text) = std::str::from_utf8(input) {
                if !word.starts_with('$') {
                    assert_eq!(shell_reads(&word), text.as_bytes(), "{word}");
                }
            }
            match bash_reads(&word) {
                Some(read) => assert_eq!(read, input, "{word}"),
                None => eprintln!("note: no bash here; {word} not read back"),
            }
        }
    }

    #[test]
    fn sh_quote_survives_quotes_backslashes_newlines_and_dollars() {
        for s in ["it's", "a\\b", "x\ny", "$HOME `id` \"q\"", "''", "", "é\t"] {
            assert_eq!(shell_reads(&sh_quote(s)), s.as_bytes(), "{s:?}");
        }
    }

    #[test]
    fn literals_escape_quotes_backslashes_controls_and_bytes_per_language() {
        let input = b"a'b\"c\\d\ne\xff$@#?";
        assert_eq!(
            literal(Lang::Go, input).unwrap(),
            r#""a'b\"c\\d\x0ae\xff$@#?""#
        );
        assert_eq!(
            literal(Lang::Php, input).unwrap(),
            r#""a'b\"c\\d\x0ae\xff\$@#?""#
        );
        assert_eq!(
            literal(Lang::Perl, input).unwrap(),
            r#""a'b\"c\\d\x0ae\xff\$\@#?""#
        );
        assert_eq!(
            literal(Lang::Ruby, input).unwrap(),
            r#""a'b\"c\\d\x0ae\xff$@\#?".b"#
        );
        assert_eq!(
            literal(Lang::C, input).unwrap(),
            r#""a'b\"c\\d\012e\377$@#\?""#
        );
        assert_eq!(
            literal(Lang::Python, input).unwrap(),
            r#"b"a'b\"c\\d\x0ae\xff$@#?""#
        );
        assert_eq!(literal(Lang::Js, input), None);
        assert_eq!(literal(Lang::Java, input), None);
        assert_eq!(literal(Lang::Rust, input), None);
        assert_eq!(rust_bytes(input), r#"b"a\'b\"c\\d\ne\xff$@#?""#);
    }

    #[test]
    fn text_literals_keep_non_ascii_except_java_which_spells_it_in_utf_16() {
        let input = "é\"\u{1F600}\n\u{7f}".as_bytes();
        assert_eq!(
            literal(Lang::Js, input).unwrap(),
            "\"é\\\"\u{1F600}\\x0a\\x7f\""
        );
        assert_eq!(
            literal(Lang::Python, input).unwrap(),
            "\"é\\\"\u{1F600}\\x0a\\x7f\""
        );
        assert_eq!(
            literal(Lang::Java, input).unwrap(),
            r#""\u00e9\"\ud83d\ude00\012\177""#
        );
        assert_eq!(literal(Lang::Rust, input).unwrap(), r#""é\"😀\n\u{7f}""#);
        // A valid UTF-8 input stays text in Ruby (no `.b`), its bytes escaped.
        assert_eq!(
            literal(Lang::Ruby, "é".as_bytes()).unwrap(),
            r#""\xc3\xa9""#
        );
    }

    #[test]
    fn a_quote_in_the_input_leaves_the_line_one_shell_word_per_program() {
        let line = reproduce("node-whatwg", Op::Parse, b"http://a/'x", None).unwrap();
        assert!(line.starts_with("node -e '"), "{line}");
        assert!(line.contains(r"http://a/'\''x"), "{line}");
    }

    #[test]
    fn every_shipped_worker_has_parse_and_resolve_lines_and_impl_has_none() {
        use crate::subjects::external::SHIPPED;
        for w in SHIPPED {
            for op in w.operations {
                assert!(
                    reproduce(w.name, *op, b"http://a/b", Some(b"http://c/d")).is_some(),
                    "{} {op}",
                    w.name
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
