// differential
// Errors whose stack holds no frames (code sets `e.stack` to hide paths):
// printed in brackets, with their own properties in braces after them.
const util = require("util");
const bare = (make, text) => { const e = make(); e.stack = text === undefined ? `${e.name}: ${e.message}` : text; return e; };

const plain = bare(() => new Error("plain failure"));
console.log(plain);
const withProps = bare(() => Object.assign(new Error("with props"), { code: "E_X", extra: { a: 1 } }));
console.log(withProps);
console.log({ nested: withProps, list: [plain] });
console.log(util.inspect(withProps, { compact: false }));
console.log(util.inspect(withProps, { colors: true }));
console.log(util.inspect({ deep: { deeper: withProps } }, { depth: 0 }));
console.log(bare(() => new TypeError("type")));
console.log(bare(() => new RangeError("r"), "RangeError: r"), bare(() => new Error(""), "Error"));
console.log(bare(() => new Error("m"), "custom text, no name"));
console.log(bare(() => new Error("m"), "mail to a@b.com failed"));
console.log(bare(() => new Error("multi\nline")));
console.log(bare(() => new Error("c", { cause: "why" })));
console.log(bare(() => new Error("outer", { cause: bare(() => new Error("inner")) })));
const renamed = bare(() => new RangeError("r"), "RangeError: r");
renamed.name = "Custom";
console.log(renamed);
class MyError extends Error {}
console.log(bare(() => new MyError("mine"), "Error: mine"));
console.log(bare(() => new AggregateError([bare(() => new Error("a"))], "agg")));
// the message repeated as a property, the stack as a property
const dup = bare(() => new Error("dup"));
Object.defineProperty(dup, "message", { value: "dup", enumerable: true });
console.log(dup);
// a stack with frames of its own still prints as a stack
console.log(bare(() => new Error("m"), "Error: m\n    at foo (file.js:1:1)"));
console.log(util.format("%s | %o", plain, withProps));
try {
  throw plain;
} catch (e) {
  console.log("caught", e, String(e));
}
