#!/usr/bin/env node
// uridiff worker (protocol uridiff-worker/1, workers/README.md): `url-parse` (npm), a small
// string-chopping URL parser with the properties of Node's `url` and the browser's `URL`; it
// follows no single standard (profile url-parse, read against RFC 3986).
//
// parse = new Url(input, {}), resolve = new Url(input, base).href. The empty location object
// `{}` is what its README says to pass to parse "independently of the browser's current URL"
// (in Node.js no location is used either way). Its properties give '' for what is absent, and the
// worker reads them as follows:
// - scheme: `protocol` without its ':'; '' (none) is null.
// - userinfo: `auth` ("username:password"); '' is null: url-parse drops an empty userinfo and
//   its '@' (`foo://@a` has auth '' and href `foo://a`): it cannot tell an empty userinfo from
//   none, and both are reported as none (the handshake's notes say so).
// - host: `hostname` (IPv6 brackets and a zone id kept as written). url-parse reads an authority
//   only after a scheme and "//" (`slashes`, "whether the protocol is followed by two forward
//   slashes"; without a scheme, `//a` is all path, as no location is given): there an empty
//   `hostname` is the empty host; elsewhere '' is none.
// - port: `port`; '' (none, or the scheme's default, which it drops: "It's aware of default
//   ports") is null.
// - path: `pathname`.
// - query, fragment: `query` and `hash` keep their '?' and '#': '' is none (null), '?' and '#'
//   are empty, so absent and empty stay apart.
// The serialization is `href`. It never throws on a string: decides_validity is false. It takes
// text: a non-UTF-8 input is rejected with code "not-utf8".
'use strict';

// The protocol's side, shared by every shipped Node.js worker (and offered to library
// maintainers): workers/sdk/uridiff_worker.js, written beside the workers in uridiff's cache.
const { serve, requirePackage, library } = require('./sdk/uridiff_worker.js');


// The npm package, from uridiff's own packages folder (NODE_PATH, set by uridiff; installed by
// workers/install.sh from workers/node/package-lock.json). Missing, the worker says so and exits
// before its handshake, so uridiff lists it as unavailable with that line. Its own files load
// instrumented for a guided campaign's coverage (workers/README.md, "Coverage").
const [Url, VERSION] = requirePackage('url-parse', { coverage: true });

// "?q" -> "q", "?" -> "", '' -> null (url-parse's query and hash keep their mark).
function mark(prefixed, sign) {
  if (prefixed === '' || prefixed === undefined || prefixed === null) return null;
  return prefixed.startsWith(sign) ? prefixed.slice(sign.length) : prefixed;
}

function parse(input) {
  // The library's call, marked: its throw is its answer; the rest is this worker's.
  const url = library(() => new Url(input, {}));
  return {
    outcome: 'accepted',
    components: {
      scheme: url.protocol === '' ? null : url.protocol.replace(/:$/, ''),
      userinfo: url.auth === '' ? null : url.auth,
      host: url.hostname !== '' || (url.protocol !== '' && url.slashes) ? url.hostname : null,
      port: url.port === '' ? null : String(url.port),
      path: url.pathname,
      query: mark(url.query, '?'),
      fragment: mark(url.hash, '#'),
    },
    serialization: url.href,
  };
}

function resolve(base, input) {
  return { outcome: 'accepted', value: library(() => new Url(input, base).href) };
}

const OPERATIONS = { parse, resolve };

serve({
  name: 'node-url-parse',
  version: VERSION,
  profile: 'url-parse',
  components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
  decidesValidity: false,
  library: `url-parse ${VERSION} (npm; Node.js ${process.version}): new Url(input, base)`,
  notes: [
    'userinfo: an empty auth is reported as none (url-parse drops an empty userinfo)',
    "host: '' is none unless a scheme is followed by \"//\" (url-parse's slashes)",
    "port '' (none, or the scheme's default, which url-parse drops) is null",
  ],
  ...OPERATIONS,
});
