// as agent, from node: a read descriptor reopened through /proc/self/fd
// or /dev/fd for writing meets the file's own checks
import fs from "node:fs";
const ro = fs.openSync("/ro/data.txt", "r"), pw = fs.openSync("/etc/passwd", "r");
for (const p of [`/proc/self/fd/${ro}`, `/dev/fd/${ro}`, `/proc/self/fd/${pw}`, `/dev/fd/${pw}`])
  for (const flag of ["w", "a", "r+"]) try { const fd = fs.openSync(p, flag); fs.writeSync(fd, "x"); console.log("WROTE", p, flag); } catch (e) { console.log(p, flag, e.code); }
try { fs.writeSync(ro, "x"); console.log("WROTE fd"); } catch (e) { console.log("fd", e.code); }
console.log(fs.readFileSync("/ro/data.txt", "utf8").trim(), "done");
