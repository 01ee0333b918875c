"""uridiff worker (protocol uridiff-worker/1, workers/README.md): Django's URLValidator (PyPI
`Django`), with its default schemes, as a Django form's URLField uses it: a value that passes
is then split with urllib.parse.urlsplit (what URLField.to_python and the validator's own
checks of the netloc do). Not in the default list of parsers: scripts/cves.py runs it at the
versions of Django's advisories. The validator follows a regular expression of its own, close
to RFC 3986's http URLs but not named after it, so it runs under the plain `rfc3986` profile,
with none of a profile's rules: scripts/cves.py compares two versions' classes.

parse = URLValidator()(value): a ValidationError is a rejection, its code Django's ("invalid").
An accepted value's components are urlsplit's: scheme, userinfo (the netloc before its last
"@"), host (`hostname`, which urlsplit lowercases; an IPv6 literal without its brackets is
given back with them), port (the netloc's text after the host's ":", as written), path, query
and fragment ('' is none: urlsplit keeps no empty query or fragment apart), and geturl() as the
serialization. It decides validity. It takes text only: a non-UTF-8 input is rejected with
code "not-utf8".
"""
import importlib.metadata
import os
import sys
from urllib.parse import urlsplit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sdk"))
import uridiff_worker  # noqa: E402
from uridiff_worker import give  # noqa: E402

from django.core.exceptions import ValidationError  # noqa: E402
from django.core.validators import URLValidator  # noqa: E402

COMPONENTS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]
VALIDATE = URLValidator()


def handshake():
    """The handshake's fields, as uridiff_worker.serve() takes them."""
    version = importlib.metadata.version("Django")
    return {
        "name": "python-django-urlvalidator",
        "version": version,
        "profile": "rfc3986",
        "components": COMPONENTS,
        "decides_validity": True,
        "library": "Django %s (Python %s): URLValidator()(value), then urlsplit"
        % (version, sys.version.split()[0]),
        "notes": [
            "a ValidationError is a rejection; an accepted value is split by urllib.parse.urlsplit",
            "query, fragment: '' is none (urlsplit keeps no empty one apart)",
        ],
    }


def parse(value):
    # The library's calls, marked: another exception they raise (the validator's own urlsplit
    # raising ValueError on a bracketed host) is the library refusing the input too.
    with uridiff_worker.library():
        try:
            VALIDATE(value)
        except ValidationError as e:
            return {"outcome": "rejected", "message": "URLValidator: %s" % e.code,
                    "code": e.code, "offset": None}
        s = urlsplit(value)
        host = s.hostname
    netloc = s.netloc
    userinfo = netloc.rpartition("@")[0] if "@" in netloc else None
    hostport = netloc.rpartition("@")[2]
    if host is not None and ":" in host:
        host = "[%s]" % host
    port = None
    after = hostport.rpartition("]")[2] if hostport.startswith("[") else hostport
    if ":" in after:
        port = after.rpartition(":")[2]
    return {
        "outcome": "accepted",
        "components": {
            "scheme": give(s.scheme or None),
            "userinfo": give(userinfo),
            "host": give(host),
            "port": give(port),
            "path": give(s.path),
            "query": give(s.query or None),
            "fragment": give(s.fragment or None),
        },
        "serialization": give(s.geturl()),
    }


OPS = {"parse": parse}


if __name__ == "__main__":
    uridiff_worker.serve(**handshake(), **OPS)
