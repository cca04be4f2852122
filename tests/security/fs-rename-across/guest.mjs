// rename across the walls, both ways, through links and "..": refused,
// and the file that was to move is still where it was.
import fs from "node:fs";
import fsp from "node:fs/promises";
import { hostLink } from "./hostlink.mjs";
fs.mkdirSync("d"); fs.writeFileSync("d/f.txt", "mine");
hostLink("$O", "out"); fs.symlinkSync("$R", "r"); // (the guest may not link to outside)
const cases = {
  "in-to-out": ["d/f.txt", "$O/moved.txt", "EACCES"], "in-to-dotdot": ["d/f.txt", "../outside/moved.txt", "EACCES"],
  "in-to-dirlink": ["d/f.txt", "out/moved.txt", "EACCES"], "in-to-parent": ["d/f.txt", "../moved.txt", "EACCES"],
  "dir-to-out": ["d", "$O/d", "EACCES"], "in-over-secret": ["d/f.txt", "$O/secret.txt", "EACCES"],
  "out-to-in": ["$O/secret.txt", "stolen.txt", "EACCES"], "dotdot-to-in": ["../outside/secret.txt", "stolen.txt", "EACCES"],
  "dirlink-to-in": ["out/secret.txt", "stolen.txt", "EACCES"], "outdir-to-in": ["$O", "stolen-dir", "EACCES"],
  "in-to-ro": ["d/f.txt", "$R/moved.txt", "EROFS"], "in-to-rolink": ["d/f.txt", "r/moved.txt", "EROFS"], "in-over-ro": ["d/f.txt", "$R/data.txt", "EROFS"],
  "ro-to-in": ["$R/data.txt", "stolen.txt", "EROFS"], "rolink-to-in": ["r/data.txt", "stolen.txt", "EROFS"],
  "ro-root": ["$R", "stolen-ro", "EBUSY"], "work-root": ["$W", "$W/inner", "EBUSY"], "over-ro-root": ["d", "$R", "EBUSY"],
};
for (const [label, [a, b]] of Object.entries(cases)) {
  try { fs.renameSync(a, b); console.log(`[${label}] MOVED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
  await fsp.rename(a, b).then(() => console.log(`[${label} promises] MOVED`), (e) => console.log(`[${label} promises] ${e.code}`));
}
console.log("still here:", fs.readFileSync("d/f.txt", "utf8"));
console.log("work dir:", fs.readdirSync(".").sort().join(","));
