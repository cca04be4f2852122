// A dangling link made at run time, pointing outside (made by the host:
// the guest may not) or into the read-only dir (made by the guest), used
// as the target of every call that creates a file: the call must not
// create the file at the link's target.
import fs from "node:fs";
import fsp from "node:fs/promises";
import { hostLink } from "./hostlink.mjs";
const targets = { "abs": "$O/new.txt", "rel": "../outside/new.txt", "tmp": "/tmp/acs-dangling-new.txt", "ro": "$R/new.txt", "ro-rel": "../ro/new.txt" };
const C = fs.constants;
fs.writeFileSync("src.txt", "payload");
for (const [name, target] of Object.entries(targets)) {
  if (name.startsWith("ro")) fs.symlinkSync(target, name); else hostLink(target, name);
  const ops = {
    "writeFile": () => fs.writeFileSync(name, "x"), "appendFile": () => fs.appendFileSync(name, "x"),
    "open-w": () => fs.openSync(name, "w"), "open-wx": () => fs.openSync(name, "wx"), "open-a": () => fs.openSync(name, "a+"),
    "open-creat": () => fs.openSync(name, C.O_CREAT | C.O_WRONLY), "copyFile": () => fs.copyFileSync("src.txt", name),
    "cp": () => fs.cpSync("src.txt", name, { force: false, errorOnExist: true }), "truncate": () => fs.truncateSync(name),
  };
  // (truncate through a link to outside: its code is fs-outside-write-codes'
  // business; open-wx may answer EEXIST, as O_EXCL does on any existing name, or the
  // code of the target: either way nothing is created. cp, as Node's, sees
  // the link itself: without force it is "already there"; with force it
  // replaces the link (below), never writes through it.)
  for (const [op, f] of Object.entries(ops)) {
    try { f(); console.log(`[${name} ${op}] ALLOWED`); } catch (e) { console.log(`[${name} ${op}] ${e.code}`); }
  }
  await fsp.writeFile(name, "x").then(() => console.log(`[${name} promises.writeFile] ALLOWED`), (e) => console.log(`[${name} promises.writeFile] ${e.code}`));
  await new Promise((res) => fs.appendFile(name, "x", (e) => { console.log(`[${name} cb.appendFile] ${e ? e.code : "ALLOWED"}`); res(); }));
  // cp and fs.promises.cp over a second such link replace the link
  for (const [how, copy] of [["cp", () => fs.cpSync("src.txt", name + "-cp")], ["promises.cp", () => fsp.cp("src.txt", name + "-pcp")]]) {
    const other = how === "cp" ? name + "-cp" : name + "-pcp";
    if (name.startsWith("ro")) fs.symlinkSync(target, other); else hostLink(target, other);
    try { await copy(); console.log(`[${name} ${how}-over] replaced the link: ${fs.lstatSync(other).isFile()}`); } catch (e) { console.log(`[${name} ${how}-over] ${e.code}`); }
  }
  // calls that act on the link itself, not its target
  try { fs.mkdirSync(name); console.log(`[${name} mkdir] ALLOWED`); } catch (e) { console.log(`[${name} mkdir] ${e.code}`); }
  try { fs.symlinkSync("elsewhere", name); console.log(`[${name} symlink] ALLOWED`); } catch (e) { console.log(`[${name} symlink] ${e.code}`); }
  try { fs.openSync(name, C.O_CREAT | C.O_WRONLY | C.O_NOFOLLOW); console.log(`[${name} nofollow] ALLOWED`); } catch (e) { console.log(`[${name} nofollow] ${e.code}`); }
  try { fs.openSync(name, "wx"); } catch {}
  fs.writeFileSync("tmp.txt", "moved");
  fs.renameSync("tmp.txt", name);
  console.log(`[${name} rename-over] replaced the link: ${fs.lstatSync(name).isFile()}`);
}
