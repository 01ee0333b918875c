#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): furl (PyPI).

parse = furl.furl(text). furl holds a URL as objects it rebuilds: scheme (lowercased; None when
absent), username and password (userinfo: "user", "user:password", None when both are None),
host (an IPv6 literal keeps its brackets, as furl's host does), port (an integer; furl's
documentation: the scheme's default port where none is written, for the schemes it knows),
netloc (the authority as furl rebuilds it: host IDNA-encoded, port as an integer), and Path,
Query and Fragment objects, reported as str() of each: furl decodes what it reads and encodes
it again its own way (a query's "%20" comes back "+"), so these are furl's texts, not the
input's; '' when absent (furl cannot tell "?" from none), so query and fragment are reported
as it gives them and the response says "undefined reported as empty". "serialization" is
furl's url. resolve = furl(base).join(reference) (furl's join is urllib.parse.urljoin on
its own text). It takes text only: a non-UTF-8 input is rejected with code "not-utf8". Nothing
decides validity: furl refuses only a host or port it cannot hold.
"""
import base64
import importlib.metadata
import json
import sys

import furl

LIBRARY = "furl"
COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]
EMPTY_NOTE = "undefined reported as empty"


def handshake():
    version = importlib.metadata.version("furl")
    return {
        "protocol": "uridiff-worker/1",
        "name": "python-furl",
        "version": version,
        "profile": "python-furl",
        "operations": ["parse", "resolve"],
        "components": COMPONENTS,
        "decides_validity": False,
        "library": "furl %s (Python %s): furl, furl.join" % (version, sys.version.split()[0]),
        "notes": [
            "query and fragment: '' when absent (furl cannot tell)",
            "port: the scheme's default port where none is written",
            "path, query and fragment: furl's own re-encoding of what it decoded",
        ],
    }


def parse(value):
    f = furl.furl(value)
    if f.username is None and f.password is None:
        userinfo = None
    elif f.password is None:
        userinfo = f.username
    else:
        userinfo = (f.username or "") + ":" + f.password
    query, fragment = str(f.query), str(f.fragment)
    components = {
        "scheme": give(f.scheme),
        "authority": give(f.netloc),
        "userinfo": give(userinfo),
        "host": give(f.host),
        "port": give(f.port),
        "path": give(str(f.path)),
        "query": give(query),
        "fragment": give(fragment),
    }
    response = {"outcome": "accepted", "components": components, "serialization": give(f.url)}
    if "" in (query, fragment):
        response["note"] = EMPTY_NOTE
    return response


def resolve(base, reference):
    return {"outcome": "accepted", "value": give(furl.furl(base).join(reference).url)}


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
