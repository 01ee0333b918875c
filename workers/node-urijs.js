#!/usr/bin/env node
// uridiff worker (protocol uridiff-worker/1, workers/README.md): URI.js (npm `urijs`), a URL
// manipulation library; it follows no single standard (profile urijs, read against RFC 3986).
//
// parse = URI(input) (which throws where URI.js refuses, for example a port that is not a number
// in 0..65535), its components read from URI.parse(input), the documented static that returns
// the parts URI(input) holds, with null (or no key) for a part that is absent where the getters
// (`.query()`, `.fragment()`, ...) give ''. scheme is `protocol` as written (URI.js keeps its
// case); userinfo is `username` and, when there is a password, ':' and `password`, null when
// both are null; host is `hostname` as URI.js holds it: an IPv6 address without its brackets
// (as `.hostname()` gives it), a zone id as written; port, path, query and fragment as the parts
// hold them. URI.js drops an empty query's '?' and an empty fragment's '#' (`foo://a?` is
// `foo://a/`), so those are reported as it gives them: none. A URI without "//" after its scheme
// is one URI.js calls a URN (`.is("urn")`): its path is the text up to '?' or '#', as RFC 3986's
// path is, never the query with it. The serialization is `.href()`.
// resolve = URI(input).absoluteTo(base).href(); normalize = URI(input).normalize().href();
// equivalent = URI(input).equals(other). It takes text: a non-UTF-8 input is rejected with code
// "not-utf8".
'use strict';

const fs = require('node:fs');
const readline = require('node:readline');

const LIBRARY = 'URI.js';

// The npm package, from uridiff's own packages folder (NODE_PATH, set by uridiff; installed by
// workers/install.sh from workers/node/package-lock.json). Missing, the worker says so and exits
// before its handshake, so uridiff lists it as unavailable with that line.
function load(name) {
  try {
    return [require(name), require(`${name}/package.json`).version];
  } catch (error) {
    // fs.writeSync: the line is out before process.exit, whatever stderr is.
    fs.writeSync(2, `npm package ${name} not found (NODE_PATH=${process.env.NODE_PATH || ''}): ` +
      `${error.code || error.message}; workers/install.sh installs it\n`);
    process.exit(1);
  }
  return null;
}

const [URI, VERSION] = load('urijs');

function handshake() {
  return {
    protocol: 'uridiff-worker/1',
    name: 'node-urijs',
    version: VERSION,
    profile: 'urijs',
    operations: ['parse', 'resolve', 'normalize', 'equivalent'],
    components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
    decides_validity: false,
    library: `URI.js ${VERSION} (npm urijs; Node.js ${process.version}): URI(), absoluteTo, normalize, equals`,
    notes: [
      'host is URI.js\'s hostname: an IPv6 address without its brackets',
      "an empty query or fragment is none (URI.js drops '?' and '#' with nothing after them)",
    ],
  };
}

// A part as URI.parse holds it: undefined (no key) and null are none.
function part(value) {
  return value === undefined || value === null ? null : String(value);
}

function parse(input) {
  const href = URI(input).href();
  const parts = URI.parse(input);
  const username = part(parts.username);
  const password = part(parts.password);
  let userinfo = null;
  if (username !== null || password !== null) {
    userinfo = password === null ? username : `${username || ''}:${password}`;
  }
  return {
    outcome: 'accepted',
    components: {
      scheme: part(parts.protocol),
      userinfo,
      host: part(parts.hostname),
      port: part(parts.port),
      path: part(parts.path),
      query: part(parts.query),
      fragment: part(parts.fragment),
    },
    serialization: href,
  };
}

const OPERATIONS = {
  parse,
  resolve: (base, input) => ({ outcome: 'accepted', value: URI(input).absoluteTo(base).href() }),
  normalize: (input) => ({ outcome: 'accepted', value: URI(input).normalize().href() }),
  equivalent: (input, other) => ({ outcome: 'accepted', value: URI(input).equals(other) }),
};

class BadRequest extends Error {}
class NotUtf8 extends Error {}

// A protocol byte string as text: a JSON string as is, {"b64": ...} decoded as UTF-8.
function field(request, name) {
  const value = request[name];
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && typeof value.b64 === 'string') {
    // Buffer.from skips what is not base64; the protocol's form is checked first.
    if (value.b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value.b64)) {
      throw new BadRequest(`field ${JSON.stringify(name)}: bad base64`);
    }
    const bytes = Buffer.from(value.b64, 'base64');
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (_) {
      throw new NotUtf8(`not UTF-8; ${LIBRARY} takes text`);
    }
  }
  if (value === undefined) throw new BadRequest(`missing field ${JSON.stringify(name)}`);
  throw new BadRequest(`field ${JSON.stringify(name)}: a byte string is a string or {"b64": ...}`);
}

// A library string as a protocol byte string. A JavaScript string is UTF-16: one holding a
// lone surrogate (a library that percent-decodes can make one) has no UTF-8 form, so it goes as
// {"b64": ...} of its generalized UTF-8 (each lone surrogate as the three bytes ED xx xx), never
// as a lone "\uD800" escape (workers/README.md, "Valid UTF-8 JSON").
function wire(s) {
  if (typeof s !== 'string' || s.isWellFormed()) return s;
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

// Every string of a response through wire().
function wired(response) {
  const out = { ...response };
  if (out.components) {
    out.components = Object.fromEntries(Object.entries(out.components).map(([k, v]) => [k, wire(v)]));
  }
  if ('serialization' in out) out.serialization = wire(out.serialization);
  if (typeof out.value === 'string') out.value = wire(out.value);
  if (typeof out.message === 'string') out.message = out.message.toWellFormed();
  return out;
}

// One request line to [id, response without the id]; response null for shutdown.
function handle(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return [null, { outcome: 'error', message: `not JSON: ${error.message}` }];
  }
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    return [null, { outcome: 'error', message: 'a request is a JSON object' }];
  }
  const id = request.id === undefined ? null : request.id;
  let call;
  try {
    switch (request.op) {
      case 'shutdown':
        return [id, null];
      case 'parse':
      case 'normalize': {
        const input = field(request, 'input');
        const op = OPERATIONS[request.op];
        if (!op) return [id, { outcome: 'unsupported', message: `${LIBRARY} offers no ${request.op}` }];
        call = () => op(input);
        break;
      }
      case 'resolve': {
        const base = field(request, 'base');
        const input = field(request, 'input');
        call = () => OPERATIONS.resolve(base, input);
        break;
      }
      case 'equivalent': {
        const input = field(request, 'input');
        const other = field(request, 'other');
        if (!OPERATIONS.equivalent) {
          return [id, { outcome: 'unsupported', message: `${LIBRARY} offers no equivalent` }];
        }
        call = () => OPERATIONS.equivalent(input, other);
        break;
      }
      default:
        throw new BadRequest(`unknown op ${JSON.stringify(request.op)}`);
    }
  } catch (error) {
    if (error instanceof NotUtf8) {
      return [id, { outcome: 'rejected', message: error.message, code: 'not-utf8', offset: null }];
    }
    return [id, { outcome: 'error', message: error.message }];
  }
  try {
    return [id, wired(call())];
  } catch (error) {
    // Any library exception is the library's answer.
    const code = error && (error.code || error.name);
    const message = String(error && error.message).toWellFormed();
    return [id, { outcome: 'rejected', message, code: code || null, offset: null }];
  }
}

process.stdout.write(`${JSON.stringify(handshake())}\n`);
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
let done = false;
lines.on('line', (line) => {
  // readline may still hand over lines it had read before a shutdown.
  if (done || line.trim() === '') return;
  const [id, response] = handle(line);
  if (response === null) {
    done = true;
    lines.close();
    return;
  }
  process.stdout.write(`${JSON.stringify({ id, ...response })}\n`);
});
// Requests may be pipelined: at the end of input (or a shutdown) answers can still sit in
// stdout's queue, since a write to a full pipe is queued. process.exit drops that queue, so
// exit only from the callback of a last (empty) write: writes complete in order.
lines.on('close', () => process.stdout.write('', () => process.exit(0)));
