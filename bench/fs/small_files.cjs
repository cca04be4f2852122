// 10 000 small files written, listed, read back and removed in the work dir.
const fs = require("fs");
fs.mkdirSync("small", { recursive: true });
const t0 = Date.now();
for (let i = 0; i < 10000; i++) fs.writeFileSync(`small/f${i}.txt`, `file number ${i}\n`);
let total = 0;
for (const name of fs.readdirSync("small")) total += fs.readFileSync(`small/${name}`, "utf8").length;
for (let i = 0; i < 10000; i++) fs.unlinkSync(`small/f${i}.txt`);
fs.rmdirSync("small");
console.log(total);
