//! The card of python-yarl: `yarl` (PyPI).

use super::*;

/// `python-yarl`.
pub const CARD: Card = Card {
    name: "python-yarl",
    library: "yarl (PyPI): URL, URL.join",
    version: PYPI_PINNED,
    profile: "python-yarl",
    docs: &["https://yarl.aio-libs.org/"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_EIGHT,
        decides_validity: false,
        file: "python-yarl.py",
        source: include_str!("../../workers/python-yarl.py"),
        run: Run::PythonVenv,
        packages: &[Package::PyPi("yarl")],
        needs: PYPI_NEEDS,
    }),
    reproduce: Reproduce::PyPi(PyPiCall::Yarl),
    schemes: Schemes::Any,
};
