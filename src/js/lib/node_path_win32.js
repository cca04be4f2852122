// node_path_win32.js - `path/win32`: the Windows path functions (`path.win32`).
exports.module = require("node_path").module.win32;
