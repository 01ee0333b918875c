//! Process handling for one worker: spawning it in its own process group, talking with it
//! through its pipes ([`super::pipes`]: requests written and answers read on the feeder's
//! thread), reading its stderr's last lines with bounded memory on a thread of their own, and
//! killing it with its whole process tree (`workers/README.md`, "uridiff's side").

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::cpu::Meter;
use super::pipes::Pipes;
pub(super) use super::pipes::{ReadError, MAX_LINE};
use super::tree;
use crate::model::{Crash, CrashKind, Op};

/// How many of the worker's last stderr lines a crash keeps.
const STDERR_LINES: usize = 20;

/// The blank stdout lines a request may be answered after: more is a flood, a protocol error.
pub(super) const MAX_BLANK_LINES: usize = 10_000;

/// The longest stderr line kept (the rest of a longer one is read and dropped).
const MAX_STDERR_LINE: usize = 4096;

/// Reads `stderr` to its end, keeping its last [`STDERR_LINES`] lines in `tail`, each cut to
/// [`MAX_STDERR_LINE`] bytes: a worker that writes without end, or one line without a newline,
/// costs bounded memory.
fn keep_tail(mut stderr: impl BufRead, tail: &Mutex<VecDeque<String>>) {
    let mut line = Vec::new();
    loop {
        line.clear();
        // At most MAX_STDERR_LINE bytes of the line; then the rest of it, dropped.
        let Ok(n) = (&mut stderr)
            .take(MAX_STDERR_LINE as u64)
            .read_until(b'\n', &mut line)
        else {
            break;
        };
        if n == 0 {
            break;
        }
        if line.last() != Some(&b'\n') {
            while let Ok(buf) = stderr.fill_buf() {
                if buf.is_empty() {
                    break;
                }
                let (used, end) = match buf.iter().position(|&b| b == b'\n') {
                    Some(i) => (i + 1, true),
                    None => (buf.len(), false),
                };
                stderr.consume(used);
                if end {
                    break;
                }
            }
        }
        let text = String::from_utf8_lossy(&line).trim_end().to_owned();
        let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
        if tail.len() == STDERR_LINES {
            tail.pop_front();
        }
        tail.push_back(shorten(&text));
    }
}

/// A running worker: the process, its pipes, and the thread reading its stderr.
#[derive(Debug)]
pub(super) struct Worker {
    pub(super) child: Child,
    pipes: Pipes,
    /// The value of [`tree::TAG_VAR`] in the worker's environment.
    tag: String,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_done: Receiver<()>,
    /// Set once the process is reaped: its pid may then be reused, so it is never signalled
    /// again.
    status: Option<ExitStatus>,
    /// Where the CPU time of its tree goes when it ends (the `cpu` room).
    meter: Option<Arc<Meter>>,
}

impl Worker {
    pub(super) fn spawn(command: &mut Command) -> io::Result<Worker> {
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let tag = tree::new_tag();
        command.env(tree::TAG_VAR, &tag);
        let mut child = tree::spawn(command)?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let pipes = match Pipes::new(stdin, stdout) {
            Ok(pipes) => pipes,
            Err(e) => {
                let _ = child.kill();
                tree::reap(&mut child);
                return Err(e);
            }
        };
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let (done_tx, stderr_done) = mpsc::channel();
        let keep = Arc::clone(&tail);
        std::thread::spawn(move || {
            // A large buffer: a worker flooding its stderr is drained in few reads.
            keep_tail(BufReader::with_capacity(64 << 10, stderr), &keep);
            let _ = done_tx.send(());
        });
        Ok(Worker {
            child,
            pipes,
            tag,
            stderr: tail,
            stderr_done,
            status: None,
            meter: None,
        })
    }

    /// Counts this worker's CPU time in `meter` from now on.
    pub(super) fn metered(&mut self, meter: Arc<Meter>) {
        meter.start(self.child.id(), &self.tag);
        self.meter = Some(meter);
    }

    /// The next non-empty stdout line, by `deadline` ([`Pipes::read_line`]); requests sent and
    /// not yet taken by the worker's stdin are written meanwhile. Borrowed from the read buffer
    /// until the next read.
    pub(super) fn read_line(&mut self, deadline: std::time::Instant) -> Result<&[u8], ReadError> {
        let mut blank = 0usize;
        loop {
            if !self
                .pipes
                .read_line(deadline)?
                .iter()
                .all(u8::is_ascii_whitespace)
            {
                return Ok(self.pipes.last_line());
            }
            blank += 1;
            if blank > MAX_BLANK_LINES {
                return Err(ReadError::Broken(format!(
                    "more than {MAX_BLANK_LINES} blank lines where an answer was due"
                )));
            }
        }
    }

    /// Sends request lines (each with its `\n`): what the worker's stdin pipe takes now is
    /// written, the rest while its answers are read. False when the worker's stdin is gone
    /// (its answer's absence then shows as an exit or a timeout).
    pub(super) fn send(&mut self, lines: &[u8]) -> bool {
        self.pipes.send(lines)
    }

    /// The worker's last stderr lines, once its stderr is closed (or after a short wait).
    pub(super) fn stderr_tail(&self) -> Vec<String> {
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(500));
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        tail.iter().cloned().collect()
    }

    /// The end of a message about this worker: its last [`STDERR_LINES`] stderr lines under
    /// `stderr:`, one per line, or nothing when it wrote none. A traceback's last line alone
    /// rarely says where it came from.
    pub(super) fn stderr_block(&self) -> String {
        tail_block(&self.stderr_tail())
    }

    /// Kills the worker's process group, then reaps the worker: the group is signalled while
    /// the worker (at worst a zombie) still holds its pid, so the signal cannot reach a process
    /// that reused the pid. Returns the exit status: the worker's own if it had already exited.
    ///
    /// The whole tree goes first ([`super::tree`]: descendants that left the group too), while
    /// the worker still lives to be walked from, then the group, then what was forked meanwhile.
    pub(super) fn kill(&mut self) -> Option<ExitStatus> {
        self.pipes.close_stdin();
        if self.status.is_none() {
            if let Some(meter) = &self.meter {
                meter.end(self.child.id());
            }
            tree::end(self.child.id(), &self.tag);
            #[cfg(unix)]
            if let Ok(pid) = i32::try_from(self.child.id()) {
                use nix::sys::signal::{killpg, Signal};
                use nix::unistd::Pid;
                let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
            }
            let _ = self.child.kill();
            self.status = tree::reap(&mut self.child);
            tree::end(self.child.id(), &self.tag);
            // What it detached and emptied of its environment is uridiff's orphan by now.
            tree::end_orphans();
        }
        self.status
    }

    /// Whether the worker process has exited (or exits within `wait`), without reaping it: its
    /// id stays its own until [`Worker::kill`] reaps it.
    pub(super) fn exits_within(&self, wait: Duration) -> bool {
        let until = std::time::Instant::now() + wait;
        loop {
            if self.status.is_some() || self.has_exited() {
                return true;
            }
            if std::time::Instant::now() >= until {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Whether the worker has exited, by `waitid(2)` with `WNOWAIT` (the status is left to be
    /// read again by the reaping `wait`).
    #[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
    fn has_exited(&self) -> bool {
        use nix::sys::wait::{waitid, Id, WaitPidFlag, WaitStatus};
        use nix::unistd::Pid;
        let Ok(pid) = i32::try_from(self.child.id()) else {
            return true;
        };
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
        !matches!(
            waitid(Id::Pid(Pid::from_raw(pid)), flags),
            Ok(WaitStatus::StillAlive)
        )
    }

    /// Without `waitid(2)`: a worker whose stdout closed is taken as exited.
    #[cfg(not(any(target_os = "linux", target_os = "android", target_os = "freebsd")))]
    fn has_exited(&self) -> bool {
        true
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.kill();
    }
}

/// How long a worker whose stdout closed has to exit before it counts as one that closed its
/// stdout and kept running (an exiting process closes its stdout a moment before it ends).
pub(super) const EXIT_GRACE: Duration = Duration::from_millis(1000);

/// What went wrong with one request.
pub(super) enum Fault {
    Timeout,
    /// Its stdout closed: it exited, or closed the pipe and kept running.
    Exited,
    Protocol(String),
}

impl Fault {
    /// The crash outcome of request `id`, with the worker's last stderr lines. The worker is
    /// killed: one that timed out, exited or lost the thread of the conversation is not trusted
    /// with the next request.
    pub(super) fn crash(&self, worker: &mut Worker, op: Op, id: u64, timeout: Duration) -> Crash {
        let (kind, mut message) = match self {
            Fault::Timeout => {
                worker.kill();
                (
                    CrashKind::Timeout,
                    format!(
                        "no answer to request {id} ({op}) within {} ms; the worker was killed",
                        timeout.as_millis()
                    ),
                )
            }
            Fault::Exited if !worker.exits_within(EXIT_GRACE) => {
                worker.kill();
                (
                    CrashKind::Protocol,
                    format!(
                        "request {id} ({op}): the worker closed its stdout and kept running; \
                         the worker was killed"
                    ),
                )
            }
            Fault::Exited => {
                // It has exited: its own exit status is the one reported.
                let status = worker.kill().map_or_else(
                    || "its stdout closed".to_owned(),
                    |s| format!("it exited ({s})"),
                );
                (
                    CrashKind::Exit,
                    format!("the worker stopped during request {id} ({op}): {status}"),
                )
            }
            Fault::Protocol(why) => {
                worker.kill();
                (
                    CrashKind::Protocol,
                    format!("request {id} ({op}): {why}; the worker was killed"),
                )
            }
        };
        message.push_str(&worker.stderr_block());
        Crash { kind, message }
    }
}

/// What heads a worker's stderr lines at the end of a message.
pub(super) const STDERR_HEAD: &str = "\nstderr:\n";

/// A worker's stderr lines as the end of a message: [`STDERR_HEAD`] and the lines, or nothing
/// for none.
fn tail_block(tail: &[String]) -> String {
    if tail.is_empty() {
        return String::new();
    }
    format!("{STDERR_HEAD}{}", tail.join("\n"))
}

/// Clips a line for a message.
pub(super) fn shorten(s: &str) -> String {
    const MAX: usize = 300;
    if s.len() <= MAX {
        return s.to_owned();
    }
    let mut end = MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stderr_without_newlines_costs_bounded_memory() {
        let mut text = vec![b'x'; 10 << 20];
        text.extend_from_slice(b"\nlast line\n");
        let tail = Mutex::new(VecDeque::new());
        keep_tail(std::io::Cursor::new(text), &tail);
        let tail = tail.into_inner().unwrap();
        assert_eq!(
            tail.len(),
            2,
            "{:?}",
            tail.iter().map(String::len).collect::<Vec<_>>()
        );
        assert!(tail[0].len() <= MAX_STDERR_LINE, "{}", tail[0].len());
        assert_eq!(tail[1], "last line");
    }

    #[test]
    fn the_last_twenty_stderr_lines_are_kept_and_shown() {
        let text: String = (1..=30).map(|i| format!("line {i}\n")).collect();
        let tail = Mutex::new(VecDeque::new());
        keep_tail(std::io::Cursor::new(text), &tail);
        let tail: Vec<String> = tail.into_inner().unwrap().into();
        let block = tail_block(&tail);
        let lines: Vec<&str> = block.lines().collect();
        assert_eq!(lines[..2], ["", "stderr:"], "{block}");
        assert_eq!(lines.len(), 2 + STDERR_LINES, "{block}");
        assert_eq!(lines[2], "line 11");
        assert_eq!(lines.last(), Some(&"line 30"));
        assert_eq!(tail_block(&[]), "");
    }
}
