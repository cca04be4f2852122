// The callback and promise forms of every path call, on outside paths:
// same walls as the sync forms.
import fs from "node:fs";
import fsp from "node:fs/promises";
fs.writeFileSync("mine.txt", "mine");
const O = "$O";
const reads = {
  readFile: [`${O}/secret.txt`], stat: [`${O}/secret.txt`], lstat: [`${O}/secret.txt`], open: [`${O}/secret.txt`, "r"], readdir: [O],
  readlink: [`${O}/secret.txt`], realpath: [`${O}/secret.txt`], access: [`${O}/secret.txt`], opendir: [O], copyFile: [`${O}/secret.txt`, "c.txt"],
  link: [`${O}/secret.txt`, "h.txt"], cp: [O, "cpdir", { recursive: true }],
};
const writes = {
  writeFile: [`${O}/new.txt`, "x"], appendFile: [`${O}/secret.txt`, "x"], mkdir: [`${O}/newdir`], symlink: ["x", `${O}/l`],
  rename: ["mine.txt", `${O}/moved.txt`], mkdtemp: [`${O}/t-`], unlink: [`${O}/secret.txt`], rmdir: [O],
};
for (const [group, table] of [["read", reads], ["write", writes]]) {
  for (const [name, args] of Object.entries(table)) {
    const cb = await new Promise((res) => { try { fs[name](...args, (e) => res(e ? e.code : "ALLOWED")); } catch (e) { res("threw " + e.code); } });
    const pr = await fsp[name](...args).then(() => "ALLOWED", (e) => e.code);
    console.log(`[${group} ${name}] ${cb} ${pr}`);
  }
}
