//! The released crates as crates.io would hold them: `cargo package` of uridiff (with the
//! crates it depends on by path, uri-spec and uri-oracle) and of uridiff-worker, each built by
//! cargo's verification from its own packaged files alone, then the packaged `uridiff` copied
//! into an empty folder and run from there: its version, the parsers it ships (the workers'
//! programs embedded) and a small report (the suites embedded). Nothing of the checkout is on
//! its path.
//!
//! A module of the end-to-end tier: it compiles the packaged crates, in a build folder kept under
//! the tests' own (`CARGO_TARGET_TMPDIR/packaged-build`) whose compiled dependencies are this
//! build's own (`share_compiled_dependencies`), so that only the packaged crates and the
//! dependencies whose features differ without the dev-dependencies are compiled. It is
//! skipped, with a line saying why, only when cargo cannot package offline (a dependency
//! missing from cargo's cache); every other failure of `cargo package` fails it. The Cargo Book, "cargo package": a workspace's
//! path dependencies packaged with it are verified against a temporary registry of the packaged
//! crates.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The version every crate of the workspace has.
const VERSION: &str = env!("CARGO_PKG_VERSION");

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Every file under `dir`, as `/`-separated paths relative to it.
fn files(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("a packaged folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).expect("under the root");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// Lets the verification's build reuse what this test's own build compiled: its build folder
/// `build` gets, in its `debug` folder, the compiled crates, build-script outputs and
/// fingerprints of this one's (`tmp` is `CARGO_TARGET_TMPDIR`, in the target folder), as links.
/// A dependency compiled with the same version, features and profile has the same unit hash in
/// both builds and is not compiled again (The Cargo Book, "Build cache"); the packaged crates,
/// from other sources, get units of their own. What the verification puts in `debug` itself
/// (the packaged `uridiff`, its `.d` file) stays apart from this build's `target/debug/uridiff`.
/// Where links cannot be made, the verification compiles everything in `build`, as before.
fn share_compiled_dependencies(tmp: &Path, build: &Path) {
    #[cfg(unix)]
    {
        let ours = tmp.parent().expect("the target folder").join("debug");
        let theirs = build.join("debug");
        std::fs::create_dir_all(&theirs).expect("the build folder");
        for sub in ["deps", "build", ".fingerprint"] {
            let link = theirs.join(sub);
            if std::fs::symlink_metadata(&link).is_err() && ours.join(sub).is_dir() {
                std::os::unix::fs::symlink(ours.join(sub), &link).expect("a link");
            }
        }
    }
    #[cfg(not(unix))]
    let _ = (tmp, build);
}

#[test]
fn the_packaged_crate_builds_from_its_own_files_and_runs_from_an_empty_folder() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    // The .crate files; the unpacked crates and what their verification builds go to cargo's
    // build folder (The Cargo Book, "build.build-dir").
    let target = tmp.join("packaged");
    let build = tmp.join("packaged-build");
    share_compiled_dependencies(&tmp, &build);
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let started = std::time::Instant::now();
    let o = Command::new(&cargo)
        .current_dir(repo)
        .env("CARGO_TARGET_DIR", &target)
        .env("CARGO_BUILD_BUILD_DIR", &build)
        .args(["package", "--offline", "--allow-dirty"])
        .args(["-p", "uri-spec", "-p", "uri-oracle", "-p", "uridiff"])
        .args(["-p", "uridiff-worker"])
        .output()
        .expect("cargo runs");
    let log = text(&o);
    if !o.status.success() && log.contains("--offline was specified") {
        eprintln!("skipped: cargo cannot package offline here (a dependency is not in its cache)");
        return;
    }
    assert!(o.status.success(), "cargo package failed:\n{log}");
    eprintln!("cargo package: {:.0?}", started.elapsed());
    // Clean: no warning but the integration-test target, which stays in the repository (it
    // needs its corpus and workers' runtimes).
    let warnings: Vec<&str> = log
        .lines()
        .filter(|l| l.starts_with("warning"))
        .filter(|l| !l.contains("ignoring test `integration`"))
        .collect();
    assert!(warnings.is_empty(), "{warnings:#?}\n{log}");

    // The files the package holds: what build.rs and include_str! embed, nothing of the
    // reports, audits, corpora, fuzzing state or a target folder.
    let unpacked = build.join("package").join(format!("uridiff-{VERSION}"));
    let held = files(&unpacked);
    for needed in [
        "Cargo.toml",
        "Cargo.lock",
        "build.rs",
        "README.md",
        "CHANGELOG.md",
        "src/main.rs",
        "suites/rfc3986.yaml",
        "workers/python-urllib.py",
        "workers/sdk/uridiff_worker.py",
        "schemas/discrepancies.schema.json",
    ] {
        assert!(
            held.iter().any(|f| f == needed),
            "{needed} not in {held:#?}"
        );
    }
    for kept_out in [
        "reports/", "audit/", "target/", "corpus/", "fuzz/", "tests/", "docs/",
    ] {
        assert!(
            !held.iter().any(|f| f.starts_with(kept_out)),
            "{kept_out} in the package: {held:#?}"
        );
    }
    let worker = build
        .join("package")
        .join(format!("uridiff-worker-{VERSION}"));
    let held = files(&worker);
    for needed in ["Cargo.toml", "README.md", "src/lib.rs"] {
        assert!(
            held.iter().any(|f| f == needed),
            "{needed} not in {held:#?}"
        );
    }
    let manifest = std::fs::read_to_string(worker.join("Cargo.toml")).expect("its manifest");
    assert!(!manifest.contains("publish = false"), "{manifest}");

    // The packaged uridiff (built by the verification from the unpacked files, not from this
    // checkout), installed into an empty folder and run there.
    let built = build
        .join("debug")
        .join(format!("uridiff{}", std::env::consts::EXE_SUFFIX));
    let deps = std::fs::read_to_string(build.join("debug").join("uridiff.d")).expect("uridiff.d");
    assert!(
        deps.contains(&unpacked.join("src").join("main.rs").display().to_string()),
        "not built from the package: {deps}"
    );
    let home = tempfile::tempdir().expect("a folder");
    let bin = home.path().join("bin");
    std::fs::create_dir(&bin).expect("bin");
    let installed = bin.join(built.file_name().expect("a name"));
    crate::common::place_to_run(&built, &installed);
    let work = home.path().join("work");
    std::fs::create_dir(&work).expect("work");
    let run = |args: &[&str]| {
        Command::new(&installed)
            .current_dir(&work)
            .env("XDG_CACHE_HOME", home.path().join("cache"))
            .env_remove("URIDIFF_PACKAGES")
            .args(args)
            .output()
            .expect("the installed uridiff runs")
    };
    let o = run(&["--version"]);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        format!("uridiff {VERSION}")
    );

    // The shipped workers are embedded: one is listed as a worker of its own, with no file of
    // the checkout, and runs where its runtime is installed.
    let o = run(&["parsers", "--parser", "python-urllib", "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let line: serde_json::Value =
        serde_json::from_slice(o.stdout.split(|b| *b == b'\n').next().unwrap_or_default())
            .unwrap_or_else(|e| panic!("{e}: {}", text(&o)));
    assert_eq!(line["name"], "python-urllib", "{line}");
    assert_eq!(line["kind"], "external", "{line}");
    let python = Command::new("python3")
        .args(["-c", "import urllib.parse"])
        .output()
        .is_ok_and(|o| o.status.success());
    if python {
        assert_eq!(line["available"], true, "{line}");
    }

    // A small report with an in-process parser: the built-in suites' cases are in it.
    let o = run(&["report", "--count", "50", "--parser", "url", "--out", "r"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let json = std::fs::read_to_string(work.join("r").join("discrepancies.json")).expect("json");
    let report: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(
        report["tool"],
        format!("uridiff {VERSION}"),
        "{}",
        report["tool"]
    );
    let (tasks, generated) = (report["tasks"].as_u64(), report["generated"].as_u64());
    assert!(
        tasks > generated,
        "no suite case among the jobs: {tasks:?} of {generated:?}"
    );
    // The built-in suites, alone.
    let o = run(&["suite"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let line = out
        .lines()
        .find(|l| l.contains(" passed, 0 failed"))
        .unwrap_or_else(|| panic!("no `N passed, 0 failed` line: {out}"));
    let passed: usize = line
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(passed > 100, "{out}");
    assert!(work.join("r").join("index.html").is_file());
    eprintln!("packaged, installed and run: {:.0?}", started.elapsed());
}
