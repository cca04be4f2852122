// /proc/self/* and /proc/<pid>/*: no read, stat, readdir, readlink or
// realpath reaches the host's procfs (which would hand out the host's
// root, cwd, environment, memory and open files).
import fs from "node:fs";
const pid = typeof process !== "undefined" && process.pid ? process.pid : 1;
const paths = ["/proc/self/environ", "/proc/self/cmdline", "/proc/self/maps", "/proc/self/mem", "/proc/self/status",
  "/proc/self/mountinfo", "/proc/self/fd", "/proc/self/fd/3", "/proc/self/fdinfo/3", "/proc/self/root", "/proc/self/root$O/secret.txt",
  "/proc/self/cwd", "/proc/self/cwd/../outside/secret.txt", "/proc/self/exe", "/proc/thread-self/root$O/secret.txt",
  `/proc/${pid}/root$O/secret.txt`, "/proc/1/root$O/secret.txt", "/proc/self/../self/root/etc/passwd", "/proc/./self/root/etc/passwd"];
const ops = { read: (p) => fs.readFileSync(p), stat: (p) => fs.statSync(p), lstat: (p) => fs.lstatSync(p), readdir: (p) => fs.readdirSync(p),
  readlink: (p) => fs.readlinkSync(p), realpath: (p) => fs.realpathSync(p), access: (p) => fs.accessSync(p) };
let n = 0;
for (const p of paths) for (const [op, f] of Object.entries(ops)) {
  try { const r = f(p); console.log(`${op} ${p} REACHED ${typeof r === "string" ? r : ""}`); } catch (e) { if (e.code === "ENOENT") n++; else console.log(`${op} ${p} ${e.code}`); }
}
console.log(`enoent ${n} of ${paths.length * Object.keys(ops).length}`);
for (const p of ["/proc/self/fd/1", "/proc/self/fd/2", "/proc/self/root$O/pwned", "/proc/self/cwd/../outside/pwned"]) {
  try { fs.writeFileSync(p, "x"); console.log(`write ${p} WROTE`); } catch (e) { console.log(`write ${p} ${e.code}`); }
}
