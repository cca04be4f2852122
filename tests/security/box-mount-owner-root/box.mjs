// node as the box's root: no setuid bit or foreign owner lands on the host
import fs from "node:fs";
fs.writeFileSync("/work/s", "#!/bin/sh\nid\n"); fs.mkdirSync("/work/d");
for (const [k, f] of Object.entries({ suid: () => fs.chmodSync("/work/s", 0o6755), dir: () => fs.chmodSync("/work/d", 0o7777),
  chown: () => fs.chownSync("/work/s", 1234, 1234), lchown: () => fs.lchownSync("/work/d", 0, 4321), cp: () => fs.cpSync("/etc/passwd", "/work/p", { preserveTimestamps: true }) }))
  try { f(); console.log(k, "ok"); } catch (e) { console.log(k, e.code); }
console.log((fs.statSync("/work/s").mode & 0o7777).toString(8), "done");
