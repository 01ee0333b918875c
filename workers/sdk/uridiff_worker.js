// uridiff_worker: the worker side of uridiff's protocol (uridiff-worker/1, uridiff's
// workers/README.md) in one file, for a URI parser written in JavaScript. Copy this file next
// to your worker (it needs only Node.js) and write the parser's operations as functions:
//
//   const { serve, library } = require('./uridiff_worker');
//   const mylib = require('mylib');
//   serve({
//     name: 'mylib', profile: 'rfc3986', version: require('mylib/package.json').version,
//     parse: (text) => {
//       const u = library(() => mylib.parse(text)); // a throw in here is the library's: "rejected"
//       return { scheme: u.scheme, host: u.host, path: u.path };
//     },
//   });
//
// and run `uridiff check --external mylib='node my_worker.js' --under-test mylib ...`.
//
// The library's call is marked, and only an error thrown inside the mark is the library's
// answer, `rejected` (its code or name is the code): `library(() => ...)` returns what the
// function returns. Any other throw (a TypeError of the worker's own code, a property another
// version of the library lacks) is the worker's failure: answered `crashed` with its stack,
// which uridiff reports as a crash of the worker (class `crash-worker`), never as the library
// refusing the input. A worker may also throw new Rejected(message, { code, offset }) for a
// refusal it reads from the library's result (an `error` field, a `null` the library documents
// as failure), and new NoAnswer(message) where the library has no answer for this input (an
// operation it offers for some inputs only): answered `unsupported`, never judged.
//
// What the answers mean is uridiff's to judge:
// - a component that is null is undefined (RFC 3986 5.3: the input has no such component), ''
//   is empty, a key left out (or undefined) is not reported (not compared). A parse may return
//   { components, serialization, note } instead, to give the library's own serialization
//   (uridiff parses it again: the round trip) or a note such as 'undefined reported as empty';
//   any function may also return a whole response ({ outcome: 'rejected', message, code,
//   offset }, say), sent as it is with its strings made wire-safe;
// - decidesValidity: true says the library means to tell valid references from invalid ones,
//   so uridiff compares its refusals with the reference's; a splitter that takes nearly
//   anything says false and is compared on what it accepts only;
// - the name must be the NAME of `--external NAME=COMMAND`, and the profile one of uridiff's
//   known profiles (`uridiff parsers` lists them: rfc3986 for an RFC 3986 parser, whatwg-url
//   for a WHATWG URL parser); an unknown one is refused with the list.
//
// Functions get text; an input that is not UTF-8 is answered `rejected` with code `not-utf8`.
// resolve is called as resolve(base, reference). Requests may be pipelined: they are answered
// in order, and every request read is answered before the end of input ends the worker.
// requirePackage(name) loads an npm package with its version, or explains on stderr why not.
// uridiff's own shipped workers are written with this file too.
//
// Coverage (workers/README.md, "Coverage"): requirePackage(name, { coverage: true }) loads the
// package's own files with a probe before each statement their functions run (through
// @babel/core, when NODE_PATH has it; else the package loads as it is and the worker declares no
// coverage), and serve() then declares `"coverage": "statements"`: a request that asks
// (`"coverage": true`) is answered with the ids of the package's statements that answer ran. Call it before anything else
// loads the package: a file already loaded is not instrumented again.
'use strict';

const readline = require('node:readline');

const PROTOCOL = 'uridiff-worker/1';
const COMPONENTS = ['scheme', 'authority', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
const FIELDS = { parse: ['input'], resolve: ['base', 'input'], normalize: ['input'], equivalent: ['input', 'other'] };

class BadRequest extends Error {}
class NotUtf8 extends Error {}

// The library refused the input: its answer, sent as `rejected`. library() throws it for an
// error of the library's call; a worker throws it for a refusal the library gives as a value.
class Rejected extends Error {
  constructor(message, { code = null, offset = null } = {}) {
    super(message);
    this.name = 'Rejected';
    this.code = code;
    this.offset = offset;
  }
}

// The library has no answer for this input (an operation it offers for some inputs only): sent
// as `unsupported`, which uridiff never judges, unlike a rejection.
class NoAnswer extends Error {}

// Marks the library's call: what fn() throws is the library refusing the input (`rejected`,
// with the error's code or name as the code); a throw anywhere else in a worker's function is
// the worker's own failure (`crashed`). Returns what fn returns.
function library(fn) {
  try {
    return fn();
  } catch (error) {
    if (error instanceof Rejected || error instanceof NoAnswer) throw error;
    const code = error && (error.code || error.name);
    throw new Rejected(text(error && error.message), { code: code ? String(code) : null });
  }
}

function take(request, name) {
  const value = request[name];
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && typeof value.b64 === 'string') {
    if (value.b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value.b64)) {
      throw new BadRequest(`field ${JSON.stringify(name)}: bad base64`);
    }
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value.b64, 'base64'));
    } catch (_) {
      throw new NotUtf8('input is not UTF-8');
    }
  }
  if (value === undefined) throw new BadRequest(`missing field ${JSON.stringify(name)}`);
  throw new BadRequest(`field ${JSON.stringify(name)}: a byte string is a string or {"b64": ...}`);
}

// A lone surrogate of a UTF-16 string (no UTF-8 form: JSON would write an escape no UTF-8
// reader takes). String.prototype.isWellFormed is Node.js 20's; this works on 18 too.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// String.prototype.isWellFormed (Node.js 20; ECMAScript 2024, "Well-Formed Unicode Strings")
// says what LONE_SURROGATE finds, without a regular expression's run over each string.
const WELL_FORMED = typeof String.prototype.isWellFormed === 'function';
function hasLoneSurrogate(s) {
  LONE_SURROGATE.lastIndex = 0;
  return LONE_SURROGATE.test(s);
}

// Library text back to the protocol: a number (a port) as its digits; a string holding a lone
// surrogate (a library that percent-decodes can make one) as {"b64": ...} of its generalized
// UTF-8 (each lone surrogate as the three bytes ED xx xx), so what the library gave reaches
// uridiff unchanged (workers/README.md, "Valid UTF-8 JSON").
function give(value) {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (typeof value === 'object' && typeof value.b64 === 'string') return value;
  const s = String(value);
  if (WELL_FORMED ? s.isWellFormed() : !hasLoneSurrogate(s)) return s;
  const bytes = [];
  for (let i = 0; i < s.length; i += 1) {
    const cp = s.codePointAt(i);
    if (cp > 0xffff) i += 1;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return { b64: Buffer.from(bytes).toString('base64') };
}

// Free text (a message) as valid UTF-8: a lone surrogate becomes U+FFFD.
function text(value) {
  return String(value).replace(LONE_SURROGATE, '\uFFFD');
}

// A full response a function may return instead (to answer "rejected" with the library's own
// code and offset, say): its strings made wire-safe, the rest as given.
function passThrough(response) {
  const out = { ...response };
  const given = out.components;
  if (given && typeof given === 'object') {
    // A plain loop: the same keys in the same order as Object.entries gives them, without an
    // array of pairs for each answer.
    const components = {};
    for (const k of Object.keys(given)) components[k] = give(given[k]);
    out.components = components;
  }
  if ('serialization' in out) out.serialization = give(out.serialization);
  if (typeof out.value === 'string') out.value = give(out.value);
  if (out.message !== undefined) out.message = text(out.message);
  return out;
}


// Coverage of the library's own code: the files under the folders given to coverFolder() load
// with a probe compiled in before each statement their functions run, `__uridiff_probes__[N] =
// 1;`, a one-byte store into one Uint8Array (a Babel plugin, through @babel/core, inserts them).
// Measured first: V8's precise coverage through the inspector costs 1.1-1.7 ms a
// takePreciseCoverage against a 30 µs parse, as it walks every function of the isolate; the
// counters of istanbul-lib-instrument (the instrumenter of istanbuljs/nyc, a function call and an
// increment per statement and branch arm) cost fast-uri 2.2x with coverage not even asked. A
// probe is a store; taking a request's ids is a walk over the bytes of the files loaded.
const PROBES_VAR = '__uridiff_probes__';
// The most probes the worker holds (bytes of the array): past it, statements get none.
const MAX_PROBES = 1 << 20;
const covered = {
  folders: [], babel: null, asked: false, ids: [], hits: null, places: new Map(), files: [],
  own: undefined, babelVersion: null,
};

// Instruments every file loaded from now on under `folder` (a package's folder). False when
// @babel/core cannot be found: the files then load as they are. Babel itself is loaded only for
// a file whose instrumented code is not kept already (see withProbes).
function coverFolder(folder) {
  if (covered.hits === null) {
    try {
      require.resolve('@babel/core');
    } catch (_) {
      return false;
    }
    covered.hits = new Uint8Array(MAX_PROBES);
    globalThis[PROBES_VAR] = covered.hits;
    const Module = require('node:module');
    const fs = require('node:fs');
    const plain = Module._extensions['.js'];
    // The loader of `.js` files, wrapped: a file of a covered folder is compiled with probes.
    Module._extensions['.js'] = function load(module, filename) {
      if (!covered.folders.some((f) => filename.startsWith(f))) return plain(module, filename);
      let code;
      try {
        code = withProbes(fs.readFileSync(filename, 'utf8'), filename);
      } catch (_) {
        return plain(module, filename); // a file Babel cannot read loads as it is, unseen
      }
      return module._compile(code, filename);
    };
  }
  const path = require('node:path');
  covered.folders.push(path.resolve(folder) + path.sep);
  listFiles(path.resolve(folder));
  return true;
}

// Each covered file's place, in the sorted list of the `.js` and `.cjs` files under the covered
// folders (each folder's files after the folders covered before it): its ids are its place
// times 2^16 plus its probe's number, the same in every run of the same version whatever order
// files load in, and short on the wire (a few digits, where an answer carries hundreds of ids).
const PROBES_PER_FILE = 1 << 16;
function listFiles(folder) {
  const fs = require('node:fs');
  const path = require('node:path');
  const found = [];
  const walk = (dir) => {
    let entries = [];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (_) {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.c?js$/.test(e.name)) found.push(full);
    }
  };
  walk(folder);
  found.sort();
  for (const f of found) if (!covered.places.has(f)) covered.places.set(f, covered.places.size);
}

function fileBlock(filename) {
  if (!covered.places.has(filename)) covered.places.set(filename, covered.places.size);
  return covered.places.get(filename) * PROBES_PER_FILE;
}

// The file's code with a probe before each statement a function runs (not the module's own
// top-level code, which runs once at load, nor declarations, which run nothing): in each list
// of statements (a block, a switch case), and as a block around a lone statement that is an
// `if` arm or a loop's body, so that each arm has one. Probe k of the file is the worker's
// probe covered.ids.length + k, its id the file's block plus k. Lines are kept (retainLines), so
// stack traces point where they did.
//
// The instrumented code is kept in a folder beside this file, `coverage-cache` (where it can be
// written; nothing is kept elsewhere), named by a hash of all it depends on: this file's source
// (the instrumenter), Babel's version, the file's name, code, block and first probe. Loading
// @babel/core and transforming a package cost a worker 0.4 to 0.8 CPU s at each start (node-urijs
// 0.8 s, against 0.05 s for its start without coverage); a start that finds every file kept
// loads no Babel, and gets the same code and the same ids.
function withProbes(code, filename) {
  const block = fileBlock(filename);
  const first = covered.ids.length;
  const key = cacheKey(code, filename, block, first);
  const kept = key === null ? null : readKept(key);
  if (kept !== null) {
    for (let k = 0; k < kept.count; k += 1) covered.ids.push(block + k);
    covered.files.push({ block, first, end: covered.ids.length });
    covered.files.sort((a, b) => a.block - b.block);
    return kept.code;
  }
  if (covered.babel === null) covered.babel = require('@babel/core');
  const { types: t } = covered.babel;
  const probe = () => {
    const n = covered.ids.length;
    if (n >= MAX_PROBES || n - first >= PROBES_PER_FILE) return null;
    covered.ids.push(block + (n - first));
    return t.expressionStatement(t.assignmentExpression('=',
      t.memberExpression(t.identifier(PROBES_VAR), t.numericLiteral(n), true), t.numericLiteral(1)));
  };
  const runs = (p) => !p.isFunctionDeclaration() && !p.isClassDeclaration() && !p.isEmptyStatement();
  const plugin = () => ({
    visitor: {
      Statement: {
        exit(p) {
          if (!p.getFunctionParent() || p.node._probed) return;
          p.node._probed = true;
          if ((p.listKey === 'body' || p.listKey === 'consequent') && runs(p)) {
            const mark = probe();
            if (mark) { mark._probed = true; p.insertBefore(mark); }
          } else if (!p.listKey && !p.isBlockStatement() && runs(p)
                     && ['consequent', 'alternate', 'body'].includes(p.key)
                     && (p.parentPath.isIfStatement() || p.parentPath.isLoop())) {
            const mark = probe();
            if (mark) {
              mark._probed = true;
              const own = t.blockStatement([mark, p.node]);
              own._probed = true;
              p.replaceWith(own);
            }
          }
        },
      },
    },
  });
  const out = covered.babel.transformSync(code, {
    filename, plugins: [plugin], babelrc: false, configFile: false, compact: false,
    retainLines: true, sourceType: 'unambiguous', comments: true,
  }).code;
  // The file's probes, kept in the order of the files' places: taken so, they give ascending ids.
  covered.files.push({ block, first, end: covered.ids.length });
  covered.files.sort((a, b) => a.block - b.block);
  if (key !== null) keep(key, covered.ids.length - first, out);
  return out;
}

const KEPT = require('node:path').join(__dirname, 'coverage-cache');

// The name instrumented code is kept under, or null when Babel's version cannot be read.
function cacheKey(code, filename, block, first) {
  try {
    const fs = require('node:fs');
    if (covered.own === undefined) {
      covered.own = fs.readFileSync(__filename, 'utf8');
      covered.babelVersion = require('@babel/core/package.json').version;
    }
    const hash = require('node:crypto').createHash('sha256');
    for (const part of [covered.own, covered.babelVersion, filename, String(block), String(first), code]) {
      hash.update(`${Buffer.byteLength(part)}:`).update(part);
    }
    return hash.digest('hex');
  } catch (_) {
    return null;
  }
}

// Kept code: its probe count on the first line, the code after it. Null when not kept.
function readKept(key) {
  let text;
  try {
    text = require('node:fs').readFileSync(require('node:path').join(KEPT, `${key}.js`), 'utf8');
  } catch (_) {
    return null;
  }
  const newline = text.indexOf('\n');
  const count = Number(text.slice(0, newline));
  if (newline < 0 || !Number.isSafeInteger(count) || count < 0) return null;
  return { count, code: text.slice(newline + 1) };
}

// Keeps instrumented code, written whole under another name and then renamed (rename(2) is
// atomic: a worker starting at the same time reads the old file or the new one, never a part).
function keep(key, count, code) {
  const fs = require('node:fs');
  const path = require('node:path');
  const partial = path.join(KEPT, `${key}.${process.pid}.partial`);
  try {
    fs.mkdirSync(KEPT, { recursive: true, mode: 0o700 });
    fs.writeFileSync(partial, `${count}\n${code}`, { mode: 0o600 });
    fs.renameSync(partial, path.join(KEPT, `${key}.js`));
  } catch (_) {
    try { fs.unlinkSync(partial); } catch (__) { /* nothing was written */ }
  }
}

// The ids of the statements run since the last take, ascending (as the other SDKs send them),
// and every probe zeroed.
function takeCoverage() {
  const { hits, ids } = covered;
  const out = [];
  for (const { first, end } of covered.files) {
    for (let k = first; k < end; k += 1) {
      if (hits[k] !== 0) {
        out.push(ids[k]);
        hits[k] = 0;
      }
    }
  }
  return out;
}

// How many ids takeCoverage() can give over the files loaded so far: their probes. The
// handshake's `coverage_total`.
function coverageTotal() {
  return covered.ids.length;
}

// answer(), with the coverage the request asks for: counters zeroed first when the request before
// did not ask (what ran for it is no answer's), taken after.
function answerWithCoverage(request, ops, name) {
  if (covered.folders.length === 0 || request.coverage !== true) {
    covered.asked = false;
    return answer(request, ops, name);
  }
  if (!covered.asked) takeCoverage();
  covered.asked = true;
  const out = answer(request, ops, name);
  out.coverage = takeCoverage();
  return out;
}

// An npm package and its version, for a worker calling one: [module, version]. Missing or
// failing to load, the worker says why on stderr and exits before its handshake, so uridiff
// lists it as unavailable with that line. With { coverage: true } its own files (not its
// dependencies') load instrumented for coverage (see coverFolder).
function requirePackage(name, { coverage = false } = {}) {
  let version = null;
  try {
    version = require(`${name}/package.json`).version;
    if (coverage) {
      const path = require('node:path');
      coverFolder(path.dirname(require.resolve(`${name}/package.json`)));
    }
    return [require(name), version];
  } catch (error) {
    const where = `NODE_PATH=${process.env.NODE_PATH || ''}`;
    // `missing: ` heads the line: uridiff gives it as the reason (workers/README.md, "Set-up").
    let why = `missing: npm package ${name} not found (${where}): ${error.code || error.message}`;
    if (version !== null) {
      let engines = '';
      try {
        const wanted = require(`${name}/package.json`).engines;
        if (wanted && wanted.node) engines = `; it asks for Node.js ${wanted.node}`;
      } catch (_) { /* the version was read: the file is there */ }
      why = `missing: npm package ${name} ${version} (${where}) fails to load on Node.js ` +
        `${process.version}: ${text(error.message)}${engines}`;
    }
    // fs.writeSync: the line is out before process.exit, whatever stderr is.
    require('node:fs').writeSync(2, `${why}\n`);
    process.exit(1);
  }
  return null;
}

function acceptedParse(answer) {
  const given = answer && typeof answer.components === 'object' && answer.components !== null
    ? answer : { components: answer };
  const components = {};
  for (const [k, v] of Object.entries(given.components || {})) {
    if (!COMPONENTS.includes(k)) throw new Error(`${k} is not a component of the protocol`);
    if (v !== undefined) components[k] = give(v);
  }
  const out = { outcome: 'accepted', components };
  if (given.serialization !== undefined && given.serialization !== null) {
    out.serialization = give(given.serialization);
  }
  if (given.note) out.note = text(given.note);
  return out;
}

// The response to one request (an object).
function answer(request, ops, name) {
  const id = request.id === undefined ? null : request.id;
  const op = request.op;
  if (typeof op !== 'string') return { id, outcome: 'error', message: 'a request needs an "op"' };
  if (!FIELDS[op]) return { id, outcome: 'error', message: `unknown op ${JSON.stringify(op)}` };
  const fn = ops[op];
  if (typeof fn !== 'function') return { id, outcome: 'unsupported', message: `${name} does not offer ${op}` };
  let args;
  try {
    args = FIELDS[op].map((f) => take(request, f));
  } catch (error) {
    if (error instanceof NotUtf8) {
      return { id, outcome: 'rejected', message: error.message, code: 'not-utf8', offset: null };
    }
    return { id, outcome: 'error', message: `${op}: ${error.message}` };
  }
  let out;
  try {
    const got = fn(...args);
    if (got !== null && typeof got === 'object' && typeof got.outcome === 'string') out = passThrough(got);
    else if (op === 'parse') out = acceptedParse(got);
    else if (op === 'equivalent') out = { outcome: 'accepted', value: Boolean(got) };
    else out = { outcome: 'accepted', value: give(got) };
  } catch (error) {
    if (error instanceof Rejected) {
      // The library's refusal is its answer.
      out = {
        outcome: 'rejected',
        message: text(error.message),
        code: error.code === null || error.code === undefined ? null : text(error.code),
        offset: Number.isInteger(error.offset) ? error.offset : null,
      };
    } else if (error instanceof NoAnswer) {
      out = { outcome: 'unsupported', message: text(error.message) };
    } else {
      // The worker's own code failed: never the library's answer.
      const what = error instanceof Error ? (error.stack || `${error.name}: ${error.message}`) : `thrown: ${String(error)}`;
      out = {
        outcome: 'crashed',
        message: text(`${what}\n(thrown outside library())`),
      };
    }
  }
  return { id, ...out };
}

// Answers uridiff's requests on stdin and stdout until the end of input (or `shutdown`).
function serve(options) {
  const { name, profile, version } = options;
  const ops = {};
  for (const op of Object.keys(FIELDS)) if (typeof options[op] === 'function') ops[op] = options[op];
  const hello = {
    protocol: PROTOCOL,
    name,
    version: String(version),
    profile,
    operations: Object.keys(FIELDS).filter((op) => op in ops),
    components: options.components || COMPONENTS,
    decides_validity: options.decidesValidity !== false,
    notes: options.notes || [],
  };
  if (options.library) hello.library = options.library;
  if (covered.folders.length > 0) {
    hello.coverage = 'statements';
    const total = coverageTotal();
    if (total > 0) hello.coverage_total = total;
  }
  const output = options.output || process.stdout;
  output.write(`${JSON.stringify(hello)}\n`);
  // The answers to the lines of one read are written together, once readline has given them
  // all (it emits a read's lines one after another, in one call; the tick queued by the first
  // answer runs after it): uridiff writes its requests in blocks (feeder.rs), and a write to a
  // pipe is a system call of its own for each answer otherwise (Node.js's process.stdout is
  // synchronous on pipes on Linux: "A note on process I/O", Node.js's process documentation).
  // No answer waits for the next read.
  let pending = [];
  const flush = () => {
    if (pending.length === 0) return;
    const block = pending.join('');
    pending = [];
    output.write(block);
  };
  const emit = (response) => {
    if (pending.length === 0) process.nextTick(flush);
    pending.push(`${JSON.stringify(response)}\n`);
  };
  const lines = readline.createInterface({ input: options.input || process.stdin, crlfDelay: Infinity });
  let done = false;
  lines.on('line', (line) => {
    if (done || line.trim() === '') return;
    let request;
    try {
      request = JSON.parse(line);
      if (request === null || typeof request !== 'object' || Array.isArray(request)) throw new Error('a request is a JSON object');
    } catch (error) {
      emit({ id: null, outcome: 'error', message: `not JSON: ${error.message}` });
      return;
    }
    if (request.op === 'shutdown') {
      done = true;
      lines.close();
      return;
    }
    emit(answerWithCoverage(request, ops, name));
  });
  // At the end of input answers may still sit in stdout's queue (a write to a full pipe is
  // queued); process.exit would drop them, so exit from the callback of a last write.
  lines.on('close', () => {
    flush();
    output.write('', () => process.exit(0));
  });
}

module.exports = {
  serve, answer, give, library, Rejected, NoAnswer, requirePackage, coverFolder, COMPONENTS,
  PROTOCOL,
};
