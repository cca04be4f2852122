// Nothing tells an existing outside file from a missing one: every probe
// answers the same code and message for both.
import fs from "node:fs";
import { createRequire } from "node:module";
import { hostLink } from "./hostlink.mjs";
const require = createRequire(import.meta.url);
fs.writeFileSync("f.txt", "x");
const pairs = [["$O/secret.txt", "$O/nosuch.txt"], ["$O/dir", "$O/nosuchdir"], ["../outside/secret.txt", "../outside/nosuch.txt"],
  ["$O", "$O-nosuch"], ["/etc/passwd", "/etc/nosuch-acs"], ["/tmp", "/nosuch-acs-dir"], ["$W/../secret.txt", "$W/../nosuch.txt"]];
const probes = {
  stat: (p) => fs.statSync(p), lstat: (p) => fs.lstatSync(p), access: (p) => fs.accessSync(p), "access-w": (p) => fs.accessSync(p, fs.constants.W_OK),
  exists: (p) => { if (fs.existsSync(p)) throw { code: "EXISTS" }; throw { code: "NOT-EXISTS" }; },
  "stat-quiet": (p) => { throw { code: String(fs.statSync(p, { throwIfNoEntry: false })) }; },
  "open-r": (p) => fs.openSync(p, "r"), "open-w": (p) => fs.openSync(p + "/x", "w"), "open-r+": (p) => fs.openSync(p, "r+"),
  readdir: (p) => fs.readdirSync(p), realpath: (p) => fs.realpathSync(p), readlink: (p) => fs.readlinkSync(p),
  mkdir: (p) => fs.mkdirSync(p + "/x"), rmdir: (p) => fs.rmdirSync(p), unlink: (p) => fs.unlinkSync(p),
  "rename-src": (p) => fs.renameSync(p, "moved"), "rename-dest": (p) => fs.renameSync("f.txt", p + "/x"),
  "link-src": (p) => fs.linkSync(p, "h"), "copy-src": (p) => fs.copyFileSync(p, "c"), "symlink": (p) => { try { fs.unlinkSync("l"); } catch {} fs.symlinkSync(p, "l"); },
  // a link to p made by the host (the guest may not make it), then read
  "symlink-read": (p) => { try { fs.unlinkSync("l"); } catch {} hostLink(p, "l"); fs.readFileSync("l"); },
  require: (p) => require(p), "require-resolve": (p) => require.resolve(p),
  "meta-resolve": (p) => import.meta.resolve(p),
};
// the quoted path is the only part that may differ
const msg = (e) => String(e && e.message).replace(/'[^']*'/g, "'<Q>'");
let differ = 0;
for (const [op, f] of Object.entries(probes)) {
  const codes = [];
  for (const [a, b] of pairs) {
    const r = [a, b].map((p) => { try { f(p); return "OK"; } catch (e) { return `${e.code} ${msg(e)}`; } });
    if (r[0] !== r[1]) { differ++; console.log(`[${op}] DIFFERENT for ${a}: ${r[0]} | ${r[1]}`); }
    codes.push(r[0].split(" ")[0]);
  }
  console.log(`[${op}] ${[...new Set(codes)].join(",")}`);
}
for (const [a, b] of pairs) {
  const r = await Promise.all([a, b].map((p) => import(p).then(() => "OK", (e) => `${e.code} ${msg(e)}`)));
  if (r[0] !== r[1]) { differ++; console.log(`[import] DIFFERENT for ${a}: ${r[0]} | ${r[1]}`); }
}
console.log(`differences: ${differ}`);
