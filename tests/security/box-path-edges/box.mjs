// node: path spellings at POSIX's edges, with Linux's errors
import fs from "node:fs";
fs.writeFileSync("/tmp/f", "x");
for (const [k, f] of Object.entries({ fileSlash: () => fs.readFileSync("/etc/hostname/"), fileDot: () => fs.readFileSync("/etc/hostname/."), empty: () => fs.readFileSync(""),
  mkdirFileSlash: () => fs.mkdirSync("/tmp/f/"), statFileSlash: () => fs.statSync("/tmp/f/"), renameToSlash: () => fs.renameSync("/tmp/f", "/tmp/g/"),
  slashes: () => fs.readdirSync("//etc///"), dotdot: () => fs.readFileSync("/etc/../etc/./hostname"), openDirSlash: () => fs.openSync("/tmp/", "w") }))
  try { f(); console.log(k, "ok"); } catch (e) { console.log(k, e.code); }
console.log("done");
