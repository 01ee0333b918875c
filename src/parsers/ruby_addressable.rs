//! The card of ruby-addressable: Addressable (Debian 12).

use super::*;

/// `ruby-addressable`.
pub const CARD: Card = Card {
    name: "ruby-addressable",
    library: "Addressable::URI.parse, join, normalize, == (Ruby)",
    version: DEBIAN_PINNED,
    profile: "rfc3987-iri",
    docs: &["https://www.rubydoc.info/gems/addressable/Addressable/URI"],
    runs: Runs::Worker(Worker {
        operations: FOUR_OPS,
        components: ALL_EIGHT,
        decides_validity: false,
        file: "ruby-addressable.rb",
        source: include_str!("../../workers/ruby-addressable.rb"),
        run: interpreted("ruby"),
        packages: &[Package::Debian("ruby-addressable")],
        needs: "ruby with Addressable (Debian: ruby-addressable)",
    }),
    reproduce: Reproduce::Debian(DebianCall::Addressable),
    schemes: Schemes::Any,
};
