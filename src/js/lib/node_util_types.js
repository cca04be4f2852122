// node_util_types.js - `util/types`: the same object as util.types.
exports.module = require("node_util").types;
