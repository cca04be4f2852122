// Creating or replacing names outside through "..": every form is EACCES.
import fs from "node:fs";
fs.mkdirSync("sub/deeper", { recursive: true });
fs.writeFileSync("sub/f.txt", "inside");
const ops = {
  "writeFile": () => fs.writeFileSync("../outside/new.txt", "x"),
  "writeFile-mid": () => fs.writeFileSync("sub/deeper/../../../outside/new.txt", "x"),
  "writeFile-abs": () => fs.writeFileSync("$W/../outside/new.txt", "x"),
  "overwrite-secret": () => fs.writeFileSync("../outside/secret.txt", "overwritten"),
  "appendFile": () => fs.appendFileSync("../outside/secret.txt", "appended"),
  "open-w": () => fs.openSync("../outside/new.txt", "w"),
  "open-wx": () => fs.openSync("./../outside/new.txt", "wx"),
  "open-a": () => fs.openSync("../outside/secret.txt", "a"),
  "open-creat-num": () => fs.openSync("..//outside//new.txt", fs.constants.O_CREAT | fs.constants.O_RDWR),
  "mkdir": () => fs.mkdirSync("../outside/newdir"),
  "mkdir-parent": () => fs.mkdirSync("../newdir"),
  "symlink": () => fs.symlinkSync("x", "../outside/l"),
  "link-dest": () => fs.linkSync("sub/f.txt", "../outside/h"),
  "rename-dest": () => fs.renameSync("sub/f.txt", "../outside/moved"),
  "rename-src": () => fs.renameSync("../outside/secret.txt", "stolen.txt"),
  "copyFile-dest": () => fs.copyFileSync("sub/f.txt", "sub/../../outside/copied"),
  "unlink": () => fs.unlinkSync("../outside/secret.txt"),
  "rmdir": () => fs.rmdirSync("../outside"),
  "mkdtemp": () => fs.mkdtempSync("../outside/t-"),
};
for (const [label, f] of Object.entries(ops)) {
  try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
}
console.log("inside:", fs.readFileSync("sub/f.txt", "utf8"));
