// http_agent.js - node:http's Agent and the socket it hands out (see
// node_http.js): SandboxSocket, which stands where Node has a net.Socket,
// and the Agent's bookkeeping (libcurl pools and reuses the connections).
"use strict";

const {
  EventEmitter, codedError, denied, getTimerDuration, kEmptyObject, kNet, nextTick, validateNumber,
} = require("http_common");

// http_client.js and this file use each other's functions; its names are
// bound at the end of this file, once this file's exports are set.
let socketClose, stopTransport;

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

Object.assign(exports, { Agent, agentAdd, agentRemove, newSocket });
({ socketClose, stopTransport } = require("http_client"));
