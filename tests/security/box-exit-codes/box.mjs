// node exiting with 300: 44, as Linux keeps a byte of it
import { spawnSync } from "node:child_process";
console.log("child", spawnSync(process.execPath, ["-e", "process.exit(-1)"]).status);
process.exit(300);
