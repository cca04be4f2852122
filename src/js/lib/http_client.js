// http_client.js - node:http's client (see node_http.js): SandboxSocket,
// which stands where Node has a net.Socket; the Agent's bookkeeping
// (libcurl pools and reuses the connections); and ClientRequest: its
// options, the head and body handed to host.net, the transport's events,
// the response and keep-alive.
"use strict";

const {
  Buffer, checkIsHttpToken, codedError, connReset, denied, EventEmitter, getTimerDuration,
  headersSent, INVALID_PATH_REGEX, invalidArgType, invalidToken, kEmptyObject, kErrored,
  kHighWaterMark, kNeedDrain, kNet, kOutHeaders, kWire, kWireState, nextTick, RE_CONN_CLOSE,
  STATUS_CODES, Stream, validateBoolean, validateInteger, validateNumber,
} = require("http_common");
const { OutgoingMessage } = require("http_outgoing");

// http_incoming.js uses this file's functions and it uses IncomingMessage;
// that name is bound at the end of this file, once its exports are set.
let IncomingMessage;

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

function urlToHttpOptions(url) {
  return require("node_url").urlToHttpOptions(url);
}

Object.assign(exports, {
  Agent, ClientRequest, isURL, socketClose, stopTransport, urlToHttpOptions,
});
({ IncomingMessage } = require("http_incoming"));
