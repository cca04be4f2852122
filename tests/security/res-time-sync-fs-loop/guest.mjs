// Synchronous fs calls in a loop (time spent in C, not JS): still stopped.
import fs from "node:fs";
fs.writeFileSync("f.txt", "x");
console.log("looping");
for (;;) { fs.statSync("f.txt"); fs.readFileSync("f.txt"); try { fs.readFileSync("$O/secret.txt"); } catch {} }
