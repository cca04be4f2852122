// node_net.js - Node's `net` module. In a box's node its sockets are the
// box's network (net_socket.js over host.sock); in exec, where guest code
// has no sockets, loading works and every use throws.
"use strict";

const { denyModule } = require("deny_module");

if (!host.node) {
  exports.module = denyModule("net", [
    "connect", "createConnection", "createServer", "isIP", "isIPv4", "isIPv6", "Server", "Socket", "Stream", "BlockList",
    "SocketAddress", "getDefaultAutoSelectFamily", "setDefaultAutoSelectFamily", "getDefaultAutoSelectFamilyAttemptTimeout",
    "setDefaultAutoSelectFamilyAttemptTimeout",
  ]);
} else {
  const { Socket, Server, isIP, isIPv4, isIPv6, normalizeConnectArgs } = require("net_socket");
  let autoSelectFamily = true, autoSelectFamilyAttemptTimeout = 250;
  const net = {
    Socket,
    Stream: Socket,
    Server,
    createServer(options, listener) { return new Server(options, listener); },
    connect(...args) {
      const [options] = normalizeConnectArgs(args);
      const s = new Socket(options);
      if (options.timeout) s.setTimeout(options.timeout);
      return s.connect(...args);
    },
    isIP,
    isIPv4,
    isIPv6,
    getDefaultAutoSelectFamily() { return autoSelectFamily; },
    setDefaultAutoSelectFamily(v) { autoSelectFamily = !!v; },
    getDefaultAutoSelectFamilyAttemptTimeout() { return autoSelectFamilyAttemptTimeout; },
    setDefaultAutoSelectFamilyAttemptTimeout(v) { autoSelectFamilyAttemptTimeout = Math.max(10, v | 0); },
  };
  net.createConnection = net.connect;
  exports.module = net;
}
