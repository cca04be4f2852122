// Every child_process entry point, with commands that would write outside.
import cp from "node:child_process";
const cmd = "echo OUTSIDE-SECRET > $O/pwned";
const tries = {
  spawn: () => cp.spawn("/bin/sh", ["-c", cmd]),
  "spawn-shell": () => cp.spawn(cmd, { shell: true }),
  spawnSync: () => cp.spawnSync("/bin/sh", ["-c", cmd]),
  exec: () => cp.exec(cmd),
  execSync: () => cp.execSync(cmd),
  execFile: () => cp.execFile("/bin/sh", ["-c", cmd]),
  execFileSync: () => cp.execFileSync("/bin/sh", ["-c", cmd]),
  fork: () => cp.fork("./child.js"),
};
for (const [k, f] of Object.entries(tries)) {
  try { f(); console.log(k, "STARTED"); } catch (e) { console.log(`${k}: ${e.code}: ${e.message}`); }
}
