//! The card of go-net-url: Go's `net/url`.

use super::*;

/// `go-net-url`.
pub const CARD: Card = Card {
    name: "go-net-url",
    library: "net/url: Parse, ResolveReference (Go)",
    version: Version::Handshake {
        pinned: "the go on PATH",
    },
    profile: "go-net-url",
    docs: &["https://pkg.go.dev/net/url"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        file: "go-net-url.go",
        source: include_str!("../../workers/go-net-url.go"),
        run: Run::Interpreted {
            program: "go",
            args: &["run"],
        },
        packages: &[Package::Debian("golang-go")],
        needs: "go (Debian: golang-go)",
    }),
    reproduce: Reproduce::GoNetUrl,
    schemes: Schemes::Any,
};
