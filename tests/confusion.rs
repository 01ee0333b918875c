//! The URL-confusion classes through the in-process parsers: one class per mechanism (the
//! component, the minimized form, which parsers read it which way), parsers that read alike
//! merged into one group, the WHATWG parsers as "the browsers' reading", an http-only library
//! taking no part in another scheme's input, and the keys a gate lists per parser.

use uridiff::engine::{Engine, Task};
use uridiff::model::Component;
use uridiff::report::{ConfusionClass, ConfusionRank};
use uridiff::run::{confusion, confusion_keys_of, ConfusionBudget};

fn classes_of(inputs: &[&str]) -> (Engine, Vec<ConfusionClass>) {
    let engine = Engine::new(uridiff::subjects::in_process());
    let tasks: Vec<Task> = inputs
        .iter()
        .map(|i| Task::parse(i.as_bytes().to_vec(), "test"))
        .collect();
    let rows = engine.run(&tasks, &|| {});
    let classes = confusion(&engine, &rows, &|_| None, ConfusionBudget::default());
    (engine, classes)
}

#[test]
fn one_class_per_mechanism_with_groups_merged_and_the_browsers_as_one() {
    let (_, classes) = classes_of(&[
        // The http crate reads an authority `http` out of these (a request target's authority
        // form), browsers the host after the scheme, RFC 3986 parsers none: one mechanism.
        "http:a",
        "http:b",
        // Browsers decode the host's percent-encoding, RFC 3986 parsers keep it: one name to
        // resolution (`%65` is `e`), no class.
        "http://%65/",
        "http://%66/",
        // The http crate reads a host `b` out of `mailto:a@b`, but it is made for http URLs.
        "mailto:a@b",
        // Every parser accepting these reads alike (a default port, a scheme's case), or does
        // not report the component (the http crate has no userinfo).
        "HTTP://a:80/",
        "http://a@b@c/",
        "http://a\\@b/",
    ]);
    let shown: Vec<String> = classes.iter().map(ConfusionClass::key).collect();
    // One host class, and the http crate reading no scheme out of `http:a`.
    assert_eq!(classes.len(), 2, "{shown:#?}");
    assert!(
        classes
            .iter()
            .all(|c| c.input != b"http://%65/" && c.input != b"http://%66/"),
        "{shown:#?}"
    );
    let scheme = classes.last().expect("two classes");
    assert_eq!(scheme.component, Component::Scheme);
    assert_eq!(scheme.rank, ConfusionRank::Scheme);
    assert_eq!(scheme.groups.len(), 2);
    assert_eq!(scheme.groups[1].parsers, ["http"]);
    assert_eq!(scheme.groups[1].reads, None);
    assert!(
        scheme.groups[0].browsers,
        "url and ada-url read the scheme as the others do"
    );
    for c in &classes[..1] {
        assert_eq!(c.component, Component::Host);
        assert_eq!(c.rank, ConfusionRank::TwoHosts, "{}", c.key());
        assert!(c.impact.starts_with("a check with "), "{}", c.impact);
        assert_eq!(c.count, 2, "both inputs are one class: {}", c.key());
        // Every parser in one group at most; none of the project's own.
        let mut names: Vec<&String> = c.groups.iter().flat_map(|g| &g.parsers).collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n, "{}", c.key());
        assert!(
            !c.involves("impl") && !c.involves("oracle-regex") && !c.involves("oracle-grammar")
        );
        // The WHATWG parsers read alike: one group, first, the browsers' reading.
        assert!(c.groups[0].browsers);
        assert_eq!(c.groups[0].parsers, ["ada-url", "url"]);
        assert!(c.groups[1..].iter().all(|g| !g.browsers));
        // The RFC 3986 parsers read alike: one group.
        let rfc = c
            .groups
            .iter()
            .find(|g| g.parsers.iter().any(|p| p == "fluent-uri"))
            .expect("fluent-uri takes part");
        for p in ["iri-string", "uriparse"] {
            assert!(
                rfc.parsers.iter().any(|x| x == p),
                "{p} in {:?}",
                rfc.parsers
            );
        }
        // A reproduce line for each group (the in-process parsers all have one).
        assert!(
            c.groups.iter().all(|g| g.reproduce.is_some()),
            "{}",
            c.key()
        );
        assert!(c.minimized);
    }
    // The http crate's own reading of an authority `http` is its own group; its class is the
    // one where it stands alone (a class's groups are those of its minimized example, which
    // the http crate may read in the other class too).
    let alone = |c: &&ConfusionClass| c.groups.iter().any(|g| g.parsers == ["http"]);
    let authority = classes[..1]
        .iter()
        .find(alone)
        .expect("the http crate's authority form is a class");
    assert_eq!(authority.groups.len(), 3, "{authority:#?}");
    let http = authority
        .groups
        .iter()
        .find(|g| g.parsers == ["http"])
        .expect("its own group");
    assert_eq!(http.reads.as_deref(), Some("http"));
    assert_eq!(authority.groups[0].reads.as_deref(), Some("a"));
}

#[test]
fn a_gate_lists_the_classes_of_one_parser() {
    let (engine, classes) = classes_of(&["http:a", "http://%65/"]);
    assert!(!confusion_keys_of(&classes, "url").is_empty());
    assert!(confusion_keys_of(&classes, "impl").is_empty());
    for info in engine.infos() {
        let keys = confusion_keys_of(&classes, &info.name);
        let expected = classes.iter().filter(|c| c.involves(&info.name)).count();
        assert_eq!(keys.len(), expected, "{}", info.name);
        assert!(keys.iter().all(|k| classes.iter().any(|c| &c.key() == k)));
    }
    // The keys of one run are the keys of the same run again.
    let (_, again) = classes_of(&["http://%65/", "http:a"]);
    let keys = |cs: &[ConfusionClass]| {
        let mut k: Vec<String> = cs.iter().map(ConfusionClass::key).collect();
        k.sort();
        k
    };
    assert_eq!(keys(&classes), keys(&again));
}
