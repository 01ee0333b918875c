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
import base64
import importlib.metadata
import json
import sys

import uritools

LIBRARY = "uritools"
COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]


def handshake():
    version = importlib.metadata.version("uritools")
    return {
        "protocol": "uridiff-worker/1",
        "name": "python-uritools",
        "version": version,
        "profile": "rfc3986",
        "operations": ["parse", "resolve"],
        "components": COMPONENTS,
        "decides_validity": False,
        "library": "uritools %s (Python %s): urisplit, urijoin" % (version, sys.version.split()[0]),
        "notes": ["urisplit is RFC 3986 Appendix B's split: nothing is validated"],
    }


def parse(value):
    parts = uritools.urisplit(value)
    return {
        "outcome": "accepted",
        "components": {
            "scheme": give(parts.scheme),
            "authority": give(parts.authority),
            "userinfo": give(parts.userinfo),
            "host": give(parts.host),
            "port": give(parts.port),
            "path": give(parts.path),
            "query": give(parts.query),
            "fragment": give(parts.fragment),
        },
        "serialization": give(parts.geturi()),
    }


def resolve(base, reference):
    return {"outcome": "accepted", "value": give(uritools.urijoin(base, reference))}


OPS = {"parse": parse, "resolve": resolve}


# ---- the protocol (the same in every shipped Python worker of a PyPI package) ----


class NotUtf8(Exception):
    """The input is not UTF-8 and the library takes only text."""


class BadRequest(Exception):
    """A request line uridiff should never send: answered with outcome "error"."""


def take_bytes(value):
    """A protocol byte string as text; NotUtf8 for {"b64": ...} that is not UTF-8."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get("b64"), str):
        raw = base64.b64decode(value["b64"], validate=True)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise NotUtf8("not UTF-8; %s takes text" % LIBRARY) from None
    raise ValueError("a byte string must be a JSON string or {\"b64\": ...}")


def give(value):
    """Library text to a protocol byte string: None stays null, a number is its digits, text
    that is not strict UTF-8 (a lone surrogate) goes as {"b64": ...}."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return str(value)
    value = str(value)
    try:
        value.encode("utf-8")
        return value
    except UnicodeEncodeError:
        raw = value.encode("utf-8", "surrogatepass")
        return {"b64": base64.b64encode(raw).decode("ascii")}


def field(request, name):
    if name not in request:
        raise BadRequest("missing field %r" % name)
    try:
        return take_bytes(request[name])
    except (ValueError, TypeError) as error:
        raise BadRequest("field %r: %s" % (name, error)) from None


# The protocol's fields of each operation, in the order the functions above take them.
FIELDS = {
    "parse": ("input",),
    "resolve": ("base", "input"),
    "normalize": ("input",),
    "equivalent": ("input", "other"),
}


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
    if op not in FIELDS:
        return request_id, {"outcome": "error", "message": "unknown op %r" % (op,)}
    if op not in OPS:
        return request_id, {"outcome": "unsupported", "message": "%s has no %s" % (LIBRARY, op)}
    try:
        args = [field(request, name) for name in FIELDS[op]]
    except BadRequest as error:
        return request_id, {"outcome": "error", "message": str(error)}
    except NotUtf8 as error:
        return request_id, {"outcome": "rejected", "message": str(error), "code": "not-utf8"}
    try:
        return request_id, OPS[op](*args)
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
