// mkdir -p through "..": the path climbs out, so nothing is created, not
// even the part that lies inside, and the answer is EACCES (EROFS in the
// read-only dir).
import fs from "node:fs";
const ops = {
  "up-outside": () => fs.mkdirSync("../outside/x/y", { recursive: true }),
  "mid-outside": () => fs.mkdirSync("a/../../outside/x", { recursive: true }),
  "abs-parent": () => fs.mkdirSync("$W/../newtop/y", { recursive: true }),
  "mid-parent": () => fs.mkdirSync("b/c/../../../newtop", { recursive: true }),
  "mid-ro": () => fs.mkdirSync("d/../../ro/x", { recursive: true }),
};
const want = { "mid-ro": "EROFS" };
for (const [label, f] of Object.entries(ops)) {
  try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
}
console.log("entries:", JSON.stringify(fs.readdirSync(".").filter((n) => n !== "guest.mjs")));
