#!/usr/bin/env python3
"""The cost of coverage per request (workers/README.md, "Coverage"): runs a worker on the same
N parse requests, distinct URIs, pipelined as uridiff sends them, without and with
`"coverage": true`, in turns, and prints the microseconds per request of each and their ratio:
in wall time, and in the worker's own CPU time (its user and system time as the kernel counts it
at its exit, less what a worker answering one request the same way spends: its start and the
once-only set-up of its coverage), which other work on a shared machine disturbs much less. The
set-up a first request asking for coverage costs is printed beside.

    python3 workers/testing/coverage_cost.py [-n N] [--rounds R] -- ARGV...

The best round of each measure is kept (the least disturbed by other work on the machine). Each round
starts a fresh worker, so a library's caches (urllib's urlsplit has one) start empty in both.
"""
import argparse
import json
import os
import subprocess
import threading
import time


def inputs(n):
    hosts = ["a", "example.com", "[::1]", "127.0.0.1", "xn--bcher-kva.example", "u:p@h"]
    out = []
    for i in range(n):
        host = hosts[i % len(hosts)]
        port = ":%d" % (8000 + i % 7) if i % 3 == 0 else ""
        out.append("http%s://%s%s/p/%d/../q;%d?x=%d&y=%%20#f%d"
                   % ("s" if i % 2 else "", host, port, i, i % 5, i, i % 11))
    return out


def cpu_at_exit(worker):
    """The worker's user and system seconds, read when it exits."""
    _, _, usage = os.wait4(worker.pid, 0)
    worker.returncode = 0
    return usage.ru_utime + usage.ru_stime


def start_up(argv, text, coverage):
    """The CPU seconds a worker spends starting and answering one request."""
    return round_trip(argv, [text], coverage)[1]


def round_trip(argv, texts, coverage):
    worker = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    worker.stdout.readline()  # the handshake
    lines = []
    for i, text in enumerate(texts):
        request = {"id": i + 1, "op": "parse", "input": text}
        if coverage:
            request["coverage"] = True
        lines.append(json.dumps(request) + "\n")
    payload = "".join(lines).encode("utf-8")
    began = time.perf_counter()
    writer = threading.Thread(target=lambda: (worker.stdin.write(payload), worker.stdin.close()))
    writer.start()
    ids = 0
    for _ in texts:
        answer = json.loads(worker.stdout.readline())
        ids += len(answer.get("coverage", []))
    took = time.perf_counter() - began
    writer.join()
    worker.stdout.read()
    return took, cpu_at_exit(worker), ids


def main():
    args = argparse.ArgumentParser()
    args.add_argument("-n", type=int, default=2000)
    args.add_argument("--rounds", type=int, default=5)
    args.add_argument("argv", nargs="+")
    a = args.parse_args()
    texts = inputs(a.n)
    wall = {False: float("inf"), True: float("inf")}
    cpu = {False: float("inf"), True: float("inf")}
    idle = {False: float("inf"), True: float("inf")}
    ids = 0
    for _ in range(a.rounds):
        for coverage in (False, True):
            idle[coverage] = min(idle[coverage], start_up(a.argv, texts[0], coverage))
            took, spent, got = round_trip(a.argv, texts, coverage)
            wall[coverage] = min(wall[coverage], took)
            cpu[coverage] = min(cpu[coverage], spent)
            ids = max(ids, got)
    off, on = (wall[c] / a.n * 1e6 for c in (False, True))
    coff, con = ((cpu[c] - idle[c]) / (a.n - 1) * 1e6 for c in (False, True))
    print("%s: wall %.1f us/request without coverage, %.1f with (%.2fx); worker CPU %.1f and "
          "%.1f (%.2fx), coverage's set-up %.0f ms; %.0f ids per answer"
          % (" ".join(a.argv), off, on, on / off, coff, con, con / coff,
             (idle[True] - idle[False]) * 1e3, ids / a.n))


if __name__ == "__main__":
    main()
