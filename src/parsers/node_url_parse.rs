//! The card of node-url-parse: `url-parse` (npm).

use super::*;

/// `node-url-parse`.
pub const CARD: Card = Card {
    name: "node-url-parse",
    library: "url-parse (npm): new Url(input, base)",
    version: NPM_PINNED,
    profile: "url-parse",
    docs: &["https://github.com/unshiftio/url-parse"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        file: "node-url-parse.js",
        source: include_str!("../../workers/node-url-parse.js"),
        run: Run::NodePackages { args: &[] },
        packages: &[Package::Npm("url-parse")],
        needs: NPM_NEEDS,
    }),
    reproduce: Reproduce::Npm(NpmCall::UrlParse),
    schemes: Schemes::Any,
};
