#!/usr/bin/env python3
"""A tiny worker written with workers/sdk/uridiff_worker.py that tells its own failures from its
library's answers (workers/README.md, "Responses"): the input comes back as the path, except
`glue` (this worker's own code fails: a TypeError outside library(), answered `crashed`),
`refuse` (the "library", int(), raises inside library(): `rejected`, code ValueError) and
`none` (NoAnswer: `unsupported`). With the argument `always` its own code fails on every
input. tests/worker_sdk.rs runs it through uridiff."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sdk"))
import uridiff_worker  # noqa: E402

ALWAYS = sys.argv[1:] == ["always"]


def parse(text):
    if ALWAYS or text == "glue":
        return {"path": None + len(text)}  # the worker's own mistake
    if text == "refuse":
        uridiff_worker.library(int, text)
    if text == "none":
        raise uridiff_worker.NoAnswer("no reading of this input")
    return {"path": text}


uridiff_worker.serve(os.environ.get("URIDIFF_WORKER_NAME", "glue-py"), "rfc3986", version="1",
                     parse=parse, components=("path",), decides_validity=False)
