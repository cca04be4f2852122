import fs from "node:fs";
fs.writeFileSync("/work/f", "x");
for (const [a, b] of [["/work/f", "/tmp/x"], ["/etc/passwd", "/work/p"], ["/ro/data.txt", "/work/d"]])
  try { fs.linkSync(a, b); console.log("LINKED", a, b); } catch (e) { console.log(a, e.code); }
console.log("done");
