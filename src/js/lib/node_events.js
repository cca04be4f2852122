// node_events.js - `events`: EventEmitter is the module's value.
exports.module = require("events").EventEmitter;
