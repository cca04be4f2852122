// as agent, from node, in the sticky /tmp: root's file and directory hold
import fs from "node:fs";
process.chdir("/tmp"); fs.writeFileSync("mine", "mine\n");
const t = {
  write: () => fs.writeFileSync("rootfile", "x"), append: () => fs.appendFileSync("rootfile", "x"), unlink: () => fs.unlinkSync("rootfile"),
  rename: () => fs.renameSync("rootfile", "r2"), renameOver: () => fs.renameSync("mine", "rootfile"), chmod: () => fs.chmodSync("rootfile", 0o666),
  chown: () => fs.chownSync("rootfile", 1000, 1000), utimes: () => fs.utimesSync("rootfile", 0, 0), truncate: () => fs.truncateSync("rootfile", 0),
  copy: () => fs.copyFileSync("mine", "rootfile"), stream: () => { const fd = fs.openSync("rootfile", "r+"); fs.writeSync(fd, "X"); },
  list: () => fs.readdirSync("private"), read: () => fs.readFileSync("private/inner"), create: () => fs.writeFileSync("private/new", "x"),
  rmdir: () => fs.rmSync("private", { recursive: true, force: true }), cp: () => fs.cpSync("/tmp/mine", "/tmp/private/c"),
};
for (const [k, f] of Object.entries(t)) try { f(); console.log("DID", k); } catch (e) { console.log(k, e.code); }
console.log(fs.readFileSync("rootfile", "utf8").trim(), fs.existsSync("private"), "done");
