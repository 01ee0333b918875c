//! The card of python-uritools: `uritools` (PyPI).

use super::*;

/// `python-uritools`.
pub const CARD: Card = Card {
    name: "python-uritools",
    library: "uritools (PyPI): urisplit, urijoin",
    version: PYPI_PINNED,
    profile: "rfc3986",
    docs: &["https://uritools.readthedocs.io/"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_EIGHT,
        decides_validity: false,
        file: "python-uritools.py",
        source: include_str!("../../workers/python-uritools.py"),
        run: Run::PythonVenv,
        packages: &[Package::PyPi("uritools")],
        needs: PYPI_NEEDS,
    }),
    reproduce: Reproduce::PyPi(PyPiCall::Uritools),
    schemes: Schemes::Any,
};
