// Deeply nested data through the engine's and the sandbox's recursive
// code: JSON.parse, structuredClone, inspect, eval'd source, regex. Each ends
// with a value or a catchable RangeError, never a crash.
const deep = (n) => { let o = {}; for (let i = 0; i < n; i++) o = { o }; return o; };
const t = (l, f) => { try { const r = f(); console.log(l, "ok", typeof r); } catch (e) { console.log(l, e.name); } };
t("json-parse", () => JSON.parse("[".repeat(1e6) + "]".repeat(1e6)));
t("structuredClone", () => structuredClone(deep(1e6)));
t("eval-parens", () => eval("(".repeat(1e6) + "1" + ")".repeat(1e6)));
t("eval-arrays", () => eval("[".repeat(1e6) + "]".repeat(1e6)));
t("function-long-expr", () => new Function("return " + "1+".repeat(1e6) + "1")());
t("regex-nesting", () => new RegExp("(".repeat(1e5) + ")".repeat(1e5)));
t("array-tostring", () => { let a = []; for (let i = 0; i < 1e6; i++) a = [a]; return String(a); });
t("console", () => console.log("deep:", deep(1e6)));
t("buffer-inspect", () => console.log(Buffer.alloc(1e6)));
console.log("still running");
