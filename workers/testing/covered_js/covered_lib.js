// A small stand-in library for workers/testing/covered.js: splits a URI reference on its
// delimiters (RFC 3986 section 3), with a branch for each shape, so that different inputs run
// different statements of this file. The only file of its folder: the folder the worker covers.
'use strict';

function port(rest) {
  if (rest === '') return null;
  if (!/^[0-9]+$/.test(rest.slice(1))) throw new Error('bad port');
  return rest.slice(1);
}

function hostPort(authority) {
  if (authority.startsWith('[')) {
    const end = authority.indexOf(']');
    if (end < 0) throw new Error('unclosed IP literal');
    return [authority.slice(0, end + 1), port(authority.slice(end + 1))];
  }
  const colon = authority.lastIndexOf(':');
  if (colon >= 0) return [authority.slice(0, colon), port(authority.slice(colon))];
  return [authority, null];
}

function split(input) {
  let text = input;
  let scheme = null;
  if (text.split('/', 1)[0].includes(':')) {
    const colon = text.indexOf(':');
    scheme = text.slice(0, colon);
    text = text.slice(colon + 1);
    if (scheme === '') throw new Error('empty scheme');
  }
  let fragment = null;
  const hash = text.indexOf('#');
  if (hash >= 0) [text, fragment] = [text.slice(0, hash), text.slice(hash + 1)];
  let query = null;
  const mark = text.indexOf('?');
  if (mark >= 0) [text, query] = [text.slice(0, mark), text.slice(mark + 1)];
  let host = null;
  let portNumber = null;
  if (text.startsWith('//')) {
    const slash = text.indexOf('/', 2);
    const authority = slash < 0 ? text.slice(2) : text.slice(2, slash);
    text = slash < 0 ? '' : text.slice(slash);
    [host, portNumber] = hostPort(authority);
  }
  return { scheme, host, port: portNumber, path: text, query, fragment };
}

module.exports = { split };
