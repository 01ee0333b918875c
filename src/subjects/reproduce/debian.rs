//! Reproduce lines for Debian 12's parsers (the workers `c-uriparser`, `cpp-boost-url`,
//! `c-libwget`, `ruby-addressable`, `perl-mojo-url`, `java-okhttp`): each calls what its worker
//! calls (the worker's head comment) and prints the components the worker reports, in its
//! order and with its mapping, as `name=value` lines. The compiled ones are a source file
//! written by printf, built, then run, as curl's line is.

use super::{inline, Program};
use crate::model::Op;
use crate::text::{literal, Lang};

/// A C or C++ program's body for `main`, built with `compiler` and `libs`, and run.
fn built(
    includes: &'static [&'static str],
    body: &str,
    compiler: &'static str,
    ext: &'static str,
    libs: &'static str,
) -> Program {
    Program::Built {
        includes,
        compiler,
        ext,
        libs,
        body: body.to_owned(),
    }
}

/// c-uriparser: `uriParseSingleUriExA` over the literal's bytes, then the ranges (null as
/// `(null)`), the path joined from its segments as the worker joins it; `uriAddBaseUriExA`,
/// `uriNormalizeSyntaxA`, `uriEqualsUriA`.
pub(super) fn uriparser(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Program> {
    let parse = |name: &str, bytes: &[u8]| {
        format!(
            "static const char {name}_s[] = {}; UriUriA {name}; const char *{name}_e = 0; \
             if (uriParseSingleUriExA(&{name}, {name}_s, {name}_s + sizeof {name}_s - 1, \
             &{name}_e)) {{ printf(\"syntax error at %ld\\n\", (long)({name}_e - {name}_s)); \
             return 1; }}",
            literal(Lang::C, bytes).unwrap_or_default()
        )
    };
    let write = "int n = 0; uriToStringCharsRequiredA(&t, &n); char *o = malloc(n + 1); \
                 uriToStringA(o, &t, n + 1, 0); printf(\"%s\\n\", o);";
    let body = match op {
        Op::Parse => format!(
            "{} const char *k[] = {{\"scheme\", \"userinfo\", \"host\", \"port\"}}; \
             UriTextRangeA r[] = {{u.scheme, u.userInfo, u.hostText, u.portText}}; \
             for (int i = 0; i < 4; i++) {{ if (r[i].first) printf(\"%s=%.*s\\n\", k[i], \
             (int)(r[i].afterLast - r[i].first), r[i].first); else printf(\"%s=(null)\\n\", \
             k[i]); }} printf(\"path=%s\", u.absolutePath || (u.hostText.first && u.pathHead) \
             ? \"/\" : \"\"); for (UriPathSegmentA *s = u.pathHead; s; s = s->next) \
             printf(\"%s%.*s\", s == u.pathHead ? \"\" : \"/\", (int)(s->text.afterLast - \
             s->text.first), s->text.first); printf(\"\\n\"); if (u.query.first) \
             printf(\"query=%.*s\\n\", (int)(u.query.afterLast - u.query.first), u.query.first); \
             else printf(\"query=(null)\\n\"); if (u.fragment.first) printf(\"fragment=%.*s\\n\", \
             (int)(u.fragment.afterLast - u.fragment.first), u.fragment.first); else \
             printf(\"fragment=(null)\\n\");",
            parse("u", input)
        ),
        Op::Resolve => format!(
            "{} {} UriUriA t; if (uriAddBaseUriExA(&t, &r, &b, URI_RESOLVE_STRICTLY)) \
             {{ printf(\"error\\n\"); return 1; }} {write}",
            parse("b", second?),
            parse("r", input)
        ),
        Op::Normalize => format!(
            "{} UriUriA t = u; uriNormalizeSyntaxA(&t); {write}",
            parse("u", input)
        ),
        Op::Equivalent => format!(
            "{} {} printf(\"%s\\n\", uriEqualsUriA(&u, &v) ? \"true\" : \"false\");",
            parse("u", input),
            parse("v", second?)
        ),
        Op::Extract => return None,
    };
    Some(built(
        &["uriparser/Uri.h", "stdio.h", "stdlib.h"],
        &body,
        "cc",
        "c",
        "-luriparser",
    ))
}

/// cpp-boost-url: `parse_uri_reference` and the encoded accessors (`(none)` where `has_*` is
/// false, the host only with an authority); `resolve` against `parse_uri`; `url::normalize`.
pub(super) fn boost_url(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Program> {
    let lit = |b: &[u8]| {
        let l = literal(Lang::C, b).unwrap_or_default();
        format!("boost::core::string_view({l}, sizeof {l} - 1)")
    };
    let body = match op {
        Op::Parse => format!(
            "auto r = boost::urls::parse_uri_reference({}); if (!r) {{ std::cout << \
             r.error().message() << std::endl; return 1; }} auto v = *r; auto p = [](const \
             char *k, bool has, boost::core::string_view s) {{ std::cout << k << \"=\" << (has \
             ? std::string(s) : std::string(\"(none)\")) << std::endl; }}; p(\"scheme\", \
             v.has_scheme(), v.scheme()); p(\"authority\", v.has_authority(), \
             v.encoded_authority()); p(\"userinfo\", v.has_userinfo(), v.encoded_userinfo()); \
             p(\"host\", v.has_authority(), v.encoded_host()); p(\"port\", v.has_port(), \
             v.port()); p(\"path\", true, v.encoded_path()); p(\"query\", v.has_query(), \
             v.encoded_query()); p(\"fragment\", v.has_fragment(), v.encoded_fragment());",
            lit(input)
        ),
        // Each parse checked as the worker checks it (workers/cpp-boost-url.cpp): `.value()`
        // on a rejection throws, and the program would abort instead of printing the message.
        Op::Resolve => format!(
            "auto b = boost::urls::parse_uri({}); if (!b) {{ std::cout << b.error().message() \
             << std::endl; return 1; }} auto r = boost::urls::parse_uri_reference({}); if (!r) \
             {{ std::cout << r.error().message() << std::endl; return 1; }} boost::urls::url t; \
             auto done = boost::urls::resolve(*b, *r, t); if (!done) {{ std::cout << \
             done.error().message() << std::endl; return 1; }} std::cout << t.buffer() << \
             std::endl;",
            lit(second?),
            lit(input)
        ),
        Op::Normalize => format!(
            "auto r = boost::urls::parse_uri_reference({}); if (!r) {{ std::cout << \
             r.error().message() << std::endl; return 1; }} boost::urls::url u(*r); \
             u.normalize(); std::cout << u.buffer() << std::endl;",
            lit(input)
        ),
        _ => return None,
    };
    Some(built(
        &["boost/url.hpp", "iostream", "string"],
        &body,
        "c++ -std=c++17",
        "cpp",
        "-lboost_url",
    ))
}

/// c-libwget: `wget_iri_parse` and the fields of `wget_iri_t` (the port only where given);
/// `wget_iri_relative_to_abs`.
pub(super) fn libwget(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Program> {
    if input.contains(&0) || second.is_some_and(|s| s.contains(&0)) {
        return None; // a C string cannot hold it; the worker refuses it (code "nul-byte")
    }
    let lit = |b: &[u8]| literal(Lang::C, b).unwrap_or_default();
    let body = match op {
        Op::Parse => format!(
            "wget_iri_t *i = wget_iri_parse({}, \"utf-8\"); if (!i) {{ printf(\"NULL\\n\"); return 1; }} \
             printf(\"scheme=%s\\n\", i->scheme ? i->scheme : \"(null)\"); if (i->userinfo) \
             printf(\"userinfo=%s%s%s\\n\", i->userinfo, i->password ? \":\" : \"\", i->password \
             ? i->password : \"\"); else printf(\"userinfo=(null)\\n\"); printf(\"host=%s\\n\", \
             i->host ? i->host : \"(null)\"); if (i->port_given) printf(\"port=%u\\n\", \
             (unsigned)i->port); else printf(\"port=(null)\\n\"); if (i->path) printf(\"path=/%s\\n\", \
             i->path); else printf(\"path=(null)\\n\"); const char *k[] = {{\"query\", \
             \"fragment\"}}; const char *v[] = {{i->query, i->fragment}}; for (int n = 0; n < 2; \
             n++) printf(\"%s=%s\\n\", k[n], v[n] ? v[n] : \"(null)\");",
            lit(input)
        ),
        Op::Resolve => format!(
            "wget_iri_t *b = wget_iri_parse({}, \"utf-8\"); const char *r = {}; wget_buffer_t *o = \
             wget_buffer_alloc(256); const char *t = b ? wget_iri_relative_to_abs(b, r, \
             strlen(r), o) : 0; printf(\"%s\\n\", t ? t : \"NULL\");",
            lit(second?),
            lit(input)
        ),
        _ => return None,
    };
    Some(built(
        &["wget.h", "stdio.h", "string.h"],
        &body,
        "cc",
        "c",
        "-lwget",
    ))
}

/// ruby-addressable: `Addressable::URI.parse` and its readers, `join`, `normalize`, `==`.
pub(super) fn addressable(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Program> {
    let x = literal(Lang::Ruby, input)?;
    let program = match op {
        Op::Parse => format!(
            "u = Addressable::URI.parse({x}); %w[scheme authority userinfo host port path query \
             fragment].each {{ |k| v = u.send(k); puts \"#{{k}}=#{{v.nil? ? \"nil\" : v}}\" }}"
        ),
        Op::Resolve => format!(
            "puts Addressable::URI.join({}, {x})",
            literal(Lang::Ruby, second?)?
        ),
        Op::Normalize => format!("puts Addressable::URI.parse({x}).normalize"),
        Op::Equivalent => format!(
            "puts Addressable::URI.parse({x}) == Addressable::URI.parse({})",
            literal(Lang::Ruby, second?)?
        ),
        Op::Extract => return None,
    };
    Some(inline("ruby -raddressable/uri -e", Lang::Ruby, program))
}

/// perl-mojo-url: `Mojo::URL->new` over the input decoded as UTF-8 (Mojo::URL takes text),
/// its attributes (the path and query as strings), printed in UTF-8; `to_abs`.
pub(super) fn mojo_url(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Program> {
    let text = |b: &[u8]| {
        std::str::from_utf8(b).ok()?;
        Some(format!("decode(\"UTF-8\", {})", literal(Lang::Perl, b)?))
    };
    let x = text(input)?;
    let program = match op {
        Op::Parse => format!(
            "binmode STDOUT, \":encoding(UTF-8)\"; my $u = Mojo::URL->new({x}); my %v = (scheme \
             => $u->scheme, userinfo => $u->userinfo, host => $u->host, port => $u->port, path \
             => $u->path->to_string, query => $u->query->to_string, fragment => $u->fragment); \
             print \"$_=\", $v{{$_}} // \"undef\", \"\\n\" for qw(scheme userinfo host port path \
             query fragment)"
        ),
        Op::Resolve => format!(
            "binmode STDOUT, \":encoding(UTF-8)\"; print Mojo::URL->new({x})->to_abs(Mojo::URL->new({}))->to_unsafe_string, \"\\n\"",
            text(second?)?
        ),
        _ => return None,
    };
    Some(inline(
        "perl -MMojo::URL -MEncode=decode -e",
        Lang::Perl,
        program,
    ))
}

/// java-okhttp: `HttpUrl.get` and its encoded getters (userinfo `null` where username and
/// password are both empty, as the worker says), `resolve`; a single-file program on OkHttp's
/// class path.
pub(super) fn okhttp(op: Op, input: &[u8], second: Option<&[u8]>) -> Option<Program> {
    let x = literal(Lang::Java, input)?;
    let body = match op {
        Op::Parse => format!(
            "okhttp3.HttpUrl u = okhttp3.HttpUrl.get({x}); String ui = u.encodedUsername().isEmpty() \
             && u.encodedPassword().isEmpty() ? null : u.encodedPassword().isEmpty() ? \
             u.encodedUsername() : u.encodedUsername() + \":\" + u.encodedPassword(); \
             o.println(\"scheme=\" + u.scheme() + \"\\nuserinfo=\" + ui + \"\\nhost=\" + u.host() \
             + \"\\nport=\" + u.port() + \"\\npath=\" + u.encodedPath() + \"\\nquery=\" + \
             u.encodedQuery() + \"\\nfragment=\" + u.encodedFragment());"
        ),
        Op::Resolve => format!(
            "o.println(okhttp3.HttpUrl.get({}).resolve({x}));",
            literal(Lang::Java, second?)?
        ),
        _ => return None,
    };
    Some(Program::Java {
        class: "OkRepro",
        classpath: "-cp /usr/share/java/okhttp.jar:/usr/share/java/okio.jar ",
        body,
    })
}
