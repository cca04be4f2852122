// node: /proc lists the box's processes only
import fs from "node:fs";
const pids = fs.readdirSync("/proc").filter((n) => /^\d+$/.test(n)).map(Number);
console.log("few", pids.length < 20, "small", Math.max(...pids) < 1000);
for (const p of pids) try { const c = fs.readFileSync(`/proc/${p}/cmdline`, "utf8").replaceAll("\0", " ");
  if (/run\.sh|acs box|\/work\/main|net_server|registry\.mjs|systemd|sshd/.test(c)) console.log("HOST-PROC", c); } catch {}
console.log("done");
