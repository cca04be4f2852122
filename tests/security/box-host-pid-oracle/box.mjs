// node: process.kill on a host pid answers as for a missing pid (ESRCH),
// for every signal and its process group; /proc does not show it
import fs from "node:fs";
const code = (f) => { try { f(); return "OK"; } catch (e) { return e.code; } };
const host = code(() => process.kill($HOSTPID, 0)), missing = code(() => process.kill(3999999, 0));
console.log(host === missing ? "same-as-missing" : `DIFFERS ${host} ${missing}`, host);
for (const s of ["SIGHUP", "SIGKILL", "SIGTERM", "SIGSTOP", "SIGCONT", "SIGCHLD", 0]) {
  if (code(() => process.kill($HOSTPID, s)) === "OK") console.log("SIGNALLED", s);
  if (code(() => process.kill(-$HOSTPID, s)) === "OK") console.log("GROUP", s);
}
if (fs.existsSync("/proc/$HOSTPID")) console.log("PROC-SHOWS");
console.log(code(() => fs.readFileSync("/proc/$HOSTPID/cmdline")), "done");
