// node_path_posix.js - `path/posix`: the POSIX path functions (the same object as `path`).
exports.module = require("node_path").module;
