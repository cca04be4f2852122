// packages are readable, never writable
import fs from "node:fs";
import { hello } from "fx-cjs";
const p = "/node_modules/fx-cjs";
console.log("read", JSON.parse(fs.readFileSync(p + "/package.json", "utf8")).name);
const tries = {
  "write-file": () => fs.writeFileSync(p + "/index.js", "PWNED"),
  "append-file": () => fs.appendFileSync(p + "/index.js", "PWNED"),
  "create-file": () => fs.writeFileSync(p + "/new.js", "x"),
  "unlink": () => fs.unlinkSync(p + "/package.json"),
  "rename": () => fs.renameSync(p + "/index.js", p + "/moved.js"),
  "chmod": () => fs.chmodSync(p + "/index.js", 0o777),
  "mkdir-in-pkg": () => fs.mkdirSync(p + "/sub"),
  "truncate": () => fs.truncateSync(p + "/index.js", 0),
  "open-rw": () => fs.openSync(p + "/index.js", "r+"),
  "utimes": () => fs.utimesSync(p + "/index.js", 1, 1),
  "symlink-in-pkg": () => fs.symlinkSync("/etc", p + "/etc"),
  "rm-pkg": () => fs.rmSync(p, { recursive: true }),
  "new-package": () => fs.mkdirSync("/node_modules/planted"),
  "write-new-package": () => fs.writeFileSync("/node_modules/planted.js", "x"),
};
for (const [k, f] of Object.entries(tries)) {
  try { f(); console.log(k, "ALLOWED"); } catch (e) { console.log(k, e.code); }
}
console.log("after", hello(), fs.readFileSync(p + "/index.js", "utf8").includes("cjs-hello"));
