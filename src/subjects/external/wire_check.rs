//! The worker protocol's reader on bytes alone, with no process: a handshake line and response
//! lines read as [`External`] reads a worker's stdout (`uridiff-worker/1`, workers/README.md,
//! "Handshake" and "Responses"). What the `worker_protocol` fuzz target
//! drives: whatever a worker prints, reading it never panics and takes time linear in its length.
//!
//! The pieces are the reader's own: the [`Handshake`] and [`Response`] types, the handshake's
//! checks ([`External`]'s `handshake`), and the reading of an answer `External` uses
//! (`Response::parsed`, `text`, `boolean` in `wire.rs`).

use std::sync::Arc;

use super::process::{shorten, MAX_BLANK_LINES, MAX_LINE};
use super::wire::Response;
use super::External;
use crate::model::{Answer, Crash, CrashKind, Op, Outcome};
use crate::subjects::SubjectInfo;

/// The worker's name in the handshakes read here (a command-line worker: any name is taken).
const NAME: &str = "wire-check";

/// Reads a handshake line as a worker added with `--external wire-check=...` is read: the info
/// the engine would hold, or why the worker would be unavailable.
///
/// # Errors
///
/// The line is not a handshake of `uridiff-worker/1` with a known profile, operations and
/// components.
///
/// ```
/// use uridiff::subjects::external::wire_check::read_handshake;
/// let line = br#"{"protocol":"uridiff-worker/1","name":"w","version":"1","profile":"rfc3986",
///   "operations":["parse"],"components":["host"],"decides_validity":true}"#;
/// assert_eq!(read_handshake(line).unwrap().profile, "rfc3986");
/// assert!(read_handshake(b"{}").is_err());
/// ```
pub fn read_handshake(line: &[u8]) -> Result<SubjectInfo, String> {
    // A worker that is never started: only its handshake check is used.
    External::from_command(NAME, "exit 1").handshake(line)
}

/// Reads `line` as the answer to request `id` of `op` from a worker that declared `info`
/// (from [`read_handshake`]): the outcome the engine would record. A line that is not a
/// response, or the answer to another request, is a protocol crash, as it is from a worker.
///
/// ```
/// use uridiff::subjects::external::wire_check::{read_handshake, read_response};
/// use uridiff::model::{Op, Outcome};
/// let info = read_handshake(br#"{"protocol":"uridiff-worker/1","name":"w","version":"1",
///   "profile":"rfc3986","operations":["parse"],"components":["host"],
///   "decides_validity":true}"#).unwrap();
/// let ok = read_response(&info, Op::Parse, 1,
///                        br#"{"id":1,"outcome":"accepted","components":{"host":"a"}}"#);
/// assert!(ok.is_accepted());
/// let late = read_response(&info, Op::Parse, 2, br#"{"id":1,"outcome":"rejected"}"#);
/// assert!(matches!(late, Outcome::Crashed(_)));
/// ```
pub fn read_response(info: &SubjectInfo, op: Op, id: u64, line: &[u8]) -> Outcome<Answer> {
    let protocol = |message: String| {
        Outcome::Crashed(Crash {
            kind: CrashKind::Protocol,
            message,
        })
    };
    // As `Worker::exchange` reads the line it was sent.
    let response = match Response::read(line) {
        Ok(r) => r,
        Err(e) => {
            let shown = shorten(&String::from_utf8_lossy(line));
            return protocol(format!("not a response ({e}): {shown}"));
        }
    };
    if response.id != Some(id) {
        return protocol(format!("the answer carries id {:?}, not {id}", response.id));
    }
    match op {
        Op::Parse => response
            .parsed(info.components)
            .map(|p| Answer::Parsed(Arc::new(p))),
        Op::Resolve | Op::Normalize => response.text().map(Answer::Text),
        Op::Equivalent => response.boolean().map(Answer::Bool),
        other => Outcome::Unsupported(format!("workers have no {other} operation")),
    }
}

/// A worker's whole stdout read as uridiff reads it: the handshake on the first line that is
/// not blank, then one response per request, request `k` (from 1) being the handshake's
/// operation `k` modulo their number. Blank lines are skipped, at most `MAX_BLANK_LINES` before
/// each line that counts (past that, and for a line longer than `MAX_LINE`, the reading ends in
/// a protocol crash, as a worker's does).
///
/// # Errors
///
/// No handshake line, or one [`read_handshake`] refuses.
///
/// ```
/// use uridiff::subjects::external::wire_check::read_stdout;
/// let out = br#"{"protocol":"uridiff-worker/1","name":"w","version":"1","profile":"rfc3986","operations":["parse"],"components":["host"],"decides_validity":true}
///
/// {"id":1,"outcome":"rejected","message":"no"}
/// "#;
/// let (info, answers) = read_stdout(out).unwrap();
/// assert_eq!(info.name, "wire-check");
/// assert_eq!(answers.len(), 1);
/// assert_eq!(answers[0].name(), "rejected");
/// ```
pub fn read_stdout(stdout: &[u8]) -> Result<(SubjectInfo, Vec<Outcome<Answer>>), String> {
    let mut lines = Lines { rest: stdout };
    let handshake = match lines.next() {
        Some(Ok(line)) => line,
        Some(Err(why)) => return Err(format!("no handshake: {why}")),
        None => return Err("no handshake: nothing on stdout".to_owned()),
    };
    let info = read_handshake(handshake).map_err(|why| format!("bad handshake: {why}"))?;
    let ops: Vec<Op> = Op::ALL
        .into_iter()
        .filter(|o| info.operations.contains(*o))
        .collect();
    let mut answers = Vec::new();
    let mut id = 0u64;
    for line in lines {
        id += 1;
        let op = ops
            .get(usize::try_from(id).unwrap_or(0) % ops.len().max(1))
            .copied()
            .unwrap_or(Op::Parse);
        match line {
            Ok(line) => answers.push(read_response(&info, op, id, line)),
            Err(why) => {
                answers.push(Outcome::Crashed(Crash {
                    kind: CrashKind::Protocol,
                    message: format!("request {id} ({op}): {why}"),
                }));
                break;
            }
        }
    }
    Ok((info, answers))
}

/// The lines that count on a worker's stdout: blank ones skipped, each bounded.
struct Lines<'a> {
    rest: &'a [u8],
}

impl<'a> Iterator for Lines<'a> {
    type Item = Result<&'a [u8], String>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut blank = 0usize;
        while !self.rest.is_empty() {
            let end = self
                .rest
                .iter()
                .position(|&b| b == b'\n')
                .unwrap_or(self.rest.len());
            let (line, rest) = self.rest.split_at(end);
            self.rest = rest.get(1..).unwrap_or_default();
            if line.len() >= MAX_LINE {
                self.rest = &[];
                return Some(Err(format!("a line longer than {MAX_LINE} bytes")));
            }
            if !line.iter().all(u8::is_ascii_whitespace) {
                return Some(Ok(line));
            }
            blank += 1;
            if blank > MAX_BLANK_LINES {
                self.rest = &[];
                return Some(Err(format!(
                    "more than {MAX_BLANK_LINES} blank lines where an answer was due"
                )));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Component;

    const HANDSHAKE: &str = r#"{"protocol":"uridiff-worker/1","name":"w","version":"1","profile":"rfc3986","operations":["parse","resolve","equivalent"],"components":["host","path"],"decides_validity":false}"#;

    fn info() -> SubjectInfo {
        read_handshake(HANDSHAKE.as_bytes()).expect("a handshake")
    }

    #[track_caller]
    fn crash(out: &Outcome<Answer>, needle: &str) {
        let Outcome::Crashed(c) = out else {
            panic!("a protocol crash, got {out:?}")
        };
        assert_eq!(c.kind, CrashKind::Protocol);
        assert!(c.message.contains(needle), "{needle:?} in {}", c.message);
    }

    #[test]
    fn a_handshake_is_checked_as_a_command_line_worker_s() {
        let i = info();
        assert_eq!(i.name, NAME);
        assert!(i.library.contains("calls itself w"), "{}", i.library);
        assert!(!i.decides_validity);
        let other = HANDSHAKE.replace("uridiff-worker/1", "uridiff-worker/2");
        let why = read_handshake(other.as_bytes()).unwrap_err();
        assert!(why.contains("uridiff-worker/2"), "{why}");
        let why = read_handshake(HANDSHAKE.replace("\"host\"", "\"hots\"").as_bytes()).unwrap_err();
        assert!(why.contains("hots"), "{why}");
    }

    #[test]
    fn responses_read_as_the_engine_reads_them() {
        let i = info();
        let p = read_response(
            &i,
            Op::Parse,
            3,
            br#"{"id":3,"outcome":"accepted","components":{"host":{"b64":"/w=="}}}"#,
        );
        let Outcome::Accepted(Answer::Parsed(p)) = p else {
            panic!("{p:?}")
        };
        assert_eq!(p.components.get(Component::Host), Some("\u{FFFD}"));
        // The declared path was left out: not reported, as against null.
        assert!(p.not_reported.contains(Component::Path));
        let t = read_response(
            &i,
            Op::Resolve,
            1,
            br#"{"id":1,"outcome":"accepted","value":"x"}"#,
        );
        assert_eq!(t, Outcome::Accepted(Answer::Text("x".into())));
        let b = read_response(
            &i,
            Op::Equivalent,
            1,
            br#"{"id":1,"outcome":"accepted","value":1}"#,
        );
        crash(&b, "boolean");
        crash(&read_response(&i, Op::Parse, 1, b"{"), "not a response");
        crash(
            &read_response(&i, Op::Parse, 2, br#"{"id":7,"outcome":"rejected"}"#),
            "id Some(7), not 2",
        );
        crash(
            &read_response(&i, Op::Parse, 1, br#"{"id":1,"outcome":"maybe"}"#),
            "unknown outcome",
        );
        let r = read_response(
            &i,
            Op::Parse,
            1,
            br#"{"id":1,"outcome":"rejected","offset":4}"#,
        );
        assert_eq!(r.name(), "rejected");
    }

    #[test]
    fn components_are_read_by_the_protocol_s_byte_string_rules() {
        let i = info();
        let parse = |line: &str| read_response(&i, Op::Parse, 1, line.as_bytes());
        let parsed = |line: &str| match parse(line) {
            Outcome::Accepted(Answer::Parsed(p)) => p,
            other => panic!("{line}: {other:?}"),
        };
        // null is undefined, a key left out is not reported, escapes are read, a key given
        // twice counts the last time, and the serialization is a byte string too.
        let p = parsed(
            r#"{"id":1,"outcome":"accepted","components":{"host":"a","host":"\u00e9b","path":null},"serialization":{"b64":"YQ=="}}"#,
        );
        assert_eq!(p.components.get(Component::Host), Some("\u{e9}b"));
        assert_eq!(p.components.get(Component::Path), None);
        assert!(!p.not_reported.contains(Component::Path));
        assert_eq!(p.serialization.as_deref(), Some("a"));
        let p = parsed(r#"{"id":1,"outcome":"accepted","components":{},"serialization":null}"#);
        assert!(p.not_reported.contains(Component::Host) && p.serialization.is_none());
        // Whatever else a worker prints there is a protocol crash naming it, never a panic.
        for (line, needle) in [
            (
                r#"{"id":1,"outcome":"accepted","components":{"hots":"a"}}"#,
                "hots",
            ),
            (
                r#"{"id":1,"outcome":"accepted","components":{"host":5}}"#,
                "component host: 5 is not a byte string",
            ),
            (
                r#"{"id":1,"outcome":"accepted","components":{"host":[1,{"b64":"x"}]}}"#,
                "component host: [1,",
            ),
            (
                r#"{"id":1,"outcome":"accepted","components":{"host":{"b64":"!"}}}"#,
                "bad base64",
            ),
            (
                r#"{"id":1,"outcome":"accepted","components":{"host":{"b64":"YQ==","x":1}}}"#,
                "not {\"b64\"",
            ),
            (
                r#"{"id":1,"outcome":"accepted","components":{"host":true}}"#,
                "true is not a byte string",
            ),
            (
                r#"{"id":1,"outcome":"accepted","components":["host"]}"#,
                "\"components\" object",
            ),
            (
                r#"{"id":1,"outcome":"accepted","components":"host"}"#,
                "\"components\" object",
            ),
            (
                r#"{"id":1,"outcome":"accepted","components":null}"#,
                "\"components\" object",
            ),
            (r#"{"id":1,"outcome":"accepted"}"#, "\"components\" object"),
            (
                r#"{"id":1,"outcome":"accepted","components":{"host":"a"},"serialization":2.5}"#,
                "serialization: 2.5 is not",
            ),
        ] {
            crash(&parse(line), needle);
        }
    }

    #[test]
    fn a_stdout_is_a_handshake_then_answers_in_request_order() {
        let mut out = format!("\n \n{HANDSHAKE}\n");
        out.push_str("{\"id\":1,\"outcome\":\"accepted\",\"value\":\"r\"}\n\n");
        out.push_str("{\"id\":2,\"outcome\":\"accepted\",\"value\":true}\n");
        out.push_str("{\"id\":3,\"outcome\":\"unsupported\"}");
        let (_, answers) = read_stdout(out.as_bytes()).expect("read");
        // Requests 1, 2, 3 are resolve, equivalent, parse (operation k modulo 3).
        assert_eq!(
            answers,
            vec![
                Outcome::Accepted(Answer::Text("r".into())),
                Outcome::Accepted(Answer::Bool(true)),
                Outcome::Unsupported(String::new()),
            ]
        );
        assert!(read_stdout(b"").unwrap_err().contains("nothing on stdout"));
        assert!(read_stdout(b"\n\nnot json\n")
            .unwrap_err()
            .contains("bad handshake"));
    }

    #[test]
    fn a_blank_flood_ends_the_reading_in_a_protocol_crash() {
        let mut out = format!("{HANDSHAKE}\n");
        out.push_str(&"\n".repeat(MAX_BLANK_LINES + 1));
        out.push_str("{\"id\":1,\"outcome\":\"accepted\",\"value\":\"r\"}\n");
        let (_, answers) = read_stdout(out.as_bytes()).expect("read");
        assert_eq!(answers.len(), 1);
        crash(&answers[0], "blank lines where an answer was due");
        // At the limit, the answer is read.
        let mut out = format!("{HANDSHAKE}\n");
        out.push_str(&"\n".repeat(MAX_BLANK_LINES));
        out.push_str("{\"id\":1,\"outcome\":\"accepted\",\"value\":\"r\"}\n");
        let (_, answers) = read_stdout(out.as_bytes()).expect("read");
        assert_eq!(answers, vec![Outcome::Accepted(Answer::Text("r".into()))]);
    }
}
