// uridiff_worker: the worker side of uridiff's protocol (uridiff-worker/1, uridiff's
// workers/README.md) in one file, for a URI parser written in JavaScript. Copy this file next
// to your worker (it needs only Node.js) and write the parser's operations as functions:
//
//   const { serve } = require('./uridiff_worker');
//   const mylib = require('mylib');
//   serve({
//     name: 'mylib', profile: 'rfc3986', version: require('mylib/package.json').version,
//     parse: (text) => {                 // a thrown error is the library's answer: "rejected"
//       const u = mylib.parse(text);
//       return { scheme: u.scheme, host: u.host, path: u.path };
//     },
//   });
//
// and run `uridiff check --external mylib='node my_worker.js' --under-test mylib ...`.
//
// What the answers mean is uridiff's to judge:
// - a component that is null is undefined (RFC 3986 5.3: the input has no such component), ''
//   is empty, a key left out (or undefined) is not reported (not compared). A parse may return
//   { components, serialization, note } instead, to give the library's own serialization
//   (uridiff parses it again: the round trip) or a note such as 'undefined reported as empty';
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
'use strict';

const readline = require('node:readline');

const PROTOCOL = 'uridiff-worker/1';
const COMPONENTS = ['scheme', 'authority', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
const FIELDS = { parse: ['input'], resolve: ['base', 'input'], normalize: ['input'], equivalent: ['input', 'other'] };

class BadRequest extends Error {}
class NotUtf8 extends Error {}

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

// Library text back to the protocol: a number (a port) as its digits; a string with a lone
// surrogate (which JSON would write as an escape no UTF-8 reader takes) with U+FFFD in its place.
function give(value) {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  const s = String(value);
  return typeof s.toWellFormed === 'function' ? s.toWellFormed() : Buffer.from(s).toString();
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
  if (given.note) out.note = String(given.note);
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
  let got;
  try {
    got = fn(...args);
  } catch (error) {
    // The library's refusal is its answer.
    const code = error && (error.code || error.name);
    return { id, outcome: 'rejected', message: String(error && error.message), code: code ? String(code) : null, offset: null };
  }
  let out;
  if (op === 'parse') out = acceptedParse(got);
  else if (op === 'equivalent') out = { outcome: 'accepted', value: Boolean(got) };
  else out = { outcome: 'accepted', value: give(got) };
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
  const output = options.output || process.stdout;
  output.write(`${JSON.stringify(hello)}\n`);
  const lines = readline.createInterface({ input: options.input || process.stdin, crlfDelay: Infinity });
  let done = false;
  lines.on('line', (line) => {
    if (done || line.trim() === '') return;
    let request;
    try {
      request = JSON.parse(line);
      if (request === null || typeof request !== 'object' || Array.isArray(request)) throw new Error('a request is a JSON object');
    } catch (error) {
      output.write(`${JSON.stringify({ id: null, outcome: 'error', message: `not JSON: ${error.message}` })}\n`);
      return;
    }
    if (request.op === 'shutdown') {
      done = true;
      lines.close();
      return;
    }
    output.write(`${JSON.stringify(answer(request, ops, name))}\n`);
  });
  // At the end of input answers may still sit in stdout's queue (a write to a full pipe is
  // queued); process.exit would drop them, so exit from the callback of a last write.
  lines.on('close', () => output.write('', () => process.exit(0)));
}

module.exports = { serve, answer, COMPONENTS, PROTOCOL };
