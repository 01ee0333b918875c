//! The card of node-legacy-url: Node.js's legacy `url.parse`.

use super::*;

/// `node-legacy-url`.
pub const CARD: Card = Card {
    name: "node-legacy-url",
    library: "url.parse, url.resolve (Node.js)",
    version: Version::Handshake {
        pinned: "the node on PATH",
    },
    profile: "node-legacy-url",
    docs: &["https://nodejs.org/api/url.html#legacy-url-api"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        file: "node-legacy-url.js",
        source: include_str!("../../workers/node-legacy-url.js"),
        run: interpreted("node"),
        packages: &[Package::Debian("nodejs")],
        needs: "node (Debian: nodejs)",
    }),
    reproduce: Reproduce::NodeLegacyUrl,
    schemes: Schemes::Any,
};
