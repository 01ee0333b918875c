//! A case of the rules the fix of URI.js's false alarms added (src/engine/profile/urijs.rs;
//! the others are the rules' own examples): URI.js's reading of a liberal host, played by a
//! double that answers as URI.js 1.19.11 printed, and the same double one step off.

use uri_spec::Edition;
use uridiff::model::{Component, Outcome, Parsed};

use super::{fired, plays, split_with};

const U: &str = "node-urijs";

/// `URI.parse("p://::0")`, as run here: hostname `::0`, port null, path `/` (parseHost: "we're a
/// liberal parser", then `parts.port = null`), where RFC 3986 rejects the input and the split
/// reads a port `0` after the last ":".
#[test]
fn a_liberal_host_has_no_port_where_the_split_reads_one() {
    // The reference rejects the input: the double answers the split, then URI.js's reading.
    fn read(input: &[u8], port: Option<&str>) -> Outcome<Parsed> {
        let read = [
            (Component::Host, Some("::0")),
            (Component::Path, Some("/")),
            (Component::Port, port),
        ];
        split_with(input, &read)
    }
    let answer = |port: bool| {
        if port {
            plays(U, "urijs", Edition::Rfc3986, |i, _| read(i, Some("0")))
        } else {
            plays(U, "urijs", Edition::Rfc3986, |i, _| read(i, None))
        }
    };
    let liberal = |rules: &[String]| rules.iter().any(|r| r.contains("liberal parser"));
    let rules = fired(answer(false), "p://::0");
    assert!(liberal(&rules), "{rules:?}");
    // Every difference of that answer from the split is by design.
    let engine = uridiff::engine::Engine::new(vec![answer(false)]);
    let found =
        engine.findings(&engine.run_one(&uridiff::engine::Task::parse(b"p://::0".to_vec(), "t")));
    let lenient = |f: &&uridiff::engine::Finding| {
        matches!(f.signature.class, uridiff::engine::Class::Lenient(_))
    };
    assert!(
        found.iter().filter(lenient).all(|f| f.rule.is_some()),
        "{found:?}"
    );
    // One step off: a port read after all is not what parseHost does.
    let engine = uridiff::engine::Engine::new(vec![answer(true)]);
    let found =
        engine.findings(&engine.run_one(&uridiff::engine::Task::parse(b"p://::0".to_vec(), "t")));
    assert!(found.iter().any(|f| f.rule.is_none()), "{found:?}");
}
