//! The README and the book in `docs/` (mdBook's layout: `book.toml`, `src/SUMMARY.md`, the
//! chapters in `src/`) say only what is so.
//!
//! - The README opens with the two commands of the set-up contract: the main job on built-in
//!   defaults (`cargo run --release -- report`) and the tests, as `.ci/run` calls them.
//! - Every chapter `SUMMARY.md` lists exists, and every file of `docs/src/` is listed (mdBook
//!   builds only what the summary names: a chapter left out would never be read).
//! - Every relative link of the README and of the chapters names a file or folder of the
//!   repository, and a `#fragment` one of the target's headings (as GitHub and mdBook make
//!   their ids).
//! - Every command of a `sh` block is checked: each `uridiff` command (or `cargo run --release
//!   --`) is parsed by the binary's own command line, all its options and values validated, by
//!   running it with `--help` after its words; the commands that answer from the spec
//!   implementation alone (`parse`, `resolve`, `normalize`, `equivalent`, `oracle`, `suite`
//!   without a worker) run for real as written, in `sh`, and give one of the documented
//!   answers (exit 0 or 1, never a usage error); the scripts, benches and folders the other
//!   commands name exist.
//! - Every suite of a `yaml` block loads and passes under impl, as `uridiff suite FILE` runs it.

use std::path::{Component, Path, PathBuf};
use std::process::{Command, Output};

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The binary under test.
fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_uridiff"))
}

/// `README.md` and every Markdown file of `docs/src/`, in name order.
fn documents() -> Vec<PathBuf> {
    let mut chapters: Vec<PathBuf> = std::fs::read_dir(root().join("docs/src"))
        .expect("docs/src is a folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    chapters.sort();
    let mut all = vec![root().join("README.md")];
    all.extend(chapters);
    all
}

/// A document's path from the root, for messages.
fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A fenced code block: its language, the line of its opening fence (1-based), its lines with
/// the fence's indentation taken off.
struct Block {
    lang: String,
    line: usize,
    lines: Vec<String>,
}

/// The fenced blocks of a Markdown text and the text outside them (each fenced line blank, so
/// that line numbers still hold).
fn split_fences(text: &str) -> (Vec<Block>, Vec<String>) {
    let mut blocks = Vec::new();
    let mut prose = Vec::new();
    let mut open: Option<(usize, Block)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if trimmed.starts_with("```") {
            match open.take() {
                Some((_, block)) => blocks.push(block),
                None => {
                    let block = Block {
                        lang: trimmed.trim_start_matches('`').trim().to_owned(),
                        line: i + 1,
                        lines: Vec::new(),
                    };
                    open = Some((indent, block));
                }
            }
            prose.push(String::new());
            continue;
        }
        match &mut open {
            Some((indent, block)) => {
                let cut = line.len() - line.trim_start().len();
                block.lines.push(line[cut.min(*indent)..].to_owned());
                prose.push(String::new());
            }
            None => prose.push(line.to_owned()),
        }
    }
    assert!(open.is_none(), "a fence is never closed");
    (blocks, prose)
}

/// A line with its code spans taken out (a link's target is never inside one).
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code {
            out.push(c);
        }
    }
    out
}

/// The targets of the inline links `[text](target)` of the prose, with their line numbers.
fn links(prose: &[String]) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (i, line) in prose.iter().enumerate() {
        let line = without_code_spans(line);
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            // A title after the target (`(path "title")`) is not part of it.
            let target = after[..end].split_whitespace().next().unwrap_or("");
            found.push((i + 1, target.to_owned()));
            rest = &after[end..];
        }
    }
    found
}

/// The id GitHub and mdBook give a heading: lower case, letters, digits, `-` and `_` kept,
/// spaces as `-`, everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The ids of a Markdown file's headings (outside code blocks).
fn heading_ids(path: &Path) -> Vec<String> {
    let (_, prose) = split_fences(&read(path));
    prose
        .iter()
        .filter(|l| l.starts_with('#'))
        .map(|l| slug(l.trim_start_matches('#')))
        .collect()
}

/// `base/target`, with `.` and `..` resolved by name, as a browser resolves a relative link.
fn resolve(base: &Path, target: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for c in base.join(target).components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The chapters `SUMMARY.md` links to, in its order.
fn summary_chapters() -> Vec<String> {
    let summary = root().join("docs/src/SUMMARY.md");
    let (_, prose) = split_fences(&read(&summary));
    links(&prose).into_iter().map(|(_, t)| t).collect()
}

/// The dependency line the tutorial, the worker crate's README and its crate documentation
/// show for `uridiff-worker` names the crate's own version (major.minor, as Cargo's caret
/// requirement reads it: The Cargo Book, "Specifying Dependencies"), and uridiff's is the same.
#[test]
fn the_uridiff_worker_dependency_line_names_the_crates_version() {
    let version = |manifest: &str| {
        read(&root().join(manifest))
            .lines()
            .find_map(|l| l.strip_prefix("version = \""))
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or_else(|| panic!("{manifest}: no version line"))
            .to_owned()
    };
    let worker = version("workers/rust/Cargo.toml");
    assert_eq!(
        worker,
        env!("CARGO_PKG_VERSION"),
        "uridiff-worker and uridiff differ"
    );
    let minor: Vec<&str> = worker.split('.').take(2).collect();
    let line = format!("uridiff-worker = \"{}\"", minor.join("."));
    for doc in [
        "examples/ci/README.md",
        "workers/rust/README.md",
        "workers/rust/src/lib.rs",
        "docs/src/tutorial.md",
    ] {
        let text = read(&root().join(doc));
        assert!(text.contains(&line), "{doc} does not show `{line}`");
        // No other version of it anywhere in the file.
        for (i, _) in text.match_indices("uridiff-worker = \"") {
            assert!(
                text[i..].starts_with(&line),
                "{doc}: {}",
                &text[i..i + line.len()]
            );
        }
    }
}

#[test]
fn the_book_has_mdbooks_layout_and_the_summary_lists_every_chapter_once() {
    let book = read(&root().join("docs/book.toml"));
    assert!(
        book.contains("[book]") && book.contains("src = \"src\""),
        "docs/book.toml names no [book] with src = \"src\":\n{book}"
    );
    let listed = summary_chapters();
    assert!(listed.len() >= 10, "SUMMARY.md lists {listed:?}");
    for chapter in &listed {
        assert!(
            !chapter.contains("://") && chapter.ends_with(".md"),
            "SUMMARY.md lists {chapter}, which is not a chapter of docs/src"
        );
        assert!(
            root().join("docs/src").join(chapter).is_file(),
            "SUMMARY.md lists {chapter}, which docs/src does not hold"
        );
        assert_eq!(
            listed.iter().filter(|c| *c == chapter).count(),
            1,
            "SUMMARY.md lists {chapter} twice"
        );
    }
    for doc in documents().iter().skip(1) {
        let name = doc.file_name().expect("a name").to_string_lossy();
        if name == "SUMMARY.md" {
            continue;
        }
        assert!(
            listed.iter().any(|c| *c == name),
            "{} is not listed in docs/src/SUMMARY.md: mdBook would leave it out",
            shown(doc)
        );
        assert!(
            read(doc).starts_with("# "),
            "{} does not open with its title (`# ...`)",
            shown(doc)
        );
    }
}

#[test]
fn every_relative_link_names_a_file_of_the_repository() {
    let root = root().canonicalize().expect("the root");
    let mut checked = 0;
    for doc in documents() {
        let (_, prose) = split_fences(&read(&doc));
        for (line, target) in links(&prose) {
            let at = format!("{}:{line}", shown(&doc));
            assert!(!target.is_empty(), "{at}: a link without a target");
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = match target.split_once('#') {
                Some((p, f)) => (p, Some(f)),
                None => (target.as_str(), None),
            };
            let file = if path.is_empty() {
                doc.clone()
            } else {
                resolve(doc.parent().expect("a folder"), path)
            };
            assert!(
                file.exists(),
                "{at}: the link {target} names {}, which does not exist (links from docs/src/ to \
                 the repository's files begin with ../../)",
                file.display()
            );
            assert!(
                file.canonicalize().expect("it exists").starts_with(&root),
                "{at}: the link {target} leaves the repository"
            );
            if let Some(fragment) = fragment {
                assert!(
                    file.extension().is_some_and(|x| x == "md"),
                    "{at}: {target}: a fragment of a file that is not Markdown"
                );
                let ids = heading_ids(&file);
                assert!(
                    ids.iter().any(|id| id == fragment),
                    "{at}: {target}: no heading of {} has the id {fragment} (it has {ids:?})",
                    file.display()
                );
            }
            checked += 1;
        }
    }
    // The README alone links the book's chapters and the report's files.
    assert!(checked >= 40, "only {checked} relative links found");
}

/// A command line of a `sh` block: where it is, its text (continuation lines joined), and its
/// pipeline's commands as words (redirections left out).
struct ShellLine {
    at: String,
    text: String,
    commands: Vec<Vec<String>>,
}

/// Every command line of every `sh` block of the README and the book.
fn shell_lines() -> Vec<ShellLine> {
    let mut all = Vec::new();
    for doc in documents() {
        let (blocks, _) = split_fences(&read(&doc));
        for block in blocks.iter().filter(|b| b.lang == "sh") {
            let mut pending: Option<(usize, String)> = None;
            for (k, line) in block.lines.iter().enumerate() {
                let (start, mut text) = pending.take().unwrap_or((k, String::new()));
                text.push_str(line);
                if let Some(head) = text.strip_suffix('\\') {
                    pending = Some((start, format!("{head} ")));
                    continue;
                }
                let at = format!("{}:{}", shown(&doc), block.line + 1 + start);
                let words = shlex::split(&text)
                    .unwrap_or_else(|| panic!("{at}: `{text}` does not split into words"));
                if words.is_empty() {
                    continue;
                }
                let mut commands = vec![Vec::new()];
                let mut words = words.into_iter();
                while let Some(w) = words.next() {
                    match w.as_str() {
                        "|" | "&&" | "||" | ";" => commands.push(Vec::new()),
                        "<" | ">" | ">>" => {
                            words.next();
                        }
                        _ => commands.last_mut().expect("one").push(w),
                    }
                }
                all.push(ShellLine {
                    at,
                    text: text.clone(),
                    commands,
                });
            }
            assert!(pending.is_none(), "a `sh` block ends with a `\\` line");
        }
    }
    all
}

/// The words of uridiff's arguments in a command, if it runs uridiff: `uridiff ARGS` or
/// `cargo run --release -- ARGS`.
fn uridiff_args(words: &[String]) -> Option<Vec<String>> {
    match words.first().map(String::as_str) {
        Some("uridiff") => Some(words[1..].to_vec()),
        Some("cargo") if words.get(1).is_some_and(|w| w == "run") => {
            let dash = words.iter().position(|w| w == "--")?;
            assert_eq!(
                words[1..dash],
                ["run", "--release"],
                "`cargo run` is documented as `cargo run --release --`: {words:?}"
            );
            Some(words[dash + 1..].to_vec())
        }
        _ => None,
    }
}

/// The commands that answer from the spec implementation alone, so that a test runs them as
/// written (in a second or so each).
fn runs_here(args: &[String]) -> bool {
    let sub = args.first().map(String::as_str).unwrap_or("");
    match sub {
        "parse" | "resolve" | "normalize" | "equivalent" | "oracle" => true,
        "suite" => !args
            .iter()
            .any(|a| a.starts_with("--external") || a == "--whatwg"),
        _ => false,
    }
}

/// `uridiff ARGS --help` (before a `--`): clap reads every word up to `--help`, so an unknown
/// subcommand or option, a missing value or a value it refuses fails here, and nothing runs.
fn parses(args: &[String]) -> Output {
    let mut with_help: Vec<&str> = Vec::new();
    let mut helped = false;
    for a in args {
        if a == "--" && !helped {
            with_help.push("--help");
            helped = true;
        }
        with_help.push(a);
    }
    if !helped {
        with_help.push("--help");
    }
    Command::new(bin())
        .args(&with_help)
        .output()
        .expect("uridiff runs")
}

/// The lines of `.ci/run` that run a command, as words.
fn ci_commands() -> Vec<Vec<String>> {
    read(&root().join(".ci/run"))
        .lines()
        .filter_map(shlex::split)
        .filter(|w| !w.is_empty())
        .collect()
}

#[test]
fn the_readme_opens_with_the_main_job_and_the_test_command_ci_runs() {
    let readme = read(&root().join("README.md"));
    let (blocks, prose) = split_fences(&readme);
    let first = blocks.first().expect("the README has a code block");
    // Nothing but the title comes before the two commands.
    let before: Vec<&String> = prose[..first.line - 1]
        .iter()
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(
        before,
        ["# uridiff"],
        "the README opens with the two commands"
    );
    assert_eq!(first.lang, "sh");
    let commands: Vec<Vec<String>> = first
        .lines
        .iter()
        .filter_map(|l| shlex::split(l))
        .filter(|w| !w.is_empty())
        .collect();
    assert_eq!(commands.len(), 2, "two commands: {:?}", first.lines);
    assert_eq!(
        commands[0],
        ["cargo", "run", "--release", "--", "report"],
        "the main job on built-in defaults"
    );
    assert!(
        commands[1].starts_with(&["cargo".to_owned(), "test".to_owned()]),
        "the second command runs the tests: {:?}",
        commands[1]
    );
    let ci = ci_commands();
    assert!(
        ci.contains(&commands[1]),
        "the README's test command {:?} is not one .ci/run calls ({ci:?})",
        commands[1]
    );
}

#[test]
fn every_command_of_the_readme_and_the_book_is_one_uridiff_takes() {
    let work = tempfile::tempdir().expect("a folder");
    // The files the documented commands read from where they run.
    std::os::unix::fs::symlink(root().join("suites"), work.path().join("suites")).expect("a link");
    std::fs::write(
        work.path().join("inputs.txt"),
        "http://a/b?c#d\n../g\nhttp://[::1]:80/\n",
    )
    .expect("written");
    let path = format!(
        "{}:{}",
        bin().parent().expect("a folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // A `yaml` block that opens with `# NAME.yaml` is the file the commands after it name.
    for doc in documents() {
        let (blocks, _) = split_fences(&read(&doc));
        for block in blocks.iter().filter(|b| b.lang == "yaml") {
            let named = block.lines.first().and_then(|l| l.strip_prefix("# "));
            if let Some(name) = named.filter(|n| n.ends_with(".yaml") && !n.contains('/')) {
                std::fs::write(work.path().join(name), block.lines.join("\n") + "\n")
                    .expect("written");
            }
        }
    }
    let ci = ci_commands();
    let (mut parsed, mut ran) = (0, 0);
    for line in shell_lines() {
        let at = &line.at;
        let mut run_it = true;
        for words in &line.commands {
            assert!(
                !words.is_empty(),
                "{at}: an empty command in `{}`",
                line.text
            );
            if let Some(args) = uridiff_args(words) {
                let out = parses(&args);
                assert!(
                    out.status.success() && !out.stdout.is_empty(),
                    "{at}: uridiff does not take `{}`: {}",
                    line.text,
                    String::from_utf8_lossy(&out.stderr)
                );
                parsed += 1;
                run_it &= runs_here(&args);
                continue;
            }
            run_it = false;
            let w: Vec<&str> = words.iter().map(String::as_str).collect();
            match w.as_slice() {
                ["cargo", "test", ..] => assert!(
                    ci.contains(words),
                    "{at}: `{}` is not a test command .ci/run calls",
                    line.text
                ),
                ["cargo", "bench", "--bench", name, ..] => assert!(
                    root().join("benches").join(format!("{name}.rs")).is_file(),
                    "{at}: no bench {name} in benches/"
                ),
                ["cargo", "install", "--path", dir] => assert!(
                    root().join(dir).join("Cargo.toml").is_file(),
                    "{at}: no crate at {dir}"
                ),
                ["mdbook", "build" | "serve", dir] => assert!(
                    root().join(dir).join("book.toml").is_file(),
                    "{at}: no book.toml in {dir}"
                ),
                // Input for a pipe.
                ["printf" | "yes", ..] => run_it = true,
                [script, ..] if script.contains('/') => assert!(
                    root().join(script).is_file(),
                    "{at}: no script {script} in the repository"
                ),
                _ => panic!(
                    "{at}: `{}`: this test has no check for such a command; add one",
                    line.text
                ),
            }
        }
        if run_it {
            let out = Command::new("sh")
                .arg("-c")
                .arg(&line.text)
                .current_dir(work.path())
                .env("PATH", &path)
                .env("CI", "true")
                .output()
                .expect("sh runs");
            let code = out.status.code();
            assert!(
                matches!(code, Some(0 | 1)),
                "{at}: `{}` exited {code:?} (0 or 1 documented):\n{}{}",
                line.text,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                !out.stdout.is_empty(),
                "{at}: `{}` printed nothing",
                line.text
            );
            // A comment that gives a suite's tally is held to it.
            if let Some((_, comment)) = line.text.split_once(" # ") {
                let tally = comment.trim();
                if tally.contains(" passed, ") && tally.ends_with(" failed") {
                    let printed = String::from_utf8_lossy(&out.stdout);
                    assert!(
                        printed.contains(tally),
                        "{at}: `{}` does not print {tally}:\n{printed}",
                        line.text
                    );
                }
            }
            ran += 1;
        }
    }
    // The spec chapter alone has 17 uridiff commands that run here.
    assert!(parsed >= 50, "only {parsed} uridiff commands found");
    assert!(ran >= 15, "only {ran} commands ran");
}

#[test]
fn every_suite_in_the_readme_and_the_book_passes_under_impl() {
    let work = tempfile::tempdir().expect("a folder");
    let mut suites = 0;
    for doc in documents() {
        let (blocks, _) = split_fences(&read(&doc));
        for block in blocks.iter().filter(|b| b.lang == "yaml") {
            let is_suite = block.lines.iter().any(|l| l.starts_with("suite:"))
                && block.lines.iter().any(|l| l.starts_with("cases:"));
            if !is_suite {
                continue;
            }
            let at = format!("{}:{}", shown(&doc), block.line);
            let file = work.path().join(format!("suite{suites}.yaml"));
            std::fs::write(&file, block.lines.join("\n") + "\n").expect("written");
            let out = Command::new(bin())
                .arg("suite")
                .arg(&file)
                .output()
                .expect("uridiff runs");
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success() && text.contains(" 0 failed"),
                "{at}: the suite does not pass: {text}{}",
                String::from_utf8_lossy(&out.stderr)
            );
            suites += 1;
        }
    }
    // The schema's example (Suites) and the tutorial's regressions.
    assert!(suites >= 2, "only {suites} suites found");
}

/// The helpers above, on what they must read.
mod helpers {
    use super::*;

    #[test]
    fn a_slug_is_the_id_github_and_mdbook_give() {
        assert_eq!(slug(" JSON output (schema 1)"), "json-output-schema-1");
        assert_eq!(slug("The CI gate"), "the-ci-gate");
    }

    #[test]
    fn links_are_found_outside_code_spans_only() {
        let prose = ["a [`x`](x.md) and `[no](y.md)` and [z](../z.md#top \"t\")".to_owned()];
        assert_eq!(
            links(&prose),
            [(1, "x.md".to_owned()), (1, "../z.md#top".to_owned())]
        );
    }

    #[test]
    fn a_relative_link_resolves_by_name() {
        assert_eq!(
            resolve(Path::new("/r/docs/src"), "../../workers/README.md"),
            Path::new("/r/workers/README.md")
        );
    }
}
