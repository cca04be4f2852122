module.exports = require("./a.cjs");
module.exports = require("./b.cjs");
