//! The cap on YAML alias expansion in a suite file, checked before the file is read into the
//! schema's types. YAML 1.2 (section 3.2.2.2, "Anchors and Aliases") lets an alias stand for
//! the whole node its anchor names, so a few lines of aliases of aliases ("billion laughs")
//! stand for a tree far larger than memory; reading them into owned values copies every
//! repetition. serde_yaml bounds the number of alias expansions (a hundred per event of the
//! file) but not the size of what each expands to: aliases of a long string took a gigabyte.
//!
//! One pass of serde_yaml over the file, expanding aliases as the real read does, counts nodes
//! and scalar bytes and stops at the cap without keeping anything: the file may stand for at
//! most one node per byte of its text plus [`MAX_EXTRA_NODES`], and for at most its own size
//! plus [`MAX_EXTRA_BYTES`] of scalars. A file without aliases never reaches either cap.

use std::cell::Cell;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};

/// The nodes aliases may add to a file beyond one per byte of its text.
pub const MAX_EXTRA_NODES: u64 = 1_000_000;

/// The scalar bytes aliases may add to a file beyond its own size.
pub const MAX_EXTRA_BYTES: u64 = 16 << 20;

/// How much a file may expand to, and how much it has so far.
struct Budget {
    nodes: Cell<u64>,
    bytes: Cell<u64>,
    max_nodes: u64,
    max_bytes: u64,
}

impl Budget {
    /// Counts one node of `bytes` scalar bytes; an error once past either cap.
    fn take<E: de::Error>(&self, bytes: usize) -> Result<(), E> {
        self.nodes.set(self.nodes.get() + 1);
        self.bytes
            .set(self.bytes.get().saturating_add(bytes as u64));
        if self.nodes.get() > self.max_nodes {
            return Err(E::custom(format!(
                "aliases expand the file to more than {} nodes (the cap: one per byte of the \
                 file plus {MAX_EXTRA_NODES}); write the repeated values out, or alias less",
                self.max_nodes
            )));
        }
        if self.bytes.get() > self.max_bytes {
            return Err(E::custom(format!(
                "aliases expand the file to more than {} bytes of scalars (the cap: the file's \
                 size plus {MAX_EXTRA_BYTES}); write the repeated values out, or alias less",
                self.max_bytes
            )));
        }
        Ok(())
    }
}

/// Visits every node of a document, aliases expanded, keeping nothing.
#[derive(Clone, Copy)]
struct Measure<'a>(&'a Budget);

impl<'de> DeserializeSeed<'de> for Measure<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Measure<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any YAML node")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        self.0.take(0)
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        self.0.take(0)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        self.0.take(0)
    }

    fn visit_i128<E: de::Error>(self, _: i128) -> Result<(), E> {
        self.0.take(0)
    }

    fn visit_u128<E: de::Error>(self, _: u128) -> Result<(), E> {
        self.0.take(0)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        self.0.take(0)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.0.take(v.len())
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<(), E> {
        self.0.take(v.len())
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.0.take(0)
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.0.take(0)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.0.take(0)?;
        while seq.next_element_seed(self)?.is_some() {}
        Ok(())
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.0.take(0)?;
        while map.next_key_seed(self)?.is_some() {
            map.next_value_seed(self)?;
        }
        Ok(())
    }

    /// A tagged node (`!tag value`): the tag, then the value.
    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<(), A::Error> {
        use de::VariantAccess;
        let ((), value) = data.variant_seed(self)?;
        value.newtype_variant_seed(self)
    }
}

/// Checks that the YAML `text` expands within the caps (see the module's doc); `Err` holds the
/// line and column where a cap was passed (1-based) and what the cap is. Text that is not YAML
/// passes: the schema's read reports it.
///
/// # Errors
///
/// The file expands past a cap, or past serde_yaml's own limit on alias expansions.
pub(super) fn check(text: &str) -> Result<(), (usize, usize, String)> {
    match measure(text, None) {
        Stop::Passed => Ok(()),
        Stop::Cap(line, column, message) => Err((line, column, message)),
        Stop::Repetition(nodes) => {
            // serde_yaml's own cap (a hundred alias expansions per event of the file) names no
            // place: read again, stopping at the node before, to find where it was reached.
            let (line, column) = match measure(text, Some(nodes.saturating_sub(1))) {
                Stop::Cap(line, column, _) => (line, column),
                _ => (1, 1),
            };
            Err((
                line,
                column,
                format!(
                    "aliases are expanded more than 100 times per YAML event of the file \
                     (serde_yaml's cap on alias expansion, reached after {nodes} nodes); write \
                     the repeated values out, or alias less"
                ),
            ))
        }
    }
}

/// How a measuring pass ended.
enum Stop {
    /// Within the caps (or not YAML: the schema's read says so).
    Passed,
    /// Past a cap of ours: line, column, message.
    Cap(usize, usize, String),
    /// Past serde_yaml's cap on alias expansions, after this many nodes.
    Repetition(u64),
}

/// One pass over `text`, with the node cap `max_nodes` if given, else the module's.
fn measure(text: &str, max_nodes: Option<u64>) -> Stop {
    let size = text.len() as u64;
    let budget = Budget {
        nodes: Cell::new(0),
        bytes: Cell::new(0),
        max_nodes: max_nodes.unwrap_or(size.saturating_add(MAX_EXTRA_NODES)),
        max_bytes: size.saturating_add(MAX_EXTRA_BYTES),
    };
    for document in serde_yaml::Deserializer::from_str(text) {
        let Err(e) = Measure(&budget).deserialize(document) else {
            continue;
        };
        let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or(&message);
        if message.contains("aliases expand the file to more than") {
            return Stop::Cap(line, column, message.to_owned());
        }
        if message.contains("repetition limit exceeded") {
            return Stop::Repetition(budget.nodes.get());
        }
        // Not YAML, or YAML the schema refuses: the schema's read says so, with its line.
        return Stop::Passed;
    }
    Stop::Passed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nine levels of nine aliases over `first`, in a case's `expect`.
    fn laughs(first: &str) -> String {
        let mut items = vec![format!("&a0 [{first}]")];
        for i in 1..10 {
            let refs = vec![format!("*a{}", i - 1); 9].join(", ");
            items.push(format!("&a{i} [{refs}]"));
        }
        format!(
            "suite: laughs\ncases:\n  - op: parse\n    input: a\n    expect: [{}]\n",
            items.join(", ")
        )
    }

    #[test]
    fn a_file_without_aliases_or_with_a_few_passes() {
        let plain = "suite: s\ncases:\n  - {op: parse, input: \"http://a\", expect: {host: a}}\n";
        assert!(check(plain).is_ok());
        let few = "suite: s\nx: &e {host: a}\ncases:\n  - {op: parse, input: a, expect: *e}\n  - {op: parse, input: b, expect: *e}\n";
        assert!(check(few).is_ok());
        assert!(check("not: [yaml").is_ok(), "left to the schema's read");
    }

    #[test]
    fn aliases_of_a_long_string_stop_at_the_byte_cap() {
        let text = laughs(&format!("\"{}\"", "x".repeat(100_000)));
        let (line, _, message) = check(&text).unwrap_err();
        assert!(message.contains("bytes of scalars"), "{message}");
        assert!(
            message.contains(&format!("plus {MAX_EXTRA_BYTES}")),
            "{message}"
        );
        assert_eq!(line, 5, "the line of the aliases: {message}");
    }

    #[test]
    fn a_few_aliases_of_a_long_list_stop_at_the_node_cap() {
        // A list of 100,000 nodes, aliased 20 times: 2,000,000 nodes from a file of 300 KB.
        let list = vec!["a"; 100_000].join(", ");
        let refs = vec!["*l"; 20].join(", ");
        let text = format!(
            "suite: s\ncases:\n  - op: parse\n    input: a\n    expect: [&l [{list}], {refs}]\n"
        );
        let (line, _, message) = check(&text).unwrap_err();
        assert!(
            message.contains("nodes (the cap: one per byte of the file plus"),
            "{message}"
        );
        assert!(
            message.contains(&format!(
                "more than {}",
                text.len() as u64 + MAX_EXTRA_NODES
            )),
            "{message}"
        );
        assert_eq!(line, 5, "{message}");
    }

    #[test]
    fn aliases_of_aliases_stop_at_serde_yamls_cap_with_the_count_said() {
        let (line, column, message) = check(&laughs(&["lol"; 9].join(", "))).unwrap_err();
        assert!(
            message.starts_with("aliases are expanded more than 100 times per YAML event"),
            "{message}"
        );
        assert!(
            line == 5 && column > 1,
            "placed in the aliases: {line}:{column}"
        );
    }
}
