// node_console.js - `console`: the global console is the module's value.
exports.module = require("console").console;
