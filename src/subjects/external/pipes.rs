//! A worker's stdin and stdout as one conversation on the feeder's own thread: requests
//! written and answers read without blocking, by `poll(2)` on both pipes at once
//! (`workers/README.md`, "uridiff's side": requests may be pipelined, answers come in order).
//!
//! Why one thread and not a writer and a reader beside the feeder: every answer then crossed
//! two threads (the reader woken by the pipe, the feeder woken by the reader), and every block
//! of requests two more; with ten workers answering small requests that hand-over was most of
//! what uridiff itself spent per answer. Writing must still never wait for the worker: a worker
//! that writes answers while uridiff's request block fills the stdin pipe would wait on a full
//! stdout pipe that nobody reads. So both pipes are non-blocking, and whoever waits for an
//! answer also writes what the stdin pipe takes meanwhile.
//!
//! Memory is bounded: stdout is read only while no whole line is buffered, one
//! [`READ_BUFFER`] at a time, and a line longer than [`MAX_LINE`] is an error.

use std::io::{self, Read, Write};
use std::ops::Range;
use std::process::{ChildStdin, ChildStdout};
use std::time::{Duration, Instant};

/// The longest line a worker may print (a longer one is a protocol error).
pub(super) const MAX_LINE: usize = 64 << 20;

/// The most one read of stdout takes: a read takes many answers at once.
const READ_BUFFER: usize = 64 << 10;

/// Why no line came.
pub(super) enum ReadError {
    Timeout,
    /// The stdout pipe closed (the worker exited or closed it).
    Closed,
    /// A read error or an overlong line.
    Broken(String),
}

/// The two pipes of a running worker and what is buffered on each side.
#[derive(Debug)]
pub(super) struct Pipes {
    /// None once the worker's stdin is gone (closed by us, or a write failed).
    stdin: Option<ChildStdin>,
    /// Request bytes not yet written, from `written` on.
    outgoing: Vec<u8>,
    written: usize,
    /// None once stdout reached its end.
    stdout: Option<ChildStdout>,
    /// What stdout gave is `incoming[..filled]` (the rest is room for the next read, allocated
    /// and zeroed once); the lines from `start` on are not yet returned, and no '\n' lies
    /// between `start` and `scanned`.
    incoming: Vec<u8>,
    filled: usize,
    start: usize,
    scanned: usize,
    /// Where the line [`Pipes::read_line`] returned last lies in `incoming`.
    last: Range<usize>,
}

impl Pipes {
    /// Takes the child's pipe ends and makes them non-blocking (only uridiff's ends: the
    /// worker's own ends are other open files).
    pub(super) fn new(stdin: ChildStdin, stdout: ChildStdout) -> io::Result<Pipes> {
        sys::set_nonblocking(&stdin)?;
        sys::set_nonblocking(&stdout)?;
        Ok(Pipes {
            stdin: Some(stdin),
            outgoing: Vec::new(),
            written: 0,
            stdout: Some(stdout),
            incoming: Vec::new(),
            filled: 0,
            start: 0,
            scanned: 0,
            last: 0..0,
        })
    }

    /// Queues request bytes and writes what the pipe takes now; false when the worker's stdin
    /// is gone (its answer's absence then shows as an exit or a timeout).
    pub(super) fn send(&mut self, bytes: &[u8]) -> bool {
        if self.stdin.is_none() {
            return false;
        }
        if self.written == self.outgoing.len() {
            self.outgoing.clear();
            self.written = 0;
        }
        self.outgoing.extend_from_slice(bytes);
        self.write_some();
        self.stdin.is_some()
    }

    /// Closes the worker's stdin: it sees the end of its input.
    pub(super) fn close_stdin(&mut self) {
        self.stdin = None;
        self.outgoing = Vec::new();
        self.written = 0;
    }

    /// The next line of stdout (without its '\n', and without a '\r' before it), by
    /// `deadline`; requests still queued are written meanwhile. A last line without '\n' is
    /// returned before [`ReadError::Closed`]. The line is borrowed from the read buffer, not
    /// copied: it is read once (a response is parsed from it) and the buffer keeps it until
    /// the next call. The clock is read only where the line must be waited for (read per
    /// call, it was read five times per answer, most of them for a line already in the buffer).
    pub(super) fn read_line(&mut self, deadline: Instant) -> Result<&[u8], ReadError> {
        let mut waited = false;
        loop {
            if let Some(line) = self.take_line() {
                self.last = line.clone();
                return Ok(&self.incoming[line]);
            }
            if self.stdout.is_none() {
                if self.start < self.filled {
                    // Nothing more comes: the rest is the last line, and stays where it is
                    // until the next call finds the buffer used up.
                    let last = self.start..self.filled;
                    (self.start, self.scanned) = (self.filled, self.filled);
                    self.last = last.clone();
                    return Ok(&self.incoming[last]);
                }
                return Err(ReadError::Closed);
            }
            if self.filled - self.start >= MAX_LINE {
                return Err(ReadError::Broken(format!(
                    "a line longer than {MAX_LINE} bytes"
                )));
            }
            // The deadline is for a whole line: bytes trickling in without one do not stretch
            // it. Past it, what is already there is still taken (one wait of zero).
            let now = Instant::now();
            if waited && now >= deadline {
                return Err(ReadError::Timeout);
            }
            let left = deadline.saturating_duration_since(now);
            self.pump(left).map_err(ReadError::Broken)?;
            waited = true;
        }
    }

    /// The line [`Pipes::read_line`] returned last, again (until the next read): a caller that
    /// looked at it and keeps it borrows it anew.
    pub(super) fn last_line(&self) -> &[u8] {
        &self.incoming[self.last.clone()]
    }

    /// Where a whole line in the buffer lies, if one is there.
    fn take_line(&mut self) -> Option<Range<usize>> {
        let from = self.scanned.max(self.start);
        match memchr::memchr(b'\n', &self.incoming[from..self.filled]) {
            Some(at) => {
                let end = from + at;
                let mut line = self.start..end;
                if self.incoming[line.clone()].ends_with(b"\r") {
                    line.end -= 1;
                }
                self.start = end + 1;
                self.scanned = self.start;
                Some(line)
            }
            None => {
                self.scanned = self.filled;
                None
            }
        }
    }

    /// Waits at most `left` for stdout to have something or stdin to take something, then
    /// writes and reads what it can.
    fn pump(&mut self, left: Duration) -> Result<(), String> {
        let Some(stdout) = self.stdout.as_ref() else {
            return Ok(());
        };
        let writing = self
            .stdin
            .as_ref()
            .filter(|_| self.written < self.outgoing.len());
        let ready = sys::wait(stdout, writing, left)
            .map_err(|e| format!("cannot wait for its stdout: {e}"))?;
        if ready.stdin {
            self.write_some();
        }
        if !ready.stdout {
            return Ok(());
        }
        // Drop what was returned already before reading more: the buffer holds one line in
        // progress and what one read brought with it.
        if self.start > 0 {
            self.incoming.copy_within(self.start..self.filled, 0);
            self.filled -= self.start;
            self.scanned -= self.start;
            self.start = 0;
        }
        if self.filled == 0 && self.incoming.len() > 16 * READ_BUFFER {
            // A long line was read: its room goes back rather than stay with the worker.
            self.incoming = Vec::new();
        }
        if self.incoming.len() - self.filled < READ_BUFFER {
            self.incoming.resize(self.filled + READ_BUFFER, 0);
        }
        let Some(stdout) = self.stdout.as_mut() else {
            return Ok(());
        };
        match stdout.read(&mut self.incoming[self.filled..]) {
            Ok(0) => {
                self.stdout = None;
                Ok(())
            }
            Ok(n) => {
                self.filled += n;
                Ok(())
            }
            Err(e) => match e.kind() {
                io::ErrorKind::WouldBlock | io::ErrorKind::Interrupted => Ok(()),
                _ => Err(format!("cannot read its stdout: {e}")),
            },
        }
    }

    /// Writes queued request bytes until the pipe is full; a failed write (the worker closed
    /// its stdin or exited) drops them and the pipe.
    fn write_some(&mut self) {
        while self.written < self.outgoing.len() {
            let Some(stdin) = self.stdin.as_mut() else {
                return;
            };
            match stdin.write(&self.outgoing[self.written..]) {
                Ok(0) => return self.close_stdin(),
                Ok(n) => self.written += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(_) => return self.close_stdin(),
            }
        }
    }
}

/// Which pipes are ready.
struct Ready {
    stdin: bool,
    stdout: bool,
}

#[cfg(unix)]
mod sys {
    //! `poll(2)` and `O_NONBLOCK` through nix.

    use std::io;
    use std::os::fd::AsFd;
    use std::time::Duration;

    use nix::errno::Errno;
    use nix::fcntl::{fcntl, FcntlArg, OFlag};
    use nix::poll::{poll, PollFd, PollFlags, PollTimeout};

    use super::Ready;

    pub(super) fn set_nonblocking(fd: &impl AsFd) -> io::Result<()> {
        let flags = OFlag::from_bits_retain(fcntl(fd.as_fd(), FcntlArg::F_GETFL)?);
        fcntl(fd.as_fd(), FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
        Ok(())
    }

    /// Waits at most `left` (rounded up to a millisecond) until `stdout` can be read (or is
    /// at its end) or `stdin`, if given, can be written (or is broken). An interrupted wait
    /// reports nothing ready; the caller asks again.
    pub(super) fn wait(
        stdout: &impl AsFd,
        stdin: Option<&impl AsFd>,
        left: Duration,
    ) -> io::Result<Ready> {
        let millis = left.as_micros().div_ceil(1000);
        let timeout = PollTimeout::try_from(millis).unwrap_or(PollTimeout::MAX);
        // On the stack: a wait happens for every few answers.
        let reading = PollFd::new(stdout.as_fd(), PollFlags::POLLIN);
        let (mut one, mut both);
        let fds: &mut [PollFd] = match stdin {
            Some(stdin) => {
                both = [reading, PollFd::new(stdin.as_fd(), PollFlags::POLLOUT)];
                &mut both
            }
            None => {
                one = [reading];
                &mut one
            }
        };
        match poll(fds, timeout) {
            Ok(_) => {}
            Err(Errno::EINTR) => {
                return Ok(Ready {
                    stdin: false,
                    stdout: false,
                })
            }
            Err(e) => return Err(e.into()),
        }
        let any = |fd: &PollFd| fd.revents().is_some_and(|r| !r.is_empty());
        Ok(Ready {
            stdout: any(&fds[0]),
            stdin: fds.get(1).is_some_and(any),
        })
    }
}

#[cfg(not(unix))]
mod sys {
    //! Without `poll(2)` there are no external workers: starting one says so.

    use std::io;
    use std::time::Duration;

    use super::Ready;

    pub(super) fn set_nonblocking<T>(_: &T) -> io::Result<()> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "external workers need poll(2), which this platform lacks",
        ))
    }

    pub(super) fn wait<T, U>(_: &T, _: Option<&U>, _: Duration) -> io::Result<Ready> {
        Err(io::ErrorKind::Unsupported.into())
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::process::{Command, Stdio};

    use super::*;

    fn spawn(script: &str) -> (std::process::Child, Pipes) {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let pipes = Pipes::new(child.stdin.take().unwrap(), child.stdout.take().unwrap()).unwrap();
        (child, pipes)
    }

    #[test]
    fn a_block_larger_than_the_pipe_goes_while_answers_come_back() {
        // `cat` echoes as it reads: with 4 MB queued, it blocks on its full stdout unless
        // answers are read while the requests are written.
        let (mut child, mut pipes) = spawn("cat");
        let line = [b'x'; 999];
        let mut block = Vec::new();
        for _ in 0..4096 {
            block.extend_from_slice(&line);
            block.push(b'\n');
        }
        assert!(pipes.send(&block));
        for i in 0..4096 {
            let got = pipes
                .read_line(Instant::now() + Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("line {i} did not come"));
            assert_eq!(got, line);
        }
        pipes.close_stdin();
        assert!(matches!(
            pipes.read_line(Instant::now() + Duration::from_secs(20)),
            Err(ReadError::Closed)
        ));
        child.wait().unwrap();
    }

    #[test]
    fn lines_crlf_a_last_line_without_newline_and_the_end() {
        let (mut child, mut pipes) = spawn("printf 'a\\r\\n\\nb\\nlast'");
        let mut got = Vec::new();
        loop {
            match pipes.read_line(Instant::now() + Duration::from_secs(20)) {
                Ok(line) => got.push(String::from_utf8(line.to_vec()).unwrap()),
                Err(ReadError::Closed) => break,
                Err(_) => panic!("neither a line nor the end"),
            }
        }
        assert_eq!(got, ["a", "", "b", "last"]);
        child.wait().unwrap();
    }

    #[test]
    fn a_silent_worker_times_out_on_time() {
        let (mut child, mut pipes) = spawn("sleep 5");
        let began = Instant::now();
        assert!(matches!(
            pipes.read_line(Instant::now() + Duration::from_millis(200)),
            Err(ReadError::Timeout)
        ));
        let took = began.elapsed();
        assert!(took >= Duration::from_millis(200), "{took:?}");
        child.kill().unwrap();
        child.wait().unwrap();
    }

    #[test]
    fn bytes_trickling_in_without_a_newline_do_not_stretch_the_timeout() {
        // A byte every 50 ms for 10 s, never a newline: the line is not there in 300 ms. Were
        // the deadline renewed by each byte, the read would last until the end and return
        // the bytes as a last line.
        let (mut child, mut pipes) = spawn("for i in $(seq 200); do printf x; sleep 0.05; done");
        assert!(matches!(
            pipes.read_line(Instant::now() + Duration::from_millis(300)),
            Err(ReadError::Timeout)
        ));
        child.kill().unwrap();
        child.wait().unwrap();
    }

    #[test]
    fn a_line_without_end_is_cut_off_at_the_limit() {
        let (mut child, mut pipes) = spawn("yes x | tr -d '\\n'");
        match pipes.read_line(Instant::now() + Duration::from_secs(120)) {
            Err(ReadError::Broken(why)) => assert!(why.contains("a line longer than"), "{why}"),
            Err(ReadError::Timeout) => panic!("a timeout, not the limit"),
            Err(ReadError::Closed) => panic!("closed, not the limit"),
            Ok(line) => panic!("a line of {} bytes", line.len()),
        }
        assert!(pipes.incoming.len() <= MAX_LINE + READ_BUFFER);
        child.kill().unwrap();
        child.wait().unwrap();
    }

    #[test]
    fn a_worker_gone_makes_send_false_and_read_closed() {
        let (mut child, mut pipes) = spawn("exec 0<&-; exit 0");
        child.wait().unwrap();
        assert!(matches!(
            pipes.read_line(Instant::now() + Duration::from_secs(20)),
            Err(ReadError::Closed)
        ));
        // The first write to a pipe without a reader fails (EPIPE; Rust ignores SIGPIPE).
        assert!(!pipes.send(b"{}\n"));
        assert!(!pipes.send(b"{}\n"));
    }
}
