// Unbounded recursion: plain, through getters, through Proxy traps, through
// toString, through a JSON reviver and through console.log of an object whose
// inspect hook logs it again. Each is a RangeError the guest can catch.
const t = async (l, f) => { try { await f(); console.log(l, "NO ERROR"); } catch (e) { console.log(l, e.name + ":", e.message); } };
await t("plain", () => { const f = () => f() + 1; f(); });
await t("getter", () => { const o = { get x() { return this.x; } }; o.x; });
await t("proxy", () => { const p = new Proxy({}, { get: (t, k, r) => r[k] }); p.x; });
await t("toString", () => { const o = { toString() { return "" + this; } }; String(o); });
await t("json-reviver", () => JSON.parse("[1]", function r(k, v) { return JSON.parse("[1]", r); }));
await t("console", () => { const o = { [Symbol.for("nodejs.util.inspect.custom")]() { return console.log(o); } }; console.log(o); });
console.log("still running");
