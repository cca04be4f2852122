 module.exports = require("./other");
