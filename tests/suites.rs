//! Runs every suite under `suites/` against the spec implementation: a failing case fails the
//! test, with its file, index and reason. The set of editions impl does not implement yet is
//! listed, so a skip can never hide a failure of an implemented edition.

use std::path::PathBuf;

use uridiff::subjects::Spec;
use uridiff::suite::{self, Status};

fn suites_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("suites")
}

#[test]
fn every_suite_loads_and_passes_against_impl() {
    let files = suite::collect(&[suites_dir()]).expect("suites/ is readable");
    assert!(!files.is_empty(), "no suites found");
    let mut failures = Vec::new();
    let (mut passed, mut skipped) = (0, 0);
    for path in files {
        let s = suite::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for r in suite::run(&s, Spec::get(), None) {
            match &r.status {
                Status::Passed => passed += 1,
                Status::Failed(_) => failures.push(r.to_string()),
                Status::Skipped(why) => {
                    skipped += 1;
                    // A skip is allowed only where the case itself says why (the old side of
                    // 002 is no implemented edition).
                    let allowed = why.contains("not an implemented edition");
                    assert!(allowed, "{r}");
                }
            }
        }
    }
    println!(
        "suites: {passed} passed, {} failed, {skipped} skipped",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} failing cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(passed >= 150, "only {passed} cases passed");
}

#[test]
fn rfc3986_suite_has_every_op_and_enough_cases() {
    let s = suite::load(&suites_dir().join("rfc3986.yaml")).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.file.cases.len() >= 150, "{} cases", s.file.cases.len());
    for op in [
        suite::Op::Parse,
        suite::Op::Resolve,
        suite::Op::Normalize,
        suite::Op::Equivalent,
    ] {
        assert!(s.file.cases.iter().any(|c| c.op == op), "no {op:?} case");
    }
    let results = suite::run(&s, Spec::get(), None);
    assert!(
        results
            .iter()
            .all(|r| !matches!(r.status, Status::Skipped(_) | Status::Failed(_))),
        "rfc3986 cases must all run and pass"
    );
}
