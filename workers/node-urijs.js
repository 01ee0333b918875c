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

// The protocol's side, shared by every shipped Node.js worker (and offered to library
// maintainers): workers/sdk/uridiff_worker.js, written beside the workers in uridiff's cache.
const { serve, requirePackage, library } = require('./sdk/uridiff_worker.js');


// The npm package, from uridiff's own packages folder (NODE_PATH, set by uridiff; installed by
// workers/install.sh from workers/node/package-lock.json). Missing, the worker says so and exits
// before its handshake, so uridiff lists it as unavailable with that line. Its own files load
// instrumented for a guided campaign's coverage (workers/README.md, "Coverage").
const [URI, VERSION] = requirePackage('urijs', { coverage: true });

// A part as URI.parse holds it: undefined (no key) and null are none.
function part(value) {
  return value === undefined || value === null ? null : String(value);
}

function parse(input) {
  // The library's calls, marked: a throw there is its answer; the rest is this worker's.
  const href = library(() => URI(input).href());
  const parts = library(() => URI.parse(input));
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
  resolve: (base, input) => ({ outcome: 'accepted', value: library(() => URI(input).absoluteTo(base).href()) }),
  normalize: (input) => ({ outcome: 'accepted', value: library(() => URI(input).normalize().href()) }),
  equivalent: (input, other) => ({ outcome: 'accepted', value: library(() => URI(input).equals(other)) }),
};

serve({
  name: 'node-urijs',
  version: VERSION,
  profile: 'urijs',
  components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
  decidesValidity: false,
  library: `URI.js ${VERSION} (npm urijs; Node.js ${process.version}): URI(), absoluteTo, normalize, equals`,
  notes: [
    'host is URI.js\'s hostname: an IPv6 address without its brackets',
    "an empty query or fragment is none (URI.js drops '?' and '#' with nothing after them)",
  ],
  ...OPERATIONS,
});
