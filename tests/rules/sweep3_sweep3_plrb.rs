//! The cases of the rules the third sweep of Perl's URI, Mojo::URL, Ruby's URI and Addressable
//! led to: each library's documented answer, played by a double, and an answer one step off
//! that stays a finding.

use std::sync::Arc;

use uridiff::model::{Op, Outcome};
use uridiff::subjects::{Ctx, Subject, SubjectInfo};

use super::{double, fired, resolves};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        // Ruby's URI.join parses the base first: a rootless ldap base is "bad LDAP URL".
        (
            refuses_to_resolve("ruby-uri", "ruby-uri"),
            "resolve:|ldap:a/b",
        ),
        // Addressable's join parses the base first: "ldap:" misses its hierarchical segment.
        (
            refuses_to_resolve("ruby-addressable", "rfc3987-iri"),
            "resolve:c|ldap:",
        ),
        // Mojo::URL's to_abs: "?" is the default empty Mojo::Parameters, the base path "/"
        // a leading slash and no parts.
        (
            resolves("perl-mojo-url", "mojo-url", |_, _| "https://h/".into()),
            "resolve:?|https://h/",
        ),
    ]
}

/// A library that refuses every resolution (its base or reference raised).
struct RefusesToResolve(SubjectInfo);

impl Subject for RefusesToResolve {
    fn info(&self) -> &SubjectInfo {
        &self.0
    }
    fn resolve(&self, _: &[u8], _: &[u8], _: &Ctx<'_>) -> Outcome<String> {
        Outcome::rejected("a test double's refusal")
    }
}

fn refuses_to_resolve(name: &str, profile: &str) -> Arc<dyn Subject> {
    Arc::new(RefusesToResolve(double(
        name,
        profile,
        &[Op::Resolve],
        uridiff::model::ComponentSet::ALL,
    )))
}

#[test]
fn one_step_off_stays_unexplained() {
    let unexplained = |subject: Arc<dyn Subject>, input: &str| {
        let fired = fired(subject, input);
        assert!(fired.is_empty(), "{input}: {fired:?}");
    };
    // A rooted ldap base is taken by URI::LDAP, an ip-based base with a path by Addressable.
    unexplained(
        refuses_to_resolve("ruby-uri", "ruby-uri"),
        "resolve:|ldap:/a/b",
    );
    unexplained(
        refuses_to_resolve("ruby-addressable", "rfc3987-iri"),
        "resolve:c|ldap:x",
    );
    // The root's "/" lost is no Mojo::Path reading.
    unexplained(
        resolves("perl-mojo-url", "mojo-url", |_, _| "https://h".into()),
        "resolve:?|https://h/",
    );
}
