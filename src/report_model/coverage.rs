//! Input coverage: which bytes a run's inputs put at the start of, and inside, each component,
//! as the split of [RFC 3986 Appendix B] (with the authority taken apart as section 3.2 writes
//! it: `authority = [ userinfo "@" ] host [ ":" port ]`) reads them.
//!
//! Every parse input and every resolution reference of a run is split, and each
//! (component, position, byte) it holds is counted: the position is `first` (the component's
//! first byte) or `inside` (any later byte); the bytes are 0x00..=0x7F and one `non-ASCII`
//! bucket for 0x80..=0xFF. A pair is *possible* when the split can produce it at all: a scheme
//! never holds `:` `/` `?` `#` (Appendix B's `[^:/?#]+`), an authority never holds `/` `?` `#`
//! (`[^/?#]*`), a query never holds `#`, a path never holds `?` or `#`; inside the authority the
//! host never holds `@` (the userinfo ends at the last `@`) and the port holds none of `@` `:`
//! `]` (it starts after the last `:` that follows the last `]`, so an IP-literal's colons stay
//! in the host, RFC 3986 section 3.2.2). The coverage is covered pairs of possible pairs: a
//! byte the split cannot place in a component is no hole in the inputs.
//!
//! [`Coverage`] is the report model's part (`discrepancies.json` has every pair, `summary.md`
//! the table of [`Coverage::table`]); [`Counter`] builds it from inputs.
//!
//! [RFC 3986 Appendix B]: https://datatracker.ietf.org/doc/html/rfc3986#appendix-B

use serde::Serialize;

/// The components counted, in the order of the table: Appendix B's, with the authority
/// replaced by its parts (RFC 3986 section 3.2).
pub const COMPONENTS: [&str; 7] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// The positions counted in a component.
pub const POSITIONS: [&str; 2] = ["first", "inside"];

/// The byte buckets: 0x00..=0x7F, then [`NON_ASCII`].
pub const BUCKETS: usize = 129;

/// The bucket of every byte from 0x80 to 0xFF.
pub const NON_ASCII: usize = 128;

/// The byte classes of the table's columns (RFC 3986 section 2: ALPHA and DIGIT of section 1.3,
/// the unreserved marks and the two delimiter sets of section 2.2, `%` of section 2.1), then
/// printable ASCII that RFC 3986 allows in no component, controls, and non-ASCII.
pub const CLASSES: [&str; 9] = [
    "ALPHA",
    "DIGIT",
    "-._~",
    "sub-delims",
    "gen-delims",
    "%",
    "other printable",
    "controls",
    "non-ASCII",
];

/// The class (an index of [`CLASSES`]) of bucket `b`.
///
/// ```
/// use uridiff::report_model::coverage::{class_of, CLASSES, NON_ASCII};
/// assert_eq!(CLASSES[class_of(b'+' as usize)], "sub-delims");
/// assert_eq!(CLASSES[class_of(b'[' as usize)], "gen-delims");
/// assert_eq!(CLASSES[class_of(b'^' as usize)], "other printable");
/// assert_eq!(CLASSES[class_of(0x7f)], "controls");
/// assert_eq!(CLASSES[class_of(NON_ASCII)], "non-ASCII");
/// ```
pub fn class_of(b: usize) -> usize {
    if b >= NON_ASCII {
        return 8;
    }
    // b < 128 here.
    let c = b as u8;
    match c {
        b'A'..=b'Z' | b'a'..=b'z' => 0,
        b'0'..=b'9' => 1,
        b'-' | b'.' | b'_' | b'~' => 2,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=' => 3,
        b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@' => 4,
        b'%' => 5,
        0x20..=0x7e => 6,
        _ => 7,
    }
}

/// The bucket of a byte.
pub fn bucket(b: u8) -> usize {
    if b >= 0x80 {
        NON_ASCII
    } else {
        usize::from(b)
    }
}

/// The label of a bucket in the JSON: `0x2b`, or `non-ascii`.
pub fn label(b: usize) -> String {
    if b >= NON_ASCII {
        "non-ascii".to_owned()
    } else {
        format!("0x{b:02x}")
    }
}

/// Whether the split can put bucket `b` at `position` (0 first, 1 inside) of component `c` (an
/// index of [`COMPONENTS`]); see the module docs for why each byte is excluded.
pub fn possible(c: usize, _position: usize, b: usize) -> bool {
    if b >= NON_ASCII {
        return true;
    }
    let excluded: &[u8] = match c {
        0 => b":/?#",
        1 => b"/?#",
        2 => b"/?#@",
        3 => b"/?#@:]",
        4 => b"?#",
        5 => b"#",
        _ => b"",
    };
    !excluded.contains(&(b as u8))
}

/// The components of one input under the split, each `None` when undefined: scheme, userinfo,
/// host, port, path, query, fragment (the order of [`COMPONENTS`]).
///
/// ```
/// let c = uridiff::report_model::coverage::split(b"http://u@[::1]:80/p?q#f");
/// assert_eq!(c[1], Some(&b"u"[..]));
/// assert_eq!(c[2], Some(&b"[::1]"[..]));
/// assert_eq!(c[3], Some(&b"80"[..]));
/// assert_eq!(c[4], Some(&b"/p"[..]));
/// ```
pub fn split(input: &[u8]) -> [Option<&[u8]>; 7] {
    let g = uri_oracle::appendix_b::captures(input);
    let (mut userinfo, mut host, mut port) = (None, None, None);
    if let Some(authority) = g.get(4) {
        let hostport = match authority.iter().rposition(|&b| b == b'@') {
            Some(at) => {
                userinfo = Some(&authority[..at]);
                &authority[at + 1..]
            }
            None => authority,
        };
        // The port follows the last ":" after the last "]" (an IP-literal's colons are the
        // host's, RFC 3986 section 3.2.2).
        let from = hostport
            .iter()
            .rposition(|&b| b == b']')
            .map_or(0, |i| i + 1);
        match hostport[from..].iter().rposition(|&b| b == b':') {
            Some(i) => {
                host = Some(&hostport[..from + i]);
                port = Some(&hostport[from + i + 1..]);
            }
            None => host = Some(hostport),
        }
    }
    [g.get(2), userinfo, host, port, g.get(5), g.get(7), g.get(9)]
}

/// Counts the (component, position, byte) pairs of inputs.
///
/// ```
/// use uridiff::report_model::coverage::Counter;
/// let mut c = Counter::default();
/// c.add(b"http://h:+1/");
/// let cov = c.finish();
/// assert_eq!(cov.inputs, 1);
/// let port = cov.components.iter().find(|p| p.component == "port" && p.position == "first").unwrap();
/// assert_eq!(port.covered, vec!["0x2b".to_owned()]);
/// ```
#[derive(Clone, Debug)]
pub struct Counter {
    hit: [[[bool; BUCKETS]; 2]; 7],
    inputs: usize,
}

impl Default for Counter {
    fn default() -> Counter {
        Counter {
            hit: [[[false; BUCKETS]; 2]; 7],
            inputs: 0,
        }
    }
}

impl Counter {
    /// Counts one input.
    pub fn add(&mut self, input: &[u8]) {
        self.inputs += 1;
        for (c, value) in split(input).iter().enumerate() {
            let Some(value) = value else { continue };
            for (i, &b) in value.iter().enumerate() {
                self.hit[c][usize::from(i > 0)][bucket(b)] = true;
            }
        }
    }

    /// Whether the pair was seen.
    pub fn seen(&self, c: usize, position: usize, b: usize) -> bool {
        self.hit[c][position][b]
    }

    /// The coverage of every input added.
    pub fn finish(&self) -> Coverage {
        let mut components = Vec::new();
        let mut table = vec![vec![Cell::default(); CLASSES.len()]; COMPONENTS.len()];
        let (mut covered, mut possible_pairs) = (0, 0);
        for (c, name) in COMPONENTS.iter().enumerate() {
            for (p, position) in POSITIONS.iter().enumerate() {
                let mut part = PartCoverage {
                    component: (*name).to_owned(),
                    position: (*position).to_owned(),
                    covered: Vec::new(),
                    missing: Vec::new(),
                };
                for b in (0..BUCKETS).filter(|&b| possible(c, p, b)) {
                    let cell = &mut table[c][class_of(b)];
                    cell.possible += 1;
                    possible_pairs += 1;
                    if self.hit[c][p][b] {
                        cell.covered += 1;
                        covered += 1;
                        part.covered.push(label(b));
                    } else {
                        part.missing.push(label(b));
                    }
                }
                components.push(part);
            }
        }
        Coverage {
            inputs: self.inputs,
            covered,
            possible: possible_pairs,
            table,
            components,
        }
    }
}

/// A cell of the table: pairs covered of pairs possible.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// Pairs the inputs held.
    pub covered: usize,
    /// Pairs the split can produce.
    pub possible: usize,
}

/// One component at one position: the byte buckets covered and those missing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartCoverage {
    /// A name of [`COMPONENTS`].
    pub component: String,
    /// `first` or `inside`.
    pub position: String,
    /// The possible buckets the inputs held ([`label`]s).
    pub covered: Vec<String>,
    /// The possible buckets they did not.
    pub missing: Vec<String>,
}

/// What a run's inputs covered (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// Inputs counted: parse inputs and resolution references.
    pub inputs: usize,
    /// Pairs covered.
    pub covered: usize,
    /// Pairs possible.
    pub possible: usize,
    /// Component (rows, [`COMPONENTS`]) by byte class (columns, [`CLASSES`]), both positions
    /// together.
    pub table: Vec<Vec<Cell>>,
    /// Every component and position, bucket by bucket.
    pub components: Vec<PartCoverage>,
}

impl Coverage {
    /// The coverage of the parse inputs and resolution references among `tasks`.
    ///
    /// ```
    /// use uridiff::engine::Task;
    /// let tasks = [Task::parse(b"a:b".to_vec(), "doc")];
    /// let cov = uridiff::report_model::coverage::Coverage::of(&tasks);
    /// assert_eq!((cov.inputs, cov.covered), (1, 2));
    /// ```
    pub fn of<'a>(tasks: impl IntoIterator<Item = &'a crate::engine::Task>) -> Coverage {
        use crate::model::Op;
        let mut counter = Counter::default();
        for t in tasks
            .into_iter()
            .filter(|t| matches!(t.op, Op::Parse | Op::Resolve))
        {
            counter.add(&t.input);
        }
        counter.finish()
    }

    /// Covered pairs as a percentage of the possible ones (0 when none is possible).
    pub fn percent(&self) -> f64 {
        if self.possible == 0 {
            0.0
        } else {
            100.0 * self.covered as f64 / self.possible as f64
        }
    }

    /// The headline numbers alone, for `check --json`: `inputs`, `covered`, `possible`,
    /// `percent`.
    pub fn brief(&self) -> serde_json::Value {
        serde_json::json!({
            "inputs": self.inputs,
            "covered": self.covered,
            "possible": self.possible,
            "percent": (self.percent() * 10.0).round() / 10.0,
        })
    }

    /// One line: `1766 of 1766 (component, position, byte) pairs (100.0%) over 3626 inputs`.
    pub fn line(&self) -> String {
        format!(
            "{} of {} (component, position, byte) pairs ({:.1}%) over {} inputs",
            self.covered,
            self.possible,
            self.percent(),
            self.inputs
        )
    }

    /// The table as Markdown: a row per component, a column per byte class, `covered/possible`
    /// per cell (`-` where nothing is possible).
    pub fn table(&self) -> String {
        // The two classes named by their characters are code spans: `_` and `~` are
        // Markdown's emphasis and strikethrough.
        let heads: Vec<String> = CLASSES
            .iter()
            .map(|c| {
                if c.chars().any(|ch| ch.is_ascii_alphabetic()) {
                    (*c).to_owned()
                } else {
                    format!("`{c}`")
                }
            })
            .collect();
        let mut out = format!("| component | {} |\n", heads.join(" | "));
        out.push_str(&format!("|---|{}\n", "---:|".repeat(CLASSES.len())));
        for (name, row) in COMPONENTS.iter().zip(&self.table) {
            let cells: Vec<String> = row
                .iter()
                .map(|c| {
                    if c.possible == 0 {
                        "-".to_owned()
                    } else {
                        format!("{}/{}", c.covered, c.possible)
                    }
                })
                .collect();
            out.push_str(&format!("| {name} | {} |\n", cells.join(" | ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classes_partition_ascii_as_rfc_3986_section_2_does() {
        let count = |k: usize| (0..NON_ASCII).filter(|&b| class_of(b) == k).count();
        // 52 letters, 10 digits, 4 marks, 11 sub-delims, 7 gen-delims, "%", the 10 printable
        // characters allowed nowhere (space " < > \ ^ ` { | }), 33 controls.
        assert_eq!(
            (0..8).map(count).collect::<Vec<_>>(),
            vec![52, 10, 4, 11, 7, 1, 10, 33]
        );
        for b in " \"<>\\^`{|}".bytes() {
            assert_eq!(class_of(usize::from(b)), 6, "{}", b as char);
        }
    }

    #[test]
    fn the_split_takes_the_authority_apart() {
        let s = split(b"//a@b@c:1:2/x");
        assert_eq!(s[1], Some(&b"a@b"[..]));
        assert_eq!(s[2], Some(&b"c:1"[..]));
        assert_eq!(s[3], Some(&b"2"[..]));
        let s = split(b"//[::1]/");
        assert_eq!((s[2], s[3]), (Some(&b"[::1]"[..]), None));
        let s = split(b"a/b");
        assert_eq!((s[0], s[2], s[4]), (None, None, Some(&b"a/b"[..])));
        let s = split(b"//h:");
        assert_eq!(s[3], Some(&b""[..]));
    }

    #[test]
    fn a_pair_the_split_cannot_produce_is_never_counted() {
        // Every byte in every position of every component, through scaffolds of each shape: no
        // impossible pair is ever hit.
        let mut c = Counter::default();
        for b in 0u8..=255 {
            let one = [b];
            let b: &[u8] = &one;
            let full: [&[u8]; 14] = [
                b"x", b, b"y://u", b, b"v@h", b, b"o:1", b, b"2/p", b, b"?q", b, b"#", b,
            ];
            let leading: [&[u8]; 8] = [b, b"://", b, b"@", b, b":", b, b"/"];
            c.add(&full.concat());
            c.add(&leading.concat());
        }
        for (comp, name) in COMPONENTS.iter().enumerate() {
            for p in 0..2 {
                for b in 0..BUCKETS {
                    if !possible(comp, p, b) {
                        assert!(!c.seen(comp, p, b), "{name} {p} {}", label(b));
                    }
                }
            }
        }
    }

    #[test]
    fn counting_marks_first_and_inside_apart() {
        let mut c = Counter::default();
        c.add(b"http://h:+1/");
        c.add(b"?a%");
        let cov = c.finish();
        assert_eq!(cov.inputs, 2);
        let part = |comp: &str, pos: &str| {
            cov.components
                .iter()
                .find(|p| p.component == comp && p.position == pos)
                .expect("every part is listed")
                .clone()
        };
        assert_eq!(part("port", "first").covered, vec!["0x2b"]);
        assert_eq!(part("port", "inside").covered, vec!["0x31"]);
        assert_eq!(part("query", "first").covered, vec!["0x61"]);
        assert_eq!(part("query", "inside").covered, vec!["0x25"]);
        assert!(part("fragment", "first").covered.is_empty());
        // "http": h first; t, t, p inside.
        assert_eq!(part("scheme", "inside").covered, vec!["0x70", "0x74"]);
        // Every possible pair is covered or missing, once.
        for p in &cov.components {
            assert_eq!(
                p.covered.len() + p.missing.len(),
                (0..BUCKETS)
                    .filter(|&b| possible(
                        COMPONENTS.iter().position(|c| *c == p.component).unwrap(),
                        0,
                        b
                    ))
                    .count()
            );
        }
        let total: usize = cov.table.iter().flatten().map(|c| c.covered).sum();
        assert_eq!(total, cov.covered);
        // Scheme h, t, p; host h; port "+", "1"; path "/"; query "a", "%".
        assert_eq!(cov.covered, 9);
    }

    #[test]
    fn non_ascii_bytes_share_one_bucket() {
        let mut c = Counter::default();
        c.add("#é".as_bytes());
        c.add(b"#\xff\xfe");
        let cov = c.finish();
        let frag: Vec<_> = cov
            .components
            .iter()
            .filter(|p| p.component == "fragment")
            .map(|p| p.covered.clone())
            .collect();
        assert_eq!(frag, vec![vec!["non-ascii"], vec!["non-ascii"]]);
        assert_eq!(
            cov.table[6][8],
            Cell {
                covered: 2,
                possible: 2
            }
        );
    }

    #[test]
    fn the_table_has_a_row_per_component_and_a_cell_per_class() {
        let cov = Counter::default().finish();
        let table = cov.table();
        assert_eq!(table.lines().count(), 2 + COMPONENTS.len());
        assert!(table
            .lines()
            .all(|l| l.matches('|').count() == CLASSES.len() + 2));
        assert!(table.contains("| port | 0/104 | 0/20 |"));
        assert_eq!(cov.percent(), 0.0);
    }
}
