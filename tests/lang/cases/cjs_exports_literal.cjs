const a = 1, b = 2, c = 3;
module.exports = {
  a,
  b: b,
  "c": c,
  ...require("./more.cjs"),
};
