//! What one class is: one behaviour of one parser. A parser that reads an authority where the
//! standard reads none is one class whatever component shows it first; an equivalence test's
//! operands are minimized together; a parser that lets a forbidden character through is one
//! class, another in the authority. Each through the engine, with test subjects that carry
//! one behaviour each.

use std::sync::Arc;

use uridiff::engine::{Class, ClassRecord, Engine, Task};
use uridiff::model::{Component, ComponentSet, Op, OpSet, Outcome, Parsed};
use uridiff::subjects::{self, Ctx, Kind, Subject, SubjectInfo};

fn info(name: &str, ops: &[Op]) -> SubjectInfo {
    SubjectInfo {
        wraps: None,
        name: name.into(),
        version: "test".into(),
        profile: "rfc3986".into(),
        kind: Kind::InProcess,
        library: "a test double".into(),
        operations: OpSet::of(ops),
        components: ComponentSet::ALL,
        decides_validity: true,
        edition_fields: false,
        editions: Vec::new(),
    }
}

/// Reads `scheme:rest` (no "//") as userinfo and host, as Node's legacy `url.parse` does for a
/// scheme outside its slashed list.
struct HostAfterColon(SubjectInfo);

impl Subject for HostAfterColon {
    fn info(&self) -> &SubjectInfo {
        &self.0
    }
    fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
        subjects::Spec::get().parse(input, ctx).map(|mut p| {
            let c = &mut p.components;
            if c.get(Component::Scheme).is_some() && c.get(Component::Host).is_none() {
                let rest = c.get(Component::Path).unwrap_or("").to_owned();
                let (userinfo, host) = match rest.split_once('@') {
                    Some((u, h)) => (Some(u.to_owned()), h.to_owned()),
                    None => (None, rest),
                };
                c.set(Component::Userinfo, userinfo.as_deref());
                c.set(Component::Host, Some(&host));
                c.set(Component::Path, None);
            }
            p
        })
    }
}

/// Compares operands after percent-decoding every octet, reserved ones too.
struct DecodesAll(SubjectInfo);

impl Subject for DecodesAll {
    fn info(&self) -> &SubjectInfo {
        &self.0
    }
    fn equivalent(&self, a: &[u8], b: &[u8], _: &Ctx<'_>) -> Outcome<bool> {
        let decode = |s: &[u8]| {
            let s = String::from_utf8_lossy(s);
            s.replace("%2A", "*")
                .replace("%2a", "*")
                .replace("%21", "!")
        };
        Outcome::Accepted(decode(a) == decode(b))
    }
}

/// Accepts everything, reporting no component (checks no character).
struct AcceptsAll(SubjectInfo);

impl Subject for AcceptsAll {
    fn info(&self) -> &SubjectInfo {
        &self.0
    }
    fn parse(&self, _: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
        Outcome::Accepted(Parsed::default())
    }
}

fn unexplained(subject: Arc<dyn Subject>, tasks: &[Task]) -> Vec<ClassRecord> {
    let name = subject.info().name.clone();
    let engine = Engine::new(vec![subject]);
    let rows = engine.run(tasks, &|| ());
    engine
        .classify(&rows, 2_000)
        .into_iter()
        .filter(|c| !c.explained && c.deviating == [name.as_str()])
        .collect()
}

fn parses(inputs: &[&str]) -> Vec<Task> {
    inputs
        .iter()
        .map(|s| Task::parse(s.as_bytes().to_vec(), "test"))
        .collect()
}

#[test]
fn an_authority_where_the_standard_reads_none_is_one_class() {
    // A host alone, a userinfo and a host, a digit: the userinfo, host and path differ in turn,
    // one reading of the string.
    let classes = unexplained(
        Arc::new(HostAfterColon(info("colon-host", &[Op::Parse]))),
        &parses(&["A:b", "mailto:joe@example.com", "tel:+1-816", "o:a@"]),
    );
    assert_eq!(classes.len(), 1, "{classes:#?}");
    assert_eq!(
        classes[0].signature.class,
        Class::Component(Component::Authority)
    );
    assert_eq!(classes[0].count, 4);
}

#[test]
fn an_equivalence_test_is_minimized_on_both_operands_together() {
    let pairs = [
        ("http://a.example/x/y*z?q=1", "http://a.example/x/y%2Az?q=1"),
        ("urn:isbn:1*2", "urn:isbn:1%2a2"),
    ];
    let tasks: Vec<Task> = pairs
        .iter()
        .map(|(a, b)| Task {
            op: Op::Equivalent,
            second: Some(b.as_bytes().to_vec()),
            ..Task::parse(a.as_bytes().to_vec(), "test")
        })
        .collect();
    let classes = unexplained(
        Arc::new(DecodesAll(info("decodes-all", &[Op::Equivalent]))),
        &tasks,
    );
    assert_eq!(classes.len(), 1, "{classes:#?}");
    let c = &classes[0];
    assert_eq!(c.signature.class, Class::Equivalence);
    assert_eq!(c.count, 2);
    // `*` is a sub-delim (RFC 3986 2.2): `*` and `%2A` are not equivalent, and that is all the
    // example needs.
    let mut pair = [
        String::from_utf8_lossy(&c.example.input).into_owned(),
        String::from_utf8_lossy(c.example.second.as_deref().unwrap_or_default()).into_owned(),
    ];
    pair.sort();
    assert_eq!(pair[1], "*", "{pair:?}");
    assert!(pair[0].eq_ignore_ascii_case("%2a"), "{pair:?}");
    assert_eq!(c.signature.form, "%1a ~ a");
}

#[test]
fn a_forbidden_character_let_through_is_one_class_outside_the_authority() {
    let classes = unexplained(
        Arc::new(AcceptsAll(info("accepts-all", &[Op::Parse]))),
        &parses(&["http://a/b\"c", "http://a/?q<", "foo:x#{y}", "/x y"]),
    );
    let lax: Vec<&ClassRecord> = classes
        .iter()
        .filter(|c| c.signature.class == Class::TooLax)
        .collect();
    assert_eq!(lax.len(), 1, "{lax:#?}");
    assert_eq!(lax[0].count, 4);
    assert_eq!(lax[0].signature.form, "unexpected-byte");
    // Another reason the standard rejects is another class (a ":" in a relative reference's
    // first segment), and so is a character let through in the authority.
    let classes = unexplained(
        Arc::new(AcceptsAll(info("accepts-all", &[Op::Parse]))),
        &parses(&["http://a/b\"c", "1:/a", "+:/b", "http://a b/", "//x\"y"]),
    );
    // (What it reads from those inputs is judged too, as lenient classes of their own kind.)
    let forms: Vec<&str> = classes
        .iter()
        .filter(|c| c.signature.class == Class::TooLax)
        .map(|c| c.signature.form.as_str())
        .collect();
    assert_eq!(forms.len(), 3, "{forms:?}");
    for want in [
        "unexpected-byte",
        "colon-in-first-segment",
        "unexpected-byte in authority",
    ] {
        assert!(forms.contains(&want), "{forms:?}");
    }
}

/// Writes its URI back without the "@" of the userinfo (its serialization moves the userinfo
/// into the host).
struct DropsAt(SubjectInfo);

impl Subject for DropsAt {
    fn info(&self) -> &SubjectInfo {
        &self.0
    }
    fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
        subjects::Spec::get().parse(input, ctx).map(|mut p| {
            let text = String::from_utf8_lossy(input).replacen('@', "", 1);
            p.serialization = Some(text);
            p
        })
    }
}

#[test]
fn a_round_trip_is_one_class_by_what_the_re_reading_changes() {
    let classes = unexplained(
        Arc::new(DropsAt(info("drops-at", &[Op::Parse]))),
        &parses(&[
            "ftp://me@host:21/x?y",
            "//u@h",
            "//x@y.z",
            "http://a:b@[::1]:8/",
        ]),
    );
    let mut trips: Vec<(&str, usize)> = classes
        .iter()
        .filter(|c| c.signature.class == Class::RoundTrip)
        .map(|c| (c.signature.form.as_str(), c.count))
        .collect();
    trips.sort();
    // Three shapes, one change; a serialization the parser then refuses is another behaviour.
    assert_eq!(trips, [("re-read: authority", 3), ("re-read: rejected", 1)]);
}
