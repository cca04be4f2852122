// http_server.js - node:http's Server and ServerResponse for a box's node:
// HTTP/1.1 over net.Socket (net_socket.js, the box's network). Written
// from Node 22's documentation and its observed behaviour: the head it
// writes (Date, Connection, Keep-Alive, then the body's framing), keep-alive
// and pipelined requests answered in order, chunked bodies both ways,
// Expect: 100-continue, Upgrade and CONNECT handed to their events, and
// the 400/431 answers of a malformed request when nobody listens for
// 'clientError'.

"use strict";

const {
  Buffer, METHODS, STATUS_CODES, codedError, invalidArgType, kNeedDrain, kOutHeaders, kResume,
  nextTick, nop, RE_CONN_CLOSE,
} = require("http_common");
const { OutgoingMessage } = require("http_outgoing");
const { IncomingMessage } = require("http_incoming");
const { Server: NetServer } = require("net_socket");

const kIncomingMessage = Symbol("IncomingMessage");
const kServerResponse = Symbol("ServerResponse");
const CRLF = Buffer.from("\r\n", "latin1");
const methodSet = new Set(METHODS);
const tokenRe = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

// ---------------------------------------------------------------------------
// ServerResponse

function ServerResponse(req, options) {
  OutgoingMessage.call(this, options);
  if (req.method === "HEAD") this._hasBody = false;
  this.req = req;
  this.sendDate = true;
  this.statusCode = 200;
  this.statusMessage = undefined;
  this._sent100 = false;
  this._expect_continue = false;
  this._trailer = "";
  if (req.httpVersionMajor < 1 || (req.httpVersionMajor === 1 && req.httpVersionMinor < 1)) {
    this.useChunkedEncodingByDefault = /(?:^|\W)chunked(?:$|\W)/i.test(req.headers.te || "");
    this.shouldKeepAlive = /(?:^|\W)keep-alive(?:$|\W)/i.test(req.headers.connection || "");
  } else {
    this.shouldKeepAlive = !RE_CONN_CLOSE.test(req.headers.connection || "");
  }
}
Object.setPrototypeOf(ServerResponse.prototype, OutgoingMessage.prototype);
Object.setPrototypeOf(ServerResponse, OutgoingMessage);

ServerResponse.prototype.assignSocket = function assignSocket(socket) {
  if (socket._httpMessage) throw codedError(Error, "ERR_HTTP_SOCKET_ASSIGNED", "ServerResponse has an already assigned socket");
  socket._httpMessage = this;
  this.socket = socket;
  this.emit("socket", socket);
};

ServerResponse.prototype.detachSocket = function detachSocket(socket) {
  if (socket._httpMessage === this) socket._httpMessage = null;
  this.socket = null;
};

ServerResponse.prototype.writeContinue = function writeContinue(cb) {
  this._writeRaw(Buffer.from("HTTP/1.1 100 Continue\r\n\r\n", "latin1"), cb);
  this._sent100 = true;
};

ServerResponse.prototype.writeProcessing = function writeProcessing(cb) {
  this._writeRaw(Buffer.from("HTTP/1.1 102 Processing\r\n\r\n", "latin1"), cb);
};

ServerResponse.prototype.writeEarlyHints = function writeEarlyHints(hints, cb) {
  let head = "HTTP/1.1 103 Early Hints\r\n";
  for (const key of Object.keys(hints || {})) {
    const v = hints[key];
    for (const one of Array.isArray(v) ? v : [v]) head += `${key}: ${one}\r\n`;
  }
  this._writeRaw(Buffer.from(head + "\r\n", "latin1"), cb);
};

ServerResponse.prototype._implicitHeader = function _implicitHeader() {
  this.writeHead(this.statusCode);
};

ServerResponse.prototype.writeHead = function writeHead(statusCode, reason, obj) {
  if (this._header) {
    throw codedError(Error, "ERR_HTTP_HEADERS_SENT", "Cannot write headers after they are sent to the client");
  }
  const original = statusCode;
  statusCode |= 0;
  if (statusCode < 100 || statusCode > 999) {
    throw codedError(RangeError, "ERR_HTTP_INVALID_STATUS_CODE", `Invalid status code: ${original}`);
  }
  if (typeof reason === "string") this.statusMessage = reason;
  else {
    if (!this.statusMessage) this.statusMessage = STATUS_CODES[statusCode] || "unknown";
    obj ??= reason;
  }
  this.statusCode = statusCode;
  let headers;
  if (this[kOutHeaders]) {
    // what setHeader stored, overridden by what writeHead names
    if (obj) {
      if (Array.isArray(obj)) {
        if (obj.length && Array.isArray(obj[0])) for (const [k, v] of obj) this.setHeader(k, v);
        else for (let i = 0; i < obj.length; i += 2) this.appendHeader(obj[i], obj[i + 1]);
      } else {
        for (const k of Object.keys(obj)) if (obj[k] !== undefined) this.setHeader(k, obj[k]);
      }
    }
    headers = this[kOutHeaders];
  } else {
    headers = obj;
  }
  if (/[^\t\x20-\x7e\x80-\xff]/.test(this.statusMessage)) {
    throw codedError(TypeError, "ERR_INVALID_CHAR", "Invalid character in statusMessage");
  }
  const statusLine = `HTTP/1.1 ${statusCode} ${this.statusMessage}\r\n`;
  if (statusCode === 204 || statusCode === 304 || (statusCode >= 100 && statusCode <= 199)) {
    this._hasBody = false;
  }
  if (this._expect_continue && !this._sent100) this.shouldKeepAlive = false;
  this._storeHeader(statusLine, headers);
  return this;
};

ServerResponse.prototype.writeHeader = ServerResponse.prototype.writeHead;

ServerResponse.prototype.addTrailers = function addTrailers(headers) {
  const keys = Array.isArray(headers) ? headers.map((h) => h[0]) : Object.keys(headers || {});
  for (let i = 0; i < keys.length; i++) {
    const field = keys[i];
    const value = Array.isArray(headers) ? headers[i][1] : headers[field];
    if (!tokenRe.test(field)) {
      throw codedError(TypeError, "ERR_INVALID_HTTP_TOKEN", `Trailer name must be a valid HTTP token ["${field}"]`);
    }
    this._trailer += `${field}: ${value}\r\n`;
  }
};

// The socket's write, or nothing once the response has none.
ServerResponse.prototype._writeRaw = function _writeRaw(data, cb) {
  const sock = this.socket;
  if (!sock || sock.destroyed) {
    if (typeof cb === "function") nextTick(cb);
    return false;
  }
  const ok = sock.write(data, typeof cb === "function" ? cb : undefined);
  if (!ok) this[kNeedDrain] = true;
  return ok;
};

ServerResponse.prototype._headBytes = function _headBytes() {
  if (this._headerSent || !this._header) return null;
  this._headerSent = true;
  return Buffer.from(this._header, "latin1");
};

ServerResponse.prototype._flushHead = function _flushHead() {
  const head = this._headBytes();
  if (head) this._writeRaw(head);
};

ServerResponse.prototype._send = function _send(data, encoding, cb) {
  const parts = [];
  const head = this._headBytes();
  if (head) parts.push(head);
  if (this._hasBody && data.length) {
    if (this.chunkedEncoding) parts.push(Buffer.from(`${data.length.toString(16)}\r\n`, "latin1"), data, CRLF);
    else parts.push(data);
  }
  if (!parts.length) {
    if (typeof cb === "function") nextTick(cb);
    return true;
  }
  this.outputSize += data.length;
  return this._writeRaw(parts.length === 1 ? parts[0] : Buffer.concat(parts), (err) => {
    this.outputSize -= data.length;
    if (typeof cb === "function") cb(err);
  });
};

ServerResponse.prototype._finishBody = function _finishBody() {
  const parts = [];
  const head = this._headBytes();
  if (head) parts.push(head);
  if (this.chunkedEncoding && this._hasBody) parts.push(Buffer.from(`0\r\n${this._trailer}\r\n`, "latin1"));
  const done = () => {
    if (this._finished) return;
    this._finished = true;
    this.emit("prefinish");
    this.emit("finish");
  };
  if (!this.socket || this.socket.destroyed) return nextTick(done);
  if (parts.length) this._writeRaw(parts.length === 1 ? parts[0] : Buffer.concat(parts), done);
  else if (this.socket.writableLength) this._writeRaw(Buffer.alloc(0), done);
  else nextTick(done);
};

Object.defineProperty(ServerResponse.prototype, "writableFinished", {
  __proto__: null, configurable: true, enumerable: false,
  get() { return !!this._finished; },
});

// ---------------------------------------------------------------------------
// The request parser: one per connection, over the socket's bytes

const MAX_HEADER = 16384;

class Parser {
  constructor(server, socket) {
    this.server = server;
    this.socket = socket;
    this.buf = null;        // bytes not yet parsed
    this.state = "head";    // head | length | chunk-size | chunk-data | chunk-crlf | trailers | upgraded
    this.left = 0;          // body bytes still to come (length, chunk-data)
    this.req = null;        // the request whose body is being read
    this.trailers = [];
    this.queue = [];        // [req, res] waiting for the response before them
    this.current = null;    // the response being written
    this.requests = 0;
  }

  feed(chunk) {
    this.buf = this.buf && this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    while (this.buf && this.buf.length && this.state !== "upgraded" && !this.dead) {
      if (!this.step()) break;
    }
  }

  // One unit of work; false when more bytes are needed.
  step() {
    const b = this.buf;
    switch (this.state) {
      case "head": {
        if (this.current && this.queue.length > 8) return false; // hold a deep pipeline
        let end = b.indexOf("\r\n\r\n", 0, "latin1");
        let sep = 4;
        if (end < 0) {
          const lf = b.indexOf("\n\n", 0, "latin1");
          if (lf >= 0) { end = lf; sep = 2; }
        }
        if (end < 0) {
          if (b.length > MAX_HEADER) this.fail(431, "HPE_HEADER_OVERFLOW", "Header overflow");
          return false;
        }
        if (end > MAX_HEADER) return this.fail(431, "HPE_HEADER_OVERFLOW", "Header overflow"), false;
        const text = b.toString("latin1", 0, end);
        this.buf = b.subarray(end + sep);
        // leading empty lines before a request are allowed (RFC 9112 2.2)
        return this.head(text.replace(/^(?:\r?\n)+/, ""));
      }
      case "length": {
        const n = Math.min(this.left, b.length);
        this.left -= n;
        this.buf = b.subarray(n);
        this.body(b.subarray(0, n));
        if (this.left === 0) this.bodyDone();
        return true;
      }
      case "chunk-size": {
        const nl = b.indexOf("\n");
        if (nl < 0) {
          if (b.length > 1024) this.fail(400, "HPE_INVALID_CHUNK_SIZE", "Invalid character in chunk size");
          return false;
        }
        const line = b.toString("latin1", 0, nl).replace(/\r$/, "");
        this.buf = b.subarray(nl + 1);
        const m = /^([0-9a-fA-F]+)[ \t]*(?:;.*)?$/.exec(line);
        if (!m) return this.fail(400, "HPE_INVALID_CHUNK_SIZE", "Invalid character in chunk size"), false;
        this.left = parseInt(m[1], 16);
        this.state = this.left === 0 ? "trailers" : "chunk-data";
        return true;
      }
      case "chunk-data": {
        const n = Math.min(this.left, b.length);
        this.left -= n;
        this.buf = b.subarray(n);
        this.body(b.subarray(0, n));
        if (this.left === 0) this.state = "chunk-crlf";
        return true;
      }
      case "chunk-crlf": {
        if (b.length < 2 && b[0] === 13) return false;
        const skip = b[0] === 13 && b[1] === 10 ? 2 : b[0] === 10 ? 1 : -1;
        if (skip < 0) return this.fail(400, "HPE_STRICT", "Expected LF after chunk data"), false;
        this.buf = b.subarray(skip);
        this.state = "chunk-size";
        return true;
      }
      case "trailers": {
        const nl = b.indexOf("\n");
        if (nl < 0) return false;
        const line = b.toString("latin1", 0, nl).replace(/\r$/, "");
        this.buf = b.subarray(nl + 1);
        if (line === "") {
          if (this.trailers.length) this.req._addHeaderLines(this.trailers, this.trailers.length);
          this.trailers = [];
          this.bodyDone();
          return true;
        }
        const colon = line.indexOf(":");
        if (colon > 0) this.trailers.push(line.slice(0, colon), line.slice(colon + 1).trim());
        return true;
      }
    }
    return false;
  }

  head(text) {
    const lines = text.split(/\r?\n/);
    const m = /^([^ ]+) ([^ ]+) HTTP\/(\d)\.(\d)$/.exec(lines[0]);
    if (!m) {
      if (/^[A-Z-]+ /.test(lines[0]) && !methodSet.has(lines[0].split(" ")[0]))
        return this.fail(400, "HPE_INVALID_METHOD", "Invalid method encountered"), false;
      return this.fail(400, "HPE_INVALID_CONSTANT", "Expected HTTP/"), false;
    }
    if (!methodSet.has(m[1])) return this.fail(400, "HPE_INVALID_METHOD", "Invalid method encountered"), false;
    const raw = [];
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      if (/^[ \t]/.test(line) && raw.length) { // obsolete folding: joined, as llhttp's lenient mode
        raw[raw.length - 1] += " " + line.trim();
        continue;
      }
      const colon = line.indexOf(":");
      const name = colon > 0 ? line.slice(0, colon) : "";
      if (!tokenRe.test(name)) return this.fail(400, "HPE_INVALID_HEADER_TOKEN", "Invalid header token"), false;
      raw.push(name, line.slice(colon + 1).trim());
    }
    const server = this.server;
    const req = new server[kIncomingMessage](this.socket);
    req.method = m[1];
    req.url = m[2];
    req.httpVersionMajor = +m[3];
    req.httpVersionMinor = +m[4];
    req.httpVersion = `${m[3]}.${m[4]}`;
    req.joinDuplicateHeaders = !!server.joinDuplicateHeaders;
    const max = server.maxHeadersCount > 0 ? server.maxHeadersCount * 2 : raw.length;
    req._addHeaderLines(raw.slice(0, max), Math.min(raw.length, max));
    const h = req.headers;
    const te = h["transfer-encoding"];
    const cl = h["content-length"];
    if (te !== undefined && cl !== undefined) {
      return this.fail(400, "HPE_UNEXPECTED_CONTENT_LENGTH", "Content-Length can't be present with Transfer-Encoding"), false;
    }
    if (cl !== undefined && !/^\d+$/.test(cl)) return this.fail(400, "HPE_INVALID_CONTENT_LENGTH", "Invalid character in Content-Length"), false;
    this.requests++;
    // Upgrade and CONNECT leave HTTP: the socket goes to the event
    const upgrade = m[1] === "CONNECT" ||
      (h.upgrade !== undefined && /(?:^|\W)upgrade(?:$|\W)/i.test(h.connection || ""));
    if (upgrade) {
      const ev = m[1] === "CONNECT" ? "connect" : "upgrade";
      if (server.listenerCount(ev) > 0) {
        req.upgrade = true;
        this.state = "upgraded";
        const rest = this.buf || Buffer.alloc(0);
        this.buf = null;
        this.detach();
        req.complete = true;
        req.push(null);
        server.emit(ev, req, this.socket, rest);
        return false;
      }
      if (ev === "connect") { this.socket.destroy(); this.dead = true; return false; }
    }
    req.upgrade = false;
    const res = new server[kServerResponse](req);
    if (server.maxRequestsPerSocket > 0 && this.requests >= server.maxRequestsPerSocket) {
      res.shouldKeepAlive = false;
      res.maxRequestsOnConnectionReached = true;
    }
    res._keepAliveTimeout = server.keepAliveTimeout;
    if (te !== undefined) {
      if (!/(?:^|,)\s*chunked\s*$/i.test(te)) {
        return this.fail(400, "HPE_INVALID_TRANSFER_ENCODING", "Request has invalid `Transfer-Encoding`"), false;
      }
      this.state = "chunk-size";
      this.req = req;
    } else if (cl !== undefined && +cl > 0) {
      this.state = "length";
      this.left = +cl;
      this.req = req;
    } else {
      this.state = "head";
      this.req = null;
      req.complete = true;
      req.push(null);
    }
    this.dispatch(req, res);
    return true;
  }

  body(bytes) {
    const req = this.req;
    if (!req || !bytes.length) return;
    if (req._dumped || req.destroyed) return;
    if (!req.push(Buffer.from(bytes))) {
      this.socket.pause();
      req[kResume] = () => {
        req[kResume] = null;
        this.socket.resume();
      };
    }
  }

  bodyDone() {
    const req = this.req;
    this.req = null;
    this.state = "head";
    if (!req) return;
    req.complete = true;
    req[kResume] = null;
    if (!req.destroyed) req.push(null);
    if (this.socket.isPaused()) this.socket.resume();
  }

  dispatch(req, res) {
    if (this.current) {
      this.queue.push([req, res]);
      return;
    }
    this.start(req, res);
  }

  start(req, res) {
    const server = this.server;
    const socket = this.socket;
    this.current = res;
    socket._idle = false;
    if (socket._keepAliveTimer) { socket.setTimeout(server.timeout || 0); socket._keepAliveTimer = false; }
    res.assignSocket(socket);
    res.on("finish", () => this.finished(req, res));
    socket.on("drain", res._ondrain ??= () => {
      if (res[kNeedDrain]) {
        res[kNeedDrain] = false;
        res.emit("drain");
      }
    });
    const expect = req.headers.expect;
    if (expect !== undefined) {
      if (/^100-continue$/i.test(expect)) {
        res._expect_continue = true;
        if (server.listenerCount("checkContinue") > 0) return server.emit("checkContinue", req, res);
        res.writeContinue();
      } else if (server.listenerCount("checkExpectation") > 0) {
        return server.emit("checkExpectation", req, res);
      } else {
        res.writeHead(417);
        res.end();
        return;
      }
    }
    server.emit("request", req, res);
  }

  finished(req, res) {
    const socket = this.socket;
    socket.removeListener("drain", res._ondrain);
    res.detachSocket(socket);
    if (!req.complete || !req.readableEnded) req._dump();
    nextTick(() => {
      res.emit("close");
      if (!req.destroyed) req.destroy(); // req emits 'close' once its response is done
    });
    this.current = null;
    if (res._last || !res.shouldKeepAlive) {
      this.dead = true;
      if (!socket.destroyed) socket.destroySoon();
      return;
    }
    const next = this.queue.shift();
    if (next) return this.start(next[0], next[1]);
    socket._idle = true;
    if (this.server._closing) return socket.destroySoon();
    if (this.server.keepAliveTimeout > 0) {
      socket._keepAliveTimer = true;
      socket.setTimeout(this.server.keepAliveTimeout);
    }
    if (this.buf && this.buf.length) this.feed(Buffer.alloc(0));
  }

  fail(status, code, reason) {
    this.dead = true;
    const socket = this.socket;
    const err = new Error(`Parse Error: ${reason}`);
    err.code = code;
    err.bytesParsed = 0;
    err.rawPacket = this.buf;
    this.detach();
    if (this.server.listenerCount("clientError") > 0) {
      this.server.emit("clientError", err, socket);
      return;
    }
    if (socket.writable && !this.current) {
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
    }
    socket.destroySoon();
  }

  detach() {
    const socket = this.socket;
    socket.removeListener("data", socket._httpOnData);
    socket.removeListener("end", socket._httpOnEnd);
    socket._httpParser = null;
  }
}

// ---------------------------------------------------------------------------
// Server

class Server extends NetServer {
  constructor(options, requestListener) {
    if (typeof options === "function") {
      requestListener = options;
      options = {};
    } else if (options == null) options = {};
    else if (typeof options !== "object") throw invalidArgType("options", "of type object", options);
    super({ allowHalfOpen: true, noDelay: options.noDelay ?? true, keepAlive: options.keepAlive });
    this[kIncomingMessage] = options.IncomingMessage || IncomingMessage;
    this[kServerResponse] = options.ServerResponse || ServerResponse;
    this.timeout = 0;
    this.maxHeadersCount = null;
    this.maxRequestsPerSocket = options.maxRequestsPerSocket ?? 0;
    this.headersTimeout = options.headersTimeout ?? 60000;
    this.requestTimeout = options.requestTimeout ?? 300000;
    this.keepAliveTimeout = options.keepAliveTimeout ?? 5000;
    this.joinDuplicateHeaders = options.joinDuplicateHeaders;
    this.requireHostHeader = options.requireHostHeader ?? true;
    this.httpAllowHalfOpen = false;
    if (requestListener) this.on("request", requestListener);
    this.on("connection", connectionListener);
  }

  setTimeout(msecs, callback) {
    this.timeout = msecs;
    if (callback) this.on("timeout", callback);
    return this;
  }

  close(cb) {
    this.closeIdleConnections();
    return super.close(cb);
  }

  closeAllConnections() {
    for (const s of this._connections) s.destroy();
  }

  closeIdleConnections() {
    this._closing = true;
    for (const s of this._connections) if (s._idle) s.destroy();
  }
}

function connectionListener(socket) {
  const server = this;
  const parser = new Parser(server, socket);
  socket._httpParser = parser;
  socket._idle = true;
  if (server.timeout) socket.setTimeout(server.timeout);
  socket.on("timeout", () => {
    const res = socket._httpMessage;
    if (socket._keepAliveTimer || socket._idle) return socket.destroy();
    const reqOk = res && res.emit("timeout", socket);
    const srvOk = server.emit("timeout", socket);
    if (!reqOk && !srvOk) socket.destroy();
  });
  socket._httpOnData = (chunk) => parser.feed(chunk);
  socket._httpOnEnd = () => {
    if (parser.req && !parser.req.complete) {
      parser.req.aborted = true;
      parser.req.emit("aborted");
      parser.req.destroy(codedError(Error, "ECONNRESET", "aborted"));
    }
    if (!parser.current) socket.end();
    else parser.current.shouldKeepAlive = false;
  };
  socket.on("data", socket._httpOnData);
  socket.on("end", socket._httpOnEnd);
  socket.on("error", (err) => {
    if (server.listenerCount("clientError") > 0) server.emit("clientError", err, socket);
    else socket.destroy();
  });
  socket.on("close", () => {
    const res = socket._httpMessage;
    if (res && !res._finished) {
      res.destroyed = true;
      res._closed = true;
      res.emit("close");
      const req = res.req;
      if (req && !req.destroyed) {
        if (!req.complete) { req.aborted = true; req.emit("aborted"); }
        req.destroy();
      }
    }
  });
}

Object.assign(exports, { Server, ServerResponse, kIncomingMessage, kServerResponse, connectionListener, nop });
