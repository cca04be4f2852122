// File descriptors the guest never opened (3..100; the worker's own control
// pipe is host fd 3) are EBADF for every fd call, and reach no host fd.
import fs from "node:fs";
import { Buffer } from "node:buffer";
const buf = new Uint8Array(64);
const ops = {
  readSync: (fd) => fs.readSync(fd, buf, 0, 64, null), "readSync-pos": (fd) => fs.readSync(fd, buf, 0, 64, 0),
  writeSync: (fd) => fs.writeSync(fd, "\x01\x02\x03 control bytes\n"), "writeSync-buf": (fd) => fs.writeSync(fd, Buffer.from([1, 2, 3, 4])),
  fstatSync: (fd) => fs.fstatSync(fd), closeSync: (fd) => fs.closeSync(fd), fsyncSync: (fd) => fs.fsyncSync(fd),
  ftruncateSync: (fd) => fs.ftruncateSync(fd, 0), fchmodSync: (fd) => fs.fchmodSync(fd, 0o777), futimesSync: (fd) => fs.futimesSync(fd, 1, 1),
  fchownSync: (fd) => fs.fchownSync(fd, 0, 0), "readFileSync-fd": (fd) => fs.readFileSync(fd), "writeFileSync-fd": (fd) => fs.writeFileSync(fd, "x"),
  "appendFileSync-fd": (fd) => fs.appendFileSync(fd, "x"), fdatasyncSync: (fd) => fs.fdatasyncSync(fd),
};
for (const [op, f] of Object.entries(ops)) {
  const codes = {};
  for (let fd = 3; fd <= 100; fd++) {
    let c; try { f(fd); c = "ALLOWED"; } catch (e) { c = e.code; }
    codes[c] = (codes[c] || 0) + 1;
  }
  console.log(`[${op}] ${Object.entries(codes).map(([c, n]) => `${c}x${n}`).join(" ")}`);
}
const cb = await new Promise((res) => fs.read(7, buf, 0, 64, null, (e) => res(e ? e.code : "ALLOWED")));
const fh = await (await import("node:fs/promises")).open("guest.mjs").then(async (h) => { const real = h.fd; h.fd = 9; try { await h.read(buf, 0, 64, 0); return "ALLOWED"; } catch (e) { return e.code; } finally { h.fd = real; await h.close(); } });
console.log(`[callback-read] ${cb}`);
console.log(`[filehandle-forged-fd] ${fh}`);
console.log("still talking to the supervisor");
