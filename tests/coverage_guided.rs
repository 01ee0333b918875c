//! Coverage over the worker protocol (workers/README.md, "Coverage") and the campaign it guides:
//! a small Python worker written with the SDK (workers/testing/covered.py, its library
//! covered_lib.py) sends the lines of its library each answer ran when asked, and so does a
//! Node.js one (workers/testing/covered.js, its library covered_js/covered_lib.js loaded with a
//! probe before each statement, through @babel/core from uridiff's packages folder), and
//! so does the shipped java-okhttp worker with JaCoCo's probes of OkHttp's classes; uridiff keeps the
//! ids per worker, drops a malformed or huge coverage with one warning while the answer counts,
//! and `uridiff fuzz` keeps the inputs that reach new lines in DIR/corpus.jsonl, resumes from
//! it, and says per parser how many lines it reached; `--blind` keeps none.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

use uridiff::coverage::Tally;
use uridiff::subjects::external::External;
use uridiff::subjects::{Job, Subject};

use super::ci_outputs::{valid, validator};
use super::common::{stderr, stdout};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn python() -> bool {
    let ok = Command::new("python3")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        eprintln!("note: python3 missing: coverage over the protocol is not tested");
    }
    ok
}

fn covered(mode: &str) -> String {
    format!("python3 {ROOT}/workers/testing/covered.py {mode}")
}

/// The lines of covered_lib.py: the only file whose ids the worker may send.
fn library_lines() -> u32 {
    let text = std::fs::read_to_string(format!("{ROOT}/workers/testing/covered_lib.py"))
        .expect("covered_lib.py");
    u32::try_from(text.lines().count()).expect("a small file")
}

/// Four parses through `worker`, watched by `tally`, that both SDKs' test libraries answer
/// alike: three accepted, the last (an unclosed literal) refused. The third runs the code of the
/// first, so three inputs reached something new (the refused one, the unclosed literal's
/// branch): their novel ids.
fn four_answers(worker: &External, tally: &Arc<Tally>) -> Vec<uridiff::coverage::Novel> {
    worker.watch_coverage(tally);
    let jobs = [
        Job::parse(b"http://a/b"),
        Job::parse(b"http://[::1]:8/b?q#f"),
        Job::parse(b"http://a/c"),
        Job::parse(b"http://[::1/"),
    ];
    let out = worker.run_batch(&jobs);
    assert!(out[..3].iter().all(|o| o.is_accepted()), "{out:?}");
    assert!(
        !out[3].is_accepted(),
        "the library refuses an unclosed literal: {out:?}"
    );
    let novel = tally.take_novel();
    let inputs: Vec<&[u8]> = novel.iter().map(|n| n.input.as_slice()).collect();
    assert_eq!(
        inputs,
        [&b"http://a/b"[..], b"http://[::1]:8/b?q#f", b"http://[::1/"]
    );
    novel
}

#[test]
fn a_worker_sends_the_lines_of_its_library_each_answer_ran_when_asked() {
    if !python() {
        return;
    }
    let worker = External::from_command("covered", &covered("ok"));
    let tally = Arc::new(Tally::default());
    // Not asked: answers come, nothing is recorded.
    let out = worker.run_batch(&[Job::parse(b"http://a/")]);
    assert!(out[0].is_accepted(), "{out:?}");
    assert!(tally.reach().is_empty());
    let novel = four_answers(&worker, &tally);
    let reach = tally.reach();
    assert_eq!(reach["covered"].kind, "lines");
    let lines = library_lines();
    for n in &novel {
        // The library's own file only (its place 0 in the sorted list, so its ids are its line
        // numbers): never the worker's, the SDK's or the standard library's lines.
        assert!(n.ids.iter().all(|&id| id >= 1 && id <= lines), "{n:?}");
    }
    let total: usize = novel.iter().map(|n| n.ids.len()).sum();
    assert_eq!(reach["covered"].ids, total);
    // The handshake's total: the lines of covered_lib.py that hold code, at least those
    // reached and fewer than the file's lines (its docstring and blank lines hold none).
    let instrumented = reach["covered"].instrumented.expect("coverage_total");
    assert!(
        instrumented >= total as u64 && instrumented < u64::from(lines),
        "{instrumented} of {lines}"
    );
    assert!(tally.take_warnings().is_empty());
}

/// `node workers/testing/covered.js` with NODE_PATH at uridiff's npm packages, when Node.js and
/// @babel/core (workers/install.sh) are there.
fn covered_js() -> Option<String> {
    let modules = uridiff::subjects::external::packages_dir()?.join("node/node_modules");
    let node = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !node || !modules.join("@babel/core").is_dir() {
        eprintln!(
            "note: node or @babel/core (workers/install.sh) missing: the Node.js \
             SDK's coverage is not tested"
        );
        return None;
    }
    Some(format!(
        "env NODE_PATH={} node {ROOT}/workers/testing/covered.js",
        modules.display()
    ))
}

#[test]
fn the_node_sdk_sends_the_statements_of_its_library_each_answer_ran_when_asked() {
    let Some(command) = covered_js() else {
        return;
    };
    let worker = External::from_command("covered-js", &command);
    let tally = Arc::new(Tally::default());
    let novel = four_answers(&worker, &tally);
    assert_eq!(tally.reach()["covered-js"].kind, "statements");
    // One file covered, the only one in its folder, so its place is 0 and its ids are its
    // probes' numbers: the SDK's, the worker's and Node's own code have none, and there is at
    // most one probe per statement, so fewer than the file's bytes.
    let ids: Vec<u32> = novel.iter().flat_map(|n| n.ids.iter().copied()).collect();
    let lib = std::fs::read_to_string(format!("{ROOT}/workers/testing/covered_js/covered_lib.js"))
        .expect("covered_lib.js");
    assert!(
        ids.iter()
            .all(|&id| usize::try_from(id).is_ok_and(|n| n < lib.len())),
        "{ids:?}"
    );
    // Each answer's ids ascend, as the protocol's other SDKs send them.
    for n in &novel {
        assert!(n.ids.windows(2).all(|w| w[0] < w[1]), "{:?}", n.ids);
    }
    // The handshake's total: every probe of the file, so at least those reached, and at most
    // one per byte.
    let total = tally.reach()["covered-js"]
        .instrumented
        .expect("coverage_total");
    assert!(
        total >= ids.len() as u64 && total < lib.len() as u64,
        "{total}"
    );
    assert!(tally.take_warnings().is_empty());
}

/// The JavaScript SDK keeps a covered file's instrumented code beside itself
/// (`sdk/coverage-cache`): a second start answers byte for byte as the first, and the code it
/// loads is the kept one (a kept file edited by hand is what answers).
#[test]
fn the_node_sdk_keeps_instrumented_code_and_a_second_start_answers_alike() {
    let Some(command) = covered_js() else {
        return;
    };
    // The SDK and the test worker copied with their layout, so the kept code goes to the copy.
    let dir = tempfile::tempdir().expect("a folder");
    for (from, to) in [
        ("workers/sdk/uridiff_worker.js", "sdk/uridiff_worker.js"),
        ("workers/testing/covered.js", "testing/covered.js"),
        (
            "workers/testing/covered_js/covered_lib.js",
            "testing/covered_js/covered_lib.js",
        ),
    ] {
        let to = dir.path().join(to);
        std::fs::create_dir_all(to.parent().expect("a folder")).expect("created");
        std::fs::copy(format!("{ROOT}/{from}"), to).expect("copied");
    }
    let command = command.replace(
        &format!("{ROOT}/workers"),
        &dir.path().display().to_string(),
    );
    let requests = concat!(
        r#"{"id":1,"op":"parse","input":"http://a/b","coverage":true}"#,
        "\n",
        r#"{"id":2,"op":"parse","input":"http://[::1]:8/b?q#f","coverage":true}"#,
        "\n"
    );
    let run = || {
        use std::io::Write;
        let mut child = Command::new("sh")
            .args(["-c", &command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the worker starts");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(requests.as_bytes())
            .expect("written");
        let out = child.wait_with_output().expect("the worker ends");
        assert!(out.status.success(), "{:?}", out.status);
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let kept_dir = dir.path().join("sdk/coverage-cache");
    let first = run();
    let lines: Vec<&str> = first.lines().collect();
    assert!(lines[0].contains(r#""coverage":"statements""#), "{first}");
    assert!(
        lines[1].contains(r#""coverage":["#) && !lines[1].contains(r#""coverage":[]"#),
        "{first}"
    );
    let kept: Vec<_> = std::fs::read_dir(&kept_dir)
        .expect("the kept code's folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(run(), first);
    // Its first line is the file's probe count; the code after it is what loads.
    std::fs::write(
        &kept[0],
        "0\nmodule.exports = { split: () => ({ path: 'kept' }) };\n",
    )
    .expect("edited");
    let edited = run();
    assert!(edited.contains(r#""path":"kept""#), "{edited}");
}

/// The binary uridiff builds for `cpp-boost-url` (Boost.URL compiled in and instrumented where
/// the compiler takes -fsanitize-coverage=trace-pc), when g++ and Boost.URL are there.
fn boost_url_worker() -> Option<std::path::PathBuf> {
    let card = uridiff::parsers::card("cpp-boost-url").expect("shipped");
    match uridiff::subjects::external::argv(card) {
        Ok(argv) => Some(argv[0].clone().into()),
        Err(e) => {
            eprintln!("note: cpp-boost-url not built ({e}): its coverage is not tested");
            None
        }
    }
}

/// `requests` written to a fresh `binary`, stdin closed: its handshake and its answers.
fn converse(
    binary: &Path,
    requests: &[serde_json::Value],
) -> (serde_json::Value, Vec<serde_json::Value>) {
    use std::io::Write;
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the worker starts");
    let mut stdin = child.stdin.take().expect("stdin");
    for r in requests {
        writeln!(stdin, "{r}").expect("a request written");
    }
    drop(stdin);
    let out = child.wait_with_output().expect("the worker ends");
    assert!(out.status.success(), "{:?}", out.status);
    let mut lines = std::str::from_utf8(&out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"));
    let handshake = lines.next().expect("a handshake");
    (handshake, lines.collect())
}

/// (start, end, name) of each function of `binary`, demangled, from `nm -C -S`; `None` without
/// binutils' nm.
fn functions(binary: &Path) -> Option<Vec<(u64, u64, String)>> {
    let out = Command::new("nm")
        .args(["-C", "-S", "--defined-only"])
        .arg(binary)
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let text = String::from_utf8_lossy(&out.stdout);
    Some(
        text.lines()
            .filter_map(|l| {
                let mut f = l.splitn(4, ' ');
                let start = u64::from_str_radix(f.next()?, 16).ok()?;
                let size = u64::from_str_radix(f.next()?, 16).ok()?;
                let kind = f.next()?;
                let name = f.next()?;
                ["t", "T", "w", "W"]
                    .contains(&kind)
                    .then(|| (start, start + size, name.to_owned()))
            })
            .collect(),
    )
}

#[test]
fn the_boost_url_worker_sends_the_blocks_of_its_library_each_answer_ran_when_asked() {
    let Some(binary) = boost_url_worker() else {
        return;
    };
    let parse = serde_json::json!({"id": 1, "op": "parse", "input": "http://u@[::1]:8/b?q#f"});
    let asked = |mut r: serde_json::Value| {
        r["coverage"] = true.into();
        r
    };
    let requests = [
        parse.clone(),
        asked(serde_json::json!({"id": 2, "op": "parse", "input": "http://u@[::1]:8/b?q#f"})),
        asked(serde_json::json!({"id": 3, "op": "parse", "input": "http://[::1/"})),
        asked(
            serde_json::json!({"id": 4, "op": "resolve", "base": "http://a/b/c", "input": "../g;x"}),
        ),
        asked(serde_json::json!({"id": 5, "op": "normalize", "input": "HTTP://A/%7e/./b"})),
        asked(serde_json::json!({"id": 6, "op": "equivalent", "input": "a", "other": "b"})),
    ];
    let (handshake, answers) = converse(&binary, &requests);
    if handshake.get("coverage").is_none() {
        eprintln!(
            "note: cpp-boost-url built without coverage (a compiler without \
             -fsanitize-coverage=trace-pc): its coverage is not tested"
        );
        return;
    }
    assert_eq!(handshake["coverage"], "blocks");
    assert_eq!(answers.len(), requests.len(), "{answers:?}");
    // Not asked: no coverage. Asked: the same answer, with ids.
    assert!(answers[0].get("coverage").is_none(), "{}", answers[0]);
    let mut same = answers[1].clone();
    same.as_object_mut().expect("an object").remove("coverage");
    same["id"] = 1.into();
    assert_eq!(same, answers[0]);
    assert_eq!(answers[2]["outcome"], "rejected");
    let ids: Vec<Vec<u64>> = answers
        .iter()
        .skip(1)
        .map(|a| {
            a["coverage"]
                .as_array()
                .expect("ids when asked")
                .iter()
                .map(|id| id.as_u64().expect("an id"))
                .collect()
        })
        .collect();
    assert!(ids[..4].iter().all(|i| !i.is_empty()), "{ids:?}");
    // An operation the library has no part in runs none of its blocks.
    assert!(ids[4].is_empty(), "{ids:?}");
    let all: std::collections::BTreeSet<u64> = ids.iter().flatten().copied().collect();
    if cfg!(target_arch = "x86_64") {
        let total = handshake["coverage_total"]
            .as_u64()
            .expect("coverage_total");
        assert!(all.len() as u64 <= total && total < 100_000, "{total}");
    }
    // Only the library's code: each id falls in a function of Boost.URL, never in the
    // worker's, Boost.JSON's or the C++ runtime's.
    if let Some(functions) = functions(&binary) {
        for id in &all {
            let holder = functions
                .iter()
                .find(|(start, end, _)| start <= id && id < end)
                .map_or("(none)", |f| f.2.as_str());
            // Its name up to its parameters: a template's return type comes first, and the
            // worker's own functions are `(anonymous namespace)::...`, `main` and `cover::...`.
            let head = holder.split('(').next().unwrap_or_default();
            assert!(head.contains("boost::urls::"), "{id:#x} in {holder}");
        }
    } else {
        eprintln!("note: nm missing: which functions the ids fall in is not checked");
    }
    // The same input, the same ids, in a fresh worker.
    let (_, again) = converse(&binary, &requests);
    assert_eq!(again, answers);
    // And uridiff reads them so.
    let card = uridiff::parsers::card("cpp-boost-url").expect("shipped");
    let worker = External::shipped(card).expect("a worker");
    let tally = Arc::new(Tally::default());
    worker.watch_coverage(&tally);
    let out = worker.run_batch(&[Job::parse(b"http://u@[::1]:8/b?q#f")]);
    assert!(out[0].is_accepted(), "{out:?}");
    let reach = &tally.reach()["cpp-boost-url"];
    assert_eq!(reach.kind, "blocks");
    assert_eq!(reach.ids, ids[0].len());
    assert_eq!(
        reach.instrumented,
        handshake["coverage_total"].as_u64(),
        "{handshake}"
    );
    assert!(tally.take_warnings().is_empty());
}

/// java-okhttp's command line (uridiff's own, JaCoCo's jars on its class path), when java,
/// OkHttp's jars and JaCoCo's (Debian's libjacoco-java: workers/install.sh) are there.
fn java_okhttp_covered() -> Option<(Vec<std::ffi::OsString>, Vec<String>)> {
    use uridiff::parsers::Run;
    let card = uridiff::parsers::card("java-okhttp").expect("java-okhttp is shipped");
    let Some(Run::JavaClassPath { jars, coverage }) = card.worker().map(|w| w.run) else {
        panic!("java-okhttp runs on a class path")
    };
    let java = Command::new("java")
        .arg("-version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let here = |j: &&str| Path::new(j).is_file();
    if !java || !jars.iter().all(here) || !coverage.iter().all(here) {
        eprintln!(
            "note: java, OkHttp's or JaCoCo's jars (workers/install.sh) missing: java-okhttp's \
             coverage is not tested"
        );
        return None;
    }
    let argv = uridiff::subjects::external::argv(card).expect("the jars are here");
    // The class files of OkHttp's jar: the only classes whose probes may be sent.
    let listing = Command::new("jar")
        .args(["tf", jars[0]])
        .output()
        .ok()
        .filter(|o| o.status.success());
    let Some(listing) = listing else {
        eprintln!("note: the JDK's jar missing: java-okhttp's coverage is not tested");
        return None;
    };
    let classes = String::from_utf8(listing.stdout)
        .expect("names")
        .lines()
        .filter_map(|l| l.strip_suffix(".class"))
        .filter(|l| l.starts_with("okhttp3/"))
        .map(str::to_owned)
        .collect();
    Some((argv, classes))
}

/// The worker's id block of a class: 16 bits of FNV-1a of its VM name (its halves xored), as
/// workers/java-okhttp.java computes it.
fn class_block(vm_name: &str) -> u64 {
    let mut h: u32 = 0x811c_9dc5;
    for b in vm_name.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    u64::from((h >> 16) ^ (h & 0xffff))
}

/// One fresh java-okhttp worker's handshake and its answers to `requests` (JSON lines).
fn java_okhttp_answers(
    argv: &[std::ffi::OsString],
    requests: &[serde_json::Value],
) -> (serde_json::Value, Vec<serde_json::Value>) {
    use std::io::Write;
    let mut input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    input.push_str("{\"id\":0,\"op\":\"shutdown\"}\n");
    let mut child = Command::new(&argv[0])
        .args(&argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("java starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("requests written");
    let out = child.wait_with_output().expect("the worker ends");
    assert!(out.status.success(), "{out:?}");
    let mut lines = std::str::from_utf8(&out.stdout)
        .expect("ASCII")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"));
    let hello = lines.next().expect("a handshake");
    (hello, lines.collect())
}

#[test]
fn java_okhttp_sends_the_probes_of_okhttps_classes_each_answer_ran_when_asked() {
    let Some((argv, classes)) = java_okhttp_covered() else {
        return;
    };
    let blocks: std::collections::HashSet<u64> = classes.iter().map(|c| class_block(c)).collect();
    let request = |id: u64, input: &str, ask: bool| {
        let mut r = serde_json::json!({"id": id, "op": "parse", "input": input});
        if ask {
            r["coverage"] = serde_json::Value::Bool(true);
        }
        r
    };
    let requests = [
        request(1, "http://a/b", false),
        request(2, "http://a/b", true),
        request(3, "https://u:p@[::1]:8/b/../c?q#f", true),
        request(4, "http://[::1/", true),
        serde_json::json!({"id": 5, "op": "resolve", "base": "http://a/b/c/d;p?q",
            "input": "../g", "coverage": true}),
        request(6, "http://a/b", false),
    ];
    let (hello, answers) = java_okhttp_answers(&argv, &requests);
    assert_eq!(hello["coverage"], "probes", "{hello}");
    let total = hello["coverage_total"].as_u64().expect("coverage_total");
    assert_eq!(answers.len(), requests.len(), "{answers:?}");
    // Not asked: no coverage, before the asking requests and after them.
    for a in [&answers[0], &answers[5]] {
        assert!(a.get("coverage").is_none(), "{a}");
    }
    let mut reached = std::collections::HashSet::new();
    for a in &answers[1..5] {
        let ids: Vec<u64> = a["coverage"]
            .as_array()
            .unwrap_or_else(|| panic!("asked, no coverage: {a}"))
            .iter()
            .map(|id| id.as_u64().expect("an id"))
            .collect();
        assert!(!ids.is_empty(), "{a}");
        // Only OkHttp's own classes (okhttp3/...): never Okio's, the JDK's or the worker's.
        assert!(ids.iter().all(|id| blocks.contains(&(id >> 16))), "{a}");
        reached.extend(ids);
    }
    assert!(answers[3]["outcome"] == "rejected", "{}", answers[3]);
    assert!(
        reached.len() as u64 <= total,
        "{} of {total}",
        reached.len()
    );
    // The same input gives the same ids in another fresh worker; the answer is the same.
    let (_, again) = java_okhttp_answers(&argv, &requests[2..3]);
    assert_eq!(again[0], answers[2]);
    // And uridiff takes them as they are: no warning, the kind and total of the handshake.
    let worker = External::shipped(uridiff::parsers::card("java-okhttp").unwrap()).unwrap();
    let tally = Arc::new(Tally::default());
    worker.watch_coverage(&tally);
    let out = worker.run_batch(&[Job::parse(b"https://u:p@[::1]:8/b/../c?q#f")]);
    assert!(out[0].is_accepted(), "{out:?}");
    let reach = tally.reach();
    assert_eq!(reach["java-okhttp"].kind, "probes");
    assert_eq!(reach["java-okhttp"].instrumented, Some(total));
    assert_eq!(
        reach["java-okhttp"].ids,
        answers[2]["coverage"].as_array().unwrap().len()
    );
    assert!(tally.take_warnings().is_empty());
}

#[test]
fn malformed_or_huge_coverage_is_dropped_with_one_warning_and_the_answers_count() {
    if !python() {
        return;
    }
    for (mode, why) in [
        ("garbage", "is not an integer"),
        ("huge", "more than 65536 ids"),
    ] {
        let worker = External::from_command("noisy", &covered(mode));
        let tally = Arc::new(Tally::default());
        worker.watch_coverage(&tally);
        let jobs = [
            Job::parse(b"http://a/"),
            Job::parse(b"http://b/"),
            Job::parse(b"x:y"),
        ];
        let out = worker.run_batch(&jobs);
        assert!(out.iter().all(|o| o.is_accepted()), "{mode}: {out:?}");
        let warnings = tally.take_warnings();
        assert_eq!(warnings.len(), 1, "{mode}: {warnings:?}");
        assert!(
            warnings[0].starts_with("noisy: coverage dropped") && warnings[0].contains(why),
            "{mode}: {warnings:?}"
        );
        assert_eq!(tally.reach()["noisy"].ids, 0, "{mode}");
        assert!(tally.take_novel().is_empty(), "{mode}");
    }
}

fn fuzz(dir: &Path, extra: &[&str]) -> Output {
    let worker = format!("covered={}", covered("ok"));
    let mut args = vec![
        "fuzz",
        "--no-external",
        "--parser",
        "impl",
        "--parser",
        "covered",
        "--external",
        &worker,
        "--seconds",
        "120",
        "--seed",
        "3",
        "--budget",
        "10",
        "--quiet",
        "--out",
    ];
    let out_dir = dir.to_string_lossy().into_owned();
    args.push(&out_dir);
    args.extend_from_slice(extra);
    Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(&args)
        .output()
        .expect("uridiff runs")
}

/// The lines of `dir`'s corpus.jsonl, parsed.
fn corpus(dir: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(dir.join("corpus.jsonl"))
        .expect("a corpus")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a corpus line"))
        .collect()
}

/// The ids `lines` brought for `covered`, each brought by one line only (`when` names the
/// corpus in the failure message).
fn ids_once(lines: &[serde_json::Value], when: &str) -> std::collections::HashSet<u64> {
    let mut seen = std::collections::HashSet::new();
    for line in lines {
        for id in ids(line) {
            assert!(seen.insert(id), "{id} kept twice {when}");
        }
    }
    seen
}

/// The ids a corpus line brought for `covered` (none for a line kept for its signature alone).
fn ids(line: &serde_json::Value) -> Vec<u64> {
    line["new"]
        .get("covered")
        .map(|ids| {
            ids.as_array()
                .expect("a list")
                .iter()
                .map(|id| id.as_u64().expect("an id"))
                .collect()
        })
        .unwrap_or_default()
}

/// The lines reached that the text summary gives for `covered`.
fn reached(out: &str) -> usize {
    out.lines()
        .find_map(|l| l.trim().strip_prefix("covered: "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no reach of covered in:\n{out}"))
}

/// A guided campaign of 120 inputs into `dir`: the lines `covered` reached, and the summary.
fn guided_120(dir: &Path) -> (usize, String) {
    let ran = fuzz(dir, &["--inputs", "120"]);
    let text = stdout(&ran);
    assert!(ran.status.success(), "{text}{}", stderr(&ran));
    (reached(&text), text)
}

#[test]
fn a_guided_campaign_keeps_what_opens_new_lines_and_resumes_from_it() {
    if !python() {
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let (lines_first, text) = guided_120(dir.path());
    assert!(lines_first > 10, "{text}");
    let kept = corpus(dir.path());
    assert!(!kept.is_empty());
    // Every line brought ids no earlier line had, and together they are what was reached; a
    // line kept for a new discrepancy signature may bring no ids.
    for line in &kept {
        assert!(
            !ids(line).is_empty() || line["signature"].is_string(),
            "{line}"
        );
    }
    let seen = ids_once(&kept, "in the first campaign");
    assert!(
        kept.iter().any(|l| l["signature"].is_string()),
        "impl and covered disagree somewhere, and those inputs are kept too"
    );
    assert_eq!(seen.len(), lines_first);
    assert!(
        text.contains(&format!("corpus: {} inputs", kept.len())),
        "{text}"
    );
    // Resumed: the corpus is read back (its lines are not new again) and mutated.
    let again = fuzz(dir.path(), &["--inputs", "120", "--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&again.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(&again), stderr(&again)));
    valid(&validator("schemas/fuzz.schema.json"), &doc, "fuzz --json");
    assert!(doc["resumed"].as_bool().expect("resumed"));
    let lines_again = doc["coverage"]["covered"]["reached"]
        .as_u64()
        .expect("reached");
    assert!(lines_again >= lines_first as u64, "{doc}");
    assert_eq!(doc["coverage"]["covered"]["kind"], "lines");
    let resumed = corpus(dir.path());
    let seen = ids_once(&resumed, "after resuming");
    assert_eq!(seen.len() as u64, lines_again);
    assert_eq!(doc["corpus"].as_u64(), Some(resumed.len() as u64));
}

#[test]
fn a_report_of_a_guided_campaign_shows_what_it_reached_of_each_library() {
    if !python() {
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let (lines, _) = guided_120(dir.path());
    let out = dir.path().join("report");
    let worker = format!("covered={}", covered("ok"));
    let o = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(["report", "--quiet", "--no-builtin-suites", "--no-external"])
        .args([
            "--parser",
            "impl",
            "--parser",
            "covered",
            "--external",
            &worker,
        ])
        .arg("--campaign")
        .arg(dir.path())
        .arg("--out")
        .arg(&out)
        .output()
        .expect("uridiff runs");
    assert!(o.status.code().is_some_and(|c| c <= 1), "{}", stderr(&o));
    let doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("discrepancies.json")).expect("the report"))
            .expect("JSON");
    valid(
        &validator("schemas/discrepancies.schema.json"),
        &doc,
        "discrepancies.json",
    );
    let reach = doc["reach"].as_array().expect("a reach section");
    let [r] = &reach[..] else {
        panic!("only covered gives coverage: {reach:?}")
    };
    assert_eq!(r["parser"], "covered");
    assert_eq!(r["kind"], "lines");
    // What the campaign said it reached, out of the lines of covered_lib.py that hold code
    // (the SDK's count from the compiled file): at least those reached, at most the file's.
    assert_eq!(r["reached"].as_u64(), Some(lines as u64), "{r}");
    let instrumented = r["instrumented"].as_u64().expect("the handshake's total");
    assert!(
        instrumented >= lines as u64 && instrumented <= u64::from(library_lines()),
        "{instrumented} of {} lines, {lines} reached",
        library_lines()
    );
    // Growth to the campaign's 120 inputs, never falling, ending at the whole count.
    let growth: Vec<(u64, u64)> = r["growth"]
        .as_array()
        .expect("growth")
        .iter()
        .map(|p| (p[0].as_u64().expect("at"), p[1].as_u64().expect("ids")))
        .collect();
    assert_eq!(growth.last(), Some(&(120, lines as u64)), "{growth:?}");
    assert!(growth
        .windows(2)
        .all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1));
    // The inputs that first reached the most, most first, each a corpus input.
    let corpus = std::fs::read_to_string(dir.path().join("corpus.jsonl")).expect("a corpus");
    let first = r["first"].as_array().expect("first");
    assert!(!first.is_empty());
    let counts: Vec<u64> = first.iter().map(|f| f["ids"].as_u64().unwrap()).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    for f in first {
        let input = serde_json::to_string(&f["input"]).unwrap();
        assert!(corpus.contains(&input), "{input} is not a corpus input");
    }
    let summary = std::fs::read_to_string(out.join("summary.md")).expect("the summary");
    assert!(
        summary.contains("## What the campaign reached"),
        "{summary}"
    );
    assert!(
        summary.contains(&format!("{lines} of {instrumented} lines")),
        "{summary}"
    );
    let page = std::fs::read_to_string(out.join("index.html")).expect("the page");
    assert!(page.contains("id=\"reach\""));
}

#[test]
fn shards_of_a_guided_campaign_merge_their_corpora() {
    if !python() {
        return;
    }
    let shards: Vec<tempfile::TempDir> = ["0/2", "1/2"]
        .iter()
        .map(|shard| {
            let dir = tempfile::tempdir().expect("a folder");
            let out = fuzz(dir.path(), &["--inputs", "60", "--shard", shard]);
            assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
            assert!(dir.path().join("corpus.jsonl").exists());
            dir
        })
        .collect();
    let target = tempfile::tempdir().expect("a folder");
    let mut args = vec!["fuzz".to_owned(), "--json".to_owned(), "--merge".to_owned()];
    args.extend(
        shards
            .iter()
            .map(|d| d.path().to_string_lossy().into_owned()),
    );
    args.extend([
        "--out".to_owned(),
        target.path().to_string_lossy().into_owned(),
    ]);
    let out = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(&args)
        .output()
        .expect("uridiff runs");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(&out), stderr(&out)));
    let merged = corpus(target.path());
    assert_eq!(doc["corpus"].as_u64(), Some(merged.len() as u64));
    // The union of the shards' lines, no id twice.
    let union: std::collections::HashSet<u64> = shards
        .iter()
        .flat_map(|d| corpus(d.path()))
        .flat_map(|line| ids(&line))
        .collect();
    assert_eq!(ids_once(&merged, "in the merged corpus"), union);
}

#[test]
fn in_a_guided_campaign_only_a_worker_that_declared_coverage_is_asked() {
    if !python() {
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let log = |name: &str| dir.path().join(format!("{name}.requests"));
    // Each worker's requests, as it reads them (tee), beside the campaign: `plain` declares
    // no coverage (the misbehaving worker in its well-behaved mode), `covered` does.
    let plain = format!(
        "plain=tee {} | python3 {ROOT}/workers/testing/misbehave.py ok",
        log("plain").display()
    );
    let covered = format!(
        "covered=tee {} | {}",
        log("covered").display(),
        covered("ok")
    );
    let out_dir = dir.path().join("campaign");
    let out = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args([
            "fuzz",
            "--no-external",
            "--parser",
            "impl",
            "--parser",
            "plain",
        ])
        .args([
            "--parser",
            "covered",
            "--external",
            &plain,
            "--external",
            &covered,
        ])
        .args([
            "--inputs",
            "40",
            "--seconds",
            "120",
            "--budget",
            "10",
            "--quiet",
            "--out",
        ])
        .arg(&out_dir)
        .output()
        .expect("uridiff runs");
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let requests = |name: &str| -> Vec<serde_json::Value> {
        std::fs::read_to_string(log(name))
            .expect("the log")
            .lines()
            .map(|l| serde_json::from_str(l).expect("a request"))
            .collect()
    };
    let plain = requests("plain");
    assert!(plain.len() >= 40, "{}", plain.len());
    for r in &plain {
        // The request of before, key for key.
        let keys: Vec<&str> = r
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        assert!(
            keys.iter()
                .all(|k| ["id", "op", "input", "base", "other"].contains(k)),
            "{r}"
        );
    }
    let covered = requests("covered");
    assert!(covered.len() >= 40, "{}", covered.len());
    assert!(covered.iter().all(|r| r["coverage"] == true), "{covered:?}");
}

#[test]
fn a_blind_campaign_asks_for_no_coverage_and_keeps_no_corpus() {
    if !python() {
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let out = fuzz(dir.path(), &["--inputs", "40", "--blind", "--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(&out), stderr(&out)));
    assert!(doc.get("coverage").is_none(), "{doc}");
    assert!(doc.get("corpus").is_none(), "{doc}");
    assert!(!dir.path().join("corpus.jsonl").exists());
}

#[test]
fn a_coverage_only_campaign_runs_the_blind_inputs_and_measures_their_reach() {
    if !python() {
        return;
    }
    let blind = tempfile::tempdir().expect("a folder");
    let b = fuzz(blind.path(), &["--inputs", "120", "--blind"]);
    assert!(b.status.success(), "{}", stderr(&b));
    let measured = tempfile::tempdir().expect("a folder");
    let m = fuzz(
        measured.path(),
        &["--inputs", "120", "--coverage-only", "--json"],
    );
    let doc: serde_json::Value = serde_json::from_slice(&m.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(&m), stderr(&m)));
    // The blind campaign's inputs: the same classes, first seen on the same inputs.
    let first_seen = |dir: &Path| -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = std::fs::read_to_string(dir.join("findings.jsonl"))
            .expect("findings")
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a finding"))
            .map(|f| (f["key"].to_string(), f["first_seen"].to_string()))
            .collect();
        v.sort();
        v
    };
    assert_eq!(first_seen(measured.path()), first_seen(blind.path()));
    // Their reach measured and kept: a corpus, none of whose inputs is a mutation of it.
    assert!(
        doc["coverage"]["covered"]["reached"].as_u64().unwrap_or(0) > 10,
        "{doc}"
    );
    let corpus =
        std::fs::read_to_string(measured.path().join("corpus.jsonl")).expect("a corpus kept");
    assert!(!corpus.is_empty());
    assert!(!corpus.contains("\"origin\":\"corpus/"), "{corpus}");
    // --blind and --coverage-only are two different campaigns.
    let both = fuzz(
        measured.path(),
        &["--inputs", "1", "--blind", "--coverage-only"],
    );
    assert_eq!(both.status.code(), Some(2), "{}", stderr(&both));
}

/// The Python SDK's three ways of seeing lines agree (sys.monitoring on Python 3.12 and later,
/// probes compiled into the library's functions, sys.settrace everywhere): monitoring sees the
/// ids settrace sees, probes those of them on which a statement starts and no other.
/// `workers/testing/coverage_backends.py` runs each in a process of its own on the same inputs
/// and exits 1 at the first input whose ids differ. Run by every Python found: `python3`,
/// uridiff's own venv, and pyenv's 3.12 and 3.13 where the machine has them.
#[test]
fn the_python_sdk_sees_the_same_lines_by_each_of_its_ways() {
    if !python() {
        return;
    }
    let mut pythons = vec![std::path::PathBuf::from("python3")];
    if let Ok(venv) = uridiff::subjects::external::venv_python() {
        pythons.push(venv);
    }
    if let Some(home) = std::env::var_os("HOME") {
        let versions = Path::new(&home).join(".pyenv/versions");
        if let Ok(entries) = std::fs::read_dir(&versions) {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if name.starts_with("3.12") || name.starts_with("3.13") {
                    pythons.push(entry.path().join("bin/python3"));
                }
            }
        }
    }
    let mut compared = Vec::new();
    for python in &pythons {
        let out = Command::new(python)
            .arg(format!("{ROOT}/workers/testing/coverage_backends.py"))
            .output();
        let Ok(out) = out else { continue };
        assert!(
            out.status.success(),
            "{}: {}{}",
            python.display(),
            stdout(&out),
            stderr(&out)
        );
        let line = stdout(&out);
        assert!(
            line.contains("settrace") && line.contains("probes"),
            "{}: {line}",
            python.display()
        );
        compared.push(line.trim().to_string());
    }
    eprintln!("note: backends compared: {compared:?}");
}

/// Every shipped Python, Node.js and Ruby worker that workers/README.md ("Who gives it") says
/// gives coverage declares it in its handshake and sends ids of its library with an answer that asks,
/// and none when not asked: through uridiff as a campaign uses them. Where a runtime or the
/// packages are missing, that worker is skipped with a note.
#[test]
fn every_python_node_and_ruby_worker_said_to_give_coverage_gives_it() {
    const COVERED: [(&str, &str); 15] = [
        ("python-urllib", "lines"),
        ("python-furl", "lines"),
        ("python-rfc3986", "lines"),
        ("python-urllib3", "lines"),
        ("python-yarl", "lines"),
        ("python-hyperlink", "lines"),
        ("python-rfc3987", "lines"),
        ("python-uritools", "lines"),
        ("node-url-parse", "statements"),
        ("node-urijs", "statements"),
        ("node-whatwg-url", "statements"),
        ("node-fast-uri", "statements"),
        ("node-uri-js", "statements"),
        ("ruby-uri", "lines"),
        ("ruby-addressable", "lines"),
    ];
    for (name, kind) in COVERED {
        let card = uridiff::parsers::card(name).expect("shipped");
        let Some(worker) = External::shipped(card) else {
            eprintln!("note: {name} cannot be launched here: its coverage is not tested");
            continue;
        };
        if let Err(why) = worker.available() {
            eprintln!("note: {name} is not available ({why}): its coverage is not tested");
            continue;
        }
        let tally = Arc::new(Tally::default());
        // Not watched: nothing is asked or recorded.
        let out = worker.run_batch(&[Job::parse(b"http://a/b")]);
        assert!(
            !matches!(out[0], uridiff::model::Outcome::Unsupported(_)),
            "{name}: {out:?}"
        );
        assert!(tally.reach().is_empty());
        worker.watch_coverage(&tally);
        let out = worker.run_batch(&[Job::parse(b"https://u:p@example.com:8/b/../c?q=1#f")]);
        assert!(out[0].is_accepted(), "{name}: {out:?}");
        let reach = tally.reach();
        let got = &reach[name];
        assert_eq!(got.kind, kind, "{name}");
        let total = got.instrumented.expect("coverage_total");
        assert!(
            got.ids > 0 && (got.ids as u64) <= total,
            "{name}: {} of {total}",
            got.ids
        );
        assert!(tally.take_warnings().is_empty(), "{name}");
    }
}
