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
import base64
import importlib.metadata
import json
import sys

from urllib3.util import parse_url

LIBRARY = "urllib3.util.parse_url"
COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]


def handshake():
    version = importlib.metadata.version("urllib3")
    return {
        "protocol": "uridiff-worker/1",
        "name": "python-urllib3",
        "version": version,
        "profile": "python-urllib3",
        "operations": ["parse"],
        "components": COMPONENTS,
        "decides_validity": False,
        "library": "urllib3 %s (Python %s): parse_url" % (version, sys.version.split()[0]),
        "notes": [
            "a text without a scheme is read as an authority first (best effort)",
            "http, https and no scheme: dot segments removed, invalid characters encoded",
        ],
    }


def parse(value):
    url = parse_url(value)
    return {
        "outcome": "accepted",
        "components": {
            "scheme": give(url.scheme),
            "authority": give(url.authority),
            "userinfo": give(url.auth),
            "host": give(url.host),
            "port": give(url.port),
            "path": give(url.path),
            "query": give(url.query),
            "fragment": give(url.fragment),
        },
        "serialization": give(url.url),
    }


OPS = {"parse": parse}


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
