// node: huge sizes and offsets are errors or sparse files; no memory is spent
import fs from "node:fs";
const fd = fs.openSync("/tmp/s", "w+");
for (const [k, f] of Object.entries({ trunc1T: () => fs.ftruncateSync(fd, 2 ** 40), write1T: () => fs.writeSync(fd, "x", 2 ** 40 + 10),
  truncMax: () => fs.ftruncateSync(fd, Number.MAX_SAFE_INTEGER), writeHuge: () => fs.writeSync(fd, "x", 2 ** 62), truncNeg: () => fs.ftruncateSync(fd, -1) }))
  try { f(); console.log(k, "ok", fs.fstatSync(fd).size); } catch (e) { console.log(k, e.code); }
const b = Buffer.alloc(4); fs.readSync(fd, b, 0, 4, 2 ** 39); console.log("read", b.toString("hex"));
console.log("blocks", fs.fstatSync(fd).blocks < 1000, "done");
