#!/usr/bin/env python3
"""A deliberately misbehaving uridiff worker, for the isolation tests (tests/external.rs).

    python3 workers/testing/misbehave.py MODE [TRIGGER]

It speaks protocol uridiff-worker/1 (workers/README.md) as a trivial parser (parse answers
accepted with the input as path, every other component null; resolve answers the input),
except on a request whose input is TRIGGER (default "trigger"; "*" is every input), where MODE
decides:

  hang           never answers that request (sleeps; uridiff's timeout must fire)
  crash          writes two lines on stderr and exits with status 3
  garbage        prints a line that is not JSON
  out-of-order   answers with the wrong id (the request's id + 1000)
  silent         (any input) never prints the handshake and never answers
  bad-handshake  (any input) prints a handshake of another protocol, then behaves
  bad-profile    (any input) declares a profile outside uridiff's closed list
  blank-flood    prints 20,000 blank lines before its answer
  blank-noise    prints 5,000 blank lines (under uridiff's cap) before its answer
  blank-endless  prints blank lines without end instead of its answer
  stderr-flood   writes one stderr line without end (no newline), never answering
  stderr-noise   writes 8 MiB of stderr without a newline before its answer
  close-stdout   closes its stdout and keeps running without answering
  close-stdin    closes its stdin and keeps running without answering
  trickle        writes a byte of an answer every 50 ms, never a newline
  stop-reading   stops reading its stdin and keeps running
  orphan         at each start forks a grandchild that empties its environment, calls setsid
                 and sleeps for an hour (its pid appended to the file named by
                 $MISBEHAVE_ORPHANS); exits with status 3 on the trigger (so is started again)
  ok             never misbehaves

Each response carries "note": "pid=N", so a test can see that the worker was restarted; when
$MISBEHAVE_STARTS names a file, each start appends its pid to it (a test counts the starts).
"""
import json
import os
import platform
import sys
import time

MODES = [
    "hang",
    "crash",
    "garbage",
    "out-of-order",
    "silent",
    "bad-handshake",
    "bad-profile",
    "blank-flood",
    "blank-noise",
    "blank-endless",
    "stderr-flood",
    "stderr-noise",
    "close-stdout",
    "close-stdin",
    "trickle",
    "stop-reading",
    "orphan",
    "ok",
]


def orphan():
    """Forks twice; the grandchild leaves the session, drops every environment variable (by
    exec'ing `sleep` through `env -i`) and outlives both its parents."""
    log = os.environ.get("MISBEHAVE_ORPHANS")
    r, w = os.pipe()
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.close(r)
            os.write(w, b"%d\n" % os.getpid())
            os.close(w)
            devnull = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)
            os.execve("/usr/bin/env", ["env", "-i", "sleep", "3600"], {})
        os._exit(0)
    os.close(w)
    pid = os.read(r, 64).decode().strip()
    os.close(r)
    if log and pid:
        with open(log, "a") as f:
            f.write(pid + "\n")


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
    starts = os.environ.get("MISBEHAVE_STARTS")
    if starts:
        with open(starts, "a") as f:
            f.write("%d\n" % os.getpid())
    if mode == "orphan":
        orphan()
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
        if text == trigger or trigger == "*":
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
            elif mode == "blank-noise":
                out.write("\n" * 5000)
                out.flush()
            elif mode == "blank-endless":
                while True:
                    out.write("\n" * 4096)
                    out.flush()
            elif mode == "stderr-flood":
                while True:
                    sys.stderr.write("x" * 65536)
                    sys.stderr.flush()
            elif mode == "stderr-noise":
                sys.stderr.write("x" * (8 << 20))
                sys.stderr.flush()
            elif mode == "close-stdout":
                os.close(1)
                time.sleep(3600)
            elif mode == "close-stdin":
                os.close(0)
                time.sleep(3600)
            elif mode == "trickle":
                while True:
                    out.write("{")
                    out.flush()
                    time.sleep(0.05)
            elif mode == "orphan":
                os._exit(3)
            elif mode == "stop-reading":
                time.sleep(3600)
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
