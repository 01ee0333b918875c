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

// The protocol's side, shared by every shipped Node.js worker (and offered to library
// maintainers): workers/sdk/uridiff_worker.js, written beside the workers in uridiff's cache.
const {
  serve, requirePackage, library, Rejected,
} = require('./sdk/uridiff_worker.js');


// The npm package, from uridiff's own packages folder (NODE_PATH, set by uridiff; installed by
// workers/install.sh from workers/node/package-lock.json). Missing, the worker says so and exits
// before its handshake, so uridiff lists it as unavailable with that line. Its own files load
// instrumented for a guided campaign's coverage (workers/README.md, "Coverage").
const [whatwgUrl, VERSION] = requirePackage('whatwg-url', { coverage: true });

// parseURL returns null for failure: the library's refusal, given as a value.
function record(input, baseURL) {
  const url = library(() => whatwgUrl.parseURL(input, baseURL === undefined ? undefined : { baseURL }));
  if (url === null) throw new Rejected('parseURL returned failure', { code: 'failure' });
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
      host: url.host === null ? null : library(() => whatwgUrl.serializeHost(url.host)),
      port: url.port === null ? null : String(url.port),
      path: library(() => whatwgUrl.serializePath(url)),
      query: url.query,
      fragment: url.fragment,
    },
    serialization: library(() => whatwgUrl.serializeURL(url)),
  };
}

function resolve(base, input) {
  const resolved = record(input, record(base));
  return { outcome: 'accepted', value: library(() => whatwgUrl.serializeURL(resolved)) };
}

const OPERATIONS = { parse, resolve };

serve({
  name: 'node-whatwg-url',
  version: VERSION,
  profile: 'whatwg-url',
  components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
  decidesValidity: true,
  library: `whatwg-url ${VERSION} (npm; Node.js ${process.version}): parseURL, serializeURL`,
  notes: ['components are the URL record\'s: null where the record holds null'],
  ...OPERATIONS,
});
