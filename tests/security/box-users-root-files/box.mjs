import fs from "node:fs";
import { execSync } from "node:child_process";
const t = {
  readRoot: () => fs.readFileSync("/root/.profile"), listRoot: () => fs.readdirSync("/root"), writePasswd: () => fs.appendFileSync("/etc/passwd", "x"),
  writeEtc: () => fs.writeFileSync("/etc/new", "x"), unlink: () => fs.unlinkSync("/etc/hostname"), chmod: () => fs.chmodSync("/etc/passwd", 0o666),
  chown: () => fs.chownSync("/etc/passwd", 1000, 1000), rename: () => fs.renameSync("/etc/passwd", "/tmp/p"), link: () => fs.linkSync("/etc/passwd", "/tmp/h"),
  utimes: () => fs.utimesSync("/etc/passwd", 0, 0), setuid: () => process.setuid(0), su: () => execSync("su root -c id", { stdio: "pipe" }),
};
for (const [k, f] of Object.entries(t)) try { f(); console.log("DID", k); } catch (e) { console.log(k, e.code || e.status); }
console.log(process.getuid(), "done");
