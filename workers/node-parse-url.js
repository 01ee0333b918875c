#!/usr/bin/env node
// uridiff worker (protocol uridiff-worker/1, workers/README.md): `parse-url` (npm), or
// `parse-path` (npm, the same author's parser that parse-url is built on, whose result has the
// same fields) when URIDIFF_PARSE_URL_PACKAGE=parse-path. Not in the default list of parsers:
// scripts/cves.py runs it at the versions of the packages' advisories. Neither package names a
// standard (parse-url's README: "An advanced url parser supporting git urls too"), so it runs
// under the plain `rfc3986` profile, with none of a profile's rules: what either version
// deviates in shows, and scripts/cves.py compares the two versions' classes.
//
// parse = parseUrl(input) (parse-url; its second argument, normalize, left to its default,
// false) or parsePath(input). The result's fields are read as follows, alike in every version
// of both packages (the versions differ in what they put in them: `resource` is the host alone
// up to parse-url 6.0.0 and from 8.0.0, the host and its port in 6.0.1 to 7; `user` is the whole
// "user:password" before parse-url 6.0.1 and parse-path 5, which split off `password`):
// - scheme: `protocol` when `protocols` is not empty; an empty `protocols` (the versions that
//   read an input without "://" as a path, calling its protocol "file") is none (null).
// - userinfo: `user`, then ":" and `password` when that is not empty; '' is null.
// - host: `resource` without a trailing ":" and `port` (a `resource` that holds the port);
//   '' is null.
// - port: `port` (a number or a string); '' or null is null.
// - path: `pathname`.
// - query, fragment: `search` and `hash` without their mark; '' is null (neither package tells
//   an empty query or fragment from none).
// The serialization is `href`. A throw (parse-url 8 throws "Invalid url." where its fallback
// fails too) is a rejection, its code the error's: decides_validity is false, as neither
// documents which inputs it refuses. It takes text: a non-UTF-8 input is rejected with code
// "not-utf8".
'use strict';

const { serve, requirePackage, library } = require('./sdk/uridiff_worker.js');

const PACKAGE = process.env.URIDIFF_PARSE_URL_PACKAGE === 'parse-path' ? 'parse-path' : 'parse-url';
// parse-url 8 exports no `package.json` (its package.json's "exports" field), so
// requirePackage cannot read its version: the version is then read from the package.json
// above the file the package resolves to. A package missing or failing to load still goes
// through requirePackage, which says why on stderr and exits.
function load(name) {
  const fs = require('node:fs');
  const path = require('node:path');
  let main;
  try {
    main = require.resolve(name);
  } catch (_) {
    return requirePackage(name);
  }
  for (let dir = path.dirname(main); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const meta = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (meta.name === name) return [require(name), meta.version];
  }
  return requirePackage(name);
}
const [loaded, VERSION] = load(PACKAGE);
// parse-url 8 is a transpiled ES module: its function is the `default` export.
const parseUrl = typeof loaded === 'function' ? loaded : loaded.default;

function blank(v) {
  return v === '' || v === undefined || v === null;
}

function parse(input) {
  // The library's call, marked: its throw is its answer (a rejection); a throw in the rest is
  // this worker's own failure.
  const url = library(() => parseUrl(input));
  const port = blank(url.port) ? null : String(url.port);
  let host = blank(url.resource) ? null : url.resource;
  if (host !== null && port !== null && host.endsWith(`:${port}`)) {
    host = host.slice(0, -(port.length + 1)) || null;
  }
  const user = blank(url.user) ? '' : url.user;
  const userinfo = user + (blank(url.password) ? '' : `:${url.password}`);
  return {
    outcome: 'accepted',
    components: {
      scheme: Array.isArray(url.protocols) && url.protocols.length > 0 ? url.protocol : null,
      userinfo: userinfo === '' ? null : userinfo,
      host,
      port,
      path: blank(url.pathname) ? '' : url.pathname,
      query: blank(url.search) ? null : url.search,
      fragment: blank(url.hash) ? null : url.hash,
    },
    serialization: typeof url.href === 'string' ? url.href : null,
  };
}

serve({
  name: 'node-parse-url',
  version: VERSION,
  profile: 'rfc3986',
  components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
  decidesValidity: false,
  library: `${PACKAGE} ${VERSION} (npm; Node.js ${process.version}): ${PACKAGE === 'parse-url' ? 'parseUrl(input)' : 'parsePath(input)'}`,
  notes: [
    "scheme: none where `protocols` is empty (an input without \"://\" read as a path)",
    "query, fragment: '' is none (the package keeps no empty query or fragment apart)",
    'a throw is a rejection',
  ],
  parse,
});
