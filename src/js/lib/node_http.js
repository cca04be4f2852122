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
//
// The parts: http_common.js (shared tables, errors and checks),
// http_outgoing.js, http_incoming.js and http_client.js (the socket
// stand-in, the Agent, ClientRequest and the transport); this file is the
// module object.

"use strict";

const {
  METHODS, STATUS_CODES, denied, kEmptyObject, validateHeaderName, validateHeaderValue,
  validateInteger,
} = require("http_common");
const { OutgoingMessage } = require("http_outgoing");
const { IncomingMessage } = require("http_incoming");
const { Agent, ClientRequest, isURL, urlToHttpOptions } = require("http_client");

// ---------------------------------------------------------------------------
// The module

function request(url, options, cb) {
  return new ClientRequest(url, options, cb);
}

function get(url, options, cb) {
  const req = request(url, options, cb);
  req.end();
  return req;
}

function refuseServer(what) {
  if (host.node) return denied(`${what} is not in the box's node yet: servers need the box's network (issue 22)`);
  return denied(`${what} is not available in the sandbox yet: servers need the in-box loopback, ` +
    "which comes with the container phase");
}

// A box's node serves on the box's network (http_server.js); exec has no
// sockets, and refuses.
let createServer, Server, ServerResponse, _connectionListener;
if (host.node) {
  ({ Server, ServerResponse, connectionListener: _connectionListener } = require("http_server"));
  createServer = (options, listener) => new Server(options, listener);
} else {
  createServer = function createServer() { throw refuseServer("http.createServer()"); };
  Server = function Server() { throw refuseServer("http.Server"); };
  ServerResponse = function ServerResponse() { throw refuseServer("http.ServerResponse"); };
  _connectionListener = function _connectionListener() { throw refuseServer("http._connectionListener"); };
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
