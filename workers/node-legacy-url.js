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
// The protocol's side, shared by every shipped Node.js worker (and offered to library
// maintainers): workers/sdk/uridiff_worker.js, written beside the workers in uridiff's cache.
const { serve, library } = require('./sdk/uridiff_worker.js');

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
  // The library's call, marked: its throw is its answer; the rest is this worker's.
  const url = library(() => legacy.parse(input));
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
  return { outcome: 'accepted', value: library(() => legacy.resolve(base, input)) };
}

serve({
  name: 'node-legacy-url',
  version: process.versions.node,
  profile: 'node-legacy-url',
  components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
  decidesValidity: false,
  library: `url.parse (Node.js ${process.version})`,
  notes: [
    'userinfo is url.parse\'s auth, percent-decoded by the library',
    'host is url.parse\'s host without its port: lowercased, IPv6 brackets kept',
  ],
  parse, resolve,
});
