// node_http.js - Node's `http` module, the client side: request, get,
// ClientRequest, IncomingMessage, OutgoingMessage, Agent, STATUS_CODES,
// METHODS, validateHeaderName/Value, maxHeaderSize. Servers are refused
// (ERR_ACCESS_DENIED) until the sandbox has its in-box loopback.
//
// Written from Node 22's documentation and its observed behaviour (event
// order logs compared with tests/net/). The wire is not ours: every request
// goes through host.net (libcurl, under the domain policy; see README.md),
// so what Node does on a socket is done here on a request id:
//   - the head Node would write (its default headers, in its order: the
//     user's, Host, Authorization, Connection, Content-Length or
//     Transfer-Encoding) is handed to host.net as header pairs;
//   - a body written before end() goes out streamed (host.net.write/end);
//     one known at end() goes as a whole;
//   - the socket is a stand-in (SandboxSocket): an EventEmitter with the
//     fields and methods code reads (setTimeout, setNoDelay, destroy, ...),
//     which can not be written to; connections and their reuse are
//     libcurl's, so an Agent only keeps the books;
//   - the response body is pushed into the IncomingMessage, and the
//     transfer is paused (host.net.pause) while the reader lags behind.
// The module's value is exports.module; exports.internals serves
// node_https.js.

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

// ---------------------------------------------------------------------------
// OutgoingMessage: the head and body being written (Node's legacy-Stream
// shape, not a Writable)

function OutgoingMessage(options) {
  Stream.call(this);
  this.outputData = [];
  this.outputSize = 0;
  this.writable = true;
  this.destroyed = false;
  this._last = false;
  this.chunkedEncoding = false;
  this.shouldKeepAlive = true;
  this.maxRequestsOnConnectionReached = false;
  this._defaultKeepAlive = true;
  this.useChunkedEncodingByDefault = true;
  this.sendDate = false;
  this._removedConnection = false;
  this._removedContLen = false;
  this._removedTE = false;
  this.strictContentLength = false;
  this._contentLength = null;
  this._hasBody = true;
  this._trailer = "";
  this.finished = false;
  this._headerSent = false;
  this[kCorked] = 0;
  this[kNeedDrain] = false;
  this._closed = false;
  this.socket = null;
  this._header = null;
  this[kOutHeaders] = null;
  this._keepAliveTimeout = 0;
  this._onPendingData = nop;
  this[kErrored] = null;
  this[kHighWaterMark] = (options && options.highWaterMark) || Stream.getDefaultHighWaterMark(false);
}
Object.setPrototypeOf(OutgoingMessage.prototype, Stream.prototype);
Object.setPrototypeOf(OutgoingMessage, Stream);

function defineGetters(proto, getters) {
  for (const [name, get] of Object.entries(getters)) {
    Object.defineProperty(proto, name, { __proto__: null, configurable: true, enumerable: false, get });
  }
}

defineGetters(OutgoingMessage.prototype, {
  errored() { return this[kErrored]; },
  closed() { return this._closed; },
  writableFinished() {
    return this.finished && this.outputSize === 0 && (!this[kNet] || this[kNet].finishEmitted);
  },
  writableObjectMode() { return false; },
  writableLength() { return this.outputSize; },
  writableHighWaterMark() { return this[kHighWaterMark]; },
  writableCorked() { return this[kCorked]; },
  headersSent() { return !!this._header; },
  writableEnded() { return this.finished; },
  writableNeedDrain() { return !this.destroyed && !this.finished && this[kNeedDrain]; },
});

Object.defineProperty(OutgoingMessage.prototype, "connection", {
  __proto__: null, configurable: true, enumerable: true,
  get() { return this.socket; },
  set(val) { this.socket = val; },
});

Object.defineProperty(OutgoingMessage.prototype, "_headers", {
  __proto__: null, configurable: true, enumerable: false,
  get() { return this.getHeaders(); },
  set(val) {
    if (val == null) this[kOutHeaders] = null;
    else if (typeof val === "object") {
      const headers = this[kOutHeaders] = { __proto__: null };
      for (const name of Object.keys(val)) headers[name.toLowerCase()] = [name, val[name]];
    }
  },
});

Object.defineProperty(OutgoingMessage.prototype, "_headerNames", {
  __proto__: null, configurable: true, enumerable: false,
  get() {
    const headers = this[kOutHeaders];
    if (headers === null) return null;
    const out = { __proto__: null };
    for (const key of Object.keys(headers)) out[key] = headers[key][0];
    return out;
  },
  set(val) {
    if (typeof val === "object" && val !== null) {
      const headers = this[kOutHeaders];
      if (!headers) return;
      for (const key of Object.keys(val)) if (headers[key]) headers[key][0] = val[key];
    }
  },
});

OutgoingMessage.prototype._renderHeaders = function _renderHeaders() {
  if (this._header) throw headersSent("render");
  const headers = {};
  const out = this[kOutHeaders];
  if (out !== null) for (const key of Object.keys(out)) headers[out[key][0]] = out[key][1];
  return headers;
};

OutgoingMessage.prototype.cork = function cork() {
  this[kCorked]++;
};

OutgoingMessage.prototype.uncork = function uncork() {
  if (this[kCorked]) this[kCorked]--;
};

OutgoingMessage.prototype.setTimeout = function setTimeout(msecs, callback) {
  if (callback) this.on("timeout", callback);
  if (!this.socket) this.once("socket", (socket) => socket.setTimeout(msecs));
  else this.socket.setTimeout(msecs);
  return this;
};

OutgoingMessage.prototype.destroy = function destroy(error) {
  if (this.destroyed) return this;
  this.destroyed = true;
  this[kErrored] = error;
  if (this.socket) this.socket.destroy(error);
  else this.once("socket", (socket) => socket.destroy(error));
  return this;
};

function matchHeader(self, state, field, value) {
  if (field.length < 4 || field.length > 17) return;
  field = field.toLowerCase();
  switch (field) {
    case "connection":
      state.connection = true;
      self._removedConnection = false;
      if (RE_CONN_CLOSE.test(value)) self._last = true;
      else self.shouldKeepAlive = true;
      break;
    case "transfer-encoding":
      state.te = true;
      self._removedTE = false;
      if (RE_TE_CHUNKED.test(value)) self.chunkedEncoding = true;
      break;
    case "content-length":
      state.contLen = true;
      self._contentLength = +value;
      self._removedContLen = false;
      break;
    case "date":
    case "expect":
    case "trailer":
      state[field] = true;
      break;
    case "keep-alive":
      self._defaultKeepAlive = false;
      break;
  }
}

function storeHeader(self, state, key, value, validate) {
  if (validate) validateHeaderValue(key, value);
  const text = String(value);
  state.list.push([key, text]);
  state.header += `${key}: ${text}\r\n`;
  matchHeader(self, state, key, value);
}

function processHeader(self, state, key, value, validate) {
  if (validate) validateHeaderName(key);
  if (Array.isArray(value)) {
    if (value.length < 2 || String(key).toLowerCase() !== "cookie") {
      for (let i = 0; i < value.length; i++) storeHeader(self, state, key, value[i], validate);
      return;
    }
    value = value.join("; ");
  }
  storeHeader(self, state, key, value, validate);
}

// Node's head: the headers given, then Connection and the body's framing.
// Kept as pairs (kWire) for host.net and as text (_header) for code that
// reads it.
OutgoingMessage.prototype._storeHeader = function _storeHeader(firstLine, headers) {
  const state = {
    connection: false, contLen: false, te: false, date: false, expect: false, trailer: false,
    header: firstLine, list: [],
  };
  if (headers) {
    if (headers === this[kOutHeaders]) {
      for (const key in headers) {
        const entry = headers[key];
        processHeader(this, state, entry[0], entry[1], false);
      }
    } else if (Array.isArray(headers)) {
      if (headers.length && Array.isArray(headers[0])) {
        for (let i = 0; i < headers.length; i++) processHeader(this, state, headers[i][0], headers[i][1], true);
      } else {
        if (headers.length % 2 !== 0) throw invalidArgValue("headers", headers);
        for (let n = 0; n < headers.length; n += 2) processHeader(this, state, headers[n], headers[n + 1], true);
      }
    } else {
      for (const key in headers) {
        if (Object.prototype.hasOwnProperty.call(headers, key)) processHeader(this, state, key, headers[key], true);
      }
    }
  }

  const add = (name, value) => {
    state.list.push([name, value]);
    state.header += `${name}: ${value}\r\n`;
  };
  if (this._removedConnection) {
    this._last = !this.shouldKeepAlive;
  } else if (!state.connection) {
    const shouldSendKeepAlive = this.shouldKeepAlive &&
      (state.contLen || this.useChunkedEncodingByDefault || this.agent);
    if (shouldSendKeepAlive && this.maxRequestsOnConnectionReached) {
      add("Connection", "close");
    } else if (shouldSendKeepAlive) {
      add("Connection", "keep-alive");
    } else {
      this._last = true;
      add("Connection", "close");
    }
  }

  if (!state.contLen && !state.te) {
    if (!this._hasBody) {
      this.chunkedEncoding = false;
    } else if (!this.useChunkedEncodingByDefault) {
      this._last = true;
    } else if (!state.trailer && !this._removedContLen && typeof this._contentLength === "number") {
      add("Content-Length", String(this._contentLength));
    } else if (!this._removedTE) {
      add("Transfer-Encoding", "chunked");
      this.chunkedEncoding = true;
    } else {
      this._last = true;
    }
  }

  if (this.chunkedEncoding !== true && state.trailer) {
    throw codedError(Error, "ERR_HTTP_TRAILER_INVALID",
      "Trailers are invalid with this transfer encoding");
  }

  this._header = state.header + "\r\n";
  this._headerSent = false;
  this[kWire] = state.list;
  this[kWireState] = state;
};

OutgoingMessage.prototype.setHeader = function setHeader(name, value) {
  if (this._header) throw headersSent("set");
  validateHeaderName(name);
  validateHeaderValue(name, value);
  let headers = this[kOutHeaders];
  if (headers === null) this[kOutHeaders] = headers = { __proto__: null };
  headers[name.toLowerCase()] = [name, value];
  return this;
};

OutgoingMessage.prototype.setHeaders = function setHeaders(headers) {
  if (this._header) throw headersSent("set");
  if (!headers || Array.isArray(headers) || typeof headers.keys !== "function" ||
      typeof headers.get !== "function") {
    throw invalidArgType("headers", "an instance of Headers or Map", headers);
  }
  const cookies = [];
  for (const { 0: key, 1: value } of headers) {
    if (key === "set-cookie") {
      if (Array.isArray(value)) cookies.push(...value);
      else cookies.push(value);
      continue;
    }
    this.setHeader(key, value);
  }
  if (cookies.length) this.setHeader("set-cookie", cookies);
  return this;
};

OutgoingMessage.prototype.appendHeader = function appendHeader(name, value) {
  if (this._header) throw headersSent("append");
  validateHeaderName(name);
  validateHeaderValue(name, value);
  const field = name.toLowerCase();
  const headers = this[kOutHeaders];
  if (headers === null || !headers[field]) return this.setHeader(name, value);
  if (!Array.isArray(headers[field][1])) headers[field][1] = [headers[field][1]];
  const existing = headers[field][1];
  if (Array.isArray(value)) for (const v of value) existing.push(v);
  else existing.push(value);
  return this;
};

OutgoingMessage.prototype.getHeader = function getHeader(name) {
  validateString(name, "name");
  const headers = this[kOutHeaders];
  if (headers === null) return undefined;
  const entry = headers[name.toLowerCase()];
  return entry && entry[1];
};

OutgoingMessage.prototype.getHeaderNames = function getHeaderNames() {
  return this[kOutHeaders] !== null ? Object.keys(this[kOutHeaders]) : [];
};

OutgoingMessage.prototype.getRawHeaderNames = function getRawHeaderNames() {
  const headers = this[kOutHeaders];
  if (headers === null) return [];
  return Object.keys(headers).map((key) => headers[key][0]);
};

OutgoingMessage.prototype.getHeaders = function getHeaders() {
  const headers = this[kOutHeaders];
  const ret = { __proto__: null };
  if (headers) for (const key of Object.keys(headers)) ret[key] = headers[key][1];
  return ret;
};

OutgoingMessage.prototype.hasHeader = function hasHeader(name) {
  validateString(name, "name");
  return this[kOutHeaders] !== null && !!this[kOutHeaders][name.toLowerCase()];
};

OutgoingMessage.prototype.removeHeader = function removeHeader(name) {
  validateString(name, "name");
  if (this._header) throw headersSent("remove");
  const key = name.toLowerCase();
  switch (key) {
    case "connection": this._removedConnection = true; break;
    case "content-length": this._removedContLen = true; break;
    case "transfer-encoding": this._removedTE = true; break;
    case "date": this.sendDate = false; break;
  }
  if (this[kOutHeaders] !== null) delete this[kOutHeaders][key];
};

OutgoingMessage.prototype._implicitHeader = function _implicitHeader() {
  throw codedError(Error, "ERR_METHOD_NOT_IMPLEMENTED", "The _implicitHeader() method is not implemented");
};

function onWriteError(msg, err, callback) {
  if (msg.destroyed) return;
  nextTick(() => {
    callback(err);
    if (typeof msg.emit === "function" && !msg.destroyed) msg.emit("error", err);
  });
}

function write_(msg, chunk, encoding, callback, fromEnd) {
  if (typeof callback !== "function") callback = nop;
  if (chunk === null) throw codedError(TypeError, "ERR_STREAM_NULL_VALUES", "May not write null values to stream");
  if (typeof chunk !== "string" && !isUint8Array(chunk)) {
    throw invalidArgType("chunk", "of type string or an instance of Buffer or Uint8Array", chunk);
  }
  let err;
  if (msg.finished) err = writeAfterEnd();
  else if (msg.destroyed) err = codedError(Error, "ERR_STREAM_DESTROYED", "Cannot call write after a stream was destroyed");
  if (err) {
    if (!msg.destroyed) onWriteError(msg, err, callback);
    else nextTick(callback, err);
    return false;
  }
  const bytes = typeof chunk === "string" ? Buffer.from(chunk, encoding || "utf8") : chunk;
  if (!msg._header) {
    if (fromEnd) msg._contentLength = bytes.byteLength;
    msg._implicitHeader();
  }
  return msg._send(bytes, encoding, callback);
}

OutgoingMessage.prototype.write = function write(chunk, encoding, callback) {
  if (typeof encoding === "function") {
    callback = encoding;
    encoding = null;
  }
  return write_(this, chunk, encoding, callback, false);
};

OutgoingMessage.prototype.end = function end(chunk, encoding, callback) {
  if (typeof chunk === "function") {
    callback = chunk;
    chunk = null;
    encoding = null;
  } else if (typeof encoding === "function") {
    callback = encoding;
    encoding = null;
  }
  if (chunk) {
    if (this.finished) {
      onWriteError(this, writeAfterEnd(), typeof callback !== "function" ? nop : callback);
      return this;
    }
    write_(this, chunk, encoding, null, true);
  } else if (this.finished) {
    if (typeof callback === "function") {
      if (!this.writableFinished) this.on("finish", callback);
      else callback(codedError(Error, "ERR_STREAM_ALREADY_FINISHED", "Cannot call end after a stream was finished"));
    }
    return this;
  } else if (!this._header) {
    this._contentLength = 0;
    this._implicitHeader();
  }
  if (typeof callback === "function") this.once("finish", callback);
  this.finished = true;
  this._finishBody();
  return this;
};

OutgoingMessage.prototype.addTrailers = function addTrailers(headers) {
  for (const key of Object.keys(headers || {})) {
    const field = Array.isArray(headers) ? headers[key][0] : key;
    const value = Array.isArray(headers) ? headers[key][1] : headers[key];
    validateHeaderName(field, "Trailer name");
    if (checkInvalidHeaderChar(String(value))) {
      throw codedError(TypeError, "ERR_INVALID_CHAR", `Invalid character in trailer content ["${field}"]`);
    }
  }
  throw codedError(Error, "ERR_METHOD_NOT_IMPLEMENTED",
    "The addTrailers() method is not implemented: the sandbox's HTTP client cannot send request trailers");
};

OutgoingMessage.prototype.flushHeaders = function flushHeaders() {
  if (!this._header) this._implicitHeader();
  this._flushHead();
};

OutgoingMessage.prototype.pipe = function pipe() {
  this.emit("error", codedError(Error, "ERR_STREAM_CANNOT_PIPE", "Cannot pipe, not readable"));
};

// The transport hooks, which ClientRequest fills.
OutgoingMessage.prototype._send = function _send(data, encoding, callback) {
  nextTick(callback);
  return true;
};
OutgoingMessage.prototype._finishBody = function _finishBody() {};
OutgoingMessage.prototype._flushHead = function _flushHead() {};

// ---------------------------------------------------------------------------
// IncomingMessage: a response (a Readable fed by host.net)

function IncomingMessage(socket) {
  let streamOptions;
  if (socket && socket.readableHighWaterMark) streamOptions = { highWaterMark: socket.readableHighWaterMark };
  Readable.call(this, streamOptions);
  this._readableState.readingMore = true;
  this.socket = socket;
  this.httpVersionMajor = null;
  this.httpVersionMinor = null;
  this.httpVersion = null;
  this.complete = false;
  this[kHeaders] = null;
  this[kHeadersCount] = 0;
  this.rawHeaders = [];
  this[kTrailers] = null;
  this[kTrailersCount] = 0;
  this.rawTrailers = [];
  this.joinDuplicateHeaders = false;
  this.aborted = false;
  this.upgrade = null;
  this.url = "";
  this.method = null;
  this.statusCode = null;
  this.statusMessage = null;
  this.client = socket;
  this._consuming = false;
  this._dumped = false;
}
Object.setPrototypeOf(IncomingMessage.prototype, Readable.prototype);
Object.setPrototypeOf(IncomingMessage, Readable);

Object.defineProperty(IncomingMessage.prototype, "connection", {
  __proto__: null, configurable: true, enumerable: true,
  get() { return this.socket; },
  set(val) { this.socket = val; },
});

function lazyHeaders(kValue, kCount, raw, distinct) {
  return {
    __proto__: null, configurable: true, enumerable: true,
    get() {
      if (!this[kValue]) {
        this[kValue] = distinct ? { __proto__: null } : {};
        const src = this[raw];
        const dst = this[kValue];
        for (let n = 0; n < this[kCount]; n += 2) {
          if (distinct) this._addHeaderLineDistinct(src[n], src[n + 1], dst);
          else this._addHeaderLine(src[n], src[n + 1], dst);
        }
      }
      return this[kValue];
    },
    set(val) { this[kValue] = val; },
  };
}
Object.defineProperty(IncomingMessage.prototype, "headers", lazyHeaders(kHeaders, kHeadersCount, "rawHeaders", false));
Object.defineProperty(IncomingMessage.prototype, "headersDistinct",
  lazyHeaders(kHeadersDistinct, kHeadersCount, "rawHeaders", true));
Object.defineProperty(IncomingMessage.prototype, "trailers", lazyHeaders(kTrailers, kTrailersCount, "rawTrailers", false));
Object.defineProperty(IncomingMessage.prototype, "trailersDistinct",
  lazyHeaders(kTrailersDistinct, kTrailersCount, "rawTrailers", true));

IncomingMessage.prototype.setTimeout = function setTimeout(msecs, callback) {
  if (callback) this.on("timeout", callback);
  if (this.socket) this.socket.setTimeout(msecs);
  return this;
};

IncomingMessage.prototype._read = function _read() {
  if (!this._consuming) {
    this._readableState.readingMore = false;
    this._consuming = true;
  }
  const req = this.req;
  const net = req && req[kNet];
  if (net && net.paused && net.live) {
    net.paused = false;
    host.net.resume(net.id);
  }
};

IncomingMessage.prototype._destroy = function _destroy(err, cb) {
  if (!this.readableEnded || !this.complete) {
    this.aborted = true;
    this.emit("aborted");
  }
  const self = this;
  const done = () => {
    if (self.listenerCount("error") === 0) cb();
    else cb(err);
  };
  const req = this.req;
  const socket = this.socket;
  if (req && socket && !socket.destroyed && this.aborted) {
    // The transfer stops; the request closes after this response did.
    stopTransport(req);
    socket.destroyed = true;
    nextTick(() => {
      done();
      nextTick(socketClose, req, null, true);
    });
  } else {
    nextTick(done);
  }
};

// Which duplicates of a field Node keeps: "\u0000" joins with ", ", "\u0001"
// makes the array (set-cookie), "\u0002" joins with "; " (cookie), no mark
// keeps the first.
function matchKnownFields(field, lowercased) {
  switch (field.length) {
    case 3:
      if (field === "Age" || field === "age") return "age";
      break;
    case 4:
      if (field === "Host" || field === "host") return "host";
      if (field === "From" || field === "from") return "from";
      if (field === "ETag" || field === "etag") return "etag";
      if (field === "Date" || field === "date") return "\u0000date";
      if (field === "Vary" || field === "vary") return "\u0000vary";
      break;
    case 6:
      if (field === "Server" || field === "server") return "server";
      if (field === "Cookie" || field === "cookie") return "\u0002cookie";
      if (field === "Origin" || field === "origin") return "\u0000origin";
      if (field === "Expect" || field === "expect") return "\u0000expect";
      if (field === "Accept" || field === "accept") return "\u0000accept";
      break;
    case 7:
      if (field === "Referer" || field === "referer") return "referer";
      if (field === "Expires" || field === "expires") return "expires";
      if (field === "Upgrade" || field === "upgrade") return "\u0000upgrade";
      break;
    case 8:
      if (field === "Location" || field === "location") return "location";
      if (field === "If-Match" || field === "if-match") return "\u0000if-match";
      break;
    case 10:
      if (field === "User-Agent" || field === "user-agent") return "user-agent";
      if (field === "Set-Cookie" || field === "set-cookie") return "\u0001";
      if (field === "Connection" || field === "connection") return "\u0000connection";
      break;
    case 11:
      if (field === "Retry-After" || field === "retry-after") return "retry-after";
      break;
    case 12:
      if (field === "Content-Type" || field === "content-type") return "content-type";
      if (field === "Max-Forwards" || field === "max-forwards") return "max-forwards";
      break;
    case 13:
      if (field === "Authorization" || field === "authorization") return "authorization";
      if (field === "Last-Modified" || field === "last-modified") return "last-modified";
      if (field === "Cache-Control" || field === "cache-control") return "\u0000cache-control";
      if (field === "If-None-Match" || field === "if-none-match") return "\u0000if-none-match";
      break;
    case 14:
      if (field === "Content-Length" || field === "content-length") return "content-length";
      break;
    case 15:
      if (field === "Accept-Encoding" || field === "accept-encoding") return "\u0000accept-encoding";
      if (field === "Accept-Language" || field === "accept-language") return "\u0000accept-language";
      if (field === "X-Forwarded-For" || field === "x-forwarded-for") return "\u0000x-forwarded-for";
      break;
    case 16:
      if (field === "Content-Encoding" || field === "content-encoding") return "\u0000content-encoding";
      if (field === "X-Forwarded-Host" || field === "x-forwarded-host") return "\u0000x-forwarded-host";
      break;
    case 17:
      if (field === "If-Modified-Since" || field === "if-modified-since") return "if-modified-since";
      if (field === "Transfer-Encoding" || field === "transfer-encoding") return "\u0000transfer-encoding";
      if (field === "X-Forwarded-Proto" || field === "x-forwarded-proto") return "\u0000x-forwarded-proto";
      break;
    case 19:
      if (field === "Proxy-Authorization" || field === "proxy-authorization") return "proxy-authorization";
      if (field === "If-Unmodified-Since" || field === "if-unmodified-since") return "if-unmodified-since";
      break;
  }
  if (lowercased) return "\u0000" + field;
  return matchKnownFields(field.toLowerCase(), true);
}

IncomingMessage.prototype._addHeaderLines = function _addHeaderLines(headers, n) {
  if (headers && headers.length) {
    let dest;
    if (this.complete) {
      this.rawTrailers = headers;
      this[kTrailersCount] = n;
      dest = this[kTrailers];
    } else {
      this.rawHeaders = headers;
      this[kHeadersCount] = n;
      dest = this[kHeaders];
    }
    if (dest) for (let i = 0; i < n; i += 2) this._addHeaderLine(headers[i], headers[i + 1], dest);
  }
};

IncomingMessage.prototype._addHeaderLine = function _addHeaderLine(field, value, dest) {
  field = matchKnownFields(field);
  const flag = field.charCodeAt(0);
  if (flag === 0 || flag === 2) {
    field = field.slice(1);
    if (typeof dest[field] === "string") dest[field] += (flag === 0 ? ", " : "; ") + value;
    else dest[field] = value;
  } else if (flag === 1) {
    if (dest["set-cookie"] !== undefined) dest["set-cookie"].push(value);
    else dest["set-cookie"] = [value];
  } else if (this.joinDuplicateHeaders) {
    if (dest[field] === undefined) dest[field] = value;
    else dest[field] += ", " + value;
  } else if (dest[field] === undefined) {
    dest[field] = value;
  }
};

IncomingMessage.prototype._addHeaderLineDistinct = function _addHeaderLineDistinct(field, value, dest) {
  field = field.toLowerCase();
  if (!dest[field]) dest[field] = [value];
  else dest[field].push(value);
};

IncomingMessage.prototype._dump = function _dump() {
  if (!this._dumped) {
    this._dumped = true;
    this.removeAllListeners("data");
    this.resume();
  }
};

// ---------------------------------------------------------------------------
// SandboxSocket: what stands where Node has a net.Socket. There is no raw
// connection to read or write (libcurl holds it); this carries the idle
// timer and the fields code commonly reads.

class SandboxSocket extends EventEmitter {
  constructor(req, secure, host, port) {
    super();
    this._httpMessage = req;
    this.connecting = false;
    this.pending = false;
    this.destroyed = false;
    this.readable = true;
    this.writable = true;
    this.allowHalfOpen = false;
    this.remoteAddress = /^[\d.]+$/.test(host) || host.includes(":") ? host : undefined;
    this.remotePort = port;
    this.remoteFamily = this.remoteAddress === undefined ? undefined : host.includes(":") ? "IPv6" : "IPv4";
    this.localAddress = undefined;
    this.localPort = undefined;
    this.bytesRead = 0;
    this.bytesWritten = 0;
    this.timeout = undefined;
    this.writableLength = 0;
    if (secure) {
      this.encrypted = true;
      this.authorized = true; // verification cannot be turned off here
      this.authorizationError = null;
      this.servername = host;
      this.alpnProtocol = false;
    }
    this._hadError = false;
    this._timer = null;
    this._agent = null;
    this._agentName = null;
  }

  setTimeout(msecs, callback) {
    msecs = getTimerDuration(msecs, "msecs");
    this.timeout = msecs;
    this._clearTimer();
    if (msecs === 0) {
      if (callback) this.removeListener("timeout", callback);
    } else {
      this._armTimer();
      if (callback) this.once("timeout", callback);
    }
    return this;
  }

  _armTimer() {
    if (this.destroyed || !this.timeout) return;
    const timers = require("timers");
    this._timer = timers.setTimeout(() => {
      this._timer = null;
      this.emit("timeout");
    }, this.timeout);
    this._timer.unref();
  }

  _clearTimer() {
    if (this._timer !== null) {
      require("timers").clearTimeout(this._timer);
      this._timer = null;
    }
  }

  // Something came or went: the idle timer starts again.
  _active() {
    if (this.timeout && !this.destroyed) {
      this._clearTimer();
      this._armTimer();
    }
  }

  setNoDelay() { return this; }
  setKeepAlive() { return this; }
  ref() { return this; }
  unref() { return this; }
  cork() {}
  uncork() {}
  pause() { return this; }
  resume() { return this; }
  address() { return {}; }
  getPeerCertificate() { return {}; }
  getProtocol() { return null; }
  getCipher() { return null; }

  write() {
    throw denied("writing to the socket of an HTTP request is not available in the sandbox: write to the request instead");
  }

  end() {
    return this;
  }

  destroySoon() {
    this.destroy();
  }

  destroy(err) {
    if (this.destroyed) return this;
    this.destroyed = true;
    this._clearTimer();
    const req = this._httpMessage;
    if (req && req.socket === this) {
      const sent = req[kNet].started;
      stopTransport(req);
      nextTick(socketClose, req, err || null, sent);
    }
    return this;
  }
}

// ---------------------------------------------------------------------------
// Agent: bookkeeping (libcurl pools and reuses the connections)

function Agent(options) {
  if (!(this instanceof Agent)) return new Agent(options);
  EventEmitter.call(this);
  this.defaultPort = 80;
  this.protocol = "http:";
  this.options = { __proto__: null, ...options };
  if (this.options.noDelay === undefined) this.options.noDelay = true;
  this.options.path = null;
  this.requests = { __proto__: null };
  this.sockets = { __proto__: null };
  this.freeSockets = { __proto__: null };
  this.keepAliveMsecs = this.options.keepAliveMsecs || 1000;
  this.keepAlive = this.options.keepAlive || false;
  this.maxSockets = this.options.maxSockets || Agent.defaultMaxSockets;
  this.maxFreeSockets = this.options.maxFreeSockets || 256;
  this.scheduling = this.options.scheduling || "lifo";
  this.maxTotalSockets = this.options.maxTotalSockets;
  this.totalSocketCount = 0;
  this.agentKeepAliveTimeoutBuffer = 1000;
  if (this.scheduling !== "fifo" && this.scheduling !== "lifo") {
    throw codedError(TypeError, "ERR_INVALID_ARG_VALUE",
      `The argument 'scheduling' must be one of: 'fifo', 'lifo'. Received ${require("web_errors").inspectValue(this.scheduling)}`);
  }
  if (this.maxTotalSockets !== undefined) validateNumber(this.maxTotalSockets, "maxTotalSockets");
  else this.maxTotalSockets = Infinity;
}
Object.setPrototypeOf(Agent.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Agent, EventEmitter);

Agent.defaultMaxSockets = Infinity;

Agent.prototype.createConnection = function createConnection() {
  throw denied("net.createConnection is not available in the sandbox: requests go through the runtime's HTTP client");
};

Agent.prototype.getName = function getName(options = kEmptyObject) {
  let name = options.host || "localhost";
  name += ":";
  if (options.port) name += options.port;
  name += ":";
  if (options.localAddress) name += options.localAddress;
  if (options.family === 4 || options.family === 6) name += `:${options.family}`;
  if (options.socketPath) name += `:${options.socketPath}`;
  return name;
};

Agent.prototype.addRequest = function addRequest(req, options) {
  if (typeof req.onSocket !== "function") return;
  const socket = req.socket || newSocket(req);
  agentAdd(this, req, options || kEmptyObject, socket);
  req.onSocket(socket);
};

Agent.prototype.createSocket = function createSocket(req, options, cb) {
  const socket = newSocket(req);
  agentAdd(this, req, options || kEmptyObject, socket);
  nextTick(cb, null, socket);
};

Agent.prototype.removeSocket = function removeSocket(socket) {
  agentRemove(socket);
};

Agent.prototype.keepSocketAlive = function keepSocketAlive(socket) {
  socket.setKeepAlive(true, this.keepAliveMsecs);
  return true;
};

Agent.prototype.reuseSocket = function reuseSocket(socket, req) {
  req.reusedSocket = true;
};

Agent.prototype.destroy = function destroy() {
  for (const set of [this.freeSockets, this.sockets]) {
    for (const key of Object.keys(set)) for (const s of set[key].slice()) s.destroy();
  }
};

function agentAdd(agent, req, options, socket) {
  const name = typeof agent.getName === "function" ? agent.getName(options) : Agent.prototype.getName.call(agent, options);
  socket._agent = agent;
  socket._agentName = name;
  (agent.sockets[name] ||= []).push(socket);
  agent.totalSocketCount++;
}

function agentRemove(socket) {
  const agent = socket._agent;
  if (!agent) return;
  socket._agent = null;
  const list = agent.sockets[socket._agentName];
  if (list) {
    const i = list.indexOf(socket);
    if (i >= 0) {
      list.splice(i, 1);
      agent.totalSocketCount--;
    }
    if (list.length === 0) delete agent.sockets[socket._agentName];
  }
}

function newSocket(req) {
  const t = req[kNet];
  return new SandboxSocket(req, t.protocol === "https:", t.host, t.port);
}

// The agent Node 22 starts with (keep-alive on).
let globalAgent = null;
Object.defineProperty(Agent, "globalAgent", {
  __proto__: null, configurable: true, enumerable: true,
  get() { return globalAgent ??= new Agent({ keepAlive: true, scheduling: "lifo", timeout: 5000 }); },
  set(value) { globalAgent = value; },
});

// ---------------------------------------------------------------------------
// ClientRequest

function isURL(self) {
  return Boolean(self && self.href && self.protocol && self.auth === undefined && self.path === undefined);
}

function validateHost(host, name) {
  if (host !== null && host !== undefined && typeof host !== "string") {
    throw invalidArgType(`options.${name}`, "of type string or one of undefined or null", host);
  }
  return host;
}

// TLS options the sandbox cannot honour: verification always happens,
// against the system's CA store, without client certificates.
const TLS_REFUSED = ["ca", "cert", "key", "pfx", "passphrase", "crl", "checkServerIdentity", "clientCertEngine",
  "privateKeyEngine", "privateKeyIdentifier"];

function checkTlsOptions(options, agent) {
  const sources = [options];
  if (agent && agent.options) sources.push(agent.options);
  for (const src of sources) {
    if (src.rejectUnauthorized === false) {
      throw denied("rejectUnauthorized: false is not available in the sandbox: TLS certificates are always verified");
    }
    for (const name of TLS_REFUSED) {
      if (src[name] !== undefined && src[name] !== null) {
        throw denied(`options.${name} is not supported in the sandbox: TLS uses the system's CA store and no client certificate`);
      }
    }
  }
}

function ClientRequest(input, options, cb) {
  OutgoingMessage.call(this);

  if (typeof input === "string") {
    input = urlToHttpOptions(new URL(input));
  } else if (isURL(input)) {
    input = urlToHttpOptions(input);
  } else {
    cb = options;
    options = input;
    input = null;
  }
  if (typeof options === "function") {
    cb = options;
    options = input || kEmptyObject;
  } else {
    options = Object.assign(input || {}, options);
  }

  let agent = options.agent;
  const defaultAgent = options._defaultAgent || Agent.globalAgent;
  if (agent === false) {
    const AgentClass = defaultAgent.constructor;
    agent = new AgentClass();
  } else if (agent === null || agent === undefined) {
    if (typeof options.createConnection !== "function") agent = defaultAgent;
    if (options !== kEmptyObject) options.agent = agent;
  } else if (typeof agent.addRequest !== "function") {
    throw invalidArgType("options.agent", "one of Agent-like Object, undefined, or false", agent);
  }
  this.agent = agent;

  const protocol = options.protocol || defaultAgent.protocol;
  let expectedProtocol = defaultAgent.protocol;
  if (this.agent && this.agent.protocol) expectedProtocol = this.agent.protocol;

  if (options.path) {
    const path = String(options.path);
    if (INVALID_PATH_REGEX.test(path)) {
      throw codedError(TypeError, "ERR_UNESCAPED_CHARACTERS", "Request path contains unescaped characters");
    }
  }

  if (protocol !== expectedProtocol) {
    throw codedError(TypeError, "ERR_INVALID_PROTOCOL", `Protocol "${protocol}" not supported. Expected "${expectedProtocol}"`);
  }

  const defaultPort = options.defaultPort || (this.agent && this.agent.defaultPort);
  const optsWithoutSignal = { __proto__: null, ...options };
  const port = optsWithoutSignal.port = options.port || defaultPort || 80;
  const host = optsWithoutSignal.host = validateHost(options.hostname, "hostname") ||
    validateHost(options.host, "host") || "localhost";
  const setHost = options.setHost === undefined || Boolean(options.setHost);

  this.socketPath = options.socketPath;
  if (options.socketPath) {
    throw denied("options.socketPath (Unix domain sockets) is not available in the sandbox");
  }
  if (typeof options.createConnection === "function") {
    throw denied("options.createConnection is not supported in the sandbox: requests go through the runtime's HTTP client");
  }
  if (protocol === "https:") checkTlsOptions(options, this.agent);

  if (options.timeout !== undefined) this.timeout = getTimerDuration(options.timeout, "timeout");

  this[kNet] = {
    protocol, host, port: Number(port), defaultPort,
    id: -1, started: false, live: false, paused: false, mode: null,
    queue: [], queued: 0, callbacks: [], endSent: false, headOnly: false,
    wantStart: false, socketReady: false, connected: false, finishEmitted: false,
    drainScheduled: false, sinceDrain: 0,
  };

  const signal = options.signal;
  if (signal) {
    Stream.addAbortSignal(signal, this);
    delete optsWithoutSignal.signal;
  }

  let method = options.method;
  const methodIsString = typeof method === "string";
  if (method !== null && method !== undefined && !methodIsString) {
    throw invalidArgType("options.method", "of type string", method);
  }
  if (methodIsString && method) {
    if (!checkIsHttpToken(method)) throw invalidToken("Method", method);
    method = this.method = method.toUpperCase();
  } else {
    method = this.method = "GET";
  }
  if (method === "CONNECT") {
    throw denied("CONNECT requests (tunnels) are not available in the sandbox");
  }

  const maxHeaderSize = options.maxHeaderSize;
  if (maxHeaderSize !== undefined) validateInteger(maxHeaderSize, "maxHeaderSize", 0);
  this.maxHeaderSize = maxHeaderSize;

  const insecureHTTPParser = options.insecureHTTPParser;
  if (insecureHTTPParser !== undefined && typeof insecureHTTPParser !== "boolean") {
    throw invalidArgType("options.insecureHTTPParser", "of type boolean", insecureHTTPParser);
  }
  this.insecureHTTPParser = insecureHTTPParser;

  if (options.joinDuplicateHeaders !== undefined) {
    validateBoolean(options.joinDuplicateHeaders, "options.joinDuplicateHeaders");
  }
  this.joinDuplicateHeaders = options.joinDuplicateHeaders;

  this.path = options.path || "/";
  if (cb) this.once("response", cb);

  this.useChunkedEncodingByDefault = !(method === "GET" || method === "HEAD" || method === "DELETE" ||
    method === "OPTIONS" || method === "TRACE" || method === "CONNECT");

  this._ended = false;
  this.res = null;
  this.aborted = false;
  this.timeoutCb = null;
  this.upgradeOrConnect = false;
  this.parser = null;
  this.maxHeadersCount = null;
  this.reusedSocket = false;
  this.host = host;
  this.protocol = protocol;

  if (this.agent) {
    if (!this.agent.keepAlive && !Number.isFinite(this.agent.maxSockets)) {
      this._last = true;
      this.shouldKeepAlive = false;
    } else {
      this._last = false;
      this.shouldKeepAlive = true;
    }
  }

  const headersArray = Array.isArray(options.headers);
  if (!headersArray) {
    if (options.headers) {
      const keys = Object.keys(options.headers);
      for (let i = 0; i < keys.length; i++) this.setHeader(keys[i], options.headers[keys[i]]);
    }
    if (host && !this.getHeader("host") && setHost) {
      let hostHeader = host;
      const posColon = hostHeader.indexOf(":");
      if (posColon !== -1 && hostHeader.includes(":", posColon + 1) && hostHeader.charCodeAt(0) !== 91) {
        hostHeader = `[${hostHeader}]`;
      }
      if (port && +port !== defaultPort) hostHeader += ":" + port;
      this.setHeader("Host", hostHeader);
    }
    if (options.auth && !this.getHeader("Authorization")) {
      this.setHeader("Authorization", "Basic " + Buffer.from(options.auth).toString("base64"));
    }
    if (this.getHeader("expect")) {
      if (this._header) throw headersSent("render");
      this._storeHeader(this.method + " " + this.path + " HTTP/1.1\r\n", this[kOutHeaders]);
    }
  } else {
    this._storeHeader(this.method + " " + this.path + " HTTP/1.1\r\n", options.headers);
  }

  // "Connect": a stand-in socket now, the transfer once there is a head to send.
  if (!this.agent) {
    this._last = true;
    this.shouldKeepAlive = false;
  }
  const socket = newSocket(this);
  if (this.agent instanceof Agent) agentAdd(this.agent, this, optsWithoutSignal, socket);
  this.onSocket(socket);
}
Object.setPrototypeOf(ClientRequest.prototype, OutgoingMessage.prototype);
Object.setPrototypeOf(ClientRequest, OutgoingMessage);

ClientRequest.prototype._finish = function _finish() {
  this.emit("prefinish");
};

ClientRequest.prototype._implicitHeader = function _implicitHeader() {
  if (this._header) throw headersSent("render");
  this._storeHeader(this.method + " " + this.path + " HTTP/1.1\r\n", this[kOutHeaders]);
};

ClientRequest.prototype.abort = function abort() {
  if (this.aborted) return;
  this.aborted = true;
  // What was handed over counts as sent ('finish' comes before 'abort').
  if (this[kNet].started) nextTick(flushFinish, this);
  nextTick(emitAbortNT, this);
  this.destroy();
};

function emitAbortNT(req) {
  req.emit("abort");
}

ClientRequest.prototype.destroy = function destroy(err) {
  if (this.destroyed) return this;
  this.destroyed = true;
  if (this.res) this.res._dump();
  this[kErrored] = err;
  if (this.socket) this.socket.destroy(err);
  return this;
};

ClientRequest.prototype.onSocket = function onSocket(socket, err) {
  nextTick(onSocketNT, this, socket, err);
};

function onSocketNT(req, socket, err) {
  if (req.destroyed || err) {
    err = err || req[kErrored];
    req.destroyed = true;
    if (socket) {
      socket.destroyed = true;
      agentRemove(socket);
    }
    if (!req.aborted && !err) err = connReset("socket hang up");
    if (err) req.emit("error", err);
    req._closed = true;
    req.emit("close");
    return;
  }
  req.socket = socket;
  socket._httpMessage = req;
  if (req.timeout !== undefined) {
    listenSocketTimeout(req);
    socket.setTimeout(req.timeout);
  }
  req[kNet].socketReady = true;
  req.emit("socket", socket);
  maybeStart(req);
}

ClientRequest.prototype._deferToConnect = function _deferToConnect(method, args) {
  const call = () => {
    if (method) this.socket[method](...args);
  };
  if (!this.socket) this.once("socket", call);
  else call();
};

ClientRequest.prototype.setTimeout = function setTimeout(msecs, callback) {
  if (this._ended) return this;
  listenSocketTimeout(this);
  msecs = getTimerDuration(msecs, "msecs");
  if (callback) this.once("timeout", callback);
  if (this.socket) this.socket.setTimeout(msecs);
  else this.once("socket", (sock) => sock.setTimeout(msecs));
  return this;
};

function listenSocketTimeout(req) {
  if (req.timeoutCb) return;
  req.timeoutCb = emitRequestTimeout;
  if (req.socket) req.socket.once("timeout", emitRequestTimeout);
  else req.on("socket", (socket) => socket.once("timeout", emitRequestTimeout));
}

function emitRequestTimeout() {
  const req = this._httpMessage;
  if (req) {
    flushFinish(req);
    req.emit("timeout");
  }
}

ClientRequest.prototype.setNoDelay = function setNoDelay(noDelay) {
  this._deferToConnect("setNoDelay", [noDelay]);
};

ClientRequest.prototype.setSocketKeepAlive = function setSocketKeepAlive(enable, initialDelay) {
  this._deferToConnect("setKeepAlive", [enable, initialDelay]);
};

ClientRequest.prototype.clearTimeout = function clearTimeout(cb) {
  this.setTimeout(0, cb);
};

// --- the body, toward host.net

ClientRequest.prototype._send = function _send(bytes, encoding, callback) {
  const net = this[kNet];
  if (bytes.byteLength) {
    net.wantStart = true;
    if (net.mode === "stream") {
      const held = net.live ? host.net.write(net.id, bytes) : 0;
      nextTick(callback);
      maybeStart(this);
      // C says how much it holds; above its mark, 'drain' waits for its
      // "drain" event.
      if (held <= kUploadHigh) return true;
      net.waitC = true;
      this[kNeedDrain] = true;
      return false;
    } else if (net.mode === null) {
      net.queue.push(bytes);
      net.queued += bytes.byteLength;
      this.outputSize += bytes.byteLength;
      net.callbacks.push(callback);
    } else {
      nextTick(callback); // a head-only request: nothing more can go
    }
  } else {
    nextTick(callback);
  }
  maybeStart(this);
  // No word comes from C on how much it holds: what was written in this
  // turn of the loop counts, and 'drain' follows the next turn.
  net.sinceDrain += bytes.byteLength;
  if (net.sinceDrain < this[kHighWaterMark]) return true;
  this[kNeedDrain] = true;
  scheduleDrain(this);
  return false;
};

const kUploadHigh = 262144; // host.net's mark for a "drain" event

function scheduleDrain(req) {
  const net = req[kNet];
  if (net.drainScheduled) return;
  net.drainScheduled = true;
  require("timers").setImmediate(() => {
    net.drainScheduled = false;
    if (net.mode === null && !req.destroyed) {
      scheduleDrain(req); // not started yet: wait for the transfer
      return;
    }
    net.sinceDrain = 0;
    if (req[kNeedDrain]) {
      req[kNeedDrain] = false;
      if (!req.destroyed) req.emit("drain");
    }
  });
}

ClientRequest.prototype._finishBody = function _finishBody() {
  const net = this[kNet];
  net.wantStart = true;
  maybeStart(this);
  if (net.mode === "stream" && !net.endSent) {
    net.endSent = true;
    if (net.live) host.net.end(net.id);
  }
  scheduleFinish(this);
};

ClientRequest.prototype._flushHead = function _flushHead() {
  this[kNet].wantStart = true;
  maybeStart(this);
};

// Start the transfer once the socket was handed out and there is something
// to send: the whole body when end() came first, else a streamed body.
function maybeStart(req) {
  const net = req[kNet];
  if (net.started || !net.socketReady || req.destroyed || !req._header) return;
  if (!net.wantStart && !req[kWireState].expect) return;
  net.started = true;
  const state = req[kWireState];
  let stream = true;
  let body = null;
  if (req.finished && !req.chunkedEncoding && !state.te) {
    stream = false;
    if (net.queued) body = net.queue.length === 1 ? net.queue[0] : Buffer.concat(net.queue, net.queued);
    net.queue = [];
    net.endSent = true;
  } else if (!req.finished && net.queued === 0 && !req.useChunkedEncodingByDefault &&
             !state.contLen && !state.te && !state.expect) {
    // flushHeaders() on a GET-like request: Node sends no body framing, so
    // the head is all there is.
    stream = false;
    net.headOnly = true;
    net.endSent = true;
  }
  net.mode = stream ? "stream" : "whole";
  const url = targetURL(req);
  if (url === null) {
    net.live = false;
    net.queue = [];
    flushCallbacks(req);
    req.socket.destroyed = true;
    nextTick(socketClose, req, lookupError(req), false);
    return;
  }
  const opts = { method: req.method, url, headers: req[kWire], body: stream ? null : body, stream, decode: false };
  let onEvent = (kind, a, b, c) => onNetEvent(req, kind, a, b, c);
  // the request's events run in the async context that made it
  const ac = require("async_context");
  if (ac.enabled) onEvent = ac.bind(onEvent);
  try {
    net.id = host.net.request(opts, onEvent);
  } catch (err) {
    net.live = false;
    flushCallbacks(req);
    req.socket.destroyed = true;
    nextTick(socketClose, req, err, false);
    return;
  }
  net.live = true;
  if (stream) {
    for (const chunk of net.queue) host.net.write(net.id, chunk);
    net.queue = [];
    if (req.finished && !net.endSent) {
      net.endSent = true;
      host.net.end(net.id);
    }
  }
  net.queued = 0;
  req.outputSize = 0;
  req._headerSent = true;
  flushCallbacks(req);
  if (state.expect && /100-continue/i.test(String(req.getHeader("expect")))) {
    // libcurl waits for the 100 itself; the body may come now.
    nextTick(() => req.emit("continue"));
  }
  scheduleFinish(req);
}

function flushCallbacks(req) {
  const net = req[kNet];
  const cbs = net.callbacks;
  net.callbacks = [];
  for (const cb of cbs) nextTick(cb);
}

// 'finish': the whole request went out. C does not say when libcurl sent
// it, so it is emitted once the server is known to have it (a response, or
// data), or when the request's own timeout or destruction comes first.
function scheduleFinish(req) {
  const net = req[kNet];
  if (net.connected) nextTick(flushFinish, req);
}

function flushFinish(req) {
  const net = req[kNet];
  if (!net.finishEmitted && req.finished && net.started && net.endSent && net.mode !== null) {
    net.finishEmitted = true;
    req._finish();
    req.emit("finish");
  }
}

// The URL for host.net: the origin as the WHATWG parser serializes it, then
// the path as given (bytes above 0x7f percent-encoded, as Node sends them
// raw on the wire). null: the host cannot be in a URL (it would fail to
// resolve).
function targetURL(req) {
  const t = req[kNet];
  let host = t.host;
  if (host.includes(":") && host[0] !== "[") host = `[${host}]`;
  let origin;
  try {
    const u = new URL(`${t.protocol}//${host}:${t.port}/`);
    if (u.pathname !== "/" || u.search || u.username) return null;
    origin = u.origin;
  } catch {
    return null;
  }
  let path = String(req.path);
  if (path[0] !== "/") path = "/" + path;
  path = path.replace(/[\u0080-\u00ff]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
  return origin + path;
}

function lookupError(req) {
  const err = new Error(`getaddrinfo ENOTFOUND ${req.host}`);
  err.errno = -3008;
  err.code = "ENOTFOUND";
  err.syscall = "getaddrinfo";
  err.hostname = req.host;
  return err;
}

// host.net's error event -> the error Node would give.
const CERT_CODES = [
  [/self[- ]signed certificate in certificate chain/i, "SELF_SIGNED_CERT_IN_CHAIN"],
  [/self[- ]signed certificate/i, "DEPTH_ZERO_SELF_SIGNED_CERT"],
  [/unable to get local issuer certificate/i, "UNABLE_TO_GET_ISSUER_CERT_LOCALLY"],
  [/certificate has expired/i, "CERT_HAS_EXPIRED"],
  [/not yet valid/i, "CERT_NOT_YET_VALID"],
  [/subject name|does not match|alternative certificate/i, "ERR_TLS_CERT_ALTNAME_INVALID"],
];

function netError(req, ev) {
  const code = ev && ev.code ? String(ev.code) : "EIO";
  const message = ev && ev.message ? String(ev.message) : code;
  const t = req[kNet];
  let err;
  switch (code) {
    case "EACCES_POLICY":
      // The policy's refusal, word for word (it names the host and what is allowed).
      err = new Error(message);
      err.errno = -111;
      err.code = "ECONNREFUSED";
      err.syscall = "connect";
      err.address = req.host;
      err.port = t.port;
      return err;
    case "ENOTFOUND":
      return lookupError(req);
    case "ECONNREFUSED":
    case "ETIMEDOUT": {
      const errno = code === "ECONNREFUSED" ? -111 : -110;
      err = new Error(`connect ${code} ${req.host}:${t.port}`);
      err.errno = errno;
      err.code = code;
      err.syscall = "connect";
      err.address = req.host;
      err.port = t.port;
      return err;
    }
    case "ECERT": {
      // libcurl's "ECERT SSL certificate problem: <OpenSSL's text> (host:port)"
      // -> OpenSSL's text, which is Node's message.
      const m = /certificate problem: (.*) \([^()]*\)$/.exec(message);
      err = new Error(m ? m[1] : message);
      const hit = CERT_CODES.find(([re]) => re.test(message));
      err.code = hit ? hit[1] : "UNABLE_TO_VERIFY_LEAF_SIGNATURE";
      return err;
    }
    default:
      err = new Error(message);
      err.code = code;
      return err;
  }
}

// Errors that happen before the request could have reached the server.
const CONNECT_PHASE = new Set(["EACCES_POLICY", "ENOTFOUND", "ECONNREFUSED", "ETIMEDOUT", "ECERT", "EBUSY"]);

function onNetEvent(req, kind, a, b, c) {
  const net = req[kNet];
  if (!net.live) return;
  const socket = req.socket;
  switch (kind) {
    case "drain":
      if (net.waitC) {
        net.waitC = false;
        if (req[kNeedDrain]) {
          req[kNeedDrain] = false;
          if (!req.destroyed) req.emit("drain");
        }
      }
      break;
    case "response":
      net.connected = true;
      flushFinish(req);
      if (socket) socket._active();
      onResponse(req, a, b, c);
      break;
    case "data": {
      const res = req.res;
      if (socket) {
        socket._active();
        socket.bytesRead += a.byteLength;
      }
      if (!res || res.destroyed) return;
      const chunk = Buffer.from(a.buffer, a.byteOffset, a.byteLength);
      if (!res.push(chunk) && net.live && !net.paused) {
        net.paused = true;
        host.net.pause(net.id);
      }
      break;
    }
    case "end": {
      net.live = false;
      const res = req.res;
      if (!res) return;
      res.complete = true;
      if (!res.destroyed) res.push(null);
      break;
    }
    case "error": {
      net.live = false;
      const code = a && a.code;
      const sent = !CONNECT_PHASE.has(code) && !(code === "EPROTO" && net.protocol === "https:" && !req.res);
      if (sent) net.connected = true;
      if (socket) socket.destroyed = true;
      const err = req.res || code === "ECONNRESET" ? null : netError(req, a);
      socketClose(req, err, sent);
      break;
    }
  }
}

// Stop the transfer (no more events come for it).
function stopTransport(req) {
  const net = req[kNet];
  if (net.live) {
    net.live = false;
    host.net.abort(net.id);
  }
  net.queue = [];
}

// The connection is gone: what Node's socket 'error' and 'close' listeners do.
function socketClose(req, err, sent) {
  const socket = req.socket;
  if (socket) {
    socket.destroyed = true;
    socket._clearTimer();
    agentRemove(socket);
  }
  if (sent) flushFinish(req);
  if (err && !(socket && socket._hadError)) {
    if (socket) socket._hadError = true;
    req.emit("error", err);
  }
  req.destroyed = true;
  const res = req.res;
  if (res) {
    if (!res.complete) res.destroy(connReset("aborted"));
    if (!req._closed) {
      req._closed = true;
      req.emit("close");
    }
    if (!res.aborted && res.readable) res.push(null);
  } else {
    if (!(socket && socket._hadError)) {
      if (socket) socket._hadError = true;
      req.emit("error", connReset("socket hang up"));
    }
    req._closed = true;
    req.emit("close");
  }
  if (socket) socket.emit("close", !!err);
}

function keepsAlive(res) {
  const connection = String(res.headers.connection || "");
  if (res.httpVersionMajor >= 2) return true;
  if (res.httpVersionMajor === 1 && res.httpVersionMinor === 0) return /keep-alive/i.test(connection);
  return !RE_CONN_CLOSE.test(connection);
}

function onResponse(req, status, reason, pairs) {
  const socket = req.socket;
  const res = new IncomingMessage(socket);
  const version = (pairs && pairs.httpVersion) || "1.1";
  if (version === "2" || version === "3") {
    res.httpVersionMajor = Number(version);
    res.httpVersionMinor = 0;
    res.httpVersion = `${version}.0`;
  } else {
    const [major, minor] = version.split(".");
    res.httpVersionMajor = Number(major) || 1;
    res.httpVersionMinor = Number(minor) || 0;
    res.httpVersion = `${res.httpVersionMajor}.${res.httpVersionMinor}`;
  }
  res.statusCode = status;
  res.statusMessage = reason || (res.httpVersionMajor >= 2 ? STATUS_CODES[status] || "" : "");
  const raw = [];
  for (const [name, value] of pairs || []) raw.push(name, value);
  res.joinDuplicateHeaders = Boolean(req.joinDuplicateHeaders);
  res._addHeaderLines(raw, raw.length);
  res.req = req;

  if (status === 101) {
    req.res = res;
    res.complete = true;
    req.destroy(denied("protocol upgrades (101 Switching Protocols) are not available in the sandbox"));
    return;
  }
  if (req.shouldKeepAlive && !keepsAlive(res)) req.shouldKeepAlive = false;
  req.res = res;
  res.on("end", responseOnEnd);
  req.on("finish", requestOnFinish);
  if (socket) socket.on("timeout", responseOnTimeout);
  if (req.aborted || !req.emit("response", res)) res._dump();
}

function responseOnEnd() {
  const req = this.req;
  const socket = req.socket;
  if (socket) {
    if (req.timeoutCb) socket.removeListener("timeout", emitRequestTimeout);
    socket.removeListener("timeout", responseOnTimeout);
  }
  req._ended = true;
  if (!req.shouldKeepAlive) {
    // The connection closes: 'close' comes after the response's own.
    if (socket && !socket.destroyed) {
      socket.destroyed = true;
      socket._clearTimer();
      require("timers").setImmediate(socketClose, req, null, true);
    }
  } else if (req.writableFinished && !this.aborted) {
    responseKeepAlive(req);
  }
}

function requestOnFinish() {
  const req = this;
  if (req.shouldKeepAlive && req._ended) responseKeepAlive(req);
}

function responseKeepAlive(req) {
  const socket = req.socket;
  if (req.timeoutCb) {
    socket.setTimeout(0, req.timeoutCb);
    req.timeoutCb = null;
  }
  socket.timeout = 0;
  socket._clearTimer();
  agentRemove(socket);
  nextTick(emitFreeNT, req);
  req.destroyed = true;
  if (req.res) req.res.socket = null;
}

function emitFreeNT(req) {
  if (!req._closed) {
    req._closed = true;
    req.emit("close");
  }
  if (req.socket) req.socket.emit("free");
}

function responseOnTimeout() {
  const req = this._httpMessage;
  if (!req) return;
  const res = req.res;
  if (!res) return;
  res.emit("timeout");
}

// ---------------------------------------------------------------------------
// The module

function urlToHttpOptions(url) {
  return require("node_url").urlToHttpOptions(url);
}

function request(url, options, cb) {
  return new ClientRequest(url, options, cb);
}

function get(url, options, cb) {
  const req = request(url, options, cb);
  req.end();
  return req;
}

function refuseServer(what) {
  return denied(`${what} is not available in the sandbox yet: servers need the in-box loopback, ` +
    "which comes with the container phase");
}

function createServer() {
  throw refuseServer("http.createServer()");
}

function Server() {
  throw refuseServer("http.Server");
}

function ServerResponse() {
  throw refuseServer("http.ServerResponse");
}

function _connectionListener() {
  throw refuseServer("http._connectionListener");
}

function setMaxIdleHTTPParsers(max) {
  validateInteger(max, "max", 1);
}

const http = {
  _connectionListener,
  METHODS,
  STATUS_CODES,
  Agent,
  ClientRequest,
  IncomingMessage,
  OutgoingMessage,
  Server,
  ServerResponse,
  createServer,
  validateHeaderName,
  validateHeaderValue,
  get,
  request,
  setMaxIdleHTTPParsers,
  maxHeaderSize: 16384,
};
Object.defineProperty(http, "globalAgent", {
  __proto__: null, configurable: true, enumerable: true,
  get() { return Agent.globalAgent; },
  set(value) { Agent.globalAgent = value; },
});
// Node 22 also hands out the WebSocket globals here, where they exist.
for (const name of ["WebSocket", "CloseEvent", "MessageEvent"]) {
  if (Object.getOwnPropertyDescriptor(globalThis, name)) {
    Object.defineProperty(http, name, {
      __proto__: null, configurable: true, enumerable: true,
      get() { return globalThis[name]; },
    });
  }
}

exports.module = http;
exports.internals = { Agent, ClientRequest, refuseServer, urlToHttpOptions, isURL, kEmptyObject };
