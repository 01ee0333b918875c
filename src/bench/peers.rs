//! The peers: every in-process parser as the benches call it, through its library's own entry
//! points and not through its [`crate::subjects`] adapter, so that the figures are the
//! library's own and not the cost of filling the shared model.
//!
//! Each in-process adapter provides its peer itself ([`crate::subjects::Subject::direct`], in
//! its own file), and [`peers`] asks the one list of parsers
//! ([`crate::subjects::in_process`]) for them: a library added there is measured here with no
//! second list. Each operation is a closure over the input bytes that does what a user of the
//! library would do (parse; resolve against a base parsed once where the library allows it;
//! normalize to the normalized text) and answers whether the library accepted the input.

use crate::subjects::direct::Peer;

/// Every in-process parser that provides a peer, in registry order (those not compiled into
/// this build left out).
///
/// ```
/// let names: Vec<_> = uridiff::bench::peers().iter().map(|p| p.name).collect();
/// assert_eq!(names[0], "impl");
/// assert!(names.contains(&"fluent-uri"));
/// ```
pub fn peers() -> Vec<Peer> {
    crate::subjects::in_process()
        .iter()
        .filter_map(|s| s.direct())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Op;
    use crate::subjects;
    use crate::subjects::direct::{BASE, OPS};

    #[test]
    fn every_in_process_subject_is_a_peer_with_the_same_name_and_operations() {
        let peers = peers();
        let compiled: Vec<_> = subjects::in_process()
            .into_iter()
            .filter(|s| s.available().is_ok())
            .collect();
        // The one list: every compiled in-process subject has its peer, in the same order.
        assert_eq!(
            peers.iter().map(|p| p.name).collect::<Vec<_>>(),
            compiled
                .iter()
                .map(|s| s.info().name.as_str())
                .collect::<Vec<_>>()
        );
        for (p, s) in peers.iter().zip(&compiled) {
            for op in OPS {
                assert_eq!(
                    s.info().operations.contains(op),
                    p.has(op),
                    "{} {op}",
                    p.name
                );
            }
            if p.has(Op::Resolve) {
                assert!(
                    !p.resolve_note.is_empty(),
                    "{} says what resolve covers",
                    p.name
                );
            }
        }
    }

    #[test]
    fn peers_accept_a_plain_uri_and_resolve_against_the_base() {
        for p in peers() {
            for op in OPS {
                if let Some(run) = p.op(op, BASE) {
                    assert!(run(b"http://example.com/a/b?c#d"), "{} {op}", p.name);
                }
            }
            if p.name != "oracle-regex" {
                let parse = p.op(Op::Parse, BASE).unwrap();
                assert!(!parse(b"http://a b/\x7f"), "{} accepts a space", p.name);
            }
        }
    }
}
