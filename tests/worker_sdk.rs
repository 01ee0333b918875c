//! The worker helpers a library's maintainer vendors (workers/sdk/uridiff_worker.py and .js) and
//! the `uridiff-worker` crate (workers/rust): each example worker speaks the protocol as its
//! schema says, answers a burst of pipelined requests in order before it exits, and gives
//! uridiff its library's answers unchanged.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use super::common::{stdout, uridiff_stdin};

/// The example workers that can run here: (name, argv). The Rust one is the `uridiff-worker`
/// crate's example, built by `cargo test --workspace` beside this binary.
fn examples() -> Vec<(&'static str, Vec<String>)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut out = Vec::new();
    let runs = |program: &str| {
        Command::new(program)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if runs("python3") {
        out.push((
            "urlsplit",
            vec![
                "python3".into(),
                format!("{root}/workers/sdk/examples/urlsplit_worker.py"),
            ],
        ));
    } else {
        eprintln!("note: python3 missing: the Python helper is not tested");
    }
    if runs("node") {
        out.push((
            "url-example",
            vec![
                "node".into(),
                format!("{root}/workers/sdk/examples/url_worker.js"),
            ],
        ));
    } else {
        eprintln!("note: node missing: the JavaScript helper is not tested");
    }
    // target/<profile>/deps/integration-* -> target/<profile>/examples/uridiff_worker
    let rust: Option<PathBuf> = std::env::current_exe()
        .ok()
        .and_then(|e| Some(e.parent()?.parent()?.join("examples/uridiff_worker")));
    match rust.filter(|p| p.exists()) {
        Some(p) => out.push(("mine", vec![p.to_string_lossy().into_owned()])),
        None => eprintln!(
            "note: the uridiff-worker example is not built (`cargo test --workspace` builds it)"
        ),
    }
    out
}

#[test]
fn each_helper_answers_a_pipelined_burst_in_order_before_it_exits() {
    for (name, argv) in examples() {
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("spawns");
        let mut requests = String::new();
        for id in 1..=300 {
            requests.push_str(&format!(
                "{{\"id\":{id},\"op\":\"parse\",\"input\":\"http://a/{id}?q\"}}\n"
            ));
        }
        // All at once, then the end of input: every request read must still be answered.
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || stdin.write_all(requests.as_bytes()));
        let lines: Vec<serde_json::Value> = BufReader::new(child.stdout.take().unwrap())
            .lines()
            .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
            .collect();
        writer.join().unwrap().unwrap();
        assert!(child.wait().unwrap().success(), "{name}");
        assert_eq!(lines[0]["protocol"], "uridiff-worker/1", "{name}");
        assert_eq!(lines[0]["name"], name);
        assert_eq!(lines.len(), 301, "{name}: {} answers", lines.len() - 1);
        for (i, l) in lines[1..].iter().enumerate() {
            assert_eq!(l["id"], i + 1, "{name}");
            assert_eq!(l["outcome"], "accepted", "{name}: {l}");
            assert_eq!(l["components"]["path"], format!("/{}", i + 1), "{name}");
        }
    }
}

#[test]
fn each_helper_speaks_the_protocol_as_its_json_schema_says() {
    let has_jsonschema = Command::new("python3")
        .args(["-c", "import jsonschema"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has_jsonschema {
        eprintln!("note: skipping the schema check: python3 has no `jsonschema` package");
        return;
    }
    let args: Vec<String> = examples()
        .into_iter()
        .map(|(name, argv)| format!("{name}={}", serde_json::to_string(&argv).unwrap()))
        .collect();
    let out = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/workers/testing/check_protocol.py"
        ))
        .args(&args)
        .output()
        .unwrap();
    let report = stdout(&out);
    assert!(
        out.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(report.lines().count(), args.len(), "{report}");
}

#[test]
fn uridiff_reads_each_helpers_answers_as_its_library_gives_them() {
    for (name, argv) in examples() {
        let command = argv
            .iter()
            .map(|a| format!("'{a}'"))
            .collect::<Vec<_>>()
            .join(" ");
        let external = format!("{name}={command}");
        // The RFC 3986 5.4.1 example base, and a reference with every component.
        let out = uridiff_stdin(
            &[
                "diff",
                "--external",
                &external,
                "--parser",
                name,
                "http://a/b/c/d;p?q#f",
            ],
            b"",
        );
        let text = stdout(&out);
        assert!(
            text.lines()
                .any(|l| l.trim_start().starts_with(name) && l.contains("same components")),
            "{name}: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let out = uridiff_stdin(
            &[
                "diff",
                "--external",
                &external,
                "--parser",
                name,
                "--base",
                "http://a/b/c/d;p?q",
                "../g",
            ],
            b"",
        );
        assert!(
            stdout(&out).contains("http://a/b/g"),
            "{name}: {}{}",
            stdout(&out),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
