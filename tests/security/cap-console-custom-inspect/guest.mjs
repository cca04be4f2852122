// Objects with hostile inspect hooks, getters and toJSON: printing them runs
// guest code at most, and what it returns goes through the output limit.
const custom = Symbol.for("nodejs.util.inspect.custom");
const t = (l, v) => { try { console.log(l, v); } catch (e) { console.log(l, "threw:", e.message); } };
t("custom-throws", { [custom]() { throw new Error("custom ran"); } });
t("custom-returns-self", { [custom]() { return this; } });
t("custom-recursive", { [custom](d, o, inspect) { return inspect(this, o); } });
t("custom-huge", { [custom]() { return "x".repeat(5e6); } });
t("getter-throws", { get a() { throw new Error("getter ran"); } });
t("tojson-throws", { toJSON() { throw new Error("toJSON ran"); } });
t("tag-throws", { get [Symbol.toStringTag]() { throw new Error("tag ran"); } });
t("circular", (() => { const a = { b: {} }; a.b.a = a; return a; })());
t("deep", (() => { let o = {}; for (let i = 0; i < 1e5; i++) o = { o }; return o; })());
t("format-j-throws", ["%j", { toJSON() { throw new Error("json"); } }]);
console.log("%j", { toJSON() { return "ok-json"; } });
console.log("done");
