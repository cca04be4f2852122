// node_process.js - `process` as a module.
exports.module = require("process").process;
