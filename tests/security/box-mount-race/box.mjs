// node: reads, writes and listings through paths a host process swaps
import fs from "node:fs";
fs.writeFileSync("/work/go", "");
const seen = new Set(), end = Date.now() + 2000;
const t = (f) => { try { const r = f(); if (r !== undefined) seen.add(String(r).trim()); } catch (e) { seen.add(e.code); } };
while (Date.now() < end) {
  t(() => fs.readFileSync("/work/d/secret.txt", "utf8")); t(() => fs.readFileSync("/work/l/secret.txt", "utf8"));
  t(() => fs.writeFileSync("/work/d/new", "x")); t(() => fs.writeFileSync("/work/l/new2", "y"));
  t(() => fs.readdirSync("/work/d").includes("only-outside.txt") ? "LISTED-OUTSIDE" : undefined); t(() => fs.realpathSync("/work/l/secret.txt"));
  t(() => fs.renameSync("/work/d/new", "/work/l/moved")); t(() => fs.unlinkSync("/work/l/moved"));
}
fs.writeFileSync("/work/stop", ""); console.log([...seen].sort().join("\n")); console.log("done");
