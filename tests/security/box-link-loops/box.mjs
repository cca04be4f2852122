import fs from "node:fs";
process.chdir("/tmp"); fs.symlinkSync("a", "b"); fs.symlinkSync("b", "a");
for (const p of ["a", "/tmp/a/x"]) try { fs.readFileSync(p); } catch (e) { console.log(p, e.code); }
process.chdir("/work"); fs.symlinkSync("y", "x"); fs.symlinkSync("x", "y");
try { fs.realpathSync("x"); } catch (e) { console.log("x", e.code); }
console.log("done");
