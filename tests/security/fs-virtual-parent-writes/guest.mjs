// Creating anything in the directories above the mounts is EACCES.
import fs from "node:fs";
fs.writeFileSync("f.txt", "x");
const ops = {
  "write-parent": () => fs.writeFileSync("../new.txt", "x"), "write-parent-abs": () => fs.writeFileSync("$W/../new.txt", "x"),
  "write-tmp": () => fs.writeFileSync("/tmp/acs-new.txt", "x"), "write-root": () => fs.writeFileSync("/acs-new.txt", "x"),
  "mkdir-parent": () => fs.mkdirSync("../newdir"), "mkdir-tmp": () => fs.mkdirSync("/tmp"), "mkdir-root": () => fs.mkdirSync("/acs-newdir"),
  "symlink-parent": () => fs.symlinkSync("work", "../alias"), "link-parent": () => fs.linkSync("f.txt", "../hard"),
  "rename-to-parent": () => fs.renameSync("f.txt", "../moved.txt"), "rename-workdir": () => fs.renameSync("$W", "$W-moved"),
  "rename-ro": () => fs.renameSync("$R", "$W/ro-moved"), "rmdir-tmp": () => fs.rmdirSync("/tmp"), "unlink-parent-secret": () => fs.unlinkSync("../secret.txt"),
  "copy-to-parent": () => fs.copyFileSync("f.txt", "../copied"), "mkdtemp-parent": () => fs.mkdtempSync("../tmp-"),
  "rmdir-workdir": () => fs.rmdirSync("$W"), "rmdir-ro": () => fs.rmdirSync("$R"),
};
const want = { "rename-workdir": "EBUSY", "rename-ro": "EBUSY", "rmdir-workdir": "EBUSY", "rmdir-ro": "EBUSY" };
for (const [label, f] of Object.entries(ops)) {
  try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
}
