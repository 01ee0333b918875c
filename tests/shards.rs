//! A campaign scaled out in shards: N shards over one seed's inputs, merged,
//! hold exactly the signatures of one run over the same inputs; and the GitHub Actions matrix
//! that runs them (`.github/workflows/campaign.yml`) is replayed here as written: its shard and
//! merge steps' scripts, artifact names and paths, against the real `uridiff` (in-process
//! parsers only, a bounded number of inputs), so a flag or a path that drifts from the CLI fails.
//!
//! Exactly the same signatures while no (parser, class, operation) reaches the campaign's cap
//! of minimized inputs per run (64): past it, each shard spends its own cap, so shards find a
//! superset of one run's signatures (measured: seed 21, 960 inputs, one run 90 signatures, three
//! shards merged 99, every one of the 90 among them). These tests stay under the cap.

use std::collections::HashSet;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_yaml::Value;
use uridiff::campaign::{self, Campaign, Options, Shard};
use uridiff::engine::Engine;

/// The signature keys of a campaign folder's findings.
fn keys(dir: &Path) -> HashSet<String> {
    let loaded = campaign::read_findings(&dir.join(campaign::FINDINGS)).expect("findings read");
    assert!(loaded.skipped.is_empty(), "{:?}", loaded.skipped);
    let keys: Vec<String> = loaded.findings.into_iter().map(|f| f.key).collect();
    let unique: HashSet<String> = keys.iter().cloned().collect();
    assert_eq!(
        unique.len(),
        keys.len(),
        "a signature twice in {}",
        dir.display()
    );
    unique
}

/// Runs `batches` batches of `batch` inputs of `shard` of the campaign with `seed` into `dir`.
fn run(dir: &Path, seed: u64, shard: Shard, batch: usize, batches: u64) {
    let options = Options {
        seed: Some(seed),
        shard: Some(shard),
        budget: 40,
        per_group: campaign::MINIMIZED_PER_GROUP,
    };
    let engine = Engine::new(uridiff::subjects::in_process());
    let mut c = Campaign::open(dir, &options).expect("the folder opens");
    let p = c
        .run(
            &engine,
            &options,
            uridiff::campaign::Batches::fixed(batch),
            &|p| p.inputs >= batch as u64 * batches,
            &|_| {},
            &|_| {},
        )
        .expect("the campaign runs");
    assert_eq!(p.inputs, batch as u64 * batches);
}

#[test]
fn three_shards_merged_hold_the_signatures_of_one_run_over_the_same_inputs() {
    let tmp = tempfile::tempdir().expect("a folder");
    // One run: inputs 0 to 89. Shard I of 3: inputs I, I+3, ..., I+87; together the same 90.
    let single = tmp.path().join("single");
    run(&single, 21, Shard::default(), 30, 3);
    let shards: Vec<PathBuf> = (0..3)
        .map(|index| {
            let dir = tmp.path().join(format!("shard-{index}"));
            run(&dir, 21, Shard { index, count: 3 }, 10, 3);
            dir
        })
        .collect();
    let merged = tmp.path().join("merged");
    let m = campaign::merge(&shards, &merged).expect("merged");
    let expected = keys(&single);
    assert!(
        expected.len() >= 5,
        "too few signatures to compare: {expected:?}"
    );
    let got = keys(&merged);
    assert_eq!(
        got.difference(&expected).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "only in the shards"
    );
    assert_eq!(
        expected.difference(&got).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "only in the single run"
    );
    assert_eq!(m.total, expected.len());
    // Each shard found something, and no shard found everything: the split is real.
    for dir in &shards {
        let k = keys(dir);
        assert!(
            !k.is_empty() && k.len() < expected.len(),
            "{}",
            dir.display()
        );
    }
}

/// The steps of a workflow job.
fn steps<'a>(workflow: &'a Value, job: &str) -> &'a [Value] {
    workflow["jobs"][job]["steps"]
        .as_sequence()
        .unwrap_or_else(|| panic!("campaign.yml: job {job} has no steps"))
}

/// The one step of `steps` whose `uses` starts with `action` and whose `with` has `key`.
fn step_using<'a>(steps: &'a [Value], action: &str, key: &str) -> &'a Value {
    let found: Vec<&Value> = steps
        .iter()
        .filter(|s| s["uses"].as_str().is_some_and(|u| u.starts_with(action)))
        .filter(|s| !s["with"][key].is_null())
        .collect();
    assert_eq!(found.len(), 1, "one {action} step with {key}: {found:?}");
    found[0]
}

/// The `run` script of the one step of `steps` that runs `uridiff fuzz`.
fn fuzz_script(steps: &[Value]) -> (&Value, &str) {
    let found: Vec<&Value> = steps
        .iter()
        .filter(|s| {
            s["run"]
                .as_str()
                .is_some_and(|r| r.contains("uridiff fuzz"))
        })
        .collect();
    assert_eq!(found.len(), 1, "one step runs uridiff fuzz: {found:?}");
    (found[0], found[0]["run"].as_str().unwrap_or_default())
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        other => panic!("campaign.yml: expected a string or number, found {other:?}"),
    }
}

/// Puts the binary where a download of `uridiff-bin` puts it in a job's folder: a wrapper that
/// runs the real `uridiff` with the test's bounds (in-process parsers, 24 inputs) unless it
/// merges. The workflow's own flags go through the real argument parser untouched.
fn install_binary(job: &Path, download: &Value) {
    let dir = job.join(text(&download["with"]["path"]));
    fs::create_dir_all(&dir).expect("mkdir");
    let wrapper = format!(
        "#!/bin/sh\ncase \" $* \" in\n  *\" --merge \"*) exec '{bin}' \"$@\" ;;\n  *) exec '{bin}' \"$@\" --no-external --inputs 24 ;;\nesac\n",
        bin = env!("CARGO_BIN_EXE_uridiff")
    );
    let path = dir.join("uridiff");
    // Its text beside it, put in place by a child process (`place_to_run`).
    let source = dir.join("uridiff.text");
    fs::write(&source, wrapper).expect("the wrapper's text");
    crate::common::place_to_run(&source, &path);
    fs::remove_file(&source).expect("the wrapper's text removed");
    // Not executable, as a downloaded artifact is not: the workflow's chmod must do it.
    fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).expect("chmod");
}

/// Runs a step's script as GitHub Actions does (`bash -e`, the job's folder as working
/// directory) with the workflow's environment.
fn run_script(job: &Path, script: &str, env: &[(String, String)]) {
    let out = Command::new("bash")
        .args(["--noprofile", "--norc", "-eo", "pipefail", "-c", script])
        .current_dir(job)
        .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        // One thread: batches of 8 inputs, so 24 inputs are exactly three batches.
        .env("RAYON_NUM_THREADS", "1")
        .env_remove("CI")
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{script}\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Copies the files of folder `from` (an artifact holds files, not folders) into `to`.
fn copy(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("a folder") {
        let entry = entry.expect("an entry");
        fs::copy(entry.path(), to.join(entry.file_name())).expect("copied");
    }
}

#[test]
fn the_campaign_workflow_runs_as_written_and_merges_to_one_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join(".github/workflows/campaign.yml");
    let workflow: Value =
        serde_yaml::from_str(&fs::read_to_string(&path).expect("campaign.yml")).expect("YAML");
    let shards = workflow["env"]["SHARDS"]
        .as_u64()
        .expect("campaign.yml: env.SHARDS is a number");
    let matrix: Vec<u64> = workflow["jobs"]["shard"]["strategy"]["matrix"]["shard"]
        .as_sequence()
        .expect("campaign.yml: jobs.shard.strategy.matrix.shard")
        .iter()
        .map(|v| v.as_u64().expect("a shard number"))
        .collect();
    assert_eq!(
        matrix,
        (0..shards).collect::<Vec<_>>(),
        "matrix and SHARDS disagree"
    );
    // The workflow's environment; its expressions (a dispatch input or the run number) get
    // the values a run could give them.
    let seed = "9".to_owned();
    let env: Vec<(String, String)> = workflow["env"]
        .as_mapping()
        .expect("campaign.yml: env")
        .iter()
        .map(|(k, v)| {
            let (k, v) = (text(k), text(v));
            let v = match (k.as_str(), v.contains("${{")) {
                ("SEED", true) => seed.clone(),
                ("FUZZ_SECONDS", true) => "600".to_owned(),
                (_, true) => panic!("campaign.yml: env.{k} = {v}: no stand-in for it here"),
                (_, false) => v,
            };
            (k, v)
        })
        .collect();

    let tmp = tempfile::tempdir().expect("a folder");
    let artifacts = tmp.path().join("artifacts");
    let shard_steps = steps(&workflow, "shard");
    let (fuzz, script) = fuzz_script(shard_steps);
    assert_eq!(text(&fuzz["env"]["SHARD"]), "${{ matrix.shard }}");
    let upload = step_using(shard_steps, "actions/upload-artifact@", "name");
    let bin = step_using(shard_steps, "actions/download-artifact@", "name");
    assert_eq!(text(&bin["with"]["name"]), "uridiff-bin");
    let mut shard_keys = Vec::new();
    for i in &matrix {
        let job = tmp.path().join(format!("shard-job-{i}"));
        install_binary(&job, bin);
        let mut env = env.clone();
        env.push(("SHARD".into(), i.to_string()));
        run_script(&job, script, &env);
        let subst = |v: &Value| text(v).replace("${{ matrix.shard }}", &i.to_string());
        let folder = job.join(subst(&upload["with"]["path"]));
        let state: serde_json::Value = serde_json::from_slice(
            &fs::read(folder.join(campaign::STATE)).expect("the uploaded folder holds a state"),
        )
        .expect("a state");
        assert_eq!(state["shard"], format!("{i}/{shards}"));
        assert_eq!(state["seed"], 9);
        assert_eq!(state["inputs"], 24);
        shard_keys.push(keys(&folder));
        copy(&folder, &artifacts.join(subst(&upload["with"]["name"])));
    }

    // The merge job: the binary, then every shard's artifact in <path>/<artifact name>/ (what
    // download-artifact does with a pattern), then its script.
    let merge_steps = steps(&workflow, "merge");
    let job = tmp.path().join("merge-job");
    install_binary(
        &job,
        step_using(merge_steps, "actions/download-artifact@", "name"),
    );
    let download = step_using(merge_steps, "actions/download-artifact@", "pattern");
    let pattern = text(&download["with"]["pattern"]);
    let prefix = pattern.strip_suffix('*').expect("a pattern NAME*");
    let into = job.join(text(&download["with"]["path"]));
    fs::create_dir_all(&into).expect("mkdir");
    let mut downloaded = 0;
    for entry in fs::read_dir(&artifacts).expect("artifacts") {
        let entry = entry.expect("an artifact");
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(prefix) {
            copy(&entry.path(), &into.join(&name));
            downloaded += 1;
        }
    }
    assert_eq!(
        downloaded,
        matrix.len(),
        "the pattern {pattern} misses shards"
    );
    let (_, script) = fuzz_script(merge_steps);
    run_script(&job, script, &env);
    let merged = job.join(text(
        &step_using(merge_steps, "actions/upload-artifact@", "path")["with"]["path"],
    ));
    let got = keys(&merged);

    // One run over the same inputs: 24 per shard, so inputs 0 to 24 * SHARDS - 1.
    let single = tmp.path().join("single");
    let total = (24 * shards).to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(["fuzz", "--no-external", "--seed", &seed, "--inputs", &total])
        .args(["--seconds", "600", "--quiet", "--out"])
        .arg(&single)
        .env("RAYON_NUM_THREADS", "1")
        .output()
        .expect("uridiff runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = keys(&single);
    assert!(!expected.is_empty());
    assert_eq!(got, expected, "the merged shards and the single run differ");
    let union: HashSet<String> = shard_keys.into_iter().flatten().collect();
    assert_eq!(union, expected);
}
