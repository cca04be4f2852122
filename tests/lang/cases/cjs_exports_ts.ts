const value: number = 1;
exports.value = value;
module.exports.typed = <const>"x";
