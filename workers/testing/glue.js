#!/usr/bin/env node
// A tiny worker written with workers/sdk/uridiff_worker.js that tells its own failures from its
// library's answers (workers/README.md, "Responses"): the input comes back as the path, except
// `glue` (this worker's own code throws a TypeError outside library(): `crashed`), `refuse`
// (the "library", new URL(), throws inside library(): `rejected`, code ERR_INVALID_URL) and
// `none` (NoAnswer: `unsupported`). With the argument `always` its own code fails on every
// input. tests/worker_sdk.rs runs it through uridiff.
'use strict';

const path = require('node:path');
const { serve, library, NoAnswer } = require(path.join(__dirname, '..', 'sdk', 'uridiff_worker.js'));

const ALWAYS = process.argv[2] === 'always';

serve({
  name: process.env.URIDIFF_WORKER_NAME || 'glue-js',
  profile: 'rfc3986',
  version: '1',
  components: ['path'],
  decidesValidity: false,
  parse: (text) => {
    if (ALWAYS || text === 'glue') {
      const missing = null;
      return { path: missing.path }; // the worker's own mistake
    }
    if (text === 'refuse') library(() => new URL(text));
    if (text === 'none') throw new NoAnswer('no reading of this input');
    return { path: text };
  },
});
