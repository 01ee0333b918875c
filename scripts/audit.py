#!/usr/bin/env python3
"""Audit a uridiff report's verdicts as an outsider would: a seeded sample of
unexplained discrepancy classes, each re-run through its `reproduce` line, written
as a Markdown worksheet for a human auditor to fill, and the filled worksheet scored.

Usage
-----
Draw a sample and write the worksheet:

    python3 scripts/audit.py REPORT_DIR/discrepancies.json --sample 40 --seed S \
        --out audit/sample.md [--uridiff target/release/uridiff]

Score a filled worksheet:

    python3 scripts/audit.py --score audit/sample.md

Draw a sample of the URL-confusion classes instead (the report's `confusion` array):

    python3 scripts/audit.py REPORT_DIR/discrepancies.json --confusion --sample 20 --seed S \
        --out audit/sample-confusion.md [--uridiff target/release/uridiff]

Sweep every unexplained class of some parsers, biggest first (no sample):

    python3 scripts/audit.py REPORT_DIR/discrepancies.json --subjects c-libwget,curl-url \
        --out audit/sweep.md [--uridiff target/release/uridiff]

Check the script itself (no report needed):

    python3 scripts/audit.py --self-test

What the worksheet holds
------------------------
For each sampled class (drawn with `random.Random(seed)` from the classes whose
`explained` is false, in key order, so a seed always gives the same sample of a
given report): its key, the reference it was judged against, the example job
(op, input, second operand, edition), the parser's answer as recorded, the
reference's answer, the reproduce line and what it printed when run with
`sh -c` (30 s timeout), and a mechanical check of the printed output against the
recorded answer:

* parse answers with components: every `name=value` line the reproduce line
  prints is compared with the recorded component of that name (the class's own
  component first); the printed null spellings `null`, `nil`, `None`,
  `undefined`, `<nil>`, `undef`, `(none)` stand for an absent component (and
  the empty string for go-net-url, whose net/url has no absent component);
* resolve / normalize answers (a string): the string must be a printed line;
* equivalent answers (a boolean): `true`/`false` (or `True`/`False`) printed;
* rejected answers: the reproduce line must fail (non-zero exit) or print the
  recorded message.

A `reproduce` line that is a Rust snippet (the in-process crates) cannot be run
by the shell: the class's `diff` line is run instead, with `--parser SUBJECT`
and the `uridiff` binary given by `--uridiff`; classes of operations `diff`
cannot run (normalize, equivalent) are marked for a manual check.

With `--confusion` the sample is drawn the same way from the `confusion` array
(key: component, form and input, the last two as JSON strings), and the worksheet
holds per class its rank, impact, component, input and count, and per reading
group its parsers, the claimed reading (`reads`), the group's reproduce line (or,
for a Rust snippet, `uridiff diff --parser NAME INPUT` for the group's first
parser), what it printed and a mechanical check: the printed `<component>=` line
(the diff's line for that parser, or its reference's line where it says `same
components`) against the claimed reading. A printed value that differs from the
claim only as the class's one-reading rule allows (the host's case, an IP
literal's brackets, the userinfo's percent-encoding, a default port filled in,
empty for none) is marked `agrees up to spelling`.

The auditor fills, per class, three fields:

    - verdict: real
    - verdict: false-alarm: <reason>      (mapping error, missing rule, wrong reference, impl bug, ...)
    - verdict: duplicate-of: <key>        (same root cause as another sampled class)
    - root cause: <short tag>             (one tag per distinct cause; duplicates inherit theirs)
    - note: free text

`--score` counts verdicts, prints the share of real deviations and the number
of classes per root cause (a duplicate counts under the root cause of the class
it names; a class without a root-cause tag counts under its verdict's reason),
and, where the worksheet says how many inputs each class stands for (`inputs:
N`), the share of real deviations weighted by those counts.

Standard library only (Python 3.8+).
"""

import argparse
import json
import random
import re
import shlex
import subprocess
import sys
from collections import Counter, OrderedDict

COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
NULLS = {"null", "nil", "None", "undefined", "<nil>", "undef", "(none)", "(null)"}
# Go's net/url has no absent component (the empty string stands for both).
EMPTY_IS_NULL = {"go-net-url"}
TIMEOUT = 30


def code(text):
    """A Markdown code span holding `text` verbatim (backtick runs fenced around)."""
    text = str(text)
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or text == "" else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def block(text, lang=""):
    """A fenced Markdown block holding `text` verbatim."""
    longest = max((len(m) for m in re.findall(r"`{3,}", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{lang}\n{text.rstrip()}\n{fence}"


def show(value):
    """The recorded value as JSON (so "" and null differ visibly)."""
    return json.dumps(value, ensure_ascii=False)


def class_component(cls):
    """The component a class is about, or None (validity, resolution, ...)."""
    name = cls["signature"]["class"]
    if name.startswith("undefined-vs-empty-"):
        name = name[len("undefined-vs-empty-"):]
    return name if name in COMPONENTS else None


def is_rust_snippet(line):
    return line is not None and line.lstrip().startswith("println!")


def command_for(cls, uridiff):
    """The shell line to run for a class and where it came from."""
    line = cls.get("reproduce")
    if line and not is_rust_snippet(line):
        return line, "reproduce"
    diff = cls.get("diff")
    if diff and "uridiff diff " in diff:
        # The printed line as it stands (it may feed its input through `printf ... |`), with
        # `uridiff` the binary given and the subject's own column only.
        line = diff.replace("uridiff diff ", "uridiff diff --parser %s " %
                            shlex.quote(cls["signature"]["subject"]), 1)
        return ("uridiff() { %s \"$@\"; }; %s" % (shlex.quote(uridiff), line),
                "diff (Rust snippet not runnable by sh)")
    return None, "none (Rust snippet; uridiff diff cannot run this operation)"


def printf_escape(text):
    """`text` as a printf(1) format printing exactly its UTF-8 bytes: every byte but ASCII
    letters and digits as a three-digit octal escape (POSIX printf)."""
    return "".join(chr(b) if chr(b).isascii() and chr(b).isalnum() else "\\%03o" % b
                   for b in text.encode("utf-8"))


def run(line):
    try:
        done = subprocess.run(["sh", "-c", line], capture_output=True, text=True,
                              timeout=TIMEOUT, errors="replace")
        return done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {TIMEOUT} s"


def printed_fields(out):
    """`name=value` lines of the output, first occurrence wins."""
    fields = OrderedDict()
    # Lines end at "\n" only: str.splitlines would also cut at a form feed, a
    # vertical tab or U+0085 that a printed value may hold.
    for raw in out.split("\n"):
        raw = raw[:-1] if raw.endswith("\r") else raw
        m = re.match(r"^\s*([a-z_]+)=(.*)$", raw)
        if m and m.group(1) not in fields:
            fields[m.group(1)] = m.group(2)
    return fields


def same(printed, recorded, subject=""):
    if recorded is None:
        return printed in NULLS or (printed == "" and subject in EMPTY_IS_NULL)
    return printed == str(recorded)


def diff_fields(out, subject):
    """The subject's line of `uridiff diff`: its `name=value` differences and verdict."""
    for raw in out.splitlines():
        if raw.strip().startswith(subject + " "):
            return raw.strip()
    return None


def check(cls, source, rc, out, err):
    """A one-line mechanical verdict: does the output agree with the recorded answer?"""
    answer = cls["answer"]
    outcome = answer.get("outcome")
    value = answer.get("value")
    op = cls["example"]["op"]
    subject = cls["signature"]["subject"]
    if rc is None and not out:
        return "not checked: nothing ran"
    if source.startswith("diff"):
        line = diff_fields(out, subject)
        if line is None:
            return "not checked: the diff output has no line for " + subject
        comp = class_component(cls)
        if outcome == "rejected":
            ok = " invalid" in " " + line.split(None, 1)[1][:10]
            return ("agrees" if ok else "DISAGREES") + f": diff says {line!r}"
        if comp and isinstance(value, dict):
            rec = value["components"].get(comp)
            m = re.search(rf"\b{comp}=(undefined|\"(?:[^\"\\]|\\.)*\")", line)
            if m is None:
                # `same components` or no mention: the component equals the reference's.
                ok = rec == cls["reference_answer"].get("value", {}).get("components", {}).get(comp) \
                    if isinstance(cls["reference_answer"].get("value"), dict) else False
                return ("agrees" if ok else "DISAGREES") + f" ({comp} not listed as differing): {line!r}"
            printed = None if m.group(1) == "undefined" else json.loads(m.group(1))
            return ("agrees" if printed == rec else "DISAGREES") + f": {comp}={m.group(1)}"
        if op == "resolve" and isinstance(value, str):
            ok = show(value) in line
            return ("agrees" if ok else "check by hand") + f": diff says {line!r}"
        verdict = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
        if outcome == "accepted" and verdict.startswith("valid"):
            return f"agrees: the library accepts: {line!r}"
        return f"check by hand: {line!r}"
    if outcome == "rejected":
        msg = (value or {}).get("message", "") if isinstance(value, dict) else ""
        failed = rc not in (0, None)
        says = bool(msg) and (msg in out or msg in err)
        if failed or says:
            return "agrees: the library rejects" + (f" ({msg!r} printed)" if says else f" (exit {rc})")
        return f"DISAGREES: exit {rc}, the library seems to accept"
    if rc not in (0, None) and op != "parse":
        return f"DISAGREES: exit {rc} (recorded accepted)"
    if op == "parse" and isinstance(value, dict):
        fields = printed_fields(out)
        comps = value.get("components", {})
        comp = class_component(cls)
        compared = [n for n in fields if n in comps]
        if not compared:
            return f"DISAGREES: no component printed (exit {rc}; recorded accepted)"
        bad = [n for n in compared if not same(fields[n], comps[n], subject)]
        head = ""
        if comp is not None:
            if comp in fields:
                ok = same(fields[comp], comps[comp], subject)
                head = ("agrees" if ok else "DISAGREES") + \
                    f" on {comp}: printed {comp}={fields[comp]}, recorded {show(comps[comp])}"
            else:
                head = f"{comp} not printed"
        else:
            head = "agrees on every printed component" if not bad else "components differ"
        rest = "; ".join(f"{n}: printed {fields[n]!r}, recorded {show(comps[n])}" for n in bad if n != comp)
        return head + (f" (other differences: {rest})" if rest else "")
    if op in ("resolve", "normalize") and isinstance(value, str):
        lines = [l.strip() for l in out.splitlines()]
        return ("agrees" if value in lines or show(value) in lines else "DISAGREES") + \
            f": recorded {show(value)}"
    if op == "equivalent" and isinstance(value, bool):
        lines = {l.strip().lower() for l in out.splitlines()}
        return ("agrees" if str(value).lower() in lines else "DISAGREES") + f": recorded {value}"
    return "check by hand"


def worksheet(report, n, seed, uridiff, subjects=None):
    data = json.load(open(report, encoding="utf-8"))
    pool = sorted((c for c in data["classes"] if not c.get("explained")), key=lambda c: c["key"])
    if subjects:
        # A sweep: every unexplained class of the named parsers, biggest first, so the
        # auditor reaches the classes that weigh most in an input-weighted score first.
        pool = [c for c in pool if c["signature"]["subject"] in subjects]
        sample = sorted(pool, key=lambda c: -c.get("count", 0))
    else:
        sample = random.Random(seed).sample(pool, min(n, len(pool)))
    out = [f"# Audit worksheet: {len(sample)} of {len(pool)} unexplained classes",
           "",
           f"Report: `{report}` (seed {data.get('seed')}, generated {data.get('generated')}); "
           f"sample seed {seed}; made by `scripts/audit.py`.",
           "",
           "Verdicts: `real` | `false-alarm: <reason>` | `duplicate-of: <key>`; "
           "`root cause:` one short tag per distinct cause.",
           ""]
    for i, cls in enumerate(sample, 1):
        ex = cls["example"]
        line, source = command_for(cls, uridiff)
        rc, so, se = run(line) if line else (None, "", "")
        verdict = check(cls, source, rc, so, se)
        printed = so + (("\n[stderr]\n" + se) if se.strip() else "")
        out += [f"## {i}. {code(cls['key'])}",
                "",
                f"- key: {code(cls['key'])}",
                f"- subject: {cls['signature']['subject']}; class: {cls['signature']['class']}; "
                f"severity: {cls.get('severity')}; inputs: {cls.get('count')}",
                f"- reference: {cls['reference']}",
                f"- example: op {ex['op']}, input {code(show(ex['input']))}, "
                f"second {code(show(ex.get('second')))}, edition {ex['edition']}",
                f"- answer (recorded): {code(show(cls['answer']))}",
                f"- reference answer: {code(show(cls['reference_answer']))}",
                f"- ran ({source}):",
                "",
                block(line or "(nothing runnable)", "sh"),
                "",
                f"- printed (exit {rc}):",
                "",
                block(printed or "(nothing)"),
                "",
                f"- mechanical check: {verdict}",
                "- verdict: ",
                "- root cause: ",
                "- note: ",
                ""]
    return "\n".join(out) + "\n"

# Default ports of the schemes a confusion class may fill one in for (RFC 7230 2.7.1,
# RFC 6455 3, RFC 959, RFC 1738 3.4, the URL Standard's special schemes).
DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21",
                 "gopher": "70"}
# A value in `uridiff diff`'s text output: a shell word (single-quoted runs, `\'`
# between them, or ANSI-C `$'...'`), or `undefined`.
DIFF_VALUE = r"(undefined|(?:\$?'(?:[^'\\]|\\.)*'|\\')+)"


def confusion_key(cls):
    """A confusion class's stable key: component, form and input (JSON strings)."""
    return f"{cls['component']} {show(cls['form'])} {show(cls['input'])}"


def diff_value(word):
    """The value of one `uridiff diff` text word (`'a'\''b'`, `$'a\tb'`, `undefined`)."""
    if word == "undefined":
        return None
    out = []
    for m in re.finditer(r"\$'((?:[^'\\]|\\.)*)'|'([^']*)'|\\(.)", word):
        if m.group(1) is not None:
            out.append(_ansi_c(m.group(1)))
        elif m.group(2) is not None:
            out.append(m.group(2))
        else:
            out.append(m.group(3))
    return "".join(out)


ANSI_C = {"n": b"\n", "t": b"\t", "r": b"\r", "f": b"\f", "v": b"\v", "a": b"\a",
          "b": b"\b", "e": b"\x1b", "E": b"\x1b"}


def _ansi_c(body):
    """The text of a bash `$'...'` body: `\\xHH` are bytes (UTF-8 together), `\\u{...}`
    and `\\uHHHH` code points, `\\n` and the like their control characters."""
    out = bytearray()
    for m in re.finditer(r"\\x([0-9a-fA-F]{1,2})|\\u\{([0-9a-fA-F]+)\}|\\[uU]([0-9a-fA-F]{4,8})"
                         r"|\\(.)|(.)", body, re.S):
        hx, cp1, cp2, esc, ch = m.groups()
        if hx:
            out.append(int(hx, 16))
        elif cp1 or cp2:
            out += chr(int(cp1 or cp2, 16)).encode("utf-8")
        elif esc is not None:
            out += ANSI_C.get(esc, esc.encode("utf-8"))
        else:
            out += ch.encode("utf-8")
    return out.decode("utf-8", "replace")


def diff_reading(out, parser, comp):
    """What `uridiff diff` says `parser` reads for `comp`: (found, value, where)."""
    line = diff_fields(out, parser)
    if line is None:
        return False, None, "the diff output has no line for " + parser
    rest = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
    if not rest.startswith("valid"):
        return False, None, f"{parser} does not accept it: {line!r}"
    m = re.search(rf"\b{comp}={DIFF_VALUE}", rest)
    if m:
        return True, diff_value(m.group(1)), f"{parser}'s line"
    # Only the components that differ from the parser's reference are listed (`same
    # components` when none does): an unlisted one is the reference's.
    vs = re.search(r"\(vs ([\w.-]+)\)", rest)
    if vs:
        for raw in out.split("\n"):
            if raw.strip().startswith(f"reference {vs.group(1)}:"):
                m = re.search(rf"\b{comp}={DIFF_VALUE}", raw)
                if m:
                    return True, diff_value(m.group(1)), f"as reference {vs.group(1)} (not listed as differing)"
    return False, None, f"no {comp}= for {parser}: {line!r}"


def _pct_upper(text):
    return re.sub(r"%[0-9a-fA-F]{2}", lambda m: m.group(0).upper(), text)


def spelled_alike(comp, printed, claimed, scheme):
    """Whether two readings are one under the class's rule (docs/src/engine.md, URL confusion):
    a host's case and an IP literal's brackets, a userinfo's percent-encoding, a
    scheme's case, a default port filled in."""
    if comp == "port":
        default = DEFAULT_PORTS.get((scheme or "").lower())
        return {printed, claimed} <= {None, "", default}
    if not printed or not claimed:
        # Undefined and empty route alike (src/run/confusion.rs `routes_alike`).
        return not printed and not claimed
    if comp in ("host", "scheme"):
        return printed.strip("[]").lower() == claimed.strip("[]").lower()
    if comp == "userinfo":
        from urllib.parse import unquote
        return unquote(printed) == unquote(claimed) or \
            _pct_upper(printed) == _pct_upper(claimed)
    return False


def confusion_check(comp, scheme, claimed, printed_found, printed, where, parser):
    """A one-line mechanical verdict for one group: printed reading against the claim."""
    if not printed_found:
        return "not checked: " + where
    exact = printed == claimed or (claimed is None and (printed in NULLS or (
        printed == "" and parser in EMPTY_IS_NULL)))
    if exact:
        return f"agrees: {comp}={show(printed)} ({where})"
    norm = None if printed in NULLS or (printed == "" and parser in EMPTY_IS_NULL) else printed
    if spelled_alike(comp, norm, claimed, scheme):
        return f"agrees up to spelling: printed {comp}={show(printed)}, claimed {show(claimed)} ({where})"
    return f"DISAGREES: printed {comp}={show(printed)}, claimed {show(claimed)} ({where})"


def confusion_group_run(cls, group, uridiff):
    """Run one group's line; returns (line, source, rc, out, err, check)."""
    comp, inp = cls["component"], cls["input"]
    scheme = inp.split(":", 1)[0] if ":" in inp else None
    parser = group["parsers"][0]
    line = group.get("reproduce")
    if line and not is_rust_snippet(line):
        rc, so, se = run(line)
        fields = printed_fields(so)
        if comp in fields:
            verdict = confusion_check(comp, scheme, group["reads"], True, fields[comp],
                                      "reproduce line", parser)
        elif rc not in (0, None):
            verdict = f"not checked: exit {rc}, no {comp}= printed"
        else:
            verdict = f"not checked: no {comp}= printed"
        return line, "reproduce", rc, so, se, verdict
    if "\0" in inp:
        # A NUL byte cannot be passed in an argument: feed the input on standard input
        # (`-`, one per line), spelled with printf octal escapes so the line shows it.
        if "\n" in inp:
            return ("(none)", "none (input holds both a NUL and a newline: not passable)",
                    None, "", "", "not checked: input holds both a NUL and a newline")
        line = "printf %s | %s" % (
            shlex.quote(printf_escape(inp) + "\\n"),
            " ".join(shlex.quote(w) for w in [uridiff, "diff", "--parser", parser, "-"]))
    else:
        line = " ".join(shlex.quote(w) for w in [uridiff, "diff", "--parser", parser, "--", inp])
    rc, so, se = run(line)
    found, value, where = diff_reading(so, parser, comp)
    verdict = confusion_check(comp, scheme, group["reads"], found, value, where, parser)
    return line, "diff (Rust snippet not runnable by sh)", rc, so, se, verdict


def confusion_worksheet(report, n, seed, uridiff):
    data = json.load(open(report, encoding="utf-8"))
    pool = sorted(data.get("confusion", []), key=confusion_key)
    sample = random.Random(seed).sample(pool, min(n, len(pool)))
    out = [f"# Audit worksheet: {len(sample)} of {len(pool)} URL-confusion classes",
           "",
           f"Report: `{report}` (seed {data.get('seed')}, generated {data.get('generated')}); "
           f"sample seed {seed}; made by `scripts/audit.py --confusion`.",
           "",
           "Verdicts: `real` | `false-alarm: <reason>` | `duplicate-of: <key>`; "
           "`root cause:` one short tag per distinct cause.",
           ""]
    for i, cls in enumerate(sample, 1):
        key = confusion_key(cls)
        out += [f"## {i}. {code(key)}",
                "",
                f"- key: {code(key)}",
                f"- rank: {cls['rank']}; component: {cls['component']}; inputs: {cls.get('count')}; "
                f"minimized: {cls.get('minimized')}" +
                (f"; studies: {cls['studies']}" if cls.get("studies") else ""),
                f"- form: {code(show(cls['form']))}",
                f"- input: {code(show(cls['input']))}",
                f"- impact: {cls['impact']}",
                ""]
        for j, group in enumerate(cls["groups"], 1):
            line, source, rc, so, se, verdict = confusion_group_run(cls, group, uridiff)
            printed = so + (("\n[stderr]\n" + se) if se.strip() else "")
            # A NUL byte in the output would make the worksheet a binary file to git and grep.
            printed = printed.replace("\0", "\\0")
            out += [f"### group {j}: reads {code(show(group['reads']))}"
                    + (" (the browsers' reading)" if group.get("browsers") else ""),
                    "",
                    f"- parsers: {', '.join(group['parsers'])}",
                    f"- ran ({source}):",
                    "",
                    block(line, "sh"),
                    "",
                    f"- printed (exit {rc}):",
                    "",
                    block(printed or "(nothing)"),
                    "",
                    f"- mechanical check: {verdict}",
                    ""]
        out += ["- verdict: ",
                "- root cause: ",
                "- note: ",
                ""]
    return "\n".join(out) + "\n"


def score(path):
    text = open(path, encoding="utf-8").read()
    entries = []
    weights = []
    for sec in re.split(r"^## ", text, flags=re.M)[1:]:
        key = re.search(r"^- key: `+ ?(.*?) ?`+\s*$", sec, re.M)
        verdict = re.search(r"^- verdict:[ \t]*(.*)$", sec, re.M)
        root = re.search(r"^- root cause:[ \t]*(.*)$", sec, re.M)
        inputs = re.search(r"\binputs: (\d+)", sec)
        entries.append((key.group(1) if key else sec.splitlines()[0],
                        verdict.group(1).strip() if verdict else "",
                        root.group(1).strip() if root else ""))
        weights.append(int(inputs.group(1)) if inputs else None)
    kinds = Counter()
    roots = OrderedDict()
    by_key = {k: (v, r) for k, v, r in entries}
    empty = []
    for key, v, r in entries:
        kind = v.split(":", 1)[0].strip()
        if kind not in ("real", "false-alarm", "duplicate-of"):
            empty.append(key)
            continue
        kinds[kind] += 1
        if kind == "duplicate-of" and not r:
            target = v.split(":", 1)[1].strip()
            seen = set()
            while target in by_key and target not in seen:
                seen.add(target)
                tv, tr = by_key[target]
                if tr:
                    r = tr
                    break
                if not tv.startswith("duplicate-of"):
                    r = tv
                    break
                target = tv.split(":", 1)[1].strip()
            r = r or "duplicate of " + target
        r = r or v
        roots.setdefault(r, []).append(key)
    total = len(entries)
    # A duplicate is real when the class it duplicates is.
    real = kinds["real"] + sum(1 for k, v, r in entries if v.startswith("duplicate-of")
                               and _resolves_to_real(by_key, v))
    print(f"{total} classes; verdicts: " + ", ".join(f"{k} {n}" for k, n in kinds.items()))
    if empty:
        print(f"{len(empty)} without a verdict: " + "; ".join(empty))
    print(f"real deviations: {real}/{total} ({100.0 * real / total if total else 0:.0f}%)")
    if total and None not in weights:
        # Weighted by the inputs each class stands for (its `count`).
        w_all = sum(weights)
        w_real = sum(w for (k, v, r), w in zip(entries, weights)
                     if v.startswith("real") or (v.startswith("duplicate-of")
                                                 and _resolves_to_real(by_key, v)))
        print(f"real deviations by inputs: {w_real}/{w_all} "
              f"({100.0 * w_real / w_all if w_all else 0:.0f}%)")
    print(f"distinct root causes: {len(roots)}")
    for r, keys in sorted(roots.items(), key=lambda kv: -len(kv[1])):
        kind = "real" if any(_resolves_to_real(by_key, by_key[k][0]) for k in keys) else "false-alarm"
        print(f"  {len(keys):3}  {kind:11}  {r}")
    reasons = Counter()
    for key, v, r in entries:
        verdict = v
        seen = set()
        while verdict.startswith("duplicate-of") and key not in seen:
            seen.add(key)
            key = verdict.split(":", 1)[1].strip()
            verdict = by_key.get(key, ("", ""))[0]
        if verdict.startswith("false-alarm"):
            reason = verdict.split(":", 1)[1].strip() if ":" in verdict else ""
            reasons[reason.split("(")[0].strip() or "(no reason)"] += 1
    if reasons:
        print("false alarms by kind (duplicates included): " +
              ", ".join(f"{k} {n}" for k, n in reasons.most_common()))
    return 0 if not empty else 1


def _resolves_to_real(by_key, verdict):
    seen = set()
    while verdict.startswith("duplicate-of"):
        target = verdict.split(":", 1)[1].strip()
        if target in seen or target not in by_key:
            return False
        seen.add(target)
        verdict = by_key[target][0]
    return verdict.split(":", 1)[0].strip() == "real"


def self_test():
    """Checks of the mechanical parts (`--self-test`); each assertion can fail."""
    import os
    import tempfile
    assert code("a`b") == "``a`b``" and code("\"\"") == "`\"\"`"
    assert same("nil", None) and same("", None, "go-net-url") and not same("", None, "ruby-uri")
    assert same("5", "5") and not same("5", "05")
    cls = {"signature": {"class": "undefined-vs-empty-port", "subject": "x"},
           "example": {"op": "parse"},
           "answer": {"outcome": "accepted", "value": {"components": {"port": None, "host": "a"}}},
           "reference_answer": {"outcome": "accepted", "value": {"components": {"port": ""}}}}
    assert class_component(cls) == "port"
    assert check(cls, "reproduce", 0, "host=a\nport=None\n", "").startswith("agrees on port")
    assert check(cls, "reproduce", 0, "host=a\nport=1\n", "").startswith("DISAGREES on port")
    rejected = dict(cls, answer={"outcome": "rejected", "value": {"message": "bad"}})
    assert check(rejected, "reproduce", 1, "", "").startswith("agrees")
    assert check(rejected, "reproduce", 0, "host=a\n", "").startswith("DISAGREES")
    sheet = ("## 1. `a`\n- key: `a`\n- verdict: real\n- root cause: r1\n"
             "## 2. `b`\n- key: `b`\n- verdict: duplicate-of: a\n- root cause: \n"
             "## 3. `c`\n- key: `c`\n- verdict: false-alarm: missing rule (x)\n- root cause: r2\n")
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
        f.write(sheet)
    try:
        out = subprocess.run([sys.executable, __file__, "--score", f.name],
                             capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)
    assert "real deviations: 2/3" in out, out
    assert "distinct root causes: 2" in out and "missing rule 1" in out, out
    assert "by inputs" not in out, out
    # A NUL-holding input goes through printf: the shell prints back exactly its octets.
    nul = "\0h\u00e9 '%\\:/"
    printed = subprocess.run(["sh", "-c", "printf %s" % shlex.quote(printf_escape(nul))],
                             capture_output=True).stdout
    assert printed == nul.encode("utf-8"), printed
    # --confusion: the diff text's values, the one-reading rule, the check, the weighted score.
    assert diff_value("'a'\\''b'") == "a'b" and diff_value("undefined") is None
    assert diff_value("$'a\\tb'") == "a\tb"
    assert diff_value("$'l\\fj\\xc3\\xaf\ufffd'") == "l\fj\u00ef\ufffd"
    assert printed_fields("host=l\fj\r\nport=1\n") == {"host": "l\fj", "port": "1"}
    diff = ("  reference whatwg: valid scheme='http' host='ex.com' port=undefined\n"
            "  url      valid, same components  serializes as 'http://ex.com/'  (vs whatwg)\n"
            "  go-net-url  valid scheme='http' host='a'\\''b' port='80'  (vs rfc3986)\n"
            "  curl-url  invalid: bad\n")
    assert diff_reading(diff, "url", "host")[:2] == (True, "ex.com")
    assert diff_reading(diff, "go-net-url", "host")[:2] == (True, "a'b")
    assert diff_reading(diff, "go-net-url", "port")[:2] == (True, "80")
    assert diff_reading(diff, "curl-url", "host")[0] is False
    assert diff_reading(diff.replace("host='a'\\''b' ", ""), "go-net-url", "host")[0] is False
    diff += "  node-whatwg  valid, query=''  (vs whatwg)\n"
    assert diff_reading(diff, "node-whatwg", "host")[:2] == (True, "ex.com")
    assert spelled_alike("port", "80", None, "http") and not spelled_alike("port", "80", None, "a")
    assert spelled_alike("host", "[::1]", "::1", "http") and spelled_alike("host", "A", "a", "a")
    assert spelled_alike("host", "", None, "http") and not spelled_alike("host", "a", None, "a")
    assert spelled_alike("userinfo", "%7e", "~", "a") and not spelled_alike("userinfo", "x", "y", "a")
    assert confusion_check("host", "http", None, True, "<nil>", "", "x").startswith("agrees:")
    assert confusion_check("host", "http", None, True, "", "", "go-net-url").startswith("agrees:")
    assert confusion_check("host", "http", None, True, "", "", "ruby-uri").startswith("agrees up to")
    assert confusion_check("host", "http", None, True, "a", "", "ruby-uri").startswith("DISAGREES")
    assert confusion_check("host", "http", "a", True, "A", "", "x").startswith("agrees up to")
    assert confusion_check("host", "http", "a", True, "b", "", "x").startswith("DISAGREES")
    assert confusion_key({"component": "host", "form": "a:b", "input": "x:y"}) == \
        'host "a:b" "x:y"'
    conf = {"seed": 1, "generated": 0, "confusion": [
        {"rank": "host", "component": "host", "form": f"f{n}", "input": f"http://h{n}/",
         "impact": "i", "count": n + 1, "minimized": True,
         "groups": [{"parsers": ["p"], "browsers": False, "reads": f"h{n}",
                     "reproduce": f"echo host=h{n}"},
                    {"parsers": ["q"], "browsers": True, "reads": None,
                     "reproduce": "echo host=None"}]} for n in range(3)]}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(conf, f)
    try:
        text = confusion_worksheet(f.name, 2, 5, "uridiff")
        assert text == confusion_worksheet(f.name, 2, 5, "uridiff")
    finally:
        os.unlink(f.name)
    assert text.count("\n## ") == 2 and text.count("- mechanical check: agrees: host=") == 4, text
    sheet = re.sub(r"- verdict: ", "- verdict: real", text, count=1)
    sheet = sheet.replace("- verdict: \n", "- verdict: false-alarm: x\n")
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
        f.write(sheet)
    try:
        out = subprocess.run([sys.executable, __file__, "--score", f.name],
                             capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)
    counts = [int(n) for n in re.findall(r"inputs: (\d+)", sheet)]
    assert "real deviations: 1/2" in out, out
    assert f"real deviations by inputs: {counts[0]}/{sum(counts)}" in out, out
    print("self-test passed")
    return 0


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("report", nargs="?", help="a report's discrepancies.json")
    ap.add_argument("--sample", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="the worksheet to write (default: standard output)")
    ap.add_argument("--uridiff", default="target/release/uridiff",
                    help="the uridiff binary for classes whose reproduce line is Rust")
    ap.add_argument("--confusion", action="store_true",
                    help="sample the report's URL-confusion classes instead of unexplained ones")
    ap.add_argument("--score", metavar="WORKSHEET", help="count the verdicts of a filled worksheet")
    ap.add_argument("--subjects", metavar="A,B",
                    help="a sweep: every unexplained class of these parsers, not a sample")
    ap.add_argument("--self-test", action="store_true", help="check this script's own parts")
    args = ap.parse_args(argv)
    if args.self_test:
        return self_test()
    if args.score:
        return score(args.score)
    if not args.report:
        ap.error("give a discrepancies.json, or --score WORKSHEET")
    if args.subjects:
        if args.confusion:
            ap.error("--subjects sweeps unexplained classes; drop --confusion")
        text = worksheet(args.report, 0, 0, args.uridiff, set(args.subjects.split(",")))
    else:
        draw = confusion_worksheet if args.confusion else worksheet
        text = draw(args.report, args.sample, args.seed, args.uridiff)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
