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
//!
//! # Speed
//!
//! Fuzzing asks for thousands of recognitions a second. Three things make the walk cheap
//! without changing any end set (so any verdict):
//!
//! - rules are compiled once ([`compile`]): whatever always matches one byte (`ALPHA`,
//!   `unreserved`, `sub-delims`, a range, a one-byte literal) becomes a 256-bit class, and a
//!   choice among fixed-length units with distinct first bytes (`pchar` is a class or `%`
//!   HEX HEX) becomes [`Op::Units`]; their repetitions (`*pchar`) are scanned in one loop
//!   instead of a frontier of position sets, and they need no memo;
//! - sequences test one-byte and unit items inline for every position of the set;
//! - the memo table, the arena of end sets and the position lists are kept per thread from one
//!   recognition to the next ([`Scratch`]), so a recognition allocates nothing once warm; only
//!   the slots it wrote are reset.
//!
//! `benches/recognize.rs` measures it (wall-clock or callgrind).

use std::cell::RefCell;

use super::{Grammar, Node, Reading, Rule, Verdict, MAX_DEPTH, MAX_INPUT, MAX_STEPS};

/// A set of bytes: bit `b % 64` of word `b / 64`.
type ByteSet = [u64; 4];

/// A fixed-length sequence of byte classes (a literal, `pct-encoded`, one class).
type Unit = Box<[ByteSet]>;

fn set_has(set: &ByteSet, b: u8) -> bool {
    set.get(usize::from(b >> 6))
        .is_some_and(|w| w >> (b & 63) & 1 == 1)
}

fn set_add(set: &mut ByteSet, b: u8) {
    if let Some(w) = set.get_mut(usize::from(b >> 6)) {
        *w |= 1 << (b & 63);
    }
}

/// A grammar expression compiled for recognition: the same language as its [`Node`], with
/// every sub-expression that matches exactly one byte folded into a [`Op::Class`] (a rule such
/// as `ALPHA`, `unreserved` or `sub-delims`, a one-byte literal, a range, an alternation of
/// those), a choice among fixed-length units with distinct first bytes (`pchar`, `uric`) into
/// [`Op::Units`], and repetitions of either into [`Op::ClassRep`] and [`Op::UnitsRep`].
///
/// The folding keeps every end set, so it keeps every verdict: a one-byte expression ends at
/// `pos + 1` or nowhere; among units with distinct first bytes at most one matches at a
/// position, so an ordered choice among them (the first that matches wins) ends where their
/// union does, and a repetition of them can go on in one way only.
#[derive(Debug, Clone)]
pub(crate) enum Op {
    /// One byte of the set.
    Class(Box<ByteSet>),
    /// `min` to `max` bytes of the set: every end from `pos + min` to the end of the run.
    ClassRep {
        min: u32,
        max: Option<u32>,
        set: Box<ByteSet>,
    },
    /// One of a few fixed-length units of byte classes whose first bytes are disjoint, such
    /// as `pchar` (one byte of a set, or `%` and two hex digits): at most one unit matches
    /// at a position, so the end set has at most one position.
    Units(Box<[Unit]>),
    /// `min` to `max` repetitions of [`Op::Units`]: the units matched one after another (the
    /// only way to match them), every end after at least `min`.
    UnitsRep {
        min: u32,
        max: Option<u32>,
        units: Box<[Unit]>,
    },
    /// A literal of two or more bytes (or none).
    Bytes { bytes: Box<[u8]>, fold_case: bool },
    /// A call of a rule that is not one byte: memoized per position.
    Rule(usize),
    /// Concatenation.
    Seq(Box<[Op]>),
    /// Alternatives; `ordered` when written in a `first-match` rule.
    Alt { alts: Box<[Op]>, ordered: bool },
    /// `min` to `max` (unbounded if `None`) repetitions.
    Rep {
        min: u32,
        max: Option<u32>,
        op: Box<Op>,
    },
}

/// Every rule compiled, and for each rule its slot in the memo table (`None` for a rule that
/// is a one-byte class and needs no memo).
#[derive(Debug, Clone, Default)]
pub(crate) struct Compiled {
    bodies: Vec<Op>,
    /// Each rule's `#! exclude-at-start` expression, compiled.
    excludes: Vec<Option<Op>>,
    memo_index: Vec<Option<usize>>,
    memoized: usize,
}

/// Compiles every rule (see [`Op`]).
pub(super) fn compile(rules: &[Rule]) -> Compiled {
    // Which rules are one-byte classes, then which are units: fixpoints, since a rule's class
    // depends on the rules it calls (a rule only ever goes from unknown to known, so each ends
    // within as many rounds as there are rules; a recursive rule is simply never folded).
    let mut classes: Vec<Option<ByteSet>> = vec![None; rules.len()];
    fixpoint(rules, &mut classes, class_of);
    let mut units: Vec<Option<Vec<Unit>>> = classes
        .iter()
        .map(|c| c.map(|set| vec![Box::from([set])]))
        .collect();
    fixpoint(rules, &mut units, |body, known| {
        units_of(body, &classes, known)
    });
    let bodies: Vec<Op> = rules
        .iter()
        .map(|r| compile_node(&r.body, &classes, &units))
        .collect();
    let mut memoized = 0;
    let memo_index = bodies
        .iter()
        .map(|op| match op {
            Op::Class(_) | Op::Units(_) => None,
            _ => {
                memoized += 1;
                Some(memoized - 1)
            }
        })
        .collect();
    let excludes = rules
        .iter()
        .map(|r| {
            r.exclude_at_start
                .as_ref()
                .map(|n| compile_node(n, &classes, &units))
        })
        .collect();
    Compiled {
        bodies,
        excludes,
        memo_index,
        memoized,
    }
}

/// Fills `known` (one entry per rule, `None` for not known) until nothing changes.
fn fixpoint<T: Clone>(
    rules: &[Rule],
    known: &mut [Option<T>],
    of: impl Fn(&Node, &[Option<T>]) -> Option<T>,
) {
    loop {
        let mut changed = false;
        for (r, rule) in rules.iter().enumerate() {
            if known.get(r).is_some_and(Option::is_none)
                && let Some(v) = of(&rule.body, known)
                && let Some(slot) = known.get_mut(r)
            {
                *slot = Some(v);
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// The set of bytes `node` matches, if it always matches exactly one byte, given the rules
/// known to be such classes.
fn class_of(node: &Node, classes: &[Option<ByteSet>]) -> Option<ByteSet> {
    match node {
        Node::Bytes { bytes, fold_case } => match **bytes {
            [b] => Some(byte_class(b, *fold_case)),
            _ => None,
        },
        Node::Range(lo, hi) => {
            let mut set = [0; 4];
            for b in *lo..=*hi {
                set_add(&mut set, b);
            }
            Some(set)
        }
        Node::Rule(r) => classes.get(*r).copied().flatten(),
        Node::Seq(items) => match &**items {
            [only] => class_of(only, classes),
            _ => None,
        },
        Node::Alt { alts, .. } => {
            let mut set = [0u64; 4];
            for alt in alts.iter() {
                let a = class_of(alt, classes)?;
                for (w, x) in set.iter_mut().zip(a) {
                    *w |= x;
                }
            }
            (!alts.is_empty()).then_some(set)
        }
        Node::Rep { min, max, node } => {
            if *min == 1 && *max == Some(1) {
                class_of(node, classes)
            } else {
                None
            }
        }
    }
}

/// The byte `b` as a class (both cases of a letter under `fold_case`).
fn byte_class(b: u8, fold_case: bool) -> ByteSet {
    let mut set = [0; 4];
    set_add(&mut set, b);
    if fold_case {
        set_add(&mut set, b.to_ascii_lowercase());
        set_add(&mut set, b.to_ascii_uppercase());
    }
    set
}

/// The units `node` matches, if it always matches one of a few fixed-length units of classes
/// whose first bytes are disjoint, given what is known of the rules.
fn units_of(
    node: &Node,
    classes: &[Option<ByteSet>],
    known: &[Option<Vec<Unit>>],
) -> Option<Vec<Unit>> {
    if let Some(set) = class_of(node, classes) {
        return Some(vec![Box::from([set])]);
    }
    let units: Vec<Unit> = match node {
        Node::Bytes { bytes, fold_case } => {
            vec![bytes.iter().map(|&b| byte_class(b, *fold_case)).collect()]
        }
        Node::Range(..) => return None,
        Node::Rule(r) => known.get(*r).cloned().flatten()?,
        Node::Seq(items) => {
            // A sequence of single units is one unit.
            let mut unit = Vec::new();
            for item in items.iter() {
                match units_of(item, classes, known)?.as_slice() {
                    [one] => unit.extend_from_slice(one),
                    _ => return None,
                }
            }
            vec![unit.into()]
        }
        Node::Alt { alts, .. } => {
            let mut all = Vec::new();
            for alt in alts.iter() {
                all.extend(units_of(alt, classes, known)?);
            }
            all
        }
        Node::Rep { min, max, node } => {
            if *min == 1 && *max == Some(1) {
                units_of(node, classes, known)?
            } else {
                return None;
            }
        }
    };
    // Every unit at least one byte long, and no two starting with the same byte.
    let mut firsts = [0u64; 4];
    let units = merge_one_byte_units(units);
    for unit in &units {
        let first = unit.first()?;
        if firsts.iter().zip(first).any(|(a, b)| a & b != 0) {
            return None;
        }
        for (w, x) in firsts.iter_mut().zip(first) {
            *w |= x;
        }
    }
    (!units.is_empty()).then_some(units)
}

/// The one-byte units of `units` as one class, first (an ordered choice among units with
/// distinct first bytes has the same ends in any order).
fn merge_one_byte_units(units: Vec<Unit>) -> Vec<Unit> {
    let (one, longer): (Vec<Unit>, Vec<Unit>) = units.into_iter().partition(|u| u.len() == 1);
    if one.len() < 2 {
        return one.into_iter().chain(longer).collect();
    }
    let mut set = [0u64; 4];
    for unit in &one {
        for (w, x) in set.iter_mut().zip(unit.iter().flatten()) {
            *w |= x;
        }
    }
    // Overlapping one-byte units stay apart, so the disjointness check still sees them.
    let overlapping = one
        .iter()
        .map(|u| u.iter().flatten().map(|w| w.count_ones()).sum::<u32>())
        .sum::<u32>()
        != set.iter().map(|w| w.count_ones()).sum::<u32>();
    if overlapping {
        return one.into_iter().chain(longer).collect();
    }
    std::iter::once(Box::from([set])).chain(longer).collect()
}

fn compile_node(node: &Node, classes: &[Option<ByteSet>], units: &[Option<Vec<Unit>>]) -> Op {
    if let Some(set) = class_of(node, classes) {
        return Op::Class(Box::new(set));
    }
    if let Some(u) = units_of(node, classes, units) {
        return Op::Units(u.into());
    }
    match node {
        Node::Bytes { bytes, fold_case } => Op::Bytes {
            bytes: bytes.clone(),
            fold_case: *fold_case,
        },
        // A range and a call of a class rule are classes, caught above.
        Node::Range(..) => Op::Class(Box::new([0; 4])),
        Node::Rule(r) => Op::Rule(*r),
        Node::Seq(items) => Op::Seq(
            items
                .iter()
                .map(|n| compile_node(n, classes, units))
                .collect(),
        ),
        Node::Alt { alts, ordered } => Op::Alt {
            alts: alts
                .iter()
                .map(|n| compile_node(n, classes, units))
                .collect(),
            ordered: *ordered,
        },
        Node::Rep { min, max, node } => match compile_node(node, classes, units) {
            Op::Class(set) => Op::ClassRep {
                min: *min,
                max: *max,
                set,
            },
            Op::Units(units) => Op::UnitsRep {
                min: *min,
                max: *max,
                units,
            },
            op => Op::Rep {
                min: *min,
                max: *max,
                op: Box::new(op),
            },
        },
    }
}

/// The length of the unit of `units` that matches `input` at `at`, if one does (at most one
/// can: their first bytes are disjoint).
fn unit_at(units: &[Unit], input: &[u8], at: usize) -> Option<usize> {
    let rest = input.get(at..)?;
    units
        .iter()
        .find(|unit| {
            unit.len() <= rest.len() && unit.iter().zip(rest).all(|(set, &b)| set_has(set, b))
        })
        .map(|unit| unit.len())
}

/// Sorts and deduplicates a list of positions; most lists come sorted already (runs, memoized
/// sets, single positions), so that is checked first.
fn sort_dedup(list: &mut Vec<u32>) {
    if !list.windows(2).all(|w| w.first() < w.get(1)) {
        list.sort_unstable();
        list.dedup();
    }
}

/// An op whose end from a position is at most one position, computed without a call.
#[derive(Clone, Copy)]
enum Simple<'o> {
    Class(&'o ByteSet),
    Units(&'o [Unit]),
    Bytes(&'o [u8], bool),
}

impl<'o> Simple<'o> {
    fn of(op: &'o Op) -> Option<Simple<'o>> {
        match op {
            Op::Class(set) => Some(Simple::Class(set)),
            Op::Units(units) => Some(Simple::Units(units)),
            Op::Bytes { bytes, fold_case } => Some(Simple::Bytes(bytes, *fold_case)),
            _ => None,
        }
    }

    /// The end of a match at `pos`, if there is one.
    fn end(self, input: &[u8], pos: u32) -> Option<u32> {
        let at = pos as usize;
        // INVARIANT: every end is at most input.len() <= MAX_INPUT, which fits u32.
        let len = match self {
            Simple::Class(set) => input
                .get(at)
                .is_some_and(|&b| set_has(set, b))
                .then_some(1)?,
            Simple::Units(units) => unit_at(units, input, at)?,
            Simple::Bytes(bytes, fold_case) => {
                let here = input.get(at..at + bytes.len())?;
                let matches = if fold_case {
                    here.eq_ignore_ascii_case(bytes)
                } else {
                    here == bytes
                };
                matches.then_some(bytes.len())?
            }
        };
        Some((at + len) as u32)
    }
}

/// Why recognition stopped early.
enum Limit {
    Depth,
    Steps,
}

/// A memo slot not yet computed.
const NOT_COMPUTED: (u32, u32) = (u32::MAX, 0);
/// A memo slot being computed (a re-entry would be left recursion).
const ACTIVE: (u32, u32) = (u32::MAX - 1, 0);

/// Buffers kept from one recognition to the next on a thread, so that a recognition allocates
/// nothing once the buffers have grown: recognizing many short inputs (a fuzzer's work) is
/// dominated by the recognition, not by clearing a table.
#[derive(Default)]
struct Scratch {
    /// Per (memoized rule, position): the range of its end set in `arena`, or a state.
    memo: Vec<(u32, u32)>,
    /// The memo slots written by this recognition, reset when it ends.
    touched: Vec<usize>,
    /// Every memoized end set, one after another.
    arena: Vec<u32>,
    /// Spare position lists.
    lists: Vec<Vec<u32>>,
    /// Spare position bitsets (for unbounded repetitions' positions already reached).
    bitsets: Vec<Vec<u64>>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

struct Recognizer<'g, 'i, 's> {
    grammar: &'g Grammar,
    input: &'i [u8],
    ordered: bool,
    s: &'s mut Scratch,
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
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut s) => run(grammar, rule, input, reading, max_steps, &mut s),
        // Not reachable (recognition does not call itself); a fresh scratch all the same.
        Err(_) => run(
            grammar,
            rule,
            input,
            reading,
            max_steps,
            &mut Scratch::default(),
        ),
    })
}

fn run(
    grammar: &Grammar,
    rule: usize,
    input: &[u8],
    reading: Reading,
    max_steps: u64,
    s: &mut Scratch,
) -> (Verdict, u64) {
    let slots = grammar.compiled.memoized * (input.len() + 1);
    if s.memo.len() < slots {
        s.memo.resize(slots, NOT_COMPUTED);
    }
    let mut r = Recognizer {
        grammar,
        input,
        ordered: reading == Reading::Document,
        s,
        depth: 0,
        steps: 0,
        max_steps,
    };
    let mut ends = r.take_list();
    let result = r.ends(&Op::Rule(rule), 0, &mut ends);
    let verdict = match result {
        // INVARIANT: positions are at most input.len() <= MAX_INPUT, which fits u32.
        Ok(()) => {
            if ends.contains(&(input.len() as u32)) {
                Verdict::Valid
            } else {
                Verdict::Invalid
            }
        }
        Err(Limit::Depth | Limit::Steps) => Verdict::TooLong,
    };
    r.give_list(ends);
    let steps = r.steps;
    // Leave the scratch as found: every slot not computed, the arena empty.
    for slot in s.touched.drain(..) {
        if let Some(m) = s.memo.get_mut(slot) {
            *m = NOT_COMPUTED;
        }
    }
    s.arena.clear();
    (verdict, steps)
}

impl Recognizer<'_, '_, '_> {
    fn tick(&mut self, n: usize) -> Result<(), Limit> {
        self.steps += n as u64 + 1;
        if self.steps > self.max_steps {
            Err(Limit::Steps)
        } else {
            Ok(())
        }
    }

    fn take_list(&mut self) -> Vec<u32> {
        self.s.lists.pop().unwrap_or_default()
    }

    fn give_list(&mut self, mut list: Vec<u32>) {
        list.clear();
        self.s.lists.push(list);
    }

    /// The sorted, deduplicated end positions of rule `rule` from `pos`, as a range of the
    /// arena.
    fn rule_ends(&mut self, rule: usize, pos: u32) -> Result<(usize, usize), Limit> {
        let grammar = self.grammar;
        let Some(body) = grammar.compiled.bodies.get(rule) else {
            return Ok((0, 0));
        };
        let Some(Some(index)) = grammar.compiled.memo_index.get(rule).copied() else {
            // A one-byte class: nothing to memoize. (`Op::Rule` never names one, but the
            // start rule may be one.)
            let mut out = self.take_list();
            let result = self
                .ends(body, pos, &mut out)
                .and_then(|()| self.exclude(rule, pos, &mut out));
            let start = self.s.arena.len();
            self.s.arena.extend_from_slice(&out);
            let len = out.len();
            self.give_list(out);
            result?;
            return Ok((start, len));
        };
        let slot = index * (self.input.len() + 1) + pos as usize;
        match self.s.memo.get(slot).copied() {
            Some(NOT_COMPUTED) | None => {}
            Some(ACTIVE) => {
                // Left recursion: refused when the grammar was read, so not reachable; the
                // empty set is the least fixpoint, the right answer should it ever be.
                debug_assert!(false, "left recursion reached the recognizer");
                return Ok((0, 0));
            }
            Some((start, len)) => return Ok((start as usize, len as usize)),
        }
        if self.depth >= MAX_DEPTH {
            return Err(Limit::Depth);
        }
        if let Some(m) = self.s.memo.get_mut(slot) {
            *m = ACTIVE;
            self.s.touched.push(slot);
        }
        self.depth += 1;
        let mut out = self.take_list();
        let result = self
            .ends(body, pos, &mut out)
            .and_then(|()| self.exclude(rule, pos, &mut out));
        self.depth -= 1;
        if let Err(limit) = result {
            self.give_list(out);
            return Err(limit);
        }
        sort_dedup(&mut out);
        let start = self.s.arena.len();
        self.s.arena.extend_from_slice(&out);
        let len = out.len();
        self.give_list(out);
        if let Some(m) = self.s.memo.get_mut(slot) {
            // INVARIANT: the arena holds at most (rules * (n + 1)) sets of at most n + 1
            // positions, n <= MAX_INPUT: far below u32::MAX - 1.
            *m = (start as u32, len as u32);
        }
        Ok((start, len))
    }

    /// Removes from `out` (the ends of `rule` from `pos`) every end its `#! exclude-at-start`
    /// expression reaches, where the rule is called at the input's first byte under the
    /// document's reading.
    fn exclude(&mut self, rule: usize, pos: u32, out: &mut Vec<u32>) -> Result<(), Limit> {
        let grammar = self.grammar;
        let Some(Some(except)) = grammar.compiled.excludes.get(rule) else {
            return Ok(());
        };
        if pos != 0 || !self.ordered {
            return Ok(());
        }
        let mut gone = self.take_list();
        let result = self.ends(except, pos, &mut gone);
        sort_dedup(&mut gone);
        out.retain(|e| gone.binary_search(e).is_err());
        self.give_list(gone);
        result
    }

    /// Appends to `out` every end position of `op` from `pos` (unsorted, maybe repeated).
    fn ends(&mut self, op: &Op, pos: u32, out: &mut Vec<u32>) -> Result<(), Limit> {
        self.tick(0)?;
        let input = self.input;
        let at = pos as usize;
        match op {
            Op::Class(set) => {
                if input.get(at).is_some_and(|&b| set_has(set, b)) {
                    out.push(pos + 1);
                }
            }
            Op::ClassRep { min, max, set } => {
                let rest = input.get(at..).unwrap_or_default();
                let limit = max.map_or(rest.len(), |m| rest.len().min(m as usize));
                let run = rest
                    .iter()
                    .take(limit)
                    .take_while(|&&b| set_has(set, b))
                    .count();
                let min = *min as usize;
                if run >= min {
                    self.tick(run - min)?;
                    // INVARIANT: pos + run <= input.len() <= MAX_INPUT fits u32.
                    out.extend((at + min..=at + run).map(|p| p as u32));
                }
            }
            Op::Units(units) => {
                if let Some(len) = unit_at(units, input, at) {
                    // INVARIANT: at + len <= input.len() <= MAX_INPUT fits u32.
                    out.push((at + len) as u32);
                }
            }
            Op::UnitsRep { min, max, units } => {
                if *min == 0 {
                    out.push(pos);
                }
                let mut p = at;
                let mut count: u32 = 0;
                while max.is_none_or(|m| count < m) {
                    let Some(len) = unit_at(units, input, p) else {
                        break;
                    };
                    p += len;
                    count += 1;
                    if count >= *min {
                        self.tick(0)?;
                        // INVARIANT: p <= input.len() <= MAX_INPUT fits u32.
                        out.push(p as u32);
                    }
                }
            }
            Op::Bytes { bytes, fold_case } => {
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
            Op::Rule(rule) => {
                let (start, len) = self.rule_ends(*rule, pos)?;
                // Copying a set is work too: count it, or a cubic grammar would run far past
                // the budget while counting only its calls.
                self.tick(len)?;
                out.extend_from_slice(self.s.arena.get(start..start + len).unwrap_or_default());
            }
            Op::Seq(items) => {
                let mut cur = self.take_list();
                cur.push(pos);
                let mut next = self.take_list();
                let mut result = Ok(());
                for item in items.iter() {
                    next.clear();
                    if let Some(simple) = Simple::of(item) {
                        // One byte or unit: no call per position (counted as calls all the
                        // same).
                        result = self.tick(cur.len());
                        if result.is_ok() {
                            next.extend(cur.iter().filter_map(|&p| simple.end(input, p)));
                        }
                    } else {
                        for &p in &cur {
                            result = self.ends(item, p, &mut next);
                            if result.is_err() {
                                break;
                            }
                        }
                    }
                    if result.is_err() {
                        break;
                    }
                    sort_dedup(&mut next);
                    result = self.tick(next.len());
                    if result.is_err() || next.is_empty() {
                        cur.clear();
                        break;
                    }
                    std::mem::swap(&mut cur, &mut next);
                }
                if result.is_ok() {
                    out.extend_from_slice(&cur);
                }
                self.give_list(cur);
                self.give_list(next);
                result?;
            }
            Op::Alt { alts, ordered } => {
                for alt in alts.iter() {
                    let before = out.len();
                    self.ends(alt, pos, out)?;
                    if *ordered && self.ordered && out.len() > before {
                        // First match wins: the later alternatives are not tried.
                        break;
                    }
                }
            }
            Op::Rep {
                min,
                max: Some(1),
                op,
            } if *min <= 1 => {
                // An option (`[ x ]`) or a single `x`: the empty match if allowed, then x's
                // ends (the general loop below gives the same set, with more work).
                if *min == 0 {
                    out.push(pos);
                }
                let mut next = self.take_list();
                let result = self.ends(op, pos, &mut next);
                if result.is_ok() {
                    sort_dedup(&mut next);
                    out.extend_from_slice(&next);
                }
                let len = next.len();
                self.give_list(next);
                result?;
                self.tick(len)?;
            }
            Op::Rep { min, max, op } => {
                if *min == 0 {
                    out.push(pos);
                }
                let mut frontier = self.take_list();
                frontier.push(pos);
                let mut next = self.take_list();
                // Positions already reached with at least `min` repetitions (only needed for
                // an unbounded repetition, whose loop ends when nothing new is reached).
                let mut seen = self.s.bitsets.pop().unwrap_or_default();
                seen.clear();
                seen.resize(input.len() / 64 + 1, 0);
                let mark = |seen: &mut Vec<u64>, p: u32| -> bool {
                    let (w, bit) = (p as usize / 64, p % 64);
                    match seen.get_mut(w) {
                        Some(word) if *word >> bit & 1 == 0 => {
                            *word |= 1 << bit;
                            true
                        }
                        _ => false,
                    }
                };
                if *min == 0 {
                    mark(&mut seen, pos);
                }
                let mut count: u32 = 0;
                let mut result = Ok(());
                'reps: while !frontier.is_empty() && max.is_none_or(|m| count < m) {
                    next.clear();
                    for &p in &frontier {
                        result = self.ends(op, p, &mut next);
                        if result.is_err() {
                            break 'reps;
                        }
                    }
                    sort_dedup(&mut next);
                    result = self.tick(next.len());
                    if result.is_err() {
                        break;
                    }
                    count = count.saturating_add(1);
                    if count >= *min {
                        if max.is_none() {
                            next.retain(|p| mark(&mut seen, *p));
                        }
                        out.extend_from_slice(&next);
                    }
                    std::mem::swap(&mut frontier, &mut next);
                }
                self.give_list(frontier);
                self.give_list(next);
                self.s.bitsets.push(seen);
                result?;
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

    /// The compiled forms: one-byte rules fold into classes, `pchar` into units with distinct
    /// first bytes, `segment = *pchar` into a repetition of units.
    #[test]
    fn one_byte_rules_and_units_are_folded() {
        let g = crate::grammar::Grammar::for_edition("rfc3986")
            .ok()
            .unwrap();
        let body = |name: &str| {
            let i = g
                .rules
                .iter()
                .position(|r| r.name == name)
                .unwrap_or(usize::MAX);
            g.compiled.bodies.get(i).cloned()
        };
        assert!(matches!(body("unreserved"), Some(Op::Class(_))));
        assert!(matches!(body("pct-encoded"), Some(Op::Units(u)) if u.len() == 1));
        assert!(matches!(body("pchar"), Some(Op::Units(u)) if u.len() == 2));
        assert!(matches!(
            body("segment"),
            Some(Op::UnitsRep {
                min: 0,
                max: None,
                ..
            })
        ));
        assert!(matches!(body("URI"), Some(Op::Seq(_))));
        // Units whose first bytes overlap are not folded: "ab" / "ac" stays an alternation.
        let g = crate::grammar::Grammar::parse(
            "overlap",
            "a = *( \"ab\" / \"ac\" / \"b\" )\n",
            crate::grammar::Notation::Abnf,
        )
        .ok()
        .unwrap();
        assert!(matches!(g.compiled.bodies.first(), Some(Op::Rep { .. })));
        for (input, valid) in [("abacb", true), ("aab", false), ("", true), ("abc", false)] {
            let v = recognize(&g, 0, input.as_bytes(), Reading::Membership);
            assert_eq!(v == Verdict::Valid, valid, "{input}");
        }
    }

    /// An ordered choice among folded units answers as the unfolded one did: the first
    /// alternative that matches wins, and distinct first bytes mean only one can.
    #[test]
    fn ordered_units_keep_their_verdicts() {
        let text = "#! first-match a\na = ( \"%\" HEXDIG HEXDIG / ALPHA ) \"!\"\n";
        let g = crate::grammar::Grammar::parse("ordered", text, crate::grammar::Notation::Abnf)
            .ok()
            .unwrap();
        for reading in [Reading::Membership, Reading::Document] {
            for (input, valid) in [("%4a!", true), ("x!", true), ("%4!", false), ("%!", false)] {
                let v = recognize(&g, 0, input.as_bytes(), reading);
                assert_eq!(v == Verdict::Valid, valid, "{reading} {input}");
            }
        }
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
