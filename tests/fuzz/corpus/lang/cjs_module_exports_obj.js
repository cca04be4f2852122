 module.exports = { a, b: 2, "c": 3, d() {}, ...rest };
