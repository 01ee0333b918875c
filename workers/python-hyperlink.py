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
import base64
import importlib.metadata
import json
import sys

import hyperlink

LIBRARY = "hyperlink"
COMPONENTS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]
EMPTY_NOTE = "undefined reported as empty"


def handshake():
    version = importlib.metadata.version("hyperlink")
    return {
        "protocol": "uridiff-worker/1",
        "name": "python-hyperlink",
        "version": version,
        "profile": "rfc3986",
        "operations": ["parse", "resolve", "normalize"],
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
    url = hyperlink.parse(value, decoded=False)
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
        "serialization": give(url.to_text(with_password=True)),
    }
    if "" in (url.scheme, url.userinfo, url.host, query, url.fragment):
        response["note"] = EMPTY_NOTE
    return response


def resolve(base, reference):
    url = hyperlink.parse(base, decoded=False).click(reference)
    return {"outcome": "accepted", "value": give(url.to_text(with_password=True))}


def normalize(value):
    url = hyperlink.parse(value, decoded=False).normalize()
    return {"outcome": "accepted", "value": give(url.to_text(with_password=True))}


OPS = {"parse": parse, "resolve": resolve, "normalize": normalize}


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
