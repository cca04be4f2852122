// http_incoming.js - node:http's IncomingMessage (see node_http.js): a
// response, a Readable that http_client.js feeds from host.net.
"use strict";

const {
  Readable, kHeaders, kHeadersCount, kHeadersDistinct, kNet, kResume, kTrailers, kTrailersCount,
  kTrailersDistinct, nextTick,
} = require("http_common");

// http_client.js and this file use each other's functions; its names are
// bound at the end of this file, once this file's exports are set.
let socketClose, stopTransport;

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
  if (this[kResume]) return this[kResume]();
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

Object.assign(exports, { IncomingMessage });
({ socketClose, stopTransport } = require("http_client"));
