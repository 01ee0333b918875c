//! The card of node-fast-uri: `fast-uri` (npm), of uri-js's API.

use super::*;

/// `node-fast-uri`.
pub const CARD: Card = Card {
    name: "node-fast-uri",
    library: "fast-uri (npm): parse, resolve, normalize, equal",
    version: NPM_PINNED,
    profile: "rfc3986",
    docs: &["https://github.com/fastify/fast-uri"],
    runs: Runs::Worker(Worker {
        operations: FOUR_OPS,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        file: "node-uri-js-family.js",
        source: include_str!("../../workers/node-uri-js-family.js"),
        run: Run::NodePackages {
            args: &["fast-uri"],
        },
        packages: &[Package::Npm("fast-uri")],
        needs: NPM_NEEDS,
    }),
    reproduce: Reproduce::Npm(NpmCall::UriJsFamily("fast-uri")),
    schemes: Schemes::Any,
};
