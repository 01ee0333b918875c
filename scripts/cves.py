#!/usr/bin/env python3
"""Documented CVEs of real URL parsers, run at their vulnerable and fixed versions: does the
default report find each, and is it gone with the fix?

For each advisory below, the package (npm, or PyPI with pip --target) is installed twice into a
temporary folder (the last version before the fix and the version that fixed it, as the
advisory names them), and its worker (the shipped workers/node-url-parse.js, node-urijs.js,
node-uri-js-family.js, python-urllib3.py, or one that only this script runs:
workers/node-parse-url.js, node-validator.js, node-sanitize-url.js,
python-django-urlvalidator.py) is run once per version, as two external workers beside impl and ada-url (the WHATWG
reference: the browsers' reading, which the URL-confusion classes set the versions against),
through the default jobs (`uridiff report` with its defaults). A class shows the advisory when

- by the report's unexplained classes: the vulnerable version has one that the fixed version
  lacks (the same class, operation and form), and whose minimized example the two versions
  answer differently;
- or by its URL-confusion classes: the vulnerable version takes part in one that the fixed
  version's run lacks (each version's view of a class is its groups without the other
  version, the version renamed; the vulnerable version's view, if it still has two groups,
  must not be a view of the fixed version's on the same component and form), and on whose
  example the two versions are not in one group;
- and, either way, its example shows what the advisory describes (`SHOWS`): the input holds
  the trigger the advisory names (a backslash, a leading control character, a percent-encoded
  delimiter, ...) and the two versions answer one of its components apart (the host for a
  host confusion, ...). A class that passes the first two tests only (the fix changed
  something else too) is counted apart, as "by the rule alone".

The CVE is found when a class shows it, and gone with the fix by construction (the fixed
version has no such class). The printed example and both versions' answers are for a reader
to hold against the advisory's text.

An advisory the report misses is then given to a campaign of `--campaign` seconds (default
120; 0 for none) through impl and the two versions (`uridiff fuzz`), its findings judged as
the unexplained classes are (a campaign has no URL-confusion classes). A campaign still
minimizing at twice its time and a minute is stopped, and judged on what it wrote.

Two lists: `CVES`, the advisories the generator was measured and worked on against (its
URL-confusion shapes' variations were added after two URI.js misses of this list were
understood), and `HELD_OUT`, advisories of other parsers added after that change and measured
only with it, never used to shape the generator: their figure is printed on its own line, the
held-out measurement. `--set` runs one list or both (the default).

Usage: scripts/cves.py [--uridiff target/release/uridiff] [--only CVE-ID] [--campaign S]
                       [--set all|list|held-out]
Its judging functions' examples: python3 -m doctest scripts/cves.py
Needs Node.js and npm (the npm registry), pip (PyPI), and prints one line per advisory, the
class that shows it or the one the rule alone counted, and the total.
"""
import argparse
import base64
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# (CVE, ecosystem (npm or pypi), package, worker file, vulnerable version (the last published
# before the fix), fixed version, the advisory's summary).
CVES = [
    ("CVE-2018-3774", "npm", "url-parse", "node-url-parse.js", "1.4.1", "1.4.3",
     "incorrect hostname with a backslash before '@'"),
    ("CVE-2020-8124", "npm", "url-parse", "node-url-parse.js", "1.4.4", "1.4.5",
     "leading whitespace not removed: the URL read as relative"),
    ("CVE-2021-27515", "npm", "url-parse", "node-url-parse.js", "1.4.7", "1.5.0",
     "backslashes such as http:\\/ read as a relative path"),
    ("CVE-2021-3664", "npm", "url-parse", "node-url-parse.js", "1.5.1", "1.5.2",
     "open redirect: slashes and backslashes after the scheme"),
    ("CVE-2022-0512", "npm", "url-parse", "node-url-parse.js", "1.5.5", "1.5.6",
     "authorization bypass: '@' handling in the authority (http://@/127.0.0.1)"),
    ("CVE-2022-0639", "npm", "url-parse", "node-url-parse.js", "1.5.6", "1.5.7",
     "authorization bypass: 'http:@/127.0.0.1'"),
    ("CVE-2022-0686", "npm", "url-parse", "node-url-parse.js", "1.5.7", "1.5.8",
     "authorization bypass: a port with an empty value ('http://example.com:')"),
    ("CVE-2022-0691", "npm", "url-parse", "node-url-parse.js", "1.5.8", "1.5.9",
     "authorization bypass: leading control characters (backspace) before the scheme"),
    ("CVE-2020-26291", "npm", "urijs", "node-urijs.js", "1.19.3", "1.19.4",
     "hostname spoofing with backslashes"),
    ("CVE-2021-27516", "npm", "urijs", "node-urijs.js", "1.19.5", "1.19.6",
     "backslashes such as http:\\/ read as a relative path"),
    ("CVE-2021-3647", "npm", "urijs", "node-urijs.js", "1.19.6", "1.19.7",
     "open redirect: backslashes in the scheme's slashes (the fix reads `:[/\\\\]*` as `://`)"),
    ("CVE-2022-0613", "npm", "urijs", "node-urijs.js", "1.19.7", "1.19.8",
     "authorization bypass: uppercase scheme with backslashes"),
    ("CVE-2022-24723", "npm", "urijs", "node-urijs.js", "1.19.8", "1.19.9",
     "leading whitespace in the scheme: the hostname not read"),
    ("CVE-2022-0868", "npm", "urijs", "node-urijs.js", "1.19.9", "1.19.10",
     "open redirect: colons (and slashes) after the scheme, as the fix's pattern `:+[/\\\\]*`"),
    ("CVE-2022-1243", "npm", "urijs", "node-urijs.js", "1.19.10", "1.19.11",
     "incorrect protocol extraction via \\r, \\n and \\t characters"),
    ("CVE-2022-0722", "npm", "parse-url", "node-parse-url.js", "6.0.0", "6.0.1",
     "exposure of sensitive information (no detail published); 6.0.1 rewrote the parser on URL"),
    ("CVE-2022-2216", "npm", "parse-url", "node-parse-url.js", "6.0.5", "7.0.0",
     "server-side request forgery (no detail published); the same rewrite, NVD's versions"),
    ("CVE-2022-2900", "npm", "parse-url", "node-parse-url.js", "8.0.0", "8.1.0",
     "server-side request forgery: the git-URL fallback's regular expression reads a host"),
    ("CVE-2022-0624", "npm", "parse-path", "node-parse-url.js", "4.0.4", "5.0.0",
     "authorization bypass through a user-controlled key; fixed by the rewrite on URL"),
    ("CVE-2019-11236", "pypi", "urllib3", "python-urllib3.py", "1.24.2", "1.24.3",
     "CRLF injection: control characters and spaces not percent-encoded by parse_url"),
    ("CVE-2026-6321", "npm", "fast-uri", "node-uri-js-family.js", "3.1.0", "3.1.1",
     "path traversal: percent-encoded dot segments and '/' decoded before dot removal"),
    ("CVE-2026-6322", "npm", "fast-uri", "node-uri-js-family.js", "3.1.1", "3.1.2",
     "host confusion: percent-encoded authority delimiters (%40, %3A) decoded in the host"),
    ("CVE-2026-13676", "npm", "fast-uri", "node-uri-js-family.js", "3.1.2", "3.1.3",
     "security policy bypass: a Unicode hostname not canonicalized"),
    ("CVE-2026-16221", "npm", "fast-uri", "node-uri-js-family.js", "3.1.3", "3.1.4",
     "host confusion: a literal backslash not an authority delimiter"),
    ("CVE-2026-18446", "npm", "fast-uri", "node-uri-js-family.js", "3.1.4", "3.1.5",
     "host confusion: a backslash introducer (\\\\, /\\, \\/) read as no authority"),
    ("CVE-2026-75975", "npm", "fast-uri", "node-uri-js-family.js", "3.1.5", "3.1.6",
     "server-side request forgery via malformed IPv6 normalization"),
    ("CVE-2026-84394", "npm", "fast-uri", "node-uri-js-family.js", "3.1.6", "3.1.7",
     "host confusion: an unclosed bracket in the authority ([@127.0.0.1) taken as the host"),
]

# Held out: advisories of parsers and URL checks not in `CVES`, chosen and added after the
# generator's last change and measured only with it (the same tuple). Their versions are the
# advisories' (GitHub's advisory database, the projects' release notes), each checked to show
# the bug by hand before the run (the vulnerable version accepts the advisory's kind of input,
# the fixed one refuses it).
HELD_OUT = [
    # validator.js 13.15.20 reads a scheme up to the first ':' (13.15.15 split at "://"), so
    # `javascript:alert(1);a=@example.com` (a userinfo to 13.15.15) is refused.
    ("CVE-2025-56200", "npm", "validator", "node-validator.js", "13.15.15", "13.15.20",
     "isURL validation bypass: '://' taken as the scheme's delimiter where browsers take ':'"),
    ("CVE-2021-32052", "pypi", "Django", "python-django-urlvalidator.py", "3.2.1", "3.2.2",
     "URLValidator accepts newlines and tabs (urlsplit strips them since Python 3.9.5)"),
    ("CVE-2021-33571", "pypi", "Django", "python-django-urlvalidator.py", "3.2.3", "3.2.4",
     "URLValidator accepts leading zeros in IPv4 octets (read as octal by other parsers)"),
    ("CVE-2021-23648", "npm", "@braintree/sanitize-url", "node-sanitize-url.js", "5.0.2", "6.0.0",
     "sanitizeUrl lets a javascript: URL through when its ':' is an HTML entity (&#58;)"),
]


# What each advisory says the bug is, as a test of a class's example: a pattern the input (and
# the base of a resolution) holds, the trigger the advisory names, and the components any of
# which the two versions must read apart on it, the vulnerable version accepting the input (a
# fixed version that rejects it reads every component apart; a vulnerable one that rejects it
# reads nothing, whatever the fixed one reads: that is not the misreading an advisory names).
# Where an advisory publishes no detail (parse-url's and parse-path's say only "server-side
# request forgery" or "authorization bypass"), the trigger is any input and the component the
# host its title names; CVE-2022-0722's "exposure of sensitive information" names none.
HOST = {"host", "authority"}
BACKSLASH = r"\\"
# A special scheme followed by other than exactly two slashes, or by slashes among which a
# backslash: what browsers read as "//", and the fixed versions of url-parse (1.5.2) and URI.js
# (1.19.7) too. The minimized example of such a class may keep no slash at all (`http:a`, read
# as a relative path where browsers read the host `a`): deleting the slash kept the two
# readings apart, and the class (one per component and partition) holds the inputs with one
# too (`http:/a`, `http:\o`).
WEB_SLASHES = r"^(?i:https?|wss?|ftp|file):(?![/\\]{2}(?![/\\]))|^[^:/?#]+:[/\\]*\\"
SHOWS = {
    "CVE-2018-3774": (BACKSLASH, HOST | {"userinfo"}),
    "CVE-2020-8124": (r"^[\x00-\x20]", HOST | {"scheme"}),
    "CVE-2021-27515": (BACKSLASH, HOST),
    # "a single (back)slash such as https:\ & https:/ ... interprets the URI as a relative
    # path"; the fix (1.5.2) reads any run of slashes and backslashes after a special scheme.
    "CVE-2021-3664": (WEB_SLASHES, HOST),
    "CVE-2022-0512": (r"@", HOST | {"userinfo"}),
    "CVE-2022-0639": (r"@", HOST | {"userinfo", "serialization"}),
    # An authority that ends in ':' (an empty port).
    "CVE-2022-0686": (r"//[^/?#]*:(?:$|[/?#])", HOST | {"port"}),
    "CVE-2022-0691": (r"^[\x00-\x20]", HOST | {"scheme"}),
    "CVE-2020-26291": (BACKSLASH, HOST),
    "CVE-2021-27516": (BACKSLASH, HOST),
    # The fix reads `^(https?|ftp|wss?)?:[/\\]*` as "://" ("slashes and backslashes have lost
    # all meaning for the web protocols"): a web scheme not followed by exactly "//".
    "CVE-2021-3647": (WEB_SLASHES, HOST),
    "CVE-2022-0613": (r"^[^:/?#]*[A-Z][^:/?#]*:.*\\", HOST),
    "CVE-2022-24723": (r"^[\x00-\x20]", HOST | {"scheme"}),
    "CVE-2022-0868": (r"^[^:/?#]+:[/\\]*[:\x00-\x20]", HOST),
    "CVE-2022-1243": (r"[\t\n\r]", HOST | {"scheme"}),
    "CVE-2022-0722": (r"", set()),
    "CVE-2022-2216": (r"", HOST),
    "CVE-2022-2900": (r"", HOST),
    "CVE-2022-0624": (r"", HOST),
    "CVE-2019-11236": (r"[\x00-\x20\x7f]", {"host", "path", "query", "fragment", "userinfo"}),
    "CVE-2026-6321": (r"(?i)%2e|%2f", {"path"}),
    "CVE-2026-6322": (r"(?i)%(40|3a|2f|3f|23|5b|5d)", HOST | {"userinfo", "port"}),
    "CVE-2026-13676": (r"[^\x00-\x7f]", HOST),
    "CVE-2026-16221": (BACKSLASH, HOST),
    "CVE-2026-18446": (BACKSLASH, HOST),
    "CVE-2026-75975": (r"\[", HOST),
    "CVE-2026-84394": (r"[\[\]]", HOST),
    # Held out. A scheme followed by ':' but not "//": what validator.js 13.15.15 did not read as
    # a scheme; the scheme or the host (the "protocol and domain validation" the advisory says
    # is bypassed) read apart.
    "CVE-2025-56200": (r"^[A-Za-z][A-Za-z0-9+.-]*:(?!//)", HOST | {"scheme", "userinfo"}),
    # A newline or tab anywhere, in whatever component holds it.
    "CVE-2021-32052": (r"[\t\n\r]", HOST | {"scheme", "userinfo", "port", "path", "query",
                                          "fragment"}),
    # A dotted IPv4 address of four numbers, one of which has a leading zero.
    "CVE-2021-33571": (r"(?<![0-9.])(?=(?:[0-9]+\.){3}[0-9]+(?![0-9.]))(?:[0-9]+\.){0,3}0[0-9]",
                       HOST),
    # A numeric HTML character reference, and the scheme read apart.
    "CVE-2021-23648": (r"&#[0-9A-Za-z]", {"scheme"}),
}

# PyPI packages installed with their dependencies (Django imports asgiref at once); the others
# need none to parse and are installed without.
WITH_DEPENDENCIES = {"Django"}

def install(folder, ecosystem, package, version):
    """Installs `package` at `version` into `folder`: returns the folder its modules load from."""
    if ecosystem == "npm":
        cmd = ["npm", "install", "--prefix", folder, "%s@%s" % (package, version), "--no-audit",
               "--no-fund", "--silent", "--no-save", "--ignore-scripts"]
        where = os.path.join(folder, "node_modules")
    else:
        # --no-deps where the package needs nothing else to parse (urllib3): nothing else
        # pip would pick (a newer dependency) varies between the two versions' runs.
        deps = [] if package in WITH_DEPENDENCIES else ["--no-deps"]
        cmd = [sys.executable, "-m", "pip", "install", "--quiet"] + deps + [
               "--disable-pip-version-check", "--target", folder, "%s==%s" % (package, version)]
        where = folder
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return where


def worker(folder, worker_file, package, name, modules):
    """A copy of the shipped worker named `name`, its package loaded from `modules`: the
    `--external` value that runs it."""
    shutil.copytree(os.path.join(ROOT, "workers", "sdk"), os.path.join(folder, "sdk"),
                    dirs_exist_ok=True)
    with open(os.path.join(ROOT, "workers", worker_file), encoding="utf-8") as f:
        src = f.read()
    stem, ext = os.path.splitext(worker_file)
    # The worker's name as the shipped file spells it, and the arguments it takes: the one
    # worker of uri-js and fast-uri is named after its argument.
    if worker_file == "node-uri-js-family.js":
        shipped, argv = "name: `node-${LIBRARY}`,", " " + package
    else:
        shipped, argv = ("name: '%s'," if ext == ".js" else '"name": "%s",') % stem, ""
    assert shipped in src, "the worker %s changed: update scripts/cves.py" % worker_file
    src = src.replace(shipped, ("name: '%s'," if ext == ".js" else '"name": "%s",') % name, 1)
    path = os.path.join(folder, name + ext)
    with open(path, "w", encoding="utf-8") as f:
        f.write(src)
    if ext == ".py":
        return "%s=PYTHONPATH=%s %s %s" % (name, modules, sys.executable, path)
    # The one worker made for two packages (workers/node-parse-url.js) is told which.
    env = "URIDIFF_PARSE_URL_PACKAGE=%s " % package if worker_file == "node-parse-url.js" else ""
    return "%s=%sNODE_PATH=%s node %s%s" % (name, env, modules, path, argv)


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


def confusion_of(confusion, me, other):
    """The URL-confusion classes `me` takes part in, as a run without `other` would show them:
    each class's groups with `other` left out and `me` named `version`, kept where two groups
    or more are left, keyed as the report keys a class (`<component> <form> [<groups>]`, each
    group's parsers sorted and joined by `,`, the groups sorted and joined by `|`).

    >>> fixed_apart = [{"component": "host", "form": "a://a", "groups": [
    ...     {"parsers": ["ada-url", "fixed"], "reads": "a"}, {"parsers": ["vulnerable"], "reads": "b"}]}]
    >>> list(confusion_of(fixed_apart, "vulnerable", "fixed"))
    ['host a://a [ada-url|version]']
    >>> list(confusion_of(fixed_apart, "fixed", "vulnerable"))
    []
    >>> len(confusion_fixed_by_the_fix(fixed_apart))
    1
    >>> both_apart = [{"component": "host", "form": "a://a", "groups": [
    ...     {"parsers": ["ada-url"], "reads": "a"}, {"parsers": ["fixed", "vulnerable"], "reads": "b"}]}]
    >>> len(confusion_fixed_by_the_fix(both_apart))
    0
    """
    out = {}
    for c in confusion:
        groups, takes_part = [], False
        for g in c["groups"]:
            takes_part |= me in g["parsers"]
            parsers = sorted("version" if p == me else p for p in g["parsers"] if p != other)
            if parsers:
                groups.append(",".join(parsers))
        if takes_part and len(groups) >= 2:
            key = "%s %s [%s]" % (c["component"], c["form"], "|".join(sorted(groups)))
            out.setdefault(key, c)
    return out


def confusion_fixed_by_the_fix(confusion):
    """The URL-confusion classes the vulnerable version takes part in that the fixed version's
    run lacks ([`confusion_of`] of each), and whose example the two versions answer
    differently (they are not in one group: they read the component apart, or the fixed
    version takes no part, rejecting the input)."""
    vuln = confusion_of(confusion, "vulnerable", "fixed")
    fix = confusion_of(confusion, "fixed", "vulnerable")
    shown = []
    for k, c in vuln.items():
        if k in fix:
            continue
        if any("vulnerable" in g["parsers"] and "fixed" in g["parsers"] for g in c["groups"]):
            continue
        shown.append(c)
    return shown


# RFC 3986 Appendix B's split, for a resolution's or normalization's result (a string): the
# components two results are compared in.
APPENDIX_B = re.compile(r"^(?:([^:/?#]+):)?(?://([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$",
                        re.S)


def split(value):
    """`value`'s components by Appendix B; the host is the authority after its last '@' and
    without a port (after the last ':' outside an IP literal's brackets).

    >>> split("http://u@[::1]:80/p?q")["host"], split("a:b")["host"]
    ('[::1]', None)
    """
    scheme, authority, path, query, fragment = APPENDIX_B.match(value).groups()
    host = None
    if authority is not None:
        host = authority.rsplit("@", 1)[-1]
        if ":" in host.rsplit("]", 1)[-1]:
            host = host[:host.rindex(":")]
    return {"scheme": scheme, "authority": authority, "host": host, "path": path,
            "query": query, "fragment": fragment}


def text_of(b):
    """A byte string of the report (text, or {"b64": ...} where it is not UTF-8) as text."""
    if isinstance(b, dict):
        return base64.b64decode(b.get("b64", "")).decode("latin-1")
    return b or ""


def parts(o):
    """One answer as components: a parse's (and its serialization), a resolution's or
    normalization's split, or only its outcome where it did not accept."""
    if not o or o.get("outcome") != "accepted":
        return {"outcome": (o or {}).get("outcome")}
    v = o.get("value")
    if isinstance(v, dict) and "components" in v:
        out = dict(v["components"])
        out["serialization"] = v.get("serialization")
    elif isinstance(v, str):
        out = split(v)
    else:
        out = {"value": v}
    out["outcome"] = "accepted"
    return out


def differences(c):
    """What the two versions answer on a class's example: {component: (vulnerable, fixed)}, for
    the components they answer apart (a URL-confusion class: its own component)."""
    if "groups" in c:
        reads = {p: g["reads"] for g in c["groups"] for p in g["parsers"]}
        return {c["component"]: (reads.get("vulnerable", "(no part)"),
                                 reads.get("fixed", "(no part)"))}
    answers = dict((name, o) for name, o in c["outcomes"])
    v, f = parts(answers.get("vulnerable")), parts(answers.get("fixed"))
    if v["outcome"] != "accepted":
        # A refusal reads no component: the versions differ in their outcome only.
        return {"outcome": (v["outcome"], f["outcome"])} if v != f else {}
    return {k: (v.get(k), f.get(k)) for k in sorted(set(v) | set(f)) if v.get(k) != f.get(k)}


def shows(cve, c):
    """Whether the class's example shows what the advisory describes ([`SHOWS`]): its input
    holds the advisory's trigger and the two versions read one of its components apart.

    >>> def parsed(host):
    ...     return {"outcome": "accepted", "value": {"components": {"host": host}}}
    >>> c = {"example": {"input": "http://a\\\\@b"},
    ...      "outcomes": [["vulnerable", parsed("b")], ["fixed", parsed("a")]]}
    >>> shows("CVE-2020-26291", c), shows("CVE-2022-0686", c)
    (True, False)
    >>> c["outcomes"][0][1] = {"outcome": "rejected"}
    >>> shows("CVE-2020-26291", c)
    False
    """
    pattern, components = SHOWS[cve]
    if "groups" in c:
        text = text_of(c["input"])
    else:
        ex = c["example"]
        text = text_of(ex["input"])
        if ex.get("second") is not None:
            text += "\n" + text_of(ex["second"])
    return bool(re.search(pattern, text)) and bool(set(differences(c)) & components)


def readings(c):
    """The components the two versions answer apart on a class's example, in one line."""
    diff = differences(c)
    return "; ".join("%s: vulnerable %s, fixed %s" % (k, json.dumps(v), json.dumps(f))
                     for k, (v, f) in diff.items()) or "(the answers differ in no component)"


def run_report(uridiff, out, externals):
    """`uridiff report` with its defaults through impl, the browsers' reading (ada-url, the
    WHATWG reference) and the two versions: its discrepancies.json."""
    cmd = [uridiff, "report", "-q", "--parser", "impl", "--parser", "ada-url", "--parser",
           "vulnerable", "--parser", "fixed", "--out", out]
    for e in externals:
        cmd += ["--external", e]
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    with open(os.path.join(out, "discrepancies.json"), encoding="utf-8") as f:
        return json.load(f)


def run_campaign(uridiff, seconds, out, externals):
    """A campaign of `seconds` through impl and the two versions: its findings, shaped as the
    report's classes (the example's input, the outcomes as pairs)."""
    cmd = [uridiff, "fuzz", "-q", "--seconds", str(seconds), "--parser", "impl", "--parser",
           "vulnerable", "--parser", "fixed", "--out", out]
    for e in externals:
        cmd += ["--external", e]
    # `--seconds` bounds the generating, not the minimizing: a version that is slow on some
    # input (the regular expressions of old parse-url versions) can make each finding's
    # minimization run into the per-request timeout again and again. The campaign is stopped
    # (its process group) at twice its time and a minute; what it wrote until then is kept,
    # findings.jsonl being appended one finding at a time.
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        proc.wait(timeout=2 * seconds + 60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    findings = []
    if not os.path.exists(os.path.join(out, "findings.jsonl")):
        return findings
    with open(os.path.join(out, "findings.jsonl"), encoding="utf-8") as f:
        for line in f:
            try:
                c = json.loads(line)
            except ValueError:
                # The last line of a campaign stopped while writing it.
                continue
            if c.get("by_design"):
                continue
            c["example"] = {"input": c["example"]}
            c["outcomes"] = list(c["outcomes"].items())
            findings.append(c)
    return findings


def describe(c):
    """A class's key and example, for the printed line."""
    if "groups" in c:
        return "confusion %s %s, example %s" % (c["component"], c["form"],
                                                 json.dumps(text_of(c["input"])))
    return "%s, example %s" % (c["key"], json.dumps(text_of(c["example"]["input"])))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--uridiff", default=os.path.join(ROOT, "target", "release", "uridiff"))
    ap.add_argument("--only")
    ap.add_argument("--campaign", type=int, default=120)
    ap.add_argument("--set", choices=["all", "list", "held-out"], default="all")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="uridiff-cves-")
    runs = [("list", CVES), ("held-out", HELD_OUT)]
    for which, advisories in runs:
        if args.set in ("all", which):
            run_list(args, tmp, which, advisories)
    print("work folder:", tmp)


def run_list(args, tmp, which, advisories):
    """Runs one list of advisories and prints a line per advisory and the list's total."""
    found = total = by_rule = 0
    tally = {"report": 0, "confusion": 0, "campaign": 0}
    for cve, ecosystem, package, worker_file, vulnerable, fixed, summary in advisories:
        if args.only and cve != args.only:
            continue
        total += 1
        here = os.path.join(tmp, cve)
        externals = []
        try:
            for tag, version in (("vulnerable", vulnerable), ("fixed", fixed)):
                modules = install(os.path.join(here, tag), ecosystem, package, version)
                externals.append(worker(here, worker_file, package, tag, modules))
        except subprocess.CalledProcessError as e:
            print("%-15s %-10s could not be installed: %s" % (cve, package, e))
            continue
        report = run_report(args.uridiff, os.path.join(here, "report"), externals)

        def keyed(subject):
            return {
                c["key"].split(" ", 1)[1]: c for c in report["classes"]
                if c["signature"]["subject"] == subject and not c["explained"]
            }
        ruled = {
            "report": fixed_by_the_fix(keyed("vulnerable"), keyed("fixed")),
            "confusion": confusion_fixed_by_the_fix(report.get("confusion", [])),
        }
        showing = {by: [c for c in cs if shows(cve, c)] for by, cs in ruled.items()}
        if not any(showing.values()) and args.campaign > 0:
            findings = run_campaign(args.uridiff, args.campaign, os.path.join(here, "campaign"),
                                    externals)

            def from_campaign(subject):
                return {c["key"].split(" ", 1)[1]: c for c in findings
                        if c["deviating"] == [subject]}
            ruled["campaign"] = fixed_by_the_fix(from_campaign("vulnerable"),
                                                 from_campaign("fixed"))
            showing["campaign"] = [c for c in ruled["campaign"] if shows(cve, c)]
        by = next((b for b in ("report", "confusion", "campaign") if showing.get(b)), None)
        found += by is not None
        by_rule += any(ruled.values())
        if by:
            tally[by] += 1
        print("%-15s %-10s %s -> %s  %s  (report: %d of %d classes show it; confusion: %d of %d%s)"
              % (cve, package, vulnerable, fixed, "FOUND by the %s" % by if by else "missed",
                 len(showing["report"]), len(ruled["report"]), len(showing["confusion"]),
                 len(ruled["confusion"]), "; campaign: %d of %d" % (
                     len(showing["campaign"]), len(ruled["campaign"]))
                 if "campaign" in ruled else ""))
        print("                %s" % summary)
        pool = showing[by] if by else [c for cs in ruled.values() for c in cs]
        pool = sorted(pool, key=lambda c: (c.get("severity", "critical") != "critical",
                                           -c.get("count", 1)))
        if pool:
            print("                %s: %s" % ("shown by" if by else "the rule alone (not the "
                                                 "advisory's bug)", describe(pool[0])))
            print("                %s" % readings(pool[0]))
    if total == 0:
        return
    print("%s: found and gone with the fix: %d of %d (%d by the report's unexplained classes, %d "
          "by its URL-confusion classes, %d by a campaign); by the rule alone, without the "
          "advisory's trigger: %d" % (which, found, total, tally["report"], tally["confusion"],
                                      tally["campaign"], by_rule))


if __name__ == "__main__":
    sys.exit(main())
