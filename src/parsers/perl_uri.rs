//! The card of perl-uri: Perl's `URI` module.

use super::*;

/// `perl-uri`.
pub const CARD: Card = Card {
    name: "perl-uri",
    library: "URI->new, new_abs, canonical, URI::eq (Perl)",
    version: DEBIAN_PINNED,
    profile: "perl-uri",
    docs: &["https://metacpan.org/pod/URI"],
    runs: Runs::Worker(Worker {
        operations: FOUR_OPS,
        components: ALL_EIGHT,
        decides_validity: false,
        file: "perl-uri.pl",
        source: include_str!("../../workers/perl-uri.pl"),
        run: interpreted("perl"),
        packages: &[Package::Debian("liburi-perl")],
        needs: "perl with the URI module (Debian: liburi-perl)",
    }),
    reproduce: Reproduce::PerlUri,
    schemes: Schemes::Any,
};
