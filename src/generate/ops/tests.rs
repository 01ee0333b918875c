//! Tests of the operation generators: determinism, the forms of RFC 3986 5.4 among the generated
//! references, and the jobs run through impl and the in-process subjects.

use std::collections::{BTreeMap, BTreeSet};

use super::*;
use crate::model::{Answer, Outcome};
use crate::subjects::{self, Spec};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The shape of a piece of a reference: every run of characters other than `.`, `;`, `=` and
/// `/` becomes `g`, so names are forgotten and dots, parameters and slashes stay
/// (`g;x=1/../y` is `g;g=g/../g`, `..g` is `..g`).
fn shape(piece: &str) -> String {
    let mut out = String::new();
    let mut in_run = false;
    for c in piece.chars() {
        if matches!(c, '.' | ';' | '=' | '/') {
            out.push(c);
            in_run = false;
        } else if !in_run {
            out.push('g');
            in_run = true;
        }
    }
    out
}

/// The form of a reference against a base with scheme `base_scheme`: its scheme (`same:` or
/// `other:`), `//A` for an authority, and the shapes of its path, query and fragment (section
/// 4.2's forms refined by the pieces 5.4's examples are made of).
fn classify(base_scheme: &str, reference: &str) -> String {
    let (rest, fragment) = match reference.split_once('#') {
        Some((r, f)) => (r, Some(f)),
        None => (reference, None),
    };
    let (rest, query) = match rest.split_once('?') {
        Some((r, q)) => (r, Some(q)),
        None => (rest, None),
    };
    let mut out = String::new();
    let mut path = rest;
    if let Some((scheme, after)) = rest.split_once(':') {
        let is_scheme = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
        if is_scheme {
            out.push_str(if scheme == base_scheme {
                "same:"
            } else {
                "other:"
            });
            path = after;
        }
    }
    if let Some(after) = path.strip_prefix("//") {
        out.push_str("//A");
        path = after.find('/').map_or("", |i| after.get(i..).unwrap_or(""));
    }
    out.push_str(&shape(path));
    if let Some(q) = query {
        out.push('?');
        out.push_str(&shape(q));
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(&shape(f));
    }
    out
}

/// The references of RFC 3986 5.4.1 (normal) and 5.4.2 (abnormal), all against the base
/// `http://a/b/c/d;p?q`: the forms to find among generated ones.
const EXAMPLES_5_4: &[&str] = &[
    "g:h",
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
    "../../../g",
    "../../../../g",
    "/./g",
    "/../g",
    "g.",
    ".g",
    "g..",
    "..g",
    "./../g",
    "./g/.",
    "g/./h",
    "g/../h",
    "g;x=1/./y",
    "g;x=1/../y",
    "g?y/./x",
    "g?y/../x",
    "g#s/./x",
    "g#s/../x",
    "http:g",
];

#[test]
fn the_classifier_tells_the_examples_apart() {
    let forms: BTreeSet<String> = EXAMPLES_5_4.iter().map(|r| classify("http", r)).collect();
    assert_eq!(forms.len(), EXAMPLES_5_4.len(), "{forms:?}");
    assert_eq!(classify("http", "g;x=1/../y"), "g;g=g/../g");
    assert_eq!(classify("http", "http:g"), "same:g");
    assert_eq!(classify("http", "//u@h:80/x"), "//A/g");
}

#[test]
fn every_form_of_5_4_is_among_2000_generated_references() {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for t in resolution(0, 2000) {
        let base = text(t.second.as_deref().unwrap_or_default());
        let scheme = base.split(':').next().unwrap_or("");
        *seen.entry(classify(scheme, &text(&t.input))).or_default() += 1;
    }
    for example in EXAMPLES_5_4 {
        let form = classify("http", example);
        let n = seen.get(&form).copied().unwrap_or(0);
        assert!(n >= 1, "{example:?} ({form}) never generated");
    }
    // Beyond the examples: the generator composes, it does not enumerate them.
    assert!(seen.len() > 4 * EXAMPLES_5_4.len(), "{} forms", seen.len());
}

#[test]
fn the_generators_are_deterministic_and_differ_between_seeds() {
    type Generator = fn(u64, usize) -> Vec<Task>;
    let generators: [(&str, Generator); 3] = [
        ("resolution", resolution),
        ("normalization", normalization),
        ("equivalence", equivalence),
    ];
    for (name, generate) in generators {
        let a = generate(5, 300);
        assert_eq!(a, generate(5, 300), "{name}");
        assert_eq!(&a[..40], &generate(5, 40)[..], "{name}: a prefix");
        let b = generate(6, 300);
        let same = a.iter().zip(&b).filter(|(x, y)| x == y).count();
        assert!(same < 30, "{name}: {same} of 300 equal across seeds");
        let distinct: BTreeSet<_> = a.iter().map(|t| (&t.input, &t.second)).collect();
        assert!(distinct.len() > 250, "{name}: {} distinct", distinct.len());
    }
}

#[test]
fn the_generators_do_not_share_bytes_with_the_parse_corpus() {
    let parse: BTreeSet<Vec<u8>> = corpus(4, 500).into_iter().map(|(i, _)| i).collect();
    let shared = normalization(4, 500)
        .iter()
        .filter(|t| parse.contains(&t.input))
        .count();
    assert!(shared < 10, "{shared}");
}

/// Every task's outcome from `subject`.
fn outcomes(subject: &dyn subjects::Subject, tasks: &[Task]) -> Vec<Outcome<Answer>> {
    tasks
        .iter()
        .map(|t| subjects::run(subject, &t.job()))
        .collect()
}

#[test]
fn impl_takes_the_bases_and_resolves_without_crashing() {
    let pairs = resolution(11, 2000);
    let bases_ok = pairs
        .iter()
        .filter(|t| {
            let base = t.second.as_deref().unwrap_or_default();
            uri_spec::Parser::new()
                .rule(uri_spec::Rule::Uri)
                .parse(base)
                .is_ok()
        })
        .count();
    assert!(
        bases_ok >= 1980,
        "{bases_ok} of 2000 bases are URIs to impl"
    );
    let out = outcomes(Spec::get(), &pairs);
    let crashed: Vec<_> = pairs
        .iter()
        .zip(&out)
        .filter(|(_, o)| matches!(o, Outcome::Crashed(_)))
        .map(|(t, _)| text(&t.input))
        .collect();
    assert!(crashed.is_empty(), "{crashed:?}");
    let resolved = out
        .iter()
        .filter(|o| matches!(o, Outcome::Accepted(_)))
        .count();
    // The backslash twists and a few others are not references: a few percent rejected.
    assert!(resolved >= 1800, "{resolved} of 2000 resolved");
}

#[test]
fn impl_normalizes_every_input_and_undoes_the_syntax_based_changes() {
    let inputs = normalization(12, 1000);
    let out = outcomes(Spec::get(), &inputs);
    let (mut checked, mut kept) = (0, Vec::new());
    for (t, o) in inputs.iter().zip(&out) {
        let Outcome::Accepted(Answer::Text(n)) = o else {
            panic!("{:?}: {o:?}", text(&t.input));
        };
        // Scheme and host case, encoded unreserved characters and inserted dot segments always
        // show to 6.2.2 (the others may not: an encoded reserved character's hex may already
        // be uppercase, and 6.2.3's ports and paths are not syntax-based), unless the input was
        // reduced to a relative reference, which drops the scheme and host.
        let shows = [
            "scheme-case",
            "host-case",
            "encode-unreserved",
            "dot-segments",
        ]
        .iter()
        .any(|c| t.origin.contains(c));
        let has_scheme = uri_spec::parse(&t.input).is_ok_and(|c| c.scheme.is_some());
        if shows && has_scheme {
            checked += 1;
            if n.as_bytes() == t.input.as_slice() {
                kept.push(format!("{} {}", text(&t.input), t.origin));
            }
        }
    }
    assert!(checked >= 500, "{checked}");
    assert!(kept.is_empty(), "unchanged by normalization: {kept:?}");
}

#[test]
fn impl_finds_equivalent_and_different_pairs_as_their_change_says() {
    // One change of 6.2.2 keeps the meaning; one of these changes it, whatever the scheme.
    let keeps = [
        "scheme-case",
        "host-case",
        "encode-unreserved",
        "hex-case",
        "dot-segments",
    ];
    let changes = [
        "path-case",
        "other-port",
        "empty-query",
        "fragment",
        "userinfo-case",
        "trailing-slash",
        "encode-reserved",
    ];
    let pairs = equivalence(13, 1000);
    let (mut yes, mut no, mut wrong) = (0, 0, Vec::new());
    for (t, o) in pairs.iter().zip(outcomes(Spec::get(), &pairs)) {
        let Outcome::Accepted(Answer::Bool(eq)) = o else {
            panic!("{:?} {:?}: {o:?}", text(&t.input), t.second);
        };
        if eq {
            yes += 1;
        } else {
            no += 1;
        }
        let change = t.origin.strip_prefix("equivalent/").unwrap_or("");
        let expected = if keeps.contains(&change) {
            true
        } else if changes.contains(&change) {
            false
        } else {
            continue;
        };
        if eq != expected {
            let other = text(t.second.as_deref().unwrap_or_default());
            wrong.push(format!("{} {} {other}", t.origin, text(&t.input)));
        }
    }
    assert!(yes >= 300 && no >= 300, "{yes} equivalent, {no} not");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_library_subjects_answer_the_jobs_of_every_operation() {
    let jobs: [(Op, Vec<Task>); 3] = [
        (Op::Resolve, resolution(14, 600)),
        (Op::Normalize, normalization(14, 600)),
        (Op::Equivalent, equivalence(14, 600)),
    ];
    let subjects = subjects::in_process();
    for (op, tasks) in &jobs {
        let mut asked = 0;
        for s in subjects
            .iter()
            .filter(|s| s.info().name != "impl" && s.info().operations.contains(*op))
        {
            asked += 1;
            let out = outcomes(s.as_ref(), tasks);
            // Only a relative reference may be an operation a library lacks (iri-string
            // normalizes absolute URIs only).
            let unsupported = out
                .iter()
                .zip(tasks.iter())
                .filter(|(o, t)| {
                    matches!(o, Outcome::Unsupported(_))
                        && uri_spec::parse(&t.input).is_ok_and(|c| c.scheme.is_some())
                })
                .count();
            let accepted = out
                .iter()
                .filter(|o| matches!(o, Outcome::Accepted(_)))
                .count();
            let name = &s.info().name;
            assert_eq!(unsupported, 0, "{name} {op}");
            assert!(accepted >= 400, "{name} {op}: {accepted} of 600 answered");
        }
        assert!(asked >= 1, "no library subject has {op}");
    }
    // The two the report leans on: url (WHATWG) and fluent-uri (RFC 3986) resolve them.
    for name in ["url", "fluent-uri"] {
        assert!(subjects
            .iter()
            .any(|s| s.info().name == name && s.info().operations.contains(Op::Resolve)));
    }
}

#[test]
fn the_suites_give_tasks_of_every_compared_operation() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("suites");
    let files = crate::suite::collect(&[root]).unwrap_or_default();
    let suites: Vec<Suite> = files
        .iter()
        .filter_map(|f| crate::suite::load(f).ok())
        .collect();
    assert_eq!(suites.len(), files.len());
    let tasks = from_suites(&suites);
    for op in [Op::Parse, Op::Resolve, Op::Normalize, Op::Equivalent] {
        let n = tasks.iter().filter(|t| t.op == op).count();
        assert!(n >= 10, "{op}: {n}");
    }
    assert!(tasks.iter().all(|t| t.op != Op::Extract));
    // Each task is its case's own job, with the case's id.
    let mut by_id = BTreeMap::new();
    for s in &suites {
        for (_, case, id, edition) in crate::suite::cases(s, None) {
            by_id.insert(id, (case, edition));
        }
    }
    for t in &tasks {
        let (case, edition) = by_id[&t.origin];
        assert!(case.skip.is_none() && case.rule.is_none() && case.strict);
        assert_eq!(t.edition, edition);
        assert_eq!(case.job(edition).map(|j| j.input), Some(&t.input[..]));
    }
    // The non-strict resolutions are the suite runner's alone.
    let non_strict = by_id.values().filter(|(c, _)| !c.strict).count();
    assert!(non_strict > 0);
    assert!(tasks.len() + non_strict < by_id.len());
}
