// The allowlist is enforced by the JS loader at run time: a guest makes the
// String/Array tests in it lie just where they decide (the importer "is" in
// an installed package, whose dependencies "include" the name) and imports
// fx-chain-b, a mounted dependency of fx-chain-a that is not allowed.
import a from "fx-chain-a";
import { createRequire } from "node:module";
console.log("chain", a.chain);
const require = createRequire(import.meta.url);
const dep = ["fx", "chain", "b"].join("-");
const sw = String.prototype.startsWith, inc = Array.prototype.includes;
String.prototype.startsWith = function (s, p) {
  if (typeof s === "string" && sw.call(s, "/node_modules/") && s[s.length - 1] === "/") return true;
  return sw.call(this, s, p);
};
Array.prototype.includes = function (x, i) { return typeof x === "string" && sw.call(x, "fx-chain-") ? true : inc.call(this, x, i); };
const tries = {
  "import": () => import(dep),
  "import-subpath": () => import(dep + "/index.js"),
  "require": () => require(dep),
  "abs-import": () => import("/node_modules/" + dep + "/index.js"),
  "abs-require": () => require("/node_modules/" + dep),
  "npm-spec": () => import("npm:" + dep + "@1"),
};
for (const [k, f] of Object.entries(tries)) {
  try { const m = await f(); console.log(k, "LOADED", m && (m.chain || (m.default && m.default.chain))); }
  catch (e) { console.log(k, "refused", e.code, e.message); }
}
