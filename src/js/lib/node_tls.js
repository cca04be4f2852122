// node_tls.js - refused in the sandbox: loading works, every use throws
// (deny_module.js).
const { denyModule } = require("deny_module");
exports.module = denyModule("tls", [
  "CLIENT_RENEG_LIMIT", "CLIENT_RENEG_WINDOW", "DEFAULT_CIPHERS", "DEFAULT_ECDH_CURVE", "DEFAULT_MIN_VERSION", "DEFAULT_MAX_VERSION",
  "getCiphers", "rootCertificates", "convertALPNProtocols", "checkServerIdentity", "createSecureContext", "SecureContext",
  "TLSSocket", "Server", "createServer", "connect", "createSecurePair",
]);
