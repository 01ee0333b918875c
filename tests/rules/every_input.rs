//! The cases of the rules that judging every parser on every input needed: a rejection of what
//! the reference accepts is judged for a parser that does not decide validity too, so a
//! documented refusal must be a rule (urllib's out-of-range port), and what a parser reads from
//! an input its reference rejects is judged against the lenient reading, so a documented
//! reading there must be a rule (libwget's query read as ISO-8859-1); each with a one-step-off
//! answer that stays a finding.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Class, Engine, Task};
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, plays, rejected, split_with};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (urllib_port_range(), "//h:65536"),
        (libwget_latin1_query("q\u{c3}\u{bc}"), "http://h/?q\u{fc}"),
        (yarl_empty_host(), "ftp://:"),
        (legacy_undecodable_auth(), "//%F0@a"),
        (php_underscores(), "d:a\u{b}b"),
        (python_drops_tabs("python-urllib"), "p:a\tb"),
        (python_drops_tabs("python-furl"), "p:a\tb"),
        (fast_uri_keeps_tab("%09u"), "http://c?\tu"),
        (no_authority("go-net-url", None), "http:\\a"),
        (no_authority("python-urllib", None), "http:\\a"),
        (no_authority("python-furl", None), "http:\\a"),
        (
            legacy_escapes("http://a/b/c/d;p?%09d"),
            "resolve:?\td|http://a/b/c/d;p?q",
        ),
        (escapes("python-urllib3"), "http://a/\0"),
        (urllib3_encodes_all("%25%2526"), "http:?%%26"),
        (wget_scheme("http"), "///@@"),
        (escapes("python-yarl"), "http://a?\u{b}"),
        (escapes("go-net-url"), "http://a#\t"),
        (escapes("python-furl"), "http://a/\0"),
        (php_underscores(), "http://\0@o"),
        (rfc3986_escapes(), "http://a/\0"),
        (
            rfc3986_resolves_escaped("http://a/b/c/%00"),
            "resolve:\0|http://a/b/c/d;p?q",
        ),
    ]
}

/// libwget given no encoding: the input's bytes read as ISO-8859-1, so the query `qü` (UTF-8
/// `c3 bc`) is held as `qÃ¼`; here every input is split as the lenient reading splits it and
/// its query replaced by `query` (the answer on `http://h/?qü`, which RFC 3986 rejects).
fn libwget_latin1_query(query: &'static str) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> = match query {
        "q\u{c3}\u{bc}" => |input, _| with_query(input, "q\u{c3}\u{bc}"),
        _ => |input, _| with_query(input, "qx"),
    };
    plays("c-libwget", "libwget", Edition::Rfc3986, change)
}

#[test]
fn libwget_reads_a_query_as_iso_8859_1_and_nothing_else_is_that() {
    let rules = fired(libwget_latin1_query("q\u{c3}\u{bc}"), "http://h/?q\u{fc}");
    assert_eq!(rules.len(), 1, "{rules:?}");
    assert!(
        rules[0].starts_with("libwget: the query as written"),
        "{rules:?}"
    );
    // One step off: another query than the bytes read as ISO-8859-1 is a finding.
    assert!(fired(libwget_latin1_query("qx"), "http://h/?q\u{fc}").is_empty());
    let engine = Engine::new(vec![libwget_latin1_query("qx")]);
    let found = engine.findings(&engine.run_one(&Task::parse("http://h/?q\u{fc}".into(), "t")));
    assert!(found.iter().any(|f| f.rule.is_none()), "{found:?}");
}

/// `urlsplit(x).port` raises ValueError on a port above 65535; the double refuses every input
/// whose port has five or more digits, in range or not.
fn urllib_port_range() -> Arc<dyn Subject> {
    plays(
        "python-urllib",
        "python-urllib",
        Edition::Rfc3986,
        refuses_long_ports,
    )
}

fn refuses_long_ports(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    let port = input.rsplit(|&b| b == b':').next().unwrap_or_default();
    if port.len() >= 5 && port.iter().all(u8::is_ascii_digit) {
        rejected()
    } else {
        o
    }
}

#[test]
fn an_out_of_range_port_refused_is_by_design_and_an_in_range_one_is_not() {
    let rules = fired(urllib_port_range(), "//h:65536");
    assert_eq!(rules.len(), 1, "{rules:?}");
    assert!(
        rules[0].starts_with("python-urllib: a port outside 0-65535"),
        "{rules:?}"
    );
    // One step off: 65535 is a port; refusing it is a finding no rule explains.
    assert!(fired(urllib_port_range(), "//h:65535").is_empty());
    let engine = Engine::new(vec![urllib_port_range()]);
    let found = engine.findings(&engine.run_one(&Task::parse(b"//h:65535".to_vec(), "t")));
    assert!(
        found
            .iter()
            .any(|f| f.signature.class == Class::TooStrict && f.rule.is_none()),
        "{found:?}"
    );
}

/// yarl refuses an empty host under a scheme of its `SCHEME_REQUIRES_HOST` (http, https, ws,
/// wss, ftp); the double refuses every input whose authority is not empty and has no host
/// before its ":" or after its "@", whatever the scheme.
fn yarl_empty_host() -> Arc<dyn Subject> {
    plays(
        "python-yarl",
        "python-yarl",
        Edition::Rfc3986,
        refuses_empty_hosts,
    )
}

fn refuses_empty_hosts(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    let text = String::from_utf8_lossy(input);
    let after = text.split_once("//").map_or("", |(_, a)| a);
    let authority = after.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit('@').next().unwrap_or_default();
    if !authority.is_empty() && (host.is_empty() || host.starts_with(':')) {
        rejected()
    } else {
        o
    }
}

#[test]
fn an_empty_host_refused_under_a_special_scheme_is_by_design_and_elsewhere_is_not() {
    for input in ["ftp://:", "HTTP://@", "wss://u@:1"] {
        let rules = fired(yarl_empty_host(), input);
        assert_eq!(rules.len(), 1, "{input}: {rules:?}");
        assert!(
            rules[0].starts_with("python-yarl: an empty host is refused"),
            "{rules:?}"
        );
    }
    // One step off: yarl allows an empty host under other schemes since 1.11.1:
    // refusing those is a finding no rule explains.
    for input in ["foo://:", "file://:", "foo://u@"] {
        assert!(fired(yarl_empty_host(), input).is_empty(), "{input}");
        let engine = Engine::new(vec![yarl_empty_host()]);
        let found = engine.findings(&engine.run_one(&Task::parse(input.as_bytes().to_vec(), "t")));
        assert!(
            found
                .iter()
                .any(|f| f.signature.class == Class::TooStrict && f.rule.is_none()),
            "{input}: {found:?}"
        );
    }
}

/// Node's `url.parse` throws URIError on an auth that does not decode; the double refuses every
/// input with a `%F0` in it.
fn legacy_undecodable_auth() -> Arc<dyn Subject> {
    plays(
        "node-legacy-url",
        "node-legacy-url",
        Edition::Rfc3986,
        |input, o| match input.windows(3).any(|w| w == b"%F0") {
            true => rejected(),
            false => o,
        },
    )
}

#[test]
fn an_auth_that_does_not_decode_refused_is_by_design_elsewhere_it_is_not() {
    let rules = fired(legacy_undecodable_auth(), "//%F0@a");
    assert_eq!(rules.len(), 1, "{rules:?}");
    assert!(rules[0].starts_with("node-legacy-url: an auth that does not percent-decode"));
    // One step off: the same bytes in a path decode nothing for url.parse to throw on.
    assert!(fired(legacy_undecodable_auth(), "http://a/%F0").is_empty());
}

/// The lenient split of `input` read as text, each character mapped by `f` (`None`: dropped):
/// the answer of a double whose library changes its input before it splits it.
fn split_changed(input: &[u8], f: fn(char) -> Option<char>) -> Outcome<Parsed> {
    let text: String = String::from_utf8_lossy(input)
        .chars()
        .filter_map(f)
        .collect();
    Outcome::Accepted(Parsed::from(uridiff::subjects::lenient::split(&text)))
}

/// PHP's `parse_url` replaces control characters by `_`; the double reads every input as the
/// lenient split of the input with them replaced (`php_drops_controls`: with them dropped).
fn php_underscores() -> Arc<dyn Subject> {
    plays(
        "php-parse-url",
        "php-parse-url",
        Edition::Rfc3986,
        |input, _| split_changed(input, |c| Some(if c.is_ascii_control() { '_' } else { c })),
    )
}

fn php_drops_controls() -> Arc<dyn Subject> {
    plays(
        "php-parse-url",
        "php-parse-url",
        Edition::Rfc3986,
        |input, _| split_changed(input, |c| (!c.is_ascii_control()).then_some(c)),
    )
}

#[test]
fn control_characters_as_underscores_are_by_design_dropped_they_are_not() {
    let rules = fired(php_underscores(), "d:a\u{b}b");
    assert!(
        rules
            .iter()
            .any(|r| r.starts_with("php-parse-url: control characters are replaced by _")),
        "{rules:?}"
    );
    let engine = Engine::new(vec![php_drops_controls()]);
    let found = engine.findings(&engine.run_one(&Task::parse(b"d:a\x0bb".to_vec(), "t")));
    assert!(found.iter().any(|f| f.rule.is_none()), "{found:?}");
}

/// Python's `urlsplit` removes tabs and newlines before it splits; the double reads every
/// input as the lenient split of the input without them (furl splits with `urlsplit` too).
fn python_drops_tabs(name: &'static str) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> =
        |input, _| split_changed(input, |c| (!matches!(c, '\t' | '\n' | '\r')).then_some(c));
    plays(name, name, Edition::Rfc3986, change)
}

#[test]
fn tabs_removed_before_the_split_are_by_design_for_urlsplit_only() {
    for name in ["python-urllib", "python-furl"] {
        let rules = fired(python_drops_tabs(name), "p:a\tb");
        assert!(
            rules
                .iter()
                .any(|r| r.contains("tabs and newlines are removed before the split")),
            "{name}: {rules:?}"
        );
    }
    // One step off: urlsplit does not remove a vertical tab; a double that does is a finding.
    let drops_vt: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> =
        |input, _| split_changed(input, |c| (c != '\u{b}').then_some(c));
    let double = plays("python-urllib", "python-urllib", Edition::Rfc3986, drops_vt);
    assert!(!fired(double.clone(), "p:a\u{b}b")
        .iter()
        .any(|r| r.contains("tabs and newlines")));
    let engine = Engine::new(vec![double]);
    let found = engine.findings(&engine.run_one(&Task::parse(b"p:a\x0bb".to_vec(), "t")));
    assert!(
        found.iter().any(|f| f.rule.is_none()
            && f.signature.class == Class::Lenient(uridiff::model::Component::Path)),
        "{found:?}"
    );
}

/// fast-uri's `parse("http://c?\tu")`, as run here: query `%09u` (the tab kept, encoded), where
/// the URL Standard removes it; here every input split as the lenient split splits it, with its
/// query replaced by `query`.
fn fast_uri_keeps_tab(query: &'static str) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> = match query {
        "%09u" => |input, _| with_query(input, "%09u"),
        _ => |input, _| with_query(input, "%09v"),
    };
    plays("node-fast-uri", "rfc3986", Edition::Rfc3986, change)
}

#[test]
fn fast_uri_keeps_an_interior_tab_encoded_and_nothing_else_is_that() {
    // Accepting the input is by design too (the interior tab encoded, not refused).
    let lenient = |rules: &[String]| rules.iter().any(|r| r.contains("interior tab or newline"));
    let rules = fired(fast_uri_keeps_tab("%09u"), "http://c?\tu");
    assert_eq!(rules.len(), 2, "{rules:?}");
    assert!(lenient(&rules), "{rules:?}");
    // One step off: another query is a finding.
    assert!(!lenient(&fired(fast_uri_keeps_tab("%09v"), "http://c?\tu")));
    let engine = Engine::new(vec![fast_uri_keeps_tab("%09v")]);
    let found = engine.findings(&engine.run_one(&Task::parse("http://c?\tu".into(), "t")));
    assert!(found.iter().any(|f| f.rule.is_none()), "{found:?}");
}

/// `input` split as the lenient split splits it, its query replaced by `q`.
fn with_query(input: &[u8], q: &str) -> Outcome<Parsed> {
    split_with(input, &[(uridiff::model::Component::Query, Some(q))])
}

/// Go's `url.Parse("http:\\a")` and Python's `urlsplit`, as run here: no host, the rest a path
/// (an opaque part in Go's case), where the URL Standard reads `http://a/`. Here every input
/// split as RFC 3986's split reads it, and `host` put in.
fn no_authority(name: &'static str, host: Option<&'static str>) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> = match host {
        None => |input, _| split_with(input, &[(uridiff::model::Component::Host, None)]),
        Some(_) => |input, _| split_with(input, &[(uridiff::model::Component::Host, Some("b"))]),
    };
    plays(name, name, Edition::Rfc3986, change)
}

#[test]
fn no_authority_without_two_slashes_where_the_library_documents_it() {
    let named = |rules: &[String]| rules.iter().any(|r| r.contains("unless \"//\" follows"));
    for name in ["go-net-url", "python-urllib", "python-furl"] {
        for input in ["http:\\a", "http:/\\a"] {
            assert!(
                named(&fired(no_authority(name, None), input)),
                "{name} {input}"
            );
            // One step off: a host read after the scheme without "//" is a finding (the path,
            // still RFC 3986's, stays by design).
            let engine = Engine::new(vec![no_authority(name, Some("b"))]);
            let found = engine.findings(&engine.run_one(&Task::parse(input.into(), "t")));
            assert!(found.iter().any(|f| f.rule.is_none()), "{found:?}");
        }
        // With "//" the rule says nothing.
        assert!(!named(&fired(no_authority(name, None), "http://\\a")));
    }
}

/// The `rfc3986` package's `uri_reference` as run here on an input RFC 3986 rejects: what it does
/// not allow percent-encoded (`uri_reference("http://a/\x00").path` is `/%00`), split.
fn rfc3986_escapes() -> Arc<dyn Subject> {
    escapes("python-rfc3986")
}

/// A library (`name`, its own profile) that percent-encodes the controls of its input and splits
/// it, as urllib3's `parse_url("http://a/\x00").path` is `/%00` (run here).
fn escapes(name: &str) -> Arc<dyn Subject> {
    plays(name, name, Edition::Rfc3986, |input, _| {
        Outcome::Accepted(Parsed::from(uridiff::subjects::lenient::split(
            &controls_escaped(input),
        )))
    })
}

fn controls_escaped(input: &[u8]) -> String {
    let mut escaped = String::new();
    for c in String::from_utf8_lossy(input).chars() {
        if c.is_ascii_control() {
            escaped.push_str(&format!("%{:02X}", c as u32));
        } else {
            escaped.push(c);
        }
    }
    escaped
}

#[test]
fn libraries_that_escape_where_the_url_standard_removes_and_nothing_else_is_that() {
    let named = |rules: &[String]| {
        rules
            .iter()
            .any(|r| r.contains("the URL Standard removes or rereads"))
    };
    for (name, input) in [
        ("python-urllib3", "http://a/\0"),
        ("python-yarl", "http://a?\u{b}"),
        ("go-net-url", "http://a#\t"),
        ("python-furl", "http://a/\0"),
    ] {
        let rules = fired(escapes(name), input);
        assert!(named(&rules), "{name} {input}: {rules:?}");
        // One step off: the control written as another character's escape is a finding.
        let engine = Engine::new(vec![plays(name, name, Edition::Rfc3986, |input, _| {
            split_changed(input, |c| Some(if c.is_ascii_control() { ' ' } else { c }))
        })]);
        let found = engine.findings(&engine.run_one(&Task::parse(input.into(), "t")));
        assert!(found.iter().any(|f| f.rule.is_none()), "{name}: {found:?}");
    }
}

/// `uri_reference("\x00").resolve_with("http://a/b/c/d;p?q")`, as run here:
/// `http://a/b/c/%00`, where the URL Standard removes the control at the end.
fn rfc3986_resolves_escaped(target: &'static str) -> Arc<dyn Subject> {
    match target {
        "http://a/b/c/%00" => super::resolves("python-rfc3986", "python-rfc3986", |_, _| {
            "http://a/b/c/%00".into()
        }),
        _ => super::resolves("python-rfc3986", "python-rfc3986", |_, _| {
            "http://a/b/c/%01".into()
        }),
    }
}

#[test]
fn rfc3986_escapes_what_the_url_standard_removes_and_nothing_else_is_that() {
    let escaped = |rules: &[String]| rules.iter().any(|r| r.contains("(encode_component)"));
    assert!(escaped(&fired(rfc3986_escapes(), "http://a/\0")));
    const JOB: &str = "resolve:\0|http://a/b/c/d;p?q";
    assert!(escaped(&fired(
        rfc3986_resolves_escaped("http://a/b/c/%00"),
        JOB
    )));
    // One step off: another escape than the control's is another path.
    assert!(!escaped(&fired(rfc3986_resolves_escaped("other"), JOB)));
    // A control dropped inside a path, where the URL Standard escapes it: no escape, no rule
    // (the lenient reading's path is `/%00b`, the double's `/b`).
    let engine = Engine::new(vec![plays(
        "python-rfc3986",
        "python-rfc3986",
        Edition::Rfc3986,
        |input, _| split_changed(input, |c| (!c.is_ascii_control()).then_some(c)),
    )]);
    let found = engine.findings(&engine.run_one(&Task::parse(b"http://a/\0b".to_vec(), "t")));
    assert!(found.iter().any(|f| f.rule.is_none()), "{found:?}");
}

#[test]
fn php_underscores_where_the_url_standard_escapes_are_by_design_dropped_they_are_not() {
    let named = |rules: &[String]| {
        rules
            .iter()
            .any(|r| r.contains("where the URL Standard escapes or removes them"))
    };
    // `parse_url("http://\0@o")` has the user `_`; the URL Standard's userinfo is `%00`.
    assert!(named(&fired(php_underscores(), "http://\0@o")));
    // And the path `/_` of `http://o/\x01`, where the URL Standard removes the control.
    assert!(named(&fired(php_underscores(), "http://o/\u{1}")));
    // One step off: the control dropped is no replacement.
    let engine = Engine::new(vec![php_drops_controls()]);
    let found = engine.findings(&engine.run_one(&Task::parse(b"http://\0@o".to_vec(), "t")));
    assert!(found.iter().any(|f| f.rule.is_none()), "{found:?}");
}

/// Node's `url.resolve("http://a/b/c/d;p?q", "?\td")`, as run here: `http://a/b/c/d;p?%09d`.
fn legacy_escapes(target: &'static str) -> Arc<dyn Subject> {
    match target {
        "http://a/b/c/d;p?%09d" => super::resolves("node-legacy-url", "node-legacy-url", |_, _| {
            "http://a/b/c/d;p?%09d".into()
        }),
        _ => super::resolves("node-legacy-url", "node-legacy-url", |_, _| {
            "http://a/b/c/d;p?%20d".into()
        }),
    }
}

#[test]
fn node_escapes_what_the_url_standard_removes_and_nothing_else_is_that() {
    const JOB: &str = "resolve:?\td|http://a/b/c/d;p?q";
    let escaped = |rules: &[String]| {
        rules
            .iter()
            .any(|r| r.contains("percent-encoded where the URL Standard removes"))
    };
    assert!(escaped(&fired(
        legacy_escapes("http://a/b/c/d;p?%09d"),
        JOB
    )));
    // One step off: the tab written as another escape is another query.
    assert!(!escaped(&fired(legacy_escapes("other"), JOB)));
}

/// urllib3's `parse_url("http:?%%26").query`, as run here: `%25%2526` (every "%" encoded once
/// one starts no percent-encoding); the rest split as the lenient reading splits it.
fn urllib3_encodes_all(query: &'static str) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> = match query {
        "%25%2526" => |input, _| split_with(input, &[(Component::Query, Some("%25%2526"))]),
        _ => |input, _| split_with(input, &[(Component::Query, Some("%25%26"))]),
    };
    plays("python-urllib3", "python-urllib3", Edition::Rfc3986, change)
}

#[test]
fn urllib3_encodes_every_percent_after_a_stray_one_and_nothing_else_is_that() {
    let named = |rules: &[String]| rules.iter().any(|r| r.contains("stray \"%\""));
    assert!(named(&fired(urllib3_encodes_all("%25%2526"), "http:?%%26")));
    // One step off: only the stray "%" encoded is not urllib3's answer.
    assert!(!named(&fired(urllib3_encodes_all("other"), "http:?%%26")));
}

/// libwget's scheme of `///@@`, as run here: `http` (the input read as `http://@@`, which is no
/// URI: its host `@` is judged on its own).
fn wget_scheme(scheme: &'static str) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> = match scheme {
        "http" => |input, _| split_with(input, &[(Component::Scheme, Some("http"))]),
        _ => |input, _| split_with(input, &[(Component::Scheme, Some("https"))]),
    };
    plays("c-libwget", "libwget", Edition::Rfc3986, change)
}

#[test]
fn libwget_reads_a_scheme_less_input_as_http_whatever_follows_and_nothing_else_is_that() {
    let named = |rules: &[String]| {
        rules
            .iter()
            .any(|r| r.contains("without a scheme is read as HTTP"))
    };
    assert!(named(&fired(wget_scheme("http"), "///@@")));
    // One step off: another scheme filled in is a finding.
    assert!(!named(&fired(wget_scheme("other"), "///@@")));
}

/// URI.js on `ftp:\x02`, as run here: host `\x02`, path `/` (its `ftp:` rewritten `ftp://`).
fn urijs_rewrites(host: &'static str) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> = match host {
        "\u{2}" => |_, _| split_with(b"ftp://\x02/", &[]),
        _ => |_, _| split_with(b"ftp://\x03/", &[]),
    };
    plays("node-urijs", "urijs", Edition::Rfc3986, change)
}

#[test]
fn urijs_reads_slashes_after_ftp_as_two_on_an_invalid_input_too() {
    let run = |subject| {
        let engine = Engine::new(vec![subject]);
        engine.findings(&engine.run_one(&Task::parse(b"ftp:\x02".to_vec(), "t")))
    };
    let host = |found: &[uridiff::engine::Finding]| {
        found
            .iter()
            .find(|f| f.signature.class == Class::Lenient(Component::Host))
            .map(|f| f.rule.is_some())
    };
    let found = run(urijs_rewrites("\u{2}"));
    assert_eq!(host(&found), Some(true), "{found:?}");
    // One step off: another host than the rewritten input's stays a finding.
    let found = run(urijs_rewrites("other"));
    assert_eq!(host(&found), Some(false), "{found:?}");
}

#[test]
fn url_parse_trims_a_reference_before_it_drops_the_base_query_and_nothing_else_is_that() {
    const JOB: &str = "resolve:\0|http://a/b/c/d;p?q";
    let named = |rules: &[String]| {
        rules
            .iter()
            .any(|r| r.contains("never takes the base's query"))
    };
    // `new URL("\0", "http://a/b/c/d;p?q").href` is `http://a/b/c/d;p` (url-parse, run here).
    let dropped = super::resolves("node-url-parse", "url-parse", |_, _| {
        "http://a/b/c/d;p".into()
    });
    assert!(named(&fired(dropped, JOB)));
    // One step off: the query kept but the path changed is another target.
    let other = super::resolves("node-url-parse", "url-parse", |_, _| {
        "http://a/b/c/d".into()
    });
    assert!(!named(&fired(other, JOB)));
}
