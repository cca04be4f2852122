// node: children flooding the kernel with stats and opens while node
// works; node finishes, and the flood ends with the box
import { spawn } from "node:child_process";
import fs from "node:fs";
for (let i = 0; i < 3; i++) spawn(process.execPath, ["-e", "const fs = require('fs'); for (;;) { fs.statSync('/'); fs.closeSync(fs.openSync('/etc/hostname', 'r')); }"], { stdio: "ignore" });
let v;
for (let n = 0; n < 2000; n++) { fs.writeFileSync("/tmp/f", String(n)); v = fs.readFileSync("/tmp/f", "utf8"); }
console.log("worker finished", v, "done");
process.exit(0);
