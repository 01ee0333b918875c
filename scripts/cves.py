#!/usr/bin/env python3
"""Documented CVEs of real URL parsers, run at their vulnerable and fixed versions: does the
default report find each, and is it gone with the fix?

For each advisory below, the npm package is installed twice into a temporary folder (the last
version before the fix and the version that fixed it, as the advisory names them), and the
shipped worker of that package (workers/node-url-parse.js, workers/node-urijs.js) is run once
per version, as two external workers beside impl, through the default jobs (`uridiff report`
with its defaults). The CVE is

- found when the vulnerable version has an unexplained class that the fixed version lacks (the
  same class, operation and form), and whose minimized example the two versions answer
  differently: the example shows what the fix changed;
- gone with the fix by construction of that test (the fixed version has no such class).

The printed example is for a reader to hold against the advisory's text.

An advisory the report misses is then given to a campaign of `--campaign` seconds (default
120; 0 for none) through the same three parsers (`uridiff fuzz`), judged the same way on its
findings.

Usage: scripts/cves.py [--uridiff target/release/uridiff] [--only CVE-ID] [--campaign S]
Needs Node.js and npm (the npm registry) and prints one line per advisory and the total.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# (CVE, package, worker file, vulnerable version (the last published before the fix), fixed
# version, the advisory's summary).
CVES = [
    ("CVE-2018-3774", "url-parse", "node-url-parse.js", "1.4.1", "1.4.3",
     "incorrect hostname with a backslash before '@'"),
    ("CVE-2020-8124", "url-parse", "node-url-parse.js", "1.4.4", "1.4.5",
     "leading whitespace not removed: the URL read as relative"),
    ("CVE-2021-27515", "url-parse", "node-url-parse.js", "1.4.7", "1.5.0",
     "backslashes such as http:\\/ read as a relative path"),
    ("CVE-2021-3664", "url-parse", "node-url-parse.js", "1.5.1", "1.5.2",
     "open redirect: slashes and backslashes after the scheme"),
    ("CVE-2022-0512", "url-parse", "node-url-parse.js", "1.5.5", "1.5.6",
     "authorization bypass: '@' handling in the authority (http://@/127.0.0.1)"),
    ("CVE-2022-0639", "url-parse", "node-url-parse.js", "1.5.6", "1.5.7",
     "authorization bypass: 'http:@/127.0.0.1'"),
    ("CVE-2022-0686", "url-parse", "node-url-parse.js", "1.5.7", "1.5.8",
     "authorization bypass: a port with an empty value ('http://example.com:')"),
    ("CVE-2022-0691", "url-parse", "node-url-parse.js", "1.5.8", "1.5.9",
     "authorization bypass: leading control characters (backspace) before the scheme"),
    ("CVE-2020-26291", "urijs", "node-urijs.js", "1.19.3", "1.19.4",
     "hostname spoofing with backslashes"),
    ("CVE-2021-27516", "urijs", "node-urijs.js", "1.19.5", "1.19.6",
     "backslashes such as http:\\/ read as a relative path"),
    ("CVE-2021-3647", "urijs", "node-urijs.js", "1.19.6", "1.19.7",
     "open redirect: backslashes in the scheme's slashes"),
    ("CVE-2022-0613", "urijs", "node-urijs.js", "1.19.7", "1.19.8",
     "authorization bypass: uppercase scheme with backslashes"),
    ("CVE-2022-24723", "urijs", "node-urijs.js", "1.19.8", "1.19.9",
     "leading whitespace in the scheme: the hostname not read"),
    ("CVE-2022-0868", "urijs", "node-urijs.js", "1.19.9", "1.19.10",
     "open redirect: slashes and whitespace after the scheme"),
    ("CVE-2022-1243", "urijs", "node-urijs.js", "1.19.10", "1.19.11",
     "leading control characters in the scheme: the hostname not read"),
]


def install(folder, package, version):
    subprocess.run(
        ["npm", "install", "--prefix", folder, "%s@%s" % (package, version), "--no-audit",
         "--no-fund", "--silent", "--no-save", "--ignore-scripts"],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    return os.path.join(folder, "node_modules")


def worker(folder, worker_file, name, node_path):
    """A copy of the shipped worker named `name`, its modules from `node_path`."""
    shutil.copytree(os.path.join(ROOT, "workers", "sdk"), os.path.join(folder, "sdk"),
                    dirs_exist_ok=True)
    with open(os.path.join(ROOT, "workers", worker_file), encoding="utf-8") as f:
        src = f.read()
    shipped = "name: '%s'," % worker_file[:-3]
    assert shipped in src, "the worker changed: update scripts/cves.py"
    src = src.replace(shipped, "name: '%s'," % name, 1)
    path = os.path.join(folder, name + ".js")
    with open(path, "w", encoding="utf-8") as f:
        f.write(src)
    return "%s=NODE_PATH=%s node %s" % (name, node_path, path)


def fixed_by_the_fix(vuln, fix):
    """The unexplained classes of the vulnerable version (keyed without the subject) that the
    fixed version lacks and whose example the two versions answer differently."""
    shown = []
    for k, c in vuln.items():
        if k in fix:
            continue
        answers = dict((name, o) for name, o in c["outcomes"])
        if answers.get("vulnerable") != answers.get("fixed"):
            shown.append(c)
    return shown


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--uridiff", default=os.path.join(ROOT, "target", "release", "uridiff"))
    ap.add_argument("--only")
    ap.add_argument("--campaign", type=int, default=120)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="uridiff-cves-")
    found = total = 0
    for cve, package, worker_file, vulnerable, fixed, summary in CVES:
        if args.only and cve != args.only:
            continue
        total += 1
        here = os.path.join(tmp, cve)
        externals = []
        try:
            for tag, version in (("vulnerable", vulnerable), ("fixed", fixed)):
                modules = install(os.path.join(here, tag), package, version)
                externals.append(worker(here, worker_file, tag, modules))
        except subprocess.CalledProcessError as e:
            print("%-15s %-9s could not be installed: %s" % (cve, package, e))
            continue
        out = os.path.join(here, "report")
        cmd = [args.uridiff, "report", "-q", "--parser", "impl", "--parser", "vulnerable",
               "--parser", "fixed", "--out", out]
        for e in externals:
            cmd += ["--external", e]
        subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        with open(os.path.join(out, "discrepancies.json"), encoding="utf-8") as f:
            classes = json.load(f)["classes"]
        def keyed(subject):
            return {
                c["key"].split(" ", 1)[1]: c for c in classes
                if c["signature"]["subject"] == subject and not c["explained"]
            }
        shown = fixed_by_the_fix(keyed("vulnerable"), keyed("fixed"))
        by = "report"
        if not shown and args.campaign > 0:
            by = "campaign"
            camp = os.path.join(here, "campaign")
            cmd = [args.uridiff, "fuzz", "-q", "--seconds", str(args.campaign), "--parser",
                   "impl", "--parser", "vulnerable", "--parser", "fixed", "--out", camp]
            for e in externals:
                cmd += ["--external", e]
            subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            findings = []
            with open(os.path.join(camp, "findings.jsonl"), encoding="utf-8") as f:
                for line in f:
                    c = json.loads(line)
                    if c.get("by_design"):
                        continue
                    c["example"] = {"input": c["example"]}
                    c["outcomes"] = list(c["outcomes"].items())
                    findings.append(c)
            def from_campaign(subject):
                return {c["key"].split(" ", 1)[1]: c for c in findings
                        if c["deviating"] == [subject]}
            shown = fixed_by_the_fix(from_campaign("vulnerable"), from_campaign("fixed"))
        found += bool(shown)
        best = sorted(shown, key=lambda c: (c["severity"] != "critical", -c.get("count", 1)))
        first = best[0] if best else None
        print("%-15s %-9s %s -> %s  %s  %d class(es)%s" % (
            cve, package, vulnerable, fixed, "FOUND (%s)" % by if shown else "missed", len(shown),
            ": %s, example %s" % (first["key"], json.dumps(first["example"]["input"]))
            if first else ""))
        print("                %s" % summary)
    print("found by the default report and gone with the fix: %d of %d" % (found, total))
    print("work folder:", tmp)


if __name__ == "__main__":
    sys.exit(main())
