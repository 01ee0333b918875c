//! Every file uridiff writes for a user, all or nothing: on a full disk the previous file is
//! left whole and the command exits 2 naming the path; a report folder is one set, locked while
//! it is written, and a report killed while it writes leaves the old set or the new one.
//!
//! The full disk is the file-size limit of POSIX `setrlimit(RLIMIT_FSIZE)` set by the shell's
//! `ulimit -f` (in 512-byte blocks), with `SIGXFSZ` ignored so that a write past it fails with
//! `EFBIG` ("File too large") as a write to a full disk fails with `ENOSPC`: the same error path
//! in uridiff, on any machine, without mounting anything.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use uridiff::files::{verify_folder, FolderError};

use crate::common::stderr;

const BIN: &str = env!("CARGO_BIN_EXE_uridiff");

/// A small, quick corpus through two in-process parsers.
const SMALL: [&str; 7] = [
    "--count",
    "20",
    "--no-external",
    "--parser",
    "impl",
    "--parser",
    "url",
];

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("runs")
}

/// `uridiff ARGS` in `dir` with every file it writes limited to 512 bytes.
fn run_on_full_disk(dir: &Path, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 1 && trap '' XFSZ && exec \"$0\" \"$@\"")
        .arg(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("runs sh")
}

/// Every file under `dir` (not in sub-folders) and its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .expect("reads the folder")
        .map(|e| e.expect("an entry"))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).expect("reads"),
            )
        })
        .collect()
}

/// Asserts that `o` failed with exit 2 naming `path` as not written, and that the files of
/// `dir` are those of `before` (nothing cut off, no temporary left behind).
#[track_caller]
fn refused_and_intact(o: &Output, path: &str, dir: &Path, before: &BTreeMap<String, Vec<u8>>) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("{path}: not written")) && err.contains("File too large"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    let after = snapshot(dir);
    assert_eq!(
        after.keys().collect::<Vec<_>>(),
        before.keys().collect::<Vec<_>>()
    );
    for (name, bytes) in before {
        assert!(after[name] == *bytes, "{name} changed");
    }
}

#[test]
fn a_report_folder_on_a_full_disk_keeps_the_previous_report_whole() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let mut args = vec!["report", "-q", "--out", "out", "--no-builtin-suites"];
    args.extend(SMALL);
    let first = run(d, &args);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let manifest = verify_folder(&d.join("out")).expect("a whole report");
    assert_eq!(manifest.files.len(), 4);
    let before = snapshot(&d.join("out"));
    let o = run_on_full_disk(d, &args);
    refused_and_intact(&o, "out/summary.md", &d.join("out"), &before);
    assert_eq!(
        verify_folder(&d.join("out")).expect("still whole"),
        manifest
    );
}

#[test]
fn a_baseline_on_a_full_disk_keeps_the_previous_baseline() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let mut args = vec![
        "check",
        "--baseline",
        "b.txt",
        "--write-baseline",
        "--under-test",
        "url",
    ];
    args.extend(SMALL);
    let first = run(d, &args);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let before = snapshot(d);
    assert!(
        before["b.txt"].len() > 512,
        "the test needs a baseline over the limit"
    );
    refused_and_intact(&run_on_full_disk(d, &args), "b.txt", d, &before);
    // The baseline still checks.
    let again = run(
        d,
        &[
            &["check", "--baseline", "b.txt", "--under-test", "url"][..],
            &SMALL,
        ]
        .concat(),
    );
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
}

#[test]
fn ci_outputs_on_a_full_disk_keep_the_previous_files() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let mut write = vec![
        "check",
        "--baseline",
        "b.txt",
        "--write-baseline",
        "--under-test",
        "url",
    ];
    write.extend(SMALL);
    assert_eq!(run(d, &write).status.code(), Some(0));
    fs::create_dir(d.join("ci")).expect("a folder");
    let mut args = vec![
        "check",
        "--baseline",
        "b.txt",
        "--under-test",
        "url",
        "--sarif",
        "ci/x.sarif",
        "--junit",
        "ci/x.xml",
        "--summary",
        "ci/x.md",
    ];
    args.extend(SMALL);
    let first = run(d, &args);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let before = snapshot(&d.join("ci"));
    assert_eq!(before.len(), 3);
    // The first of them, in the order written, that is over the limit.
    let first_over = ["x.sarif", "x.xml", "x.md"]
        .into_iter()
        .find(|n| before[*n].len() > 512)
        .expect("an output over the limit");
    refused_and_intact(
        &run_on_full_disk(d, &args),
        &format!("ci/{first_over}"),
        &d.join("ci"),
        &before,
    );
}

#[test]
fn a_suite_promoted_to_on_a_full_disk_is_left_as_it_was() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let campaign = run(
        d,
        &[
            "fuzz",
            "--no-external",
            "--seconds",
            "60",
            "--inputs",
            "8",
            "--out",
            "c",
            "-q",
        ],
    );
    assert_eq!(campaign.status.code(), Some(0), "{}", stderr(&campaign));
    fs::create_dir(d.join("suites")).expect("a folder");
    // The user's suite, over the limit already: rewritten whole, it cannot fit.
    let suite = format!(
        "# {}\nsuite: mine\ncases:\n  - {{op: parse, input: \"http://a/b\", expect: {{host: a}}}}\n",
        "a comment of the user's ".repeat(40)
    );
    fs::write(d.join("suites/mine.yaml"), &suite).expect("written");
    let before = snapshot(&d.join("suites"));
    let o = run_on_full_disk(
        d,
        &["promote", "c/findings.jsonl", "--to", "suites/mine.yaml"],
    );
    refused_and_intact(&o, "suites/mine.yaml", &d.join("suites"), &before);
    let load = run(d, &["suite", "suites/mine.yaml"]);
    assert_eq!(load.status.code(), Some(0), "{}", stderr(&load));
}

#[test]
fn a_suite_junit_file_on_a_full_disk_is_left_as_it_was() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let args = ["suite", "--junit", "j/suite.xml"];
    fs::create_dir(d.join("j")).expect("a folder");
    let first = run(d, &args);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let before = snapshot(&d.join("j"));
    let o = run_on_full_disk(d, &args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("j/suite.xml: not written"), "{err}");
    assert_eq!(snapshot(&d.join("j")), before);
}

#[test]
fn bench_outputs_on_a_full_disk_are_left_as_they_were() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let args = [
        "bench",
        "--quick",
        "--no-external",
        "--count",
        "30",
        "--parser",
        "impl",
        "--out",
        "b",
    ];
    let first = run(d, &args);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let before = snapshot(&d.join("b"));
    assert_eq!(before.len(), 3);
    let o = run_on_full_disk(d, &args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("b/bench.md: not written"), "{err}");
    assert_eq!(snapshot(&d.join("b")), before);
}

#[test]
fn a_second_report_on_a_folder_being_written_is_refused_in_one_line() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let out = d.join("out");
    fs::create_dir(&out).expect("a folder");
    // This test holds the folder's lock as a running report does.
    let held = fs::File::open(&out).expect("opens");
    held.try_lock().expect("locks");
    let mut args = vec!["report", "-q", "--out", "out", "--no-builtin-suites"];
    args.extend(SMALL);
    let o = run(d, &args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("out: another uridiff is writing this folder"),
        "{err}"
    );
    assert!(snapshot(&out).is_empty(), "nothing written");
    drop(held);
    assert_eq!(run(d, &args).status.code(), Some(0));
}

/// The temporary files of a report being written in `dir`.
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .map(|r| {
            r.flatten()
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(".uridiff-tmp"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_report_killed_while_it_writes_leaves_the_old_report_or_the_new_one_whole() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let mut args = vec!["report", "-q", "--out", "out", "--no-builtin-suites"];
    args.extend(SMALL);
    let first = run(d, &args);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let old = verify_folder(&d.join("out")).expect("whole");
    // Killed once the k-th file of the new report is being written aside.
    // (The built-in suites and four parsers: a report of some size, written for about a second.)
    let bigger = [
        "report",
        "-q",
        "--out",
        "out",
        "--count",
        "200",
        "--no-external",
        "--parser",
        "impl",
        "--parser",
        "url",
        "--parser",
        "http",
        "--parser",
        "uriparse",
    ];
    let mut killed_while_writing = 0;
    let mut old_whole = 0;
    for k in 1..=4 {
        let mut child = Command::new(BIN)
            .args(bigger)
            .current_dir(d)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawns");
        // Those a killed run left are not this run's (it removes them once it has the lock).
        let left: Vec<PathBuf> = temporaries(&d.join("out"));
        let mut seen = std::collections::BTreeSet::new();
        loop {
            seen.extend(
                temporaries(&d.join("out"))
                    .into_iter()
                    .filter(|t| !left.contains(t)),
            );
            if seen.len() >= k {
                killed_while_writing += 1;
                break;
            }
            if child.try_wait().expect("waits").is_some() {
                break;
            }
            std::thread::yield_now();
        }
        let _ = child.kill();
        child.wait().expect("waits");
        let out = d.join("out");
        match verify_folder(&out) {
            // Old or new, every file is the one its manifest names.
            Ok(m) => old_whole += usize::from(m == old),
            // Killed between removing the old manifest and writing the new: said as cut off.
            Err(FolderError::NoManifest { .. }) => {}
            Err(e) => panic!("kill point {k}: {e}"),
        }
        // No file of the report is ever cut off or empty.
        for name in old.files.iter().map(|f| &f.name) {
            let len = fs::metadata(out.join(name)).expect("present").len();
            assert!(len > 0, "kill point {k}: {name} is empty");
        }
    }
    assert!(
        killed_while_writing > 0,
        "no kill landed while the report was written"
    );
    // A kill while the new files are written aside leaves the old report, whole.
    assert!(old_whole > 0, "no kill left the old report whole");
    // The next run puts a whole report in place, whatever the kills left.
    assert_eq!(run(d, &args).status.code(), Some(0));
    assert!(temporaries(&d.join("out")).is_empty());
    assert_ne!(verify_folder(&d.join("out")).expect("whole").run, old.run);
}

#[test]
fn a_report_manifest_matches_its_schema() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let mut args = vec!["report", "-q", "--out", "out", "--no-builtin-suites"];
    args.extend(SMALL);
    assert_eq!(run(d, &args).status.code(), Some(0));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/manifest.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(path).expect("the schema")).expect("JSON");
    assert!(
        jsonschema::meta::is_valid(&schema),
        "not a valid JSON Schema"
    );
    let validator = jsonschema::validator_for(&schema).expect("a usable schema");
    let doc: serde_json::Value = serde_json::from_slice(
        &fs::read(d.join("out").join(uridiff::files::MANIFEST)).expect("the manifest"),
    )
    .expect("JSON");
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let names: Vec<&str> = doc["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| f["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names,
        [
            "summary.md",
            "junit.xml",
            "index.html",
            "discrepancies.json"
        ]
    );
    // Not vacuous: a name leaving the folder, or a short hash, fails it.
    for (field, value) in [("name", "../x"), ("sha256", "abc")] {
        let mut bad = doc.clone();
        bad["files"][0][field] = serde_json::Value::from(value);
        assert!(!validator.is_valid(&bad), "{field} = {value} passes");
    }
}
