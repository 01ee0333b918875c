//! The card of node-urijs: URI.js (npm `urijs`).

use super::*;

/// `node-urijs`.
pub const CARD: Card = Card {
    name: "node-urijs",
    library: "URI.js (npm urijs): URI(), absoluteTo, normalize, equals",
    version: NPM_PINNED,
    profile: "urijs",
    docs: &["https://medialize.github.io/URI.js/docs.html"],
    runs: Runs::Worker(Worker {
        operations: FOUR_OPS,
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        file: "node-urijs.js",
        source: include_str!("../../workers/node-urijs.js"),
        run: Run::NodePackages { args: &[] },
        packages: &[Package::Npm("urijs")],
        needs: NPM_NEEDS,
    }),
    reproduce: Reproduce::Npm(NpmCall::Urijs),
    schemes: Schemes::Any,
};
