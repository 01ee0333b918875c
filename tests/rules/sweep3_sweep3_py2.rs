//! The cases of the rules the third sweep of yarl's and urllib3's unexplained classes added:
//! each library's documented answer, played by a double, and an answer one step off that stays
//! a finding (or a job the rule does not reach).

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, plays, rejected, resolves, split_with};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (yarl(without_tabs), "o://:\t8"),
        (yarl(refuses), "//:85555"),
        (yarl(zone_compressed), "p://[0::%]"),
        (yarl(idna_host), "r://\u{fc}"),
        (yarl(port_left_out), "http://a:80/"),
        (
            resolves("python-yarl", "python-yarl", |_, _| {
                "http://a/b/c/%CD".into()
            }),
            "resolve:%cd|http://a/b/c/d;p?q",
        ),
        (urllib3(refuses), "A.:b"),
        (urllib3(refuses), "%09"),
    ]
}

type Change = fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed>;

fn yarl(change: Change) -> Arc<dyn Subject> {
    plays("python-yarl", "python-yarl", Edition::Rfc3986, change)
}

fn urllib3(change: Change) -> Arc<dyn Subject> {
    plays("python-urllib3", "python-urllib3", Edition::Rfc3986, change)
}

/// yarl's split (urlsplit's): the input without its tabs, CRs and LFs.
fn without_tabs(input: &[u8], _: Outcome<Parsed>) -> Outcome<Parsed> {
    let removed: Vec<u8> = input
        .iter()
        .copied()
        .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'))
        .collect();
    split_with(&removed, &[])
}

/// One step off: only the tabs removed, a CR or LF kept where it stands.
fn without_tabs_only(input: &[u8], _: Outcome<Parsed>) -> Outcome<Parsed> {
    let removed: Vec<u8> = input.iter().copied().filter(|&b| b != b'\t').collect();
    split_with(&removed, &[])
}

fn refuses(_: &[u8], _: Outcome<Parsed>) -> Outcome<Parsed> {
    rejected()
}

/// `URL("p://[0::%]").raw_host`: the address compressed, the (empty) zone kept.
fn zone_compressed(input: &[u8], _: Outcome<Parsed>) -> Outcome<Parsed> {
    split_with(input, &[(Component::Host, Some("::%"))])
}

/// One step off: another address before the zone.
fn zone_elsewhere(input: &[u8], _: Outcome<Parsed>) -> Outcome<Parsed> {
    split_with(input, &[(Component::Host, Some("::1%"))])
}

/// `URL("r://ü").raw_host`: Punycode.
fn idna_host(input: &[u8], _: Outcome<Parsed>) -> Outcome<Parsed> {
    split_with(input, &[(Component::Host, Some("xn--tda"))])
}

/// One step off: a label that is not the host's Punycode.
fn idna_other(input: &[u8], _: Outcome<Parsed>) -> Outcome<Parsed> {
    split_with(input, &[(Component::Host, Some("xn--tdb"))])
}

/// `str(URL(...))` with the port left out: the reference's reading, written back without
/// ":<port>" (`http://a:80/` is `http://a/`; the double does it for any port and scheme).
fn port_left_out(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    let text = String::from_utf8_lossy(input).into_owned();
    o.map(|mut p| {
        if let Some(port) = p.components.get(Component::Port) {
            p.serialization = Some(text.replacen(&format!(":{port}"), "", 1));
        }
        p
    })
}

#[test]
fn each_rule_fires_on_its_answer_and_not_one_step_off() {
    let one = |subject: Arc<dyn Subject>, job: &str, id_part: &str| {
        let rules = fired(subject, job);
        assert!(
            rules.iter().any(|r| r.contains(id_part)),
            "{job}: {rules:?}"
        );
    };
    let none = |subject: Arc<dyn Subject>, job: &str, id_part: &str| {
        let rules = fired(subject, job);
        assert!(
            !rules.iter().any(|r| r.contains(id_part)),
            "{job}: {rules:?}"
        );
    };
    let tabs = "tabs and newlines are removed before the split, as urllib.parse";
    one(yarl(without_tabs), "o://:\t8", tabs);
    one(yarl(without_tabs), "o://a\nb", tabs);
    none(yarl(without_tabs_only), "o://a\t\nb", tabs);

    let port = "a port above 65535 raises ValueError, as urllib.parse";
    one(yarl(refuses), "//:85555", port);
    none(yarl(refuses), "//:8555", port);

    let zone = "an IPv6 host with a zone";
    one(yarl(zone_compressed), "p://[0::%]", zone);
    none(yarl(zone_elsewhere), "p://[0::%]", zone);

    let idna = "a non-ASCII host is IDNA-encoded";
    one(yarl(idna_host), "r://\u{fc}", idna);
    none(yarl(idna_other), "r://\u{fc}", idna);

    // Only the default of http, https, ws and wss.
    let port_str = "str leaves out a port that is the scheme's default";
    one(yarl(port_left_out), "http://a:80/", port_str);
    one(yarl(port_left_out), "wss://a:443", port_str);
    none(yarl(port_left_out), "http://a:8080/", port_str);
    none(yarl(port_left_out), "coap://a:5683/", port_str);

    // The reference requoted ("%cd" is "%CD"), the base as it is.
    let requoted = "join resolves the reference as its constructor requoted it";
    one(
        resolves("python-yarl", "python-yarl", |_, _| {
            "http://a/b/c/%CD".into()
        }),
        "resolve:%cd|http://a/b/c/d;p?q",
        requoted,
    );
    none(
        resolves("python-yarl", "python-yarl", |_, _| {
            "http://a/b/c/%CE".into()
        }),
        "resolve:%cd|http://a/b/c/d;p?q",
        requoted,
    );

    // urllib3 reads "a.:80" as a host and a port, and refuses "A.:b" and "G.::".
    let authority = "a text without a scheme whose host and port RFC 3986 does not read";
    one(urllib3(refuses), "A.:b", authority);
    one(urllib3(refuses), "G.::", authority);
    none(urllib3(refuses), "A.:8", authority);

    // Only a control's percent-encoding, only in an HTTP(S) or scheme-less host.
    let control = "holding a percent-encoded control raises";
    one(urllib3(refuses), "%09", control);
    one(urllib3(refuses), "http://%1f.a/", control);
    none(urllib3(refuses), "%20", control);
    none(urllib3(refuses), "foo://%09/", control);
}
