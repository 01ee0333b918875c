//! The card of perl-mojo-url: Mojolicious's `Mojo::URL` (Debian 12).

use super::*;

/// `perl-mojo-url`.
pub const CARD: Card = Card {
    name: "perl-mojo-url",
    library: "Mojo::URL->new, to_abs (Perl)",
    version: DEBIAN_PINNED,
    profile: "mojo-url",
    docs: &["https://docs.mojolicious.org/Mojo/URL"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        file: "perl-mojo-url.pl",
        source: include_str!("../../workers/perl-mojo-url.pl"),
        run: interpreted("perl"),
        packages: &[Package::Debian("libmojolicious-perl")],
        needs: "perl with Mojolicious (Debian: libmojolicious-perl)",
    }),
    reproduce: Reproduce::Debian(DebianCall::MojoUrl),
    schemes: Schemes::Any,
};
