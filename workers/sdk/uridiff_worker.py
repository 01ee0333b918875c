"""uridiff_worker: the worker side of uridiff's protocol (uridiff-worker/1, uridiff's
workers/README.md) in one file, for a URI parser written in Python. Copy this file next to
your worker (it needs only the standard library) and write the parser's operations as
functions:

    import uridiff_worker
    from mylib import parse_uri, __version__

    def parse(text):
        with uridiff_worker.library():  # an exception in here is the library's: "rejected"
            u = parse_uri(text)
        return {"scheme": u.scheme, "host": u.host, "path": u.path}

    uridiff_worker.serve("mylib", "rfc3986", version=__version__, parse=parse)

and run `uridiff check --external mylib='python3 my_worker.py' --under-test mylib ...`.

The library's call is marked, and only an exception raised inside the mark is the library's
answer, `rejected` (its class is the code): `with uridiff_worker.library(): ...`, or
`uridiff_worker.library(fn, *args)` for one call. Any other exception (a TypeError of the
worker's own code, an AttributeError of an accessor another version of the library lacks) is the
worker's failure: answered `crashed` with its traceback, which uridiff reports as a crash of the
worker (class `crash-worker`), never as the library refusing the input. A worker may also raise
Rejected(message, code=..., offset=...) for a refusal it reads from the library's result (an
`error` field, a `None` the library documents as failure), and NoAnswer(message) where the
library has no answer for this input (an operation it offers for some inputs only): answered
`unsupported`, never judged.

What the answers mean is uridiff's to judge:
- a component that is None is undefined (RFC 3986 5.3: the input has no such component), ""
  is empty, a key left out is not reported (not compared). A parse may also return
  Parsed(components, serialization=..., note=...) to give the library's own serialization
  (uridiff parses it again: the round trip) or a note such as "undefined reported as empty";
- any function may also return a whole response ({"outcome": "rejected", "message": ...,
  "code": ..., "offset": ...}, say), sent as it is with its strings made wire-safe (give());
- decides_validity=True says the library means to tell valid references from invalid ones, so
  uridiff compares its refusals with the reference's; a splitter that takes nearly anything
  says False and is compared on what it accepts only;
- the name must be the NAME of `--external NAME=COMMAND`, and the profile one of uridiff's
  known profiles (`uridiff parsers` lists them: rfc3986 for an RFC 3986 parser, whatwg-url
  for a WHATWG URL parser); an unknown one is refused with the list.

Coverage (workers/README.md, "Coverage"): serve(..., coverage_modules=["mylib"]) declares
`"coverage": "lines"` in the handshake; a request that asks (`"coverage": true`) is answered with
the ids of the lines of those modules' own files (a package: every .py file under it) that ran
inside library(), and only those: the worker's own code, this file, the standard library and
other packages are never counted. It sees them by the cheapest way this Python has:
sys.monitoring (3.12 and later; LINE events on the library's code objects only, each line
disabled once seen until the next request), else probes compiled into the library's functions
(a one-byte store before each statement, which see the line each statement starts on), else
sys.settrace; monitoring gives the ids settrace gives, probes the statements' lines among them
(workers/testing/coverage_backends.py).
An id is a file's place in the sorted list of the modules' files times 2**20 plus the line number:
the same line has the same id in every run of the same library version.

Functions get text (str); an input that is not UTF-8 is answered `rejected` with code
`not-utf8` unless text_only=False, when they get bytes for such input. Requests may be
pipelined: they are answered in order, the answers to the lines of one read (what the pipe
holds, up to 64 KiB) written together in one write and flushed before the next read, and every
request read is answered before the end of input (or a `shutdown`) ends the worker. uridiff's
own shipped Python workers are written with this file too.
"""
import base64
import json
import sys
import traceback

PROTOCOL = "uridiff-worker/1"
COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")


class Rejected(Exception):
    """The library refused the input: its answer, sent as `rejected`. library() raises it for an
    exception of the library's call; a worker raises it for a refusal the library gives as a
    value."""

    def __init__(self, message, code=None, offset=None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.offset = offset


class NoAnswer(Exception):
    """The library has no answer for this input (an operation it offers for some inputs only):
    sent as `unsupported`, which uridiff never judges, unlike a rejection."""


# The global name a probe writes to (_Coverage._probes): no library defines it.
_PROBE = "__uridiff_hits__"


def _function_statements(tree):
    """The statement lists of a module's AST that run when a function is called: the bodies of
    its functions and of every statement nested in them (module and class level code runs at
    import, never inside library()), as (node, field, statements)."""
    import ast
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    stack = [(tree, False)]
    while stack:
        node, inside = stack.pop()
        inside = inside or isinstance(node, functions)
        for field, value in ast.iter_fields(node):
            if isinstance(value, list):
                if inside and value and isinstance(value[0], ast.stmt):
                    yield node, field, value
                stack.extend((v, inside) for v in value if isinstance(v, ast.AST))
            elif isinstance(value, ast.AST):
                stack.append((value, inside))


def _probed(statements, docstring):
    """The statements whose start a probe marks: all but a docstring (a probe before it would
    make it an expression, and the function's __doc__ None)."""
    import ast
    first = statements[0]
    if (docstring and isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)):
        return statements[1:]
    return statements


def _has_docstring(node, field):
    import ast
    return field == "body" and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                 ast.ClassDef))


def statement_lines(tree):
    """The lines on which a statement run by a function call starts: the lines a probe marks.

    >>> import ast
    >>> sorted(statement_lines(ast.parse("x = 1\\ndef f():\\n    '''doc'''\\n    if x:\\n        return 2\\n")))
    [4, 5]
    """
    lines = set()
    for node, field, statements in _function_statements(tree):
        lines.update(s.lineno for s in _probed(statements, _has_docstring(node, field)))
    return lines


class _Coverage:
    """The lines of the library's files run inside library() while a request asks for them."""

    # A line's id: its file's place in the sorted list times this, plus its number.
    LINES_PER_FILE = 1 << 20

    def __init__(self, modules):
        import importlib
        import os
        paths = set()
        for name in modules:
            module = importlib.import_module(name)
            roots = list(getattr(module, "__path__", []) or [])
            if roots:
                for root in roots:
                    for folder, _, files in os.walk(root):
                        paths.update(os.path.realpath(os.path.join(folder, f))
                                     for f in files if f.endswith(".py"))
            elif getattr(module, "__file__", None):
                paths.add(os.path.realpath(module.__file__))
        # Sorted by the path below the module's folder, so that ids do not depend on where the
        # library is installed.
        common = os.path.commonpath(sorted(paths)) if len(paths) > 1 else None
        def key(p):
            return os.path.relpath(p, common) if common else os.path.basename(p)
        self.base = {p: i * self.LINES_PER_FILE for i, p in enumerate(sorted(paths, key=key))}
        self.by_name = {}  # co_filename -> base or None (memo: realpath is dear)
        self.tracers = {}  # base -> its line tracer
        self.hits = set()
        self.wanted = False
        self.depth = 0
        # The fastest way this Python offers to see the library's lines: sys.monitoring (3.12
        # and later), else probes compiled into the library's functions, else sys.settrace.
        # Which of the first two this Python will use is known now (total() counts what that
        # way can see); the work of setting it up is done when a request first asks (ready()),
        # so that a worker never asked (a report, a blind campaign) pays nothing for it.
        self.way = "monitoring" if hasattr(sys, "monitoring") else "probes"
        self.monitoring = None
        self.probe_hits = None
        self.chosen = False
        # What entering and leaving library() turns on and off: sys.settrace until ready()
        # chooses (start and stop do nothing before a request asks).
        self._on = lambda: sys.settrace(self._call)
        self._off = lambda: sys.settrace(None)

    def ready(self):
        """Sets up the way of seeing lines, once: the one __init__ chose, else sys.settrace
        when that cannot be set up."""
        if self.chosen:
            return
        self.chosen = True
        if self.way == "monitoring":
            self.monitoring = self._monitoring()
            if self.monitoring is not None:
                # Its LINE events are always on, and recorded inside library() only.
                self._on = self._off = lambda: None
                return
        elif self.way == "probes" and self._probes():
            return
        self.way = "settrace"

    def _base_of(self, name):
        """The id base of a code object's file, None for a file not the library's."""
        try:
            return self.by_name[name]
        except KeyError:
            import os
            base = self.base.get(os.path.realpath(name)) if name and name[0] != "<" else None
            self.by_name[name] = base
            return base

    def _functions(self):
        """The functions loaded now whose code is the library's, and the number of modules
        loaded when they were found (a library importing lazily has more later: take() looks
        again when that number grew)."""
        import gc
        import types
        self.modules_seen = len(sys.modules)
        return [f for f in gc.get_objects() if type(f) is types.FunctionType
                and self._base_of(f.__code__.co_filename) is not None]

    def _monitoring(self):
        """PEP 669's sys.monitoring, where this Python has it: every code object of the library's
        files (found once, from the loaded functions and the code they hold) gets LINE events,
        nothing else does. A line seen inside library() is recorded and disabled
        (sys.monitoring.DISABLE), so it costs nothing more in this request; take() re-enables
        them (restart_events) for the next. Other code is never interrupted, which is what
        makes this the cheapest of the three."""
        mon = getattr(sys, "monitoring", None)
        if mon is None:
            return None
        tool = mon.COVERAGE_ID
        try:
            mon.use_tool_id(tool, "uridiff-worker")
        except ValueError:  # the id is taken (the worker runs under coverage.py itself)
            return None
        limit = self.LINES_PER_FILE
        hits = self.hits
        disable = mon.DISABLE
        by_name = self.by_name

        def on_line(code, line):
            if not self.depth:
                return None  # outside library(): neither recorded nor disabled
            if line < limit:
                hits.add(by_name[code.co_filename] + line)
            return disable

        mon.register_callback(tool, mon.events.LINE, on_line)
        self.given = set()
        self._give_lines(mon)
        return mon

    def _give_lines(self, mon):
        """LINE events on every code object of the library's files not given them yet: those
        of the functions loaded now and the code they hold (nested functions, comprehensions)."""
        import types
        stack = [f.__code__ for f in self._functions()]
        while stack:
            code = stack.pop()
            if code not in self.given:
                self.given.add(code)
                mon.set_local_events(mon.COVERAGE_ID, code, mon.events.LINE)
                stack.extend(k for k in code.co_consts if type(k) is types.CodeType)

    def _probes(self):
        """Probes compiled into the library's functions, where this Python has no
        sys.monitoring: each of the library's files is parsed again (ast) and, before every
        statement a function call runs, a store of one byte is inserted,
        `__uridiff_hits__[N] = 1`, N the statement's line's place in the sorted list of ids;
        the module is compiled from that tree, and each loaded function of the file is given
        its probed code (`__code__`, matched by qualified name and first line; a function
        matched by none or by two keeps its code, and its lines are not seen). A probe is a few
        bytecodes where a tracer is a call per line: on CPython 3.11, which calls a trace
        function for every line of every traced frame, this is what keeps a request's cost
        near the untraced one. Nothing else changes: the probes carry their statement's line
        (tracebacks and f_lineno are as before) and the statements are the same.

        The name a probe writes to holds a bytearray inside library() and a byte sink outside
        (set in each probed function's globals, and in builtins for any other), so lines run
        outside library() are not counted. What a probe sees is the line each statement starts
        on: the lines sys.settrace sees, less those inside a multi-line statement and those of
        clauses that are not statements (else, except, a loop's test run again); the same ids,
        a subset (workers/testing/coverage_backends.py checks both).

        True when set up; False (sys.settrace is used) where a file cannot be read again."""
        import ast
        import builtins
        import types
        ids = []
        tables = {}  # a file's id base -> its probed code, by (qualified name, first line)
        try:
            for path, base in sorted(self.base.items(), key=lambda kv: kv[1]):
                with open(path, "rb") as f:
                    tree = ast.parse(f.read(), path)
                index = {}
                for line in sorted(statement_lines(tree)):
                    index[line] = len(ids)
                    ids.append(base + line)
                for node, field, statements in list(_function_statements(tree)):
                    setattr(node, field, _with_probes(
                        statements, index, _has_docstring(node, field)))
                code = compile(tree, path, "exec", dont_inherit=True)
                table = {}
                stack = [code]
                while stack:
                    c = stack.pop()
                    key = (getattr(c, "co_qualname", c.co_name), c.co_firstlineno)
                    table[key] = None if key in table else c
                    stack.extend(k for k in c.co_consts if type(k) is types.CodeType)
                tables[base] = table
        except (OSError, SyntaxError, ValueError, RecursionError):
            return False
        self.probe_texts = [str(i) for i in ids]
        self.probe_hits = bytearray(len(ids))
        self.probe_zero = bytes(len(ids))
        self.probe_sink = bytearray(len(ids))
        self.probe_tables = tables
        self.probe_globals = {}  # id -> a probed function's globals
        self.probed = set()  # the probed code objects given to functions
        setattr(builtins, _PROBE, self.probe_sink)
        self._give_probes()
        hits, sink, spaces = self.probe_hits, self.probe_sink, self.probe_globals.values()

        def on():
            for space in spaces:
                space[_PROBE] = hits

        def off():
            for space in spaces:
                space[_PROBE] = sink

        self._on, self._off = on, off
        return True

    def _give_probes(self):
        """Gives each loaded function of the library's files not probed yet its probed code."""
        for f in self._functions():
            code = f.__code__
            if code in self.probed:
                continue
            # By the file's id base, which _functions() found (memoized) for every one of them.
            table = self.probe_tables.get(self._base_of(code.co_filename))
            probed = table and table.get((getattr(code, "co_qualname", code.co_name),
                                          code.co_firstlineno))
            if probed is None or probed.co_freevars != code.co_freevars:
                continue
            space = f.__globals__
            if id(space) not in self.probe_globals:
                space[_PROBE] = self.probe_sink
                self.probe_globals[id(space)] = space
            f.__code__ = probed
            self.probed.add(probed)

    def total(self):
        """How many ids there are to reach: the lines of the library's files that hold code (those
        a line event can fire on, counted from their compiled code objects), or, where probes
        see the lines (Python before 3.12), the lines a probe marks."""
        import ast
        lines = 0
        for path in self.base:
            try:
                with open(path, "rb") as f:
                    source = f.read()
                if self.way == "probes":
                    lines += len(statement_lines(ast.parse(source, path)))
                    continue
                code = compile(source, path, "exec", dont_inherit=True)
            except (OSError, SyntaxError, ValueError):
                continue
            seen = set()
            stack = [code]
            while stack:
                c = stack.pop()
                seen.update(n for _, _, n in c.co_lines() if n is not None and n < self.LINES_PER_FILE)
                stack.extend(k for k in c.co_consts if hasattr(k, "co_lines"))
            lines += len(seen)
        return lines

    def _tracer(self, base):
        tracer = self.tracers.get(base)
        if tracer is None:
            add = self.hits.add
            limit = self.LINES_PER_FILE

            def tracer(frame, event, arg):
                if event == "line" and frame.f_lineno < limit:
                    add(base + frame.f_lineno)
                return tracer
            self.tracers[base] = tracer
        return tracer

    def _call(self, frame, event, arg):
        # Called for each new frame while tracing: a frame of the library's files gets the line
        # tracer, any other none (its lines cost nothing).
        base = self._base_of(frame.f_code.co_filename)
        if base is None:
            return None
        return self._tracer(base)

    def start(self):
        if self.wanted:
            self.depth += 1
            if self.depth == 1:
                self._on()

    def stop(self):
        if self.wanted and self.depth > 0:
            self.depth -= 1
            if self.depth == 0:
                self._off()

    def take(self):
        """The ids seen since the last take(), as the text of a JSON array's items (ascending
        numbers, comma-separated), and everything made ready for the next request."""
        if self.probe_hits is not None:
            import itertools
            # The probes' ids are in order, and their digits written once (_probes): the marked
            # bytes pick them in order, without a number formatted per request.
            text = ",".join(itertools.compress(self.probe_texts, self.probe_hits))
            self.probe_hits[:] = self.probe_zero
            if len(sys.modules) != self.modules_seen:
                self._give_probes()
            return text
        text = ",".join(map(str, sorted(self.hits)))
        self.hits.clear()
        if self.monitoring is not None:
            self.monitoring.restart_events()
            if len(sys.modules) != self.modules_seen:
                self._give_lines(self.monitoring)
        return text


def _with_probes(statements, index, docstring):
    """The statements with a probe before each one a probe marks (_Coverage._probes)."""
    import ast
    marked = _probed(statements, docstring)
    out = list(statements[:len(statements) - len(marked)])
    for s in marked:
        probe = ast.Assign(
            targets=[ast.Subscript(value=ast.Name(id=_PROBE, ctx=ast.Load()),
                                   slice=ast.Constant(value=index[s.lineno]), ctx=ast.Store())],
            value=ast.Constant(value=1))
        for node in ast.walk(probe):
            ast.copy_location(node, s)
        out.append(probe)
        out.append(s)
    return out


# The coverage of this worker's library when serve() was given coverage_modules.
_coverage = None


class _Library:
    """The context library() returns: an exception raised inside is the library's answer."""

    def __enter__(self):
        if _coverage is not None:
            _coverage.start()
        return self

    def __exit__(self, kind, error, trace):
        if _coverage is not None:
            _coverage.stop()
        if error is None or not isinstance(error, Exception):
            return False
        if isinstance(error, (Rejected, NoAnswer)):
            return False
        raise Rejected(_text(error), code=type(error).__name__) from error


def library(fn=None, *args, **kwargs):
    """Marks the library's call: an exception raised in it is the library refusing the input
    (`rejected`, with the exception's class as the code); an exception anywhere else in a
    worker's function is the worker's own failure (`crashed`). `with library(): ...` marks a
    block; `library(fn, *args)` calls fn(*args) and returns its value.

    >>> library(int, "7")
    7
    >>> try:
    ...     library(int, "x")
    ... except Rejected as r:
    ...     r.code
    'ValueError'
    """
    if fn is None:
        return _Library()
    with _Library():
        return fn(*args, **kwargs)


class Parsed:
    """A parse's answer with the library's serialization or a note."""

    def __init__(self, components, serialization=None, note=None):
        self.components = components
        self.serialization = serialization
        self.note = note


def _take(field, text_only):
    if isinstance(field, str):
        return field
    if isinstance(field, dict) and isinstance(field.get("b64"), str):
        raw = base64.b64decode(field["b64"], validate=True)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            if text_only:
                raise _NotUtf8()
            return raw
    raise ValueError('a byte string is a JSON string or {"b64": ...}')


class _NotUtf8(Exception):
    pass


def require(module):
    """The library's module, imported; where it cannot be imported, one line on stderr,
    `missing: ...` (uridiff gives it as the worker's reason to be unavailable, workers/README.md,
    "Set-up"), and the worker exits before its handshake.

    >>> require("json").dumps([])
    '[]'
    """
    import importlib
    try:
        return importlib.import_module(module)
    except ImportError as e:
        sys.stderr.write("missing: Python module %s cannot be imported by %s (%s)\n"
                         % (module, sys.executable, _text(e).splitlines()[0] if str(e) else
                            type(e).__name__))
        sys.stderr.flush()
        sys.exit(1)


def give(value):
    """Library text back to the protocol: str as is (lone surrogates as base64 of their
    generalized UTF-8), bytes as text when they are UTF-8, else base64; an int (a port) as its
    digits; a value already in the protocol's {"b64": ...} form as it is."""
    # The common case first, in one test: an ASCII str (most components) is sent as it is.
    if type(value) is str and value.isascii():
        return value
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, dict) and isinstance(value.get("b64"), str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # ASCII (most components) has no lone surrogate: no need to encode it to find out.
        if value.isascii():
            return value
        try:
            value.encode("utf-8")
            return value
        except UnicodeEncodeError:
            value = value.encode("utf-8", "surrogatepass")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return {"b64": base64.b64encode(value).decode("ascii")}


def _text(value):
    """Free text (a message) as valid UTF-8: a lone surrogate becomes U+FFFD."""
    return str(value).encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def _pass_through(response):
    """A whole response a function returned (to answer "rejected" with the library's own code,
    say): its strings made wire-safe, the rest as given."""
    out = dict(response)
    components = out.get("components")
    if isinstance(components, dict):
        # Shipped workers give() each component already, and an ASCII str or None is what
        # give() returns unchanged: the components are copied only when one is not that.
        for v in components.values():
            if v is not None and not (type(v) is str and v.isascii()):
                out["components"] = {k: give(v) for k, v in components.items()}
                break
    for key in ("serialization", "value"):
        v = out.get(key, None)
        if v is not None and not (type(v) is str and v.isascii()) and not isinstance(v, bool):
            out[key] = give(v)
    if "message" in out:
        out["message"] = _text(out["message"])
    return out


def _accepted_parse(answer):
    parsed = answer if isinstance(answer, Parsed) else Parsed(answer)
    unknown = set(parsed.components) - set(COMPONENTS)
    if unknown:
        raise KeyError("not components of the protocol: %s" % sorted(unknown))
    out = {"outcome": "accepted",
           "components": {k: give(v) for k, v in parsed.components.items()}}
    if parsed.serialization is not None:
        out["serialization"] = give(parsed.serialization)
    if parsed.note is not None:
        out["note"] = parsed.note
    return out


def handshake(name, profile, version, operations, components, decides_validity, library, notes,
              coverage=None, coverage_total=None):
    h = {"protocol": PROTOCOL, "name": name, "version": str(version), "profile": profile,
         "operations": operations, "components": list(components),
         "decides_validity": bool(decides_validity), "notes": list(notes)}
    if library is not None:
        h["library"] = library
    if coverage is not None:
        h["coverage"] = coverage
        if coverage_total:
            h["coverage_total"] = coverage_total
    return h


# Each operation's fields, in the order its function takes them.
_FIELDS = {"parse": ("input",), "resolve": ("base", "input"),
           "normalize": ("input",), "equivalent": ("input", "other")}


def answer(request, ops, name, text_only=True):
    """The response (a dict) to one request (a dict)."""
    rid = request.get("id")
    op = request.get("op")
    if not isinstance(op, str):
        return {"id": rid, "outcome": "error", "message": 'a request needs an "op"'}
    fields = _FIELDS.get(op)
    if fields is None:
        return {"id": rid, "outcome": "error", "message": "unknown op %r" % op}
    fn = ops.get(op)
    if fn is None:
        return {"id": rid, "outcome": "unsupported", "message": "%s does not offer %s" % (name, op)}
    try:
        args = [_take(request.get(f), text_only) for f in fields]
    except _NotUtf8:
        return {"id": rid, "outcome": "rejected", "message": "input is not UTF-8",
                "code": "not-utf8", "offset": None}
    except Exception as e:  # a malformed request: the worker goes on
        return {"id": rid, "outcome": "error", "message": _text("%s: %s" % (op, e))}
    try:
        got = fn(*args)
        if isinstance(got, dict) and isinstance(got.get("outcome"), str):
            out = _pass_through(got)
        elif op == "parse":
            out = _accepted_parse(got)
        elif op == "equivalent":
            out = {"outcome": "accepted", "value": bool(got)}
        else:
            out = {"outcome": "accepted", "value": give(got)}
    except Rejected as r:  # the library's refusal is its answer
        out = {"outcome": "rejected", "message": _text(r.message),
               "code": None if r.code is None else _text(r.code), "offset": r.offset}
    except NoAnswer as n:
        out = {"outcome": "unsupported", "message": _text(n)}
    except Exception as e:  # the worker's own code failed: never the library's answer
        out = {"outcome": "crashed", "message": _text(
            "%s: %s (raised outside uridiff_worker.library())\n%s"
            % (type(e).__name__, e, traceback.format_exc().rstrip()))}
    out["id"] = rid
    return out


def _answer_with_coverage(request, ops, name, text_only):
    """answer(), and the ids of the library's lines it ran when the request asks for them (the
    text of the answer's "coverage" array; None when it does not ask)."""
    cov = _coverage
    if cov is None or request.get("coverage") is not True:
        return answer(request, ops, name, text_only), None
    cov.ready()
    cov.hits.clear()
    cov.wanted = True
    try:
        out = answer(request, ops, name, text_only)
    finally:
        cov.wanted = False
        if cov.depth:
            cov.depth = 0
            cov._off()
    return out, cov.take()


def serve(name, profile, version, parse=None, resolve=None, normalize=None, equivalent=None,
          components=COMPONENTS, decides_validity=True, library=None, notes=(), text_only=True,
          stdin=None, stdout=None, coverage_modules=None):
    """Answers uridiff's requests on stdin and stdout until the end of input (or `shutdown`).
    stdin is binary and has read1 (sys.stdin.buffer, an io.BytesIO); stdout takes str.
    resolve is called as resolve(base, reference). coverage_modules names the library's
    modules whose lines a request may ask for (see "Coverage" above)."""
    global _coverage
    _coverage = _Coverage(coverage_modules) if coverage_modules else None
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    ops = {k: v for k, v in (("parse", parse), ("resolve", resolve), ("normalize", normalize),
                             ("equivalent", equivalent)) if v is not None}
    offered = [op for op in ("parse", "resolve", "normalize", "equivalent") if op in ops]

    encode = _line_encoder()

    def line_of(obj, coverage=None):
        line = encode(obj)
        if coverage is not None:
            # The answer's ids, already JSON text: the last member of its object.
            return '%s,"coverage":[%s]}\n' % (line[:-1], coverage)
        return line + "\n"

    stdout.write(line_of(handshake(name, profile, version, offered, components, decides_validity,
                                   library, notes, "lines" if _coverage is not None else None,
                                   _coverage.total() if _coverage is not None else None)))
    stdout.flush()
    # What the pipe holds is read at once (read1: one read(2) at most, up to 64 KiB, as the
    # Ruby, Perl and Node.js SDKs read), every whole line of it answered, and the answers
    # written in one write and flushed before reading again: uridiff writes its requests in
    # blocks, and a flush per answer was a write(2) of its own, each waking uridiff's reader.
    # No answer waits for a later read.
    read = stdin.read1
    pending = b""
    while True:
        chunk = read(65536)
        if chunk:
            lines = (pending + chunk if pending else chunk).split(b"\n")
            pending = lines.pop()  # the start of a line a later read ends
            end = b"\n"
        else:
            # The end of input: a last line without its newline is a request too.
            lines = [pending] if pending else []
            end = b""
        answers = []
        try:
            for line in lines:
                if not line.strip():
                    continue
                try:
                    request = _request(line)
                except ValueError:
                    # The message says where the line went wrong, counted on the line as read,
                    # its newline too (a newline ending a string is "Invalid control
                    # character", not "Unterminated string"): made from the line so.
                    answers.append(line_of({"id": None, "outcome": "error",
                                            "message": _not_json(line + end)}))
                    continue
                if request.get("op") == "shutdown":
                    return
                answers.append(line_of(*_answer_with_coverage(request, ops, name, text_only)))
        finally:
            # The answers made are written even when this read's lines end in a shutdown (or
            # an exception leaves serve()): each request read before it is answered.
            if answers:
                stdout.write("".join(answers))
                stdout.flush()
        if not chunk:
            return


def _line_encoder():
    """A function from an answer to its JSON text, as json.JSONEncoder(ensure_ascii=False).encode
    gives it. One encoder serves every line: json.dumps with an option builds a new encoder per
    call, and JSONEncoder.encode builds a new C encoder per call too (JSONEncoder.iterencode), so
    where the json module has its C accelerator the C encoder is made once here. Without the
    circular-reference check: an answer is a tree of fresh dicts, and a cycle would still fail
    (RecursionError) rather than loop."""
    encoder = json.JSONEncoder(ensure_ascii=False)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return encoder.encode
    try:
        chunks = make(None, encoder.default, json.encoder.encode_basestring, None,
                      encoder.key_separator, encoder.item_separator, False, False, True)
    except TypeError:  # another Python's signature: the plain encoder
        return encoder.encode

    def encode(obj):
        return "".join(chunks(obj, 0))

    return encode


# The json module's scanner, made once: json.loads reaches it through two Python calls per line.
_scan = json.decoder.JSONDecoder().scan_once


def _request(line):
    """The request a line holds; ValueError when it is not JSON or not an object."""
    # A request line opens with '{"': json.loads would find its encoding UTF-8 and decode it so
    # (with surrogatepass, the json module's own choice); decoding it here spares that search
    # per line and gives the same object.
    if line[:2] == b'{"':
        text = line.decode("utf-8", "surrogatepass")
        try:
            request, end = _scan(text, 0)
        except StopIteration:
            end = -1
        if end != len(text):
            # Whitespace after the object, or a line that is not JSON: json.loads says which.
            request = json.loads(text)
    else:
        request = json.loads(line)
    if not isinstance(request, dict):
        raise ValueError("a request is a JSON object")
    return request


def _not_json(line):
    """The message answering a line (as read, its newline included) that is not a request."""
    try:
        _request(line)
    except ValueError as e:
        return _text("not JSON: %s" % e)
    # Never reached for a line serve() found wanting: its newline changes no JSON's meaning.
    return "not JSON"
