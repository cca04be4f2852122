const a = import("./a.js");
const b = import(`./b.js`);
const name = "./c.js";
const c = import(name);
const d = import("./d.js", { with: { type: "json" } });
const e = await import("./e.js");
export { a };
