// node: /proc and /sys files that on Linux change the kernel or another
// process: none is written
import fs from "node:fs";
for (const f of ["/proc/sys/kernel/hostname", "/proc/sys/kernel/core_pattern", "/proc/sys/vm/drop_caches", "/proc/sysrq-trigger", "/proc/self/mem", "/proc/1/mem",
  "/proc/self/oom_score_adj", "/proc/self/attr/current", "/proc/self/uid_map", "/proc/self/comm", "/sys/fs/cgroup/cgroup.procs"])
  try { fs.writeFileSync(f, "1"); console.log("WROTE", f); } catch (e) { console.log(f, e.code); }
for (const f of ["/proc/self/mem", "/proc/kcore", "/proc/kallsyms"]) try { const b = fs.readFileSync(f); if (b.length) console.log("READ", f); } catch (e) { console.log(f, e.code); }
console.log(fs.readFileSync("/etc/hostname", "utf8").trim(), "done");
