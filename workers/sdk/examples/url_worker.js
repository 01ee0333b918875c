#!/usr/bin/env node
// An example worker written with uridiff_worker.js: Node.js's WHATWG `URL`, as a maintainer of
// an npm package would put theirs under uridiff's test
// (`uridiff check --external url-example='node url_worker.js' --under-test url-example ...`).
//
// The URL API gives '' for an absent query or fragment: reported as given, with the note.
'use strict';

const path = require('node:path');
const { serve, library } = require(path.join(__dirname, '..', 'uridiff_worker.js'));

serve({
  name: process.env.URIDIFF_WORKER_NAME || 'url-example',
  profile: 'whatwg-url',
  version: process.versions.node,
  library: 'WHATWG URL through uridiff_worker.js',
  components: ['scheme', 'host', 'path', 'query', 'fragment'],
  parse: (text) => {
    const u = library(() => new URL(text));
    return {
      components: {
        scheme: u.protocol.slice(0, -1),
        host: u.hostname,
        path: u.pathname,
        query: u.search.slice(1),
        fragment: u.hash.slice(1),
      },
      serialization: u.href,
      note: 'undefined reported as empty',
    };
  },
  resolve: (base, reference) => library(() => new URL(reference, base).href),
});
