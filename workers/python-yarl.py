#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): yarl's URL (PyPI).

parse = yarl.URL(text), whose documentation says that the URL "is constructed from str" and
that its parts are kept "encoded (quoted)" apart from their decoded forms. The components are
the raw (encoded) accessors, never the decoded ones: scheme, raw_authority, userinfo from
raw_user and raw_password, raw_host (an IPv6 literal without its brackets, as yarl's host is),
explicit_port (the port written, as an integer), raw_path, raw_query_string, raw_fragment.
yarl gives '' for an absent scheme, authority, query and fragment (it cannot tell
"http://a/?" from "http://a/"), so those are reported as it gives them and the response says
"undefined reported as empty"; user and password are None when absent. Building the URL
normalizes: the scheme and host are lowercased (a non-ASCII host IDNA-encoded), the path's dot
segments are removed and its percent-encodings requoted, an empty path after a host is "/";
"serialization" is str(URL). resolve = URL(base).join(URL(reference)) ("Construct a full
('absolute') URL by combining a 'base URL' (self) with another URL"). It takes text only: a
non-UTF-8 input is rejected with code "not-utf8". Nothing decides validity: yarl refuses only
what it cannot build (a port over 65535, a host idna refuses).
"""
import base64
import importlib.metadata
import json
import sys

import yarl

LIBRARY = "yarl.URL"
COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]
EMPTY_NOTE = "undefined reported as empty"


def handshake():
    version = importlib.metadata.version("yarl")
    return {
        "protocol": "uridiff-worker/1",
        "name": "python-yarl",
        "version": version,
        "profile": "python-yarl",
        "operations": ["parse", "resolve"],
        "components": COMPONENTS,
        "decides_validity": False,
        "library": "yarl %s (Python %s): URL, URL.join" % (version, sys.version.split()[0]),
        "notes": [
            "scheme, authority, query and fragment: '' when absent (yarl cannot tell)",
            "host is raw_host: lowercased, IDNA-encoded, IPv6 brackets removed",
        ],
    }


def parse(value):
    url = yarl.URL(value)
    user, password = url.raw_user, url.raw_password
    if user is None and password is None:
        userinfo = None
    elif password is None:
        userinfo = user
    else:
        userinfo = (user or "") + ":" + password
    components = {
        "scheme": give(url.scheme),
        "authority": give(url.raw_authority),
        "userinfo": give(userinfo),
        "host": give(url.raw_host),
        "port": give(url.explicit_port),
        "path": give(url.raw_path),
        "query": give(url.raw_query_string),
        "fragment": give(url.raw_fragment),
    }
    response = {"outcome": "accepted", "components": components, "serialization": give(str(url))}
    if "" in (url.scheme, url.raw_authority, url.raw_query_string, url.raw_fragment):
        response["note"] = EMPTY_NOTE
    return response


def resolve(base, reference):
    return {"outcome": "accepted", "value": give(str(yarl.URL(base).join(yarl.URL(reference))))}


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
