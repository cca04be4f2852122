// mkdtemp with prefixes outside the work dir: nothing is created there.
import fs from "node:fs";
import fsp from "node:fs/promises";
import { hostLink } from "./hostlink.mjs";
hostLink("$O", "out"); fs.symlinkSync("$R", "r"); fs.mkdirSync("x"); // (the guest may not link to outside)
const prefixes = { "abs": "$O/t-", "rel": "../outside/t-", "parent": "../t-", "tmp": "/tmp/acs-t-", "root": "/acs-t-", "mid": "x/../../outside/t-", "mid-missing": "nope/../../outside/t-",
  "link": "out/t-", "abs-dotdot": "$W/../outside/t-", "ro": "$R/t-", "ro-link": "r/t-", "ro-rel": "../ro/t-" };
for (const [label, p] of Object.entries(prefixes)) {
  try { console.log(`[${label}] MADE ${fs.mkdtempSync(p)}`); } catch (e) { console.log(`[${label}] ${e.code}`); }
  await fsp.mkdtemp(p).then((d) => console.log(`[${label} promises] MADE ${d}`), (e) => console.log(`[${label} promises] ${e.code}`));
  await new Promise((res) => fs.mkdtemp(p, (e, d) => { console.log(`[${label} callback] ${e ? e.code : "MADE " + d}`); res(); }));
}
console.log("work dir:", fs.readdirSync(".").sort().join(","));
