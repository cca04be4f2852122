// as agent, from node: spellings of root's directories and links into them
import fs from "node:fs";
process.chdir("/home/agent"); fs.symlinkSync("/root", "r"); fs.symlinkSync("../../root", "up"); fs.symlinkSync("/etc", "e");
for (const p of ["/root/x", "//root/x", "/./root/x", "/home/agent/../../root/x", "r/x", "up/x", "e/passwd", "e/newfile", new URL("file:///root/x"), Buffer.from("/root/x")])
  try { fs.appendFileSync(p, "pwned"); console.log("WROTE", String(p)); } catch (e) { console.log(String(p), e.code); }
for (const p of ["r/.profile", "up/.profile", "/proc/self/root/root/.profile"]) try { fs.readFileSync(p); console.log("READ-ROOT", p); } catch (e) { console.log(p, e.code); }
try { fs.readdirSync("r/"); console.log("LISTED"); } catch (e) { console.log("list", e.code); }
try { fs.renameSync("e/passwd", "/tmp/p"); console.log("MOVED"); } catch (e) { console.log("mv", e.code); }
console.log("done");
