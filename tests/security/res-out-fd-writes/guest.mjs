// Output that skips console and process.stdout: /dev/stdout and friends by
// name (refused), fs.writeSync on fds 1 and 2, a write stream on fd 1. The
// same caps apply.
import fs from "node:fs";
for (const p of ["/dev/stdout", "/dev/stderr", "/proc/self/fd/1", "/dev/fd/1"]) {
  try { fs.writeFileSync(p, "named\n"); console.log(p, "WRITTEN"); } catch (e) { console.log(p, e.code); }
}
for (let i = 0; i < 100000; i++) fs.writeSync(1, "fd line " + i + "\n");
fs.writeSync(2, Buffer.alloc(1 << 20, 0x65));
const ws = fs.createWriteStream(null, { fd: 1, autoClose: false });
for (let i = 0; i < 10000; i++) ws.write("stream line " + i + "\n");
ws.end("STREAM END\n");
