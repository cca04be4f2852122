const a = 1, c = 3, o = { x: 1 };
module.exports = { a, b: 2, c, d: o.x, e: c };
