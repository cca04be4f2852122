// node_repl.js - refused in the sandbox: loading works, every use throws
// (deny_module.js).
const { denyModule } = require("deny_module");
exports.module = denyModule("repl", [
  "start", "writer", "REPLServer", "REPL_MODE_SLOPPY", "REPL_MODE_STRICT", "Recoverable",
  "builtinModules",
]);
