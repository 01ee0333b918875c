#!/usr/bin/env node
// uridiff worker (protocol uridiff-worker/1, workers/README.md): `sanitizeUrl` of npm's
// `@braintree/sanitize-url`, as an application uses it: the text it returns is put in a link's
// `href`, which a browser reads by the URL Standard. Not in the default list of parsers:
// scripts/cves.py runs it at the versions of the package's advisory. The package names no
// standard, so it runs under the plain `rfc3986` profile, with none of a profile's rules:
// scripts/cves.py compares two versions' classes.
//
// parse = sanitizeUrl(input): "about:blank", the package's answer for a URL it refuses (its
// README: a `javascript:`, `data:` or `vbscript:` URL), is a rejection (code "about-blank"). Any
// other text it returns is read as the URL Standard reads it (Node.js's global `URL`): its
// scheme (without ':'), userinfo (username, then ':' and password when not empty), host, port,
// path, query and fragment (without their marks; '' is none), and `href` as the serialization;
// a returned text the URL Standard cannot read without a base is a relative reference (no
// scheme, userinfo, host or port; the text as its path). It never throws on a string:
// decides_validity is false. It takes text: a non-UTF-8 input is rejected with code "not-utf8".
'use strict';

const { serve, requirePackage, library } = require('./sdk/uridiff_worker.js');

const [loaded, VERSION] = requirePackage('@braintree/sanitize-url');
const { sanitizeUrl } = loaded;

function blank(v) {
  return v === '' || v === undefined || v === null;
}

function parse(input) {
  const out = library(() => sanitizeUrl(input));
  if (out === 'about:blank') {
    return { outcome: 'rejected', message: 'sanitizeUrl returned about:blank', code: 'about-blank', offset: null };
  }
  let url;
  try {
    url = new URL(out);
  } catch (_) {
    return {
      components: { scheme: null, userinfo: null, host: null, port: null, path: out, query: null, fragment: null },
      serialization: out,
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

serve({
  name: 'node-sanitize-url',
  version: VERSION,
  profile: 'rfc3986',
  components: ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
  decidesValidity: false,
  library: `@braintree/sanitize-url ${VERSION} (npm; Node.js ${process.version}): sanitizeUrl(input), then new URL(out)`,
  notes: [
    '"about:blank" is a rejection; any other text returned is read by the URL Standard (Node.js URL)',
    'a returned text URL cannot read without a base is a relative reference (all path)',
  ],
  parse,
});
