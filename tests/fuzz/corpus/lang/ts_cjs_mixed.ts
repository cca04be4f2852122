 const x: number = require("x");
module.exports = { x } as const;
