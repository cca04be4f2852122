// /dev/fd/N, /dev/std*, /dev/tty and friends are outside: reads ENOENT,
// writes EACCES (the host's fds stay out of reach by path).
import fs from "node:fs";
const paths = ["/dev/fd/0", "/dev/fd/1", "/dev/fd/2", "/dev/fd/3", "/dev/fd/4", "/dev/fd/10", "/dev/stdin", "/dev/stdout",
  "/dev/stderr", "/dev/tty", "/dev/null", "/dev/zero", "/dev/urandom", "/dev/shm", "/dev/mem", "/dev/fd/3/../../etc/passwd"];
for (const p of paths) {
  try { fs.readFileSync(p); console.log(`[read ${p}] READ`); } catch (e) { console.log(`[read ${p}] ${e.code}`); }
  try { fs.openSync(p, "r"); console.log(`[open ${p}] OPENED`); } catch (e) { console.log(`[open ${p}] ${e.code}`); }
}
for (const p of ["/dev/fd/1", "/dev/fd/3", "/dev/stdout", "/dev/stderr", "/dev/null", "/dev/shm/acs-pwned"]) {
  try { fs.writeFileSync(p, "x"); console.log(`[write ${p}] WROTE`); } catch (e) { console.log(`[write ${p}] ${e.code}`); }
  try { fs.appendFileSync(p, "x"); console.log(`[append ${p}] WROTE`); } catch (e) { console.log(`[append ${p}] ${e.code}`); }
}
