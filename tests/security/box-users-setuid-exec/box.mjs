// as agent, from node: root's setuid scripts run with the agent's ids
import { execFileSync, spawnSync } from "node:child_process";
console.log(execFileSync("/usr/local/bin/suid").toString().trim());
console.log(spawnSync("suidnode", { encoding: "utf8" }).stdout.trim());
console.log(execFileSync("sh", ["-c", "suid"]).toString().trim(), "done");
