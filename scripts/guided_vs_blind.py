#!/usr/bin/env python3
"""Guided campaigns against blind ones, as a researcher would compare them: the same parsers,
the same seconds, the same seeds, three ways each:

  guided         `uridiff fuzz` (coverage asked, inputs that reach new code kept and mutated)
  coverage-only  `--coverage-only` (the blind campaign's inputs, their coverage measured)
  blind          `--blind` (no coverage asked: the blind campaign at its own speed)

For each run: the inputs run, the discrepancy classes found, and for each parser that gives
coverage the ids reached out of those instrumented. Writes a Markdown table (--out) and prints it.

    python3 scripts/guided_vs_blind.py [--seconds 30] [--seeds 1,2] [--out reports/guided-vs-blind.md]

Needs a release build (target/release/uridiff) and the workers' runtimes (workers/install.sh).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The shipped parsers whose workers give coverage (workers/README.md, "Coverage").
COVERED = ["python-urllib", "python-furl", "node-url-parse", "node-urijs", "node-whatwg-url",
           "node-fast-uri", "node-uri-js", "java-okhttp", "cpp-boost-url",
           # The in-process Rust parsers, through their covered build (tools/rustcov).
           "url", "http", "fluent-uri", "iri-string", "oxiri", "iref", "uriparse"]
MODES = [("guided", []), ("coverage-only", ["--coverage-only"]), ("blind", ["--blind"])]


def run(binary, seconds, seed, flags):
    with tempfile.TemporaryDirectory() as out:
        argv = [binary, "fuzz", "--seconds", str(seconds), "--seed", str(seed), "--quiet",
                "--json", "--out", os.path.join(out, "campaign")]
        for p in COVERED:
            argv += ["--parser", p]
        if "--blind" not in flags:
            argv.append("--rust-coverage")  # the in-process Rust parsers' covered build
        done = subprocess.run(argv + flags, capture_output=True, text=True)
        if done.returncode not in (0, 1):
            sys.exit("uridiff fuzz failed (%d): %s" % (done.returncode, done.stderr[-2000:]))
        return json.loads(done.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=int, default=30)
    ap.add_argument("--seeds", default="1,2")
    ap.add_argument("--out")
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "uridiff"))
    args = ap.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    rows = []
    for seed in seeds:
        for mode, flags in MODES:
            doc = run(args.binary, args.seconds, seed, flags)
            rows.append((seed, mode, doc))
            print("seed %d %s: %d inputs, %d classes" % (seed, mode, doc["inputs"], doc["classes"]),
                  file=sys.stderr)
    covered = sorted({p for _, _, d in rows for p in d.get("coverage", {})})
    lines = ["| seed | mode | inputs | classes | " + " | ".join(covered) + " |",
             "|---:|---|---:|---:|" + "---:|" * len(covered)]
    for seed, mode, doc in rows:
        cells = []
        for p in covered:
            c = doc.get("coverage", {}).get(p)
            if c is None:
                cells.append("-")
            elif c.get("instrumented"):
                cells.append("%d (%.1f%%)" % (c["reached"], 100.0 * c["reached"] / c["instrumented"]))
            else:
                cells.append(str(c["reached"]))
        lines.append("| %d | %s | %d | %d | %s |" % (seed, mode, doc["inputs"], doc["classes"],
                                                    " | ".join(cells)))
    table = "\n".join(lines) + "\n"
    print(table)
    if args.out:
        with open(args.out, "w") as f:
            f.write("# Guided campaigns against blind ones\n\n")
            f.write("`python3 scripts/guided_vs_blind.py --seconds %d --seeds %s`: the parsers "
                    "whose workers give coverage (%s), %d seconds a run. A cell is the ids of the "
                    "library's code reached (and the share of those instrumented); `-` where no "
                    "coverage was asked (blind).\n\n"
                    % (args.seconds, args.seeds, ", ".join(COVERED), args.seconds))
            f.write(table)


if __name__ == "__main__":
    main()
