'use strict';
// Checks exec() options in JS before anything is started, and turns them
// into one request of the `acs serve` protocol (docs/protocol.md).

const path = require('node:path');
const { SandboxConfigError } = require('./errors.js');

const KNOWN = [
  'code', 'entrypoint', 'workDir', 'readOnlyDirs', 'allowedPackages',
  'allowedDomains', 'env', 'timeoutMs', 'memoryMb', 'maxOutputBytes', 'signal',
];
// The same names acs refuses (src/policy/env.c), checked here so the error
// comes before a process is started.
const RESERVED_PREFIXES = ['LD_', 'DYLD_', 'DENO_', 'ACS_'];
const PROXY_NAMES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY'];

function fail(message) {
  throw new SandboxConfigError(message);
}

function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '...' : v)}`;
  if (typeof v === 'number') return `the number ${v}`;
  return `a value of type ${typeof v}`;
}

function isPlainObject(v) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function checkPathString(name, v) {
  if (typeof v !== 'string') fail(`${name} must be a string, not ${describe(v)}`);
  if (v === '') fail(`${name} must not be empty`);
  if (v.includes('\0')) fail(`${name} must not contain a NUL character`);
  return v;
}

function checkStringArray(name, v, { pathLike = false } = {}) {
  if (!Array.isArray(v)) fail(`${name} must be an array of strings, not ${describe(v)}`);
  return v.map((item, i) => {
    if (typeof item !== 'string') fail(`${name}[${i}] must be a string, not ${describe(item)}`);
    if (item === '') fail(`${name}[${i}] must not be empty`);
    if (item.includes('\0')) fail(`${name}[${i}] must not contain a NUL character`);
    return pathLike ? path.resolve(item) : item;
  });
}

function checkCount(name, v) {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    fail(`${name} must be a non-negative integer, not ${describe(v)}`);
  }
  return v;
}

function checkEnv(v) {
  if (!isPlainObject(v)) fail(`env must be an object of string values, not ${describe(v)}`);
  const out = {};
  for (const name of Object.keys(v)) {
    const value = v[name];
    if (name === '') fail('env has an empty name');
    if (name.includes('=') || name.includes('\0')) {
      fail(`env name ${JSON.stringify(name)} must not contain '=' or a NUL character`);
    }
    const upper = name.toUpperCase();
    if (RESERVED_PREFIXES.some((p) => upper.startsWith(p))) {
      fail(`env name '${name}' is reserved (names starting with LD_, DYLD_, DENO_ or ACS_ and the proxy variables cannot be passed)`);
    }
    if (PROXY_NAMES.includes(upper)) {
      fail(`env name '${name}' is reserved: proxy variables cannot be passed to the sandbox`);
    }
    if (typeof value !== 'string') fail(`env.${name} must be a string, not ${describe(value)}`);
    if (value.includes('\0')) fail(`env.${name} must not contain a NUL character`);
    out[name] = value;
  }
  return out;
}

function isAbortSignal(v) {
  return v !== null && typeof v === 'object' && typeof v.aborted === 'boolean' &&
    typeof v.addEventListener === 'function' && typeof v.removeEventListener === 'function';
}

/**
 * Validate exec() options. Returns { request, signal }: `request` holds the
 * protocol fields (no id), with workDir and readOnlyDirs made absolute
 * against the current directory. Throws SandboxConfigError.
 */
function normalize(options) {
  if (!isPlainObject(options)) {
    fail(`exec() takes an options object such as { code: "console.log(1)" }, not ${describe(options)}`);
  }
  const given = {};
  for (const key of Object.keys(options)) {
    if (!KNOWN.includes(key)) {
      fail(`unknown option '${key}'; the options are ${KNOWN.join(', ')}`);
    }
    if (options[key] !== undefined) given[key] = options[key];
  }
  const hasCode = 'code' in given;
  const hasEntry = 'entrypoint' in given;
  if (hasCode === hasEntry) {
    fail(hasCode
      ? 'give exactly one of code and entrypoint, not both'
      : 'give exactly one of code (the code to run) and entrypoint (a file in workDir)');
  }
  const request = {};
  if (hasCode) {
    if (typeof given.code !== 'string') fail(`code must be a string, not ${describe(given.code)}`);
    request.code = given.code;
  } else {
    request.entrypoint = checkPathString('entrypoint', given.entrypoint);
    if (!('workDir' in given)) fail('workDir is required with entrypoint: the file is looked up in workDir');
  }
  if ('workDir' in given) request.workDir = path.resolve(checkPathString('workDir', given.workDir));
  if ('readOnlyDirs' in given) request.readOnlyDirs = checkStringArray('readOnlyDirs', given.readOnlyDirs, { pathLike: true });
  if ('allowedPackages' in given) request.allowedPackages = checkStringArray('allowedPackages', given.allowedPackages);
  if ('allowedDomains' in given) request.allowedDomains = checkStringArray('allowedDomains', given.allowedDomains);
  if ('env' in given) request.env = checkEnv(given.env);
  for (const key of ['timeoutMs', 'memoryMb', 'maxOutputBytes']) {
    if (key in given) request[key] = checkCount(key, given[key]);
  }
  let signal = null;
  if ('signal' in given) {
    if (!isAbortSignal(given.signal)) fail(`signal must be an AbortSignal, not ${describe(given.signal)}`);
    signal = given.signal;
  }
  return { request, signal };
}

module.exports = { normalize };
