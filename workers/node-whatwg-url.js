#!/usr/bin/env node
// uridiff worker (protocol uridiff-worker/1, workers/README.md): `whatwg-url` (npm), the URL
// Standard's reference implementation, judged against the WHATWG reference (profile whatwg-url).
//
// parse = parseURL(input), resolve = parseURL(input, { baseURL: parseURL(base) }): the package's
// "low-level URL Standard API", which returns the Standard's URL record ("URL representation")
// or null for failure (rejected, code "failure": the Standard's parser reports only failure; a
// base that fails is rejected the same way). The record keeps null apart from '' where the
// `URL` class's getters cannot: host, query and fragment are null when the record's are null;
// port is null when the record's is (absent, or the scheme's default, which the parser drops);
// userinfo is the username and, when the password is not empty, ":" and the password, null when
// both are empty (the Standard has no null username: an empty userinfo is none, as in
// `url.username`/`url.password`). The host is serializeHost(record.host): an IPv6 address in
// brackets, an IPv4 address dotted-decimal, as the `URL` class's `hostname` gives it. The path is
// serializePath(record) (an opaque path as is). The serialization is serializeURL(record), the
// `href`. The URL Standard has no authority component. The package takes text: a non-UTF-8 input
// is rejected with code "not-utf8".
'use strict';

const fs = require('node:fs');
const readline = require('node:readline');

const LIBRARY = 'whatwg-url';

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

const [whatwgUrl, VERSION] = load('whatwg-url');

function handshake() {
  return {
    protocol: 'uridiff-worker/1',
    name: 'node-whatwg-url',
    version: VERSION,
    profile: 'whatwg-url',
    operations: ['parse', 'resolve'],
    components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
    decides_validity: true,
    library: `whatwg-url ${VERSION} (npm; Node.js ${process.version}): parseURL, serializeURL`,
    notes: ['components are the URL record\'s: null where the record holds null'],
  };
}

class Failure extends Error {
  constructor(message) {
    super(message);
    this.code = 'failure';
  }
}

function record(input, baseURL) {
  const url = whatwgUrl.parseURL(input, baseURL === undefined ? undefined : { baseURL });
  if (url === null) throw new Failure('parseURL returned failure');
  return url;
}

function parse(input) {
  const url = record(input);
  const userinfo = url.username === '' && url.password === ''
    ? null
    : (url.password === '' ? url.username : `${url.username}:${url.password}`);
  return {
    outcome: 'accepted',
    components: {
      scheme: url.scheme,
      userinfo,
      host: url.host === null ? null : whatwgUrl.serializeHost(url.host),
      port: url.port === null ? null : String(url.port),
      path: whatwgUrl.serializePath(url),
      query: url.query,
      fragment: url.fragment,
    },
    serialization: whatwgUrl.serializeURL(url),
  };
}

function resolve(base, input) {
  return { outcome: 'accepted', value: whatwgUrl.serializeURL(record(input, record(base))) };
}

const OPERATIONS = { parse, resolve };

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
