//! The CI gate's baseline reader (`uridiff::gate::file::read`) on any text: never a panic; an
//! error names a line of the file and a column of that line (1-based, at most one past its end);
//! a baseline it reads lists only jobs and URL-confusion classes of parsers its header names, each
//! at a line of the file (a class's key is its line), and no job of a parser as both deviating
//! and agreeing. And its writer: a run made of the input's lines as jobs (any bytes), each
//! answered, some deviating, is written, read back, and gives every deviating job with its
//! answer and its class, every other one with its answer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    write_then_read(data);
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines: Vec<&str> = text.lines().collect();
    match uridiff::gate::file::read(text) {
        Ok(baseline) => {
            for ((subject, _), entry) in &baseline.entries {
                assert!(
                    baseline.header.parsers.iter().any(|p| &p.name == subject),
                    "{subject} is not in the header"
                );
                assert!(entry.line >= 1 && entry.line <= lines.len(), "line {}", entry.line);
            }
            for ((subject, job), agreed) in &baseline.agreed {
                assert!(
                    baseline.header.parsers.iter().any(|p| &p.name == subject),
                    "{subject} is not in the header"
                );
                assert!(agreed.line >= 1 && agreed.line <= lines.len(), "line {}", agreed.line);
                assert!(
                    !baseline.entries.contains_key(&(subject.clone(), *job)),
                    "{job} of {subject} deviates and agrees"
                );
            }
            for ((subject, key), line) in &baseline.confusion {
                assert!(
                    baseline.header.parsers.iter().any(|p| &p.name == subject),
                    "{subject} is not in the header"
                );
                assert!(*line >= 1 && *line <= lines.len(), "line {line}");
                assert_eq!(lines[line - 1].trim(), key, "line {line}");
            }
        }
        Err(e) => {
            assert!(e.line >= 1 && e.line <= lines.len().max(1), "{e} of {} lines", lines.len());
            let width = lines.get(e.line - 1).map_or(0, |l| l.chars().count());
            assert!(e.column >= 1 && e.column <= width + 1, "{e}: line of {width}");
        }
    }
});

/// Each line of `data` a parse job of parser `p0` or `p1`, written and read back.
fn write_then_read(data: &[u8]) {
    use std::collections::BTreeMap;
    use uridiff::engine::{skeleton, Task};
    use uridiff::gate::{self, Answered, Header, Parser, Record, Run};
    let parser = |name: &str| Parser {
        name: name.to_owned(),
        version: "1".into(),
        profile: "rfc3986".into(),
        reference: "rfc3986".into(),
    };
    let mut records = Vec::new();
    let mut answers = BTreeMap::new();
    let mut jobs = BTreeMap::new();
    for (i, line) in data.split(|&b| b == b'\n').take(16).enumerate() {
        let subject = if i % 2 == 0 { "p0" } else { "p1" };
        let task = Task::parse(line.to_vec(), "fuzz");
        let job = gate::job_id(&task);
        jobs.insert(job, task.clone());
        answers.insert(
            (subject.to_owned(), job),
            Answered {
                digest: gate::fnv1a(line),
                text: Some(String::from_utf8_lossy(line).into_owned()),
                reference: 0,
                reference_text: "".into(),
            },
        );
        // Every third line agrees: an answer, no record.
        if i % 3 == 2 {
            continue;
        }
        records.push(Record {
            subject: subject.to_owned(),
            // As `Signature::key` writes a key: without trailing whitespace.
            class: format!("{subject} host parse: {}", skeleton(line))
                .trim_end()
                .to_owned(),
            severity: uridiff::engine::Severity::Critical,
            job,
            answer: gate::fnv1a(line),
            task,
        });
    }
    let run = Run {
        header: Header {
            uridiff: "uridiff 0".into(),
            seed: 1,
            count: 1,
            editions: vec!["rfc3986".into()],
            parsers: vec![parser("p0"), parser("p1")],
            digests: None,
        },
        records,
        answers,
        jobs,
        confusion: Vec::new(),
    };
    let text = gate::file::write(&run);
    let back = gate::file::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    for r in &run.records {
        let entry = back
            .entries
            .get(&(r.subject.clone(), r.job))
            .unwrap_or_else(|| panic!("{} lost\n{text}", r.subject));
        assert_eq!(entry.answer, r.answer);
        assert!(entry.classes.contains(&gate::key_line(&r.class)), "{:?}", entry.classes);
    }
    for (key, a) in &run.answers {
        // A job that is also another line's job under the same parser may deviate there.
        match (back.entries.get(key), back.agreed.get(key)) {
            (Some(e), None) => assert_eq!(e.answer, a.digest),
            (None, Some(g)) => assert_eq!(g.answer, a.digest),
            other => panic!("{key:?}: {other:?}\n{text}"),
        }
    }
    assert!(gate::compare(&back, &run).expect("the same run").is_empty(), "{text}");
}
