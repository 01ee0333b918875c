#!/usr/bin/env python3
"""uridiff worker (protocol uridiff-worker/1, workers/README.md): CPython's urllib.parse.

parse = urlsplit, resolve = urljoin. urlsplit reports '' for an absent scheme, netloc, query
or fragment (it cannot tell "http://a/?" from "http://a/"), so those components are reported
as the library gives them and the response says "undefined reported as empty". Host, userinfo
and port come from the public attributes hostname (lowercased, IPv6 brackets removed),
username/password and port; reading port raises ValueError for a port that is not a number
in 0..65535, and that exception is the library's answer (rejected). Non-UTF-8 input is handed
to urllib as bytes, which it accepts when they are ASCII (and otherwise raises).
"""
import base64
import json
import platform
import sys
from urllib.parse import urljoin, urlsplit

COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]
EMPTY_NOTE = "undefined reported as empty"


def handshake():
    return {
        "protocol": "uridiff-worker/1",
        "name": "python-urllib",
        "version": platform.python_version(),
        "profile": "python-urllib",
        "operations": ["parse", "resolve"],
        "components": COMPONENTS,
        "decides_validity": False,
        "library": "urllib.parse (%s %s)"
        % (platform.python_implementation(), platform.python_version()),
        "notes": [
            "scheme, authority, query and fragment: '' when absent (urlsplit cannot tell)",
            "host is urllib's hostname: lowercased, IPv6 brackets removed",
        ],
    }


def take_bytes(field):
    """A protocol byte string: str as is, {"b64": ...} as bytes (urllib takes both)."""
    if isinstance(field, str):
        return field
    if isinstance(field, dict) and isinstance(field.get("b64"), str):
        return base64.b64decode(field["b64"], validate=True)
    raise ValueError("a byte string must be a JSON string or {\"b64\": ...}")


def give(value):
    """Library text back to the protocol (urllib returns bytes for bytes input)."""
    if value is None or isinstance(value, (str, bool)):
        return value
    if isinstance(value, int):
        return str(value)
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return {"b64": base64.b64encode(value).decode("ascii")}


def parse(text):
    parts = urlsplit(text)
    username, password = parts.username, parts.password
    if username is None:
        userinfo = None
    elif password is None:
        userinfo = give(username)
    else:
        userinfo = give(username) + ":" + give(password)
    components = {
        "scheme": give(parts.scheme),
        "authority": give(parts.netloc),
        "userinfo": userinfo,
        "host": give(parts.hostname),
        "port": give(parts.port),
        "path": give(parts.path),
        "query": give(parts.query),
        "fragment": give(parts.fragment),
    }
    response = {
        "outcome": "accepted",
        "components": components,
        "serialization": give(parts.geturl()),
    }
    if "" in (parts.scheme, parts.netloc, parts.query, parts.fragment) or b"" in (
        parts.scheme,
        parts.netloc,
        parts.query,
        parts.fragment,
    ):
        response["note"] = EMPTY_NOTE
    return response


class BadRequest(Exception):
    """A request line uridiff should never send: answered with outcome "error"."""


def field(request, name):
    if name not in request:
        raise BadRequest("missing field %r" % name)
    try:
        return take_bytes(request[name])
    except (ValueError, TypeError) as error:
        raise BadRequest("field %r: %s" % (name, error)) from None


def resolve(base, ref):
    if isinstance(base, bytes) != isinstance(ref, bytes):
        # urljoin refuses to mix str and bytes; both go as bytes then.
        base = base if isinstance(base, bytes) else base.encode("utf-8")
        ref = ref if isinstance(ref, bytes) else ref.encode("utf-8")
    return {"outcome": "accepted", "value": give(urljoin(base, ref))}


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
        elif op in ("normalize", "equivalent"):
            return request_id, {"outcome": "unsupported", "message": "urllib.parse has no %s" % op}
        else:
            raise BadRequest("unknown op %r" % (op,))
    except BadRequest as error:
        return request_id, {"outcome": "error", "message": str(error)}
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
