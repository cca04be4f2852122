// cp (recursive copy) across the walls: no outside content comes in,
// nothing goes out or into the read-only dir. (A link is copied as a link,
// as Node does: a copy of "out" would be a new link to outside, EACCES.)
import fs from "node:fs";
import fsp from "node:fs/promises";
import { hostLink } from "./hostlink.mjs";
fs.mkdirSync("tree/sub", { recursive: true });
fs.writeFileSync("tree/sub/f.txt", "mine");
hostLink("$O", "out"); // the guest may not make a link to outside
const cases = {
  "out-dir-in": ["$O", "in1", "ENOENT"], "dotdot-dir-in": ["../outside", "in2", "ENOENT"], "link-dir-in": ["out", "in3", "ENOENT"],
  "parent-in": ["..", "in4", "ENOENT"], "root-in": ["/", "in5", "ENOENT"], "file-in": ["$O/secret.txt", "in6.txt", "ENOENT"],
  "tree-out": ["tree", "$O/tree", "EACCES"], "tree-parent": ["tree", "../tree", "EACCES"], "tree-link-out": ["tree", "out/tree", "EACCES"],
  "tree-ro": ["tree", "$R/tree", "EROFS"], "ro-out": ["$R", "$O/ro-copy", "EACCES"], "file-ro": ["tree/sub/f.txt", "$R/f.txt", "EROFS"],
};
for (const [label, [a, b, want]] of Object.entries(cases)) {
  try { fs.cpSync(a, b, { recursive: true }); console.log(`[${label}] COPIED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
  await fsp.cp(a, b, { recursive: true }).then(() => console.log(`[${label} promises] COPIED`), (e) => console.log(`[${label} promises] ${e.code}`));
}
console.log("work dir:", fs.readdirSync(".").sort().join(","));
