import fs from "node:fs";
let p = "/tmp", i = 0;
try { for (; i < 3000; i++) { p += "/d"; fs.mkdirSync(p); } } catch (e) { console.log("memfs stopped", i, e.code); }
let q = "/work", j = 0;
try { for (; j < 3000; j++) { q += "/d"; fs.mkdirSync(q); } } catch (e) { console.log("mount stopped", j, e.code); }
fs.rmSync("/tmp/d", { recursive: true }); fs.rmSync("/work/d", { recursive: true, force: true });
console.log("removed 0", fs.existsSync("/work/d"), "done");
