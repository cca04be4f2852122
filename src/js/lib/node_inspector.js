// node_inspector.js - refused in the sandbox: loading works, every use throws
// (deny_module.js).
const { denyModule } = require("deny_module");
exports.module = denyModule("inspector", [
  "Session", "close", "console", "open", "url", "waitForDebugger",
  "Network",
]);
