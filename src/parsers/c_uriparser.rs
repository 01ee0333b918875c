//! The card of c-uriparser: uriparser, a C library of RFC 3986 (Debian 12).

use super::*;

/// `c-uriparser`.
pub const CARD: Card = Card {
    name: "c-uriparser",
    library: "uriparser: uriParseSingleUriA, uriAddBaseUriA, uriNormalizeSyntaxA, uriEqualsUriA",
    version: DEBIAN_PINNED,
    profile: "rfc3986",
    docs: &["https://uriparser.github.io/doc/api/latest/"],
    runs: Runs::Worker(Worker {
        operations: FOUR_OPS,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        file: "c-uriparser.c",
        source: include_str!("../../workers/c-uriparser.c"),
        run: Run::Compiled {
            libs: &["-luriparser"],
        },
        packages: &[Package::Debian("gcc"), Package::Debian("liburiparser-dev")],
        needs: "cc and uriparser's headers (Debian: gcc, liburiparser-dev)",
    }),
    reproduce: Reproduce::Debian(DebianCall::Uriparser),
    schemes: Schemes::Any,
};
