// require() through createRequire of a package not on the list.
import { createRequire } from "node:module";
import { hello } from "fx-cjs";
const require = createRequire(import.meta.url);
console.log("allowed", hello());
const n = "fx-" + "esm";
for (const [label, f] of [["require", () => require(n)], ["require-sub", () => require(n + "/index.js")],
                          ["module-require", () => require("node:module").createRequire("/")(n)]]) {
  try { f(); console.log(label, "LOADED"); } catch (e) { console.log(label, "refused", e.code); }
}
