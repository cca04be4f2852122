// The dependency is mounted (fx-chain-a needs it) but user code may not
// import it by name, whatever the route.
import a from "fx-chain-a";
import { createRequire } from "node:module";
console.log("chain", a.chain);
const require = createRequire(import.meta.url);
const dep = ["fx", "chain", "b"].join("-");
const tries = {
  "import": () => import(dep),
  "import-subpath": () => import(dep + "/index.js"),
  "require": () => require(dep),
  "resolve-then-import": () => import(import.meta.resolve(dep)),
  "npm-spec": () => import("npm:" + dep + "@1"),
};
for (const [k, f] of Object.entries(tries)) {
  try { const m = await f(); console.log(k, "LOADED", m && (m.chain || (m.default && m.default.chain))); }
  catch (e) { console.log(k, "refused", e.code); }
}
