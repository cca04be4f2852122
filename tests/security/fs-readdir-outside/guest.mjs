// Listing outside directories in every form: ENOENT, no names.
import fs from "node:fs";
import fsp from "node:fs/promises";
const dirs = { "abs": "$O", "abs-slash": "$O/", "dotdot": "../outside", "mid": "sub/../../outside", "etc": "/etc", "home": "/home",
  "proc": "/proc/self/fd", "url": new URL("file://$O/"), "dev": "/dev" };
fs.mkdirSync("sub");
for (const [label, p] of Object.entries(dirs)) {
  const out = new Set();
  for (const f of [() => fs.readdirSync(p), () => fs.readdirSync(p, { withFileTypes: true }), () => fs.readdirSync(p, { recursive: true }),
    () => fs.readdirSync(p, "buffer"), () => fs.opendirSync(p).readSync(), () => [...fs.opendirSync(p)]]) {
    try { out.add("LISTED " + JSON.stringify(f())); } catch (e) { out.add(e.code); }
  }
  out.add(await fsp.readdir(p).then((r) => "LISTED " + r, (e) => e.code));
  out.add(await fsp.opendir(p).then(async (d) => { const names = []; for await (const e of d) names.push(e.name); return "LISTED " + names; }, (e) => e.code));
  out.add(await new Promise((res) => fs.readdir(p, (e, r) => res(e ? e.code : "LISTED " + r))));
  out.add(await new Promise((res) => fs.opendir(p, (e, d) => res(e ? e.code : "LISTED"))));
  console.log(`[${label}] ${[...out].join(",")} |`);
}
