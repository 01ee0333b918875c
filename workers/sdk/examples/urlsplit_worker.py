#!/usr/bin/env python3
"""An example worker written with uridiff_worker.py: CPython's urllib.parse.urlsplit and
urljoin, as a maintainer of a Python package would put theirs under uridiff's test
(`uridiff check --external urlsplit='python3 urlsplit_worker.py' --under-test urlsplit ...`).

urlsplit gives '' for an absent scheme, netloc, query or fragment, so it is judged under the
`python-urllib` profile, whose rules say so, and the answer carries the note."""
import os
import platform
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import uridiff_worker  # noqa: E402  (vendored beside the worker)
from urllib.parse import urljoin, urlsplit  # noqa: E402


def parse(text):
    with uridiff_worker.library():  # urlsplit's exception is its answer: rejected
        p = urlsplit(text)
    return uridiff_worker.Parsed(
        {"scheme": p.scheme, "authority": p.netloc, "path": p.path, "query": p.query,
         "fragment": p.fragment},
        serialization=p.geturl(),
        note="undefined reported as empty",
    )


uridiff_worker.serve(
    os.environ.get("URIDIFF_WORKER_NAME", "urlsplit"),
    "python-urllib",
    version=platform.python_version(),
    parse=parse,
    resolve=lambda base, reference: uridiff_worker.library(urljoin, base, reference),
    components=("scheme", "authority", "path", "query", "fragment"),
    decides_validity=False,
    library="urllib.parse through uridiff_worker.py",
)
