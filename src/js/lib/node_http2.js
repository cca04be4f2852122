// node_http2.js - refused in the sandbox: loading works, every use throws
// (deny_module.js).
const { denyModule } = require("deny_module");
exports.module = denyModule("http2", [
  "connect", "constants", "createServer", "createSecureServer", "getDefaultSettings", "getPackedSettings",
  "getUnpackedSettings", "sensitiveHeaders", "Http2ServerRequest", "Http2ServerResponse",
]);
