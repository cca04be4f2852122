// node: its working directory removed under it
import fs from "node:fs";
fs.mkdirSync("/tmp/d/sub", { recursive: true }); process.chdir("/tmp/d/sub"); fs.rmdirSync("/tmp/d/sub");
for (const [k, f] of Object.entries({ create: () => fs.writeFileSync("x", "1"), list: () => fs.readdirSync("."), cwd: () => process.cwd(), mkdir: () => fs.mkdirSync("n") }))
  try { const r = f(); console.log(k, "ok", typeof r === "string" ? r : ""); } catch (e) { console.log(k, e.code); }
process.chdir("/"); console.log(fs.readdirSync("/tmp/d"), "done");
