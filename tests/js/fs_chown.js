// differential
// chown, lchown, fchown in the work dir: Node's argument checks, the
// lookup's errors named after the call, and success otherwise (acs changes
// no owner; asking for the ids a file already has, or -1, changes nothing
// in Node either). A read-only dir: tests/e2e/fs_fail_vs_node.sh.
const fs = require("fs");
fs.writeFileSync("chown-f.txt", "x");
try { fs.unlinkSync("chown-link"); } catch {}
fs.symlinkSync("chown-missing", "chown-link");
const { uid, gid } = fs.statSync("chown-f.txt");
const show = (name, f) => {
  try { console.log(name, f()); } catch (e) { console.log(name, e.code, e.message); }
};
show("own ids", () => fs.chownSync("chown-f.txt", uid, gid));
show("-1 -1", () => fs.chownSync("chown-f.txt", -1, -1));
show("missing", () => fs.chownSync("chown-missing", -1, -1));
show("dangling link", () => fs.chownSync("chown-link", -1, -1));
show("lchown dangling link", () => fs.lchownSync("chown-link", -1, -1));
show("lchown missing", () => fs.lchownSync("chown-missing", -1, -1));
show("under a file", () => fs.chownSync("chown-f.txt/x", -1, -1));
show("no uid", () => fs.chownSync("chown-f.txt"));
show("no gid", () => fs.chownSync("chown-f.txt", -1));
show("uid 1.5", () => fs.chownSync("chown-f.txt", 1.5, 0));
show("uid -2", () => fs.chownSync("chown-f.txt", -2, 0));
show("uid 2**32", () => fs.chownSync("chown-f.txt", 2 ** 32, 0));
show("uid 2**33", () => fs.chownSync("chown-f.txt", 2 ** 33, 0));
show("uid string", () => fs.chownSync("chown-f.txt", "0", 0));
show("path number", () => fs.chownSync(5, 0, 0));
const fd = fs.openSync("chown-f.txt", "r");
show("fchown", () => fs.fchownSync(fd, -1, -1));
fs.closeSync(fd);
show("fchown closed fd", () => fs.fchownSync(fd, -1, -1));
show("fchown fd string", () => fs.fchownSync("1", 0, 0));
show("fchown fd -1", () => fs.fchownSync(-1, 0, 0));
show("callback missing", () => fs.chown("chown-f.txt", 0, 0));
show("callback, no uid", () => fs.chown("chown-f.txt", undefined, 0, () => console.log("called")));
show("lchown callback, bad gid", () => fs.lchown("chown-f.txt", 0, 0.5, () => console.log("called")));
show("fchown callback, bad fd", () => fs.fchown("x", 0, 0, () => console.log("called")));
console.log(fs.chown.length, fs.lchown.length, fs.fchown.length, fs.promises.chown.length, fs.chown.name, fs.promises.lchown.name);
(async () => {
  const cb = (f) => new Promise((done) => f((e, ...rest) => done(e ? e.message : `ok ${rest.length}`)));
  console.log("chown cb", await cb((k) => fs.chown("chown-f.txt", -1, -1, k)));
  console.log("chown cb missing", await cb((k) => fs.chown("chown-missing", -1, -1, k)));
  console.log("lchown cb link", await cb((k) => fs.lchown("chown-link", -1, -1, k)));
  const fd2 = fs.openSync("chown-f.txt", "r");
  console.log("fchown cb", await cb((k) => fs.fchown(fd2, -1, -1, k)));
  fs.closeSync(fd2);
  const settle = (p) => p.then((v) => `ok ${v}`, (e) => `${e.code} ${e.message}`);
  console.log("promises.chown", await settle(fs.promises.chown("chown-f.txt", -1, -1)));
  console.log("promises.chown missing", await settle(fs.promises.chown("chown-missing", -1, -1)));
  console.log("promises.lchown link", await settle(fs.promises.lchown("chown-link", -1, -1)));
  console.log("promises.chown bad uid", await settle(fs.promises.chown("chown-f.txt", "0", 0)));
  const fh = await fs.promises.open("chown-f.txt", "r");
  console.log("FileHandle.chown", await settle(fh.chown(-1, -1)));
  console.log("FileHandle.chown bad gid", await settle(fh.chown(0, null)));
  await fh.close();
  fs.unlinkSync("chown-link");
  fs.unlinkSync("chown-f.txt");
})();
