#!/usr/bin/env node
// uridiff worker (protocol uridiff-worker/1, workers/README.md): the `isURL` check of npm's
// `validator` (validator.js), with its default options, as an application uses it: a URL that
// passes the check is handed on to a browser or to Node.js's `fetch`, which read it by the URL
// Standard. Not in the default list of parsers: scripts/cves.py runs it at the versions of the
// package's advisory. isURL names no standard, so it runs under the plain `rfc3986` profile,
// with none of a profile's rules: scripts/cves.py compares two versions' classes.
//
// parse = isURL(input): false is a rejection (code "not-a-url"). An accepted input is read as
// the URL Standard reads it (Node.js's global `URL`, the reading the check is meant to guard):
// its scheme (without ':'), userinfo (username, then ':' and password when not empty), host,
// port, path, query and fragment (without their marks; '' is none: `URL` keeps no empty host,
// query or fragment apart from none), and `href` as the serialization. An accepted input the URL Standard cannot
// read without a base (isURL takes "example.com") is a relative reference: no scheme, userinfo,
// host or port, and the input as its path. It takes text: a non-UTF-8 input is rejected with
// code "not-utf8".
'use strict';

const { serve, requirePackage, library } = require('./sdk/uridiff_worker.js');

const [validator, VERSION] = requirePackage('validator');
const isURL = validator.isURL || (validator.default && validator.default.isURL);

function blank(v) {
  return v === '' || v === undefined || v === null;
}

// The URL Standard's reading of a text the check let through.
function read(input) {
  let url;
  try {
    url = new URL(input);
  } catch (_) {
    return {
      components: { scheme: null, userinfo: null, host: null, port: null, path: input, query: null, fragment: null },
      serialization: input,
    };
  }
  const userinfo = url.username + (blank(url.password) ? '' : `:${url.password}`);
  return {
    components: {
      scheme: url.protocol.replace(/:$/, ''),
      userinfo: userinfo === '' ? null : userinfo,
      host: blank(url.hostname) ? null : url.hostname,
      port: blank(url.port) ? null : url.port,
      path: url.pathname,
      query: blank(url.search) ? null : url.search.slice(1),
      fragment: blank(url.hash) ? null : url.hash.slice(1),
    },
    serialization: url.href,
  };
}

function parse(input) {
  if (!library(() => isURL(input))) {
    return { outcome: 'rejected', message: 'isURL(input) is false', code: 'not-a-url', offset: null };
  }
  return read(input);
}

serve({
  name: 'node-validator',
  version: VERSION,
  profile: 'rfc3986',
  components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
  decidesValidity: true,
  library: `validator ${VERSION} (npm; Node.js ${process.version}): isURL(input), then new URL(input)`,
  notes: [
    'isURL false is a rejection; what it accepts is read by the URL Standard (Node.js URL)',
    'an accepted text URL cannot read without a base is a relative reference (all path)',
  ],
  parse,
});
