#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): rfc3987 (PyPI).

rfc3987 is "Parsing and validation of URIs (RFC 3986) and IRIs (RFC 3987)" by regular
expressions built from the RFCs' grammars. parse = rfc3987.parse(text, rule="URI_reference"):
it raises ValueError for a text the rule does not match, else gives a dict of the five parts
scheme, authority, path, query and fragment, None where the part is absent ('' where it is
empty), reported as they are; the rule has no group for userinfo, host or port, which are
therefore not declared. Nothing is changed while parsing ("serialization" is
rfc3987.compose(**parts)). resolve = both operands checked with parse(rule="URI_reference"),
then rfc3987.resolve(base, reference) (strict=True, its default: RFC 3986 5.2.2's strict
parser; its docstring's "Resolves an URI reference relative to a base URI" validates nothing
itself). It takes text only: a non-UTF-8 input is rejected with code "not-utf8". It decides
validity.
"""
import importlib.metadata
import os
import sys

# The protocol's side, shared by every shipped Python worker (and offered to library maintainers):
# workers/sdk/uridiff_worker.py, written beside the workers in uridiff's cache.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sdk"))
import uridiff_worker  # noqa: E402
from uridiff_worker import give  # noqa: E402

rfc3987 = uridiff_worker.require("rfc3987")

COMPONENTS = ["scheme", "authority", "path", "query", "fragment"]
RULE = "URI_reference"


def handshake():
    """The handshake's fields, as uridiff_worker.serve() takes them (it adds the protocol and
    the operations OPS offers)."""
    version = importlib.metadata.version("rfc3987")
    return {
        "name": "python-rfc3987",
        "version": version,
        "profile": "rfc3986",
        "components": COMPONENTS,
        "decides_validity": True,
        "library": "rfc3987 %s (Python %s): parse(rule=%r), resolve"
        % (version, sys.version.split()[0], RULE),
        "notes": ["no userinfo, host or port: the URI_reference rule does not split the authority"],
    }


def parse(value):
    # The library's calls, marked: its exception is its answer; the rest is this worker's.
    with uridiff_worker.library():
        parts = rfc3987.parse(value, rule=RULE)
        serialization = rfc3987.compose(**parts)
    return {
        "outcome": "accepted",
        "components": {name: give(parts[name]) for name in COMPONENTS},
        "serialization": give(serialization),
    }


def resolve(base, reference):
    with uridiff_worker.library():
        rfc3987.parse(base, rule=RULE)
        rfc3987.parse(reference, rule=RULE)
        resolved = rfc3987.resolve(base, reference)
    return {"outcome": "accepted", "value": give(resolved)}


OPS = {"parse": parse, "resolve": resolve}


if __name__ == "__main__":
    # Coverage of rfc3987's own files, when uridiff asks (workers/README.md, "Coverage").
    uridiff_worker.serve(**handshake(), **OPS, coverage_modules=["rfc3987"])
