//! The boundary set: a deterministic list of inputs that puts every ASCII byte and two
//! non-ASCII samples at the start of, and inside, each component of a URI reference, one byte
//! at a time, the rest of the input plain, so each input tests one thing.
//!
//! The components are those of [RFC 3986 Appendix B]'s split (scheme, authority, path, query,
//! fragment; section 3), with the authority taken apart as section 3.2 writes it
//! (`[ userinfo "@" ] host [ ":" port ]`). For each component, each byte 0x00..=0x7F and each
//! of [`NON_ASCII`] (a UTF-8 `é` and a lone 0xFF byte, which is no UTF-8 at all), there are
//! two inputs: the byte before the component's plain value (`first`) and after its first
//! character (`inside`). Every other part of the input is the scaffold's.
//!
//! - Parse inputs (`op: parse`, RFC 3986) around `http://user@host:80/path?query#frag`; the
//!   path is tried in `http:path?query#frag`, since in a URI with an authority the path can
//!   only start with `/` (section 3.3).
//! - The userinfo, host and port again after a scheme the URL Standard does not call special
//!   (`foo://user@host:80/path?query#frag`): there browsers read an opaque host (the URL
//!   Standard's "opaque-host parser") and a `\` ends nothing, so a library that reads every
//!   scheme as http, or none as it, shows only here.
//! - Resolution references (`op: resolve`) against [`BASE`], one for each relative form of
//!   section 4.2 and each of their parts: the first path segment of `ab/cd`, its later segment,
//!   the query of `?cd`, the fragment of `#cd`, and the userinfo, host and port of the
//!   network-path reference `//user@host:80/path`.
//!
//! Where the byte is the value's first character (`h` in `host`), the two inputs are the same
//! (`hhost`) and the set holds it once, as `first`: 17 fewer than 17 places by 130 samples by 2.
//!
//! A byte that ends its component (a `/` in a host, a `#` in a query) does not stay in it: the
//! input still tests the boundary, where a parser must end the component, and the split puts
//! the byte in the next one. [`targets`] lists the (component, position, byte) pairs the set
//! puts in place by Appendix B's split (`report_model::coverage` counts them): every pair the split
//! can produce (the tests check that the set's own inputs cover all of them).
//!
//! Each task's origin names it: `boundary/host/first/0x2b`, `boundary/resolve/query/inside/0xff`,
//! `boundary/path/first/0xc3a9`.
//!
//! [RFC 3986 Appendix B]: https://datatracker.ietf.org/doc/html/rfc3986#appendix-B

use uri_spec::Edition;

use crate::engine::Task;
use crate::model::Op;

/// The base of every resolution reference: the base of RFC 3986 section 5.4's examples, plain.
pub const BASE: &[u8] = b"http://a/b/c/d;p?q";

/// The non-ASCII samples: `é` in UTF-8, and 0xFF, a byte that begins no UTF-8 sequence.
pub const NON_ASCII: [&[u8]; 2] = ["é".as_bytes(), b"\xff"];

/// One place a byte is put: a scaffold cut at the component's value.
#[derive(Debug, Clone, Copy)]
struct Place {
    /// The origin's middle part: `host`, `resolve/path-segment`, ...
    name: &'static str,
    /// The operation.
    op: Op,
    /// The scaffold before the component's value.
    before: &'static str,
    /// The component's plain value (two characters at least, so `inside` is inside).
    value: &'static str,
    /// The scaffold after it.
    after: &'static str,
}

/// Every place, parse inputs first.
const PLACES: [Place; 17] = [
    Place {
        name: "scheme",
        op: Op::Parse,
        before: "",
        value: "http",
        after: "://user@host:80/path?query#frag",
    },
    Place {
        name: "userinfo",
        op: Op::Parse,
        before: "http://",
        value: "user",
        after: "@host:80/path?query#frag",
    },
    Place {
        name: "host",
        op: Op::Parse,
        before: "http://user@",
        value: "host",
        after: ":80/path?query#frag",
    },
    Place {
        name: "port",
        op: Op::Parse,
        before: "http://user@host:",
        value: "80",
        after: "/path?query#frag",
    },
    // The authority after a scheme that is not special (URL Standard, "special scheme").
    Place {
        name: "non-special/userinfo",
        op: Op::Parse,
        before: "foo://",
        value: "user",
        after: "@host:80/path?query#frag",
    },
    Place {
        name: "non-special/host",
        op: Op::Parse,
        before: "foo://user@",
        value: "host",
        after: ":80/path?query#frag",
    },
    Place {
        name: "non-special/port",
        op: Op::Parse,
        before: "foo://user@host:",
        value: "80",
        after: "/path?query#frag",
    },
    // A path with no authority before it, so that any byte can start it.
    Place {
        name: "path",
        op: Op::Parse,
        before: "http:",
        value: "path",
        after: "?query#frag",
    },
    Place {
        name: "query",
        op: Op::Parse,
        before: "http://user@host:80/path?",
        value: "query",
        after: "#frag",
    },
    Place {
        name: "fragment",
        op: Op::Parse,
        before: "http://user@host:80/path?query#",
        value: "frag",
        after: "",
    },
    Place {
        name: "resolve/path",
        op: Op::Resolve,
        before: "",
        value: "ab",
        after: "/cd",
    },
    Place {
        name: "resolve/path-segment",
        op: Op::Resolve,
        before: "ab/",
        value: "cd",
        after: "",
    },
    Place {
        name: "resolve/query",
        op: Op::Resolve,
        before: "?",
        value: "cd",
        after: "",
    },
    Place {
        name: "resolve/fragment",
        op: Op::Resolve,
        before: "#",
        value: "cd",
        after: "",
    },
    Place {
        name: "resolve/userinfo",
        op: Op::Resolve,
        before: "//",
        value: "user",
        after: "@host:80/path",
    },
    Place {
        name: "resolve/host",
        op: Op::Resolve,
        before: "//user@",
        value: "host",
        after: ":80/path",
    },
    Place {
        name: "resolve/port",
        op: Op::Resolve,
        before: "//user@host:",
        value: "80",
        after: "/path",
    },
];

/// The bytes tried: 0x00..=0x7F, then [`NON_ASCII`].
fn samples() -> impl Iterator<Item = Vec<u8>> {
    (0u8..0x80)
        .map(|b| vec![b])
        .chain(NON_ASCII.iter().map(|s| s.to_vec()))
}

/// A sample's name in an origin: `0x2b`, `0xc3a9`.
fn hex(sample: &[u8]) -> String {
    let digits: String = sample.iter().map(|b| format!("{b:02x}")).collect();
    format!("0x{digits}")
}

/// The boundary set: for every place and every sample, the `first` and the `inside` input, in
/// that order (parse inputs, then resolution references; an `inside` input the same as its
/// `first` left out); the same list on every call.
///
/// # Examples
///
/// ```
/// use uridiff::model::Op;
///
/// let set = uridiff::generate::boundary::tasks();
/// assert_eq!(set, uridiff::generate::boundary::tasks());
/// let port = set.iter().find(|t| t.origin == "boundary/port/first/0x2b").unwrap();
/// assert_eq!(port.input, b"http://user@host:+80/path?query#frag");
/// let q = set.iter().find(|t| t.origin == "boundary/resolve/query/inside/0x23").unwrap();
/// assert_eq!((q.op, &q.input[..], q.second.as_deref()), (Op::Resolve, &b"?c#d"[..], Some(uridiff::generate::boundary::BASE)));
/// ```
pub fn tasks() -> Vec<Task> {
    let mut out = Vec::new();
    for place in PLACES {
        for sample in samples() {
            for (position, at) in [("first", 0), ("inside", 1)] {
                let mut input = place.before.as_bytes().to_vec();
                input.extend_from_slice(&place.value.as_bytes()[..at]);
                input.extend_from_slice(&sample);
                input.extend_from_slice(&place.value.as_bytes()[at..]);
                input.extend_from_slice(place.after.as_bytes());
                // The sample is the value's first character: `inside` is `first` again.
                if at == 1 && sample == place.value.as_bytes()[..1] {
                    continue;
                }
                let origin = format!("boundary/{}/{position}/{}", place.name, hex(&sample));
                out.push(Task {
                    op: place.op,
                    second: (place.op == Op::Resolve).then(|| BASE.to_vec()),
                    input,
                    edition: Edition::Rfc3986,
                    origin,
                });
            }
        }
    }
    out
}

/// The (component, position, byte) pairs the set targets, as `report_model::coverage` indexes them
/// (component of `report_model::coverage::COMPONENTS`, position 0 first or 1 inside, byte bucket):
/// every pair Appendix B's split can produce.
pub fn targets() -> Vec<(usize, usize, usize)> {
    use crate::report_model::coverage::{possible, BUCKETS, COMPONENTS};
    let mut out = Vec::new();
    for c in 0..COMPONENTS.len() {
        for p in 0..2 {
            for b in (0..BUCKETS).filter(|&b| possible(c, p, b)) {
                out.push((c, p, b));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report_model::coverage::{bucket, split, Counter, COMPONENTS};

    #[test]
    fn the_set_is_deterministic_and_in_the_low_thousands() {
        let set = tasks();
        assert_eq!(set, tasks());
        // One input left out per place: the sample that is the value's first character.
        assert_eq!(set.len(), PLACES.len() * (130 * 2 - 1));
        assert!(set.len() < 5000);
        let origins: std::collections::HashSet<&str> =
            set.iter().map(|t| t.origin.as_str()).collect();
        assert_eq!(origins.len(), set.len(), "every origin names one input");
        let jobs: std::collections::HashSet<_> = set
            .iter()
            .map(|t| (t.op, &t.input[..], t.second.as_deref()))
            .collect();
        assert_eq!(jobs.len(), set.len(), "no two inputs are the same job");
    }

    #[test]
    fn the_set_covers_every_pair_it_targets() {
        let mut counter = Counter::default();
        for t in tasks() {
            counter.add(&t.input);
        }
        let missing: Vec<String> = targets()
            .into_iter()
            .filter(|&(c, p, b)| !counter.seen(c, p, b))
            .map(|(c, p, b)| format!("{} {p} {b:#x}", COMPONENTS[c]))
            .collect();
        assert!(missing.is_empty(), "not covered: {missing:?}");
        let cov = counter.finish();
        assert_eq!(cov.covered, cov.possible);
        assert_eq!(cov.possible, targets().len());
    }

    #[test]
    fn each_input_differs_from_its_scaffold_in_the_intended_place_only() {
        for t in tasks() {
            let mut parts = t.origin.split('/').skip(1).collect::<Vec<_>>();
            let sample = parts.pop().expect("a byte");
            let position = parts.pop().expect("a position");
            let name = parts.join("/");
            let place = PLACES
                .iter()
                .find(|p| p.name == name)
                .expect("a place of the origin");
            let scaffold = [place.before, place.value, place.after].concat();
            let at = place.before.len() + usize::from(position == "inside");
            let sample_bytes = &t.input[at..t.input.len() - (scaffold.len() - at)];
            assert_eq!(hex(sample_bytes), sample, "{}", t.origin);
            let mut without = t.input[..at].to_vec();
            without.extend_from_slice(&t.input[at + sample_bytes.len()..]);
            assert_eq!(without, scaffold.as_bytes(), "{}", t.origin);
        }
    }

    #[test]
    fn a_byte_that_stays_in_its_component_lands_where_the_origin_says() {
        // Plain letters and digits never end a component: the split puts them exactly at the
        // place named (the resolution references name the component after `resolve/`, the path's
        // later segment counting as the path).
        for t in tasks().iter().filter(|t| t.origin.ends_with("/0x41")) {
            let rest = t
                .origin
                .trim_start_matches("boundary/")
                .trim_start_matches("resolve/")
                .trim_start_matches("non-special/");
            let (component, position) = rest.split_once('/').expect("component/position");
            let position = position.split('/').next().expect("a position");
            let component = if component == "path-segment" {
                "path"
            } else {
                component
            };
            let c = COMPONENTS
                .iter()
                .position(|n| *n == component)
                .expect("a component");
            let value = split(&t.input)[c].expect("the component is defined");
            let i = value
                .iter()
                .position(|&b| b == b'A')
                .expect("the byte is in it");
            match (t.origin.contains("path-segment"), position) {
                (false, "first") => assert_eq!(i, 0, "{}", t.origin),
                _ => assert!(i > 0, "{}", t.origin),
            }
            assert_eq!(bucket(value[i]), 0x41);
        }
    }

    #[test]
    fn the_plain_scaffolds_are_valid_rfc_3986_references() {
        for place in PLACES {
            let scaffold = [place.before, place.value, place.after].concat();
            assert!(uri_spec::parse(scaffold.as_bytes()).is_ok(), "{scaffold}");
        }
    }
}
