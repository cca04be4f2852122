import fs from "node:fs";
for (const [k, f] of Object.entries({ mvWork: () => fs.renameSync("/work", "/w2"), rmWork: () => fs.rmdirSync("/work"),
  mvRo: () => fs.renameSync("/ro", "/r2"), intoRo: () => { fs.writeFileSync("/tmp/g", "x"); fs.renameSync("/tmp/g", "/ro/g"); },
  outOfRo: () => fs.renameSync("/ro/data.txt", "/tmp/d"), across: () => { fs.writeFileSync("/work/f", "x"); fs.renameSync("/work/f", "/tmp/f"); } }))
  try { f(); console.log("did", k); } catch (e) { console.log(k, e.code); }
console.log(fs.existsSync("/work"), fs.existsSync("/ro/data.txt"), "done");
