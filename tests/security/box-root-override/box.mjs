// as root, from node: modes do not stop reading and writing; no x bit at
// all does stop running
import fs from "node:fs";
import { execFileSync } from "node:child_process";
process.chdir("/tmp");
fs.writeFileSync("f", "s"); fs.chmodSync("f", 0);
console.log("read", fs.readFileSync("f", "utf8")); fs.appendFileSync("f", "x"); console.log("write ok");
fs.writeFileSync("s", "#!/bin/sh\necho RAN\n"); fs.chmodSync("s", 0o644);
try { execFileSync("./s", { stdio: "pipe" }); console.log("EXEC-644"); } catch (e) { console.log("exec644", e.code ?? e.status); }
fs.chmodSync("s", 0o100); console.log(String(execFileSync("./s")).trim(), "done");
