// node: utimes at the edges on box and mount files
import fs from "node:fs";
fs.writeFileSync("/work/f", "x"); fs.writeFileSync("/tmp/f", "x");
for (const t of [-1, -2147483649, 2147483648, 253402300799, 1e13, -1e13, 8.64e15, NaN, Infinity])
  for (const p of ["/work/f", "/tmp/f"]) try { fs.utimesSync(p, t, t); const m = fs.statSync(p).mtimeMs; console.log(p, t, "->", Number.isFinite(m)); } catch (e) { console.log(p, t, e.code); }
console.log("done");
