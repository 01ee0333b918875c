//! References from each edition's grammar as printed: a derivation of the edition's default
//! rule (`url` for 1994, `URL-reference` for 1996, `URI-reference` later) over the oracle's
//! transcription of the document (`oracle/grammars/*.txt`), every choice drawn from an
//! `Unstructured`.
//!
//! The grammars, not impl, shape these inputs, so each edition's own character sets, rule
//! variants and 1994's scheme-specific URLs all appear. Each result is a member of the rule
//! (pure membership); where the document's own reading refuses a member (a path that begins
//! with `//`, a first segment with a colon) impl and the oracle are expected to say so, and
//! that edge is what the differential targets probe.

use arbitrary::Unstructured;
use uri_oracle::grammar::Grammar;
use uri_spec::Edition;

use super::{below, int};

/// The least and greatest length budget of a derivation (the result ends soon after it).
const BUDGET: (u32, u32) = (4, 120);

/// A reference derived from `edition`'s grammar, its choices drawn from `u`: a member of the
/// edition's default rule, usually under 200 bytes.
///
/// # Examples
///
/// ```
/// use arbitrary::Unstructured;
/// use uri_oracle::grammar::{Grammar, Reading, Verdict};
/// use uri_spec::Edition;
///
/// let r = uridiff::generate::reference(&mut Unstructured::new(&[9; 300]), Edition::UriUrl06);
/// let g = Grammar::for_edition("draft-ietf-uri-url-06")?;
/// assert_eq!(g.recognize(None, &r, Reading::Membership)?, Verdict::Valid);
/// # Ok::<(), uri_oracle::OracleError>(())
/// ```
pub fn reference(u: &mut Unstructured<'_>, edition: Edition) -> Vec<u8> {
    let Ok(grammar) = Grammar::for_edition(edition.id()) else {
        // Every edition has a grammar (the oracle's tests read them all).
        return Vec::new();
    };
    let budget = int(u, BUDGET.0, BUDGET.1) as usize;
    grammar
        .derive(None, budget, &mut |n| below(u, n))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::seeded;
    use uri_oracle::grammar::{Reading, Verdict};

    #[test]
    fn every_edition_derives_members_of_its_grammar() {
        for edition in Edition::ALL {
            let g = Grammar::for_edition(edition.id()).ok().unwrap();
            let mut distinct = std::collections::BTreeSet::new();
            for i in 0..200 {
                let bytes = seeded(17, i);
                let r = reference(&mut Unstructured::new(&bytes), edition);
                assert!(r.len() < 1000, "{edition}: {}", r.len());
                let v = g.recognize(None, &r, Reading::Membership).ok();
                assert_eq!(
                    v,
                    Some(Verdict::Valid),
                    "{edition} {:?}",
                    String::from_utf8_lossy(&r)
                );
                distinct.insert(r);
            }
            assert!(distinct.len() > 150, "{edition}: {}", distinct.len());
        }
    }

    #[test]
    fn impl_accepts_most_derivations() {
        // The document's reading refuses some members (see the module docs), but not most.
        for edition in Edition::ALL {
            let accepted = (0..300)
                .filter(|i| {
                    let bytes = seeded(23, *i);
                    let r = reference(&mut Unstructured::new(&bytes), edition);
                    uri_spec::Parser::new().edition(edition).parse(&r).is_ok()
                })
                .count();
            assert!(accepted > 150, "{edition}: {accepted} of 300");
        }
    }
}
