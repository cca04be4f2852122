// node: reads, streams and stats of a file the host rewrites meanwhile
import fs from "node:fs";
fs.writeFileSync("/work/go", "");
let bad = 0, reads = 0;
const end = Date.now() + 2000;
while (Date.now() < end) {
  try { const b = fs.readFileSync("/work/f"); reads++; if (b.some((c) => c !== 97)) bad++; } catch (e) { if (e.code !== "ENOENT") bad++; }
  try { const fd = fs.openSync("/work/f", "r"); const b = Buffer.alloc(70000); const n = fs.readSync(fd, b, 0, b.length, 0); fs.closeSync(fd); if (b.subarray(0, n).some((c) => c !== 97)) bad++; } catch (e) { if (e.code !== "ENOENT") bad++; }
}
fs.writeFileSync("/work/stop", ""); console.log("foreign bytes", bad, reads > 0, "done");
