//! The card of python-urllib3: urllib3's `util.parse_url` (PyPI).

use super::*;

/// `python-urllib3`.
pub const CARD: Card = Card {
    name: "python-urllib3",
    library: "urllib3 (PyPI): util.parse_url",
    version: PYPI_PINNED,
    profile: "python-urllib3",
    docs: &["https://urllib3.readthedocs.io/en/stable/reference/urllib3.util.html#urllib3.util.parse_url"],
    runs: Runs::Worker(Worker {
        operations: &[Op::Parse],
        components: ALL_EIGHT,
        decides_validity: false,
        file: "python-urllib3.py",
        source: include_str!("../../workers/python-urllib3.py"),
        run: Run::PythonVenv,
        packages: &[Package::PyPi("urllib3")],
        needs: PYPI_NEEDS,
    }),
    reproduce: Reproduce::PyPi(PyPiCall::Urllib3),
    // urllib3.util.parse_url parses URLs for urllib3's HTTP pool managers; "a text without a
    // scheme is read as an authority first"
    // (https://urllib3.readthedocs.io/en/stable/reference/urllib3.util.html#urllib3.util.parse_url).
    schemes: Schemes::Http { scheme_less: true },
};
