import fs from "node:fs";
const fds = [];
let why = "";
try { for (let i = 0; i < 5000; i++) fds.push(fs.openSync("/etc/passwd", "r")); } catch (e) { why = e.code; }
console.log("table full", why, fds.length > 100);
for (const fd of fds) fs.closeSync(fd);
console.log(fs.readFileSync("/etc/hostname", "utf8").length > 0 ? "reopen ok" : "REOPEN FAILED");
console.log("done");
