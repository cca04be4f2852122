// node: SIGKILL to every pid but its own; only box processes die
import { spawn } from "node:child_process";
const kids = [spawn("sleep", ["100"]), spawn("sleep", ["100"])];
let ok = 0;
for (let p = 1; p < 40000; p++) if (p !== process.pid) try { process.kill(p, "SIGKILL"); ok++; } catch {}
await Promise.all(kids.map((k) => new Promise((r) => k.exitCode !== null || k.signalCode ? r() : k.on("exit", r))));
console.log("killed some", ok >= 2, ok < 20, "done");
