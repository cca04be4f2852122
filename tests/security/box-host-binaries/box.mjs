// node: host programs in the mount, started every way child_process has:
// none runs as host code
import cp from "node:child_process";
const r = (f) => { try { const o = f(); console.log("RAN", String(o ?? "").slice(0, 40)); } catch (e) { console.log(e.status ?? e.code, String(e.stderr ?? "").split("\n")[0]); } };
r(() => cp.execFileSync("/work/cat", ["$HOSTROOT/secret.txt"], { stdio: "pipe" }));
r(() => cp.execFileSync("/work/id", [], { stdio: "pipe" }));
r(() => cp.execSync("/work/cat $HOSTROOT/secret.txt", { stdio: "pipe" }));
r(() => { const s = cp.spawnSync("/work/cat", ["$HOSTROOT/secret.txt"], { encoding: "utf8" }); if (s.status) throw Object.assign(new Error(), { status: s.status, stderr: s.stderr }); return s.stdout; });
r(() => cp.execFileSync("/work/libc.so.6", [], { stdio: "pipe" }));
console.log("done");
