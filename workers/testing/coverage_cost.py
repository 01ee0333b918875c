#!/usr/bin/env python3
"""The cost of coverage per request (workers/README.md, "Coverage"): runs a worker on the same
N parse requests, distinct URIs, pipelined as uridiff sends them, without and with
`"coverage": true`, in turns, and prints the microseconds per request of each and their ratio.

    python3 workers/testing/coverage_cost.py [-n N] [--rounds R] -- ARGV...

The best round of each is kept (the least disturbed by other work on the machine). Each round
starts a fresh worker, so a library's caches (urllib's urlsplit has one) start empty in both.
"""
import argparse
import json
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
    worker.wait()
    return took, ids


def main():
    args = argparse.ArgumentParser()
    args.add_argument("-n", type=int, default=2000)
    args.add_argument("--rounds", type=int, default=5)
    args.add_argument("argv", nargs="+")
    a = args.parse_args()
    texts = inputs(a.n)
    best = {False: float("inf"), True: float("inf")}
    ids = 0
    for _ in range(a.rounds):
        for coverage in (False, True):
            took, got = round_trip(a.argv, texts, coverage)
            best[coverage] = min(best[coverage], took)
            ids = max(ids, got)
    off, on = (best[c] / a.n * 1e6 for c in (False, True))
    print("%s: %.1f us/request without coverage, %.1f with (%.2fx), %.0f ids per answer"
          % (" ".join(a.argv), off, on, on / off, ids / a.n))


if __name__ == "__main__":
    main()
