//! The card of node-whatwg: Node.js's WHATWG `URL` class.

use super::*;

/// `node-whatwg`.
pub const CARD: Card = Card {
    name: "node-whatwg",
    library: "WHATWG URL (Node.js): new URL(input[, base])",
    version: Version::Handshake {
        pinned: "the node on PATH",
    },
    profile: "whatwg-url",
    docs: &["https://nodejs.org/api/url.html#the-whatwg-url-api"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        file: "node-whatwg.js",
        source: include_str!("../../workers/node-whatwg.js"),
        run: interpreted("node"),
        packages: &[Package::Debian("nodejs")],
        needs: "node (Debian: nodejs)",
    }),
    reproduce: Reproduce::NodeWhatwg,
    schemes: Schemes::Any,
};
