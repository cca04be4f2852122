// a million empty files: the box's file limit or its filesystem's size
// stops them with ENOSPC; the box goes on and removes them
import fs from "node:fs";
fs.mkdirSync("/tmp/m");
let n = 0, code = "none";
try { for (; n < 1e6; n++) fs.writeFileSync(`/tmp/m/${n}`, ""); } catch (e) { code = e.code; }
console.log("made", n >= 1000, code);
fs.rmSync("/tmp/m", { recursive: true });
fs.writeFileSync("/tmp/after", "ok"); console.log(fs.readFileSync("/tmp/after", "utf8"), "done");
