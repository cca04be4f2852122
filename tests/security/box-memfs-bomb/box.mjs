import fs from "node:fs";
const chunk = Buffer.alloc(1 << 20, 1);
try { for (;;) fs.appendFileSync("/tmp/f", chunk); } catch (e) { console.log("append", e.code); }
fs.unlinkSync("/tmp/f");
let n = 0; try { for (;; n++) fs.mkdirSync("/tmp/" + "d".repeat(200) + n); } catch (e) { console.log("mkdir", e.code); }
for (const n of fs.readdirSync("/tmp")) fs.rmSync("/tmp/" + n, { recursive: true, force: true });
fs.writeFileSync("/tmp/after", "ok"); console.log(fs.readFileSync("/tmp/after", "utf8"));
