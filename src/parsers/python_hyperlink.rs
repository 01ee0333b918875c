//! The card of python-hyperlink: `hyperlink` (PyPI).

use super::*;

/// `python-hyperlink`.
pub const CARD: Card = Card {
    name: "python-hyperlink",
    library: "hyperlink (PyPI): parse(decoded=False), URL.click, URL.normalize",
    version: PYPI_PINNED,
    profile: "rfc3986",
    docs: &["https://hyperlink.readthedocs.io/"],
    runs: Runs::Worker(Worker {
        operations: &[Op::Parse, Op::Resolve, Op::Normalize],
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        file: "python-hyperlink.py",
        source: include_str!("../../workers/python-hyperlink.py"),
        run: Run::PythonVenv,
        packages: &[Package::PyPi("hyperlink")],
        needs: PYPI_NEEDS,
    }),
    reproduce: Reproduce::PyPi(PyPiCall::Hyperlink),
    schemes: Schemes::Any,
};
