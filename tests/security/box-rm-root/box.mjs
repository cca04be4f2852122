import fs from "node:fs";
try { fs.rmSync("/", { recursive: true, force: true }); } catch (e) { console.log("rm", e.code); }
console.log("after", fs.existsSync("/ro/data.txt"));
