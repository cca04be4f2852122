// node deaf to SIGTERM, SIGINT and SIGHUP, with deaf children: the time
// limit ends them all
import { spawn } from "node:child_process";
for (const s of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(s, () => {});
spawn("sh", ["-c", "trap '' TERM INT HUP; while :; do :; done"], { stdio: "ignore" });
spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: "ignore" });
setTimeout(() => { for (;;) {} }, 100);
