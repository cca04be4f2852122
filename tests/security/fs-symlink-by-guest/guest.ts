// The guest may not make links that point outside (EACCES); links the host
// makes mid-run (hostlink.mjs) are followed in the guest's namespace only.
import fs from "node:fs";
import { hostLink } from "./hostlink.mjs";
const links: Record<string, string> = { "a": "$O/secret.txt", "b": "../outside", "root": "/", "proc": "/proc/self/root" };
for (const [n, t] of Object.entries(links)) { try { fs.symlinkSync(t, n); console.log(`[guest symlink ${n}] ALLOWED`); } catch (e: any) { console.log(`[guest symlink ${n}] ${e.code}`); } }
for (const [n, t] of Object.entries(links)) hostLink(t, n);
for (const p of ["a", "b/secret.txt", "root/etc/passwd", "proc/etc/passwd", "root$O/secret.txt"]) { try { console.log(fs.readFileSync(p, "utf8")); } catch (e: any) { console.log(p, e.code); } }
try { fs.writeFileSync("b/pwned", "x"); } catch (e: any) { console.log("write via link", e.code); }
console.log("work dir:", fs.readdirSync(".").sort().join(","));
