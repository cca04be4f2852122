// The same dependency by its path under /node_modules, and through a
// subpath of the allowed package that climbs to its sibling.
import a from "fx-chain-a";
import { createRequire } from "node:module";
console.log("chain", a.chain);
const require = createRequire(import.meta.url);
const tries = {
  "abs-import": () => import("/node_modules/fx-chain-b/index.js"),
  "abs-url": () => import("file:///node_modules/fx-chain-b/index.js"),
  "abs-require": () => require("/node_modules/fx-chain-b"),
  "sibling-subpath": () => import("fx-chain-a/../fx-chain-b/index.js"),
  "sibling-require": () => require("fx-chain-a/../fx-chain-b"),
};
for (const [k, f] of Object.entries(tries)) {
  try { const m = await f(); console.log(k, "LOADED", m && (m.chain || (m.default && m.default.chain))); }
  catch (e) { console.log(k, "refused", e.code); }
}
