// access/exists/stat probes of outside paths: all say "does not exist",
// with every mode; W_OK on the read-only dir says EROFS.
import fs from "node:fs";
import fsp from "node:fs/promises";
const { F_OK, R_OK, W_OK, X_OK } = fs.constants;
const paths = { "abs": "$O/secret.txt", "dir": "$O", "dotdot": "../outside/secret.txt", "parent": "..", "root": "/", "etc": "/etc/passwd",
  "proc": "/proc/self/environ", "parent-secret": "$W/../secret.txt", "url": new URL("file://$O/secret.txt") };
for (const [label, p] of Object.entries(paths)) {
  const out = new Set();
  for (const m of [F_OK, R_OK, W_OK, X_OK, R_OK | W_OK]) { try { fs.accessSync(p, m); out.add("ACCESSIBLE"); } catch (e) { out.add(e.code); } }
  out.add(fs.existsSync(p) ? "EXISTS" : "ENOENT");
  out.add(fs.statSync(p, { throwIfNoEntry: false }) === undefined ? "ENOENT" : "STAT");
  out.add(fs.lstatSync(p, { throwIfNoEntry: false }) === undefined ? "ENOENT" : "STAT");
  out.add(await fsp.access(p).then(() => "ACCESSIBLE", (e) => e.code));
  out.add(await new Promise((res) => fs.access(p, (e) => res(e ? e.code : "ACCESSIBLE"))));
  out.add(await new Promise((res) => fs.exists(p, (x) => res(x ? "EXISTS" : "ENOENT"))));
  console.log(`[${label}] ${[...out].join(",")} |`);
}
try { fs.accessSync("$R/data.txt", W_OK); console.log("[ro W_OK] ACCESSIBLE"); } catch (e) { console.log(`[ro W_OK] ${e.code}`); }
try { fs.accessSync("$R/data.txt", R_OK); console.log("[ro R_OK] ok"); } catch (e) { console.log(`[ro R_OK] ${e.code}`); }
