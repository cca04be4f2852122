// Writes whose last component is ".." name the virtual parent of the work
// dir (or of the read-only dir): outside every mount, so EACCES.
import fs from "node:fs";
fs.writeFileSync("f.txt", "inside");
const ops = {
  "mkdir": () => fs.mkdirSync(".."),
  "mkdir-abs": () => fs.mkdirSync("$W/.."),
  "rmdir": () => fs.rmdirSync(".."),
  "rmdir-ro-parent": () => fs.rmdirSync("$R/.."),
  "unlink": () => fs.unlinkSync(".."),
  "writeFile": () => fs.writeFileSync("..", "x"),
  "rename-src": () => fs.renameSync("..", "moved"),
  "rename-dest": () => fs.renameSync("f.txt", ".."),
  "symlink": () => fs.symlinkSync("x", ".."),
  "link": () => fs.linkSync("f.txt", "$R/.."),
};
for (const [label, f] of Object.entries(ops)) {
  try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
}
