#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): CPython's urllib.parse.

parse = urlsplit, resolve = urljoin. urlsplit reports '' for an absent scheme, netloc, query
or fragment (it cannot tell "http://a/?" from "http://a/"), so those components are reported
as the library gives them and the response says "undefined reported as empty". Host, userinfo
and port come from the public attributes hostname (lowercased, IPv6 brackets removed),
username/password and port; reading port raises ValueError for a port that is not a number
in 0..65535, and that exception is the library's answer (rejected). Non-UTF-8 input is handed
to urllib as bytes, which it accepts when they are ASCII (and otherwise raises).
"""
import os
import platform
import sys

# The protocol's side, shared by every shipped Python worker (and offered to library maintainers):
# workers/sdk/uridiff_worker.py, written beside the workers in uridiff's cache.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sdk"))
import uridiff_worker  # noqa: E402
from uridiff_worker import give  # noqa: E402
from urllib.parse import urljoin, urlsplit  # noqa: E402

COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]
EMPTY_NOTE = "undefined reported as empty"


def handshake():
    """The handshake's fields, as uridiff_worker.serve() takes them (it adds the protocol and
    the operations OPS offers)."""
    return {
        "name": "python-urllib",
        "version": platform.python_version(),
        "profile": "python-urllib",
        "components": COMPONENTS,
        "decides_validity": False,
        "library": "urllib.parse (%s %s)"
        % (platform.python_implementation(), platform.python_version()),
        "notes": [
            "scheme, authority, query and fragment: '' when absent (urlsplit cannot tell)",
            "host is urllib's hostname: lowercased, IPv6 brackets removed",
        ],
    }


def parse(text):
    # The library's calls, marked: its exception is its answer (reading `port` raises
    # ValueError for a port out of range); the rest is this worker's.
    with uridiff_worker.library():
        parts = urlsplit(text)
        username, password = parts.username, parts.password
        hostname, port, serialization = parts.hostname, parts.port, parts.geturl()
    if username is None:
        userinfo = None
    elif password is None:
        userinfo = give(username)
    else:
        userinfo = give(username) + ":" + give(password)
    components = {
        "scheme": give(parts.scheme),
        "authority": give(parts.netloc),
        "userinfo": userinfo,
        "host": give(hostname),
        "port": give(port),
        "path": give(parts.path),
        "query": give(parts.query),
        "fragment": give(parts.fragment),
    }
    response = {
        "outcome": "accepted",
        "components": components,
        "serialization": give(serialization),
    }
    if "" in (parts.scheme, parts.netloc, parts.query, parts.fragment) or b"" in (
        parts.scheme,
        parts.netloc,
        parts.query,
        parts.fragment,
    ):
        response["note"] = EMPTY_NOTE
    return response


def resolve(base, ref):
    if isinstance(base, bytes) != isinstance(ref, bytes):
        # urljoin refuses to mix str and bytes; both go as bytes then.
        base = base if isinstance(base, bytes) else base.encode("utf-8")
        ref = ref if isinstance(ref, bytes) else ref.encode("utf-8")
    with uridiff_worker.library():
        joined = urljoin(base, ref)
    return {"outcome": "accepted", "value": give(joined)}


OPS = {"parse": parse, "resolve": resolve}

if __name__ == "__main__":
    # text_only=False: a non-UTF-8 input reaches urllib as bytes, which it takes.
    # Coverage of urllib.parse's own lines, when uridiff asks (workers/README.md, "Coverage").
    uridiff_worker.serve(**handshake(), **OPS, text_only=False, coverage_modules=["urllib.parse"])
