// node_dgram.js - refused in the sandbox: loading works, every use throws
// (deny_module.js).
const { denyModule } = require("deny_module");
exports.module = denyModule("dgram", [
  "createSocket", "Socket",
]);
