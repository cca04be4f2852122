// differential
// readline over a file stream: events and async iteration.
import fs from "node:fs";
import readline from "node:readline";
fs.writeFileSync("rl-input.txt", "alpha\nbeta\r\ngamma\n\ndelta");
const rl = readline.createInterface({ input: fs.createReadStream("rl-input.txt"), crlfDelay: Infinity });
const seen = [];
for await (const line of rl) seen.push(line);
console.log(seen);
const rl2 = readline.createInterface({ input: fs.createReadStream("rl-input.txt") });
let n = 0;
rl2.on("line", () => n++);
rl2.on("close", () => {
  console.log("lines", n);
  fs.unlinkSync("rl-input.txt");
});
