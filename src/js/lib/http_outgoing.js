// http_outgoing.js - node:http's OutgoingMessage (see node_http.js): the
// head and the body being written, which ClientRequest extends.
"use strict";

const {
  Buffer, RE_CONN_CLOSE, RE_TE_CHUNKED, Stream, checkInvalidHeaderChar, codedError, headersSent,
  invalidArgType, invalidArgValue, isUint8Array, kCorked, kErrored, kHighWaterMark, kNeedDrain,
  kNet, kOutHeaders, kWire, kWireState, nextTick, nop, validateHeaderName, validateHeaderValue,
  validateString, writeAfterEnd,
} = require("http_common");

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
  // a server's response: Date, and Keep-Alive after Connection, as Node
  if (this.sendDate && !state.date) add("Date", new Date().toUTCString());
  if (this._removedConnection) {
    this._last = !this.shouldKeepAlive;
  } else if (!state.connection) {
    const shouldSendKeepAlive = this.shouldKeepAlive &&
      (state.contLen || this.useChunkedEncodingByDefault || this.agent);
    if (shouldSendKeepAlive && this.maxRequestsOnConnectionReached) {
      add("Connection", "close");
    } else if (shouldSendKeepAlive) {
      add("Connection", "keep-alive");
      if (this._keepAliveTimeout && this._defaultKeepAlive) {
        add("Keep-Alive", `timeout=${Math.floor(this._keepAliveTimeout / 1000)}`);
      }
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

Object.assign(exports, { OutgoingMessage });
