#!/usr/bin/env python3
"""Recall of uridiff's default report and gate, measured as an outsider would: realistic bugs
injected into a copy of a shipped worker, each run through the default jobs.

For each bug, a copy of workers/python-urllib.py (and the Python SDK beside it) is written to a
temporary folder with one patch applied, and run as an external worker named `urllib-copy`
beside impl. The unpatched copy is run the same way first. A bug is

- found by the report when the patched copy has an unexplained class (keyed by class, operation
  and form) that the unpatched copy lacks, and that class's example shows the bug (the patched
  copy's answer on the example differs from the unpatched library's answer on it);
- or found by the report's URL confusion (with `--all`, where every parser takes part, as in the
  default report) when a confusion class the patched copy takes part in is new, and the patched
  copy reads that class's input otherwise than the unpatched copy;
- caught by the gate when `uridiff check` against a baseline written from the unpatched copy
  fails.

The bugs are the mechanisms of documented URL-parser bugs (a host read after the first "@", a
fragment cut at a second "#", a regression that rejects valid input, ...), each reverting a
fix CPython made or introducing a slip a maintainer could make; see BUGS below.

Usage: scripts/recall.py [--uridiff target/release/uridiff] [--count N] [--only NAME] [--all]

Without `--all` the reports run impl and the copy only (a minute for every bug); with it, every
parser beside the copy, as the default report does (about a minute for each bug).
Prints one line per bug and the totals; exits 0.
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
WORKER = os.path.join(ROOT, "workers", "python-urllib.py")
SDK = os.path.join(ROOT, "workers", "sdk")
NAME = "urllib-copy"

# (name, what it is, module-level patch, patch applied to the response in parse()).
# The response patch sees `text` (the input), `parts` (urlsplit's result) and `response`.
BUGS = [
    (
        "first-at",
        "the host read after the first '@' of the authority (netloc.partition instead of "
        "rpartition: the mechanism of several documented host-confusion bugs)",
        "",
        """
netloc = parts.netloc if isinstance(parts.netloc, str) else ""
if netloc.count("@") > 1:
    user, _, hostport = netloc.partition("@")
    host = hostport.rpartition(":")[0] if ":" in hostport and not hostport.endswith("]") else hostport
    response["components"]["userinfo"] = user
    response["components"]["host"] = host.lower()
""",
    ),
    (
        "second-hash",
        "the fragment cut at a second '#'",
        "",
        """
f = response["components"].get("fragment")
if isinstance(f, str) and "#" in f:
    response["components"]["fragment"] = f.split("#")[0]
""",
    ),
    (
        "second-question",
        "the query cut at a second '?'",
        "",
        """
q = response["components"].get("query")
if isinstance(q, str) and "?" in q:
    response["components"]["query"] = q.split("?")[0]
""",
    ),
    (
        "empty-port-refused",
        "a ValueError on an authority ending in ':' (an empty port, valid by RFC 3986 3.2.3)",
        "",
        """
if isinstance(parts.netloc, str) and parts.netloc.endswith(":"):
    raise ValueError("Port could not be cast to integer value as ''")
""",
    ),
    (
        "port-int",
        "the port read with int() (the code before CPython checked isdigit: '+80', ' 80' and "
        "'8_0' taken as ports)",
        """
import urllib.parse as _up
def _port(self):
    port = self._hostinfo[1]
    if port is not None:
        port = int(port, 10)
        if not (0 <= port <= 65535):
            raise ValueError("Port out of range 0-65535")
    return port
_up._NetlocResultMixinBase.port = property(_port)
""",
        "",
    ),
    (
        "tabs-kept",
        "tabs and newlines kept (the fix of CPython's CVE-2022-0391 reverted)",
        """
import urllib.parse as _up
_up._UNSAFE_URL_BYTES_TO_REMOVE = []
""",
        "",
    ),
    (
        "leading-space-kept",
        "leading C0 controls and spaces kept (the fix of CPython's CVE-2023-24329 reverted: "
        "the input read as a relative path)",
        "",
        """
if text[:1] and (text[0] if isinstance(text, str) else chr(text[0])) <= " ":
    raw = text if isinstance(text, str) else text.decode("latin-1")
    cut = min([i for i in (raw.find("?"), raw.find("#")) if i >= 0] + [len(raw)])
    c = response["components"]
    for k in ("userinfo", "host", "port"):
        c[k] = None
    c["scheme"] = c["authority"] = ""
    c["path"] = raw[:cut]
""",
    ),
    (
        "brackets-unchecked",
        "a bracketed host not checked (the fix of CPython's CVE-2024-11168 reverted)",
        """
import urllib.parse as _up
_up._check_bracketed_host = lambda hostname: None
""",
        "",
    ),
    (
        "userinfo-decoded",
        "the userinfo percent-decoded (unquote) in the parsed result",
        "",
        """
from urllib.parse import unquote
u = response["components"].get("userinfo")
if isinstance(u, str) and "%" in u:
    response["components"]["userinfo"] = unquote(u)
""",
    ),
    (
        "dot-segments",
        "'/./' segments removed from the path while parsing",
        "",
        """
p = response["components"].get("path")
if isinstance(p, str) and "/./" in p:
    response["components"]["path"] = p.replace("/./", "/")
""",
    ),
    (
        "backslash-host",
        "a backslash in the authority read as its end (a special-URL reading applied to every "
        "scheme)",
        "",
        """
netloc = parts.netloc if isinstance(parts.netloc, str) else ""
if "\\\\" in netloc and parts.scheme not in ("http", "https", "ws", "wss", "ftp", "file"):
    host = netloc.split("\\\\")[0].rpartition("@")[2]
    response["components"]["host"] = host.lower()
""",
    ),
    (
        "at-in-password",
        "the userinfo cut at a ':' after an '@' it holds (the password split at the last "
        "':' of the whole authority)",
        "",
        """
netloc = parts.netloc if isinstance(parts.netloc, str) else ""
user = netloc.rpartition("@")[0]
if "@" in user and ":" in user:
    response["components"]["userinfo"] = user.rpartition(":")[0]
""",
    ),
]


def worker(folder, module_patch, response_patch):
    """A patched copy of the python-urllib worker in `folder`; its command line."""
    shutil.copytree(SDK, os.path.join(folder, "sdk"), dirs_exist_ok=True)
    with open(WORKER, encoding="utf-8") as f:
        src = f.read()
    anchor = "from urllib.parse import urljoin, urlsplit  # noqa: E402\n"
    assert anchor in src, "the worker changed: update scripts/recall.py"
    src = src.replace(anchor, anchor + module_patch + "\n", 1)
    src = src.replace('"name": "python-urllib"', '"name": "%s"' % NAME, 1)
    if response_patch:
        ret = "        response[\"note\"] = EMPTY_NOTE\n    return response\n"
        assert ret in src, "the worker changed: update scripts/recall.py"
        body = "".join("    " + line + "\n" for line in response_patch.strip("\n").split("\n"))
        src = src.replace(ret, "        response[\"note\"] = EMPTY_NOTE\n" + body + "    return response\n", 1)
    path = os.path.join(folder, "worker.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(src)
    return "%s=python3 %s" % (NAME, path)


def report(uridiff, external, out, count, every):
    """The copy's unexplained classes by key, and the confusion classes it takes part in."""
    parsers = [] if every else ["--parser", "impl", "--parser", NAME]
    subprocess.run(
        [uridiff, "report", "-q"] + parsers + ["--external", external,
         "--out", out, "--count", str(count)],
        check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    with open(os.path.join(out, "discrepancies.json"), encoding="utf-8") as f:
        data = json.load(f)
    classes = {
        c["key"]: c for c in data["classes"]
        if not c["explained"] and c["signature"]["subject"] == NAME
    }
    confusion = {}
    for c in data.get("confusion", []):
        groups = tuple(sorted(tuple(g["parsers"]) for g in c["groups"]))
        if any(NAME in g for g in groups):
            confusion[(c["component"], c["form"], groups)] = c
    return classes, confusion


def reads_otherwise(uridiff, plain, ext, c):
    """Whether the patched copy parses the confusion class's input otherwise than the unpatched."""
    # An input uridiff diff cannot be given on a command line (a NUL) cannot show the bug.
    if not isinstance(c["input"], str) or "\0" in c["input"]:
        return False
    answers = []
    for external in (plain, ext):
        out = subprocess.run(
            [uridiff, "diff", "--json", "--parser", NAME, "--external", external, "--",
             c["input"]],
            check=False, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        answer = answer_of(out.stdout)
        if answer is None:
            return True
        answers.append((answer["outcome"], answer.get("value")))
    return answers[0] != answers[1]


def answer_of(stdout):
    """The copy's result in `uridiff diff --json`'s first line (impl's comes first), or None."""
    try:
        results = json.loads(stdout.decode().splitlines()[0])["results"]
    except (IndexError, ValueError, KeyError):
        return None
    return next((r for r in results if r.get("parser") == NAME), None)


def shows(uridiff, plain, c):
    """Whether the class's example shows the bug: the unpatched copy answers otherwise on it."""
    ex = c["example"]
    if ex["op"] not in ("parse", "resolve") or not isinstance(ex["input"], str):
        return True
    # An example uridiff diff cannot be given on a command line (a NUL) cannot show the bug.
    if "\0" in ex["input"] or "\0" in str(ex.get("second")):
        return False
    cmd = [uridiff, "diff", "--json", "--parser", NAME, "--external", plain]
    if ex["op"] == "resolve":
        if not isinstance(ex.get("second"), str):
            return True
        cmd += ["--base", ex["second"]]
    out = subprocess.run(cmd + ["--", ex["input"]], check=False, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    result = answer_of(out.stdout)
    if result is None:
        return True
    answer = c["answer"]
    return (result["outcome"], result.get("value")) != (answer["outcome"], answer.get("value"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--uridiff", default=os.path.join(ROOT, "target", "release", "uridiff"))
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--only")
    ap.add_argument("--all", action="store_true",
                    help="every parser in the reports, as the default report (confusion counted)")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="uridiff-recall-")
    plain_dir = os.path.join(tmp, "plain")
    os.makedirs(plain_dir)
    plain = worker(plain_dir, "", "")
    before, before_confusion = report(args.uridiff, plain, os.path.join(tmp, "plain-report"),
                                      args.count, args.all)
    baseline = os.path.join(tmp, "baseline.txt")
    subprocess.run(
        [args.uridiff, "check", "--parser", "impl", "--parser", NAME, "--under-test", NAME,
         "--external", plain, "--count", str(args.count), "--baseline", baseline,
         "--write-baseline"],
        check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    found = caught = total = 0
    for name, what, module_patch, response_patch in BUGS:
        if args.only and name != args.only:
            continue
        total += 1
        folder = os.path.join(tmp, name)
        os.makedirs(folder)
        ext = worker(folder, module_patch, response_patch)
        after, confusion = report(args.uridiff, ext, os.path.join(tmp, name + "-report"),
                                  args.count, args.all)
        new = [c for k, c in after.items() if k not in before]
        shown = [c for c in new if shows(args.uridiff, plain, c)]
        confused = [c for k, c in confusion.items() if k not in before_confusion
                    and reads_otherwise(args.uridiff, plain, ext, c)]
        gate = subprocess.run(
            [args.uridiff, "check", "--parser", "impl", "--parser", NAME, "--under-test", NAME,
             "--external", ext, "--count", str(args.count), "--baseline", baseline],
            check=False, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        is_found = bool(shown) or bool(confused)
        is_caught = gate.returncode == 1
        found += is_found
        caught += is_caught
        first = shown[0]["key"] if shown else "-"
        if not shown and confused:
            first = "confusion %s %r: %s" % (confused[0]["component"], confused[0]["input"],
                                            confused[0]["impact"])
        print("%-20s report %-5s gate %-5s (rc %d) %d new class(es), %d new confusion, first: %s"
              % (name, "found" if is_found else "MISS", "fails" if is_caught else "MISS",
                 gate.returncode, len(new), len(confused), first))
    print("found by the report: %d of %d; caught by the gate: %d of %d" % (found, total, caught, total))
    print("work folder (reports, baseline):", tmp)


if __name__ == "__main__":
    sys.exit(main())
