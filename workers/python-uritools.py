#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): uritools (PyPI).

uritools is an "RFC 3986 compliant, scheme-agnostic replacement for urllib.parse" (its
module documentation). parse = uritools.urisplit(text) ("Split a well-formed URI reference
string into a tuple with five components"): the RFC 3986 Appendix B split, which validates nothing. The
components are the SplitResult's raw attributes, never the decoding get*() methods: scheme,
authority, userinfo, host (an IPv6 literal keeps its brackets), port (the text after the
host's ":"), path, query and fragment, None where urisplit gives None (it keeps an empty
query or fragment apart from none). "serialization" is geturi(). resolve = uritools.urijoin(base,
reference), with its default strict=False: RFC 3986 5.2.2's non-strict parser, which ignores
a reference's scheme when it is the base's ("http:g" against "http://a/b/c/d;p?q" is
"http://a/b/c/g"). It takes text only: a non-UTF-8 input is rejected with code "not-utf8".
Nothing decides validity.
"""
import importlib.metadata
import os
import sys

# The protocol's side, shared by every shipped Python worker (and offered to library maintainers):
# workers/sdk/uridiff_worker.py, written beside the workers in uridiff's cache.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sdk"))
import uridiff_worker  # noqa: E402
from uridiff_worker import give  # noqa: E402

uritools = uridiff_worker.require("uritools")

COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]


def handshake():
    """The handshake's fields, as uridiff_worker.serve() takes them (it adds the protocol and
    the operations OPS offers)."""
    version = importlib.metadata.version("uritools")
    return {
        "name": "python-uritools",
        "version": version,
        "profile": "rfc3986",
        "components": COMPONENTS,
        "decides_validity": False,
        "library": "uritools %s (Python %s): urisplit, urijoin" % (version, sys.version.split()[0]),
        "notes": ["urisplit is RFC 3986 Appendix B's split: nothing is validated"],
    }


def parse(value):
    # The library's calls, marked: its exception is its answer; the rest is this worker's.
    # urisplit's result works out host and port when they are read, so they are read here.
    with uridiff_worker.library():
        parts = uritools.urisplit(value)
        read = [parts.scheme, parts.authority, parts.userinfo, parts.host, parts.port,
                parts.path, parts.query, parts.fragment]
        serialization = parts.geturi()
    names = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]
    return {
        "outcome": "accepted",
        "components": {name: give(v) for name, v in zip(names, read)},
        "serialization": give(serialization),
    }


def resolve(base, reference):
    with uridiff_worker.library():
        joined = uritools.urijoin(base, reference)
    return {"outcome": "accepted", "value": give(joined)}


OPS = {"parse": parse, "resolve": resolve}


if __name__ == "__main__":
    # Coverage of uritools's own files, when uridiff asks (workers/README.md, "Coverage").
    uridiff_worker.serve(**handshake(), **OPS, coverage_modules=["uritools"])
