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
import base64
import json
import sys

import rfc3986
from rfc3986 import uri_reference, validators

COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]


class NotUtf8(Exception):
    """The input is not UTF-8 and the library takes only text."""


def handshake():
    return {
        "protocol": "uridiff-worker/1",
        "name": "python-rfc3986",
        "version": rfc3986.__version__,
        "profile": "rfc3986",
        "operations": ["parse", "resolve", "normalize", "equivalent"],
        "components": COMPONENTS,
        "decides_validity": True,
        "library": "rfc3986 %s (Python %s)" % (rfc3986.__version__, sys.version.split()[0]),
        "notes": ["parse percent-encodes characters RFC 3986 does not allow (see serialization)"],
    }


def take_bytes(field):
    """A protocol byte string as text; NotUtf8 for {"b64": ...} that is not UTF-8."""
    if isinstance(field, str):
        return field
    if isinstance(field, dict) and isinstance(field.get("b64"), str):
        raw = base64.b64decode(field["b64"], validate=True)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise NotUtf8("not UTF-8; rfc3986 takes text") from None
    raise ValueError("a byte string must be a JSON string or {\"b64\": ...}")


def validator():
    return validators.Validator().check_validity_of(
        "scheme", "userinfo", "host", "port", "path", "query", "fragment"
    )


def parse(value):
    ref = uri_reference(value)
    info = ref.authority_info()
    validator().validate(ref)
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
        "serialization": ref.unsplit(),
    }


def checked(value):
    ref = uri_reference(value)
    ref.authority_info()
    validator().validate(ref)
    return ref


def resolve(base, ref):
    resolved = checked(ref).resolve_with(checked(base))
    return {"outcome": "accepted", "value": resolved.unsplit()}


def normalize(value):
    return {"outcome": "accepted", "value": uri_reference(value).normalize().unsplit()}


def equivalent(left, right):
    return {
        "outcome": "accepted",
        "value": uri_reference(left) == uri_reference(right),
    }


class BadRequest(Exception):
    """A request line uridiff should never send: answered with outcome "error"."""


def field(request, name):
    if name not in request:
        raise BadRequest("missing field %r" % name)
    try:
        return take_bytes(request[name])
    except (ValueError, TypeError) as error:
        raise BadRequest("field %r: %s" % (name, error)) from None


def handle(line):
    """One request line to (id, response without the id); response None for shutdown."""
    try:
        request = json.loads(line)
    except ValueError as error:
        return None, {"outcome": "error", "message": "not JSON: %s" % error}
    if not isinstance(request, dict):
        return None, {"outcome": "error", "message": "a request is a JSON object"}
    request_id = request.get("id")
    op = request.get("op")
    if op == "shutdown":
        return request_id, None
    try:
        if op == "parse":
            call = (parse, field(request, "input"))
        elif op == "resolve":
            call = (resolve, field(request, "base"), field(request, "input"))
        elif op == "normalize":
            call = (normalize, field(request, "input"))
        elif op == "equivalent":
            call = (equivalent, field(request, "input"), field(request, "other"))
        else:
            raise BadRequest("unknown op %r" % (op,))
    except BadRequest as error:
        return request_id, {"outcome": "error", "message": str(error)}
    except NotUtf8 as error:
        return request_id, {"outcome": "rejected", "message": str(error), "code": "not-utf8"}
    try:
        return request_id, call[0](*call[1:])
    except Exception as error:  # any library exception is the library's answer
        return request_id, {
            "outcome": "rejected",
            "message": str(error),
            "code": type(error).__name__,
            "offset": None,
        }


def main():
    out = sys.stdout
    out.write(json.dumps(handshake()) + "\n")
    out.flush()
    # Bytes in: json.loads reads UTF-8 whatever the locale says; json.dumps writes ASCII.
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        request_id, response = handle(line)
        if response is None:
            break
        out.write(json.dumps(dict({"id": request_id}, **response)) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
