//! The card of node-whatwg-url: jsdom's `whatwg-url` (npm).

use super::*;

/// `node-whatwg-url`.
pub const CARD: Card = Card {
    name: "node-whatwg-url",
    library: "whatwg-url (npm): parseURL, serializeURL",
    version: NPM_PINNED,
    profile: "whatwg-url",
    docs: &["https://github.com/jsdom/whatwg-url"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        file: "node-whatwg-url.js",
        source: include_str!("../../workers/node-whatwg-url.js"),
        run: Run::NodePackages { args: &[] },
        packages: &[Package::Npm("whatwg-url")],
        needs: NPM_NEEDS,
    }),
    reproduce: Reproduce::Npm(NpmCall::WhatwgUrl),
    schemes: Schemes::Any,
};
