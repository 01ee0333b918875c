#!/usr/bin/env python3
"""Time to first reach real bug triggers, guided campaigns against blind ones: the same parsers,
the same seconds, the same seeds. Each trigger is a bug from a library's own public tracker that
the installed version still shows, with a predicate on a campaign finding that says "this
finding is that bug" (TRIGGERS below). For each mode and seed the script runs `uridiff fuzz`
(guided, then `--blind`), reads the campaign's findings.jsonl, and takes the first finding that
matches each predicate: its `seconds` (the campaign's clock when the batch holding the input had
been run) and its `index` + 1 (inputs run until then). It prints, per trigger and mode, in how
many seeds the trigger was reached, and the median time and input count over those seeds.

    python3 scripts/first_trigger.py [--seconds 120] [--seeds 1,2,3] [--out reports/first-trigger.md]
                                     [--keep DIR] [--reuse DIR]

--keep DIR keeps each campaign as DIR/<mode>-<seed>; --reuse DIR reads campaigns kept so
instead of running them (to re-judge them under changed predicates). Needs a release build
(target/release/uridiff) and the workers' runtimes (workers/install.sh).

A predicate sees only what a finding holds: the minimized example and every parser's outcome on
it. A trigger is therefore "reached" when the campaign first writes a finding whose example shows
it; an input that showed it under a signature already written is not seen (a finding is written
once per signature), so the time is that of the first finding, not necessarily of the first
input.
"""
import argparse
import base64
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The shipped parsers whose workers give coverage (workers/README.md, "Coverage"), and
# python-rfc3986, which gives none but holds one of the triggers: the same set in every mode.
PARSERS = ["python-urllib", "python-furl", "node-url-parse", "node-urijs", "node-whatwg-url",
           "node-fast-uri", "node-uri-js", "java-okhttp", "cpp-boost-url", "python-rfc3986"]
MODES = [("guided", []), ("blind", ["--blind"])]

# RFC 3986 3.2.2: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
FUTURE_CHARS = r"A-Za-z0-9\-._~!$&'()*+,;=:"
# The authority of an input as RFC 3986 Appendix B splits it, up to an opening bracket.
AUTHORITY = r"^(?:[^:/?#]+:)?//[^/?#\[]*"

# The triggers. Each: the tracker's URL, the bug in one sentence, the parser, and the predicate
# as data: the parser's outcome on the finding's example ("accepted" or "rejected"), for a
# rejection a regular expression on its "code: message", for an acceptance regular expressions
# on its components (a component named must be present and match), and a regular expression on
# the example itself. `shape` says the input shape in words.
TRIGGERS = [
    {
        "id": "boost-url-636",
        "url": "https://github.com/boostorg/url/issues/636",
        "parser": "cpp-boost-url",
        "bug": "parse_uri/parse_uri_reference end the authority where the host or port rule "
               "stops and take the rest as a path that does not begin with '/' "
               "(\"uri_rule requires absolute path\"; fixed after 1.81)",
        "shape": "an authority followed at once by a rootless path (`//8.5.1.2.`, `http://u:p@a.b:a`)",
        "outcome": "accepted",
        "components": {"host": r"", "path": r"^[^/]"},
    },
    {
        "id": "cpython-105708",
        "url": "https://github.com/python/cpython/issues/105708",
        "parser": "python-urllib",
        "bug": "urlsplit takes an IPvFuture only with a lowercase 'v' and raises ValueError on "
               "'[V...]', which RFC 3986 3.2.2 allows (\"v\" is case-insensitive)",
        "shape": "a bracketed IPvFuture with an uppercase V in the authority (`//[V3.:]`)",
        "outcome": "rejected",
        "error": r"does not appear to be an IPv4 or IPv6 address",
        "example": AUTHORITY + r"\[V[0-9A-Fa-f]+\.[" + FUTURE_CHARS + r"]+\]",
    },
    {
        "id": "cpython-137146",
        "url": "https://github.com/python/cpython/issues/137146",
        "parser": "python-urllib",
        "bug": "urlsplit accepts an IPvFuture of any characters after 'v<hex>.' and an IPv6 "
               "zone of any characters, where RFC 3986 3.2.2 and RFC 6874 allow only a few",
        "shape": "a bracketed IPvFuture or IPv6 zone holding a character those rules lack "
                 "(`http://[v45.test|bad]/`, `//[fe80::1%zone|bad]`)",
        "outcome": "accepted",
        "example": AUTHORITY + r"\[(?:[vV][0-9A-Fa-f]+\.[^\]]*[^" + FUTURE_CHARS + r"\]]"
                   r"|[0-9A-Fa-f:.]*%[^\]]*[^A-Za-z0-9\-._~%\]])[^\]]*\]",
    },
    {
        "id": "rfc3986-102",
        "url": "https://github.com/python-hyper/rfc3986/issues/102",
        "parser": "python-rfc3986",
        "bug": "the authority's regular expression makes the ':' before the port optional, so "
               "digits right after an IP literal are read as a port (fixed after 2.0.0)",
        "shape": "digits right after the ']' of an IP literal, no ':' (`p://[::]80`)",
        "outcome": "accepted",
        "components": {"host": r"^\[.*\]$", "port": r".", "authority": r"\][0-9]"},
    },
    {
        "id": "url-parse-242",
        "url": "https://github.com/unshiftio/url-parse/issues/242",
        "parser": "node-url-parse",
        "bug": "the constructor decodes the userinfo with decodeURIComponent unguarded and throws "
               "URIError on a malformed or non-UTF-8 percent-escape, though url-parse means "
               "never to throw",
        "shape": "a userinfo holding a lone '%' or a percent-escape that is not UTF-8 (`ftp://%Db@h`)",
        "outcome": "rejected",
        "error": r"^URIError: URI malformed",
        "example": r"@",
    },
    {
        "id": "urijs-359",
        "url": "https://github.com/medialize/URI.js/issues/359",
        "parser": "node-urijs",
        "bug": "URI() decodes the userinfo in parseUserinfo with decodeURIComponent and throws "
               "\"URI malformed\" on a percent-escape that is not UTF-8",
        "shape": "a userinfo holding a lone '%' or a percent-escape that is not UTF-8 (`//%Bb@h`)",
        "outcome": "rejected",
        "error": r"^URIError: URI malformed",
        "example": r"@",
    },
]

# Candidates read and left out, with the reason (printed into the report).
LEFT_OUT = [
    ("https://github.com/curl/curl/pull/13394", "a resolution bug (a fragment-only reference "
     "drops the base's last segment); campaigns generate parse jobs only"),
    ("https://github.com/aio-libs/yarl/issues/1774", "a resolution bug (join merges the decoded "
     "path); campaigns generate parse jobs only"),
    ("https://github.com/boostorg/url/issues/665", "Boost.URL 1.81 as installed rejects `A:\\` "
     "(\"leftover\"): the trigger is not shown"),
    ("https://github.com/python-hyper/rfc3986/issues/90", "`B://]` is refused by the Validator "
     "the worker applies (the maintainers: uri_reference does not validate by design)"),
    ("https://github.com/python-hyper/rfc3986/issues/111", "not found in the issue index this "
     "was written with; not checked"),
]


def text(b):
    """A finding's bytes ({"b64": ...} when not UTF-8) as a string of code points 0-255."""
    if isinstance(b, dict):
        return base64.b64decode(b["b64"]).decode("latin-1")
    return b


def matches(trigger, finding):
    """Whether `finding` shows `trigger`."""
    o = finding.get("outcomes", {}).get(trigger["parser"])
    if not o or o.get("outcome") != trigger["outcome"]:
        return False
    value = o.get("value") or {}
    if "error" in trigger:
        said = "%s: %s" % (value.get("code", ""), value.get("message", ""))
        if not re.search(trigger["error"], said):
            return False
    components = value.get("components") or {}
    for name, pattern in trigger.get("components", {}).items():
        c = components.get(name)
        if c is None or not re.search(pattern, c):
            return False
    if "example" in trigger and not re.search(trigger["example"], text(finding["example"])):
        return False
    return True


def first_reach(findings, trigger):
    """(seconds, inputs, example, origin) of the first finding showing `trigger`, or None."""
    best = None
    for f in findings:
        if matches(trigger, f):
            key = (f.get("seconds", float("inf")), f["index"])
            if best is None or key < best[:2]:
                best = (key[0], f["index"] + 1, text(f["example"]), f["origin"])
    return best


def loadavg():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def run(binary, seconds, seed, flags, out):
    argv = [binary, "fuzz", "--seconds", str(seconds), "--seed", str(seed), "--quiet", "--json",
            "--out", out]
    for p in PARSERS:
        argv += ["--parser", p]
    done = subprocess.run(argv + flags, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit("uridiff fuzz failed (%d): %s" % (done.returncode, done.stderr[-2000:]))
    return json.loads(done.stdout)


def read(folder):
    with open(os.path.join(folder, "findings.jsonl")) as f:
        findings = [json.loads(l) for l in f if l.strip()]
    with open(os.path.join(folder, "run.json")) as f:
        doc = json.load(f)
    return doc, findings


def median(xs):
    return statistics.median(xs) if xs else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=int, default=120)
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--out", help="write the Markdown tables here")
    ap.add_argument("--keep", help="keep each campaign as KEEP/<mode>-<seed>")
    ap.add_argument("--reuse", help="read campaigns kept with --keep instead of running them")
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "uridiff"))
    args = ap.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    scratch = None
    base = args.reuse or args.keep
    if base is None:
        scratch = tempfile.TemporaryDirectory()
        base = scratch.name
    runs = {}  # (mode, seed) -> (doc, findings, load before, load after)
    for seed in seeds:
        for mode, flags in MODES:
            folder = os.path.join(base, "%s-%d" % (mode, seed))
            if args.reuse:
                doc, findings = read(folder)
                before, after = doc.get("loadavg", [None, None])
            else:
                before = loadavg()
                doc = run(args.binary, args.seconds, seed, flags, folder)
                after = loadavg()
                doc["loadavg"] = [before, after]
                with open(os.path.join(folder, "run.json"), "w") as f:
                    json.dump(doc, f)
                _, findings = read(folder)
            runs[(mode, seed)] = (doc, findings, before, after)
            print("seed %d %s: %d inputs, %d classes, load %s -> %s"
                  % (seed, mode, doc["inputs"], doc["classes"], before, after), file=sys.stderr)
    lines = ["| seed | mode | inputs | classes | seconds | load avg before -> after |",
             "|---:|---|---:|---:|---:|---|"]
    for (mode, seed), (doc, _, before, after) in sorted(runs.items(), key=lambda r: (r[0][1], r[0][0] != "guided")):
        lines.append("| %d | %s | %d | %d | %.1f | %s -> %s |"
                     % (seed, mode, doc["inputs"], doc["classes"], doc.get("seconds", 0.0),
                        before, after))
    runs_table = "\n".join(lines) + "\n"
    lines = ["| trigger | parser | mode | reached in | median s | median inputs | per seed (s / inputs) |",
             "|---|---|---|---:|---:|---:|---|"]
    examples = {}
    for t in TRIGGERS:
        for mode, _ in MODES:
            got = []
            cells = []
            for seed in seeds:
                r = first_reach(runs[(mode, seed)][1], t)
                if r is None:
                    cells.append("-")
                else:
                    got.append(r)
                    cells.append("%.1f / %d" % (r[0], r[1]))
                    examples.setdefault((t["id"], mode), []).append((seed, r[2], r[3]))
            ms, mi = median([g[0] for g in got]), median([g[1] for g in got])
            lines.append("| [%s](%s) | %s | %s | %d of %d | %s | %s | %s |"
                         % (t["id"], t["url"], t["parser"], mode, len(got), len(seeds),
                            "-" if ms is None else "%.1f" % ms,
                            "-" if mi is None else "%d" % mi, ", ".join(cells)))
    table = "\n".join(lines) + "\n"
    print(runs_table)
    print(table)
    notes = []
    for t in TRIGGERS:
        for mode, _ in MODES:
            for seed, example, origin in examples.get((t["id"], mode), []):
                notes.append("- %s, %s, seed %d: `%r` (%s)" % (t["id"], mode, seed, example, origin))
    print("\n".join(notes))
    if args.out:
        with open(args.out, "w") as f:
            f.write("<!-- written by scripts/first_trigger.py --seconds %d --seeds %s, %s -->\n"
                    % (args.seconds, args.seeds, time.strftime("%Y-%m-%d")))
            f.write(runs_table + "\n" + table + "\n")
            f.write("The first finding of each trigger, its minimized example and the generator of "
                    "the input it was first seen on:\n\n")
            f.write("\n".join(notes) + "\n")
    if scratch:
        scratch.cleanup()


if __name__ == "__main__":
    main()
