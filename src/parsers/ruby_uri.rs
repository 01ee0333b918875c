//! The card of ruby-uri: Ruby's `URI`.

use super::*;

/// `ruby-uri`.
pub const CARD: Card = Card {
    name: "ruby-uri",
    library: "URI.parse, URI.join (Ruby)",
    version: Version::Handshake {
        pinned: "the ruby on PATH",
    },
    profile: "ruby-uri",
    docs: &["https://docs.ruby-lang.org/en/master/URI.html"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        file: "ruby-uri.rb",
        source: include_str!("../../workers/ruby-uri.rb"),
        run: interpreted("ruby"),
        packages: &[Package::Debian("ruby")],
        needs: "ruby (Debian: ruby)",
    }),
    reproduce: Reproduce::RubyUri,
    schemes: Schemes::Any,
};
