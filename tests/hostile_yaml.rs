//! Hostile YAML suites read in bounded memory: aliases of aliases ("billion laughs", YAML 1.2
//! section 3.2.2.2) stop at the cap on alias expansion with an error naming the file, the line
//! and the cap, under an address-space limit of 512 MB (POSIX `setrlimit(RLIMIT_AS)`, set by the
//! shell's `ulimit -v`) that an expansion held in memory would pass.

use std::process::{Command, Output, Stdio};

use crate::common::stderr;

/// `uridiff suite FILE` in `dir`, with at most 512 MB of address space.
fn suite_in_512_mb(dir: &std::path::Path, file: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 524288 && exec \"$0\" suite \"$1\"")
        .arg(env!("CARGO_BIN_EXE_uridiff"))
        .arg(file)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("runs sh")
}

/// Nine levels of nine aliases over `first`, in a case's `expect` on line 5: 9^9 copies of it.
fn laughs(first: &str) -> String {
    let mut items = vec![format!("&a0 [{first}]")];
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        items.push(format!("&a{i} [{refs}]"));
    }
    format!(
        "suite: laughs\ncases:\n  - op: parse\n    input: a\n    expect: [{}]\n",
        items.join(", ")
    )
}

#[test]
fn a_billion_laughs_suite_stops_at_the_cap_in_bounded_memory() {
    let dir = tempfile::tempdir().expect("a folder");
    let cases = [
        // 9^9 copies of a 1 MB string: 387 PB once expanded.
        (
            "long.yaml",
            format!("\"{}\"", "x".repeat(1 << 20)),
            "bytes of scalars (the cap: the file's size plus 16777216)",
        ),
        // 9^10 short strings.
        (
            "short.yaml",
            ["lol"; 9].join(", "),
            "aliases are expanded more than 100 times per YAML event",
        ),
    ];
    for (name, first, cap) in cases {
        std::fs::write(dir.path().join(name), laughs(&first)).expect("written");
        let o = suite_in_512_mb(dir.path(), name);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains(&format!("{name}:5:")),
            "{name}: the file and line: {err}"
        );
        assert!(err.contains(cap), "{name}: the cap: {err}");
        assert!(!err.contains("memory allocation"), "{name}: {err}");
    }
}

#[test]
fn a_suite_with_a_few_aliases_still_runs() {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::write(
        dir.path().join("few.yaml"),
        "suite: few\ncases:\n  - {op: parse, input: \"http://a/b\", expect: &e {host: a}}\n  - {op: parse, input: \"http://a/c\", expect: *e}\n",
    )
    .expect("written");
    let o = suite_in_512_mb(dir.path(), "few.yaml");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("2 passed, 0 failed"));
}
