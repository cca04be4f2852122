// node: module paths, stack traces, realpath, fd links and error messages
// name box paths only
import fs from "node:fs";
import { createRequire } from "node:module";
const out = [];
const p = (...a) => out.push(a.map(String).join(" "));
fs.writeFileSync("/work/f", "x");
const fd = fs.openSync("/work/f", "r");
p(import.meta.url, import.meta.filename, import.meta.dirname, process.argv, process.cwd(), process.execPath);
p(fs.realpathSync("/work/f"), fs.realpathSync.native("/work/f"), fs.readlinkSync(`/proc/self/fd/${fd}`));
p(new Error("where").stack);
p(createRequire(import.meta.url).resolve("/work/f"));
for (const f of [() => fs.readFileSync("/work/nope"), () => fs.linkSync("/work/f", "/ro/h"), () => fs.renameSync("/work/f", "/etc/f"),
  () => fs.openSync("/ro/data.txt", "w"), () => { throw new Error(JSON.stringify(fs.statfsSync ? fs.statfsSync("/work") : {})); }])
  try { f(); } catch (e) { p(e.message, e.path, e.dest, e.stack); }
try { p(fs.readFileSync("/proc/self/mountinfo", "utf8")); } catch (e) { p(e.code); }
try { p(fs.readFileSync("/proc/self/maps", "utf8")); } catch (e) { p(e.code); }
p(JSON.stringify(process.report?.getReport?.() ?? {}).slice(0, 20000));
p(JSON.stringify(process.env), JSON.stringify(process.config ?? {}));
console.log(out.join("\n"));
console.log("done");
