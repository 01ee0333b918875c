#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): furl (PyPI).

parse = furl.furl(text). furl holds a URL as objects it rebuilds: scheme (lowercased; None when
absent), username and password (userinfo: "user", "user:password", None when both are None),
host (an IPv6 literal keeps its brackets, as furl's host does), port (an integer; furl's
documentation: the scheme's default port where none is written, for the schemes it knows),
netloc (the authority as furl rebuilds it: host IDNA-encoded, port as an integer), and Path,
Query and Fragment objects, reported as str() of each: furl decodes what it reads and encodes
it again its own way (a query's "%20" comes back "+"), so these are furl's texts, not the
input's; '' when absent (furl cannot tell "?" from none), so query and fragment are reported
as it gives them and the response says "undefined reported as empty". "serialization" is
furl's url. resolve = furl(base).join(reference) (furl's join is urllib.parse.urljoin on
its own text). It takes text only: a non-UTF-8 input is rejected with code "not-utf8". Nothing
decides validity: furl refuses only a host or port it cannot hold.
"""
import importlib.metadata
import os
import sys

# The protocol's side, shared by every shipped Python worker (and offered to library maintainers):
# workers/sdk/uridiff_worker.py, written beside the workers in uridiff's cache.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sdk"))
import uridiff_worker  # noqa: E402
from uridiff_worker import give  # noqa: E402

furl = uridiff_worker.require("furl")

COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]
EMPTY_NOTE = "undefined reported as empty"


def handshake():
    """The handshake's fields, as uridiff_worker.serve() takes them (it adds the protocol and
    the operations OPS offers)."""
    version = importlib.metadata.version("furl")
    return {
        "name": "python-furl",
        "version": version,
        "profile": "python-furl",
        "components": COMPONENTS,
        "decides_validity": False,
        "library": "furl %s (Python %s): furl, furl.join" % (version, sys.version.split()[0]),
        "notes": [
            "query and fragment: '' when absent (furl cannot tell)",
            "port: the scheme's default port where none is written",
            "path, query and fragment: furl's own re-encoding of what it decoded",
        ],
    }


def parse(value):
    # The library's calls, marked: furl's exception is its answer; the rest is this worker's.
    with uridiff_worker.library():
        f = furl.furl(value)
        query, fragment, path, url = str(f.query), str(f.fragment), str(f.path), f.url
        port, netloc = f.port, f.netloc
    if f.username is None and f.password is None:
        userinfo = None
    elif f.password is None:
        userinfo = f.username
    else:
        userinfo = (f.username or "") + ":" + f.password
    components = {
        "scheme": give(f.scheme),
        "authority": give(netloc),
        "userinfo": give(userinfo),
        "host": give(f.host),
        "port": give(port),
        "path": give(path),
        "query": give(query),
        "fragment": give(fragment),
    }
    response = {"outcome": "accepted", "components": components, "serialization": give(url)}
    if "" in (query, fragment):
        response["note"] = EMPTY_NOTE
    return response


def resolve(base, reference):
    with uridiff_worker.library():
        url = furl.furl(base).join(reference).url
    return {"outcome": "accepted", "value": give(url)}


OPS = {"parse": parse, "resolve": resolve}


if __name__ == "__main__":
    # Coverage of furl's own files, when uridiff asks (workers/README.md, "Coverage").
    uridiff_worker.serve(**handshake(), **OPS, coverage_modules=["furl"])
