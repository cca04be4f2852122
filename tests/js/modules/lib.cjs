exports.alpha = 1;
exports.beta = function beta() { return "beta"; };
module.exports.gamma = "g";
Object.defineProperty(exports, "delta", { enumerable: true, get() { return "d"; } });
