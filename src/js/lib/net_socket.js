// net_socket.js - node:net's Socket and Server on the box's network
// (host.sock, src/js/sock.c): the kernel makes each connection and hands
// over a real socket; bytes then move on a libuv stream here. Written from
// Node 22's documentation and its observed event order.
//
// What Node does on TCP that has no meaning here is accepted and kept as
// state (setNoDelay, setKeepAlive). A connection is made at once (the
// kernel answers connect in one call), so 'connect' comes on the next
// tick, as it does for a loopback connection in Node.

"use strict";

const { Duplex } = require("node_stream").module;
const EventEmitter = require("node_events").module;
const { Buffer } = require("node_buffer");
const util = require("node_util");
const { nextTick } = require("tasks");

const S = host.sock;

function errorFor(errno, syscall, address, port) {
  return util._exceptionWithHostPort(errno, syscall, address, port);
}

// listen's errors are libuv's in Node: "listen EADDRINUSE: address already
// in use :::3000"
function listenError(errno, address, port) {
  const code = util.getSystemErrorName(errno);
  const err = new Error(`listen ${code}: ${util.getSystemErrorMessage(errno)} ${address}:${port}`);
  err.code = code;
  err.errno = errno;
  err.syscall = "listen";
  err.address = address;
  err.port = port;
  return err;
}

function argError(code, message, Ctor = TypeError) {
  const err = new Ctor(message);
  err.code = code;
  return err;
}

function invalidArgType(name, expected, value) {
  let got;
  if (value == null) got = ` Received ${value}`;
  else if (typeof value === "function") got = ` Received function ${value.name}`;
  else if (typeof value === "object") got = ` Received an instance of ${value.constructor?.name ?? "Object"}`;
  else got = ` Received type ${typeof value} (${util.inspect(value)})`;
  return argError("ERR_INVALID_ARG_TYPE", `The "${name}" argument must be ${expected}.${got}`);
}

function validPort(port, name = "Port", allowZero = true) {
  if ((typeof port !== "number" && typeof port !== "string") ||
      (typeof port === "string" && port.trim().length === 0) ||
      +port !== (+port >>> 0) || +port > 0xffff || (port === 0 && !allowZero)) {
    throw argError("ERR_SOCKET_BAD_PORT",
      `${name} should be >= 0 and < 65536. Received ${typeof port === "string" ? `type string ('${port}')` : `type ${typeof port} (${util.inspect(port)})`}.`,
      RangeError);
  }
  return +port;
}

function familyOf(address) {
  return address.includes(":") ? "IPv6" : "IPv4";
}

// ---------------------------------------------------------------- isIP

const v4Seg = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])";
const v4Str = `(?:${v4Seg}\\.){3}${v4Seg}`;
const IPv4Reg = new RegExp(`^${v4Str}$`);
const v6Seg = "(?:[0-9a-fA-F]{1,4})";
const IPv6Reg = new RegExp("^(?:" +
  `(?:${v6Seg}:){7}(?:${v6Seg}|:)|` +
  `(?:${v6Seg}:){6}(?:${v4Str}|:${v6Seg}|:)|` +
  `(?:${v6Seg}:){5}(?::${v4Str}|(?::${v6Seg}){1,2}|:)|` +
  `(?:${v6Seg}:){4}(?:(?::${v6Seg}){0,1}:${v4Str}|(?::${v6Seg}){1,3}|:)|` +
  `(?:${v6Seg}:){3}(?:(?::${v6Seg}){0,2}:${v4Str}|(?::${v6Seg}){1,4}|:)|` +
  `(?:${v6Seg}:){2}(?:(?::${v6Seg}){0,3}:${v4Str}|(?::${v6Seg}){1,5}|:)|` +
  `(?:${v6Seg}:){1}(?:(?::${v6Seg}){0,4}:${v4Str}|(?::${v6Seg}){1,6}|:)|` +
  `(?::(?:(?::${v6Seg}){0,5}:${v4Str}|(?::${v6Seg}){1,7}|:))` +
  ")(?:%[0-9a-zA-Z-.:]{1,})?$");

function isIPv4(s) { return IPv4Reg.test(`${s}`); }
function isIPv6(s) { return IPv6Reg.test(`${s}`); }
function isIP(s) { return isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0; }

// --------------------------------------------------------------- Socket

const kHandle = Symbol("kHandle");
const kSetup = Symbol("kSetup");

class Socket extends Duplex {
  constructor(options) {
    if (typeof options === "number") options = { fd: options };
    else options = { ...options };
    const allowHalfOpen = !!options.allowHalfOpen;
    // Node ends the writable side itself when the peer ends (unless
    // allowHalfOpen), and emits 'close' with hadError
    super({ ...options, allowHalfOpen: true, emitClose: false, autoDestroy: true,
            decodeStrings: false });
    this.allowHalfOpen = allowHalfOpen;
    this[kHandle] = 0;
    this.connecting = false;
    this._hadError = false;
    this._reading = false;
    this._peerEnded = false;
    this._host = null;
    this._timeoutMs = 0;
    this._timer = null;
    this._addr = null;
    this._bytesRead = 0;
    this._bytesWritten = 0;
    this._ref = true;
    this.server = null;
    this._server = null;
    this.on("end", onReadableEnd);
    if (options.fd !== undefined) this[kSetup](options.fd, null);
  }

  // A connected box descriptor (accepted or connected) becomes our stream.
  [kSetup](fd, addr) {
    const id = S.open(fd);
    if (id < 0) throw errorFor(id, "open");
    this[kHandle] = id;
    this._addr = addr;
    if (!this._ref) S.ref(id, false);
    if (this.readableFlowing !== false && this._readableState.length < this.readableHighWaterMark &&
        this._wantRead) this._startReading();
  }

  _startReading() {
    if (this._reading || !this[kHandle]) return;
    this._reading = true;
    S.readStart(this[kHandle], (chunk) => {
      if (chunk === null) {
        this._reading = false;
        this._peerEnded = true;
        this.push(null);
        return;
      }
      if (typeof chunk === "number") {
        this._reading = false;
        this.destroy(errorFor(chunk, "read"));
        return;
      }
      this._bytesRead += chunk.length;
      this._touch();
      const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      if (!this.push(buf)) {
        this._reading = false;
        S.readStop(this[kHandle]);
      }
    });
  }

  _read() {
    this._wantRead = true;
    if (this.connecting) return this.once("connect", () => this._startReading());
    this._startReading();
  }

  _write(chunk, encoding, cb) {
    if (this.connecting) {
      this.once("connect", () => this._write(chunk, encoding, cb));
      return;
    }
    if (!this[kHandle]) return cb(argError("ERR_SOCKET_CLOSED", "Socket is closed", Error));
    if (typeof chunk === "string") chunk = Buffer.from(chunk, encoding);
    this._touch();
    const r = S.write(this[kHandle], chunk, (status) => {
      if (status < 0) return cb(errorFor(status, "write"));
      this._bytesWritten += chunk.length;
      cb();
    });
    if (r < 0) cb(errorFor(r, "write"));
  }

  _final(cb) {
    if (this.connecting) return this.once("connect", () => this._final(cb));
    if (!this[kHandle]) return cb();
    const r = S.shutdown(this[kHandle], () => cb());
    if (r < 0) cb(r === -107 /* ENOTCONN */ ? null : errorFor(r, "shutdown"));
  }

  _destroy(err, cb) {
    this.connecting = false;
    this._clearTimer();
    if (this[kHandle]) {
      S.close(this[kHandle]);
      this[kHandle] = 0;
    }
    this._hadError = !!err;
    cb(err);
    nextTick(() => {
      this.emit("close", this._hadError);
      if (this._server) this._server._connectionGone(this);
    });
  }

  connect(...args) {
    let [options, cb] = normalizeConnectArgs(args);
    if (options.path !== undefined)
      throw argError("ERR_ACCESS_DENIED", "net: connecting to a Unix socket path is not possible in the box: use a port", Error);
    if (this.destroyed) {
      this._readableState.destroyed = this._writableState.destroyed = false;
      this.destroyed = false;
    }
    const port = validPort(options.port, "Port", true);
    const hostname = options.host ?? "localhost";
    if (typeof hostname !== "string") throw invalidArgType("options.host", "of type string", hostname);
    if (cb) this.once("connect", cb);
    if (options.timeout) this.setTimeout(options.timeout);
    this.connecting = true;
    this._host = hostname;
    const r = S.connect(hostname, port);
    const why = typeof r === "number" ? S.lastError() : "";
    // after the loop's next poll, where the server accepts: Node's order
    // for a loopback connection is the server's 'connection' first
    require("timers").setImmediate(() => {
      if (this.destroyed) return;
      if (typeof r === "number") {
        this.connecting = false;
        this.destroy(connectError(r, why, hostname, port));
        return;
      }
      this.emit("lookup", null, r[3], familyOf(r[3]) === "IPv6" ? 6 : 4, hostname);
      try {
        this[kSetup](r[0], { local: r[1], lport: r[2], peer: r[3], pport: r[4] });
      } catch (e) {
        this.destroy(e);
        return;
      }
      this.connecting = false;
      this.emit("connect");
      this.emit("ready");
      if (this._wantRead || this.readableFlowing) this._startReading();
    });
    return this;
  }

  get pending() { return !this[kHandle] || this.connecting; }
  get readyState() {
    if (this.connecting) return "opening";
    if (this.readable && this.writable) return "open";
    if (this.readable && !this.writable) return "readOnly";
    if (!this.readable && this.writable) return "writeOnly";
    return "closed";
  }
  get remoteAddress() { return this._addr?.peer; }
  get remotePort() { return this._addr?.pport; }
  get remoteFamily() { return this._addr ? familyOf(this._addr.peer) : undefined; }
  get localAddress() { return this._addr?.local; }
  get localPort() { return this._addr?.lport; }
  get localFamily() { return this._addr ? familyOf(this._addr.local) : undefined; }
  get bytesRead() { return this._bytesRead; }
  get bytesWritten() { return this._bytesWritten + this.writableLength; }
  get bufferSize() { return this.writableLength; }
  get timeout() { return this._timeoutMs || undefined; }
  get _handle() { return this[kHandle] ? { fd: -1 } : null; }

  address() {
    if (!this._addr) return {};
    return { address: this._addr.local, family: familyOf(this._addr.local), port: this._addr.lport };
  }

  setTimeout(ms, cb) {
    if (typeof ms !== "number" || !(ms >= 0)) throw invalidArgType("msecs", "of type number", ms);
    this._timeoutMs = ms;
    this._clearTimer();
    if (cb) {
      if (ms === 0) this.removeListener("timeout", cb);
      else this.once("timeout", cb);
    }
    if (ms > 0) this._armTimer();
    return this;
  }

  _armTimer() {
    const { setTimeout: st } = require("timers");
    this._timer = st(() => {
      this._timer = null;
      this.emit("timeout");
    }, this._timeoutMs);
    this._timer.unref();
  }

  _clearTimer() {
    if (this._timer) {
      require("timers").clearTimeout(this._timer);
      this._timer = null;
    }
  }

  _touch() {
    if (this._timeoutMs > 0 && this._timer) this._timer.refresh();
  }

  setNoDelay(noDelay = true) { this._noDelay = !!noDelay; return this; }
  setKeepAlive(enable = false, delay = 0) { this._keepAlive = [!!enable, delay]; return this; }

  ref() {
    this._ref = true;
    if (this[kHandle]) S.ref(this[kHandle], true);
    return this;
  }

  unref() {
    this._ref = false;
    if (this[kHandle]) S.ref(this[kHandle], false);
    return this;
  }

  destroySoon() {
    if (this.writable) this.end();
    if (this.writableFinished) this.destroy();
    else this.once("finish", () => this.destroy());
  }

  resetAndDestroy() {
    return this.destroy(argError("ERR_SOCKET_CLOSED", "Socket is closed", Error));
  }
}

// The peer ended: without allowHalfOpen our side ends too (Node's
// onReadableStreamEnd); autoDestroy closes the socket once both are done.
function onReadableEnd() {
  if (!this.allowHalfOpen && this.writable && !this.writableEnded) this.end();
}

// A connect the kernel refused or could not make, as Node words it: DNS
// failures are getaddrinfo's, the policy's refusal says what is allowed.
function connectError(r, why, hostname, port) {
  if (r === -101 && !why) return networkError(hostname, port);
  if (r === -6) {
    const err = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    err.errno = -3008;
    err.code = "ENOTFOUND";
    err.syscall = "getaddrinfo";
    err.hostname = hostname;
    return err;
  }
  const address = hostname === "localhost" ? "127.0.0.1" : hostname;
  const err = errorFor(r, "connect", address, port);
  if (r === -13 && why) err.message += " - " + why.replace(/^connection to \S+ refused: /, "");
  return err;
}

function networkError(hostname, port) {
  const err = new Error(`connect ENETUNREACH ${hostname}:${port} - the box has no network: ` +
    "only the box's own addresses (localhost, 127.0.0.1, ::1) can be reached");
  err.code = "ENETUNREACH";
  err.errno = -101;
  err.syscall = "connect";
  err.address = hostname;
  err.port = port;
  return err;
}

function normalizeConnectArgs(args) {
  if (args.length === 0) return [{}, null];
  let options;
  const a0 = args[0];
  if (a0 !== null && typeof a0 === "object" && !Array.isArray(a0)) options = { ...a0 };
  else if (typeof a0 === "string" && !/^\d+$/.test(a0) && Number.isNaN(+a0)) options = { path: a0 };
  else {
    options = { port: a0 };
    if (args.length > 1 && typeof args[1] === "string") options.host = args[1];
  }
  const last = args[args.length - 1];
  return [options, typeof last === "function" ? last : null];
}

// --------------------------------------------------------------- Server

class Server extends EventEmitter {
  constructor(options, listener) {
    super();
    if (typeof options === "function") {
      listener = options;
      options = {};
    } else if (options == null) options = {};
    else if (typeof options !== "object") throw invalidArgType("options", "of type object", options);
    if (listener) this.on("connection", listener);
    this.allowHalfOpen = !!options.allowHalfOpen;
    this.pauseOnConnect = !!options.pauseOnConnect;
    this.noDelay = !!options.noDelay;
    this.keepAlive = !!options.keepAlive;
    this.maxConnections = undefined;
    this._watch = 0;
    this._fd = -1;
    this._address = null;
    this._connections = new Set();
    this._ref = true;
    this._closeCbs = [];
    this._connectionKey = null;
  }

  get listening() { return !!this._watch; }

  listen(...args) {
    let cb = typeof args[args.length - 1] === "function" ? args.pop() : null;
    let port = 0, hostname, backlog = 511;
    const a0 = args[0];
    if (a0 !== null && typeof a0 === "object" && !Array.isArray(a0)) {
      if (a0.path !== undefined)
        throw argError("ERR_ACCESS_DENIED", "net: listening on a Unix socket path is not possible in the box: use a port", Error);
      if (a0.port !== undefined) port = validPort(a0.port);
      hostname = a0.host;
      if (a0.backlog !== undefined) backlog = a0.backlog;
    } else if (typeof a0 === "string" && !/^\d+$/.test(a0)) {
      throw argError("ERR_ACCESS_DENIED", "net: listening on a Unix socket path is not possible in the box: use a port", Error);
    } else {
      if (a0 !== undefined && a0 !== null) port = validPort(a0);
      if (typeof args[1] === "string") {
        hostname = args[1];
        if (typeof args[2] === "number") backlog = args[2];
      } else if (typeof args[1] === "number") backlog = args[1];
    }
    if (this._watch) throw argError("ERR_SERVER_ALREADY_LISTEN", "Listen method has been called more than once without closing.", Error);
    if (cb) this.once("listening", cb);
    const r = S.listen(hostname ?? "", port, backlog);
    if (typeof r === "number") {
      // Node binds "::" first and, when bind itself fails (EACCES), tries
      // "0.0.0.0", whose error it reports; libuv reports EADDRINUSE at
      // listen(), on "::"
      const err = listenError(r, hostname ?? (r === -13 ? "0.0.0.0" : "::"), port);
      nextTick(() => this.emit("error", err));
      return this;
    }
    this._fd = r[0];
    this._address = { address: r[1], family: familyOf(r[1]), port: r[2] };
    this._connectionKey = `${this._address.family === "IPv6" ? 6 : 4}:${r[1]}:${r[2]}`;
    this._watch = S.watch(this._fd, () => this._acceptAll());
    if (this._watch < 0) {
      const err = errorFor(this._watch, "listen", r[1], r[2]);
      this._watch = 0;
      nextTick(() => this.emit("error", err));
      return this;
    }
    if (!this._ref) S.ref(this._watch, false);
    nextTick(() => { if (this._watch) this.emit("listening"); });
    return this;
  }

  _acceptAll() {
    while (this._watch) { // a 'connection' listener may close the server
      const r = S.accept(this._fd);
      if (typeof r === "number") {
        if (r !== -11 /* EAGAIN */) this.emit("error", errorFor(r, "accept"));
        return;
      }
      if (this.maxConnections !== undefined && this._connections.size >= this.maxConnections) {
        const s = new Socket({ allowHalfOpen: this.allowHalfOpen });
        s[kSetup](r[0], null);
        this.emit("drop", { localAddress: r[1], localPort: r[2], localFamily: familyOf(r[1]),
                            remoteAddress: r[3], remotePort: r[4], remoteFamily: familyOf(r[3]) });
        s.destroy();
        continue;
      }
      const sock = new Socket({ allowHalfOpen: this.allowHalfOpen });
      sock.server = this;
      sock._server = this;
      try {
        sock[kSetup](r[0], { local: r[1], lport: r[2], peer: r[3], pport: r[4] });
      } catch (e) {
        this.emit("error", e);
        continue;
      }
      this._connections.add(sock);
      if (this.pauseOnConnect) sock.pause();
      this.emit("connection", sock);
    }
  }

  _connectionGone(sock) {
    this._connections.delete(sock);
    this._maybeClosed();
  }

  _maybeClosed() {
    if (this._watch || this._connections.size || !this._closing) return;
    this._closing = false;
    const cbs = this._closeCbs;
    this._closeCbs = [];
    nextTick(() => {
      for (const cb of cbs) cb();
      this.emit("close");
    });
  }

  address() {
    return this._address ? { ...this._address } : null;
  }

  close(cb) {
    if (typeof cb === "function") {
      if (!this._watch) {
        this.once("close", () => cb(argError("ERR_SERVER_NOT_RUNNING", "Server is not running.", Error)));
      } else this._closeCbs.push(cb);
    }
    if (this._watch) {
      S.close(this._watch);
      this._watch = 0;
      this._fd = -1;
      this._address = null;
    }
    this._closing = true;
    this._maybeClosed();
    return this;
  }

  getConnections(cb) {
    const n = this._connections.size;
    if (typeof cb === "function") nextTick(cb, null, n);
    return this;
  }

  ref() {
    this._ref = true;
    if (this._watch) S.ref(this._watch, true);
    return this;
  }

  unref() {
    this._ref = false;
    if (this._watch) S.ref(this._watch, false);
    return this;
  }

  [Symbol.asyncDispose]() {
    return new Promise((resolve, reject) => {
      if (!this._watch) return resolve();
      this.close((err) => (err ? reject(err) : resolve()));
    });
  }
}

exports.Socket = Socket;
exports.Server = Server;
exports.isIP = isIP;
exports.isIPv4 = isIPv4;
exports.isIPv6 = isIPv6;
exports.normalizeConnectArgs = normalizeConnectArgs;
exports.kSetup = kSetup;
