#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): the `rfc3986` package (PyPI).

parse = uri_reference (the RFC 3986 Appendix B split, which percent-encodes characters that
may not appear and so can change the input: see "serialization"), then authority_info for
userinfo, host and port, then a Validator checking every component: an invalid reference is
rejected with the library's exception. resolve = the same checks of the reference and the
base, then URIReference.resolve_with (RFC 3986 5.2; it validates nothing itself, and the
package's docs make validation the separate step "With a parsed URI you can also validate it"),
normalize = URIReference.normalize (6.2.2), equivalent = URIReference equality (which compares
normalized forms). The library keeps None (undefined) apart from '' (empty). It takes text
only: a non-UTF-8 input is rejected with code "not-utf8".
"""
import os
import sys

# The protocol's side, shared by every shipped Python worker (and offered to library maintainers):
# workers/sdk/uridiff_worker.py, written beside the workers in uridiff's cache.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sdk"))
import uridiff_worker  # noqa: E402

rfc3986 = uridiff_worker.require("rfc3986")
uri_reference, validators = rfc3986.uri_reference, uridiff_worker.require("rfc3986.validators")

COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]


def handshake():
    """The handshake's fields, as uridiff_worker.serve() takes them (it adds the protocol and
    the operations OPS offers)."""
    return {
        "name": "python-rfc3986",
        "version": rfc3986.__version__,
        "profile": "rfc3986",
        "components": COMPONENTS,
        "decides_validity": True,
        "library": "rfc3986 %s (Python %s)" % (rfc3986.__version__, sys.version.split()[0]),
        "notes": ["parse percent-encodes characters RFC 3986 does not allow (see serialization)"],
    }


# One Validator for every request: Validator.validate reads its settings and changes nothing
# (the package's docs build a validator once, then validate URIs with it).
VALIDATOR = validators.Validator().check_validity_of(
    "scheme", "userinfo", "host", "port", "path", "query", "fragment"
)


def parse(value):
    # The library's calls, marked: its exception is its answer; the rest is this worker's.
    with uridiff_worker.library():
        ref = uri_reference(value)
        info = ref.authority_info()
        VALIDATOR.validate(ref)
        serialization = ref.unsplit()
    return {
        "outcome": "accepted",
        "components": {
            "scheme": ref.scheme,
            "authority": ref.authority,
            "userinfo": info["userinfo"],
            "host": info["host"],
            "port": info["port"],
            "path": ref.path,
            "query": ref.query,
            "fragment": ref.fragment,
        },
        "serialization": serialization,
    }


def checked(value):
    ref = uri_reference(value)
    ref.authority_info()
    VALIDATOR.validate(ref)
    return ref


def resolve(base, ref):
    with uridiff_worker.library():
        resolved = checked(ref).resolve_with(checked(base)).unsplit()
    return {"outcome": "accepted", "value": resolved}


def normalize(value):
    with uridiff_worker.library():
        normalized = uri_reference(value).normalize().unsplit()
    return {"outcome": "accepted", "value": normalized}


def equivalent(left, right):
    with uridiff_worker.library():
        same = uri_reference(left) == uri_reference(right)
    return {"outcome": "accepted", "value": same}


OPS = {"parse": parse, "resolve": resolve, "normalize": normalize, "equivalent": equivalent}

if __name__ == "__main__":
    # Coverage of rfc3986's own files, when uridiff asks (workers/README.md, "Coverage").
    uridiff_worker.serve(**handshake(), **OPS, coverage_modules=["rfc3986"])
