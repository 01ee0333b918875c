//! The card of node-uri-js: `uri-js` (npm).

use super::*;

/// `node-uri-js`.
pub const CARD: Card = Card {
    name: "node-uri-js",
    library: "uri-js (npm): parse, resolve, normalize, equal",
    version: NPM_PINNED,
    profile: "rfc3986",
    docs: &["https://github.com/garycourt/uri-js"],
    runs: Runs::Worker(Worker {
        operations: FOUR_OPS,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        file: "node-uri-js-family.js",
        source: include_str!("../../workers/node-uri-js-family.js"),
        run: Run::NodePackages { args: &["uri-js"] },
        packages: &[Package::Npm("uri-js")],
        needs: NPM_NEEDS,
    }),
    reproduce: Reproduce::Npm(NpmCall::UriJsFamily("uri-js")),
    schemes: Schemes::Any,
};
