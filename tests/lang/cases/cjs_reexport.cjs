module.exports = require("./other.cjs");
