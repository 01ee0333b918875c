//! The recognizer: memoized top-down exploration that computes, for a rule and a start
//! position, the set of every end position the rule can reach.
//!
//! It is a "memoized backtracking" recognizer in the complete sense: alternatives are never
//! cut (except at ordered choices under [`Reading::Document`]), every repetition count is
//! tried, and the result for each (rule, position) pair is computed once and reused. An input
//! matches rule R when the set for (R, 0) contains the input's length.
//!
//! # Ordered choice
//!
//! Under [`Reading::Document`], an alternation written in a `first-match` rule takes the
//! first alternative that matches *any* prefix at the position (its whole set of end
//! positions), and never tries the later ones. This is the documents' "greedy" or
//! "first-match-wins" reading: "if the string begins with two slash characters ("//"), then
//! it is a net-path" (draft-fielding-uri-rfc2396bis-02 Section 3).
//!
//! # Bounds
//!
//! Left recursion is refused when the grammar is read, so every rule call either consumes
//! input or goes down the (finite) grammar. Work is bounded three ways, each giving
//! [`Verdict::TooLong`] rather than a hang or a stack overflow: the input length
//! ([`MAX_INPUT`]), the nesting of rule calls ([`MAX_DEPTH`]), and a count of basic steps
//! ([`MAX_STEPS`]). With end sets of at most `n + 1` positions the work is polynomial
//! (`O(|G| n^3)` in the worst case); on the documents' grammars the sets stay small and the
//! tests check that inputs of `MAX_INPUT` bytes built to be hard stay well within the budget.

use std::collections::HashSet;
use std::rc::Rc;

use super::{Grammar, Node, Reading, Verdict, MAX_DEPTH, MAX_INPUT, MAX_STEPS};

/// Why recognition stopped early.
enum Limit {
    Depth,
    Steps,
}

struct Recognizer<'g, 'i> {
    grammar: &'g Grammar,
    input: &'i [u8],
    ordered: bool,
    /// End sets per (rule, position): `memo[rule * (n + 1) + pos]`. A table rather than a
    /// hash map: lookups are the hot path.
    memo: Vec<Option<Rc<[u32]>>>,
    /// (rule, position) pairs being computed: a re-entry would be left recursion.
    active: Vec<bool>,
    depth: usize,
    steps: u64,
    max_steps: u64,
}

/// Decides whether `input` matches rule `rule` of `grammar` under `reading`.
pub(super) fn recognize(grammar: &Grammar, rule: usize, input: &[u8], reading: Reading) -> Verdict {
    recognize_counting(grammar, rule, input, reading, MAX_STEPS).0
}

/// [`recognize`] with a given step budget, also giving the number of steps taken.
fn recognize_counting(
    grammar: &Grammar,
    rule: usize,
    input: &[u8],
    reading: Reading,
    max_steps: u64,
) -> (Verdict, u64) {
    if input.len() > MAX_INPUT {
        return (Verdict::TooLong, 0);
    }
    let slots = grammar.rules.len() * (input.len() + 1);
    let mut r = Recognizer {
        grammar,
        input,
        ordered: reading == Reading::Document,
        memo: vec![None; slots],
        active: vec![false; slots],
        depth: 0,
        steps: 0,
        max_steps,
    };
    let verdict = match r.rule_ends(rule, 0) {
        // INVARIANT: positions are at most input.len() <= MAX_INPUT, which fits u32.
        Ok(ends) => {
            if ends.binary_search(&(input.len() as u32)).is_ok() {
                Verdict::Valid
            } else {
                Verdict::Invalid
            }
        }
        Err(Limit::Depth | Limit::Steps) => Verdict::TooLong,
    };
    (verdict, r.steps)
}

impl Recognizer<'_, '_> {
    fn tick(&mut self, n: usize) -> Result<(), Limit> {
        self.steps += n as u64 + 1;
        if self.steps > self.max_steps {
            Err(Limit::Steps)
        } else {
            Ok(())
        }
    }

    /// The sorted, deduplicated end positions of rule `rule` from `pos`.
    fn rule_ends(&mut self, rule: usize, pos: u32) -> Result<Rc<[u32]>, Limit> {
        let slot = rule * (self.input.len() + 1) + pos as usize;
        if let Some(Some(ends)) = self.memo.get(slot) {
            return Ok(Rc::clone(ends));
        }
        if self.active.get(slot).copied().unwrap_or(false) {
            // Left recursion: refused when the grammar was read, so not reachable; the empty
            // set is the least fixpoint, the right answer should it ever be.
            debug_assert!(false, "left recursion reached the recognizer");
            return Ok(Rc::from(Vec::new()));
        }
        if self.depth >= MAX_DEPTH {
            return Err(Limit::Depth);
        }
        let grammar = self.grammar;
        let Some(body) = grammar.rules.get(rule).map(|r| &r.body) else {
            return Ok(Rc::from(Vec::new()));
        };
        if let Some(a) = self.active.get_mut(slot) {
            *a = true;
        }
        self.depth += 1;
        let mut out = Vec::new();
        let result = self.ends(body, pos, &mut out);
        self.depth -= 1;
        if let Some(a) = self.active.get_mut(slot) {
            *a = false;
        }
        result?;
        out.sort_unstable();
        out.dedup();
        let ends: Rc<[u32]> = Rc::from(out);
        if let Some(m) = self.memo.get_mut(slot) {
            *m = Some(Rc::clone(&ends));
        }
        Ok(ends)
    }

    /// Appends to `out` every end position of `node` from `pos` (unsorted, maybe repeated).
    fn ends(&mut self, node: &Node, pos: u32, out: &mut Vec<u32>) -> Result<(), Limit> {
        self.tick(0)?;
        let input = self.input;
        let at = pos as usize;
        match node {
            Node::Bytes { bytes, fold_case } => {
                let Some(here) = input.get(at..at + bytes.len()) else {
                    return Ok(());
                };
                let matches = if *fold_case {
                    here.eq_ignore_ascii_case(bytes)
                } else {
                    here == &bytes[..]
                };
                if matches {
                    // INVARIANT: at + len <= input.len() <= MAX_INPUT fits u32.
                    out.push((at + bytes.len()) as u32);
                }
            }
            Node::Range(lo, hi) => {
                if input.get(at).is_some_and(|b| (lo..=hi).contains(&b)) {
                    out.push(pos + 1);
                }
            }
            Node::Rule(rule) => {
                let ends = self.rule_ends(*rule, pos)?;
                // Copying a set is work too: count it, or a cubic grammar would run far past
                // the budget while counting only its calls.
                self.tick(ends.len())?;
                out.extend_from_slice(&ends);
            }
            Node::Seq(items) => {
                let mut cur = vec![pos];
                for item in items.iter() {
                    let mut next = Vec::new();
                    for &p in &cur {
                        self.ends(item, p, &mut next)?;
                    }
                    next.sort_unstable();
                    next.dedup();
                    self.tick(next.len())?;
                    if next.is_empty() {
                        return Ok(());
                    }
                    cur = next;
                }
                out.extend_from_slice(&cur);
            }
            Node::Alt { alts, ordered } => {
                for alt in alts.iter() {
                    let before = out.len();
                    self.ends(alt, pos, out)?;
                    if *ordered && self.ordered && out.len() > before {
                        // First match wins: the later alternatives are not tried.
                        break;
                    }
                }
            }
            Node::Rep { min, max, node } => {
                if *min == 0 {
                    out.push(pos);
                }
                let mut frontier = vec![pos];
                // Positions already reached with at least `min` repetitions (only needed for
                // an unbounded repetition, whose loop ends when nothing new is reached).
                let mut seen: HashSet<u32> = HashSet::new();
                if *min == 0 {
                    seen.insert(pos);
                }
                let mut count: u32 = 0;
                while !frontier.is_empty() && max.is_none_or(|m| count < m) {
                    let mut next = Vec::new();
                    for &p in &frontier {
                        self.ends(node, p, &mut next)?;
                    }
                    next.sort_unstable();
                    next.dedup();
                    self.tick(next.len())?;
                    count = count.saturating_add(1);
                    if count >= *min {
                        if max.is_none() {
                            next.retain(|p| seen.insert(*p));
                        }
                        out.extend_from_slice(&next);
                    }
                    frontier = next;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EDITIONS;

    /// Inputs of MAX_INPUT bytes built from one repeated piece after a prefix: long runs of
    /// one character class, many empty segments, many labels, many colons.
    fn hard_inputs() -> Vec<Vec<u8>> {
        // The costliest shapes found by a wider probe (16 pieces after 4 prefixes, all
        // editions, both readings): runs of labels, of label characters, of colons.
        let pieces: &[&[u8]] = &[b"a.", b"a-", b"1:", b"/"];
        let mut out = Vec::new();
        for p in pieces {
            for prefix in [&b""[..], b"http://"] {
                let mut s = prefix.to_vec();
                while s.len() + p.len() <= MAX_INPUT {
                    s.extend_from_slice(p);
                }
                out.push(s);
            }
        }
        out
    }

    #[test]
    fn hard_inputs_stay_within_the_step_budget() {
        let mut worst = (0, String::new());
        for e in EDITIONS {
            let g = crate::grammar::Grammar::for_edition(e).ok().unwrap();
            for s in hard_inputs() {
                for reading in [Reading::Membership, Reading::Document] {
                    let (v, steps) = recognize_counting(g, g.default, &s, reading, MAX_STEPS);
                    assert_ne!(
                        v,
                        Verdict::TooLong,
                        "{e} {:?}",
                        String::from_utf8_lossy(&s[..20])
                    );
                    if steps > worst.0 {
                        worst = (
                            steps,
                            format!("{e} {reading} {:?}", String::from_utf8_lossy(&s[..20])),
                        );
                    }
                }
            }
        }
        println!("worst: {} steps ({})", worst.0, worst.1);
        assert!(worst.0 < MAX_STEPS / 4, "{worst:?}");
    }

    /// The step budget ends a cubic recognition ("a = *c", "c = *b", "b = *x") early.
    #[test]
    fn step_budget_gives_too_long() {
        let g = crate::grammar::Grammar::parse(
            "cubic",
            "a = *c \"y\"\nc = *b\nb = *\"x\"\n",
            crate::grammar::Notation::Abnf,
        )
        .ok()
        .unwrap();
        let (v, _) = recognize_counting(&g, 0, b"xxxy", Reading::Membership, 1_000);
        assert_eq!(v, Verdict::Valid);
        let (v, steps) = recognize_counting(&g, 0, &[b'x'; 400], Reading::Membership, 100_000);
        assert_eq!(v, Verdict::TooLong);
        assert!(steps > 100_000 && steps < 200_000, "{steps}");
    }
}
