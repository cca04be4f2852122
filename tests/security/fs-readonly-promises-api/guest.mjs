// Every write in fs/promises (and the callback API) on the read-only dir: EROFS.
import fsp from "node:fs/promises";
import fs from "node:fs";
fs.writeFileSync("mine.txt", "mine");
const R = "$R";
const ops = {
  writeFile: () => fsp.writeFile(`${R}/data.txt`, "x"), appendFile: () => fsp.appendFile(`${R}/data.txt`, "x"),
  "writeFile-new": () => fsp.writeFile(`${R}/new.txt`, "x"), truncate: () => fsp.truncate(`${R}/data.txt`),
  unlink: () => fsp.unlink(`${R}/data.txt`), rm: () => fsp.rm(`${R}/data.txt`), "rm-dir": () => fsp.rm(R, { recursive: true, force: true }),
  rename: () => fsp.rename(`${R}/data.txt`, `${R}/x`), "rename-in": () => fsp.rename("mine.txt", `${R}/mine.txt`),
  "rename-out": () => fsp.rename(`${R}/data.txt`, "stolen.txt"), copyFile: () => fsp.copyFile("mine.txt", `${R}/data.txt`),
  cp: () => fsp.cp("mine.txt", `${R}/cp.txt`), link: () => fsp.link("mine.txt", `${R}/h`), symlink: () => fsp.symlink("x", `${R}/l`),
  mkdir: () => fsp.mkdir(`${R}/d`), "mkdir-p": () => fsp.mkdir(`${R}/d/e`, { recursive: true }), mkdtemp: () => fsp.mkdtemp(`${R}/t-`),
  rmdir: () => fsp.rmdir(R), chmod: () => fsp.chmod(`${R}/data.txt`, 0o777), utimes: () => fsp.utimes(`${R}/data.txt`, 1, 1),
  lutimes: () => fsp.lutimes(`${R}/data.txt`, 1, 1), "cb-writeFile": () => new Promise((res, rej) => fs.writeFile(`${R}/data.txt`, "x", (e) => (e ? rej(e) : res()))),
  "cb-truncate": () => new Promise((res, rej) => fs.truncate(`${R}/data.txt`, 0, (e) => (e ? rej(e) : res()))),
};
const want = { rmdir: "EBUSY" };
for (const [label, f] of Object.entries(ops)) {
  await f().then(() => console.log(`[${label}] ALLOWED`), (e) => console.log(`[${label}] ${e.code}`));
}
