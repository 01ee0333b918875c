#!/usr/bin/env python3
"""Where a Python worker's CPU goes, on a recorded request stream: the library's marked calls
(inside uridiff_worker.library(), workers/sdk/uridiff_worker.py) against everything else (JSON
decoding and encoding, the SDK's checks, the worker's own code), in CPU seconds of this process
(time.process_time, CLOCK_PROCESS_CPUTIME_ID); and whether two versions of the worker answer a
stream byte for byte alike.

Record a report's request stream by putting `tee` before the worker (a NAME uridiff ships
replaces it for the run):

    PY=~/.cache/uridiff/packages/python/bin/python3
    uridiff report --count 3000 --parser python-furl \\
        --external "python-furl=tee /tmp/furl.req | $PY workers/python-furl.py"

then

    $PY scripts/worker_cpu.py split workers/python-furl.py /tmp/furl.req
    $PY scripts/worker_cpu.py same OLD_WORKERS_DIR/python-furl.py workers/python-furl.py /tmp/furl.req

`split` runs the worker in this process (its SDK imported from beside it), its answers to
/dev/null, and prints the CPU seconds of start-up (imports, handshake), of the library's marked
calls, and of the rest, with each one's share. `same` runs both workers as processes on the
stream and compares their standard output byte for byte (exit 0 when alike, 1 and the first
differing line otherwise). `self-test` checks both on a tiny worker written on the fly.
"""
import os
import runpy
import subprocess
import sys
import tempfile
import time


def split(worker, requests):
    """CPU seconds: start-up, the library's marked calls, the rest (protocol and worker)."""
    sdk_dir = os.path.join(os.path.dirname(os.path.abspath(worker)), "sdk")
    sys.path.insert(0, sdk_dir)
    import uridiff_worker  # noqa: E402  (the worker's own SDK, the one it imports)

    spent = {"library": 0.0}
    depth = [0]
    began = [0.0]
    enter, leave = uridiff_worker._Library.__enter__, uridiff_worker._Library.__exit__

    def timed_enter(self):
        if depth[0] == 0:
            began[0] = time.process_time()
        depth[0] += 1
        return enter(self)

    def timed_exit(self, kind, error, trace):
        try:
            return leave(self, kind, error, trace)
        finally:
            depth[0] -= 1
            if depth[0] == 0:
                spent["library"] += time.process_time() - began[0]

    uridiff_worker._Library.__enter__ = timed_enter
    uridiff_worker._Library.__exit__ = timed_exit

    serve = uridiff_worker.serve
    marks = {}

    def timed_serve(*args, **kwargs):
        # Start-up ends when the first request is read: the handshake is written by serve()
        # before its loop, so the stream's reading is wrapped to note the time once.
        stream = kwargs.get("stdin") or open(requests, "rb")

        class FirstRead:
            """The stream, its first read noting the time: serve() reads with read1, an SDK
            before it iterated over lines (a copy of old workers measured against new)."""

            def read1(self, size=-1):
                marks.setdefault("first", time.process_time())
                return stream.read1(size)

            def __iter__(self):
                for line in stream:
                    marks.setdefault("first", time.process_time())
                    yield line
        kwargs["stdin"] = FirstRead()
        kwargs["stdout"] = open(os.devnull, "w")
        return serve(*args, **kwargs)

    uridiff_worker.serve = timed_serve
    start = time.process_time()
    saved = sys.argv
    sys.argv = [worker]
    try:
        runpy.run_path(worker, run_name="__main__")
    finally:
        sys.argv = saved
    end = time.process_time()
    first = marks.get("first", end)
    startup = first - start
    serving = end - first
    library = spent["library"]
    rest = serving - library
    return {"startup_s": startup, "serving_s": serving, "library_s": library, "rest_s": rest}


def compare(old_out, new_out):
    """Two workers' outputs: (True, None) when byte for byte alike, else (False, the first
    differing line's number and both lines, b"(end)" for a line past one's end)."""
    if old_out == new_out:
        return True, None
    a, b = old_out.split(b"\n"), new_out.split(b"\n")
    for n, (x, y) in enumerate(zip(a, b), 1):
        if x != y:
            return False, (n, x, y)
    return False, (min(len(a), len(b)) + 1, b"(end)", b"(end)")


def same(old, new, requests, python=sys.executable):
    """Whether both workers answer `requests` byte for byte alike ([`compare`])."""
    outs = []
    for worker in (old, new):
        with open(requests, "rb") as stream:
            done = subprocess.run([python, worker], stdin=stream, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, check=False)
        outs.append(done.stdout)
    return compare(*outs)


def self_test():
    """A tiny worker that burns CPU inside library() shows most of its time there; an edited
    answer is told apart by `same`, an unchanged one is not."""
    here = os.path.dirname(os.path.abspath(__file__))
    sdk = os.path.join(here, "..", "workers", "sdk", "uridiff_worker.py")
    with tempfile.TemporaryDirectory() as d:
        os.mkdir(os.path.join(d, "sdk"))
        with open(sdk) as src, open(os.path.join(d, "sdk", "uridiff_worker.py"), "w") as dst:
            dst.write(src.read())
        body = (
            "import os, sys\n"
            "sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'sdk'))\n"
            "import uridiff_worker\n"
            "def parse(text):\n"
            "    with uridiff_worker.library():\n"
            "        n = sum(i * i for i in range(20000))\n"
            "    return {'path': %s}\n"
            "uridiff_worker.serve('t', 'rfc3986', version='1', parse=parse)\n")
        a, b, c = (os.path.join(d, n) for n in ("a.py", "b.py", "c.py"))
        for path, answer in ((a, "text"), (b, "text"), (c, "text + '!'")):
            with open(path, "w") as f:
                f.write(body % answer)
        req = os.path.join(d, "req")
        with open(req, "w") as f:
            for i in range(200):
                f.write('{"id":%d,"op":"parse","input":"x:%d"}\n' % (i + 1, i))
        alike, _ = same(a, b, req)
        assert alike, "the same worker answers alike"
        alike, where = same(a, c, req)
        assert not alike and where[0] == 2, where  # line 1 is the handshake
        got = split(a, req)
        assert got["library_s"] > 0.5 * got["serving_s"], got
    print("self-test passed")


def main(argv):
    if argv[1:2] == ["split"] and len(argv) == 4:
        got = split(argv[2], argv[3])
        total = got["startup_s"] + got["serving_s"]
        print("%s on %s:" % (argv[2], argv[3]))
        for key in ("startup_s", "library_s", "rest_s"):
            print("  %-10s %7.3f CPU s  %5.1f%%" % (key[:-2], got[key], 100 * got[key] / total))
        print("  protocol and worker share of serving: %.1f%%"
              % (100 * got["rest_s"] / max(got["serving_s"], 1e-9)))
        return 0
    if argv[1:2] == ["same"] and len(argv) == 5:
        alike, where = same(argv[2], argv[3], argv[4])
        if alike:
            print("byte for byte alike")
            return 0
        print("differ at line %d:\n  %r\n  %r" % where)
        return 1
    if argv[1:2] == ["self-test"]:
        self_test()
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
