// node's children that try to outlive the box: detached, unref'd, deaf to
// SIGTERM and SIGHUP; the box's end ends them all
import { spawn } from "node:child_process";
spawn("sleep", ["300"], { detached: true, stdio: "ignore" }).unref();
spawn("sh", ["-c", "trap '' HUP TERM; (sleep 301 &); exec sleep 302"], { detached: true, stdio: "ignore" }).unref();
spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { detached: true, stdio: "ignore" }).unref();
spawn("sh", ["-c", "nohup sleep 303 &"], { stdio: "ignore" });
console.log("started");
setTimeout(() => process.exit(0), 300);
