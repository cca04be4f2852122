// The dependency of an allowed package by spellings where JS and C could
// read a path differently: a lone surrogate that a C conversion drops
// (".\uD800." would be ".." in C), and a NUL that ends a C string. The
// loader checks the JS string; the files must be found by the same name.
import a from "fx-chain-a";
import { createRequire } from "node:module";
console.log("chain", a.chain);
const require = createRequire(import.meta.url);
const tries = {
  "surrogate-dotdot": () => import("/node_modules/fx-chain-a/.\ud800./fx-chain-b/index.js"),
  "surrogate-subpath": () => import("fx-chain-a/.\ud800./fx-chain-b/index.js"),
  "surrogate-require": () => require("/node_modules/fx-chain-a/.\udc00./fx-chain-b"),
  "nul-import": () => import("/node_modules/fx-chain-b/index.js\0.json"),
  "nul-require": () => require("/node_modules/fx-chain-b\0x"),
  "nul-bare": () => import("fx-chain-b\0"),
};
for (const [k, f] of Object.entries(tries)) {
  try { const m = await f(); console.log(k, "LOADED", m && (m.chain || (m.default && m.default.chain))); }
  catch (e) { console.log(k, "refused", e.code); }
}
