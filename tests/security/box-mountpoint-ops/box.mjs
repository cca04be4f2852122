// node: the mount points themselves are not removed, replaced or changed
import fs from "node:fs";
fs.mkdirSync("/tmp/x");
for (const [k, f] of Object.entries({ rmdirWork: () => fs.rmdirSync("/work"), rmRo: () => fs.rmSync("/ro", { recursive: true }), renameOverWork: () => fs.renameSync("/tmp/x", "/work"),
  renameOverRo: () => fs.renameSync("/tmp/x", "/ro"), chmodRo: () => fs.chmodSync("/ro", 0), utimesRo: () => fs.utimesSync("/ro", 0, 0), chownRo: () => fs.chownSync("/ro", 1000, 1000),
  symlinkOver: () => fs.symlinkSync("/tmp", "/ro") }))
  try { f(); console.log("DID", k); } catch (e) { console.log(k, e.code); }
console.log(fs.readFileSync("/ro/data.txt", "utf8").trim(), "done");
