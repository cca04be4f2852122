// copyFile across the walls, in every direction and form.
import fs from "node:fs";
import fsp from "node:fs/promises";
import { hostLink } from "./hostlink.mjs";
fs.writeFileSync("mine.txt", "mine");
// links to outside, made by the host (the guest may not make them)
hostLink("$O/secret.txt", "secret-link"); hostLink("$O", "out");
const pairs = {
  "out-to-work": ["$O/secret.txt", "stolen1.txt", "ENOENT"], "dotdot-to-work": ["../outside/secret.txt", "stolen2.txt", "ENOENT"],
  "link-to-work": ["secret-link", "stolen3.txt", "ENOENT"], "dirlink-to-work": ["out/secret.txt", "stolen4.txt", "ENOENT"],
  "parent-to-work": ["../secret.txt", "stolen5.txt", "ENOENT"], "work-to-out": ["mine.txt", "$O/copied.txt", "EACCES"],
  "work-over-secret": ["mine.txt", "$O/secret.txt", "EACCES"], "work-to-dirlink": ["mine.txt", "out/copied.txt", "EACCES"],
  "work-to-parent": ["mine.txt", "../copied.txt", "EACCES"], "ro-to-out": ["$R/data.txt", "$O/copied.txt", "EACCES"],
  "work-to-ro": ["mine.txt", "$R/copied.txt", "EROFS"], "work-over-ro": ["mine.txt", "$R/data.txt", "EROFS"],
  "ro-to-ro": ["$R/data.txt", "$R/copy.txt", "EROFS"], "out-to-out": ["$O/secret.txt", "$O/copy.txt", "ENOENT"],
};
for (const [label, [a, b]] of Object.entries(pairs)) {
  try { fs.copyFileSync(a, b); console.log(`[${label}] COPIED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
  try { fs.copyFileSync(a, b, fs.constants.COPYFILE_EXCL); console.log(`[${label} excl] COPIED`); } catch (e) { console.log(`[${label} excl] ${e.code}`); }
  await fsp.copyFile(a, b).then(() => console.log(`[${label} promises] COPIED`), (e) => console.log(`[${label} promises] ${e.code}`));
  await new Promise((res) => fs.copyFile(a, b, (e) => { console.log(`[${label} callback] ${e ? e.code : "COPIED"}`); res(); }));
}
console.log("work dir:", fs.readdirSync(".").sort().join(","));
