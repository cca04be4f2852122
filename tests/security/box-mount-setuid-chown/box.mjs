import fs from "node:fs";
fs.writeFileSync("/work/s", "#!/bin/sh\nid\n");
for (const [k, f] of Object.entries({ suid: () => fs.chmodSync("/work/s", 0o4755), sgid: () => fs.chmodSync("/work/s", 0o2755),
  chown: () => fs.chownSync("/work/s", 0, 0), mkdir: () => fs.mkdirSync("/work/d", 0o7777) }))
  try { f(); console.log("did", k); } catch (e) { console.log(k, e.code); }
console.log("done");
