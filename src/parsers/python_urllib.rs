//! The card of python-urllib: Python's `urllib.parse`.

use super::*;

/// `python-urllib`.
pub const CARD: Card = Card {
    name: "python-urllib",
    library: "urllib.parse: urlsplit, urljoin (CPython)",
    version: Version::Handshake {
        pinned: "the python3 on PATH (its standard library)",
    },
    profile: "python-urllib",
    docs: &["https://docs.python.org/3/library/urllib.parse.html"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_EIGHT,
        decides_validity: false,
        file: "python-urllib.py",
        source: include_str!("../../workers/python-urllib.py"),
        run: interpreted("python3"),
        packages: &[],
        needs: "python3",
    }),
    reproduce: Reproduce::PythonUrllib,
    schemes: Schemes::Any,
};
