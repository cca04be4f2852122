__exportStar(require("./first"), exports);
module.exports = require("./second");
if (process.env.X) module.exports = require("./third");
__exportStar(require("./fourth"), exports);
