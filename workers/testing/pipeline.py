#!/usr/bin/env python3
"""A test worker for the pipelined feeder (tests/pipeline.rs): it logs what it receives and when.

    python3 workers/testing/pipeline.py MODE LOG [NAME]

It speaks protocol uridiff-worker/1 (workers/README.md) as a trivial parser (parse answers
accepted with the input as path; resolve answers the input). Every request read appends a line
`<pid> recv <id> <monotonic ns>` to the file LOG, and every answer written `<pid> send <id>
<monotonic ns> queued=<0|1>`, queued=1 when the next request had already arrived (was waiting
to be read) at the time of the answer. CLOCK_MONOTONIC is one clock for every process of the
machine, so logs of two workers can be compared. MODE decides what it does with a request
whose input is "trigger":

  slow      every request (trigger or not) takes 100 ms before its answer
  skip      never answers the trigger, answers the requests after it
  twice     answers the trigger twice
  swap      answers the request after the trigger before the trigger
  hold      never answers any request (it reads and logs them)
  ok        never misbehaves
  reserialize  never misbehaves, and gives each parse a serialization: the input without its
            first "@" (a serializer that drops a userinfo's delimiter: a round trip changes)
"""
import json
import os
import select
import sys
import time

MODES = ["slow", "skip", "twice", "swap", "hold", "ok", "reserialize"]


class Lines:
    """Lines of fd 0 read with os.read, so that what waits unread is known (no hidden buffer)."""

    def __init__(self):
        self.buf = b""
        self.eof = False

    def waiting(self):
        if b"\n" in self.buf:
            return True
        readable, _, _ = select.select([0], [], [], 0)
        return bool(readable)

    def next(self):
        while b"\n" not in self.buf:
            if self.eof:
                return None
            chunk = os.read(0, 65536)
            if not chunk:
                self.eof = True
                if self.buf:
                    line, self.buf = self.buf, b""
                    return line
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in MODES:
        sys.stderr.write("usage: pipeline.py {%s} LOG [NAME]\n" % "|".join(MODES))
        return 2
    mode, log_path = sys.argv[1], sys.argv[2]
    name = sys.argv[3] if len(sys.argv) > 3 else "pipeline-" + mode
    log = open(log_path, "a", buffering=1)
    pid = os.getpid()
    out = sys.stdout
    out.write(
        json.dumps(
            {
                "protocol": "uridiff-worker/1",
                "name": name,
                "version": "1",
                "profile": "rfc3986",
                "operations": ["parse", "resolve"],
                "components": ["path"],
                "decides_validity": False,
                "library": "none (a test worker)",
            }
        )
        + "\n"
    )
    out.flush()
    lines = Lines()
    held = None

    def answer(request):
        text = request.get("input")
        if request.get("op") == "parse":
            response = {"outcome": "accepted", "components": {"path": text}}
            if mode == "reserialize":
                response["serialization"] = text.replace("@", "", 1)
        else:
            response = {"outcome": "accepted", "value": text}
        response["id"] = request.get("id")
        out.write(json.dumps(response) + "\n")
        out.flush()
        queued = 1 if lines.waiting() else 0
        log.write("%d send %s %d queued=%d\n" % (pid, request.get("id"), time.monotonic_ns(), queued))

    while True:
        line = lines.next()
        if line is None:
            return 0
        if not line.strip():
            continue
        request = json.loads(line)
        log.write("%d recv %s %d\n" % (pid, request.get("id"), time.monotonic_ns()))
        if mode == "hold":
            continue
        if mode == "slow":
            time.sleep(0.1)
        trigger = request.get("input") == "trigger"
        if trigger and mode == "skip":
            continue
        if trigger and mode == "swap":
            held = request
            continue
        answer(request)
        if trigger and mode == "twice":
            answer(request)
        if held is not None and held is not request:
            answer(held)
            held = None


if __name__ == "__main__":
    sys.exit(main())
