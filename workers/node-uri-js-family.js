#!/usr/bin/env node
// uridiff worker (protocol uridiff-worker/1, workers/README.md) for two npm packages with one
// API, the one named by its argument (`node node-uri-js-family.js fast-uri|uri-js`), the worker
// `node-<package>`:
// - `uri-js`, "an RFC 3986 compliant, scheme extendable URI parsing/validating/resolving
//   library" (its README);
// - `fast-uri`, the Fastify project's "Dependency-free RFC 3986 URI toolbox" (grown from uri-js,
//   its README's "Be 100% iso compatible with uri-js").
// Both claim RFC 3986 (profile rfc3986).
//
// parse = parse(input): it never throws but puts what it finds wrong in the result's `error`
// field, which is its verdict: a result with `error` is rejected (code "error", the message its
// text). Its components are read as the result holds them: a key that is undefined is none (null),
// the port a number (as text) or '' for an empty port, the host without the brackets of an IP
// literal (`parse("http://[::1]/").host` is "::1") and with an IPv6 zone id decoded, as the
// library gives it. The parse normalizes as it goes (the scheme and a reg-name lowercased,
// percent-encodings of unreserved characters decoded, characters that may not appear
// percent-encoded): that is its answer, and `serialization` is serialize(result).
// Its scheme handlers (http, https, ws, wss, mailto, urn, urn:uuid: "Scheme supports" in its
// README) reshape a result: where the result carries a handler's own fields (ws's
// resourceName, mailto's to/headers, urn's nid/nss), the path, query and fragment it left
// undefined are not reported (the key is left out), since the handler took them, and the path it
// kept is reported as it is.
// resolve = resolve(base, input), normalize = normalize(input), equivalent = equal(input,
// other); an exception is rejected. It takes text: a non-UTF-8 input is rejected with code
// "not-utf8".
'use strict';

const fs = require('node:fs');
const readline = require('node:readline');

// The package this worker calls: its argument, one of the two.
const LIBRARY = process.argv[2];
if (LIBRARY !== 'fast-uri' && LIBRARY !== 'uri-js') {
  fs.writeSync(2, `usage: node-uri-js-family.js fast-uri|uri-js (got ${LIBRARY})\n`);
  process.exit(2);
}

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

const [library, VERSION] = load(LIBRARY);

function handshake() {
  return {
    protocol: 'uridiff-worker/1',
    name: `node-${LIBRARY}`,
    version: VERSION,
    profile: 'rfc3986',
    operations: ['parse', 'resolve', 'normalize', 'equivalent'],
    components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
    decides_validity: true,
    library: `${LIBRARY} ${VERSION} (npm; Node.js ${process.version}): parse, resolve, normalize, equal`,
    notes: [
      'components are parse()\'s, normalized by it; host without the brackets of an IP literal',
      'a scheme handler\'s result (ws, mailto, urn) leaves out the path, query and fragment it took',
    ],
  };
}

// The fields a scheme handler puts in a result in place of the generic ones.
const HANDLER_FIELDS = ['resourceName', 'secure', 'to', 'headers', 'subject', 'body', 'nid', 'nss', 'uuid'];

function text(value) {
  return value === undefined || value === null ? null : String(value);
}

function parse(input) {
  const result = library.parse(input);
  if (result.error) {
    return { outcome: 'rejected', message: String(result.error), code: 'error', offset: null };
  }
  const reshaped = HANDLER_FIELDS.some((k) => result[k] !== undefined);
  const components = {
    scheme: text(result.scheme),
    userinfo: text(result.userinfo),
    host: text(result.host),
    port: text(result.port),
  };
  for (const key of ['path', 'query', 'fragment']) {
    if (result[key] !== undefined) components[key] = String(result[key]);
    else if (!reshaped) components[key] = null;
  }
  let serialization;
  try {
    serialization = library.serialize(result);
  } catch (_) {
    // A result its own serializer refuses has no serialization to report.
  }
  const response = { outcome: 'accepted', components };
  if (serialization !== undefined) response.serialization = serialization;
  return response;
}

const OPERATIONS = {
  parse,
  resolve: (base, input) => ({ outcome: 'accepted', value: library.resolve(base, input) }),
  normalize: (input) => ({ outcome: 'accepted', value: library.normalize(input) }),
  equivalent: (input, other) => ({ outcome: 'accepted', value: library.equal(input, other) }),
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
