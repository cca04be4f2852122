// Closing, truncating or writing the standard fds does not cut the guest
// off from the supervisor nor break it: output still arrives and the run
// ends with the guest's own status.
import fs from "node:fs";
const codes = [];
for (const fd of [0, 1, 2]) {
  for (const [op, f] of [["close", () => fs.closeSync(fd)], ["ftruncate", () => fs.ftruncateSync(fd, 0)], ["fsync", () => fs.fsyncSync(fd)]]) {
    try { f(); codes.push(`${op}(${fd}):ok`); } catch (e) { codes.push(`${op}(${fd}):${e.code}`); }
  }
}
try { fs.writeSync(0, "to stdin\n"); } catch (e) { codes.push(`write(0):${e.code}`); }
try { fs.readSync(1, new Uint8Array(8)); } catch (e) { codes.push(`read(1):${e.code}`); }
console.error("stderr still works");
process.stdout.write("stdout still works\n");
fs.writeSync(1, "fd 1 still works\n");
fs.writeSync(2, "fd 2 still works\n");
console.log(codes.join(" "));
await new Promise((r) => setTimeout(r, 20));
console.log("after a tick");
process.exitCode = 5;
