"""A small stand-in library for workers/testing/covered.py: splits a URI reference on its
delimiters (RFC 3986 section 3), with a branch for each shape, so that different inputs run
different lines of this file."""


def split(text):
    scheme = None
    if ":" in text.split("/", 1)[0]:
        scheme, text = text.split(":", 1)
        if not scheme:
            raise ValueError("empty scheme")
    fragment = None
    if "#" in text:
        text, fragment = text.split("#", 1)
    query = None
    if "?" in text:
        text, query = text.split("?", 1)
    host = port = None
    if text.startswith("//"):
        authority, _, rest = text[2:].partition("/")
        text = "/" + rest if rest or text[2:].endswith("/") else ""
        host, port = _host_port(authority)
    return {"scheme": scheme, "host": host, "port": port, "path": text, "query": query,
            "fragment": fragment}


def _host_port(authority):
    if authority.startswith("["):
        end = authority.find("]")
        if end < 0:
            raise ValueError("unclosed IP literal")
        host, rest = authority[: end + 1], authority[end + 1:]
        return host, _port(rest)
    if ":" in authority:
        host, port = authority.rsplit(":", 1)
        return host, _port(":" + port)
    return authority, None


def _port(rest):
    if not rest:
        return None
    if not rest[1:].isdigit():
        raise ValueError("bad port")
    return rest[1:]
