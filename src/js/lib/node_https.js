// node_https.js - Node's `https` module, the client side: node:http's
// client over https: URLs. TLS is libcurl's, always verified against the
// system's CA store: options that would turn verification off or bring
// other certificates (rejectUnauthorized: false, ca, cert, key, pfx, ...)
// are refused with ERR_ACCESS_DENIED when the request is made. Servers are
// refused until the sandbox has its in-box loopback.

"use strict";

const { Agent: HttpAgent, ClientRequest, refuseServer, urlToHttpOptions, isURL, kEmptyObject } =
  require("node_http").internals;

function Agent(options) {
  if (!(this instanceof Agent)) return new Agent(options);
  HttpAgent.call(this, options);
  this.defaultPort = 443;
  this.protocol = "https:";
  this.maxCachedSessions = this.options.maxCachedSessions;
  if (this.maxCachedSessions === undefined) this.maxCachedSessions = 100;
  this._sessionCache = { map: {}, list: [] };
}
Object.setPrototypeOf(Agent.prototype, HttpAgent.prototype);
Object.setPrototypeOf(Agent, HttpAgent);

Agent.prototype.createConnection = function createConnection() {
  const err = new Error("tls.connect is not available in the sandbox: requests go through the runtime's HTTP client");
  err.code = "ERR_ACCESS_DENIED";
  throw err;
};

Agent.prototype.getName = function getName(options = kEmptyObject) {
  let name = HttpAgent.prototype.getName.call(this, options);
  const add = (value) => { name += ":"; if (value) name += value; };
  add(options.ca);
  add(options.cert);
  add(options.clientCertEngine);
  add(options.ciphers);
  add(options.key);
  add(options.pfx);
  add(options.rejectUnauthorized !== undefined ? String(options.rejectUnauthorized) : "");
  add(options.servername && options.servername !== options.host ? options.servername : "");
  add(options.minVersion);
  add(options.maxVersion);
  add(options.secureProtocol);
  add(options.crl);
  add(options.honorCipherOrder !== undefined ? String(options.honorCipherOrder) : "");
  add(options.ecdhCurve);
  add(options.dhparam);
  add(options.secureOptions !== undefined ? String(options.secureOptions) : "");
  add(options.sessionIdContext);
  add(options.sigalgs ? JSON.stringify(options.sigalgs) : "");
  add(options.privateKeyIdentifier);
  add(options.privateKeyEngine);
  return name;
};

let globalAgent = null;
const https = { Agent };
Object.defineProperty(https, "globalAgent", {
  __proto__: null, configurable: true, enumerable: true,
  get() {
    return globalAgent ??= new Agent({ keepAlive: true, scheduling: "lifo", timeout: 5000, defaultPort: 443, protocol: "https:" });
  },
  set(value) { globalAgent = value; },
});
Object.assign(https, { Server, createServer, get, request });

function request(...args) {
  let options = {};
  if (typeof args[0] === "string") {
    options = urlToHttpOptions(new URL(args.shift()));
  } else if (isURL(args[0])) {
    options = urlToHttpOptions(args.shift());
  }
  if (args[0] && typeof args[0] !== "function") Object.assign(options, args.shift());
  options._defaultAgent = https.globalAgent;
  args.unshift(options);
  return new ClientRequest(...args);
}

function get(input, options, cb) {
  const req = request(input, options, cb);
  req.end();
  return req;
}

function createServer() {
  throw refuseServer("https.createServer()");
}

function Server() {
  throw refuseServer("https.Server");
}

exports.module = https;
