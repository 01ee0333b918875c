#!/usr/bin/env python3
"""The Python SDK's three ways of seeing a library's lines (workers/README.md, "Coverage") agree:
sys.monitoring (Python 3.12 and later) gives the ids sys.settrace gives, and probes (Python before
3.12) give those of them on which a statement starts (the SDK's statement_lines) and no other,
each run in a process of its own on the same inputs through covered_lib.py and urllib.parse, one
set of ids per input compared. For tests/coverage_guided.rs.

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
    if backend != "probes":
        cls._probes = lambda self: False
    cov = uridiff_worker._coverage = cls(["covered_lib", "urllib.parse"])
    if backend == "probes":
        cov.way = "probes"  # where this Python has sys.monitoring too
    cov.ready()
    if cov.way != backend:
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
        out.append(json.loads("[%s]" % cov.take()))
    # The library's lines run outside library(), while a request asks: never counted.
    cov.wanted = True
    covered_lib.split("//u@h:1/p?q#f")
    cov.wanted = False
    if cov.take():
        sys.exit("%s counted lines run outside library()" % backend)
    return out


def main():
    if len(sys.argv) > 1:
        print(json.dumps(ids(sys.argv[1])))
        return 0
    runs = {}
    for backend in ("settrace", "probes", "monitoring"):
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
    starts = statement_starts()
    for backend, value in runs.items():
        for text, a, b in zip(INPUTS, first, value):
            if backend == "probes":
                a = [i for i in a if i in starts]
            if a != b:
                print("%r: settrace %s, %s %s" % (text, a, backend, b))
                return 1
    return 0


def statement_starts():
    """The ids of the lines on which a statement run by a function call starts, in the files
    the backends watch."""
    import ast
    import uridiff_worker
    cov = uridiff_worker._Coverage(["covered_lib", "urllib.parse"])
    out = set()
    for path, base in cov.base.items():
        with open(path, "rb") as f:
            out.update(base + n for n in uridiff_worker.statement_lines(ast.parse(f.read())))
    return out


if __name__ == "__main__":
    sys.exit(main())
