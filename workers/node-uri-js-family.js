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
// resolve = resolve(base, input), normalize = normalize(input) (rejected where fast-uri gives a
// malformed input back unchanged, see `normalize`), equivalent = equal(input, other); an
// exception is rejected. It takes text: a non-UTF-8 input is rejected with code
// "not-utf8".
'use strict';

// The protocol's side, shared by every shipped Node.js worker (and offered to library
// maintainers): workers/sdk/uridiff_worker.js, written beside the workers in uridiff's cache.
const { serve, requirePackage, library: call } = require('./sdk/uridiff_worker.js');

// The package this worker calls: its argument, one of the two.
const LIBRARY = process.argv[2];
if (LIBRARY !== 'fast-uri' && LIBRARY !== 'uri-js') {
  require('node:fs').writeSync(2, `usage: node-uri-js-family.js fast-uri|uri-js (got ${LIBRARY})\n`);
  process.exit(2);
}

// The npm package, from uridiff's own packages folder (NODE_PATH, set by uridiff; installed by
// workers/install.sh from workers/node/package-lock.json). Missing, the worker says so and exits
// before its handshake, so uridiff lists it as unavailable with that line. Its own files load
// instrumented for a guided campaign's coverage (workers/README.md, "Coverage").
const [library, VERSION] = requirePackage(LIBRARY, { coverage: true });

// The fields a scheme handler puts in a result in place of the generic ones.
const HANDLER_FIELDS = ['resourceName', 'secure', 'to', 'headers', 'subject', 'body', 'nid', 'nss', 'uuid'];

function text(value) {
  return value === undefined || value === null ? null : String(value);
}

function parse(input) {
  // The library's calls are marked (call): a throw there is its answer; the rest is this
  // worker's.
  const result = call(() => library.parse(input));
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

// normalize(input). fast-uri's README: "Malformed authorities, out-of-range ports, and raw
// leading or trailing C0 controls or spaces ... are reported through the parsed component's
// `error` field. `normalize()` leaves these malformed string inputs unchanged, and `equal()`
// returns `false`" (the same for a malformed scheme, host or percent-encoding): the input given
// back unchanged while equal(input, input) is false is its answer "malformed", not a normal
// form, and is reported rejected with parse()'s error. uri-js has no such contract (its equal
// compares two serializations), so its normalize is always its answer.
function normalize(input) {
  const value = call(() => library.normalize(input));
  if (LIBRARY === 'fast-uri' && value === input && !call(() => library.equal(input, input))) {
    const message = String(call(() => library.parse(input)).error || 'URI is malformed.');
    return { outcome: 'rejected', message, code: 'malformed', offset: null };
  }
  return { outcome: 'accepted', value };
}

const OPERATIONS = {
  parse,
  resolve: (base, input) => ({ outcome: 'accepted', value: call(() => library.resolve(base, input)) }),
  normalize,
  equivalent: (input, other) => ({ outcome: 'accepted', value: call(() => library.equal(input, other)) }),
};

serve({
  name: `node-${LIBRARY}`,
  version: VERSION,
  profile: 'rfc3986',
  components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
  decidesValidity: true,
  library: `${LIBRARY} ${VERSION} (npm; Node.js ${process.version}): parse, resolve, normalize, equal`,
  notes: [
    'components are parse()\'s, normalized by it; host without the brackets of an IP literal',
    'a scheme handler\'s result (ws, mailto, urn) leaves out the path, query and fragment it took',
  ],
  ...OPERATIONS,
});
