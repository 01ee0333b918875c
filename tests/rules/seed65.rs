//! The cases of the rules the audits of seeds 63 and 64 led to: each library's documented
//! answer, played by a double, and an answer one step off that stays a finding.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::Component;
use uridiff::subjects::Subject;

use super::{fired, normalizes_as, plays, split_with};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![(perl_ldap(|_| "ldap:&".into()), "normalize:LDaP:%26")]
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
}
