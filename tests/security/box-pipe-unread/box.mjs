// node writing into pipes nobody reads: the writes wait, and the time
// limit ends node and its children
import { spawn } from "node:child_process";
const c = spawn("sleep", ["1000"], { stdio: ["pipe", "ignore", "ignore"] });
const chunk = Buffer.alloc(65536, 120);
const pump = () => { while (c.stdin.write(chunk)); c.stdin.once("drain", pump); };
pump();
spawn("sh", ["-c", "yes | sleep 1000"], { stdio: "ignore" });
setInterval(() => {}, 1000);
