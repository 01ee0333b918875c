#!/usr/bin/env python3
"""The Python SDK's three ways of seeing a library's lines (workers/README.md, "Coverage") give
the same ids: sys.monitoring (Python 3.12 and later), the `coverage` package's C tracer (where
it is installed) and sys.settrace, each run in a process of its own on the same inputs through
covered_lib.py and urllib.parse, one set of ids per input compared. For tests/coverage_guided.rs.

    python3 workers/testing/coverage_backends.py          # compare what this Python has
    python3 workers/testing/coverage_backends.py BACKEND  # one backend's ids, as JSON lines

Prints the backends compared and exits 1 at the first input whose ids differ.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "sdk"))
sys.path.insert(0, HERE)

INPUTS = ["http://a/b?c#d", "", "a:b", "//u@h:8/p", "%zz", "http://[::1]:80/", "?q#f",
          "mailto:x@y", "http://a:b@c:99999/", "x" * 40 + "://"]


def ids(backend):
    import uridiff_worker
    import covered_lib
    from urllib.parse import urlsplit
    cls = uridiff_worker._Coverage
    if backend != "monitoring":
        cls._monitoring = lambda self: None
    if backend != "ctracer":
        cls._c_tracer = lambda self: (None, None)
    cov = uridiff_worker._coverage = cls(["covered_lib", "urllib.parse"])
    cov.ready()
    used = ("monitoring" if cov.monitoring is not None else
            "ctracer" if cov.cdata is not None else "settrace")
    if used != backend:
        return None
    out = []
    for text in INPUTS:
        cov.wanted = True
        try:
            with uridiff_worker.library():
                covered_lib.split(text)
                try:
                    urlsplit(text).port
                except ValueError:
                    pass
        except uridiff_worker.Rejected:
            pass
        finally:
            cov.wanted = False
        out.append(cov.take())
    return out


def main():
    if len(sys.argv) > 1:
        print(json.dumps(ids(sys.argv[1])))
        return 0
    runs = {}
    for backend in ("settrace", "ctracer", "monitoring"):
        got = subprocess.run([sys.executable, __file__, backend], capture_output=True, text=True,
                             check=True)
        value = json.loads(got.stdout)
        if value is not None:
            runs[backend] = value
    print("compared: " + " ".join(sorted(runs)))
    first = runs["settrace"]
    if not any(first):
        print("settrace saw no line")
        return 1
    for backend, value in runs.items():
        for text, a, b in zip(INPUTS, first, value):
            if a != b:
                print("%r: settrace %s, %s %s" % (text, a, backend, b))
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
