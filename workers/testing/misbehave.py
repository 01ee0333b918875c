#!/usr/bin/env python3
"""A deliberately misbehaving uridiff worker, for the isolation tests (tests/external.rs).

    python3 workers/testing/misbehave.py MODE [TRIGGER]

It speaks protocol uridiff-worker/1 (workers/README.md) as a trivial parser (parse answers
accepted with the input as path, every other component null; resolve answers the input),
except on a request whose input is TRIGGER (default "trigger"), where MODE decides:

  hang           never answers that request (sleeps; uridiff's timeout must fire)
  crash          writes two lines on stderr and exits with status 3
  garbage        prints a line that is not JSON
  out-of-order   answers with the wrong id (the request's id + 1000)
  silent         (any input) never prints the handshake and never answers
  bad-handshake  (any input) prints a handshake of another protocol, then behaves
  bad-profile    (any input) declares a profile outside uridiff's closed list
  blank-flood    prints 20,000 blank lines before its answer
  ok             never misbehaves

Each response carries "note": "pid=N", so a test can see that the worker was restarted.
"""
import json
import os
import platform
import sys
import time

MODES = ["hang", "crash", "garbage", "out-of-order", "silent", "bad-handshake", "bad-profile", "blank-flood", "ok"]


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in MODES:
        sys.stderr.write("usage: misbehave.py {%s} [TRIGGER]\n" % "|".join(MODES))
        return 2
    mode = sys.argv[1]
    trigger = sys.argv[2] if len(sys.argv) > 2 else "trigger"
    out = sys.stdout
    if mode == "silent":
        sys.stderr.write("misbehave: silent, no handshake\n")
        sys.stderr.flush()
        for _ in sys.stdin:
            pass
        time.sleep(3600)
        return 0
    out.write(
        json.dumps(
            {
                "protocol": "something-else/9" if mode == "bad-handshake" else "uridiff-worker/1",
                "name": "misbehave-" + mode,
                "version": platform.python_version(),
                "profile": "rfc9999-made-up" if mode == "bad-profile" else "rfc3986",
                "operations": ["parse", "resolve"],
                "components": ["path"],
                "decides_validity": False,
                "library": "none (a test worker)",
            }
        )
        + "\n"
    )
    out.flush()
    for line in sys.stdin.buffer:
        request = json.loads(line)
        if request.get("op") == "shutdown":
            return 0
        request_id = request.get("id")
        text = request.get("input")
        if text == trigger:
            sys.stderr.write("misbehave: %s on %r\n" % (mode, text))
            sys.stderr.flush()
            if mode == "hang":
                time.sleep(3600)
            elif mode == "crash":
                sys.stderr.write("misbehave: second stderr line before exit\n")
                sys.stderr.flush()
                os._exit(3)
            elif mode == "garbage":
                out.write("this is not JSON {\n")
                out.flush()
                continue
            elif mode == "blank-flood":
                out.write("\n" * 20000)
                out.flush()
            elif mode == "out-of-order":
                request_id = (request_id or 0) + 1000
        if request.get("op") == "parse":
            response = {
                "outcome": "accepted",
                "components": {"path": text},
            }
        else:
            response = {"outcome": "accepted", "value": text}
        response["id"] = request_id
        response["note"] = "pid=%d" % os.getpid()
        out.write(json.dumps(response) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
