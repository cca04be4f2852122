// as agent, from node: root's init is out of reach
import fs from "node:fs";
for (const s of ["SIGKILL", "SIGTERM", "SIGSTOP", "SIGHUP"]) try { process.kill(1, s); console.log("SIGNALLED", s); } catch (e) { console.log(s, e.code); }
for (const [k, f] of Object.entries({ environ: () => fs.readFileSync("/proc/1/environ"), fd: () => fs.readdirSync("/proc/1/fd"), cwd: () => fs.readlinkSync("/proc/1/cwd"),
  root: () => fs.readdirSync("/proc/1/root/root"), exe: () => fs.readlinkSync("/proc/1/exe"), fd0: () => fs.readFileSync("/proc/1/fd/0") }))
  try { f(); console.log("READ", k); } catch (e) { console.log(k, e.code); }
console.log(fs.readFileSync("/proc/1/status", "utf8").split("\n")[0], "done");
