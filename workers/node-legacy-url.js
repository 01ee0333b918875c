#!/usr/bin/env node
// uridiff worker (protocol uridiff-worker/1, workers/README.md): Node.js's legacy `url.parse`
// and `url.resolve` (deprecated by Node, still widely called; it follows no standard).
//
// url.parse keeps null (absent) apart from '' (empty), so components are reported as it gives
// them: protocol without its ':', auth (which it percent-decodes), the host (lowercased), port,
// pathname, search without '?', hash without '#'. The host: url.parse's `hostname` drops the
// brackets of an IPv6 literal, while its `host` keeps them and adds ":" and the port (Node's
// url docs: "urlObject.host: the full lower-cased host portion of the URL, including the port
// if specified"); the worker reports `host` without the ":port" url.parse put there, so the
// brackets stay as the library holds them ("[::1]" for "http://[::1]:80/"). It is called with its defaults (no query
// object, "//" not taken as a host without a scheme). It rejects little (Node throws
// ERR_INVALID_URL for some hosts and ports) and warns on stderr about the rest (DEP0169/0170).
// It takes text: a non-UTF-8 input is rejected with code "not-utf8".
'use strict';

const legacy = require('node:url');
const readline = require('node:readline');

function handshake() {
  return {
    protocol: 'uridiff-worker/1',
    name: 'node-legacy-url',
    version: process.versions.node,
    profile: 'node-legacy-url',
    operations: ['parse', 'resolve'],
    components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
    decides_validity: false,
    library: `url.parse (Node.js ${process.version})`,
    notes: [
      'userinfo is url.parse\'s auth, percent-decoded by the library',
      'host is url.parse\'s host without its port: lowercased, IPv6 brackets kept',
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
      throw new NotUtf8('not UTF-8; url.parse takes text');
    }
  }
  if (value === undefined) throw new BadRequest(`missing field ${JSON.stringify(name)}`);
  throw new BadRequest(`field ${JSON.stringify(name)}: a byte string is a string or {"b64": ...}`);
}

// "?q" -> "q", "#f" -> "f", null stays null (url.parse keeps absent as null).
function strip(prefixed, mark) {
  if (prefixed === null || prefixed === undefined) return null;
  return prefixed.startsWith(mark) ? prefixed.slice(mark.length) : prefixed;
}

// url.parse's `host` without the ':' and port it appended (see the head of this file).
function host(url) {
  if (url.host === null || url.port === null) return url.host;
  const suffix = `:${url.port}`;
  return url.host.endsWith(suffix) ? url.host.slice(0, -suffix.length) : url.host;
}

function parse(input) {
  const url = legacy.parse(input);
  return {
    outcome: 'accepted',
    components: {
      scheme: url.protocol === null ? null : url.protocol.replace(/:$/, ''),
      userinfo: url.auth,
      host: host(url),
      port: url.port,
      path: url.pathname,
      query: strip(url.search, '?'),
      fragment: strip(url.hash, '#'),
    },
    serialization: url.href,
  };
}

function resolve(base, input) {
  return { outcome: 'accepted', value: legacy.resolve(base, input) };
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
        return [id, { outcome: 'unsupported', message: `url.parse offers no ${request.op}` }];
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
