//! The cases of the rules the audits of seeds 63 and 64 led to: each library's documented
//! answer, played by a double, and an answer one step off that stays a finding.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::{Component, Outcome};
use uridiff::subjects::Subject;

use super::{fired, normalizes_as, plays, rejected, resolves, split_with};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (perl_ldap(|_| "ldap:&".into()), "normalize:LDaP:%26"),
        (hyperlink_writes("%3A"), ":"),
        (urijs_refuses(), "http:p:a"),
        (ruby_refuses(), "ldap:#"),
        (furl_refuses(), "//:"),
        (perl_normalizes(|_| "urn:b".into()), "normalize:URN:B"),
        (
            resolves("java-uri", "rfc2396", |_, _| "http://a/".into()),
            "resolve:///|http://a/b/c/d;p?q",
        ),
    ]
}

/// furl refusing the inputs of these cases (`ValueError: Invalid port`), reading the others as
/// the lenient split does.
fn furl_refuses() -> Arc<dyn Subject> {
    plays(
        "python-furl",
        "rfc3986",
        Edition::Rfc3986,
        |input, _| match input {
            b"//:" | b"http://h:0" | b"http://h:65536" | b"http://h:65535" => rejected(),
            _ => split_with(input, &[]),
        },
    )
}

/// Perl's URI canonical: the double's answer.
fn perl_normalizes(f: fn(&[u8]) -> String) -> Arc<dyn Subject> {
    normalizes_as("perl-uri", "perl-uri", f)
}

/// Ruby's URI refusing the ldap inputs of these cases (`URI::InvalidURIError`, "bad LDAP
/// URL"), reading the others as the lenient split does.
fn ruby_refuses() -> Arc<dyn Subject> {
    plays(
        "ruby-uri",
        "ruby-uri",
        Edition::Rfc3986,
        |input, _| match input {
            b"ldap:#" | b"ldap://h/dc=x#f" | b"ldap://h/dc=x?f" => rejected(),
            _ => split_with(input, &[]),
        },
    )
}

/// hyperlink's `to_text` of `:` (path `(":",)`) written as `written`; any other input read as
/// the lenient split reads it and written back as it is.
fn hyperlink_writes(written: &'static str) -> Arc<dyn Subject> {
    let change: super::Change = match written {
        "%3A" => |input, _| written_as(input, "%3A"),
        _ => |input, _| written_as(input, "%3B"),
    };
    plays("python-hyperlink", "rfc3986", Edition::Rfc3986, change)
}

fn written_as(input: &[u8], written: &str) -> Outcome<uridiff::model::Parsed> {
    let mut o = split_with(input, &[]);
    if let (Outcome::Accepted(p), b":") = (&mut o, input) {
        p.serialization = Some(written.to_owned());
    }
    o
}

/// URI.js throwing on the inputs of these cases, as `URI.parse` does on the first two, and
/// reading the others as the lenient split does.
fn urijs_refuses() -> Arc<dyn Subject> {
    plays(
        "node-urijs",
        "urijs",
        Edition::Rfc3986,
        |input, _| match input {
            b"http:p:a" | b"o://u@h:0/" | b"http:p:8" | b"o://h:1:2/" => rejected(),
            _ => split_with(input, &[]),
        },
    )
}

/// Perl's URI reading `gopher://\xc3\xbcW`'s host as `host`.
fn perl_latin1(host: &'static str) -> Arc<dyn Subject> {
    let change: super::Change = match host {
        "xn--w-pdau" => |input, _| split_with(input, &[(Component::Host, Some("xn--w-pdau"))]),
        _ => |input, _| split_with(input, &[(Component::Host, Some("xn--W-pdau"))]),
    };
    plays("perl-uri", "perl-uri", Edition::UriSyntax02, change)
}

/// Perl's `URI` canonical of an LDAP URI: the double's answer.
fn perl_ldap(f: fn(&[u8]) -> String) -> Arc<dyn Subject> {
    normalizes_as("perl-uri", "perl-uri", f)
}

/// uri-js reading an IP literal whose embedded IPv4 part has leading zeros: `host` the double's
/// answer on what the lenient split reads.
fn uri_js_host(host: &'static str) -> Arc<dyn Subject> {
    let change: super::Change = match host {
        "::1.2.3.4" => |input, _| split_with(input, &[(Component::Host, Some("::1.2.3.4"))]),
        _ => |input, _| split_with(input, &[(Component::Host, Some("::1.2.3.5"))]),
    };
    plays("node-uri-js", "rfc3986", Edition::Rfc3986, change)
}

#[test]
fn each_rule_fires_on_its_answer_and_not_one_step_off() {
    let fires = |subject: Arc<dyn Subject>, job: &str, id_part: &str| {
        fired(subject, job).iter().any(|r| r.contains(id_part))
    };
    // URI::ldap's canonical: the dn unescaped, "&" needs no escape in a path (URI 5.17, run
    // here: `LDaP:%26` is `ldap:&`, `ldap://h/o=a%26b` is `ldap://h/o=a&b`).
    let dn = "writes its dn unescaped";
    assert!(fires(
        perl_ldap(|_| "ldap:&".into()),
        "normalize:LDaP:%26",
        dn
    ));
    assert!(fires(
        perl_ldap(|_| "ldap://h/o=a&b".into()),
        "normalize:ldap://h/o=a%26b",
        dn
    ));
    // One step off: the escape of a "?", which a path may not hold, taken out; and another
    // scheme, which URI's generic canonical leaves escaped.
    assert!(!fires(
        perl_ldap(|_| "ldap://h/?".into()),
        "normalize:ldap://h/%3F",
        dn
    ));
    assert!(!fires(
        perl_ldap(|_| "http:&".into()),
        "normalize:http:%26",
        dn
    ));
    // uri-js's IPv4 normalization inside an IPv6 literal (README, "IPv4 normalization").
    let ip = "RFC 5952's form";
    assert!(fires(uri_js_host("::1.2.3.4"), "p://[::01.2.3.4]", ip));
    assert!(!fires(uri_js_host("other"), "p://[::01.2.3.4]", ip));
    // hyperlink's to_text encodes a schemeless first segment's ":" (`_encode_path_parts`).
    let text = "to_text percent-encodes";
    assert!(fires(hyperlink_writes("%3A"), ":", text));
    assert!(!fires(hyperlink_writes("%3B"), ":", text));
    // hyperlink's normalize drops ws's default port ("it will be omitted in the text URL").
    let dropped = "normalize keeps no empty authority";
    let hyperlink = |f| normalizes_as("python-hyperlink", "rfc3986", f);
    assert!(fires(
        hyperlink(|_| "ws:///".into()),
        "normalize:ws://:80#",
        dropped
    ));
    assert!(!fires(
        hyperlink(|_| "ws://:80/".into()),
        "normalize:ws://:80#",
        dropped
    ));
    assert!(fires(
        hyperlink(|_| "ws://:81/".into()),
        "normalize:ws://:81#",
        dropped
    ));
    // URI.js throws on a port that is no integer from 1 to 65535 (URI.ensureValidPort).
    let port = "no integer from 1 to 65535";
    assert!(fires(urijs_refuses(), "http:p:a", port));
    assert!(fires(urijs_refuses(), "o://u@h:0/", port));
    assert!(!fires(urijs_refuses(), "http:p:8", port));
    assert!(!fires(urijs_refuses(), "o://h:1:2/", port));
    // URI::_idna's nameprep is `lc` on a label that is not ASCII.
    let latin1 = "read as Latin-1";
    assert!(fires(perl_latin1("xn--w-pdau"), "gopher://\u{fc}W", latin1));
    assert!(!fires(perl_latin1("other"), "gopher://\u{fc}W", latin1));
    // URI::LDAP raises on a fragment, an empty one too; one step off: a query, which it takes.
    let ldap = "with a fragment, even empty";
    assert!(fires(ruby_refuses(), "ldap:#", ldap));
    assert!(fires(ruby_refuses(), "ldap://h/dc=x#f", ldap));
    assert!(!fires(ruby_refuses(), "ldap://h/dc=x?f", ldap));
    // furl's port: "1-65535 or None", else ValueError; one step off: 65535, which it takes.
    let port = "empty or not from 1 to 65535";
    assert!(fires(furl_refuses(), "//:", port));
    assert!(fires(furl_refuses(), "http://h:0", port));
    assert!(fires(furl_refuses(), "http://h:65536", port));
    assert!(!fires(furl_refuses(), "http://h:65535", port));
    // URI::urn's canonical lowercases the NID; one step off: the NSS lowercased too.
    let nid = "namespace identifier in lowercase";
    assert!(fires(
        perl_normalizes(|_| "urn:b".into()),
        "normalize:URN:B",
        nid
    ));
    assert!(fires(
        perl_normalizes(|_| "urn:isbn:0-A".into()),
        "normalize:urn:ISBN:0-A",
        nid
    ));
    assert!(!fires(
        perl_normalizes(|_| "urn:isbn:0-a".into()),
        "normalize:urn:ISBN:0-A",
        nid
    ));
    // java.net.URI reads a reference's empty authority as undefined (Java 17, run here).
    let empty = "empty authority is undefined, so the base's";
    let java = |f| resolves("java-uri", "rfc2396", f);
    let job = "resolve:///|http://a/b/c/d;p?q";
    assert!(fires(java(|_, _| "http://a/".into()), job, empty));
    assert!(fires(
        java(|_, _| "http://a/a/../b".into()),
        "resolve:///a/../b|http://a/b/c/d;p?q",
        empty
    ));
    // One step off: the path normalized, which Java does not do to an absolute path.
    assert!(!fires(
        java(|_, _| "http://a/b".into()),
        "resolve:///a/../b|http://a/b/c/d;p?q",
        empty
    ));
}
