// Odd fd values (negative, huge, NaN, strings, objects, just past the
// table) reach no host fd: every read and write is refused.
import fs from "node:fs";
const ok = new Set(["EBADF", "ERR_INVALID_ARG_TYPE", "ERR_OUT_OF_RANGE"]);
const fds = { "-1": -1, "-2": -2, "4099": 4099, "2^31": 2 ** 31, "2^32+3": 2 ** 32 + 3, "2^53": 2 ** 53, "1e300": 1e300, "-1e300": -1e300,
  "NaN": NaN, "Infinity": Infinity, "str-3": "3", "str-5": "5", "null": null, "undefined": undefined, "obj": { valueOf: () => 4 }, "bigint": 3n };
const buf = new Uint8Array(16);
for (const [label, fd] of Object.entries(fds)) {
  for (const [op, f] of [["read", () => fs.readSync(fd, buf)], ["write", () => fs.writeSync(fd, "x")], ["fstat", () => fs.fstatSync(fd)], ["fchmod", () => fs.fchmodSync(fd, 0o777)], ["close", () => fs.closeSync(fd)]]) {
    try { f(); console.log(`[${label} ${op}] ALLOWED`); } catch (e) { console.log(`[${label} ${op}] ${ok.has(e.code) ? "refused" : "other " + (e.code ?? e)}`); }
  }
}
