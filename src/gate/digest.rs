//! The digests a gate baseline's header records beside the uridiff version: of what decides
//! the verdicts besides the parsers under test themselves. Two runs with the same version but
//! other rule tables (a build between two releases) or another default corpus would otherwise
//! compare their answers as if the rules were the same, and fail with hundreds of changed lines
//! where the cause is one: the tool. CHANGELOG.md's versioning policy bumps the version whenever
//! these can change; the digests catch what a version alone cannot (a build from a working
//! tree).
//!
//! Neither depends on the run's flags: both describe the build, so a run with another seed,
//! count or suites is named by the header field that differs, never as another tool.
//!
//! Each digest is SHA-256 (FIPS 180-4) over a canonical text, written `sha256:<64 hex digits>`:
//!
//! - `rules`: every profile ([`crate::subjects::profile::PROFILES`]: name, standard, reference)
//!   and every by-design rule ([`crate::engine::TABLES`], in order: its profile and its
//!   statement), one a line. A rule is a function; what names it is its profile and its
//!   statement, which changes whenever what it explains does (a change of its code alone is a
//!   change of uridiff, which the version names).
//! - `corpus`: every built-in suite ([`crate::suite::BUILTIN`]: its name, its length and its
//!   text), then the id ([`super::job_id`]) of every job the generators make for a fixed sample
//!   ([`SAMPLE_SEED`], [`SAMPLE_COUNT`], and the boundary set), in order: a changed generator
//!   changes it, whatever the run's own seed and count (which the header holds apart, so another
//!   seed is named as such). A suite of the user's own is not in it: a case added to it is a
//!   change the gate shows line by line, as it always did.

use std::fmt::Write as _;

use sha2::{Digest as _, Sha256};

use crate::engine::Task;

/// The seed of the generator's sample the corpus digest takes.
pub const SAMPLE_SEED: u64 = 1;

/// How many inputs the generator's sample has: enough to go through every operation and
/// generator of [`crate::generate::operations`] (its doc example shows the four operations
/// from a few hundred).
pub const SAMPLE_COUNT: usize = 300;

/// The digests of a run's rules and default corpus, each `sha256:<hex>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digests {
    /// Of the profiles and their by-design rules.
    pub rules: String,
    /// Of the built-in suites and the generated jobs.
    pub corpus: String,
}

impl Digests {
    /// The digests of this build's rules, and of its built-in suites and generators.
    ///
    /// ```
    /// use uridiff::gate::digest::Digests;
    /// let d = Digests::of_this_build();
    /// assert!(d.rules.starts_with("sha256:") && d.rules.len() == 7 + 64, "{}", d.rules);
    /// assert_eq!(d, Digests::of_this_build());
    /// ```
    pub fn of_this_build() -> Digests {
        let mut sample = crate::generate::operations(SAMPLE_SEED, SAMPLE_COUNT);
        sample.extend(crate::generate::boundary::tasks());
        Digests {
            rules: sha256(&rules_text()),
            corpus: sha256(&corpus_text(crate::suite::BUILTIN, &sample)),
        }
    }

    /// Both digests, each cut to 12 hex digits, for a message: `rules sha256:…, corpus sha256:…`.
    ///
    /// ```
    /// use uridiff::gate::digest::Digests;
    /// let d = Digests { rules: format!("sha256:{}", "a".repeat(64)), corpus: format!("sha256:{}", "b".repeat(64)) };
    /// assert_eq!(d.short(), "rules sha256:aaaaaaaaaaaa, corpus sha256:bbbbbbbbbbbb");
    /// ```
    pub fn short(&self) -> String {
        let cut = |d: &str| d.get(..7 + 12).unwrap_or(d).to_owned();
        format!("rules {}, corpus {}", cut(&self.rules), cut(&self.corpus))
    }
}

/// `sha256:` and the lowercase hex of SHA-256 of `text`.
fn sha256(text: &str) -> String {
    let mut out = String::from("sha256:");
    for b in Sha256::digest(text.as_bytes()) {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// The canonical text of the profiles and rules: one line each, tab-separated fields. A field
/// holds no tab or newline (they are names and sentences of the source), and each line starts
/// with what it is, so no two tables write the same text.
fn rules_text() -> String {
    let mut out = String::from("uridiff rules 1\n");
    for p in crate::subjects::profile::PROFILES {
        let _ = writeln!(
            out,
            "profile\t{}\t{}\t{}",
            p.name,
            p.standard,
            p.reference.name()
        );
    }
    for r in crate::engine::rules() {
        let _ = writeln!(out, "rule\t{}\t{}", r.profile, r.name);
    }
    out
}

/// The canonical text of the default corpus: each suite's name and byte length on a line, then
/// its text (the length makes the boundary unambiguous), then one generated job id a line.
fn corpus_text(suites: &[(&str, &str)], generated: &[Task]) -> String {
    let mut out = String::from("uridiff corpus 1\n");
    for (name, text) in suites {
        let _ = writeln!(out, "suite\t{name}\t{}", text.len());
        out.push_str(text);
        out.push('\n');
    }
    for t in generated {
        let _ = writeln!(out, "job\t{}", super::job_id(t));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_is_the_standard_one() {
        // FIPS 180-4's example "abc" (NIST's published test vector).
        assert_eq!(
            sha256("abc"),
            "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn the_rules_text_names_every_profile_and_rule() {
        let text = rules_text();
        for p in crate::subjects::profile::PROFILES {
            assert!(
                text.contains(&format!("profile\t{}\t", p.name)),
                "{}",
                p.name
            );
        }
        let rules = crate::engine::rules().count();
        assert_eq!(
            text.lines().filter(|l| l.starts_with("rule\t")).count(),
            rules
        );
        assert!(rules > 0);
    }

    #[test]
    fn the_corpus_digest_follows_the_suites_and_every_generated_job() {
        let jobs = crate::generate::operations(1, 5);
        let base = sha256(&corpus_text(&[("a.yaml", "x")], &jobs));
        assert_eq!(base, sha256(&corpus_text(&[("a.yaml", "x")], &jobs)));
        // A suite's text, a suite's name, the boundary between two suites, a job.
        assert_ne!(base, sha256(&corpus_text(&[("a.yaml", "y")], &jobs)));
        assert_ne!(base, sha256(&corpus_text(&[("b.yaml", "x")], &jobs)));
        assert_ne!(
            sha256(&corpus_text(&[("a", "xy"), ("b", "")], &[])),
            sha256(&corpus_text(&[("a", "x"), ("b", "y")], &[]))
        );
        assert_ne!(base, sha256(&corpus_text(&[("a.yaml", "x")], &jobs[1..])));
        // The built-in suites are in the real digest.
        assert!(!crate::suite::BUILTIN.is_empty());
        let mut sample = crate::generate::operations(SAMPLE_SEED, SAMPLE_COUNT);
        sample.extend(crate::generate::boundary::tasks());
        assert_eq!(
            Digests::of_this_build().corpus,
            sha256(&corpus_text(crate::suite::BUILTIN, &sample))
        );
        assert_ne!(
            Digests::of_this_build().corpus,
            sha256(&corpus_text(&[], &sample))
        );
    }
}
