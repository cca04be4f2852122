// The classic "reach the real global" tricks land on the guest's own global,
// which holds no sandbox internals.
const tricks = {
  "ctor-ctor": () => ({}).constructor.constructor("return this")(),
  "async-ctor": () => (async () => {}).constructor("return this")(),
  "gen-ctor": () => (function* () {}).constructor("return this")().next().value,
  "indirect-eval": () => (0, eval)("this"),
  "sloppy-this": () => Function("return (function () { return this })()")(),
  "error-ctor": () => new Error().constructor.constructor("return globalThis")(),
  "promise-ctor": () => Promise.constructor("return this")(),
};
for (const [k, f] of Object.entries(tricks)) {
  let g; try { g = await f(); } catch (e) { console.log(k, "threw", e.name); continue; }
  console.log(k, "same-global", g === globalThis);
}
const odd = Object.getOwnPropertyNames(globalThis).filter((k) => /^(host|__|acs|\$|_|native|internal|binding)/i.test(k));
console.log("internal-looking globals:", odd.join(",") || "none");
console.log("symbols on global:", Object.getOwnPropertySymbols(globalThis).length);
const hostish = ["host", "__acs", "__acs_host", "acs", "$host", "__native", "internalBinding", "primordials"].filter((n) => { try { return Function("return typeof " + n)() !== "undefined"; } catch { return false; } });
console.log("reachable internals:", hostish.join(",") || "none");
