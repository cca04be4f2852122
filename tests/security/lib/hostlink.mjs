// hostlink.mjs - copied by run.sh into the work dir of a case that has a
// `hostlinks` file, as W/hostlink.mjs (with the work dir's path below).
// The guest may no longer make symbolic links that point outside the
// mounted directories; the cases that test that FOLLOWING such links is
// confined have the host make them mid-run instead:
//   import { hostLink } from "./hostlink.mjs";
//   hostLink(target, name);  // as fs.symlinkSync(target, name) would
// NAME is relative to the work dir (not to process.cwd()). A failure of
// symlink(2) (EEXIST, ENOENT, ...) throws an Error with that code. The
// request goes through a hidden directory W/.hostlink (removed again, so
// listings are not polluted) to the loop lib/hostlink.sh.
import fs from "node:fs";
const DIR = "$W/.hostlink";
let seq = 0;
// a synchronous short sleep: Atomics.wait on shared memory (a
// SharedArrayBuffer, or a shared WebAssembly memory where there is none);
// a busy wait as the last resort
const cell = (() => {
  try { return new Int32Array(new SharedArrayBuffer(4)); } catch {}
  try { return new Int32Array(new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }).buffer); } catch {}
  return null;
})();
const sleep = (ms) => {
  if (cell) { try { Atomics.wait(cell, 0, 0, ms); return; } catch {} }
  const end = Date.now() + ms;
  while (Date.now() < end);
};
const tidy = () => { try { fs.rmdirSync(DIR); } catch {} };

export function hostLink(target, name, timeoutMs = 10000) {
  target = String(target); name = String(name);
  const id = `${DIR}/${seq++}-${Math.random().toString(36).slice(2, 10)}`;
  fs.mkdirSync(DIR, { recursive: true });
  // (the host takes a request only once its last NUL is there)
  fs.writeFileSync(id + ".req", target + "\0" + name + "\0");
  // the answer is one line, written in place: complete once it ends in \n
  const end = Date.now() + timeoutMs;
  let answer = "";
  for (;;) {
    if (fs.existsSync(id + ".ans")) answer = fs.readFileSync(id + ".ans", "utf8");
    if (answer.endsWith("\n")) break;
    if (Date.now() > end) {
      fs.rmSync(id + ".req", { force: true });
      fs.rmSync(id + ".ans", { force: true });
      tidy();
      const e = new Error(`hostLink: no answer from the host in ${timeoutMs} ms to make '${name}' -> '${target}' (does the case have a "hostlinks" file, so that run.sh starts lib/hostlink.sh?)`);
      e.code = "ETIMEDOUT";
      throw e;
    }
    sleep(1);
  }
  fs.unlinkSync(id + ".req");
  fs.unlinkSync(id + ".ans");
  tidy();
  answer = answer.trim();
  if (answer === "ok") return;
  const sp = answer.indexOf(" ");
  const code = sp < 0 ? answer : answer.slice(0, sp);
  const e = new Error(`${code}: host symlink '${target}' -> '${name}' failed: ${sp < 0 ? "" : answer.slice(sp + 1)}`);
  Object.assign(e, { code, syscall: "symlink", path: target, dest: name });
  throw e;
}
