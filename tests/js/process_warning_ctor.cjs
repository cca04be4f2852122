// differential
// emitWarning(warning, type, ctor): the third argument may be a function
// (util.deprecate passes one); it is not a code.
const util = require("util");
process.on("warning", (w) => console.log("warning", w.name, w.code, w.message, typeof w.stack));
util.deprecate(() => 1, "old")();
util.deprecate(() => 2, "coded", "DEP0999")();
process.emitWarning("w1", "CustomWarning", () => {});
process.emitWarning("w2", "CustomWarning", "C001");
process.emitWarning("w3", () => {});
process.emitWarning("w4", { type: "T", code: "X1", detail: "more" });
