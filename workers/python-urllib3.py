#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): urllib3's parse_url (PyPI).

parse = urllib3.util.parse_url, whose docstring says: "Best-effort is performed to parse
incomplete urls. Fields not provided will be None. This parser is RFC 3986 and RFC 6874
compliant." The components are the returned Url's: scheme (lowercased), authority (the Url's
`authority` property: auth, host and port as urllib3 rebuilds them), userinfo (`auth`), host
(lowercased; an IPv6 literal keeps its brackets and its zone as urllib3 writes it), port (an
integer: its digits without leading zeros), path, query and fragment, each None where urllib3
gives None (it keeps an empty query or fragment apart from none). Its normalizations show in
the components and in "serialization" (Url.url): for http, https and no scheme, dot segments
are removed and characters that may not appear are percent-encoded; a text with no scheme is
read as an authority first ("google.com:80" is a host and a port); the Url adds a "/" in front
of a path that lacks one. It has no resolve, normalize or equivalence. It takes text only: a
non-UTF-8 input is rejected with code "not-utf8". Nothing decides validity: parse_url refuses
only what it cannot split (an invalid host character, a port over 65535).
"""
import importlib.metadata
import os
import sys

# The protocol's side, shared by every shipped Python worker (and offered to library maintainers):
# workers/sdk/uridiff_worker.py, written beside the workers in uridiff's cache.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sdk"))
import uridiff_worker  # noqa: E402
from uridiff_worker import give  # noqa: E402

parse_url = uridiff_worker.require("urllib3.util").parse_url

COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]


def handshake():
    """The handshake's fields, as uridiff_worker.serve() takes them (it adds the protocol and
    the operations OPS offers)."""
    version = importlib.metadata.version("urllib3")
    return {
        "name": "python-urllib3",
        "version": version,
        "profile": "python-urllib3",
        "components": COMPONENTS,
        "decides_validity": False,
        "library": "urllib3 %s (Python %s): parse_url" % (version, sys.version.split()[0]),
        "notes": [
            "a text without a scheme is read as an authority first (best effort)",
            "http, https and no scheme: dot segments removed, invalid characters encoded",
        ],
    }


def authority(url):
    """The Url's `authority` property; urllib3 before 1.25 has none (scripts/cves.py runs
    1.24), and there it is rebuilt as 1.25 defines it: `netloc` (host and port), after `auth`
    and "@" when there is an auth."""
    if hasattr(url, "authority"):
        return url.authority
    if url.netloc is None or url.auth is None:
        return url.netloc
    return "%s@%s" % (url.auth, url.netloc)


def parse(value):
    # The library's call, marked: its exception (LocationParseError) is its answer. Reading the
    # Url's fields is this worker's code: a field another urllib3 release lacks is the
    # worker's failure (`crashed`), never the input's rejection.
    with uridiff_worker.library():
        url = parse_url(value)
        serialization = url.url
    return {
        "outcome": "accepted",
        "components": {
            "scheme": give(url.scheme),
            "authority": give(authority(url)),
            "userinfo": give(url.auth),
            "host": give(url.host),
            "port": give(url.port),
            "path": give(url.path),
            "query": give(url.query),
            "fragment": give(url.fragment),
        },
        "serialization": give(serialization),
    }


OPS = {"parse": parse}


if __name__ == "__main__":
    # Coverage of urllib3.util.url's own files, when uridiff asks (workers/README.md, "Coverage").
    uridiff_worker.serve(**handshake(), **OPS, coverage_modules=["urllib3.util.url"])
