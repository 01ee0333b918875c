//! Judging a subject on WHATWG test data, the way web-platform-tests' `url-constructor` test
//! reads it: an entry is `new URL(input, base)` (or `new URL(input)` when `base` is null), which
//! either throws (`failure: true`) or gives a URL whose attributes are the entry's.
//!
//! An entry without a base is the subject's `parse`; an entry with one is its `resolve` (the
//! reference `input`, against `base`; a base the subject refuses is a rejection, as the
//! constructor throws on it). `resolve` answers only the resolved URL's `href`: its other
//! attributes are read from the subject's `parse` of that `href`. That reading is exact for a
//! conforming parser, by the URL Standard's own goal (section "Goals"): a parse-then-serialize
//! round trip does not change with further round trips.
//!
//! Only what the subject declares is compared ([`Getters`]); an entry on which nothing can be
//! compared, or whose operation the subject lacks, is skipped, never passed.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

use super::api::{Attribute, Getters};
use super::{load, Entry, Expectation, WhatwgError, WhatwgFile};
use crate::model::{Answer, ComponentSet, Op, Outcome, Parsed};
use crate::subjects::{self, Ctx, Job, Subject};
use crate::suite::{Field, Mismatch, Status};

impl Entry {
    /// The job the entry is for a subject: `parse` of `input`, or `resolve` of `input` with
    /// `second = base`.
    ///
    /// ```
    /// use uridiff::model::Op;
    /// let f = uridiff::suite::whatwg::parse_bytes("t.json",
    ///     br#"[{"input": "g", "base": "http://a/", "href": "http://a/g"}]"#).unwrap();
    /// let job = f.entries[0].job();
    /// assert_eq!((job.op, job.input, job.second), (Op::Resolve, &b"g"[..], Some(&b"http://a/"[..])));
    /// ```
    pub fn job(&self) -> Job<'_> {
        Job {
            op: if self.base.is_some() {
                Op::Resolve
            } else {
                Op::Parse
            },
            input: self.input.as_bytes(),
            second: self.base.as_deref().map(str::as_bytes),
            ctx: Ctx::default(),
        }
    }
}

/// The result of one entry for one subject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryResult {
    /// The entry's 0-based index in its file.
    pub index: usize,
    /// `<file>[<index>]`, the index from 0 as in a JSON array.
    pub location: String,
    /// `parse "input"` or `resolve "input" against "base"`.
    pub label: String,
    /// How it ended.
    pub status: Status,
}

impl fmt::Display for EntryResult {
    /// The YAML suites' line (`ok   `, `FAIL `, `skip ` then the location and label).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::suite::result_line(f, &self.location, &self.label, &self.status)
    }
}

/// A subject's score on a file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Score {
    /// Entries whose answer matches.
    pub passed: usize,
    /// Entries whose answer does not.
    pub failed: usize,
    /// Entries not judged (an operation the subject lacks, nothing it reports to compare).
    pub skipped: usize,
    /// `passed + failed + skipped`: the file's well-formed test entries.
    pub total: usize,
    /// Malformed entries (not in `total`).
    pub malformed: usize,
}

impl Score {
    /// Counts one result.
    pub fn add(&mut self, status: &Status) {
        match status {
            Status::Passed => self.passed += 1,
            Status::Failed(_) => self.failed += 1,
            Status::Skipped(_) => self.skipped += 1,
        }
        self.total += 1;
    }
}

impl fmt::Display for Score {
    /// `P passed, F failed, S skipped of T`, then `, M malformed entries` when there are some.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} passed, {} failed, {} skipped of {}",
            self.passed, self.failed, self.skipped, self.total
        )?;
        if self.malformed > 0 {
            write!(f, ", {} malformed entries", self.malformed)?;
        }
        Ok(())
    }
}

/// Runs every entry of `file` through `subject`.
///
/// # Examples
///
/// ```
/// use uridiff::subjects::UrlCrate;
/// use uridiff::suite::{whatwg, Status};
/// let f = whatwg::parse_bytes("t.json", br#"[
///   {"input": "HTTP://A:80", "base": null, "href": "http://a/", "port": "", "pathname": "/"},
///   {"input": "../g", "base": "http://a/b/c", "href": "http://a/g", "pathname": "/g"},
///   {"input": "g", "base": null, "failure": true}
/// ]"#).unwrap();
/// let results = whatwg::run(&f, UrlCrate::get());
/// assert!(results.iter().all(|r| r.status == Status::Passed), "{results:?}");
/// ```
pub fn run(file: &WhatwgFile, subject: &dyn Subject) -> Vec<EntryResult> {
    file.entries
        .iter()
        .map(|e| EntryResult {
            index: e.index,
            location: format!("{}[{}]", file.path.display(), e.index),
            label: e.label(),
            status: judge(e, subject),
        })
        .collect()
}

/// Loads the file at `path` and scores `subject` on it.
///
/// # Errors
///
/// [`WhatwgError`] when the file cannot be read at all; malformed entries are counted in
/// [`Score::malformed`].
///
/// # Examples
///
/// ```
/// let s = uridiff::suite::whatwg::score_file(
///     "tests/data/whatwg-sample.json".as_ref(), uridiff::subjects::UrlCrate::get()).unwrap();
/// assert_eq!((s.failed, s.passed + s.skipped), (0, s.total));
/// ```
pub fn score_file(path: &Path, subject: &dyn Subject) -> Result<Score, WhatwgError> {
    let file = load(path)?;
    let mut score = Score {
        malformed: file.errors.len(),
        ..Score::default()
    };
    for r in run(&file, subject) {
        score.add(&r.status);
    }
    Ok(score)
}

/// Judges `subject` on one entry (see the module documentation).
pub fn judge(entry: &Entry, subject: &dyn Subject) -> Status {
    let info = subject.info();
    let failure = entry.expect == Expectation::Failure;
    if failure && !info.decides_validity {
        return Status::Skipped(format!("{} accepts every input", info.name));
    }
    let expected = || match &entry.expect {
        Expectation::Failure => "failure".to_owned(),
        Expectation::Url(want) => want
            .get(&Attribute::Href)
            .map_or_else(|| "a URL".to_owned(), |h| format!("href {h:?}")),
    };
    let answer = match subjects::run(subject, &entry.job()) {
        Outcome::Unsupported(why) => return Status::Skipped(why),
        Outcome::Crashed(c) => {
            return outcome(
                expected(),
                format!("crashed ({}: {})", c.kind.name(), c.message),
            )
        }
        Outcome::Rejected(_) if failure => return Status::Passed,
        Outcome::Rejected(r) => return outcome(expected(), format!("failure ({})", r.message)),
        Outcome::Accepted(a) => a,
    };
    let (parsed, declared) = match answer {
        Answer::Parsed(p) => (Arc::unwrap_or_clone(p), info.components),
        Answer::Text(href) => match reparse(subject, href) {
            Ok(p) => p,
            Err(status) => return status,
        },
        other => return outcome(expected(), format!("an answer of another kind: {other:?}")),
    };
    let Expectation::Url(want) = &entry.expect else {
        let got = parsed
            .serialization
            .map_or_else(|| "a URL".to_owned(), |h| format!("href {h:?}"));
        return outcome(expected(), got);
    };
    let getters = Getters::new(&parsed, declared);
    let mut compared = 0;
    let mut diffs = Vec::new();
    for (attr, want) in want {
        let Some(got) = getters.get(*attr) else {
            continue;
        };
        compared += 1;
        if got != *want {
            diffs.push(Mismatch {
                field: Field::Attribute(*attr),
                expected: format!("{want:?}"),
                got: format!("{got:?}"),
            });
        }
    }
    if compared == 0 {
        return Status::Skipped(format!(
            "{} reports none of the attributes this entry expects",
            info.name
        ));
    }
    if diffs.is_empty() {
        Status::Passed
    } else {
        Status::Failed(diffs)
    }
}

/// The resolved URL `href` as the getters read it: `href` itself, and the components of the
/// subject's `parse` of it (none when the subject has no `parse`).
fn reparse(subject: &dyn Subject, href: String) -> Result<(Parsed, ComponentSet), Status> {
    let components = match subjects::run(subject, &Job::parse(href.as_bytes())) {
        Outcome::Accepted(Answer::Parsed(p)) => Arc::unwrap_or_clone(p).components,
        Outcome::Unsupported(_) => {
            let parsed = Parsed {
                serialization: Some(href),
                ..Parsed::default()
            };
            return Ok((parsed, ComponentSet::NONE));
        }
        Outcome::Accepted(other) => {
            return Err(outcome(
                format!("href {href:?} parsed again"),
                format!("an answer of another kind: {other:?}"),
            ))
        }
        Outcome::Rejected(r) => {
            return Err(outcome(
                format!("href {href:?} parsed again"),
                format!("failure ({})", r.message),
            ))
        }
        Outcome::Crashed(c) => {
            return Err(outcome(
                format!("href {href:?} parsed again"),
                format!("crashed ({}: {})", c.kind.name(), c.message),
            ))
        }
    };
    let parsed = Parsed {
        components,
        serialization: Some(href),
        ..Parsed::default()
    };
    Ok((parsed, subject.info().components))
}

/// A failure on the outcome itself (a URL against failure, a crash).
fn outcome(expected: String, got: String) -> Status {
    Status::Failed(vec![Mismatch {
        field: Field::Outcome,
        expected,
        got,
    }])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Component, Components, OpSet};
    use crate::subjects::{SubjectInfo, UrlCrate};
    use crate::suite::whatwg::parse_bytes;

    fn entries(json: &str) -> WhatwgFile {
        let f = parse_bytes("t.json", json.as_bytes()).expect("loads");
        assert!(f.errors.is_empty(), "{:?}", f.errors);
        f
    }

    /// A subject that accepts everything as one fixed URL and resolves to a fixed href.
    struct Fixed {
        info: SubjectInfo,
        parsed: Parsed,
        resolved: &'static str,
    }

    impl Subject for Fixed {
        fn info(&self) -> &SubjectInfo {
            &self.info
        }
        fn parse(&self, _: &[u8], _: &Ctx<'_>) -> Outcome<Parsed> {
            Outcome::Accepted(self.parsed.clone())
        }
        fn resolve(&self, _: &[u8], _: &[u8], _: &Ctx<'_>) -> Outcome<String> {
            Outcome::Accepted(self.resolved.to_owned())
        }
    }

    fn fixed(ops: &[Op], components: ComponentSet, decides_validity: bool) -> Fixed {
        let mut info = UrlCrate::get().info().clone();
        info.name = "fixed".into();
        info.operations = OpSet::of(ops);
        info.components = components;
        info.decides_validity = decides_validity;
        Fixed {
            info,
            parsed: Parsed {
                components: Components::default()
                    .with(Component::Scheme, Some("http"))
                    .with(Component::Host, Some("a"))
                    .with(Component::Path, Some("/p")),
                serialization: Some("http://a/p".into()),
                ..Parsed::default()
            },
            resolved: "http://a/r",
        }
    }

    fn statuses(f: &WhatwgFile, s: &dyn Subject) -> Vec<Status> {
        run(f, s).into_iter().map(|r| r.status).collect()
    }

    #[test]
    fn url_passes_and_a_wrong_expectation_names_field_expected_and_got() {
        let f = entries(
            r#"["c",
              {"input": "http://a:80/b", "base": null, "href": "http://a/b", "host": "a", "port": ""},
              {"input": "http://a:80/b", "base": null, "href": "http://a:80/b", "port": "80"},
              {"input": "x", "base": null, "href": "http://a/x"},
              {"input": "?q", "base": "http://a/b", "href": "http://a/b?q", "search": "?q"},
              {"input": "?q", "base": "http://a/b", "href": "http://a/b?q", "search": "q"}
            ]"#,
        );
        let results = run(&f, UrlCrate::get());
        assert_eq!(results[0].status, Status::Passed);
        assert_eq!(results[0].location, "t.json[1]");
        assert_eq!(
            results[1].to_string(),
            r#"FAIL t.json[2] parse "http://a:80/b": href: expected "http://a:80/b", got "http://a/b"; port: expected "80", got """#
        );
        // A relative input without a base is a failure where a URL is expected.
        let Status::Failed(why) = &results[2].status else {
            panic!("{:?}", results[2])
        };
        assert_eq!(why[0].field, Field::Outcome);
        assert!(
            why[0]
                .to_string()
                .starts_with(r#"outcome: expected href "http://a/x", got failure ("#),
            "{}",
            why[0]
        );
        assert_eq!(results[3].status, Status::Passed);
        assert!(
            results[4]
                .to_string()
                .ends_with(r#"search: expected "q", got "?q""#),
            "{}",
            results[4]
        );
    }

    #[test]
    fn failures_expect_a_rejection() {
        let f = entries(
            r#"[{"input": "http://[1::2::3]/", "base": null, "failure": true},
               {"input": "g", "base": "not a base", "failure": true},
               {"input": "http://a/", "base": null, "failure": true}]"#,
        );
        let got = statuses(&f, UrlCrate::get());
        assert_eq!(got[..2], [Status::Passed, Status::Passed]);
        assert_eq!(
            got[2],
            Status::Failed(vec![Mismatch {
                field: Field::Outcome,
                expected: "failure".into(),
                got: r#"href "http://a/""#.into()
            }])
        );
    }

    #[test]
    fn only_declared_components_and_operations_are_judged() {
        let f = entries(
            r#"[{"input": "x", "base": null, "href": "http://a/p", "hostname": "WRONG", "pathname": "/p"},
               {"input": "x", "base": "http://b/", "href": "http://a/r", "pathname": "/p"},
               {"input": "x", "base": null, "failure": true}]"#,
        );
        // No host declared: the wrong hostname is not seen.
        let s = fixed(
            &[Op::Parse, Op::Resolve],
            ComponentSet::of(&[Component::Path]),
            true,
        );
        let got = statuses(&f, &s);
        assert_eq!(got[0], Status::Passed);
        // resolve's href, then the components of parsing it again.
        assert_eq!(got[1], Status::Passed);
        assert!(matches!(&got[2], Status::Failed(_)));
        // With the host declared, it is.
        let s = fixed(&[Op::Parse, Op::Resolve], ComponentSet::ALL, true);
        let Status::Failed(why) = &statuses(&f, &s)[0] else {
            panic!()
        };
        assert_eq!(why.len(), 1);
        assert_eq!(why[0].field, Field::Attribute(Attribute::Hostname));
        // No resolve: skipped. Without parse, resolve's href alone is judged.
        let s = fixed(&[Op::Parse], ComponentSet::ALL, true);
        assert!(matches!(&statuses(&f, &s)[1], Status::Skipped(w) if w.contains("resolve")));
        let s = fixed(&[Op::Resolve], ComponentSet::ALL, true);
        assert_eq!(statuses(&f, &s)[1], Status::Passed);
        // A subject that never rejects is not judged on failures.
        let s = fixed(&[Op::Parse], ComponentSet::ALL, false);
        assert!(
            matches!(&statuses(&f, &s)[2], Status::Skipped(w) if w.contains("accepts every input"))
        );
        // Nothing to compare (no serialization, no component): skipped, never passed.
        let mut s = fixed(&[Op::Parse], ComponentSet::NONE, true);
        s.parsed.serialization = None;
        assert!(
            matches!(&statuses(&f, &s)[0], Status::Skipped(w) if w.contains("none of the attributes"))
        );
    }

    #[test]
    fn the_score_counts_each_status_and_the_malformed_entries() {
        let dir = std::env::temp_dir().join(format!("uridiff-whatwg-score-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("t.json");
        std::fs::write(
            &path,
            r#"[{"input": "http://a", "base": null, "href": "http://a/"},
               {"input": "http://a", "base": null, "href": "http://b/"},
               {"input": "g", "base": null, "failure": true},
               {"input": 1}]"#,
        )
        .expect("writes");
        let s = score_file(&path, UrlCrate::get()).expect("scores");
        assert_eq!(
            s,
            Score {
                passed: 2,
                failed: 1,
                skipped: 0,
                total: 3,
                malformed: 1
            }
        );
        assert_eq!(
            s.to_string(),
            "2 passed, 1 failed, 0 skipped of 3, 1 malformed entries"
        );
        let json = serde_json::to_value(s).expect("serializes");
        assert_eq!(json["total"], 3);
        std::fs::remove_dir_all(&dir).ok();
    }
}
