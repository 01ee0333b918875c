//! The cases of the rules the audits of seeds 59 to 62 led to: each library's documented
//! answer, played by a double, and an answer one step off that stays a finding.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::{Component, ComponentSet, Op, Outcome};
use uridiff::subjects::{Ctx, Subject, SubjectInfo};

use super::{double, fired, plays, resolves, split_with};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (addressable_refuses_resolve(), "resolve:/.//|mailto:a@b"),
        (ruby_takes(), "?<"),
        (url_parse_slashes(), "Http:]"),
        (yarl_idna(), "o://e\u{3002}"),
        (http_takes(), "p://%@a"),
    ]
}

/// The `http` crate, played as taking every input as the split reads it.
fn http_takes() -> Arc<dyn Subject> {
    plays(
        "http",
        "http-request-target",
        Edition::Rfc3986,
        |input, _| split_with(input, &[]),
    )
}

/// yarl: the lenient split with the host IDNA-encoded, its ideographic full stop a dot.
fn yarl_idna() -> Arc<dyn Subject> {
    plays(
        "python-yarl",
        "python-yarl",
        Edition::Rfc3986,
        |input, _| {
            let text = String::from_utf8_lossy(input).replace('\u{3002}', ".");
            split_with(text.as_bytes(), &[])
        },
    )
}

/// Ruby's URI, played as taking every input as the split reads it.
fn ruby_takes() -> Arc<dyn Subject> {
    plays("ruby-uri", "ruby-uri", Edition::Rfc3986, |input, _| {
        split_with(input, &[])
    })
}

/// url-parse: `http:X` read as `http://X`, an empty path "/".
fn url_parse_slashes() -> Arc<dyn Subject> {
    plays(
        "node-url-parse",
        "url-parse",
        Edition::Rfc3986,
        |input, _| {
            let text = String::from_utf8_lossy(input);
            match text.split_once(':') {
                Some((scheme, rest)) if !rest.starts_with("//") => split_with(
                    format!("{scheme}://{}", rest.trim_start_matches(['/', '\\'])).as_bytes(),
                    &[(Component::Path, Some("/"))],
                ),
                _ => split_with(input, &[]),
            }
        },
    )
}

/// Addressable's `join`, refusing every resolution (its `validate` raising).
struct RefusesResolve(SubjectInfo);

impl Subject for RefusesResolve {
    fn info(&self) -> &SubjectInfo {
        &self.0
    }
    fn resolve(&self, _: &[u8], _: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        Outcome::rejected("Cannot have a path with two leading slashes without an authority set")
    }
}

fn addressable_refuses_resolve() -> Arc<dyn Subject> {
    Arc::new(RefusesResolve(double(
        "ruby-addressable",
        "rfc3987-iri",
        &[Op::Resolve],
        ComponentSet::ALL,
    )))
}

#[test]
fn each_rule_fires_on_its_answer_and_not_one_step_off() {
    let fires = |subject: Arc<dyn Subject>, job: &str, id_part: &str| {
        fired(subject, job).iter().any(|r| r.contains(id_part))
    };
    let slashes = "two leading slashes";
    assert!(fires(
        addressable_refuses_resolve(),
        "resolve:/.//|mailto:a@b",
        slashes
    ));
    assert!(!fires(
        addressable_refuses_resolve(),
        "resolve:/./a|mailto:a@b",
        slashes
    ));
    let escaped = "just escape";
    assert!(fires(ruby_takes(), "?<", escaped));
    assert!(fires(ruby_takes(), "http://a/?<> x", escaped));
    // One step off: bytes Ruby keeps raw ("[", a stray "%"), an opaque URI's query.
    assert!(!fires(ruby_takes(), "?[", escaped));
    assert!(!fires(ruby_takes(), "http://a/?%", escaped));
    assert!(!fires(ruby_takes(), "a:b?<", escaped));
    let ignored = "Ignore slashes after the protocol";
    assert!(fires(url_parse_slashes(), "Http:]", ignored));
    assert!(fires(url_parse_slashes(), "http:p##", ignored));
    // One step off: a scheme that is not special.
    assert!(!fires(url_parse_slashes(), "foo:]", ignored));
    // Perl's URI: an IPvFuture literal is no part of RFC 2396 with RFC 2732, so the network
    // path's dot segment stays (RFC 2396 5.2 step 4).
    let perl = |target: &'static str| {
        resolves(
            "perl-uri",
            "perl-uri",
            match target {
                "kept" => |_, _| "git://[v7.x]/.".into(),
                _ => |_, _| "git://[v7.x]/".into(),
            },
        )
    };
    let bracketed = "a reference or base holding";
    assert!(fires(
        perl("kept"),
        "resolve://[v7.x]/.|git://a/b/c",
        bracketed
    ));
    assert!(!fires(
        perl("removed"),
        "resolve://[v7.x]/.|git://a/b/c",
        bracketed
    ));
    let userinfo = "percent-encoded username and password";
    assert!(fires(http_takes(), "p://%@a", userinfo));
    assert!(fires(http_takes(), "p://%zz:%@a/", userinfo));
    // One step off: a stray "%" in the host, not the userinfo.
    assert!(!fires(http_takes(), "p://a%", userinfo));
    let idna = "IDNA-encoded";
    assert!(fires(yarl_idna(), "o://e\u{3002}", idna));
    // One step off: a full stop that IDNA does not read as a dot (U+2024) stays a finding.
    assert!(!fires(
        plays(
            "python-yarl",
            "python-yarl",
            Edition::Rfc3986,
            |input, _| {
                let text = String::from_utf8_lossy(input).replace('\u{2024}', ".");
                split_with(text.as_bytes(), &[])
            }
        ),
        "o://e\u{2024}",
        idna
    ));
}
