// Absolute paths to the outside dir and to system files, in many
// spellings: reads are ENOENT, creates are EACCES.
import fs from "node:fs";
const o = "$O";
const reads = {
  "plain": `${o}/secret.txt`, "dot": `${o}/./secret.txt`, "slashes": `${o}//secret.txt`, "lead-slashes": `//${o.slice(1)}/secret.txt`,
  "lead-dotdot": `/..${o}/secret.txt`, "lead-dotdot-many": `/../../../..${o}/secret.txt`, "lead-dot": `/.${o}/secret.txt`,
  "trailing": `${o}/secret.txt/`, "dir": o, "dir-slash": `${o}/`, "parent-secret": `${o}/../secret.txt`,
  "etc-passwd": "/etc/passwd", "etc-dotdot": "/etc/../etc/passwd", "etc-slashes": "//etc//passwd", "root": "/",
  "tmp": "/tmp", "root-dotdot": "/..", "shadow": "/etc/shadow", "ssh": "/root/.ssh/id_rsa", "docker": "/var/run/docker.sock",
};
for (const [label, p] of Object.entries(reads)) {
  try { fs.readFileSync(p); console.log(`[${label}] READ`); } catch (e) { console.log(`[${label}] ${e.code}`); }
  try { fs.statSync(p); console.log(`[${label} stat] FOUND`); } catch (e) { console.log(`[${label} stat] ${e.code}`); }
}
const creates = { "new": `${o}/new.txt`, "new-dotdot": `/..${o}/new.txt`, "new-slashes": `//${o.slice(1)}//new.txt`, "etc": "/etc/acs-new", "root-file": "/acs-new", "tmp-file": "/tmp/acs-new" };
for (const [label, p] of Object.entries(creates)) {
  try { fs.writeFileSync(p, "x"); console.log(`[${label} create] WROTE`); } catch (e) { console.log(`[${label} create] ${e.code}`); }
}
