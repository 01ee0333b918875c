//! The CI examples (examples/ci/*.yml) cannot rot: each workflow's `run:` steps are run as shell
//! commands, in order, against a copy of its fixture library (examples/ci/fixtures/), with the
//! `uridiff` built here on `PATH` in place of the install step and `GITHUB_STEP_SUMMARY` set.
//! First the baseline is made as the tutorial (docs/src/tutorial.md) says (the gate step's command with
//! `--write-baseline`); then the workflow passes; then a deliberate regression of the fixture
//! (its query dropped) makes the gate step fail with the new deviations, in SARIF, JUnit and the
//! step summary too.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// One example: its workflow, its fixture, what it needs, and the deliberate regression (a
/// snippet of the fixture's source and what replaces it).
struct Example {
    workflow: &'static str,
    fixture: &'static str,
    needs: &'static str,
    source: &'static str,
    regression: (&'static str, &'static str),
}

const EXAMPLES: [Example; 3] = [
    Example {
        workflow: "rust-crate.yml",
        fixture: "rust",
        needs: "cargo",
        source: "src/lib.rs",
        regression: (
            "Some((r, q)) => (r, Some(q)),",
            "Some((r, _)) => (r, None),",
        ),
    },
    Example {
        workflow: "npm-package.yml",
        fixture: "npm",
        needs: "npm",
        source: "index.js",
        regression: ("query = rest.slice(mark + 1);", "query = null;"),
    },
    Example {
        workflow: "python-package.yml",
        fixture: "python",
        needs: "python3",
        source: "tinyuri.py",
        regression: (
            "rest, query = rest.split(\"?\", 1)",
            "rest = rest.split(\"?\", 1)[0]",
        ),
    },
];

/// A step of a workflow's job: its id, its command, and whether it runs after a failure.
struct Step {
    id: Option<String>,
    run: String,
    always: bool,
}

fn steps(workflow: &Path) -> Vec<Step> {
    let text = std::fs::read_to_string(workflow).unwrap();
    let doc: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let jobs = doc["jobs"].as_mapping().expect("jobs");
    let mut out = Vec::new();
    for (_, job) in jobs {
        for s in job["steps"].as_sequence().expect("steps") {
            let Some(run) = s["run"].as_str() else {
                continue; // an action (`uses:`): GitHub's, not ours to run
            };
            out.push(Step {
                id: s["id"].as_str().map(str::to_owned),
                run: run.to_owned(),
                always: s["if"].as_str() == Some("always()"),
            });
        }
    }
    out
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let name = e.file_name();
        if name == "target" || name == "node_modules" {
            continue;
        }
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &to.join(&name));
        } else {
            std::fs::copy(e.path(), to.join(&name)).unwrap();
        }
    }
}

/// Runs `script` in `dir` as a workflow step runs it; its exit code and output.
fn sh(dir: &Path, script: &str, summary: &Path, target: &Path) -> (i32, String) {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_uridiff"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .args(["-eo", "pipefail", "-c", script])
        .current_dir(dir)
        .env("PATH", path)
        .env("CI", "true")
        .env("GITHUB_STEP_SUMMARY", summary)
        .env("CARGO_TARGET_DIR", target)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

/// Runs the workflow's steps as GitHub does (a failed step skips the rest but `if: always()`);
/// the gate step's exit code and output.
fn run_workflow(dir: &Path, steps: &[Step], summary: &Path, target: &Path) -> (i32, String) {
    let mut failed = false;
    let mut gate = None;
    for s in steps {
        if s.id.as_deref() == Some("install-uridiff") || (failed && !s.always) {
            continue;
        }
        let (code, out) = sh(dir, &s.run, summary, target);
        if s.id.as_deref() == Some("gate") {
            gate = Some((code, out));
        } else {
            assert_eq!(code, 0, "step `{}` failed:\n{out}", s.run);
        }
        failed |= code != 0;
    }
    gate.expect("the workflow has a step with id: gate")
}

#[test]
fn each_ci_example_passes_on_its_fixture_and_fails_on_a_regression() {
    for ex in &EXAMPLES {
        let available = Command::new(ex.needs)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !available {
            eprintln!("note: {} missing: {} is not tested", ex.needs, ex.workflow);
            continue;
        }
        let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ci-examples");
        let dir = tmp.join(ex.fixture);
        let _ = std::fs::remove_dir_all(&dir);
        copy_dir(
            &Path::new(ROOT)
                .join("examples/ci/fixtures")
                .join(ex.fixture),
            &dir,
        );
        // What a maintainer does once: vendor the helper, or point Cargo at uridiff-worker.
        match ex.fixture {
            "rust" => {
                let manifest = dir.join("Cargo.toml");
                let text = std::fs::read_to_string(&manifest)
                    .unwrap()
                    .replace("../../../../workers/rust", &format!("{ROOT}/workers/rust"));
                std::fs::write(&manifest, text).unwrap();
            }
            "npm" => {
                std::fs::copy(
                    Path::new(ROOT).join("workers/sdk/uridiff_worker.js"),
                    dir.join("uridiff_worker.js"),
                )
                .unwrap();
            }
            _ => {
                std::fs::copy(
                    Path::new(ROOT).join("workers/sdk/uridiff_worker.py"),
                    dir.join("uridiff_worker.py"),
                )
                .unwrap();
            }
        }
        let steps = steps(&Path::new(ROOT).join("examples/ci").join(ex.workflow));
        let gate = steps
            .iter()
            .find(|s| s.id.as_deref() == Some("gate"))
            .expect("a gate step");
        let target = tmp.join("target");
        let summary = dir.join("step-summary.md");

        // The baseline, made locally with the gate's own command.
        let (code, out) = sh(
            &dir,
            &format!("{} --write-baseline", gate.run),
            &summary,
            &target,
        );
        assert_eq!(code, 0, "{}: writing the baseline:\n{out}", ex.workflow);
        assert!(dir.join("uridiff.baseline").is_file());

        // The workflow passes on the library as it was.
        let _ = std::fs::remove_file(&summary);
        let (code, out) = run_workflow(&dir, &steps, &summary, &target);
        assert_eq!(
            code, 0,
            "{}: the gate on the unchanged library:\n{out}",
            ex.workflow
        );
        assert!(dir.join("uridiff-report/index.html").is_file());
        assert!(dir.join("uridiff.sarif").is_file() && dir.join("uridiff-junit.xml").is_file());
        assert!(std::fs::metadata(&summary).is_ok_and(|m| m.len() > 0));

        // A deliberate regression: the gate step fails, naming the new deviations.
        let source = dir.join(ex.source);
        let text = std::fs::read_to_string(&source).unwrap();
        assert!(text.contains(ex.regression.0), "{}", ex.source);
        std::fs::write(&source, text.replace(ex.regression.0, ex.regression.1)).unwrap();
        let _ = std::fs::remove_file(&summary);
        let (code, out) = run_workflow(&dir, &steps, &summary, &target);
        assert_eq!(code, 1, "{}: the gate on a regression:\n{out}", ex.workflow);
        assert!(out.contains("uridiff diff"), "{out}");
        let sarif: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("uridiff.sarif")).unwrap()).unwrap();
        let results = sarif["runs"][0]["results"].as_array().map_or(0, Vec::len);
        assert!(results > 0, "{}: no SARIF result", ex.workflow);
        let summary_text = std::fs::read_to_string(&summary).unwrap();
        assert!(summary_text.contains("tinyuri"), "{summary_text}");
        // The report step still ran (if: always()), so the artifact has something to show.
        assert!(dir.join("uridiff-report/index.html").is_file());
    }
}
