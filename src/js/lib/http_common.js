// http_common.js - what the parts of node:http share (see node_http.js):
// the siblings they use, the private symbols, the METHODS and STATUS_CODES
// tables, Node's errors, and the argument and header checks.
"use strict";

const { EventEmitter } = require("events");
const Stream = require("node_stream").module;
const { Readable } = Stream;
const { Buffer } = require("node_buffer");
const { codedError, invalidArgType, invalidArgValue, outOfRange } = require("web_errors");

const nextTick = (fn, ...args) => require("tasks").nextTick(fn, ...args);
const nop = () => {};
const kEmptyObject = Object.freeze({ __proto__: null });

const kOutHeaders = Symbol("kOutHeaders");
const kErrored = Symbol("errored");
const kHighWaterMark = Symbol("kHighWaterMark");
const kCorked = Symbol("corked");
const kWire = Symbol("kWire"); // [[name, value], ...] as the head lists them
const kWireState = Symbol("kWireState");
const kNet = Symbol("kNet"); // the request's transport state
const kHeaders = Symbol("kHeaders");
const kHeadersDistinct = Symbol("kHeadersDistinct");
const kHeadersCount = Symbol("kHeadersCount");
const kTrailers = Symbol("kTrailers");
const kTrailersDistinct = Symbol("kTrailersDistinct");
const kTrailersCount = Symbol("kTrailersCount");
const kNeedDrain = Symbol("kNeedDrain");
const kResume = Symbol("kResume"); // a server request: what _read calls to read the socket again

// ---------------------------------------------------------------------------
// Tables

const METHODS = [
  "ACL", "BIND", "CHECKOUT", "CONNECT", "COPY", "DELETE", "GET", "HEAD", "LINK", "LOCK",
  "M-SEARCH", "MERGE", "MKACTIVITY", "MKCALENDAR", "MKCOL", "MOVE", "NOTIFY", "OPTIONS",
  "PATCH", "POST", "PROPFIND", "PROPPATCH", "PURGE", "PUT", "QUERY", "REBIND", "REPORT",
  "SEARCH", "SOURCE", "SUBSCRIBE", "TRACE", "UNBIND", "UNLINK", "UNLOCK", "UNSUBSCRIBE",
];

const STATUS_CODES = {
  100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints",
  200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information",
  204: "No Content", 205: "Reset Content", 206: "Partial Content", 207: "Multi-Status",
  208: "Already Reported", 226: "IM Used",
  300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other",
  304: "Not Modified", 305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
  400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden",
  404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
  407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
  411: "Length Required", 412: "Precondition Failed", 413: "Payload Too Large",
  414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
  417: "Expectation Failed", 418: "I'm a Teapot", 421: "Misdirected Request",
  422: "Unprocessable Entity", 423: "Locked", 424: "Failed Dependency", 425: "Too Early",
  426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
  431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
  500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
  503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
  506: "Variant Also Negotiates", 507: "Insufficient Storage", 508: "Loop Detected",
  509: "Bandwidth Limit Exceeded", 510: "Not Extended", 511: "Network Authentication Required",
};

const TIMEOUT_MAX = 2 ** 31 - 1;

// ---------------------------------------------------------------------------
// Errors (Node's codes and messages)

function headersSent(what) {
  return codedError(Error, "ERR_HTTP_HEADERS_SENT", `Cannot ${what} headers after they are sent to the client`);
}
function invalidToken(name, token) {
  return codedError(TypeError, "ERR_INVALID_HTTP_TOKEN", `${name} must be a valid HTTP token ["${token}"]`);
}
function connReset(message) {
  return codedError(Error, "ECONNRESET", message);
}
function denied(message) {
  return codedError(Error, "ERR_ACCESS_DENIED", message);
}
function writeAfterEnd() {
  return codedError(Error, "ERR_STREAM_WRITE_AFTER_END", "write after end");
}

function validateNumber(value, name) {
  if (typeof value !== "number") throw invalidArgType(name, "of type number", value);
}
function validateBoolean(value, name) {
  if (typeof value !== "boolean") throw invalidArgType(name, "of type boolean", value);
}
function validateString(value, name) {
  if (typeof value !== "string") throw invalidArgType(name, "of type string", value);
}
function validateInteger(value, name, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) {
  validateNumber(value, name);
  if (!Number.isInteger(value)) throw outOfRange(name, "an integer", value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}

function getTimerDuration(msecs, name) {
  validateNumber(msecs, name);
  if (msecs < 0 || !Number.isFinite(msecs)) throw outOfRange(name, "a non-negative finite number", msecs);
  return msecs > TIMEOUT_MAX ? TIMEOUT_MAX : msecs;
}

const tokenRegExp = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const headerCharRegex = /[^\t\x20-\x7e\x80-\xff]/;
const INVALID_PATH_REGEX = /[^\u0021-\u00ff]/;
const RE_CONN_CLOSE = /(?:^|\W)close(?:$|\W)/i;
const RE_TE_CHUNKED = /(?:^|\W)chunked(?:$|\W)/i;

const checkIsHttpToken = (s) => tokenRegExp.test(s);
const checkInvalidHeaderChar = (s) => headerCharRegex.test(s);

function validateHeaderName(name, label) {
  if (typeof name !== "string" || !name || !checkIsHttpToken(name)) {
    throw invalidToken(label || "Header name", name);
  }
}

function validateHeaderValue(name, value) {
  if (value === undefined) {
    throw codedError(TypeError, "ERR_HTTP_INVALID_HEADER_VALUE", `Invalid value "${value}" for header "${name}"`);
  }
  if (checkInvalidHeaderChar(value)) {
    throw codedError(TypeError, "ERR_INVALID_CHAR", `Invalid character in header content ["${name}"]`);
  }
}

const typedArrayTag = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;
const isUint8Array = (v) => typedArrayTag.call(v) === "Uint8Array";

Object.assign(exports, {
  Buffer, checkInvalidHeaderChar, checkIsHttpToken, codedError, connReset, denied, EventEmitter,
  getTimerDuration, headersSent, INVALID_PATH_REGEX, invalidArgType, invalidArgValue, invalidToken,
  isUint8Array, kCorked, kEmptyObject, kErrored, kHeaders, kHeadersCount, kHeadersDistinct,
  kHighWaterMark, kNeedDrain, kResume, kNet, kOutHeaders, kTrailers, kTrailersCount, kTrailersDistinct,
  kWire, kWireState, METHODS, nextTick, nop, RE_CONN_CLOSE, RE_TE_CHUNKED, Readable, STATUS_CODES,
  Stream, validateBoolean, validateHeaderName, validateHeaderValue, validateInteger, validateNumber,
  validateString, writeAfterEnd,
});
