#!/usr/bin/env python3
"""What a report's wall time would be on a machine with more cores, from a CPU split measured on
this one, with and without the workers' pools (the engine's `pool` room): an extrapolation, said
as one, from the figures `uridiff bench --harness` writes.

    python3 scripts/pool_model.py BENCH_JSON [--cores 2,4,8,16,32,64] [--run N]
    python3 scripts/pool_model.py --self-test

BENCH_JSON is the `bench.json` of `uridiff bench --harness --out DIR`; --run picks its report run
(0, the first, by default). Each worker's CPU seconds there were spent by one process (a 2-core
machine has no core to spare); uridiff's own, with the in-process parsers, goes over the cores.

The model, for C cores: the workers' processes are planned as the engine plans them (a worker
whose CPU is more than the run's over C gets as many processes as bring it down to that, at
most 8); the wall time cannot be less than the CPU of the run over C (every core busy), nor
than the largest worker's CPU over its processes (its column is the last to finish). uridiff's
own threads take any core a worker leaves idle, so they bound nothing in this fluid model but
through the first figure. The larger of the two is the estimate; it leaves out what the model
cannot see (the fold thread's own critical path, start-up, memory bandwidth), so it is a lower
bound.
"""
import argparse
import math
import json
import sys

MAX_PROCESSES = 8


def plan(cores, own, cost):
    """The engine's plan (src/engine/pool.rs): processes per worker."""
    even = (own + sum(cost)) / max(cores, 1)
    return [min(MAX_PROCESSES, math.ceil(c / even)) if c > 0 and even > 0 else 1 for c in cost]


def estimate(cores, own, workers, pooled):
    """(wall lower bound, the bound that decides it, the plan) for `cores`."""
    total = own + sum(workers.values())
    names = list(workers)
    cost = [workers[n] for n in names]
    processes = plan(cores, own, cost) if pooled else [1] * len(cost)
    bounds = [(total / cores, "every core busy")]
    if cost:
        slowest = max(range(len(cost)), key=lambda c: cost[c] / processes[c])
        bounds.append((cost[slowest] / processes[slowest],
                       "%s x%d" % (names[slowest], processes[slowest])))
    wall, why = max(bounds, key=lambda b: b[0])
    return wall, why, processes


def self_test():
    # The same cases as the Rust plan's tests (src/engine/pool.rs).
    assert plan(2, 5.0, [1.0] * 27) == [1] * 27
    assert plan(1, 0.0, [9.0, 1.0]) == [1, 1]
    assert plan(8, 2.0, [10.0, 3.0, 1.0]) == [5, 2, 1]
    assert plan(2, 1.0, [9.0]) == [2]
    assert plan(8, 70.0, [10.0, 3.0, 1.0]) == [1, 1, 1]
    assert plan(64, 0.0, [3.0, 0.0]) == [MAX_PROCESSES, 1]
    # 16 cores, uridiff 4 s, one worker of 12 s and two of 1 s: 18 s of CPU.
    wall, why, _ = estimate(16, 4.0, {"slow": 12.0, "a": 1.0, "b": 1.0}, pooled=False)
    assert (wall, why) == (12.0, "slow x1"), (wall, why)
    wall, why, processes = estimate(16, 4.0, {"slow": 12.0, "a": 1.0, "b": 1.0}, pooled=True)
    # 18 s over 16 cores, 1.125 a core: the slow one needs 8 (10.7, at most 8), the others 1.
    assert (wall, why, processes) == (1.5, "slow x8", [8, 1, 1]), (wall, why, processes)
    print("pool_model self-test: ok")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("bench", nargs="?")
    ap.add_argument("--cores", default="2,4,8,16,32,64")
    ap.add_argument("--run", type=int, default=0)
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        self_test()
        return 0
    if not a.bench:
        ap.error("BENCH_JSON is needed (or --self-test)")
    try:
        with open(a.bench) as f:
            run = json.load(f)["harness"]["report"][a.run]
    except (OSError, ValueError, KeyError, IndexError, TypeError) as e:
        sys.exit("%s: no harness report run %d (%s); write one with `uridiff bench --harness --out DIR`"
                 % (a.bench, a.run, e))
    own = 0.0
    workers = {}
    for c in run["cpu"]:
        if c.get("cpu_s") is None:
            continue
        if c["process"] == "uridiff":
            own = c["cpu_s"]
        else:
            workers[c["process"]] = c["cpu_s"]
    total = own + sum(workers.values())
    print("report of %d inputs, %d parsers: %.2f CPU s (uridiff %.2f), measured %.2f s wall"
          % (run["inputs"], len(run["subjects"]), total, own, run["seconds"]))
    print("| cores | one process each: wall >= | bound | with pools: wall >= | bound | extra processes |")
    print("|---:|---:|---|---:|---|---|")
    for cores in [int(c) for c in a.cores.split(",")]:
        w1, why1, _ = estimate(cores, own, workers, pooled=False)
        w2, why2, processes = estimate(cores, own, workers, pooled=True)
        extra = ", ".join("%s x%d" % (n, p) for n, p in zip(workers, processes) if p > 1) or "-"
        print("| %d | %.2f s | %s | %.2f s | %s | %s |" % (cores, w1, why1, w2, why2, extra))
    return 0


if __name__ == "__main__":
    sys.exit(main())
