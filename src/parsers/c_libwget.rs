//! The card of c-libwget: GNU Wget2's libwget (Debian 12).

use super::*;

/// `c-libwget`.
pub const CARD: Card = Card {
    name: "c-libwget",
    library: "libwget: wget_iri_parse, wget_iri_parse_base",
    version: DEBIAN_PINNED,
    profile: "libwget",
    docs: &["https://gnuwget.gitlab.io/wget2/reference/group__libwget-iri.html"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        file: "c-libwget.c",
        source: include_str!("../../workers/c-libwget.c"),
        run: Run::Compiled { libs: &["-lwget"] },
        packages: &[Package::Debian("gcc"), Package::Debian("wget2-dev")],
        needs: "cc and libwget's headers (Debian: gcc, wget2-dev)",
    }),
    reproduce: Reproduce::Debian(DebianCall::Libwget),
    // libwget's wget_iri_parse knows http and https, and puts "http://" before an input
    // without a scheme
    // (https://gnuwget.gitlab.io/wget2/reference/group__libwget-iri.html).
    schemes: Schemes::Http { scheme_less: true },
};
