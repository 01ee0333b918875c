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

import yarl

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
    url = yarl.URL(value)
    user, password = url.raw_user, url.raw_password
    if user is None and password is None:
        userinfo = None
    elif password is None:
        userinfo = user
    else:
        userinfo = (user or "") + ":" + password
    components = {
        "scheme": give(url.scheme),
        "authority": give(url.raw_authority),
        "userinfo": give(userinfo),
        "host": give(url.raw_host),
        "port": give(url.explicit_port),
        "path": give(url.raw_path),
        "query": give(url.raw_query_string),
        "fragment": give(url.raw_fragment),
    }
    response = {"outcome": "accepted", "components": components, "serialization": give(str(url))}
    if "" in (url.scheme, url.raw_authority, url.raw_query_string, url.raw_fragment):
        response["note"] = EMPTY_NOTE
    return response


def resolve(base, reference):
    return {"outcome": "accepted", "value": give(str(yarl.URL(base).join(yarl.URL(reference))))}


OPS = {"parse": parse, "resolve": resolve}


if __name__ == "__main__":
    uridiff_worker.serve(**handshake(), **OPS)
