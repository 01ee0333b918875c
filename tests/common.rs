//! What the modules of the integration tests share: the `uridiff` binary run with an input on
//! its standard input, and its outputs read as text. (The modules that need another environment,
//! `CI` set or unset, a working directory, run the binary their own way.) And [`each_at_once`],
//! for the checks that wait on one worker after another; [`place_to_run`], for a file a test
//! runs after putting it in place.

use std::io::{ErrorKind, Write};
use std::process::{Command, Output, Stdio};

/// `uridiff ARGS` with `stdin` written to its standard input, then closed.
///
/// A binary that exits before it has read all of `stdin` (a bad flag, say) closes the pipe; that
/// is no error here, since the output and exit code say what it did. Any other write error is.
pub fn uridiff_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uridiff"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let mut pipe = child.stdin.take().expect("stdin");
    if let Err(e) = pipe.write_all(stdin) {
        assert_eq!(
            e.kind(),
            ErrorKind::BrokenPipe,
            "{args:?}: writing stdin: {e}"
        );
    }
    drop(pipe);
    child.wait_with_output().expect("waits")
}

/// Standard output as text (bytes that are not UTF-8 replaced).
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text (bytes that are not UTF-8 replaced).
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `f` on every item, on a pool of `threads` threads (rayon's), the results in the items'
/// order.
///
/// For checks that spend their time waiting on other processes (a worker's runtime starting,
/// a compiler, a pause with answers unread): the waits overlap. A panic in `f` is raised again
/// here. (Only the end-to-end tier uses it.)
#[allow(dead_code)]
pub fn each_at_once<T: Send, R: Send>(
    items: Vec<T>,
    threads: usize,
    f: impl Fn(T) -> R + Sync + Send,
) -> Vec<R> {
    use rayon::prelude::*;
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool")
        .install(|| items.into_par_iter().map(f).collect())
}

/// Copies `from` to `to` through `cp`, a child process, for a file the test then runs: a copy
/// made in this process holds `to` open for writing while the tests' other threads fork, and a
/// child that inherited that descriptor until its own exec makes running `to` fail with ETXTBSY
/// ("Text file busy", execve(2)).
pub fn place_to_run(from: &std::path::Path, to: &std::path::Path) {
    let copied = Command::new("cp")
        .arg(from)
        .arg(to)
        .status()
        .expect("cp runs");
    assert!(copied.success(), "cp {} {}", from.display(), to.display());
}
