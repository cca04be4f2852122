// node_assert_strict.js - `assert/strict`: the strict assertions (assert.strict).
exports.module = require("node_assert").module.strict;
