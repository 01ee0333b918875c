//! The per-input gate (DESIGN.md, "The gate"): a released parser's baseline, then the same
//! parser with one behaviour changed. Each kind of regression (a component, validity,
//! resolution, normalization, equivalence, a change of an answer that was already wrong) fails
//! the gate as the change it is, a fix makes its line stale, the unchanged parser passes twice,
//! and a bystander never changes the verdict. Then `uridiff check` itself, through the binary.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;
use std::sync::Arc;

use uridiff::engine::{Engine, Task};
use uridiff::gate::{self, Change, ChangeKind};
use uridiff::model::{Component, ComponentSet, Op, OpSet, Outcome, Parsed};
use uridiff::subjects::{Ctx, Kind, Spec, Subject, SubjectInfo};

use crate::common::{stderr, stdout, uridiff_stdin};

/// The one behaviour a copy of impl changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change1 {
    /// The released parser: impl but for its one known bug, a trailing dot on the host
    /// `wrong.example` (so it already deviates on one job).
    Released,
    /// The host of `http://example.com/x` reads `example.org`.
    HostOfOne,
    /// Accepts a space (RFC 3986 2 has no space in any production): the input is read as if it
    /// were `%20`.
    AcceptsSpace,
    /// Resolution drops the target's query (RFC 3986 5.2.2 keeps `R.query`).
    DropsQuery,
    /// Normalization drops the fragment (RFC 3986 6.2.2 keeps it).
    NormalizeDropsFragment,
    /// Equivalence ignores the case of the path (RFC 3986 6.2.2.1 lowercases only the scheme
    /// and host).
    PathCaseInsensitive,
    /// The known bug answers otherwise: two trailing dots.
    WrongOtherwise,
    /// The known bug fixed.
    Fixed,
}

/// impl (`Spec`) with one behaviour changed.
struct Copy1 {
    info: SubjectInfo,
    change: Change1,
}

fn copy(name: &str, change: Change1) -> Arc<dyn Subject> {
    Arc::new(Copy1 {
        info: SubjectInfo {
            name: name.into(),
            version: "1.0.0".into(),
            profile: "rfc3986".into(),
            kind: Kind::InProcess,
            library: "impl with one behaviour changed (a test double)".into(),
            operations: OpSet::of(&[Op::Parse, Op::Resolve, Op::Normalize, Op::Equivalent]),
            components: ComponentSet::ALL,
            decides_validity: true,
            edition_fields: false,
            editions: Vec::new(),
        },
        change,
    })
}

impl Subject for Copy1 {
    fn info(&self) -> &SubjectInfo {
        &self.info
    }
    fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
        let spec = Spec::get();
        if self.change == Change1::AcceptsSpace && input.contains(&b' ') {
            let escaped = String::from_utf8_lossy(input).replace(' ', "%20");
            return spec.parse(escaped.as_bytes(), ctx);
        }
        spec.parse(input, ctx).map(|mut p| {
            let host = p.components.get(Component::Host).map(str::to_owned);
            let host = match (self.change, host.as_deref()) {
                (Change1::HostOfOne, Some("example.com")) if input == b"http://example.com/x" => {
                    Some("example.org".to_owned())
                }
                (Change1::Fixed, h) => h.map(str::to_owned),
                (Change1::WrongOtherwise, Some("wrong.example")) => {
                    Some("wrong.example..".to_owned())
                }
                (_, Some("wrong.example")) => Some("wrong.example.".to_owned()),
                (_, h) => h.map(str::to_owned),
            };
            p.components.set(Component::Host, host.as_deref());
            p
        })
    }
    fn resolve(&self, base: &[u8], reference: &[u8], ctx: &Ctx<'_>) -> Outcome<String> {
        Spec::get().resolve(base, reference, ctx).map(|t| {
            if self.change == Change1::DropsQuery {
                t.split('?').next().unwrap_or(&t).to_owned()
            } else {
                t
            }
        })
    }
    fn normalize(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<String> {
        Spec::get().normalize(input, ctx).map(|n| {
            if self.change == Change1::NormalizeDropsFragment {
                n.split('#').next().unwrap_or(&n).to_owned()
            } else {
                n
            }
        })
    }
    fn equivalent(&self, a: &[u8], b: &[u8], ctx: &Ctx<'_>) -> Outcome<bool> {
        if self.change == Change1::PathCaseInsensitive {
            let (a, b) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
            return Spec::get().equivalent(&a, &b, ctx);
        }
        Spec::get().equivalent(a, b, ctx)
    }
}

fn task(op: Op, input: &str, second: Option<&str>) -> Task {
    Task {
        op,
        second: second.map(|s| s.as_bytes().to_vec()),
        ..Task::parse(input.as_bytes().to_vec(), "gate test")
    }
}

const BASE: &str = "http://a/b/c/d;p?q";

/// The jobs: a few of every operation, and a generated sample beside them.
fn tasks() -> Vec<Task> {
    let mut t = vec![
        task(Op::Parse, "http://example.com/x", None),
        task(Op::Parse, "http://wrong.example/", None),
        task(Op::Parse, "http://a b/", None),
        task(Op::Parse, "http://a/b?c#d", None),
        task(Op::Resolve, "g?y", Some(BASE)),
        task(Op::Resolve, "../g", Some(BASE)),
        task(Op::Normalize, "HTTP://A/./b/../c#Frag", None),
        task(Op::Normalize, "http://a/b", None),
        task(Op::Equivalent, "http://a/b", Some("http://a/B")),
        task(Op::Equivalent, "http://a/b", Some("HTTP://A/b")),
    ];
    t.extend(uridiff::gen::operations(3, 120));
    t
}

/// The gate's run of `parser` (named `mine`, under test) beside `bystander`.
fn gate_run(parser: Change1, bystander: Change1) -> gate::Run {
    let engine = Engine::new(vec![copy("mine", parser), copy("other", bystander)]);
    uridiff::run::gate(
        uridiff::run::Inputs {
            engine: &engine,
            suites: &[],
            tasks: tasks(),
            whatwg: Vec::new(),
            seed: 3,
            generated: 120,
            budget: 0,
            tag: &|_| None,
            progress: &|| (),
        },
        &["mine".to_owned()],
    )
    .expect("no WHATWG file")
}

/// The baseline of the released parser, written and read back as a file would be.
fn released() -> gate::Baseline {
    let text = gate::file::write(&gate_run(Change1::Released, Change1::Released));
    gate::file::read(&text).expect("a written baseline reads back")
}

fn changes(parser: Change1) -> Vec<Change> {
    gate::compare(&released(), &gate_run(parser, Change1::Released)).expect("the same run")
}

/// Every change is of `kind`, in a class containing `class`, and one of them is on `shown`.
#[track_caller]
fn only(changes: &[Change], kind: ChangeKind, class: &str, shown: &str) {
    assert!(!changes.is_empty(), "the gate passed");
    for c in changes {
        assert_eq!(c.kind, kind, "{c}");
        assert!(c.classes.iter().any(|k| k.contains(class)), "{c}");
        assert_eq!(c.subject, "mine", "{c}");
    }
    assert!(
        changes.iter().any(|c| c.shown == shown),
        "{shown:?} not among {:#?}",
        changes.iter().map(ToString::to_string).collect::<Vec<_>>()
    );
}

#[test]
fn the_released_parser_passes_twice_and_its_known_bug_is_listed() {
    let baseline = released();
    for _ in 0..2 {
        let run = gate_run(Change1::Released, Change1::Released);
        assert_eq!(gate::compare(&baseline, &run).expect("same run"), []);
    }
    // Its one known bug is the baseline's one line.
    let shown: BTreeSet<&str> = baseline
        .entries
        .values()
        .map(|e| e.shown.as_str())
        .collect();
    assert_eq!(shown, BTreeSet::from(["parse http://wrong.example/"]));
}

#[test]
fn a_component_of_one_input_is_a_new_job() {
    let c = changes(Change1::HostOfOne);
    only(
        &c,
        ChangeKind::New,
        "mine host parse",
        "parse http://example.com/x",
    );
    assert_eq!(c.len(), 1);
    assert_eq!(
        c[0].reproduce.as_deref(),
        Some("uridiff diff --edition rfc3986 -- 'http://example.com/x'")
    );
    assert!(
        c[0].to_string().starts_with("new: mine host parse: "),
        "{}",
        c[0]
    );
}

#[test]
fn accepting_a_space_is_a_new_job() {
    only(
        &changes(Change1::AcceptsSpace),
        ChangeKind::New,
        "mine too-lax parse",
        "parse http://a b/",
    );
}

#[test]
fn resolution_that_drops_the_query_is_a_new_job() {
    let c = changes(Change1::DropsQuery);
    only(
        &c,
        ChangeKind::New,
        "mine resolution resolve",
        &format!("resolve g?y against {BASE}"),
    );
    assert!(c.iter().any(|c| c.reproduce.as_deref()
        == Some("uridiff diff --edition rfc3986 --base 'http://a/b/c/d;p?q' -- 'g?y'")));
}

#[test]
fn normalization_that_drops_the_fragment_is_a_new_job() {
    only(
        &changes(Change1::NormalizeDropsFragment),
        ChangeKind::New,
        "mine normalization normalize",
        "normalize HTTP://A/./b/../c#Frag",
    );
}

#[test]
fn equivalence_that_ignores_the_path_case_is_a_new_job() {
    only(
        &changes(Change1::PathCaseInsensitive),
        ChangeKind::New,
        "mine equivalence equivalent",
        "equivalent http://a/b and http://a/B",
    );
}

#[test]
fn an_already_wrong_answer_that_changes_is_a_changed_line() {
    let c = changes(Change1::WrongOtherwise);
    only(
        &c,
        ChangeKind::Changed,
        "mine host parse",
        "parse http://wrong.example/",
    );
    assert_eq!(c.len(), 1);
    assert!(c[0].line.is_some() && c[0].was != c[0].now, "{}", c[0]);
    assert!(c[0].to_string().contains("listed as"), "{}", c[0]);
}

#[test]
fn a_fix_makes_the_line_stale() {
    let c = changes(Change1::Fixed);
    only(
        &c,
        ChangeKind::Fixed,
        "mine host parse",
        "parse http://wrong.example/",
    );
    assert_eq!(c.len(), 1);
    assert!(
        c[0].to_string().contains("now agrees with its reference"),
        "{}",
        c[0]
    );
}

#[test]
fn a_bystander_never_changes_the_verdict() {
    let baseline = released();
    for bystander in [
        Change1::AcceptsSpace,
        Change1::DropsQuery,
        Change1::Fixed,
        Change1::PathCaseInsensitive,
    ] {
        let run = gate_run(Change1::Released, bystander);
        assert_eq!(
            gate::compare(&baseline, &run).expect("same run"),
            [],
            "{bystander:?}"
        );
    }
}

#[test]
fn the_regressions_class_is_the_baselines_class_header() {
    // A new job in a class the baseline already has is still new: the gate matches jobs.
    let mut run = gate_run(Change1::Released, Change1::Released);
    let listed = run.records.clone();
    let text = gate::file::write(&run);
    assert!(text.contains("\n## (1) mine host parse: "), "{text}");
    run = gate_run(Change1::HostOfOne, Change1::Released);
    let new: Vec<_> = run.records.iter().filter(|r| !listed.contains(r)).collect();
    assert_eq!(new.len(), 1);
    assert_eq!(
        gate::compare(&gate::file::read(&text).expect("reads"), &run)
            .expect("same run")
            .len(),
        1
    );
}

// The command, through the binary: the in-process parsers only, a small corpus.

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("uridiff-gate-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).expect("a scratch folder");
    d
}

fn check(baseline: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "check",
        "--baseline",
        baseline,
        "--no-external",
        "--count",
        "40",
        "--seed",
        "5",
    ];
    args.extend_from_slice(extra);
    uridiff_stdin(&args, b"")
}

#[test]
fn check_writes_then_passes_then_fails_on_an_edited_digest() {
    let dir = scratch("cli");
    let base = dir.join("b.txt");
    let base_s = base.to_str().expect("utf-8");
    let o = check(base_s, &["--write-baseline"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = fs::read_to_string(&base).expect("written");
    assert!(text.starts_with(gate::file::FORMAT), "{text}");
    assert!(text.contains("\n# seed: 5\n# count: 40\n"), "{text}");
    // By default every available parser but the project's own is under test.
    assert!(text.contains("\n# parser: {\"name\":\"url\","), "{text}");
    for own in ["impl", "oracle-regex", "oracle-grammar"] {
        assert!(!text.contains(&format!("{{\"name\":\"{own}\"")), "{text}");
    }
    let o = check(base_s, &[]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("0 new, 0 changed, 0 stale"),
        "{}",
        stdout(&o)
    );
    // One parse line's answer digest edited by hand: a changed answer, with its diff command. The
    // job must be on that line alone (a job in two classes is on two lines, which must agree).
    let lines: Vec<&str> = text.lines().collect();
    let once = |l: &str| lines.iter().filter(|o| o.get(..16) == l.get(..16)).count() == 1;
    let at = lines
        .iter()
        .position(|l| {
            !l.starts_with('#') && l.len() > 34 && l[34..].starts_with("parse ") && once(l)
        })
        .expect("some parser under test deviates on a parse");
    let mut edited: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    let digit = if &edited[at][17..18] == "0" { "1" } else { "0" };
    edited[at].replace_range(17..18, digit);
    fs::write(&base, edited.join("\n") + "\n").expect("write");
    let o = check(base_s, &[]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(&format!("b.txt:{}: changed: ", at + 1)),
        "{out}"
    );
    assert!(out.contains("    uridiff diff --edition "), "{out}");
    // Another seed: exit 2, naming the seed, and no line compared.
    fs::write(&base, &text).expect("write");
    let o = uridiff_stdin(
        &[
            "check",
            "--baseline",
            base_s,
            "--no-external",
            "--count",
            "40",
            "--seed",
            "6",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("seed 5, this run has 6"), "{err}");
    assert!(err.contains("--write-baseline"), "{err}");
    assert!(!stdout(&o).contains("new:"), "{}", stdout(&o));
    // A malformed line: file:line:column.
    fs::write(&base, text.replacen("# seed: 5", "# seed: five", 1)).expect("write");
    let o = check(base_s, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("b.txt:5:9: "), "{}", stderr(&o));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_parser_under_test_is_one_line_and_exit_2() {
    let dir = scratch("unknown");
    let base = dir.join("b.txt");
    let o = check(
        base.to_str().expect("utf-8"),
        &["--write-baseline", "--under-test", "nosuch"],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--under-test nosuch"), "{err}");
    assert!(!base.exists());
    // A worker that cannot start, under test: one line saying why, never a run.
    #[cfg(unix)]
    {
        let o = check(
            base.to_str().expect("utf-8"),
            &[
                "--write-baseline",
                "--external",
                "dead=exit 3",
                "--under-test",
                "dead",
            ],
        );
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("--under-test dead: the parser is not available: "),
            "{err}"
        );
        assert!(!base.exists());
    }
    let _ = fs::remove_dir_all(&dir);
}
