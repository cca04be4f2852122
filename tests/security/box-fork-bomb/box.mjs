// spawning without end: past the process limit spawn fails (EAGAIN), the
// program goes on, and the box's end ends every child
import { spawn } from "node:child_process";
let refused = 0, started = 0;
const t = setInterval(() => {
  for (let i = 0; i < 8; i++) {
    try { const c = spawn("/usr/bin/sleep", ["100"]); c.on("error", () => refused++); c.on("spawn", () => started++); } catch { refused++; }
  }
}, 20);
setTimeout(() => { clearInterval(t); console.log("survived", started <= 32, refused > 0); process.exit(0); }, 3000);
