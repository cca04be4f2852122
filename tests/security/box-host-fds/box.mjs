// node: host descriptor numbers are not the box's; none above node's own
// answers fstat, read or write
import fs from "node:fs";
const own = new Set(fs.readdirSync("/proc/self/fd").map(Number));
for (let fd = 3; fd < 1024; fd++) {
  if (own.has(fd)) continue;
  try { fs.fstatSync(fd); console.log("OPEN", fd); } catch (e) { if (e.code !== "EBADF") console.log(fd, e.code); }
  try { fs.writeSync(fd, "x"); console.log("WROTE", fd); } catch {}
}
console.log([...own].filter((n) => n > 2).length < 16, "done");
