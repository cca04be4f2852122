// realpath of outside paths and of links leading outside: ENOENT in every
// form, and the answer names no host path beyond what the guest passed.
// (The links leading outside are made by the host: the guest may not.)
import fs from "node:fs";
import fsp from "node:fs/promises";
import { hostLink } from "./hostlink.mjs";
hostLink("$O/secret.txt", "l-file"); hostLink("../outside", "l-dir"); hostLink("/", "l-root");
hostLink("l-dir", "l-chain"); hostLink("/proc/self/cwd", "l-proc"); hostLink("$R/..", "l-ro-up");
const paths = { "abs": "$O/secret.txt", "dir": "$O", "dotdot": "../outside/secret.txt", "parent": "..", "root": "/", "tmp": "/tmp",
  "proc-cwd": "/proc/self/cwd", "proc-exe": "/proc/self/exe", "l-file": "l-file", "l-dir": "l-dir/secret.txt", "l-root": "l-root",
  "l-chain": "l-chain", "l-proc": "l-proc", "l-ro-up": "l-ro-up" };
const leaks = (m) => /proc\/|\/usr\/|\/bin\/|outside\/secret/.test(m.replace(/'[^']*'/g, ""));
for (const [label, p] of Object.entries(paths)) {
  const out = [];
  for (const f of [() => fs.realpathSync(p), () => fs.realpathSync.native(p)]) {
    try { out.push("RESOLVED " + f()); } catch (e) { out.push(e.code + (leaks(e.message) ? " LEAK " + e.message : "")); }
  }
  out.push(await fsp.realpath(p).then((r) => "RESOLVED " + r, (e) => e.code));
  out.push(await new Promise((res) => fs.realpath(p, (e, r) => res(e ? e.code : "RESOLVED " + r))));
  console.log(`[${label}] ${[...new Set(out)].join(" ")} |`);
}
fs.symlinkSync("$R/data.txt", "l-ro");
console.log("inside is fine:", fs.realpathSync("l-ro") === "$R/data.txt", fs.realpathSync(".") === "$W");
