//! The card of python-furl: `furl` (PyPI).

use super::*;

/// `python-furl`.
pub const CARD: Card = Card {
    name: "python-furl",
    library: "furl (PyPI): furl, furl.join",
    version: PYPI_PINNED,
    profile: "python-furl",
    docs: &["https://github.com/gruns/furl"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_EIGHT,
        decides_validity: false,
        file: "python-furl.py",
        source: include_str!("../../workers/python-furl.py"),
        run: Run::PythonVenv,
        packages: &[Package::PyPi("furl")],
        needs: PYPI_NEEDS,
    }),
    reproduce: Reproduce::PyPi(PyPiCall::Furl),
    schemes: Schemes::Any,
};
