// node_timers.js - `timers`.
const t = require("timers");
exports.setTimeout = t.setTimeout;
exports.clearTimeout = t.clearTimeout;
exports.setInterval = t.setInterval;
exports.clearInterval = t.clearInterval;
exports.setImmediate = t.setImmediate;
exports.clearImmediate = t.clearImmediate;
Object.defineProperty(exports, "promises", { get: () => require("node_timers_promises"), enumerable: true });
