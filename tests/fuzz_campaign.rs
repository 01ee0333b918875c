//! `uridiff fuzz` and `uridiff promote` as a user runs them: findings
//! written and read back, resumption, a cut-off findings file, bad shards and folders, merging,
//! and promoted findings that `uridiff suite` passes for impl. Campaigns are bounded by
//! `--inputs`, never by time, and run only in-process parsers.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn uridiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(args)
        .env_remove("CI")
        .output()
        .expect("uridiff runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "uridiff-fuzz-campaign-{}-{name}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// A campaign of `inputs` inputs (plus at most one batch) into `dir`.
fn campaign(dir: &Path, inputs: u64, extra: &[&str]) -> Output {
    let n = inputs.to_string();
    let mut args = vec![
        "fuzz",
        "--no-external",
        "--seconds",
        "600",
        "--inputs",
        &n,
        "--budget",
        "40",
        "--out",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = uridiff(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn lines(dir: &Path) -> Vec<serde_json::Value> {
    fs::read_to_string(dir.join("findings.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect()
}

fn state(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&fs::read_to_string(dir.join("state.json")).unwrap()).unwrap()
}

fn keys(lines: &[serde_json::Value]) -> Vec<String> {
    lines
        .iter()
        .map(|l| l["key"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_campaign_writes_minimized_findings_and_resumes_without_duplicates() {
    let dir = scratch("resume");
    campaign(&dir, 200, &["--seed", "5"]);
    let first = lines(&dir);
    assert!(!first.is_empty(), "200 generated inputs show no class");
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/findings.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(schema_path).unwrap()).unwrap();
    assert!(jsonschema::meta::is_valid(&schema));
    let validator = jsonschema::validator_for(&schema).unwrap();
    for l in &first {
        if let Err(e) = validator.validate(l) {
            panic!("{e}: {l}");
        }
        assert_eq!(l["seed"], 5);
        assert_eq!(l["schema"], 1, "every line carries its schema: {l}");
        for field in [
            "key",
            "class",
            "severity",
            "partition",
            "deviating",
            "example",
        ] {
            assert!(!l[field].is_null(), "{field} missing in {l}");
        }
        assert!(l["outcomes"]["impl"]["outcome"].is_string(), "{l}");
        // The example is minimized: never longer than where the signature was first seen.
        let len = |v: &serde_json::Value| v.as_str().map_or(usize::MAX, str::len);
        if l["first_seen"].is_string() {
            assert!(len(&l["example"]) <= len(&l["first_seen"]), "{l}");
        }
    }
    // --inputs is exact: the batches grow as they run fast, the last one cut to fit.
    let next = state(&dir)["next"].as_u64().unwrap();
    assert_eq!(next, 200, "state.json next");

    let again = campaign(&dir, 200, &[]);
    assert!(String::from_utf8_lossy(&again.stderr).contains("resuming"));
    let second = lines(&dir);
    assert_eq!(
        &second[..first.len()],
        &first[..],
        "earlier lines kept as they were"
    );
    let all = keys(&second);
    let unique: HashSet<&String> = all.iter().collect();
    assert_eq!(unique.len(), all.len(), "a signature reported twice");
    assert_eq!(state(&dir)["next"].as_u64().unwrap(), 400);
    // Resumed lines come from inputs after the first run's.
    for l in &second[first.len()..] {
        assert!(l["index"].as_u64().unwrap() >= next, "{l}");
    }

    // Asking the same folder for another seed is refused: the campaigns would mix.
    let out = uridiff(&[
        "fuzz",
        "--no-external",
        "--inputs",
        "1",
        "--seed",
        "6",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("seed 5"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_cut_off_last_line_is_reported_and_the_complete_lines_kept() {
    let dir = scratch("cut");
    campaign(&dir, 100, &[]);
    let whole = fs::read_to_string(dir.join("findings.jsonl")).unwrap();
    let complete = whole.lines().count();
    assert!(complete >= 2, "too few findings to cut one: {complete}");
    // A campaign killed in the middle of its last line.
    let last_start = whole[..whole.len() - 1].rfind('\n').unwrap() + 1;
    let cut = &whole[..last_start + (whole.len() - last_start) / 2];
    fs::write(dir.join("findings.jsonl"), cut).unwrap();

    let out = campaign(&dir, 50, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("findings.jsonl:{complete}: skipped: cut off")),
        "{err}"
    );
    let after = lines(&dir);
    let before: Vec<serde_json::Value> = whole
        .lines()
        .take(complete - 1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(&after[..complete - 1], &before[..]);
    let all = keys(&after);
    let unique: HashSet<&String> = all.iter().collect();
    assert_eq!(unique.len(), all.len());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn bad_shards_and_unwritable_folders_exit_2_before_running() {
    for spec in ["3/2", "0/0", "1", "a/b", "2/2"] {
        let out = uridiff(&["fuzz", "--no-external", "--shard", spec, "--inputs", "1"]);
        assert_eq!(out.status.code(), Some(2), "--shard {spec}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("I/N"), "--shard {spec}: {err}");
    }
    // A run that minimizes nothing could know no signature: refused, naming the flag.
    let out = uridiff(&["fuzz", "--no-external", "--minimize-per-group", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--minimize-per-group"), "{err}");
    // A folder below a plain file can never be created, whoever runs the test.
    let dir = scratch("unwritable");
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("plain-file");
    fs::write(&file, "x").unwrap();
    let out = uridiff(&[
        "fuzz",
        "--no-external",
        "--inputs",
        "1",
        "--out",
        file.join("campaign").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("campaign folder"), "{err}");
    assert!(!err.contains("starting"), "ran anyway: {err}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn shards_split_the_indices_and_merge_by_signature() {
    let a = scratch("shard0");
    let b = scratch("shard1");
    let merged = scratch("merged");
    campaign(&a, 100, &["--shard", "0/2"]);
    campaign(&b, 100, &["--shard", "1/2"]);
    for (dir, rem) in [(&a, 0), (&b, 1)] {
        for l in lines(dir) {
            assert_eq!(l["index"].as_u64().unwrap() % 2, rem, "{l}");
        }
        assert_eq!(state(dir)["next"].as_u64().unwrap() % 2, rem);
    }
    let out = uridiff(&[
        "fuzz",
        "--merge",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let expected: HashSet<String> = keys(&lines(&a))
        .into_iter()
        .chain(keys(&lines(&b)))
        .collect();
    let got = keys(&lines(&merged));
    assert_eq!(got.len(), expected.len(), "duplicates or losses");
    assert_eq!(got.into_iter().collect::<HashSet<_>>(), expected);
    // Merging again adds nothing.
    uridiff(&[
        "fuzz",
        "--merge",
        a.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(lines(&merged).len(), expected.len());
    for d in [a, b, merged] {
        let _ = fs::remove_dir_all(d);
    }
}

#[test]
fn promoted_findings_load_as_a_suite_that_impl_passes() {
    let dir = scratch("promote");
    campaign(&dir, 150, &[]);
    let findings = dir.join("findings.jsonl");
    let suite = dir.join("promoted.yaml");
    let out = uridiff(&[
        "promote",
        findings.to_str().unwrap(),
        "--to",
        suite.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = fs::read_to_string(&suite).unwrap();
    let cases = text.matches("\n  - id: fuzz/").count();
    assert!(cases > 0, "{text}");
    assert!(text.contains("note:") && text.contains("impl: "));

    let run = uridiff(&["suite", suite.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{stdout}");
    assert!(
        stdout.contains(&format!("{cases} passed, 0 failed")),
        "{stdout}"
    );

    // A parser that deviates in a finding fails that finding's case.
    let url_deviates = lines(&dir).iter().any(|l| {
        l["example"].is_string()
            && l["deviating"]
                .as_array()
                .unwrap()
                .iter()
                .any(|d| d == "url")
    });
    if url_deviates {
        let run = uridiff(&["suite", "--parser", "url", suite.to_str().unwrap()]);
        assert_eq!(run.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&run.stdout).contains("FAIL"));
    }

    // Promoting again appends nothing: the ids are there already.
    uridiff(&[
        "promote",
        findings.to_str().unwrap(),
        "--to",
        suite.to_str().unwrap(),
    ]);
    assert_eq!(fs::read_to_string(&suite).unwrap(), text);

    // --select takes one finding by its key.
    let all = lines(&dir);
    let text_finding = all.iter().find(|l| l["example"].is_string()).unwrap();
    let key = text_finding["key"].as_str().unwrap();
    let one = uridiff(&["promote", findings.to_str().unwrap(), "--select", key]);
    assert!(one.status.success());
    assert_eq!(
        String::from_utf8_lossy(&one.stdout)
            .matches("\n  - id: ")
            .count(),
        1
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn promoted_cases_keep_hostile_inputs_exactly() {
    use std::collections::BTreeMap;
    use uridiff::campaign::{promote, Bytes, FindingLine, Shard};
    let inputs = [
        "t://&?['",
        "a:[{[{'\"#x",
        "h://a b/\u{202e}\t\r\u{85}\u{1f600}\\",
        "- [x]: {y}",
        "'",
    ];
    let mut yaml = promote::HEADER.to_owned();
    for (i, input) in inputs.iter().enumerate() {
        let outcome = |o: &str| serde_json::json!({"outcome": o, "value": {"message": "x'[{\""}});
        let f = FindingLine {
            schema: uridiff::campaign::FINDINGS_SCHEMA,
            key: format!("too-lax parse: a | b{i}"),
            class: "too-lax".into(),
            severity: "high".into(),
            op: "parse".into(),
            partition: vec![vec!["a".into()], vec!["impl".into()]],
            deviating: vec!["a".into()],
            by_design: BTreeMap::new(),
            example: Bytes(input.as_bytes().to_vec()),
            first_seen: Bytes(input.as_bytes().to_vec()),
            origin: "test".into(),
            outcomes: [
                ("impl".to_owned(), outcome("rejected")),
                ("a".to_owned(), outcome("accepted")),
            ]
            .into_iter()
            .collect(),
            seed: 1,
            index: i as u64,
            shard: Shard::default(),
            seconds: None,
        };
        yaml.push_str(&promote::case_yaml(&f).unwrap());
    }
    let suite =
        uridiff::suite::parse_str("promoted.yaml", &yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let read: Vec<&str> = suite.file.cases.iter().map(|c| c.input.as_str()).collect();
    assert_eq!(read, inputs);
}

#[test]
fn nothing_to_promote_and_a_merge_with_a_seed_exit_2() {
    let dir = scratch("nothing-to-promote");
    std::fs::create_dir_all(&dir).expect("folder");
    let findings = dir.join("findings.jsonl");
    std::fs::write(&findings, "not a finding\n").expect("write");
    let out = uridiff(&["promote", findings.to_str().expect("utf-8")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("nothing to promote"), "{err}");
    let out = uridiff(&[
        "fuzz",
        "--merge",
        dir.to_str().expect("utf-8"),
        "--out",
        dir.join("merged").to_str().expect("utf-8"),
        "--seed",
        "3",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("drop --seed and --shard"), "{err}");
}

#[test]
fn a_whole_last_finding_without_its_newline_is_kept() {
    let dir = scratch("unterminated");
    campaign(&dir, 100, &[]);
    let whole = fs::read_to_string(dir.join("findings.jsonl")).unwrap();
    let complete = whole.lines().count();
    assert!(complete >= 1, "no finding to keep");
    // The file as a copy tool or an editor may leave it: the last newline gone.
    fs::write(dir.join("findings.jsonl"), whole.trim_end_matches('\n')).unwrap();
    let out = campaign(&dir, 50, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("cut off"), "{err}");
    let after = lines(&dir);
    assert!(after.len() >= complete, "{} < {complete}", after.len());
    let before: Vec<serde_json::Value> = whole
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(&after[..complete], &before[..]);
    let _ = fs::remove_dir_all(&dir);
}

/// A campaign killed with SIGKILL while it runs: every finding line written
/// before the kill is still there, whole; the state was saved while running (on its one-second
/// cadence, not only when the folder was opened), so the run resumes past input 0; and the
/// resumed run reports no signature twice although it re-runs the inputs the state lagged by.
#[cfg(unix)]
#[test]
fn a_campaign_killed_with_sigkill_loses_no_written_finding() {
    use std::time::{Duration, Instant, SystemTime};
    let dir = scratch("sigkill");
    let mut child = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args([
            "fuzz",
            "--no-external",
            "--seconds",
            "600",
            "--budget",
            "40",
        ])
        .arg("--out")
        .arg(&dir)
        .env_remove("CI")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("uridiff starts");
    let start = Instant::now();
    let findings = dir.join("findings.jsonl");
    // Long enough for several state saves and a few findings; bounded so a stuck campaign fails.
    loop {
        std::thread::sleep(Duration::from_millis(100));
        let lines = fs::read_to_string(&findings).map_or(0, |t| t.lines().count());
        if start.elapsed() >= Duration::from_millis(3500) && lines >= 3 {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(120), "no findings");
    }
    let before = fs::read(&findings).unwrap();
    child.kill().expect("SIGKILL");
    child.wait().unwrap();
    let killed_at = SystemTime::now();
    let after = fs::read(&findings).unwrap();
    // Lines may have been appended between the read and the kill, never changed or removed.
    assert!(after.starts_with(&before), "written findings changed");
    let whole = before.iter().rposition(|&b| b == b'\n').unwrap() + 1;
    let written: Vec<String> = keys(
        &String::from_utf8_lossy(&before[..whole])
            .lines()
            .map(|l| serde_json::from_str(l).expect("a whole line"))
            .collect::<Vec<_>>(),
    );
    let saved = state(&dir);
    let next = saved["next"].as_u64().unwrap();
    assert!(next > 0, "the state was not saved while running: {saved}");
    let age = killed_at
        .duration_since(
            fs::metadata(dir.join("state.json"))
                .unwrap()
                .modified()
                .unwrap(),
        )
        .unwrap_or_default();
    // One second of cadence plus a batch in flight; the slack is for a loaded machine.
    assert!(age < Duration::from_secs(10), "state.json {age:?} old");

    let out = campaign(&dir, 50, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("from input {next}")), "{err}");
    let resumed = keys(&lines(&dir));
    assert_eq!(
        &resumed[..written.len()],
        &written[..],
        "a written finding lost"
    );
    let unique: HashSet<&String> = resumed.iter().collect();
    assert_eq!(unique.len(), resumed.len(), "a signature reported twice");
    let _ = fs::remove_dir_all(&dir);
}

// ---- a worker that dies for good ------------------------------------------

/// `s` quoted for `sh`.
fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The misbehaving test worker (workers/testing/misbehave.py) in `mode` with `trigger`, named
/// `dying`; with `mark`, it starts once only: a second start finds the mark, says so on stderr and
/// exits, so a worker that crashed on the trigger cannot be started again (dead for good).
fn dying_worker(mode: &str, trigger: &str, mark: Option<&Path>) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/workers/testing/misbehave.py");
    let once = mark.map_or_else(String::new, |m| {
        let m = sh_quote(m.to_str().unwrap());
        format!("if [ -e {m} ]; then echo 'dying: cannot start again' >&2; exit 7; fi; : > {m}; ")
    });
    format!(
        "dying={once}exec python3 {} {mode} {}",
        sh_quote(script),
        sh_quote(trigger)
    )
}

/// A campaign of impl and the `dying` worker (`--external` spec) with seed 5, its first 16
/// inputs: its output, never asserted to succeed.
fn campaign_with(dir: &Path, external: &str) -> Output {
    uridiff(&[
        "fuzz",
        "--no-external",
        "--parser",
        "impl",
        "--parser",
        "dying",
        "--external",
        external,
        "--seed",
        "5",
        "--inputs",
        "16",
        "--budget",
        "40",
        "--out",
        dir.to_str().unwrap(),
    ])
}

/// A trigger for the misbehaving worker: its input must pass as a command-line argument.
fn as_trigger(input: &[u8]) -> Option<&str> {
    std::str::from_utf8(input)
        .ok()
        .filter(|s| !s.is_empty() && !s.contains('\0'))
}

/// What a campaign whose worker died must show: exit 1, the death said once on stderr with the
/// worker's reason, and a `crash-dead` finding of the worker on `example`.
#[track_caller]
fn assert_death(out: &Output, dir: &Path, when: &str, example: &str) -> serde_json::Value {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let said = format!("worker dying died for good {when}");
    assert_eq!(err.matches(&said).count(), 1, "{said:?} once in: {err}");
    assert_eq!(err.matches("died for good").count(), 1, "{err}");
    assert!(
        err.contains("dying: cannot start again"),
        "the reason: {err}"
    );
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(
        summary.contains("through 2 subjects (1 died: dying)"),
        "{summary}"
    );
    let dead: Vec<serde_json::Value> = lines(dir)
        .into_iter()
        .filter(|l| l["class"] == "crash-dead")
        .collect();
    assert_eq!(dead.len(), 1, "{dead:?}");
    let l = dead[0].clone();
    assert_eq!(l["deviating"], serde_json::json!(["dying"]), "{l}");
    assert_eq!(l["example"], example, "{l}");
    assert_eq!(l["seed"], 5);
    assert!(
        l["key"]
            .as_str()
            .unwrap()
            .starts_with("dying crash-dead parse: "),
        "{l}"
    );
    l
}

#[test]
fn a_worker_that_dies_for_good_in_a_batch_is_recorded_said_and_fails_the_run() {
    let dir = scratch("dies-in-batch");
    fs::create_dir_all(&dir).unwrap();
    // The third generated input that can be a trigger, among the 16 the campaign runs.
    let (index, trigger) = (0..16)
        .filter_map(|k| {
            let input = uridiff::campaign::input(5, k).input;
            as_trigger(&input).map(|t| (k, t.to_owned()))
        })
        .nth(2)
        .expect("generated inputs in text");
    let out = campaign_with(
        &dir.join("out"),
        &dying_worker("crash", &trigger, Some(&dir.join("mark"))),
    );
    let l = assert_death(&out, &dir.join("out"), "while running a batch", &trigger);
    assert_eq!(l["index"], index, "{l}");
    // The batch saw the crash itself: its exit status and the worker's stderr.
    let answer = &l["outcomes"]["dying"];
    assert_eq!(answer["outcome"], "crashed", "{l}");
    let message = answer["value"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("misbehave: crash on"), "{l}");
    // Resumed, the worker starts (the mark is gone) and the known death is not written twice.
    fs::remove_file(dir.join("mark")).unwrap();
    let again = campaign_with(&dir.join("out"), &dying_worker("ok", "never", None));
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let dead = lines(&dir.join("out"))
        .iter()
        .filter(|l| l["class"] == "crash-dead")
        .count();
    assert_eq!(dead, 1);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_worker_that_dies_for_good_while_minimizing_is_recorded_said_and_fails_the_run() {
    let dir = scratch("dies-minimizing");
    fs::create_dir_all(&dir).unwrap();
    // A first campaign with a worker that never misbehaves shows which input the minimizer
    // shrinks first for it, and so its first candidate: ddmin's second half of that input.
    let ok = campaign_with(&dir.join("ok"), &dying_worker("ok", "never", None));
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let first = lines(&dir.join("ok"))
        .into_iter()
        .find(|l| l["deviating"] == serde_json::json!(["dying"]))
        .expect("the echoing worker deviates from impl on some input");
    let seen = first["first_seen"]
        .as_str()
        .expect("a text input")
        .to_owned();
    let half = &seen.as_bytes()[seen.len().div_ceil(2)..];
    let trigger = as_trigger(half)
        .expect("a text half: pick another seed")
        .to_owned();
    // The trigger must come from the minimizer only, never from the batch itself.
    for k in 0..256 {
        assert_ne!(uridiff::campaign::input(5, k).input, half, "input {k}");
    }
    let out = campaign_with(
        &dir.join("out"),
        &dying_worker("crash", &trigger, Some(&dir.join("mark"))),
    );
    let l = assert_death(&out, &dir.join("out"), "while minimizing a finding", &seen);
    assert_eq!(l["index"], first["index"], "{l}");
    // Run again after its death: the worker's outcome says it is not available, and why.
    let answer = &l["outcomes"]["dying"];
    assert_eq!(answer["outcome"], "unsupported", "{l}");
    assert!(answer["value"]
        .as_str()
        .unwrap_or_default()
        .contains("dying: cannot start again"));
    let _ = fs::remove_dir_all(&dir);
}
