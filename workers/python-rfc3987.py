#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): rfc3987 (PyPI).

rfc3987 is "Parsing and validation of URIs (RFC 3986) and IRIs (RFC 3987)" by regular
expressions built from the RFCs' grammars. parse = rfc3987.parse(text, rule="URI_reference"):
it raises ValueError for a text the rule does not match, else gives a dict of the five parts
scheme, authority, path, query and fragment, None where the part is absent ('' where it is
empty), reported as they are; the rule has no group for userinfo, host or port, which are
therefore not declared. Nothing is changed while parsing ("serialization" is
rfc3987.compose(**parts)). resolve = both operands checked with parse(rule="URI_reference"),
then rfc3987.resolve(base, reference) (strict=True, its default: RFC 3986 5.2.2's strict
parser; its docstring's "Resolves an URI reference relative to a base URI" validates nothing
itself). It takes text only: a non-UTF-8 input is rejected with code "not-utf8". It decides
validity.
"""
import base64
import importlib.metadata
import json
import sys

import rfc3987

LIBRARY = "rfc3987"
COMPONENTS = ["scheme", "authority", "path", "query", "fragment"]
RULE = "URI_reference"


def handshake():
    version = importlib.metadata.version("rfc3987")
    return {
        "protocol": "uridiff-worker/1",
        "name": "python-rfc3987",
        "version": version,
        "profile": "rfc3986",
        "operations": ["parse", "resolve"],
        "components": COMPONENTS,
        "decides_validity": True,
        "library": "rfc3987 %s (Python %s): parse(rule=%r), resolve"
        % (version, sys.version.split()[0], RULE),
        "notes": ["no userinfo, host or port: the URI_reference rule does not split the authority"],
    }


def parse(value):
    parts = rfc3987.parse(value, rule=RULE)
    return {
        "outcome": "accepted",
        "components": {name: give(parts[name]) for name in COMPONENTS},
        "serialization": give(rfc3987.compose(**parts)),
    }


def resolve(base, reference):
    rfc3987.parse(base, rule=RULE)
    rfc3987.parse(reference, rule=RULE)
    return {"outcome": "accepted", "value": give(rfc3987.resolve(base, reference))}


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
