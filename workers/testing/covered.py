#!/usr/bin/env python3
"""A trivial uridiff worker with coverage (workers/README.md, "Coverage"), for the tests of
coverage over the protocol (tests/coverage_guided.rs).

    python3 workers/testing/covered.py [MODE]

Its library is covered_lib.py beside it (parse = covered_lib.split). MODE:

  ok        (the default) the SDK's coverage of covered_lib's lines, when a request asks
  garbage   every answer that is asked for coverage carries "coverage": ["not", "ids"]
  huge      every such answer carries 70,000 ids, more than uridiff takes from one answer
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "sdk"))
sys.path.insert(0, HERE)
import uridiff_worker  # noqa: E402
import covered_lib  # noqa: E402

COMPONENTS = ["scheme", "host", "port", "path", "query", "fragment"]


def parse(text):
    with uridiff_worker.library():
        return covered_lib.split(text)


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "ok"
    fields = dict(name="covered", profile="rfc3986", version="1", components=COMPONENTS,
                  decides_validity=False, parse=parse)
    if mode == "ok":
        uridiff_worker.serve(coverage_modules=["covered_lib"], **fields)
        return
    print(json.dumps(uridiff_worker.handshake(
        "covered", "rfc3986", "1", ["parse"], COMPONENTS, False, None, [], "lines")), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        out = uridiff_worker.answer(request, {"parse": parse}, "covered")
        if request.get("coverage") is True:
            out["coverage"] = ["not", "ids"] if mode == "garbage" else list(range(70000))
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
