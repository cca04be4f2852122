// the host's package cache is not visible from the guest
import fs from "node:fs";
import { hello } from "fx-cjs";
console.log("allowed", hello());
const C = "$C";
const tries = {
  "read-meta": () => fs.readFileSync(C + "/meta/fx-cjs.json", "utf8"),
  "list-pkgs": () => fs.readdirSync(C + "/pkgs"),
  "write-meta": () => fs.writeFileSync(C + "/meta/fx-esm.json", "{}"),
  "write-planted": () => fs.writeFileSync(C + "/planted", "x"),
  "mkdir-entry": () => fs.mkdirSync(C + "/pkgs/fx-esm@1.0.0-planted", { recursive: true }),
};
for (const [k, f] of Object.entries(tries)) {
  try { f(); console.log(k, "ALLOWED"); } catch (e) { console.log(k, e.code); }
}
