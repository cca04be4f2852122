const a = import("./a.js");
const b = import(
  "./b.js"
);
module.exports = { a, b };
