import fs from "node:fs";
fs.symlinkSync("$O/secret.txt", "a"); fs.symlinkSync("../outside", "b"); fs.symlinkSync("/", "root"); fs.symlinkSync("/proc/self/root", "proc");
for (const p of ["a", "b/secret.txt", "root/etc/passwd", "proc/etc/passwd", "root$O/secret.txt"]) { try { console.log(fs.readFileSync(p, "utf8")); } catch (e: any) { console.log(p, e.code); } }
try { fs.writeFileSync("b/pwned", "x"); } catch (e: any) { console.log("write via link", e.code); }
