//! The lines a reader runs to see a finding again, built above the engine from what it returns:
//! a parser's reproduce line (its card's template, `subjects::reproduce`: the library called
//! directly in its own language) and the `uridiff diff` command that shows every parser on the
//! job. The engine's class records come back without them; [`fill`] writes both on each class
//! for the report (run), and the gate and the writers call [`diff_command`] and [`reproduce`]
//! for what they show.
//!
//! The commands are POSIX shell lines (XCU 2.2 Quoting, `printf` of XCU): the shell words come
//! from [`crate::text`].

use crate::engine::{ClassRecord, Task};
use crate::model::Op;
use crate::subjects::SubjectInfo;

/// The reproduce line of the parser `subject` for `task`: its card's template
/// ([`crate::subjects::reproduce::reproduce`]). None for a worker that wraps a shipped parser's
/// library (`wraps`, [`SubjectInfo::wraps`]): that parser's line would call the library uridiff
/// installs, not the worker's; and None where the card has no line (impl and the oracles, an
/// operation the library lacks, bytes a text-only library cannot take).
///
/// ```
/// use uridiff::engine::Task;
/// let t = Task::parse(b"http://a/b".to_vec(), "doc");
/// let line = uridiff::present::reproduce("php-parse-url", false, &t).unwrap();
/// assert!(line.starts_with("php -r '"), "{line}");
/// assert_eq!(uridiff::present::reproduce("php-parse-url", true, &t), None);
/// assert_eq!(uridiff::present::reproduce("impl", false, &t), None);
/// ```
pub fn reproduce(subject: &str, wraps: bool, task: &Task) -> Option<String> {
    if wraps {
        return None;
    }
    crate::subjects::reproduce::reproduce(subject, task.op, &task.input, task.second.as_deref())
}

/// Writes each class's reproduce line (its deviating parser's, [`reproduce`], on the class's
/// example) and its `uridiff diff` command ([`diff_command`] of the example). `infos` are the
/// engine's subjects: a parser among them that wraps a shipped parser's library gets no line.
///
/// ```
/// use uridiff::engine::{Engine, Task};
/// let engine = Engine::new(uridiff::subjects::in_process());
/// let rows = engine.run(&uridiff::generate::operations(3, 40), &|| ());
/// let mut classes = engine.classify(&rows, 50);
/// assert!(!classes.is_empty());
/// assert!(classes.iter().all(|c| c.reproduce.is_none() && c.diff.is_none()));
/// uridiff::present::fill(&engine.infos(), &mut classes);
/// for c in &classes {
///     assert_eq!(c.diff, uridiff::present::diff_command(&c.example));
/// }
/// // A parse or a resolution is shown by `uridiff diff`.
/// assert!(classes.iter().any(|c| c.diff.is_some()));
/// ```
pub fn fill(infos: &[&SubjectInfo], classes: &mut [ClassRecord]) {
    for c in classes {
        let subject = &c.signature.subject;
        let wraps = infos
            .iter()
            .any(|i| &i.name == subject && i.wraps.is_some());
        c.reproduce = reproduce(subject, wraps, &c.example);
        c.diff = diff_command(&c.example);
    }
}

/// The `uridiff diff` command for a task (parse, or resolve with `--base`), as one line that
/// any POSIX shell runs as this very job and that prints safely: an operand that shows as itself
/// is one single-quoted word (the base as `--base=WORD`, the input after `--`, so that a value
/// starting with `-` is never read as an option); otherwise (and for the input `-`, which stands
/// for standard input) the input is written by `printf` to
/// `uridiff diff -z -` (NUL-terminated: a line feed in it stays), and the base is
/// `--base="$(printf ...)"` ([`printf_word`]). None for an operand with a NUL byte, which no
/// command-line argument can hold (`execve` takes C strings), and for a base that needs
/// `printf` and ends in a line feed, which command substitution removes (POSIX XCU 2.6.3).
///
/// [`printf_word`]: crate::text::printf_word
///
/// ```
/// use uridiff::engine::Task;
/// use uridiff::present::diff_command;
/// assert_eq!(diff_command(&Task::parse(b"http://a'b".to_vec(), "x")).unwrap(),
///            r"uridiff diff --edition rfc3986 -- 'http://a'\''b'");
/// assert_eq!(diff_command(&Task::parse(b"a\x1b\xff".to_vec(), "x")).unwrap(),
///            r"printf 'a\033\377\000' | uridiff diff --edition rfc3986 -z -");
/// let t = Task {
///     op: uridiff::model::Op::Resolve,
///     second: Some(b"--external=a".to_vec()),
///     ..Task::parse(b"-x".to_vec(), "x")
/// };
/// assert_eq!(diff_command(&t).unwrap(),
///            "uridiff diff --edition rfc3986 --base='--external=a' -- '-x'");
/// assert_eq!(diff_command(&Task::parse(b"a\0b".to_vec(), "x")), None);
/// ```
pub fn diff_command(task: &Task) -> Option<String> {
    use crate::text::{printf_word, shell_word};
    if task.input.contains(&0) || task.second.as_ref().is_some_and(|s| s.contains(&0)) {
        return None;
    }
    // `shell_word` single-quotes exactly the operands that show as themselves; the others it
    // writes `$'...'`, which not every `sh` reads.
    let plain = |b: &[u8]| {
        let w = shell_word(b);
        w.starts_with('\'').then_some(w)
    };
    let edition = task.edition.id();
    let base = match (task.op, &task.second) {
        (Op::Parse, _) => String::new(),
        (Op::Resolve, Some(base)) => match plain(base) {
            Some(w) => format!(" --base={w}"),
            None if base.ends_with(b"\n") => return None,
            None => format!(" --base=\"$(printf {})\"", printf_word(base)),
        },
        _ => return None,
    };
    // An input of `-` alone stands for standard input's records, even after `--`.
    let input = (task.input != b"-").then(|| plain(&task.input)).flatten();
    Some(match input {
        Some(input) => format!("uridiff diff --edition {edition}{base} -- {input}"),
        None => {
            let mut record = task.input.clone();
            record.push(0);
            format!(
                "printf {} | uridiff diff --edition {edition}{base} -z -",
                printf_word(&record)
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;

    /// A worker that wraps a shipped parser's library keeps its class's `uridiff diff` command
    /// but gets no line of that parser's; the same parser shipped gets its card's line.
    #[test]
    fn a_wrapping_worker_gets_the_diff_command_and_no_line_of_the_shipped_parser() {
        let engine = Engine::new(crate::subjects::in_process());
        let tasks = crate::generate::operations(3, 200);
        let rows = engine.run(&tasks, &|| ());
        let mut classes = engine.classify(&rows, 50);
        let with_line = |c: &ClassRecord| {
            crate::subjects::reproduce::reproduce(
                &c.signature.subject,
                c.example.op,
                &c.example.input,
                c.example.second.as_deref(),
            )
            .is_some()
        };
        let at = classes
            .iter()
            .position(with_line)
            .expect("an in-process crate's class has a line");
        let mut infos: Vec<SubjectInfo> = engine.infos().into_iter().cloned().collect();
        fill(&infos.iter().collect::<Vec<_>>(), &mut classes);
        let c = &classes[at];
        assert!(c.reproduce.is_some());
        assert_eq!(c.diff, diff_command(&c.example));
        let subject = c.signature.subject.clone();
        let i = infos
            .iter()
            .position(|i| i.name == subject)
            .expect("its info");
        infos[i].wraps = Some(subject);
        fill(&infos.iter().collect::<Vec<_>>(), &mut classes);
        assert_eq!(classes[at].reproduce, None);
        assert_eq!(classes[at].diff, diff_command(&classes[at].example));
    }
}
