#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): yarl's URL (PyPI).

parse = yarl.URL(text), whose documentation says that the URL "is constructed from str" and
that its parts are kept "encoded (quoted)" apart from their decoded forms. The components are
the raw (encoded) accessors, never the decoded ones: scheme, raw_authority, userinfo from
raw_user and raw_password, raw_host (an IPv6 literal without its brackets, as yarl's host is),
explicit_port (the port written, as an integer), raw_path, raw_query_string, raw_fragment.
yarl gives '' for an absent scheme, authority, query and fragment (it cannot tell
"http://a/?" from "http://a/"), so those are reported as it gives them and the response says
"undefined reported as empty"; user and password are None when absent. Building the URL
normalizes: the scheme and host are lowercased (a non-ASCII host IDNA-encoded), the path's dot
segments are removed and its percent-encodings requoted, an empty path after a host is "/";
"serialization" is str(URL). resolve = URL(base).join(URL(reference)) ("Construct a full
('absolute') URL by combining a 'base URL' (self) with another URL"). It takes text only: a
non-UTF-8 input is rejected with code "not-utf8". Nothing decides validity: yarl refuses only
what it cannot build (a port over 65535, a host idna refuses).
"""
import importlib.metadata
import os
import sys

# The protocol's side, shared by every shipped Python worker (and offered to library maintainers):
# workers/sdk/uridiff_worker.py, written beside the workers in uridiff's cache.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sdk"))
import uridiff_worker  # noqa: E402
from uridiff_worker import give  # noqa: E402

yarl = uridiff_worker.require("yarl")

COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]
EMPTY_NOTE = "undefined reported as empty"


def handshake():
    """The handshake's fields, as uridiff_worker.serve() takes them (it adds the protocol and
    the operations OPS offers)."""
    version = importlib.metadata.version("yarl")
    return {
        "name": "python-yarl",
        "version": version,
        "profile": "python-yarl",
        "components": COMPONENTS,
        "decides_validity": False,
        "library": "yarl %s (Python %s): URL, URL.join" % (version, sys.version.split()[0]),
        "notes": [
            "scheme, authority, query and fragment: '' when absent (yarl cannot tell)",
            "host is raw_host: lowercased, IDNA-encoded, IPv6 brackets removed",
        ],
    }


def parse(value):
    # The library's calls, marked: its exception is its answer; the rest is this worker's.
    # The URL works out some parts when they are read (explicit_port reads the port), so they
    # are read here.
    with uridiff_worker.library():
        url = yarl.URL(value)
        user, password = url.raw_user, url.raw_password
        scheme, authority, host = url.scheme, url.raw_authority, url.raw_host
        port, path, query, fragment = (url.explicit_port, url.raw_path, url.raw_query_string,
                                       url.raw_fragment)
        serialization = str(url)
    if user is None and password is None:
        userinfo = None
    elif password is None:
        userinfo = user
    else:
        userinfo = (user or "") + ":" + password
    components = {
        "scheme": give(scheme),
        "authority": give(authority),
        "userinfo": give(userinfo),
        "host": give(host),
        "port": give(port),
        "path": give(path),
        "query": give(query),
        "fragment": give(fragment),
    }
    response = {"outcome": "accepted", "components": components, "serialization": give(serialization)}
    if "" in (scheme, authority, query, fragment):
        response["note"] = EMPTY_NOTE
    return response


def resolve(base, reference):
    with uridiff_worker.library():
        joined = str(yarl.URL(base).join(yarl.URL(reference)))
    return {"outcome": "accepted", "value": give(joined)}


OPS = {"parse": parse, "resolve": resolve}


if __name__ == "__main__":
    # Coverage of yarl's own files, when uridiff asks (workers/README.md, "Coverage").
    uridiff_worker.serve(**handshake(), **OPS, coverage_modules=["yarl"])
