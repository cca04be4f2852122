exports.a = 1;
exports["b"] = 2;
module.exports.c = function () {};
module.exports["d"] = 3;
exports.e = exports.f = 4;
const s = "exports.notme = 1";
// exports.comment = 1;
/* module.exports.block = 1 */
if (x) exports.g = 5;
