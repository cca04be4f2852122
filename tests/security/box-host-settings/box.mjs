import fs from "node:fs";
import os from "node:os";
for (const [p, v] of [["/proc/sys/kernel/hostname", "evil-host-name"], ["/proc/sys/kernel/sysrq", "1"], ["/proc/sysrq-trigger", "b"], ["/proc/sys/vm/drop_caches", "1"]])
  try { fs.writeFileSync(p, v); console.log("WROTE", p); } catch (e) { console.log(p, e.code); }
for (const p of ["/proc/kcore", "/proc/self/mem", "/dev/mem"]) try { fs.readFileSync(p); console.log("MEMORY-READ", p); } catch (e) { console.log(p, e.code); }
// os.setPriority is the node process's own value, not a host setpriority
os.setPriority(0, -20);
console.log("hostname", os.hostname(), "done");
