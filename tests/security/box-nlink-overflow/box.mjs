// node: 70 000 hard links to one file (past a 16-bit link count): each
// made or refused with EMLINK, the count never wraps, unlinking them all
// leaves the file's data intact
import fs from "node:fs";
fs.mkdirSync("/tmp/l"); fs.writeFileSync("/tmp/f", "data");
let n = 0, code = "none";
try { for (; n < 70000; n++) fs.linkSync("/tmp/f", `/tmp/l/${n}`); } catch (e) { code = e.code; }
const nl = fs.statSync("/tmp/f").nlink;
console.log("links", n, code, nl === n + 1 ? "count right" : `COUNT WRONG ${nl}`);
for (let i = 0; i < n; i++) fs.unlinkSync(`/tmp/l/${i}`);
console.log(fs.statSync("/tmp/f").nlink, fs.readFileSync("/tmp/f", "utf8"), "done");
