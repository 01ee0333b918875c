//! Derivation: the recognizer run backwards. Given a rule and a source of choices, it writes a
//! string of the rule's language by expanding the grammar as printed, so a fuzzer or a seeded
//! generator gets inputs shaped by each edition's own grammar text.
//!
//! Every choice (which alternative, how many repetitions, which byte of a range, the case of a
//! case-insensitive literal) is asked of the caller's `choose(n)`, which answers an index below
//! `n`. Past a length budget the derivation takes the shortest way out (the alternative with the
//! shortest derivation, the fewest repetitions), so the output stays near the budget, and the
//! result is always a member of the rule's language (pure membership; the document's
//! first-match reading may still refuse it, which is what a differential test wants to see).

use super::{Grammar, Node, MAX_DEPTH};

/// Repetitions beyond the minimum chosen per repetition while under budget: 0 to this, minus 1.
const EXTRA_REPS: usize = 6;

/// "No derivation": a rule that cannot finish (not one of the documents' grammars).
pub(super) const NO_DERIVATION: u32 = u32::MAX;

/// The length of the shortest string each rule derives, by fixpoint iteration
/// ([`NO_DERIVATION`] for a rule that derives nothing finite).
pub(super) fn shortest(rules: &[super::Rule]) -> Vec<u32> {
    let mut len = vec![NO_DERIVATION; rules.len()];
    loop {
        let mut changed = false;
        for (i, r) in rules.iter().enumerate() {
            let l = node_shortest(&r.body, &len);
            if let Some(slot) = len.get_mut(i)
                && l < *slot
            {
                *slot = l;
                changed = true;
            }
        }
        if !changed {
            return len;
        }
    }
}

fn node_shortest(node: &Node, rules: &[u32]) -> u32 {
    match node {
        // INVARIANT: a literal of a grammar text is far shorter than u32::MAX.
        Node::Bytes { bytes, .. } => u32::try_from(bytes.len()).unwrap_or(NO_DERIVATION),
        Node::Range(..) => 1,
        Node::Rule(r) => rules.get(*r).copied().unwrap_or(NO_DERIVATION),
        Node::Seq(items) => items
            .iter()
            .map(|n| node_shortest(n, rules))
            .fold(0, u32::saturating_add),
        Node::Alt { alts, .. } => alts
            .iter()
            .map(|n| node_shortest(n, rules))
            .min()
            .unwrap_or(NO_DERIVATION),
        Node::Rep { min, node, .. } => {
            if *min == 0 {
                0
            } else {
                node_shortest(node, rules).saturating_mul(*min)
            }
        }
    }
}

pub(super) struct Deriver<'g, 'c> {
    pub(super) grammar: &'g Grammar,
    pub(super) budget: usize,
    pub(super) choose: &'c mut dyn FnMut(usize) -> usize,
    pub(super) out: Vec<u8>,
    pub(super) depth: usize,
}

impl Deriver<'_, '_> {
    fn pick(&mut self, n: usize) -> usize {
        if n <= 1 {
            0
        } else {
            (self.choose)(n) % n
        }
    }

    fn over_budget(&self) -> bool {
        self.out.len() >= self.budget
    }

    fn shortest(&self, node: &Node) -> u32 {
        node_shortest(node, &self.grammar.shortest)
    }

    pub(super) fn rule(&mut self, rule: usize) {
        let grammar = self.grammar;
        let Some(r) = grammar.rules.get(rule) else {
            return;
        };
        // The documents' grammars are not recursive; a recursive one given to
        // `Grammar::parse` stops here (its output then may not be a member).
        if self.depth >= MAX_DEPTH {
            return;
        }
        self.depth += 1;
        self.node(&r.body);
        self.depth -= 1;
    }

    fn node(&mut self, node: &Node) {
        match node {
            Node::Bytes { bytes, fold_case } => {
                let flip =
                    *fold_case && bytes.iter().any(u8::is_ascii_alphabetic) && self.pick(2) == 1;
                self.out.extend(bytes.iter().map(|b| {
                    if flip && b.is_ascii_alphabetic() {
                        b ^ 0x20
                    } else {
                        *b
                    }
                }));
            }
            Node::Range(lo, hi) => {
                let span = usize::from(hi.saturating_sub(*lo)) + 1;
                // INVARIANT: pick answers below span <= 256, so the sum stays within lo..=hi.
                let off = u8::try_from(self.pick(span)).unwrap_or(0);
                self.out.push(lo.saturating_add(off));
            }
            Node::Rule(r) => self.rule(*r),
            Node::Seq(items) => items.iter().for_each(|n| self.node(n)),
            Node::Alt { alts, .. } => {
                let chosen = if self.over_budget() {
                    alts.iter().min_by_key(|n| self.shortest(n))
                } else {
                    let k = self.pick(alts.len());
                    alts.get(k)
                };
                if let Some(n) = chosen {
                    self.node(n);
                }
            }
            Node::Rep { min, max, node } => {
                let extra = if self.over_budget() {
                    0
                } else {
                    self.pick(EXTRA_REPS)
                };
                let wanted = usize::try_from(*min)
                    .unwrap_or(usize::MAX)
                    .saturating_add(extra);
                let count = match max {
                    Some(m) => wanted.min(usize::try_from(*m).unwrap_or(usize::MAX)),
                    None => wanted,
                };
                for _ in 0..count {
                    self.node(node);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Grammar, Reading, Verdict};
    use crate::EDITIONS;

    /// A small deterministic source of choices for the tests (a linear congruential step).
    fn chooser(seed: u64) -> impl FnMut(usize) -> usize {
        let mut state = seed;
        move |n| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            usize::try_from(state >> 33).unwrap_or(0) % n.max(1)
        }
    }

    #[test]
    fn derivations_are_members_of_their_rule() {
        for e in EDITIONS {
            let g = Grammar::for_edition(e).ok().unwrap();
            let mut lengths = Vec::new();
            for seed in 0..300 {
                let s = g.derive(None, 60, &mut chooser(seed)).ok().unwrap();
                let v = g.recognize(None, &s, Reading::Membership).ok().unwrap();
                assert_eq!(v, Verdict::Valid, "{e} {:?}", String::from_utf8_lossy(&s));
                lengths.push(s.len());
            }
            // The budget bounds the output: it ends soon after 60 bytes.
            let longest = lengths.iter().max().copied().unwrap_or(0);
            assert!(longest < 400, "{e}: {longest}");
            // Not one fixed string: the choices shape it.
            lengths.sort_unstable();
            lengths.dedup();
            assert!(lengths.len() > 10, "{e}: {lengths:?}");
        }
    }

    #[test]
    fn named_rules_derive_members() {
        let g = Grammar::for_edition("rfc3986").ok().unwrap();
        for rule in ["IPv6address", "IPv4address", "authority", "relative-ref"] {
            for seed in 0..100 {
                let s = g.derive(Some(rule), 30, &mut chooser(seed)).ok().unwrap();
                let v = g
                    .recognize(Some(rule), &s, Reading::Membership)
                    .ok()
                    .unwrap();
                assert_eq!(
                    v,
                    Verdict::Valid,
                    "{rule} {:?}",
                    String::from_utf8_lossy(&s)
                );
            }
        }
        assert!(g.derive(Some("nope"), 30, &mut chooser(1)).is_err());
    }

    #[test]
    fn a_zero_budget_gives_a_shortest_derivation() {
        let g = Grammar::for_edition("rfc3986").ok().unwrap();
        // URI-reference's shortest member is the empty relative reference.
        assert_eq!(g.derive(None, 0, &mut chooser(3)).ok().unwrap(), b"");
        // URI's shortest is a one-letter scheme and a colon.
        assert_eq!(
            g.derive(Some("URI"), 0, &mut chooser(3))
                .ok()
                .unwrap()
                .len(),
            2
        );
    }
}
