#!/usr/bin/env node
// A trivial uridiff worker with coverage (workers/README.md, "Coverage"), written with
// workers/sdk/uridiff_worker.js, for the tests of the Node.js SDK's coverage
// (tests/coverage_guided.rs). Its library is covered_js/covered_lib.js (parse = split), loaded
// with probes when NODE_PATH holds @babel/core (workers/install.sh puts it in uridiff's
// packages folder); without it the worker declares no coverage.
'use strict';

const path = require('node:path');
const { serve, library, coverFolder } = require(path.join(__dirname, '..', 'sdk', 'uridiff_worker.js'));

coverFolder(path.join(__dirname, 'covered_js'));
const { split } = require('./covered_js/covered_lib.js');

serve({
  name: 'covered-js',
  profile: 'rfc3986',
  version: '1',
  components: ['scheme', 'host', 'port', 'path', 'query', 'fragment'],
  decidesValidity: false,
  parse: (text) => library(() => split(text)),
});
