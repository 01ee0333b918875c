//! Deterministic generators of test inputs, shared by `uridiff report`, `uridiff bench`,
//! `uridiff fuzz` and the cargo-fuzz targets in `fuzz/` (the `gen/` room of the design).
//!
//! Every generator draws its choices from an [`arbitrary::Unstructured`], so one piece of code
//! serves two drivers: under cargo-fuzz the bytes are the fuzzer's, and for the CLI they come
//! from a seeded ChaCha stream ([`seeded`]), so a corpus is the same for a seed on every machine.
//! An exhausted `Unstructured` makes every later choice the smallest one, so a generator never
//! fails and short fuzzer inputs give short, plain references.
//!
//! - [`realistic`]: URIs as they occur on the web and in mail (http and https with userinfo,
//!   ports, IPv4 and IPv6 hosts, paths, queries, fragments and percent-encoding; mailto, urn,
//!   tel, file): the benchmark corpus.
//! - [`grammar`]: references derived from each edition's grammar as printed (the oracle's
//!   transcription of the document), so every edition's own character sets and rules appear.
//! - [`mutate`]: mutations across the edge of validity, where parsers disagree in practice
//!   (backslashes, whitespace, control bytes, non-ASCII and fullwidth forms, bad percent-escapes,
//!   odd IPv4 forms, zone ids, dot segments, extra delimiters, long runs, ...).
//! - [`confusion`]: the shapes of the five URL-confusion classes of the public studies (scheme,
//!   slash, backslash, URL-encoded data and host confusion), each tagged with its class.
//! - [`corpus`]: all of the above mixed, each input tagged with its [`Origin`].
//! - [`boundary`]: the boundary set, every ASCII byte and two non-ASCII samples at the start
//!   of and inside each component of RFC 3986 Appendix B's split, in parse inputs and
//!   resolution references, the rest plain (deterministic, no seed).
//! - [`ops`]: jobs for the other operations (resolution pairs, normalization inputs,
//!   equivalence pairs, the suites' cases of every operation) and [`operations`], the report's
//!   mix of them with the parse corpus.
//!
//! # Examples
//!
//! ```
//! use uridiff::generate::{corpus, Origin};
//!
//! let inputs = corpus(7, 100);
//! assert_eq!(inputs.len(), 100);
//! assert_eq!(inputs, corpus(7, 100)); // the same for a seed
//! assert!(inputs.iter().any(|(_, o)| matches!(o, Origin::Confusion(_))));
//! ```

use std::fmt;

use arbitrary::Unstructured;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use uri_spec::Edition;

pub mod boundary;
pub mod confusion;
pub mod grammar;
pub mod mutate;
pub mod ops;
pub mod realistic;

pub use confusion::{confusion, Confusion};
pub use grammar::reference;
pub use mutate::{mutate, Mutation};
pub use ops::{equivalence, from_suites, normalization, operations, resolution};
pub use realistic::{realistic, realistic_uri};

/// The longest input any generator returns, in bytes: the grammar recognizer's limit
/// (`uri_oracle::grammar::MAX_INPUT`), so every generated input gets a verdict from it.
pub const MAX_LEN: usize = 4096;

/// How many inputs `uridiff report` generates when not told (a few thousand: enough for every
/// class of [`Origin`] many times over, and quick through every parser).
pub const DEFAULT_COUNT: usize = 3000;

/// How many seeded bytes stand behind each generated input. The generators use far fewer for
/// all but the longest inputs; past the end every choice is the smallest one.
pub const BYTES_PER_INPUT: usize = 512;

/// Where a generated input came from.
///
/// `Display` writes `realistic`, `grammar/<edition id>`, `mutation/<name>` or
/// `confusion/<name>`.
///
/// # Examples
///
/// ```
/// use uridiff::generate::{Confusion, Origin};
///
/// assert_eq!(Origin::Confusion(Confusion::Host).to_string(), "confusion/host");
/// assert_eq!(Origin::Grammar(uri_spec::Edition::Rfc3986).to_string(), "grammar/rfc3986");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Origin {
    /// [`realistic_uri`].
    Realistic,
    /// [`reference`] under this edition's grammar.
    Grammar(Edition),
    /// A realistic or grammar-derived reference changed by this [`Mutation`].
    Mutation(Mutation),
    /// A shape of this URL-confusion class ([`confusion`]).
    Confusion(Confusion),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Realistic => f.write_str("realistic"),
            Origin::Grammar(e) => write!(f, "grammar/{}", e.id()),
            Origin::Mutation(m) => write!(f, "mutation/{}", m.name()),
            Origin::Confusion(c) => write!(f, "confusion/{}", c.name()),
        }
    }
}

/// The seeded bytes behind input number `index` of a corpus: [`BYTES_PER_INPUT`] bytes of
/// ChaCha8 keyed by `seed`, on stream `index`. Each input depends only on its seed and index, so
/// a shorter corpus is a prefix of a longer one.
///
/// # Examples
///
/// ```
/// use arbitrary::Unstructured;
/// use uridiff::generate::{realistic_uri, seeded};
///
/// let bytes = seeded(1, 0);
/// assert_eq!(bytes, seeded(1, 0));
/// assert_ne!(bytes, seeded(1, 1));
/// let uri = realistic_uri(&mut Unstructured::new(&bytes));
/// assert!(uri.contains(&b':'));
/// ```
pub fn seeded(seed: u64, index: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let mut bytes = vec![0; BYTES_PER_INPUT];
    rng.fill_bytes(&mut bytes);
    bytes
}

/// One generated input of any origin, chosen by `u`: the entry point for a fuzz target that
/// wants the generators' shapes rather than raw bytes.
///
/// # Examples
///
/// ```
/// use arbitrary::Unstructured;
///
/// let (input, origin) = uridiff::generate::any(&mut Unstructured::new(b"\x03some fuzzer bytes"));
/// assert!(input.len() <= uridiff::generate::MAX_LEN);
/// println!("{origin}: {}", String::from_utf8_lossy(&input));
/// ```
pub fn any(u: &mut Unstructured<'_>) -> (Vec<u8>, Origin) {
    let slot = below(u, SLOTS.len());
    let kind = below(u, 64);
    generate(u, slot, kind)
}

/// The mix of [`corpus`], one entry per input in turn: a fifth realistic, a fifth derived from
/// the grammars, two fifths mutated, a fifth URL-confusion shapes.
const SLOTS: [Slot; 10] = [
    Slot::Realistic,
    Slot::Mutation,
    Slot::Grammar,
    Slot::Confusion,
    Slot::Mutation,
    Slot::Realistic,
    Slot::Mutation,
    Slot::Grammar,
    Slot::Confusion,
    Slot::Mutation,
];

#[derive(Clone, Copy)]
enum Slot {
    Realistic,
    Grammar,
    Mutation,
    Confusion,
}

/// Input of `SLOTS[slot]`, with `kind` choosing the edition, mutation or class in turn.
fn generate(u: &mut Unstructured<'_>, slot: usize, kind: usize) -> (Vec<u8>, Origin) {
    let (mut input, origin) = match SLOTS.get(slot % SLOTS.len()).copied() {
        Some(Slot::Realistic) | None => (realistic_uri(u), Origin::Realistic),
        Some(Slot::Grammar) => {
            let edition = nth(&Edition::ALL, kind, Edition::Rfc3986);
            (reference(u, edition), Origin::Grammar(edition))
        }
        Some(Slot::Mutation) => {
            let m = nth(&Mutation::ALL, kind, Mutation::Backslash);
            // Mutate a realistic URI most of the time, a grammar-derived reference otherwise.
            let base = if chance(u, 3, 4) {
                realistic_uri(u)
            } else {
                let e = nth(
                    &Edition::ALL,
                    below(u, Edition::ALL.len()),
                    Edition::Rfc3986,
                );
                reference(u, e)
            };
            (mutate(u, m, &base), Origin::Mutation(m))
        }
        Some(Slot::Confusion) => {
            let c = nth(&Confusion::ALL, kind, Confusion::Host);
            (confusion(u, c), Origin::Confusion(c))
        }
    };
    input.truncate(MAX_LEN);
    (input, origin)
}

/// `count` generated inputs for `seed`, each tagged with its [`Origin`]: the generated part of
/// `uridiff report` ([`DEFAULT_COUNT`] by default).
///
/// Inputs take turns: a fifth [`realistic_uri`], a fifth [`reference`] (the editions in turn),
/// two fifths [`mutate`]d (every [`Mutation`] in turn) and a fifth [`confusion`] shapes (every
/// [`Confusion`] in turn), so a corpus of a few hundred already holds every class. Input `i`
/// depends only on `seed` and `i` (see [`seeded`]); none is longer than [`MAX_LEN`].
///
/// # Examples
///
/// ```
/// use uridiff::generate::{corpus, Mutation, Origin};
///
/// let c = corpus(42, 400);
/// assert_eq!(&c[..100], &corpus(42, 100)[..]);
/// for m in Mutation::ALL {
///     assert!(c.iter().any(|(_, o)| *o == Origin::Mutation(m)), "{m:?}");
/// }
/// ```
pub fn corpus(seed: u64, count: usize) -> Vec<(Vec<u8>, Origin)> {
    // Per slot kind, how many inputs of that kind came before (so editions, mutations and
    // classes take turns within their kind).
    let mut turns = [0usize; 4];
    (0..count)
        .map(|i| {
            let slot = i % SLOTS.len();
            let k = match SLOTS.get(slot) {
                Some(Slot::Realistic) | None => 0,
                Some(Slot::Grammar) => 1,
                Some(Slot::Mutation) => 2,
                Some(Slot::Confusion) => 3,
            };
            let kind = turns.get(k).copied().unwrap_or(0);
            if let Some(t) = turns.get_mut(k) {
                *t += 1;
            }
            let bytes = seeded(seed, i as u64);
            generate(&mut Unstructured::new(&bytes), slot, kind)
        })
        .collect()
}

// Small infallible helpers over `Unstructured`: once the bytes run out every choice is the
// first one and every chance is false, so the smallest output results.

/// An index below `n` (0 if `n` is 0 or the bytes ran out).
pub(crate) fn below(u: &mut Unstructured<'_>, n: usize) -> usize {
    if n <= 1 {
        0
    } else {
        u.choose_index(n).unwrap_or(0)
    }
}

/// A number in `lo..=hi`.
pub(crate) fn int(u: &mut Unstructured<'_>, lo: u32, hi: u32) -> u32 {
    u.int_in_range(lo..=hi.max(lo)).unwrap_or(lo)
}

/// True with probability `num / den` (false once the bytes ran out).
pub(crate) fn chance(u: &mut Unstructured<'_>, num: usize, den: usize) -> bool {
    !u.is_empty() && below(u, den) < num
}

/// One of `items`, chosen by `u` ("" for an empty list).
pub(crate) fn pick<'s>(u: &mut Unstructured<'_>, items: &[&'s str]) -> &'s str {
    items.get(below(u, items.len())).copied().unwrap_or("")
}

/// `items[k % len]`, or `fallback` for an empty list.
fn nth<T: Copy>(items: &[T], k: usize, fallback: T) -> T {
    items
        .get(k % items.len().max(1))
        .copied()
        .unwrap_or(fallback)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corpus_is_the_same_for_a_seed_and_differs_between_seeds() {
        let a = corpus(1, 300);
        assert_eq!(a, corpus(1, 300));
        let b = corpus(2, 300);
        let same = a.iter().zip(&b).filter(|(x, y)| x == y).count();
        assert!(same < 30, "{same} of 300 equal across seeds");
    }

    #[test]
    fn a_shorter_corpus_is_a_prefix() {
        let long = corpus(9, 250);
        assert_eq!(&long[..37], &corpus(9, 37)[..]);
    }

    #[test]
    fn every_origin_appears_in_a_default_corpus() {
        let c = corpus(0, DEFAULT_COUNT);
        let mut expected = vec![Origin::Realistic];
        expected.extend(Edition::ALL.map(Origin::Grammar));
        expected.extend(Mutation::ALL.map(Origin::Mutation));
        expected.extend(Confusion::ALL.map(Origin::Confusion));
        for o in expected {
            let n = c.iter().filter(|(_, got)| *got == o).count();
            assert!(n >= 10, "{o}: {n}");
        }
    }

    #[test]
    fn sizes_are_bounded_and_inputs_mostly_distinct() {
        let c = corpus(5, DEFAULT_COUNT);
        assert!(c.iter().all(|(i, _)| i.len() <= MAX_LEN));
        assert!(c.iter().any(|(i, _)| i.len() > 1000), "some long runs");
        let mut inputs: Vec<_> = c.iter().map(|(i, _)| i.clone()).collect();
        inputs.sort();
        inputs.dedup();
        assert!(inputs.len() > DEFAULT_COUNT * 9 / 10, "{}", inputs.len());
    }

    #[test]
    fn any_never_fails_on_short_or_empty_bytes() {
        for len in 0..64 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37) as u8).collect();
            let (input, _) = any(&mut Unstructured::new(&bytes));
            assert!(input.len() <= MAX_LEN);
        }
    }

    #[test]
    fn exhausted_bytes_give_the_first_choice() {
        let mut u = Unstructured::new(&[]);
        assert_eq!(below(&mut u, 10), 0);
        assert!(!chance(&mut u, 9, 10));
        assert_eq!(int(&mut u, 3, 9), 3);
        assert_eq!(pick(&mut u, &["a", "b"]), "a");
    }
}
