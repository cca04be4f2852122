import fs from "node:fs";
for (const [k, f] of Object.entries({ fifo: () => fs.readFileSync("/work/fifo"), fifoW: () => fs.writeFileSync("/work/fifo", "x"),
  mem: () => fs.readFileSync("/work/mem").length, null: () => fs.writeFileSync("/work/null", "x") }))
  try { console.log("OPENED", k, f()); } catch (e) { console.log(k, e.code); }
console.log("done");
