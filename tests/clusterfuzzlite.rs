//! `.clusterfuzzlite/build.sh` run as ClusterFuzzLite runs it: `SRC` holds
//! the repository as `$SRC/uridiff`, `OUT` and `WORK` are empty folders. Every `[[bin]]` of
//! `fuzz/Cargo.toml` must land in `$OUT` as a libFuzzer binary, with its seed corpus
//! (`corpus/<target>/` zipped whole as `<target>_seed_corpus.zip`) where one is committed, and
//! with `fuzz/uri.dict` as `<target>.dict` for the targets whose input is a URI reference.
//!
//! Cost: the build goes to `$CARGO_TARGET_TMPDIR/clusterfuzzlite` (`FUZZ_TARGET_DIR`), kept
//! between runs, so only the first run builds every target in release (measured on two busy
//! cores: 7 min 26 s the first time, 106 s after a change to the root crate, 0.6 s unchanged).
//! Without cargo-fuzz the build is skipped and the test says so on its output (`--nocapture`),
//! unless `URIDIFF_REQUIRE_CARGO_FUZZ` is set, which makes a missing cargo-fuzz a failure.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `name` of each `[[bin]]` table of fuzz/Cargo.toml, read here independently of build.sh.
fn cargo_targets() -> Vec<String> {
    let text = fs::read_to_string(root().join("fuzz/Cargo.toml")).expect("fuzz/Cargo.toml");
    let mut names = Vec::new();
    let mut in_bin = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if let Some(value) = line.strip_prefix("name") {
            let value = value.trim_start().trim_start_matches('=').trim();
            if in_bin {
                names.push(value.trim_matches('"').to_owned());
            }
        }
    }
    names
}

/// The targets build.sh gives the URI dictionary (its `uri_targets` line).
fn uri_targets() -> BTreeSet<String> {
    let text =
        fs::read_to_string(root().join(".clusterfuzzlite/build.sh")).expect("build.sh is there");
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("uri_targets="))
        .expect("build.sh: a uri_targets= line");
    line.trim_matches('"')
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// Runs build.sh with SRC, OUT and WORK under `tmp` and `extra` environment.
fn build_sh(tmp: &Path, extra: &[(&str, &str)]) -> std::process::Output {
    let src = tmp.join("src");
    for d in ["src", "out", "work"] {
        fs::create_dir_all(tmp.join(d)).expect("mkdir");
    }
    // The Dockerfile copies the repository to $SRC/uridiff; a link does here.
    let link = src.join("uridiff");
    if !link.exists() {
        std::os::unix::fs::symlink(root(), &link).expect("symlink");
    }
    Command::new("bash")
        .arg(root().join(".clusterfuzzlite/build.sh"))
        .env("SRC", &src)
        .env("OUT", tmp.join("out"))
        .env("WORK", tmp.join("work"))
        .env_remove("SANITIZER")
        .envs(extra.iter().copied())
        .output()
        .expect("bash runs")
}

/// Each member of a zip archive and its bytes (Python's zipfile: no zip crate in the tests).
fn zip_members(path: &Path) -> BTreeMap<String, Vec<u8>> {
    let out = Command::new("python3")
        .args([
            "-c",
            "import json, sys, zipfile\n\
             z = zipfile.ZipFile(sys.argv[1])\n\
             print(json.dumps({n: list(z.read(n)) for n in z.namelist() if not n.endswith('/')}))",
        ])
        .arg(path)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("a JSON listing")
}

#[test]
fn build_sh_refuses_a_sanitizer_rust_targets_cannot_use() {
    let tmp = tempfile::tempdir().expect("a folder");
    let out = build_sh(tmp.path(), &[("SANITIZER", "memory")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("SANITIZER=memory"), "{err}");
    assert_eq!(fs::read_dir(tmp.path().join("out")).unwrap().count(), 0);
}

#[test]
fn build_sh_puts_every_target_with_its_seed_corpus_and_dictionary_in_out() {
    let targets = cargo_targets();
    assert!(targets.len() >= 12, "fuzz/Cargo.toml lists {targets:?}");
    let uri = uri_targets();
    for t in &uri {
        assert!(targets.contains(t), "build.sh names {t}, not a target");
    }
    for t in ["parse", "resolve", "no_panic", "peers"] {
        assert!(
            uri.contains(t),
            "{t} reads URI references but gets no dictionary"
        );
    }
    let has_cargo_fuzz = Command::new("cargo")
        .args(["fuzz", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_cargo_fuzz {
        // Where the build must be proven (a release job), URIDIFF_REQUIRE_CARGO_FUZZ=1 turns
        // the skip into a failure.
        assert!(
            std::env::var_os("URIDIFF_REQUIRE_CARGO_FUZZ").is_none(),
            "URIDIFF_REQUIRE_CARGO_FUZZ is set but cargo-fuzz is not installed"
        );
        println!("clusterfuzzlite: SKIPPED: cargo-fuzz is not installed (cargo install cargo-fuzz); build.sh was not run");
        return;
    }
    let tmp = tempfile::tempdir().expect("a folder");
    let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join("clusterfuzzlite");
    let start = Instant::now();
    let out = build_sh(
        tmp.path(),
        &[("FUZZ_TARGET_DIR", kept.to_str().expect("a UTF-8 path"))],
    );
    println!("clusterfuzzlite: build.sh took {:.1?}", start.elapsed());
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let dir = tmp.path().join("out");
    let dict = fs::read(root().join("fuzz/uri.dict")).expect("fuzz/uri.dict");
    let mut expected = BTreeSet::new();
    for t in &targets {
        let bin = dir.join(t);
        let meta = fs::metadata(&bin).unwrap_or_else(|_| panic!("{t} not in $OUT"));
        assert!(
            meta.is_file() && meta.permissions().mode() & 0o111 != 0,
            "{t}"
        );
        // A libFuzzer binary: it knows libFuzzer's flags and runs no input with -runs=0.
        let empty = tmp.path().join("work").join(format!("empty-{t}"));
        fs::create_dir_all(&empty).expect("mkdir");
        let run = Command::new(&bin)
            .arg("-runs=0")
            .arg(&empty)
            .output()
            .expect("runs");
        assert!(
            run.status.success(),
            "{t}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(String::from_utf8_lossy(&run.stderr).contains("INFO"), "{t}");
        expected.insert(t.clone());

        let corpus = root().join("corpus").join(t);
        let zip = dir.join(format!("{t}_seed_corpus.zip"));
        if corpus.is_dir() {
            let mut want = BTreeMap::new();
            for entry in fs::read_dir(&corpus).expect("corpus") {
                let entry = entry.expect("an entry");
                let name = entry.file_name().to_string_lossy().into_owned();
                want.insert(name, fs::read(entry.path()).expect("a seed"));
            }
            assert!(!want.is_empty(), "{t}: empty seed corpus");
            assert_eq!(
                zip_members(&zip),
                want,
                "{t}: the zip is not the seed corpus"
            );
            expected.insert(format!("{t}_seed_corpus.zip"));
        } else {
            assert!(!zip.exists(), "{t}: a seed corpus from nowhere");
        }
        let dict_path = dir.join(format!("{t}.dict"));
        if uri.contains(t) {
            assert_eq!(fs::read(&dict_path).ok(), Some(dict.clone()), "{t}.dict");
            expected.insert(format!("{t}.dict"));
        } else {
            assert!(
                !dict_path.exists(),
                "{t}: a URI dictionary for a non-URI input"
            );
        }
    }
    let found: BTreeSet<String> = fs::read_dir(&dir)
        .expect("$OUT")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(found, expected, "$OUT holds something else");
}

/// The ClusterFuzzLite workflows: a pull-request run in code-change mode, a scheduled batch run,
/// a scheduled pruning; each builds with `language: rust` and no sanitizer build.sh refuses.
#[test]
fn the_workflows_fuzz_pull_requests_batch_on_a_schedule_and_prune() {
    let mut modes = BTreeMap::new();
    for file in ["cflite_pr.yml", "cflite_batch.yml", "cflite_cron.yml"] {
        let path = root().join(".github/workflows").join(file);
        let text = fs::read_to_string(&path).unwrap_or_else(|_| panic!("{file} is there"));
        let workflow: serde_yaml::Value = serde_yaml::from_str(&text).expect("YAML");
        let on = &workflow["on"];
        let jobs = workflow["jobs"].as_mapping().expect("jobs");
        for job in jobs.values() {
            let steps = job["steps"].as_sequence().expect("steps");
            let uses = |action: &str| {
                steps
                    .iter()
                    .find(|s| s["uses"].as_str().is_some_and(|u| u.contains(action)))
                    .unwrap_or_else(|| panic!("{file}: no {action} step"))
            };
            let build = uses("clusterfuzzlite/actions/build_fuzzers@");
            assert_eq!(build["with"]["language"].as_str(), Some("rust"), "{file}");
            let run = uses("clusterfuzzlite/actions/run_fuzzers@");
            for sanitizer in [&build["with"]["sanitizer"], &run["with"]["sanitizer"]] {
                assert!(
                    matches!(sanitizer.as_str(), None | Some("address")),
                    "{file}: sanitizer {sanitizer:?}"
                );
            }
            let mode = run["with"]["mode"].as_str().expect("a mode").to_owned();
            let trigger = if !on["pull_request"].is_null() {
                "pull_request"
            } else {
                assert!(
                    on["schedule"].is_sequence(),
                    "{file}: neither PR nor schedule"
                );
                "schedule"
            };
            modes.insert(mode, trigger);
        }
    }
    let want: BTreeMap<String, &str> = [
        ("code-change".to_owned(), "pull_request"),
        ("batch".to_owned(), "schedule"),
        ("prune".to_owned(), "schedule"),
    ]
    .into_iter()
    .collect();
    assert_eq!(modes, want);
}
