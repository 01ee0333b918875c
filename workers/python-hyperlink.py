#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): hyperlink (PyPI).

parse = hyperlink.parse(text, decoded=False), the URL as written (not DecodedURL). hyperlink
holds a URL as fields, not as text: scheme ('' when absent), userinfo, host ('' when absent; an
IPv6 literal without its brackets), port (an integer; hyperlink's documentation: "if not set,
the default port for the scheme" where it knows one), path (a tuple of segments plus `rooted`),
query (a tuple of (key, value) pairs, value None for a key without "=") and fragment. The
worker writes path and query back as text the way to_text() does: no path when there are no
segments (rooted or not: `//a` is rooted with no segments, and to_text() writes no "/"), else
"/" before the segments of a rooted path, segments joined with "/"; pairs joined with "&",
"key=value" or "key". hyperlink
cannot tell an absent scheme, query or fragment from an empty one, nor an absent host from an
empty one, so those are reported as it gives them ('') and the response says "undefined
reported as empty"; userinfo is '' when absent, reported the same way. The authority is not
reported (hyperlink rebuilds it with its default port). "serialization" is
to_text(with_password=True). resolve = URL.click(reference) on the base ("Resolve the given URL
relative to this URL"), normalize = URL.normalize() (RFC 3986 6.2.2's steps and "an ending
slash on URLs with an empty path"). It takes text only: a non-UTF-8 input is rejected with code
"not-utf8". It does not decide validity: URL.from_text's documentation says "Many strings which
don't look like URLs are still valid URLs. As a result, this method only raises URLParseError
on invalid port and IPv6 values in the host portion of the URL".
"""
import importlib.metadata
import os
import sys

# The protocol's side, shared by every shipped Python worker (and offered to library maintainers):
# workers/sdk/uridiff_worker.py, written beside the workers in uridiff's cache.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sdk"))
import uridiff_worker  # noqa: E402
from uridiff_worker import give  # noqa: E402

hyperlink = uridiff_worker.require("hyperlink")

COMPONENTS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]
EMPTY_NOTE = "undefined reported as empty"


def handshake():
    """The handshake's fields, as uridiff_worker.serve() takes them (it adds the protocol and
    the operations OPS offers)."""
    version = importlib.metadata.version("hyperlink")
    return {
        "name": "python-hyperlink",
        "version": version,
        "profile": "rfc3986",
        "components": COMPONENTS,
        "decides_validity": False,
        "library": "hyperlink %s (Python %s): parse(decoded=False), click, normalize"
        % (version, sys.version.split()[0]),
        "notes": [
            "scheme, userinfo, host, query and fragment: '' when absent (hyperlink cannot tell)",
            "port: the scheme's default port where none is written",
            "host: IPv6 brackets removed",
        ],
    }


def query_text(pairs):
    return "&".join(k if v is None else "%s=%s" % (k, v) for k, v in pairs)


def parse(value):
    with uridiff_worker.library():
        url = hyperlink.parse(value, decoded=False)
        serialization = url.to_text(with_password=True)
    # to_text() writes no path for no segments (_encode_path_parts returns () for them).
    path = ("/" if url.rooted else "") + "/".join(url.path) if url.path else ""
    query = query_text(url.query)
    components = {
        "scheme": give(url.scheme),
        "userinfo": give(url.userinfo),
        "host": give(url.host),
        "port": give(url.port),
        "path": give(path),
        "query": give(query),
        "fragment": give(url.fragment),
    }
    response = {
        "outcome": "accepted",
        "components": components,
        "serialization": give(serialization),
    }
    if "" in (url.scheme, url.userinfo, url.host, query, url.fragment):
        response["note"] = EMPTY_NOTE
    return response


def resolve(base, reference):
    with uridiff_worker.library():
        text = hyperlink.parse(base, decoded=False).click(reference).to_text(with_password=True)
    return {"outcome": "accepted", "value": give(text)}


def normalize(value):
    with uridiff_worker.library():
        text = hyperlink.parse(value, decoded=False).normalize().to_text(with_password=True)
    return {"outcome": "accepted", "value": give(text)}


OPS = {"parse": parse, "resolve": resolve, "normalize": normalize}


if __name__ == "__main__":
    # Coverage of hyperlink's own files, when uridiff asks (workers/README.md, "Coverage").
    uridiff_worker.serve(**handshake(), **OPS, coverage_modules=["hyperlink"])
