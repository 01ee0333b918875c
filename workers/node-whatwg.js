#!/usr/bin/env node
// uridiff worker (protocol uridiff-worker/1, workers/README.md): Node.js's WHATWG `URL`.
//
// parse = new URL(input), resolve = new URL(input, base). The URL API reports '' for several
// things the URL record keeps apart: port '' is a null port (absent, or the scheme's default,
// which the parser drops), so it is reported as null; search '' and hash '' are an absent or an
// empty query/fragment, hostname '' is an empty or a null host, and username/password '' are
// empty credentials: those are reported as the API gives them, with the response note
// "undefined reported as empty". The URL Standard has no authority component. `URL` takes
// text: a non-UTF-8 input is rejected with code "not-utf8".
'use strict';

const readline = require('node:readline');

const EMPTY_NOTE = 'undefined reported as empty';

function handshake() {
  return {
    protocol: 'uridiff-worker/1',
    name: 'node-whatwg',
    version: process.versions.node,
    profile: 'whatwg-url',
    operations: ['parse', 'resolve'],
    components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
    decides_validity: true,
    library: `WHATWG URL (Node.js ${process.version}, ada ${process.versions.ada || 'n/a'})`,
    notes: [
      "port '' (absent or the scheme's default) is reported as null",
      "query, fragment and host: '' when absent or empty (the API cannot tell)",
    ],
  };
}

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
      throw new NotUtf8('not UTF-8; URL takes text');
    }
  }
  if (value === undefined) throw new BadRequest(`missing field ${JSON.stringify(name)}`);
  throw new BadRequest(`field ${JSON.stringify(name)}: a byte string is a string or {"b64": ...}`);
}

// "x:" -> "x"; "?q" -> "q"; "#f" -> "f"; '' stays '' (absent or empty, see the note).
function strip(prefixed, mark) {
  return prefixed.startsWith(mark) ? prefixed.slice(mark.length) : prefixed;
}

function parse(input) {
  const url = new URL(input);
  let userinfo = null;
  if (url.username !== '' || url.password !== '') {
    userinfo = url.password === '' ? url.username : `${url.username}:${url.password}`;
  }
  const components = {
    scheme: url.protocol.replace(/:$/, ''),
    userinfo,
    host: url.hostname,
    port: url.port === '' ? null : url.port,
    path: url.pathname,
    query: strip(url.search, '?'),
    fragment: strip(url.hash, '#'),
  };
  const response = { outcome: 'accepted', components, serialization: url.href };
  if (url.search === '' || url.hash === '' || url.hostname === '' || userinfo === null) {
    response.note = EMPTY_NOTE;
  }
  return response;
}

function resolve(base, input) {
  return { outcome: 'accepted', value: new URL(input, base).href };
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
      case 'parse': {
        const input = field(request, 'input');
        call = () => parse(input);
        break;
      }
      case 'resolve': {
        const base = field(request, 'base');
        const input = field(request, 'input');
        call = () => resolve(base, input);
        break;
      }
      case 'normalize':
      case 'equivalent':
        return [id, { outcome: 'unsupported', message: `URL offers no ${request.op}` }];
      default:
        throw new BadRequest(`unknown op ${JSON.stringify(request.op)}`);
    }
  } catch (error) {
    if (error instanceof NotUtf8) {
      return [id, { outcome: 'rejected', message: error.message, code: 'not-utf8' }];
    }
    return [id, { outcome: 'error', message: error.message }];
  }
  try {
    return [id, call()];
  } catch (error) {
    // Any library exception is the library's answer.
    const code = error && (error.code || error.name);
    return [id, { outcome: 'rejected', message: String(error && error.message), code: code || null }];
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
