//! The card of python-rfc3987: `rfc3987` (PyPI).

use super::*;

/// `python-rfc3987`.
pub const CARD: Card = Card {
    name: "python-rfc3987",
    library: "rfc3987 (PyPI): parse(rule='URI_reference'), resolve",
    version: PYPI_PINNED,
    profile: "rfc3986",
    docs: &["https://pypi.org/project/rfc3987/"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: FIVE_PARTS,
        decides_validity: true,
        file: "python-rfc3987.py",
        source: include_str!("../../workers/python-rfc3987.py"),
        run: Run::PythonVenv,
        packages: &[Package::PyPi("rfc3987")],
        needs: PYPI_NEEDS,
    }),
    reproduce: Reproduce::PyPi(PyPiCall::Rfc3987),
    schemes: Schemes::Any,
};
