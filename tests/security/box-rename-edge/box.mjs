// node: renames at the edges, with Linux's errors
import fs from "node:fs";
fs.mkdirSync("/tmp/a/b", { recursive: true }); fs.mkdirSync("/work/w");
for (const [k, f] of Object.entries({ intoItself: () => fs.renameSync("/tmp/a", "/tmp/a/b/c"), root: () => fs.renameSync("/", "/tmp/r"),
  proc: () => fs.renameSync("/proc", "/tmp/p"), mount: () => fs.renameSync("/work", "/tmp/w2"), ro: () => fs.renameSync("/ro", "/tmp/r2"),
  across: () => fs.renameSync("/tmp/a", "/work/a"), intoRo: () => fs.renameSync("/work/w", "/ro/w"), fromRo: () => fs.renameSync("/ro/data.txt", "/work/d"),
  overMount: () => fs.renameSync("/work/w", "/ro"), dotdot: () => fs.renameSync("/work/w", "/work/..") }))
  try { f(); console.log("DID", k); } catch (e) { console.log(k, e.code); }
console.log(fs.existsSync("/ro/data.txt"), "done");
