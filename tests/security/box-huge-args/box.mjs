import { spawnSync } from "node:child_process";
const r = spawnSync("/bin/true", ["x".repeat(3e6)]); console.log("spawn", r.error?.code ?? r.status);
const r2 = spawnSync("/bin/true", Array(300000).fill("a")); console.log("many", r2.error?.code ?? r2.status);
console.log("done");
