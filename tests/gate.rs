//! The per-input gate: a released parser's baseline, then the same
//! parser with one behaviour changed. Each kind of regression (a component, validity,
//! resolution, normalization, equivalence, a change of an answer that was already wrong, a
//! changed answer on a job where the parser agrees with its reference before and after) fails
//! the gate as the change it is, a fix makes its line stale, the unchanged parser passes twice,
//! and a bystander never changes the verdict. Then `uridiff check` itself, through the binary:
//! a changed answer with both answers and the one command that accepts it, and a baseline of
//! the previous format refused in one line.

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
    /// Rejects `http://a b/` as it did, with another message: its answer changes on a job where
    /// it agrees with its reference (which rejects it too), before and after.
    RejectsOtherwise,
    /// Accepts [`TWO_ATS`], which RFC 3986 3.2.1 rejects (no "@" in a userinfo), reading the
    /// host after the last "@" (`c`, the userinfo `a%40b`), as the URL Standard's parser does.
    TwoAtsLast,
    /// Accepts [`TWO_ATS`] reading the host after the first "@" (`b@c`, the userinfo `a`).
    TwoAtsFirst,
}

/// An authority with two "@": which one ends the userinfo is a known URL confusion.
const TWO_ATS: &[u8] = b"http://a@b@c/";

/// impl (`Spec`) with one behaviour changed.
struct Copy1 {
    info: SubjectInfo,
    change: Change1,
}

fn copy(name: &str, change: Change1) -> Arc<dyn Subject> {
    Arc::new(Copy1 {
        info: SubjectInfo {
            wraps: None,
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
        if input == TWO_ATS && matches!(self.change, Change1::TwoAtsLast | Change1::TwoAtsFirst) {
            return spec.parse(b"http://a%40b@c/", ctx).map(|mut p| {
                if self.change == Change1::TwoAtsFirst {
                    p.components.set(Component::Userinfo, Some("a"));
                    p.components.set(Component::Host, Some("b@c"));
                }
                p
            });
        }
        if self.change == Change1::RejectsOtherwise && input == b"http://a b/" {
            return Outcome::rejected("a space is no URI character (another message)");
        }
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
        task(Op::Parse, "http://a@b@c/", None),
        task(Op::Resolve, "g?y", Some(BASE)),
        task(Op::Resolve, "../g", Some(BASE)),
        task(Op::Normalize, "HTTP://A/./b/../c#Frag", None),
        task(Op::Normalize, "http://a/b", None),
        task(Op::Equivalent, "http://a/b", Some("http://a/B")),
        task(Op::Equivalent, "http://a/b", Some("HTTP://A/b")),
    ];
    t.extend(uridiff::generate::operations(3, 120));
    t
}

/// The gate's run of `parser` (named `mine`, under test) beside `bystander` (`other`).
fn gate_run(parser: Change1, bystander: Change1) -> gate::Run {
    gate_run_of(&[("mine", parser), ("other", bystander)], &["mine"])
}

/// The gate's run of `parsers`, those named in `under_test` under test.
fn gate_run_of(parsers: &[(&str, Change1)], under_test: &[&str]) -> gate::Run {
    let engine = Engine::new(parsers.iter().map(|(n, c)| copy(n, *c)).collect());
    let under_test: Vec<String> = under_test.iter().map(|s| (*s).to_owned()).collect();
    uridiff::run::gate(
        uridiff::run::Inputs {
            engine: &engine,
            suites: &[],
            tasks: tasks(),
            whatwg: Vec::new(),
            seed: 3,
            generated: 120,
            budget: 0,
            confusion: Default::default(),
            tag: &|_| None,
            progress: &|| (),
        },
        &under_test,
    )
    .expect("no WHATWG file")
}

/// The baseline of the released parser, written and read back as a file would be.
fn released() -> gate::Baseline {
    let text = gate::file::write(&gate_run(Change1::Released, Change1::Released));
    gate::file::read(&text).expect("a written baseline reads back")
}

/// The changes of `parser` against the released baseline, beside the released bystander: the
/// jobs' changes, then the URL-confusion classes' (a host read apart from the bystander's is a
/// new confusion class of the parser under test too).
fn all_changes(parser: Change1) -> (Vec<Change>, Vec<Change>) {
    gate::compare(&released(), &gate_run(parser, Change1::Released))
        .expect("the same run")
        .into_iter()
        .partition(|c| c.confusion.is_none())
}

/// The jobs' changes of `parser` ([`all_changes`]).
fn changes(parser: Change1) -> Vec<Change> {
    all_changes(parser).0
}

/// The keys of `changes`, each with its kind, as `<kind> <class>`.
fn confusion_keys(changes: &[Change]) -> Vec<String> {
    changes
        .iter()
        .map(|c| format!("{:?} {}", c.kind, c.classes.join(", ")))
        .collect()
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
    let (c, confusion) = all_changes(Change1::HostOfOne);
    // Read apart from the bystander's host: a new confusion class of the parser under test.
    assert_eq!(
        confusion_keys(&confusion),
        ["New mine url-confusion-host [mine|other]"]
    );
    assert!(confusion[0].to_string().contains(
        "the host of http://example.com/x is read 2 ways; the parser mine and the parser other read two hosts (\"example.org\" and \"example.com\")"
    ), "{}", confusion[0]);
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
        == Some("uridiff diff --edition rfc3986 --base='http://a/b/c/d;p?q' -- 'g?y'")));
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
    let (c, confusion) = all_changes(Change1::WrongOtherwise);
    assert_eq!(
        confusion_keys(&confusion),
        ["New mine url-confusion-host [mine|other]"]
    );
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
fn a_changed_answer_where_the_parser_agrees_fails_with_both_answers() {
    let baseline = released();
    // The job is recorded, as an agreeing one: the released parser rejects it as its reference.
    let job = gate::job_id(&task(Op::Parse, "http://a b/", None));
    let recorded = baseline.agreed[&("mine".to_owned(), job)];
    let run = gate_run(Change1::RejectsOtherwise, Change1::Released);
    assert!(
        run.records.iter().all(|r| r.job != job),
        "it still agrees with its reference"
    );
    let c = gate::compare(&baseline, &run).expect("the same run");
    assert_eq!(c.len(), 1, "{c:#?}");
    let c = &c[0];
    assert_eq!(c.kind, ChangeKind::Changed);
    assert_eq!(c.classes, ["mine changed-answer parse"]);
    assert_eq!(c.shown, "parse http://a b/");
    assert_eq!(c.line, Some(recorded.line));
    assert_eq!(c.was, Some(recorded.answer));
    assert_ne!(c.now, c.was);
    // The old answer was the reference's (impl's rejection), the new one has the new message.
    let was = c
        .was_answer
        .as_deref()
        .expect("the reference's answer had the digest");
    assert!(was.starts_with(r#"{"outcome":"rejected""#), "{was}");
    let now = c.now_answer.as_deref().expect("answered");
    assert!(now.contains("(another message)"), "{now}");
    assert!(!was.contains("(another message)"), "{was}");
    let text = c.to_string();
    assert!(
        text.contains(&format!("\n    was: {was}\n    now: {now}")),
        "{text}"
    );
    assert_eq!(
        c.reproduce.as_deref(),
        Some("uridiff diff --edition rfc3986 -- 'http://a b/'")
    );
}

#[test]
fn a_fix_makes_the_line_stale() {
    // Fixed, it reads apart from the bystander that still has the bug: a new confusion class.
    let (c, confusion) = all_changes(Change1::Fixed);
    assert_eq!(
        confusion_keys(&confusion),
        ["New mine url-confusion-host [mine|other]"]
    );
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
fn a_bystander_never_changes_the_verdict_on_a_job_but_a_confusion_with_it_does() {
    let baseline = released();
    for bystander in [
        Change1::AcceptsSpace,
        Change1::DropsQuery,
        Change1::Fixed,
        Change1::PathCaseInsensitive,
        Change1::RejectsOtherwise,
        Change1::HostOfOne,
        Change1::TwoAtsLast,
    ] {
        let run = gate_run(Change1::Released, bystander);
        let (jobs, confusion): (Vec<Change>, Vec<Change>) = gate::compare(&baseline, &run)
            .expect("same run")
            .into_iter()
            .partition(|c| c.confusion.is_none());
        assert_eq!(jobs, [], "{bystander:?}");
        // A bystander that comes to read a host apart from the parser under test makes a
        // confusion class the parser takes part in (an input both accept); no other does.
        let expected: &[&str] = match bystander {
            Change1::Fixed | Change1::HostOfOne => &["New mine url-confusion-host [mine|other]"],
            _ => &[],
        };
        assert_eq!(confusion_keys(&confusion), expected, "{bystander:?}");
    }
}

#[test]
fn a_confusion_class_of_bystanders_alone_is_never_recorded_nor_compared() {
    let parsers = [
        ("mine", Change1::Released),
        ("other", Change1::TwoAtsLast),
        ("third", Change1::TwoAtsFirst),
    ];
    // other and third read http://a@b@c/ apart; mine rejects it, taking no part.
    let run = gate_run_of(&parsers, &["mine"]);
    assert!(run.confusion.is_empty(), "{:#?}", run.confusion);
    assert!(!gate::file::write(&run).contains(" confusion\n"));
    assert_eq!(gate::compare(&released(), &run).expect("same run"), []);
    // The same class, with other under test: recorded for it.
    let run = gate_run_of(&parsers, &["other"]);
    let keys: Vec<String> = gate::confusion_of(&run.confusion, "other")
        .into_keys()
        .collect();
    // Only the host: the first "@"'s reading of the host, `b@c`, is no place a resolver asks
    // for, so the userinfo read with it is sent nowhere and takes no part.
    assert_eq!(keys, ["host [other|third]"]);
}

#[test]
fn a_new_confusion_class_of_the_parser_under_test_fails_the_gate_by_name() {
    use uridiff::gate::verdict::{Status, Verdict};
    // Both read the host of http://a@b@c/ after the last "@": no confusion between them.
    let before = gate_run(Change1::TwoAtsLast, Change1::TwoAtsLast);
    let baseline = gate::file::read(&gate::file::write(&before)).expect("reads back");
    assert!(baseline.confusion.is_empty());
    let again = gate_run(Change1::TwoAtsLast, Change1::TwoAtsLast);
    assert_eq!(gate::compare(&baseline, &again).expect("same run"), []);
    // The parser under test now reads it after the first "@": host and userinfo read apart.
    let after = gate_run(Change1::TwoAtsFirst, Change1::TwoAtsLast);
    let changes = gate::compare(&baseline, &after).expect("same run");
    let confusion: Vec<Change> = changes
        .iter()
        .filter(|c| c.confusion.is_some())
        .cloned()
        .collect();
    // The host alone: the userinfo read with `b@c`, which no resolver asks for, is sent
    // nowhere and takes no part.
    assert_eq!(
        confusion_keys(&confusion),
        ["New mine url-confusion-host [mine|other]"]
    );
    let host = confusion[0].to_string();
    for part in [
        "new: mine url-confusion-host [mine|other]: a URL confusion the baseline does not list: the host of http://a@b@c/ is read 2 ways",
        "\n    mine read \"b@c\"\n    other read \"c\"",
        "\n    uridiff diff --edition rfc3986 -- 'http://a@b@c/'",
    ] {
        assert!(host.contains(part), "{part:?} not in {host}");
    }
    // The verdict fails on it, with the example whole and the class's severity.
    let v = Verdict::checked("b.txt", &baseline, &after, &changes);
    assert!(!v.passed);
    let item = v
        .items
        .iter()
        .find(|i| i.classes == ["mine url-confusion-host [mine|other]"])
        .expect("an item");
    assert_eq!(item.status, Status::New);
    assert_eq!(item.example.as_deref(), Some("parse http://a@b@c/"));
    assert!(item.severity.is_some());
    assert_eq!(item.message, host);
    // Written again, the classes are listed and the same run passes; the released reading
    // again makes them stale, with their lines.
    let text = gate::file::write(&after);
    assert!(
        text.contains("\n### (1) mine confusion\nhost [mine|other]\n"),
        "{text}"
    );
    let rewritten = gate::file::read(&text).expect("reads back");
    assert_eq!(gate::compare(&rewritten, &after).expect("same run"), []);
    let stale: Vec<Change> = gate::compare(&rewritten, &before)
        .expect("same run")
        .into_iter()
        .filter(|c| c.confusion.is_some())
        .collect();
    assert_eq!(
        confusion_keys(&stale),
        ["Fixed mine url-confusion-host [mine|other]"]
    );
    assert!(stale.iter().all(|c| c.line.is_some()));
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
    // One job, and the host it reads apart from the bystander's: a confusion class.
    let changes = gate::compare(&gate::file::read(&text).expect("reads"), &run).expect("same run");
    let jobs = changes.iter().filter(|c| c.confusion.is_none()).count();
    assert_eq!((jobs, changes.len()), (1, 2));
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
    // One parse line's answer digest edited by hand: a changed answer, with its diff command.
    // A job listed once (a job in two classes is two lines with one answer).
    let lines: Vec<&str> = text.lines().collect();
    let deviating = |l: &&str| !l.starts_with('#') && l.len() > 34;
    let at = lines
        .iter()
        .position(|l| {
            deviating(l)
                && l[34..].starts_with("parse ")
                && lines
                    .iter()
                    .filter(|m| deviating(m) && m[..16] == l[..16])
                    .count()
                    == 1
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
    let seed_line = text
        .lines()
        .position(|l| l == "# seed: 5")
        .expect("a seed line")
        + 1;
    assert!(
        stderr(&o).contains(&format!("b.txt:{seed_line}:9: ")),
        "{}",
        stderr(&o)
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_baseline_of_another_uridiff_or_other_rules_is_refused_in_one_line() {
    let dir = scratch("tool");
    let base = dir.join("b.txt");
    let base_s = base.to_str().expect("utf-8");
    let o = check(base_s, &["--write-baseline"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = fs::read_to_string(&base).expect("written");
    // The header names this uridiff and both digests.
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        text.contains(&format!("\n# tool: uridiff {version}\n# rules: sha256:")),
        "{text}"
    );
    let value = |field: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("# {field}: ")))
            .expect("the field")
            .to_owned()
    };
    let (rules, corpus) = (value("rules"), value("corpus"));
    assert_eq!((rules.len(), corpus.len()), (7 + 64, 7 + 64));
    let ours = format!(
        "{version} (rules {}, corpus {})",
        &rules[..19],
        &corpus[..19]
    );
    // A baseline of uridiff 0.1.0 (no digests), and one of this version with other rules.
    let older = text
        .replace(
            &format!("# tool: uridiff {version}"),
            "# tool: uridiff 0.1.0",
        )
        .replace(&format!("# rules: {rules}\n# corpus: {corpus}\n"), "");
    let other = text.replace(&rules, &format!("sha256:{}", "0".repeat(64)));
    let cases = [
        (older, "0.1.0 (no rules or corpus digest)".to_owned()),
        (
            other,
            format!(
                "{version} (rules sha256:000000000000, corpus {})",
                &corpus[..19]
            ),
        ),
    ];
    for (written, theirs) in cases {
        // Every answer edited too: still the one line, never a line per answer.
        let written = written.replace("\n0", "\n1");
        fs::write(&base, &written).expect("write");
        let o = check(base_s, &[]);
        assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&format!(
                "written with uridiff {theirs}, this run has {ours}"
            )),
            "{err}"
        );
        assert!(err.contains("--write-baseline"), "{err}");
        assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn check_names_a_confusion_class_the_baseline_does_not_list_and_one_gone_stale() {
    let dir = scratch("confusion");
    let base = dir.join("b.txt");
    let base_s = base.to_str().expect("utf-8");
    let under = ["--under-test", "url"];
    let o = check(base_s, &[&["--write-baseline"][..], &under].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = fs::read_to_string(&base).expect("written");
    let lines: Vec<&str> = text.lines().collect();
    // url reads a host apart from other in-process parsers on some input of the run.
    let head = lines
        .iter()
        .position(|l| l.starts_with("### (") && l.ends_with(") url confusion"))
        .expect("a confusion section of url");
    let count: usize = lines[head]["### (".len()..lines[head].find(')').expect("(N)")]
        .parse()
        .expect("N");
    assert_eq!(
        lines[head + 1..]
            .iter()
            .take_while(|l| !l.is_empty())
            .count(),
        count
    );
    // Its first class unlisted, a class that does not occur listed in its place.
    let removed = lines[head + 1].to_owned();
    let mut edited: Vec<&str> = lines.clone();
    edited[head + 1] = "port [nosuch|url]";
    fs::write(&base, edited.join("\n") + "\n").expect("write");
    let o = check(base_s, &under);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    let component = removed.split(' ').next().expect("a component");
    assert!(
        out.contains(&format!(
            "new: url url-confusion-{removed}: a URL confusion the baseline does not list: the {component} of "
        )),
        "{out}"
    );
    // Each group's reading on a line, then the example's `uridiff diff` line, once.
    assert!(out.contains(" read "), "{out}");
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("    uridiff diff --edition "))
            .count(),
        1,
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "b.txt:{}: stale: url url-confusion-port [nosuch|url]: url takes part in no such URL confusion now",
            head + 2
        )),
        "{out}"
    );
    assert!(out.contains(": 1 new, 0 changed, 1 stale"), "{out}");
    // A baseline of format 2 without the section reads, as listing none: each class is new.
    let without: Vec<&str> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i + 1 < head || *i > head + count)
        .map(|(_, l)| *l)
        .collect();
    assert!(!without.join("\n").contains(" confusion\n"));
    fs::write(&base, without.join("\n") + "\n").expect("write");
    let o = check(base_s, &under);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains(&format!(": {count} new, 0 changed, 0 stale")),
        "{}",
        stdout(&o)
    );
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

/// The first line under the first `### ... agrees: parse` section: an agreeing job's line.
fn first_agreeing_parse(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let head = lines
        .iter()
        .position(|l| l.starts_with("### (") && l.ends_with(" agrees: parse"))
        .expect("an agreeing section");
    head + 1
}

#[test]
fn check_fails_on_a_changed_agreeing_answer_and_prints_the_command_that_accepts_it() {
    let dir = scratch("agreeing");
    let base = dir.join("b.txt");
    let base_s = base.to_str().expect("utf-8");
    let under = ["--under-test", "fluent-uri"];
    let o = check(base_s, &[&["--write-baseline"][..], &under].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = fs::read_to_string(&base).expect("written");
    let at = first_agreeing_parse(&text);
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    assert_eq!(lines[at].len(), 33, "{}", lines[at]);
    let digit = if &lines[at][17..18] == "0" { "1" } else { "0" };
    lines[at].replace_range(17..18, digit);
    let recorded = lines[at][17..].to_owned();
    fs::write(&base, lines.join("\n") + "\n").expect("write");
    let o = check(base_s, &under);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    // The line, the old answer (only a digest: it is no answer's now), the new, the diff line.
    assert!(
        out.contains(&format!(
            "b.txt:{}: changed: fluent-uri changed-answer parse: job ",
            at + 1
        )),
        "{out}"
    );
    assert!(out.contains(&format!("listed as {recorded}")), "{out}");
    assert!(
        out.contains(&format!(
            "\n    was: answer digest {recorded} (the baseline keeps only"
        )),
        "{out}"
    );
    assert!(out.contains("\n    now: {\"outcome\":"), "{out}");
    assert!(out.contains("\n    uridiff diff --edition "), "{out}");
    // The command that accepts it: this command with --write-baseline; run, it makes the gate pass.
    let accept = out
        .lines()
        .find_map(|l| l.strip_prefix("to accept every change, run: "))
        .expect("the accept command");
    assert!(accept.ends_with(" --write-baseline"), "{accept}");
    let words: Vec<&str> = accept.split(' ').skip(1).collect();
    assert!(
        words.contains(&"--under-test") && words.contains(&base_s),
        "{accept}"
    );
    let o = uridiff_stdin(&words, b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(&base).expect("rewritten"), text);
    let o = check(base_s, &under);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_baseline_of_the_previous_format_is_refused_in_one_line() {
    let dir = scratch("format1");
    let base = dir.join("b.txt");
    fs::write(
        &base,
        "# uridiff gate baseline 1: every job a parser under test deviates on, by class\n# tool: uridiff 0.1.0\n# seed: 5\n# count: 40\n# editions: rfc3986\n",
    )
    .expect("write");
    let o = check(base.to_str().expect("utf-8"), &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("b.txt:1:25: a gate baseline of format 1"),
        "{err}"
    );
    assert!(err.contains("rewrite it with --write-baseline"), "{err}");
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    let _ = fs::remove_dir_all(&dir);
}
