#!/usr/bin/env python3
"""Checks workers against workers/protocol.schema.json (needs the `jsonschema` package).

    python3 workers/testing/check_protocol.py [--readme] NAME=ARGV-AS-JSON...

Each worker (its argv given as a JSON array) gets the same requests, well-formed ones of every
operation (text, non-UTF-8 input as {"b64": ...}, inputs the libraries refuse) and malformed
lines; its handshake and every response must match the schema, each response must carry its
request's id in order, and each malformed line must be answered with outcome "error". A worker
whose handshake declares coverage gets the well-formed requests once more asking for it, and
each of those answers must carry it, by the schema.
--readme also checks every "> " and "< " line of workers/README.md's worked example.
Prints one line per worker and exits 1 on the first failure.
"""
import base64
import json
import os
import re
import subprocess
import sys

from jsonschema import Draft202012Validator

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = json.load(open(os.path.join(HERE, "..", "protocol.schema.json"), encoding="utf-8"))
Draft202012Validator.check_schema(SCHEMA)


def validator(name):
    return Draft202012Validator({"$ref": "#/$defs/" + name, "$defs": SCHEMA["$defs"]})


HANDSHAKE, REQUEST, RESPONSE = validator("handshake"), validator("request"), validator("response")


def b64(raw):
    return {"b64": base64.b64encode(raw).decode("ascii")}


REQUESTS = [
    {"id": 1, "op": "parse", "input": "http://u:p@a:8/b?c#d"},
    {"id": 2, "op": "parse", "input": b64(b"http://a/\xff\xfe")},
    {"id": 3, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g"},
    {"id": 4, "op": "resolve", "base": b64(b"http://a/\x80/"), "input": "g"},
    {"id": 5, "op": "normalize", "input": "HTTP://A/%7e/../x"},
    {"id": 6, "op": "equivalent", "input": "http://a/", "other": "HTTP://A/"},
    {"id": 7, "op": "parse", "input": "http://[::1/"},
    {"id": 8, "op": "parse", "input": "mailto:x?y"},
    {"id": 9, "op": "parse", "input": "\u0000\u001f\"\\\u00e9\u20ac\U0001F600"},
    {"id": 10, "op": "parse", "input": "http://a%80b/%zz"},
]
MALFORMED = [
    "junk",
    "[1]",
    '{"id":11}',
    '{"id":12,"op":"frobnicate","input":"x"}',
    '{"id":13,"op":"parse"}',
    '{"id":14,"op":"parse","input":{"b64":"!!"}}',
    '{"id":15,"op":"parse","input":5}',
]


def check_worker(name, argv):
    for request in REQUESTS:
        REQUEST.validate(request)
    text = "".join(json.dumps(r) + "\n" for r in REQUESTS) + "".join(m + "\n" for m in MALFORMED)
    done = subprocess.run(argv, input=text.encode("utf-8"), capture_output=True, timeout=300)
    lines = done.stdout.decode("utf-8").splitlines()
    if not lines:
        raise AssertionError("no handshake; stderr: %s" % done.stderr.decode()[-300:])
    HANDSHAKE.validate(json.loads(lines[0]))
    responses = [json.loads(line) for line in lines[1:]]
    want = len(REQUESTS) + len(MALFORMED)
    if len(responses) != want:
        raise AssertionError("%d responses for %d lines" % (len(responses), want))
    for response in responses:
        RESPONSE.validate(response)
    ids = [r["id"] for r in responses[: len(REQUESTS)]]
    if ids != [r["id"] for r in REQUESTS]:
        raise AssertionError("ids out of order: %s" % ids)
    outcomes = [r["outcome"] for r in responses[len(REQUESTS):]]
    if set(outcomes) != {"error"}:
        raise AssertionError("malformed lines answered %s" % outcomes)
    if done.returncode != 0:
        raise AssertionError("exit status %d at EOF" % done.returncode)
    if "coverage" in json.loads(lines[0]):
        check_coverage(argv)


def check_coverage(argv):
    asked = [dict(r, coverage=True) for r in REQUESTS]
    for request in asked:
        REQUEST.validate(request)
    text = "".join(json.dumps(r) + "\n" for r in asked)
    done = subprocess.run(argv, input=text.encode("utf-8"), capture_output=True, timeout=300)
    responses = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()[1:]]
    if len(responses) != len(asked):
        raise AssertionError("%d responses for %d requests asking for coverage"
                             % (len(responses), len(asked)))
    for response in responses:
        RESPONSE.validate(response)
        if "coverage" not in response:
            raise AssertionError("request %s asked for coverage and got none" % response["id"])


def check_readme():
    readme = open(os.path.join(HERE, "..", "README.md"), encoding="utf-8").read()
    lines = re.findall(r"^([<>]) (\{.*\})$", readme, re.M)
    if len(lines) < 10:
        raise AssertionError("only %d example lines" % len(lines))
    for direction, text in lines:
        message = json.loads(text)
        if direction == ">":
            if message.get("op") != "frobnicate":  # the example's deliberately malformed line
                REQUEST.validate(message)
        elif "protocol" in message:
            HANDSHAKE.validate(message)
        else:
            RESPONSE.validate(message)


def main():
    args = sys.argv[1:]
    checks = []
    if args and args[0] == "--readme":
        checks.append(("README.md", check_readme))
        args = args[1:]
    for arg in args:
        name, argv = arg.split("=", 1)
        checks.append((name, lambda argv=json.loads(argv), name=name: check_worker(name, argv)))
    for name, check in checks:
        try:
            check()
        except Exception as error:  # report which worker, then fail
            print("%s: FAILED: %s" % (name, str(error).splitlines()[0]))
            return 1
        print("%s: ok" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
