// One 100 MB file written in 1 MB chunks and read back whole.
const fs = require("fs");
const chunk = new Uint8Array(1 << 20).fill(97);
const fd = fs.openSync("big.bin", "w");
for (let i = 0; i < 100; i++) fs.writeSync(fd, chunk);
fs.closeSync(fd);
const data = fs.readFileSync("big.bin");
fs.unlinkSync("big.bin");
console.log(data.length);
