// The directories above the mounts (/, /tmp, the work dir's parent) are
// only a way through: they cannot be listed, opened or probed.
import fs from "node:fs";
import fsp from "node:fs/promises";
const dirs = { "root": "/", "tmp": "/tmp", "parent": "..", "parent-abs": "$W/..", "ro-parent": "$R/..", "grandparent": "../..",
  "parent-slash": "../", "parent-dot": "$W/../.", "out-parent": "$O/.." };
const ops = {
  readdir: (p) => fs.readdirSync(p), "readdir-types": (p) => fs.readdirSync(p, { withFileTypes: true }),
  "readdir-rec": (p) => fs.readdirSync(p, { recursive: true }), opendir: (p) => fs.opendirSync(p), stat: (p) => fs.statSync(p),
  lstat: (p) => fs.lstatSync(p), access: (p) => fs.accessSync(p), realpath: (p) => fs.realpathSync(p), open: (p) => fs.openSync(p, "r"),
  readFile: (p) => fs.readFileSync(p),
};
for (const [label, p] of Object.entries(dirs)) {
  const codes = new Set();
  for (const [op, f] of Object.entries(ops)) {
    try { const r = f(p); console.log(`${label} ${op} LISTED ${JSON.stringify(r)}`); codes.add("OK"); } catch (e) { codes.add(e.code); }
  }
  codes.add(fs.existsSync(p) ? "EXISTS" : "ENOENT");
  await fsp.readdir(p).then(() => codes.add("OK"), (e) => codes.add(e.code));
  await new Promise((res) => fs.readdir(p, (e) => { codes.add(e ? e.code : "OK"); res(); }));
  console.log(`[${label}] ${[...codes].join(",")} |`);
}
console.log("but the mounts are there:", fs.readdirSync("$R").join(","), fs.existsSync("../ro/data.txt"));
