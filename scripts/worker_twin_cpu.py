#!/usr/bin/env python3
"""The protocol's share of a shipped worker's CPU, in any language, measured from outside: the
worker's process CPU (user + system, getrusage(2) RUSAGE_CHILDREN) on a recorded request
stream, against its "twin", the same worker whose library call answers what it answered the
first time at that call site (the library's work gone, the worker's and the SDK's work on an
answer of the same shape kept). Start-up (the process answering an empty stream: its
handshake) is taken off both. protocol share = twin's serving CPU / worker's serving CPU.
scripts/worker_cpu.py splits the Python workers in process; this is its sibling for the rest
(workers/README.md lists the workers and what they call).

The stream is fed as uridiff's feeder feeds it (src/subjects/external/feeder.rs): up to 64
requests in flight, refilled with one write once half are answered, answers read from a pipe.

Record a worker's stream from a report (`tee` before the shipped command; `uridiff parsers`
and src/subjects/external/launch.rs give the command), e.g.

    uridiff report --count 3000 --parser perl-mojo-url \\
        --external "perl-mojo-url=tee /tmp/mojo.req | perl workers/perl-mojo-url.pl"

then

    scripts/worker_twin_cpu.py split perl-mojo-url /tmp/mojo.req          # best of 3 runs
    scripts/worker_twin_cpu.py same perl-mojo-url OLD_WORKERS_DIR workers /tmp/mojo.req
    scripts/worker_twin_cpu.py same --coverage ruby-uri OLD_WORKERS_DIR workers /tmp/uri.req
    scripts/worker_twin_cpu.py self-test

`split` builds what needs building (C, C++, Go, Java: into a temporary folder, as
launch.rs does, the C++ worker without its coverage build) and the twin (copies of the
worker and its SDK, edited by the rule for its language in TWINS), and prints start-up,
serving CPU of the worker and of the twin, the library's part (the difference) and the share.
`same` runs two workers folders' copies of a worker on the stream and compares the answers
byte for byte (exit 0 when alike, 1 and the first differing line otherwise); `--coverage`
asks coverage in every other request. `--workers DIR` measures another copy of the workers.
The twin's call sites still hand the worker a library object where the library gives one
(Node.js's URL, Go's *url.URL): its getters run in the twin too, counted as the worker's.
The Python workers have no twin either (their library mark is a `with` block; scripts/
worker_cpu.py splits them in process): for them `split` gives the worker's CPU only. The C
workers have no twin (their library calls write straight into the answer): for them too, and

    scripts/worker_twin_cpu.py perf c-uriparser /tmp/uriparser.req

samples the worker on the stream (perf record, 10 kHz) and prints each shared object's share of
the samples (perf report --sort dso): the library's own objects (LIBRARY_OBJECTS) against the
worker, libc and the kernel (its pipes). The C library calls malloc and memcpy too, which count
as libc: the library's share is a lower bound.
"""
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading

from worker_cpu import compare  # the same answer-by-answer comparison, beside this file

HERE = os.path.dirname(os.path.abspath(__file__))
WORKERS = os.path.join(HERE, "..", "workers")
NODE_PATH = os.path.expanduser("~/.cache/uridiff/packages/node/node_modules")
VENV_PYTHON = os.path.expanduser("~/.cache/uridiff/packages/python/bin/python3")
JAVA_FLAGS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m"]  # src/parsers/mod.rs JAVA_FLAGS
OKHTTP_JARS = ["/usr/share/java/%s.jar" % j for j in (
    "okhttp", "okio", "org.jacoco.core", "asm", "asm-commons", "asm-tree")]
WINDOW = 64  # src/subjects/external/feeder.rs DEFAULT_WINDOW

# name: (source file, how it runs, extra arguments)
SHIPPED = {
    "node-whatwg": ("node-whatwg.js", "node", []),
    "node-legacy-url": ("node-legacy-url.js", "node", []),
    "node-whatwg-url": ("node-whatwg-url.js", "node", []),
    "node-url-parse": ("node-url-parse.js", "node", []),
    "node-urijs": ("node-urijs.js", "node", []),
    "node-fast-uri": ("node-uri-js-family.js", "node", ["fast-uri"]),
    "node-uri-js": ("node-uri-js-family.js", "node", ["uri-js"]),
    "ruby-uri": ("ruby-uri.rb", "ruby", []),
    "ruby-addressable": ("ruby-addressable.rb", "ruby", []),
    "perl-uri": ("perl-uri.pl", "perl", []),
    "perl-mojo-url": ("perl-mojo-url.pl", "perl", []),
    "php-parse-url": ("php-parse-url.php", "php", []),
    "go-net-url": ("go-net-url.go", "go", []),
    "java-uri": ("java-uri.java", "java", []),
    "java-okhttp": ("java-okhttp.java", "java", OKHTTP_JARS),
    "python-urllib": ("python-urllib.py", "python", []),
    "python-rfc3986": ("python-rfc3986.py", "python", []),
    "python-urllib3": ("python-urllib3.py", "python", []),
    "python-yarl": ("python-yarl.py", "python", []),
    "python-hyperlink": ("python-hyperlink.py", "python", []),
    "python-furl": ("python-furl.py", "python", []),
    "python-rfc3987": ("python-rfc3987.py", "python", []),
    "python-uritools": ("python-uritools.py", "python", []),
    "c-uriparser": ("c-uriparser.c", "cc", ["-luriparser"]),
    "c-libwget": ("c-libwget.c", "cc", ["-lwget"]),
    "curl-url": ("curl-url.c", "cc", ["-lcurl"]),
    "cpp-boost-url": ("cpp-boost-url.cpp", "c++", ["-lboost_url"]),
}

# The twin's edits, per language: (pattern, replacement) applied once each, on the worker's
# source (or its SDK's). Each makes the library's marked call answer its first answer again.
TWINS = {
    "node": ("sdk/uridiff_worker.js", [(
        r"function library\(fn\) \{\n  try \{\n    return fn\(\);",
        "const TWIN = new Map();\nfunction library(fn) {\n  try {\n"
        "    const key = fn.toString();\n    if (!TWIN.has(key)) TWIN.set(key, fn());\n"
        "    return TWIN.get(key);")]),
    "perl": (None, [(
        r"\nsub library \{",
        "\nmy %TWIN;\nsub library {\n    my $key = (caller)[2];\n"
        "    my $got = $TWIN{$key} //= [library_once(@_)];\n"
        "    return wantarray ? @$got : $got->[0];\n}\nsub library_once {")]),
    "ruby": (None, [(
        r"\ndef library\n  yield\n",
        "\nTWIN = {}\ndef library\n  key = caller_locations(1, 1)[0].lineno\n"
        "  TWIN.key?(key) ? TWIN[key] : (TWIN[key] = yield)\n")]),
    "php": (None, [(
        r"\$parts = parse_url\(\$input\);",
        "static $twin = null;\n    $parts = $twin ??= [parse_url($input)];\n"
        "    $parts = $parts[0];")]),
    "go": (None, [
        (r"\nfunc main\(\) \{",
         "\nvar twin = map[string]*url.URL{}\n\n"
         "func twinParse(key, s string) (*url.URL, error) {\n"
         "\tif u, ok := twin[key]; ok {\n\t\treturn u, nil\n\t}\n"
         "\tu, err := url.Parse(s)\n\tif err == nil {\n\t\ttwin[key] = u\n\t}\n"
         "\treturn u, err\n}\n\nfunc main() {"),
        (r"u, err := url\.Parse\(input\)", "u, err := twinParse(\"u\", input)"),
        (r"b, err := url\.Parse\(base\)", "b, err := twinParse(\"b\", base)"),
        (r"r, err := url\.Parse\(input\)", "r, err := twinParse(\"r\", input)"),
        (r"b\.ResolveReference\(r\)", "twinResolve(b, r)"),
        (r"\nfunc main\(\) \{",
         "\nvar twinResolved *url.URL\n\nfunc twinResolve(b, r *url.URL) *url.URL {\n"
         "\tif twinResolved == nil {\n\t\ttwinResolved = b.ResolveReference(r)\n\t}\n"
         "\treturn twinResolved\n}\n\nfunc main() {")]),
    "java-uri": (None, [(
        r"interface Call \{",
        "static final java.util.HashMap<Class<?>, Map<String, Object>> TWIN = "
        "new java.util.HashMap<>();\n\n    interface Call {"), (
        r"response\.putAll\(call\.run\(\)\);",
        "Map<String, Object> got = TWIN.get(call.getClass());\n"
        "            if (got == null) { got = call.run(); TWIN.put(call.getClass(), got); }\n"
        "            response.putAll(got);")]),
    "java-okhttp": (None, [(
        r"Object call\(Method m, Object target, Object\.\.\. args\) throws Exception \{\n"
        r"            try \{\n                return m\.invoke\(target, args\);",
        "final java.util.HashMap<Method, Object> twin = new java.util.HashMap<>();\n"
        "        Object call(Method m, Object target, Object... args) throws Exception {\n"
        "            try {\n                if (twin.containsKey(m)) return twin.get(m);\n"
        "                Object got = m.invoke(target, args);\n"
        "                twin.put(m, got);\n                return got;")]),
}


# The shared objects that are the library, for `perf` (their names' beginnings).
LIBRARY_OBJECTS = {
    "c-uriparser": ["liburiparser.so"],
    "curl-url": ["libcurl.so"],
    "c-libwget": ["libwget.so", "libidn2.so", "libunistring.so"],
    "cpp-boost-url": ["libboost_url.so"],
}


def twin_rule(name):
    kind = SHIPPED[name][1]
    return TWINS.get(name) or TWINS.get(kind)


def make_twin(name, workers, into):
    """Copies `workers` (the worker, its SDK) into `into` and edits the twin's file."""
    shutil.copytree(workers, into, dirs_exist_ok=True)
    rule = twin_rule(name)
    if rule is None:
        return False
    target = os.path.join(into, rule[0] or SHIPPED[name][0])
    with open(target) as f:
        text = f.read()
    for pattern, replacement in rule[1]:
        text, n = re.subn(pattern, lambda _m, r=replacement: r, text, count=1)
        if n != 1:
            raise SystemExit("%s: the twin's edit %r found nothing: update TWINS" % (name, pattern))
    with open(target, "w") as f:
        f.write(text)
    return True


def command(name, workers, build):
    """argv and environment of `name`'s worker in folder `workers`, built into `build` if
    needed (as src/subjects/external/launch.rs builds it)."""
    source, kind, extra = SHIPPED[name]
    path = os.path.join(workers, source)
    env = dict(os.environ)
    if kind == "node":
        env["NODE_PATH"] = NODE_PATH
        return ["node", path] + extra, env
    if kind in ("ruby", "perl", "php"):
        return [kind, path], env
    if kind == "python":
        return [VENV_PYTHON if os.path.exists(VENV_PYTHON) else sys.executable, path], env
    os.makedirs(build, exist_ok=True)
    binary = os.path.join(build, name)
    if kind in ("cc", "c++"):
        std = ["-std=c++17"] if kind == "c++" else []
        subprocess.run([kind] + std + ["-O2", "-o", binary, path] + extra, check=True)
        return [binary], env
    if kind == "go":
        env["GOTOOLCHAIN"] = "local"
        subprocess.run(["go", "build", "-o", binary, path], check=True, env=env)
        return [binary], env
    # java: compiled once here (the shipped command compiles the source at every start), from
    # a copy named after its public class, as javac asks.
    cp = ":".join([build] + extra)
    main = re.search(r"^public class (\w+)", open(path).read(), re.M).group(1)
    named = os.path.join(build, main + ".java")
    shutil.copyfile(path, named)
    subprocess.run(["javac", "-nowarn", "-cp", cp, "-d", build, named], check=True,
                   stderr=subprocess.DEVNULL)
    return ["java"] + JAVA_FLAGS + ["-cp", cp, main], env


def feed(argv, env, lines):
    """Runs the worker on `lines` (bytes, each ending in a newline), WINDOW in flight; returns
    (CPU seconds of the process and its descendants, its standard output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.Popen(argv, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    handshake = p.stdout.readline()
    out = [handshake]
    state = {"answered": 0}
    cond = threading.Condition()

    def writer():
        sent = 0
        try:
            while sent < len(lines):
                with cond:
                    cond.wait_for(lambda: sent - state["answered"] <= WINDOW // 2)
                    room = WINDOW - (sent - state["answered"])
                block = lines[sent:sent + room]
                p.stdin.write(b"".join(block))
                p.stdin.flush()
                sent += len(block)
        except BrokenPipeError:
            pass
        finally:
            try:
                p.stdin.close()
            except BrokenPipeError:
                pass

    t = threading.Thread(target=writer)
    t.start()
    for answer in p.stdout:
        out.append(answer)
        with cond:
            state["answered"] += 1
            cond.notify()
    t.join()
    p.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, b"".join(out)


def read_stream(requests, coverage=False):
    """The stream's request lines (blank lines and a shutdown, and all after it, left out)."""
    lines = []
    with open(requests, "rb") as f:
        for line in f:
            if not line.strip():
                continue
            if b'"op":"shutdown"' in line:
                break
            if coverage and len(lines) % 2 == 0 and line.rstrip().endswith(b"}"):
                line = line.rstrip()[:-1] + b',"coverage":true}\n'
            lines.append(line if line.endswith(b"\n") else line + b"\n")
    return lines


def best(argv, env, lines, runs):
    return min(feed(argv, env, lines)[0] for _ in range(runs))


def split(name, requests, runs=3, workers=WORKERS):
    """CPU seconds (best of `runs`): start-up, the worker's serving, the twin's serving."""
    lines = read_stream(requests)
    with tempfile.TemporaryDirectory(prefix="worker-twin-") as tmp:
        argv, env = command(name, workers, os.path.join(tmp, "build"))
        got = {"requests": len(lines), "startup_s": best(argv, env, [], runs)}
        got["worker_s"] = best(argv, env, lines, runs) - got["startup_s"]
        twin_dir = os.path.join(tmp, "twin")
        if make_twin(name, workers, twin_dir):
            targv, tenv = command(name, twin_dir, os.path.join(tmp, "twin-build"))
            got["twin_s"] = best(targv, tenv, lines, runs) - best(targv, tenv, [], runs)
    return got


def perf(name, requests, workers=WORKERS):
    """Each shared object's share of the worker's samples on the stream: [(object, percent)]."""
    lines = read_stream(requests)
    with tempfile.TemporaryDirectory(prefix="worker-perf-") as tmp:
        argv, env = command(name, workers, os.path.join(tmp, "build"))
        data = os.path.join(tmp, "perf.data")
        feed(["perf", "record", "-q", "-F", "10000", "-o", data, "--"] + argv, env, lines)
        report = subprocess.run(["perf", "report", "-i", data, "--no-children", "--sort", "dso",
                                 "--stdio", "-q"], capture_output=True, text=True, check=True)
    shares = []
    for row in report.stdout.splitlines():
        parts = row.split()
        if len(parts) >= 2 and parts[0].endswith("%"):
            shares.append((parts[1], float(parts[0][:-1])))
    return shares


def same(name, old, new, requests, coverage=False):
    """Whether the workers of folders `old` and `new` answer the stream byte for byte alike."""
    lines = read_stream(requests, coverage)
    outs = []
    with tempfile.TemporaryDirectory(prefix="worker-same-") as tmp:
        for i, folder in enumerate((old, new)):
            argv, env = command(name, folder, os.path.join(tmp, str(i)))
            outs.append(feed(argv, env, lines)[1])
    return compare(*outs)


def self_test():
    """The twin's edit applies to every shipped worker; on a Perl worker the twin answers the
    first answer again (its serving is cheaper and its answers differ), and `same` tells an
    edited worker apart from an unchanged one."""
    for name in SHIPPED:
        with tempfile.TemporaryDirectory() as d:
            made = make_twin(name, WORKERS, d)
            assert made == (SHIPPED[name][1] not in ("cc", "c++", "python")), name
    with tempfile.TemporaryDirectory() as d:
        req = os.path.join(d, "req")
        with open(req, "w") as f:
            for i in range(300):
                f.write('{"id":%d,"op":"parse","input":"http://h%d.example/p?q#f"}\n' % (i + 1, i))
        lines = read_stream(req)
        make_twin("perl-uri", WORKERS, os.path.join(d, "twin"))
        argv, env = command("perl-uri", os.path.join(d, "twin"), d)
        _, twin_out = feed(argv, env, lines)
        argv, env = command("perl-uri", WORKERS, d)
        _, real_out = feed(argv, env, lines)
        assert real_out.count(b"\n") == twin_out.count(b"\n") == 301
        assert b"h299.example" in real_out and b"h299.example" not in twin_out
        assert same("perl-uri", WORKERS, WORKERS, req) == (True, None)
        edited = os.path.join(d, "edited")
        shutil.copytree(WORKERS, edited)
        path = os.path.join(edited, "perl-uri.pl")
        text = open(path).read().replace("outcome => 'accepted'", "outcome => 'Accepted'", 1)
        open(path, "w").write(text)
        alike, where = same("perl-uri", WORKERS, edited, req)
        assert not alike and where[0] == 2, where  # line 1 is the handshake
        assert len(read_stream(req, coverage=True)) == 300
        assert read_stream(req, coverage=True)[0].endswith(b',"coverage":true}\n')
        # perf's shares, where perf and uriparser are there: they add up to the whole, the
        # worker's own binary among them (on a stream long enough that its few instructions
        # per request are sampled at all: 300 requests gave about a dozen samples).
        if shutil.which("perf") and os.path.exists("/usr/include/uriparser/Uri.h"):
            long_req = os.path.join(d, "long")
            with open(long_req, "w") as f:
                for i in range(20000):
                    f.write('{"id":%d,"op":"parse","input":"http://h%d.example/p?q#f"}\n'
                            % (i + 1, i))
            shares = perf("c-uriparser", long_req)
            assert abs(sum(p for _, p in shares) - 100) < 1, shares
            assert any(o == "c-uriparser" for o, _ in shares), shares
    print("self-test passed")


def main(argv):
    args = argv[1:]
    workers = WORKERS
    if "--workers" in args:
        i = args.index("--workers")
        workers = args[i + 1]
        del args[i:i + 2]
    runs = 3
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    coverage = "--coverage" in args
    args = [a for a in args if a != "--coverage"]
    if args[:1] == ["split"] and len(args) == 3 and args[1] in SHIPPED:
        got = split(args[1], args[2], runs, workers)
        print("%s on %s (%d requests, best of %d):" % (args[1], args[2], got["requests"], runs))
        print("  start-up        %7.3f CPU s" % got["startup_s"])
        print("  worker serving  %7.3f CPU s  (%.1f µs a request)"
              % (got["worker_s"], 1e6 * got["worker_s"] / max(got["requests"], 1)))
        if "twin_s" in got:
            library = got["worker_s"] - got["twin_s"]
            print("  twin serving    %7.3f CPU s  (%.1f µs a request)"
                  % (got["twin_s"], 1e6 * got["twin_s"] / max(got["requests"], 1)))
            print("  library         %7.3f CPU s" % library)
            print("  protocol and worker share: %.1f%%"
                  % (100 * got["twin_s"] / max(got["worker_s"], 1e-9)))
        return 0
    if args[:1] == ["perf"] and len(args) == 3 and args[1] in LIBRARY_OBJECTS:
        shares = perf(args[1], args[2], workers)
        library = sum(p for o, p in shares
                      if any(o.startswith(lib) for lib in LIBRARY_OBJECTS[args[1]]))
        print("%s on %s (perf samples by shared object):" % (args[1], args[2]))
        for obj, percent in shares[:8]:
            print("  %6.2f%%  %s" % (percent, obj))
        print("  the library's own objects: %.1f%%; the rest: %.1f%%" % (library, 100 - library))
        return 0
    if args[:1] == ["same"] and len(args) == 5 and args[1] in SHIPPED:
        alike, where = same(args[1], args[2], args[3], args[4], coverage)
        if alike:
            print("byte for byte alike")
            return 0
        print("differ at line %d:\n  %r\n  %r" % where)
        return 1
    if args[:1] == ["self-test"]:
        self_test()
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
