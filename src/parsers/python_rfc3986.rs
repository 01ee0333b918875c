//! The card of python-rfc3986: the `rfc3986` package of PyPI.

use super::*;

/// `python-rfc3986`.
pub const CARD: Card = Card {
    name: "python-rfc3986",
    library: "rfc3986 (PyPI): uri_reference, resolve_with, normalize",
    version: PYPI_PINNED,
    profile: "rfc3986",
    docs: &["https://rfc3986.readthedocs.io/"],
    runs: Runs::Worker(Worker {
        operations: FOUR_OPS,
        components: ALL_EIGHT,
        decides_validity: true,
        file: "python-rfc3986.py",
        source: include_str!("../../workers/python-rfc3986.py"),
        run: Run::PythonVenv,
        packages: &[Package::PyPi("rfc3986")],
        needs: PYPI_NEEDS,
    }),
    reproduce: Reproduce::PythonRfc3986,
    schemes: Schemes::Any,
};
