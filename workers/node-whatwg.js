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

// The protocol's side, shared by every shipped Node.js worker (and offered to library
// maintainers): workers/sdk/uridiff_worker.js, written beside the workers in uridiff's cache.
const { serve, library } = require('./sdk/uridiff_worker.js');

const EMPTY_NOTE = 'undefined reported as empty';

// "x:" -> "x"; "?q" -> "q"; "#f" -> "f"; '' stays '' (absent or empty, see the note).
function strip(prefixed, mark) {
  return prefixed.startsWith(mark) ? prefixed.slice(mark.length) : prefixed;
}

function parse(input) {
  // The library's call, marked: its throw is its answer; the rest is this worker's.
  const url = library(() => new URL(input));
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
  return { outcome: 'accepted', value: library(() => new URL(input, base).href) };
}

serve({
  name: 'node-whatwg',
  version: process.versions.node,
  profile: 'whatwg-url',
  components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
  decidesValidity: true,
  library: `WHATWG URL (Node.js ${process.version}, ada ${process.versions.ada || 'n/a'})`,
  notes: [
    "port '' (absent or the scheme's default) is reported as null",
    "query, fragment and host: '' when absent or empty (the API cannot tell)",
  ],
  parse, resolve,
});
