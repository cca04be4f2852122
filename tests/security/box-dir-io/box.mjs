// node: reads and writes of directories, in memfs and in the mounts
import fs from "node:fs";
for (const d of ["/tmp", "/work", "/ro", "/proc"]) {
  try { fs.readFileSync(d); console.log("READ", d); } catch (e) { console.log(d, "readFile", e.code); }
  try { const fd = fs.openSync(d, "r"); fs.readSync(fd, Buffer.alloc(16)); console.log("READ fd", d); } catch (e) { console.log(d, "read", e.code); }
  try { fs.writeFileSync(d, "x"); console.log("WROTE", d); } catch (e) { console.log(d, "write", e.code); }
}
console.log("done");
